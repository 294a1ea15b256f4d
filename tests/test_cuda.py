"""CUDA emission, ptxas measurement, occupancy and target register files.

Without a GPU: the CUDA codelets are compiled as C++ on the host
(cuhost.cc) and checked against FFTW and a naive GEMM; ptxas's output is
parsed from recorded samples (tests/data/ptxas-*.txt); the occupancy
arithmetic is checked against hand-worked examples and, where the CUDA
toolkit is installed, against NVIDIA's own cuda_occupancy.h for every
register count.  Where nvcc is on PATH the codelets are also compiled
for sm_80 and measured with ptxas; everything that needs nvcc skips with
a message where it is absent.  Running on a GPU is `make gpu-check`.
"""
import os
import re
import shutil
import subprocess

import pytest

from conftest import CC, CXX, ISAS, KGEN, ROOT

DATA = os.path.join(ROOT, "tests", "data")
CUDA_INC = "/usr/local/cuda/include"
NVCC = shutil.which("nvcc")
need_nvcc = pytest.mark.skipif(not NVCC or not shutil.which("ptxas"),
                               reason="nvcc/ptxas not on PATH: CUDA "
                               "compile and ptxas checks skipped")
# Bounds of DESIGN.md, "Checking against FFTW".
BOUND = {"double": 1e-14, "float": 2e-5}


def kgen(*args, env=None):
    return subprocess.run([KGEN] + [str(a) for a in args],
                          capture_output=True, text=True, env=env)


def cc(out, srcs, *flags, cxx=False):
    comp = CXX if cxx else CC
    r = subprocess.run([comp, "-O1", "-o", str(out)] + [str(s) for s in srcs]
                       + list(flags), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return out


@pytest.fixture(scope="module")
def objs():
    """Generator objects ptxas.c needs, from the tree `make` built."""
    names = ["build/sched/ptxas.o", "build/sched/target.o",
             "build/emit/cuda.o", "build/emit/c.o", "build/emit/tpl.o",
             "build/dag/dag.o",
             "build/dag/num.o", "build/dag/isa.o",
             "build/dag/util.o"]
    paths = [os.path.join(ROOT, n) for n in names]
    for p in paths:
        assert os.path.exists(p), "run make first: %s missing" % p
    return paths


# ---- ptxas -v parsing, from recorded outputs ---------------------------

# (file, function or None, found, regs, stack, spill st, spill ld, limit)
# Real outputs of this machine's CUDA 13.0 (sm80/sm90 files) and two
# quoted from public issue threads in older formats (see their first
# lines): the CUDA 11 "Used N registers, M bytes cmem" line, and Visual
# Studio's "1>" prefix with non-entry functions between the entries.
PARSE = [
    # kgen fft -n 64 --emit cuda, ptxas -arch=sm_80 -v -maxrregcount 32
    ("ptxas-sm80-n64-r32.txt", None, 1, 32, 3696, 7972, 7988, 32),
    # the same at -maxrregcount 16 for sm_90: raised to its floor of 24
    ("ptxas-sm90-n64-r16.txt", None, 1, 24, 4296, 8936, 9048, 24),
    # kgen fft -n 16 --type float, nvcc -cubin -Xptxas -v, no limit
    ("ptxas-sm90-f16-nvcc.txt", None, 1, 48, 0, 0, 0, 0),
    # two kernels and a __noinline__ device function: the first entry
    # function is 'second'; 'first' has its own frame; g is no entry
    ("ptxas-sm80-multi-nvcc.txt", None, 1, 10, 0, 0, 0, 0),
    ("ptxas-sm80-multi-nvcc.txt", "first", 1, 32, 512, 0, 0, 0),
    ("ptxas-sm80-multi-nvcc.txt", "_Z1gPKdi", 0, 0, 0, 0, 0, 0),
    ("ptxas-quoted-cudaminer.txt", None, 1, 64, 176, 428, 432, 0),
    ("ptxas-quoted-cudaminer.txt",
     "_Z28fermi_scrypt_core_kernelB_LGILi0EEvPjjj", 1, 64, 176, 452, 456, 0),
    ("ptxas-quoted-msvc.txt", None, 1, 255, 296, 176, 312, 0),
    ("ptxas-quoted-msvc.txt",
     "_Z7digit_4ILj9ELj1248ELi12E13packer_cantorLj2048ELj640EEvP4equiIXT_"
     "EXT0_EE", 1, 55, 144, 0, 0, 0),
]


@pytest.fixture(scope="module")
def parser(tmp_path_factory, objs):
    d = tmp_path_factory.mktemp("parse")
    return cc(d / "ptxasparse", [os.path.join(ROOT, "tests", "ptxasparse.c")]
              + objs, "-I" + os.path.join(ROOT, "dag"), "-lm")


@pytest.mark.parametrize("case", PARSE, ids=lambda c: "%s:%s" % (c[0], c[1]))
def test_parse_recorded(parser, case):
    name, fn, *want = case
    args = [str(parser), os.path.join(DATA, name)] + ([fn] if fn else [])
    out = subprocess.run(args, capture_output=True, text=True).stdout
    got = [int(x) for x in out.split()[1::2]]
    assert got == want, out


# ---- occupancy ----------------------------------------------------------

def occupancy_rows(text, key=1):
    """{registers: [(threads, pct) per GPU]} from a report's table; with
    key=0 the rows go by maxrregcount instead."""
    part = text.split("register-limited occupancy")[1]
    rows = {}
    for line in part.splitlines()[2:]:
        if not re.match(r"\s+\d+\s+\d+\s+\d+ \|", line):
            break
        cells = line.split("|")
        regs = int(cells[0].split()[key])
        rows[regs] = [(int(c.split()[-2]), float(c.split()[-1][:-1]))
                      for c in cells[1:]]
    return rows


def test_occupancy_worked_examples():
    # sm_80 and sm_90 alike: 65536 registers in 4 sub-partitions of 16384,
    # given to warps in units of 256; at most 64 warps (2048 threads) and
    # 32 blocks per SM; blocks of 128 threads = 4 warps.
    #  32 regs: 32*32 = 1024 per warp, 16384/1024 = 16 warps per
    #           partition, 64 per SM -> 16 blocks, 2048 threads, 100%.
    #  40 regs: 1280 per warp, floor(16384/1280) = 12 -> 48 warps, 75%.
    #           (65536/1280 = 51 if the SM were one pool: it is not.)
    #  64 regs: 2048 -> 8 per partition -> 32 warps -> 1024 threads, 50%.
    #  72 regs: 2304 -> 7 -> 28 warps -> 7 blocks, 896 threads, 43.75%.
    # 128 regs: 4096 -> 4 -> 16 warps, 512 threads, 25%.
    # 168 regs: 5376 = 21 units -> 3 -> 12 warps, 384 threads, 18.75%.
    # 255 regs: 8160, rounded up to 8192 -> 2 -> 8 warps, 256, 12.5%.
    r = kgen("report", "fft", "-n", 4, "--measure", "none", "--regs",
             "32,40,64,72,128,168,255", "--block", 128)
    assert r.returncode == 0, r.stderr
    rows = occupancy_rows(r.stdout)
    want = {32: (2048, 100.0), 40: (1536, 75.0), 64: (1024, 50.0),
            72: (896, 43.8), 128: (512, 25.0), 168: (384, 18.8),
            255: (256, 12.5)}
    for regs, w in want.items():
        assert rows[regs] == [w, w], (regs, rows[regs])


def test_occupancy_block_and_arch():
    # 72 regs, blocks of 256 (8 warps): 28 warps fit, so 3 whole blocks,
    # 24 warps = 768 threads, 37.5% of 64 warps.
    r = kgen("report", "fft", "-n", 4, "--measure", "none", "--regs", 72,
             "--block", 256, "--arch", "sm_80")
    assert occupancy_rows(r.stdout)[72] == [(768, 37.5)]
    # 40 regs, blocks of 64 (2 warps): 12 warps per sub-partition, 48 per
    # SM -> 24 blocks, 1536 threads, 75%.  Were the SM one pool of 65536,
    # 51 warps would fit, 25 blocks, 1600 threads: the partitions matter.
    r = kgen("report", "fft", "-n", 4, "--measure", "none", "--regs", 40,
             "--block", 64, "--arch", "sm_90")
    assert occupancy_rows(r.stdout)[40] == [(1536, 75.0)]
    # sm_86 holds 48 warps (1536 threads) and 16 blocks: at 32 registers
    # the registers would allow 64 warps, the warp limit caps it at 1536
    # threads = 100% of sm_86's 48 warps.
    r = kgen("report", "fft", "-n", 4, "--measure", "none", "--regs", 32,
             "--arch", "sm_86")
    assert occupancy_rows(r.stdout)[32] == [(1536, 100.0)]
    # blocks of 32 threads at 16 registers: 16 blocks per SM on sm_86
    # (its block limit) = 512 threads, a third of its warps.
    r = kgen("report", "fft", "-n", 4, "--measure", "none", "--regs", 16,
             "--arch", "sm_86", "--block", 32)
    assert occupancy_rows(r.stdout)[16] == [(512, 33.3)]


@pytest.mark.skipif(not os.path.exists(os.path.join(CUDA_INC,
                                                    "cuda_occupancy.h")),
                    reason="cuda_occupancy.h not installed: comparison "
                    "with NVIDIA's occupancy calculator skipped")
def test_occupancy_matches_nvidia_header(tmp_path):
    # Every GPU of target.c, 1..255 registers, 8 block sizes: kgen's
    # blocks, warps and threads per SM equal cuda_occupancy.h's.
    dump = cc(tmp_path / "occdump",
              [os.path.join(ROOT, "tests", "occdump.c"),
               os.path.join(ROOT, "build", "sched", "target.o"),
               os.path.join(ROOT, "build", "dag", "isa.o")],
              "-I" + os.path.join(ROOT, "dag"))
    ref = cc(tmp_path / "occref", [os.path.join(ROOT, "tests", "occref.cc")],
             "-I" + CUDA_INC, cxx=True)
    a = subprocess.run([str(dump)], capture_output=True, text=True).stdout
    b = subprocess.run([str(ref)], capture_output=True, text=True).stdout
    assert len(a.splitlines()) == 7 * 255 * 8
    diff = [(x, y) for x, y in zip(a.splitlines(), b.splitlines()) if x != y]
    assert not diff, diff[:5]


# ---- targets ------------------------------------------------------------

def target_rows(text):
    part = text.split("Belady's MIN per target")[1].split("\n\n")[0]
    rows = {}
    for line in part.splitlines()[3:]:
        f = line.split()
        rows[f[0]] = {"nreg": int(f[1]), "bits": int(f[3]),
                      "lanes": int(f[5]), "R": int(f[6]),
                      "loads": int(f[7]), "stores": int(f[8]),
                      "maxlive": int(f[9])}
    return rows


def test_targets_all():
    r = kgen("report", "fft", "-n", 32, "--measure", "none", "--target",
             "all")
    assert r.returncode == 0, r.stderr
    rows = target_rows(r.stdout)
    # R: vector targets hold one value per register; PowerPC's FPRs one
    # double; a GPU thread's 255 32-bit registers hold 127 doubles.
    want = dict({i.name: (i.regs, i.lanes("double")) for i in ISAS},
                neon=(32, 2), rvv=(32, 2), ppc=(32, 1), ptx=(127, 1))
    assert {k: (v["R"], v["lanes"]) for k, v in rows.items()} == want
    # fewer registers never spill less: 16 >= 32 >= 127 registers
    assert rows["sse2"]["loads"] >= rows["avx512"]["loads"] \
        >= rows["ptx"]["loads"]
    assert rows["sse2"]["loads"] > 0 and rows["ptx"]["loads"] == 0
    maxlive = rows["ptx"]["maxlive"]
    assert "max live values: %d" % maxlive in r.stdout


def test_target_one_and_float():
    r = kgen("report", "fft", "-n", 16, "--measure", "none", "--target",
             "ptx", "--type", "float")
    rows = target_rows(r.stdout)
    assert list(rows) == ["ptx"] and rows["ptx"]["R"] == 255
    r = kgen("report", "fft", "-n", 16, "--measure", "none", "--target",
             "avx512", "--type", "float")
    assert target_rows(r.stdout)["avx512"]["lanes"] == 16


def test_max_regs_budget():
    # n=16 keeps 40 values live in the co order: 80 registers for doubles
    r = kgen("report", "fft", "-n", 16, "--measure", "none", "--max-regs",
             64, "--schedule", "co")
    assert r.returncode == 0
    m = re.search(r"max live values: (\d+)", r.stdout)
    need = 2 * int(m.group(1))
    assert need > 64
    assert "warning: %s live values need %d registers" % (m.group(1), need) \
        in r.stdout
    r = kgen("report", "fft", "-n", 16, "--measure", "none", "--max-regs",
             need, "--schedule", "co")
    assert "within the budget of %d" % need in r.stdout


def test_report_default_is_the_emitted_order():
    # without --schedule, report analyses what `kgen fft` emits: the
    # build order (sched_one's default), whose max live Belady finds
    r = kgen("report", "fft", "-n", 16, "--measure", "none")
    assert "schedule build" in r.stdout
    co = kgen("report", "fft", "-n", 16, "--measure", "none", "--schedule",
              "co")
    assert "schedule co" in co.stdout and co.stdout != r.stdout


def test_report_deterministic_and_skips_without_nvcc():
    env = dict(os.environ, PATH="/usr/bin:/bin")
    a = kgen("report", "fft", "-n", 8, "--regs", "32,64", env=env)
    b = kgen("report", "fft", "-n", 8, "--regs", "32,64", env=env)
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    assert "skipped (nvcc not found on PATH)" in a.stdout
    assert "if the kernel used maxrregcount registers" in a.stdout


def test_emit_cuda_deterministic(tmp_path):
    a, b = tmp_path / "a.cu", tmp_path / "b.cu"
    assert kgen("fft", "-n", 20, "--emit", "cuda", "-o", a).returncode == 0
    assert kgen("fft", "-n", 20, "--emit", "cuda", "-o", b).returncode == 0
    assert a.read_bytes() == b.read_bytes()
    text = a.read_text()
    assert "DO NOT EDIT" in text and "__global__ void\nn1_cuda_20(" in text


def spills_csv(text):
    lines = text.strip().splitlines()
    head = lines[0].split(",")
    return [dict(zip(head, l.split(","))) for l in lines[1:]]


def test_spills_target_all():
    # one R per distinct register file: 16 (SSE2, AVX2), 32 (AVX-512,
    # NEON, RVV, PowerPC) and 127 doubles in PTX's 255 registers
    r = kgen("spills", "fft", "-n", 16, "--target", "all", "--schedule",
             "build", "--format", "csv")
    assert r.returncode == 0, r.stderr
    rows = spills_csv(r.stdout)
    assert [int(x["regs"]) for x in rows] == [16, 32, 127]
    t = kgen("spills", "fft", "-n", 16, "--target", "all", "--schedule",
             "build")
    x86 = ", ".join("%s %d" % (i.name, i.regs) for i in ISAS)
    assert t.stdout.startswith("targets (R = registers for values): %s, "
                               "neon 32, rvv 32, ppc 32, ptx 127\n" % x86)
    f = kgen("spills", "fft", "-n", 16, "--target", "ptx", "--type",
             "float", "--schedule", "build", "--format", "csv")
    assert [int(x["regs"]) for x in spills_csv(f.stdout)] == [255]


def test_spills_ptxas_skips_without_nvcc():
    env = dict(os.environ, PATH="/usr/bin:/bin")
    r = kgen("spills", "fft", "-n", 8, "--regs", 16, "--schedule", "build",
             "--measure", "ptxas", "--format", "json", env=env)
    assert r.returncode == 0, r.stderr
    assert '"ptxas": {"skipped": "nvcc not found on PATH"}' in r.stdout


@need_nvcc
def test_spills_measure_ptxas():
    # R values of doubles = -maxrregcount 2R: 16 doubles in 32 registers
    # spill for n=16 (34 live in the build order), 127 do not
    r = kgen("spills", "fft", "-n", 16, "--target", "all", "--schedule",
             "build", "--measure", "ptxas", "--format", "csv")
    assert r.returncode == 0, r.stderr
    rows = {int(x["regs"]): x for x in spills_csv(r.stdout)}
    assert int(rows[16]["ptxas_loads"]) > 0
    assert int(rows[16]["ptxas_stores"]) > 0
    assert int(rows[127]["ptxas_loads"]) == 0


BAD = [
    ("report", "fft"),
    ("report", "conv", "-n", 4),
    ("report", "gemm", "-m", 4, "-n", 4),
    ("report", "gemm", "-m", 64, "-n", 64, "-k", 64),
    ("report", "gemm", "-m", 4, "-n", 4, "-k", 4, "--schedule", "diag"),
    ("gemm", "-m", 4, "-n", 4, "--kloop", "--emit", "cuda"),
    ("report", "fft", "-n", 2000),
    ("report", "fft", "-n", 16, "--regs", 0),
    ("report", "fft", "-n", 16, "--regs", 256),
    ("report", "fft", "-n", 16, "--regs", "64-32"),
    ("report", "fft", "-n", 16, "--regs", "32,x"),
    ("report", "fft", "-n", 16, "--arch", "sm_81"),
    ("report", "fft", "-n", 16, "--target", "mips"),
    ("report", "fft", "-n", 16, "--block", 0),
    ("report", "fft", "-n", 16, "--block", 2048),
    ("report", "fft", "-n", 16, "--max-regs", 256),
    ("report", "fft", "-n", 16, "--measure", "gcc"),
    ("report", "fft", "-n", 16, "--schedule", "best"),
    ("fft", "-n", 16, "--emit", "ptx"),
    ("spills", "fft", "-n", 16, "--regs", 16, "--target", "sse2"),
    ("spills", "fft", "-n", 16, "--target", "x87"),
    ("spills", "fft", "-n", 16, "--regs", 16, "--measure", "nvcc"),
]


@pytest.mark.parametrize("args", BAD, ids=lambda a: " ".join(map(str, a)))
def test_bad_input(args):
    r = kgen(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("kgen: "), r.stderr
    assert r.stdout == ""


# ---- the CUDA source, run on the host -----------------------------------

def host_fft(tmp, n, real, sign=-1):
    """Error report of the CUDA codelet run on the CPU, against FFTW."""
    cu = tmp / ("k%d%s.cu" % (n, real))
    args = ["fft", "-n", n, "--emit", "cuda", "--name", "cu_%d" % n,
            "--sign", sign, "-o", cu]
    if real == "float":
        args += ["--type", "float"]
    r = kgen(*args)
    assert r.returncode == 0, r.stderr
    obj = tmp / ("h%d%s.o" % (n, real))
    r = subprocess.run([CXX, "-O1", "-c", "-o", str(obj),
                        '-DKERNEL="%s"' % cu, "-DKNAME=cu_%d" % n,
                        "-DFUNC=f%d" % n, "-DREAL=" + real,
                        os.path.join(ROOT, "tests", "cuhost.cc")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    exe = cc(tmp / ("c%d%s" % (n, real)),
             [os.path.join(ROOT, "tests", "fftcheck.c"), obj],
             "-DREAL=" + real, "-DFUNC=f%d" % n, "-lfftw3", "-lm")
    out = subprocess.run([str(exe), str(n), str(sign)], capture_output=True,
                         text=True).stdout
    return out


@pytest.mark.parametrize("n,real,sign", [(1, "double", -1),
                                         (2, "double", -1),
                                         (7, "double", 1),
                                         (12, "double", -1),
                                         (64, "double", -1),
                                         (16, "float", -1)])
def test_cuda_codelet_on_host_matches_fftw(tmp_path, n, real, sign):
    import math
    out = host_fft(tmp_path, n, real, sign)
    bound = BOUND[real] * (1 + math.log2(n))
    rows = [l.split() for l in out.splitlines()[1:]]
    assert len(rows) == 6, out
    for name, err, guards in rows:
        assert float(err) <= bound, out
        assert int(guards) == 0, out


@pytest.mark.parametrize("m,n,k,sched,real", [(4, 4, 4, "outer", "double"),
                                               (3, 5, 2, "inner", "double"),
                                               (1, 1, 1, "outer", "double"),
                                               (2, 3, 4, "outer", "float")])
def test_cuda_gemm_on_host(tmp_path, m, n, k, sched, real):
    # 37 tiles with padded leading dimensions and gaps, against a long
    # double loop; C outside the tiles holds guards that must survive.
    cu = tmp_path / "g.cu"
    r = kgen("gemm", "-m", m, "-n", n, "-k", k, "--schedule", sched,
             "--emit", "cuda", "--type", real, "-o", cu)
    assert r.returncode == 0, r.stderr
    exe = cc(tmp_path / "g", [os.path.join(ROOT, "tests", "cuhost.cc")],
             "-DGEMM", '-DKERNEL="%s"' % cu,
             "-DKNAME=gemm%s_cuda_%dx%dx%d" % ("f" if real == "float"
                                              else "", m, n, k),
             "-DREAL=" + real,
             cxx=True)
    out = subprocess.run([str(exe), str(m), str(n), str(k)],
                         capture_output=True, text=True).stdout
    err, guards = out.split()
    # k products and k sums per element, each within half an ulp
    assert float(err) <= (2e-16 if real == "double" else 1.2e-7) * 2 * k, out
    assert int(guards) == 0, out


def test_report_gemm():
    # the 4x4x4 outer-product order keeps C's 16 values, a column of A
    # (4) and one element of B, plus the product in flight live: more
    # than SSE2's 16 registers, fewer than AVX-512's 32
    r = kgen("report", "gemm", "-m", 4, "-n", 4, "-k", 4, "--measure",
             "none")
    assert r.returncode == 0, r.stderr
    assert "gemm 4x4x4" in r.stdout and "schedule outer" in r.stdout
    rows = target_rows(r.stdout)
    assert 16 < rows["avx512"]["maxlive"] <= 32
    assert rows["sse2"]["loads"] > 0 and rows["avx512"]["loads"] == 0
    inner = target_rows(kgen("report", "gemm", "-m", 4, "-n", 4, "-k", 4,
                             "--measure", "none", "--schedule",
                             "inner").stdout)
    # one C element at a time: only the running sum is dirty, so at 16
    # registers the inner order reloads A and B (clean) and never
    # stores, where the outer order must spill C's accumulators
    assert rows["sse2"]["stores"] > 0
    assert inner["sse2"]["loads"] > 0 and inner["sse2"]["stores"] == 0


# ---- nvcc and ptxas ------------------------------------------------------

@need_nvcc
def test_cuda_compiles_with_nvcc(tmp_path):
    # One nvcc run over several codelets (nvcc is slow to start).
    files = []
    for n, t in [(1, "double"), (5, "double"), (16, "double"),
                 (32, "float"), (64, "double")]:
        f = tmp_path / ("n%d%s.cu" % (n, t))
        assert kgen("fft", "-n", n, "--type", t, "--emit", "cuda", "-o",
                    f).returncode == 0
        files.append(str(f))
    f = tmp_path / "gemm4.cu"
    assert kgen("gemm", "-m", 4, "-n", 4, "-k", 4, "--emit", "cuda", "-o",
                f).returncode == 0
    files.append(str(f))
    r = subprocess.run(["nvcc", "-arch=sm_80", "-ptx", "--output-directory",
                        str(tmp_path)] + files, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    for f in files:
        ptx = open(f[:-3] + ".ptx").read()
        name = re.search(r"\.entry (\w+)", ptx).group(1)
        if "gemm" in f:
            assert name == "gemm_cuda_4x4x4"
        else:
            n, t = re.search(r"n(\d+)(\w+)\.cu", os.path.basename(f)).groups()
            assert name == "n1%s_cuda_%s" % ("f" if t == "float" else "", n)


def ptxas_rows(text):
    part = text.split("ptxas -v on the CUDA build")[1].split("\n\n")[0]
    rows = {}
    for line in part.splitlines()[5:]:
        f = line.replace("|", " ").split()
        rows[int(f[0])] = [int(x) for x in f[1:11]]
    return rows


@need_nvcc
def test_ptxas_live_report():
    # n=16 keeps 40 doubles live, 80 registers: at -maxrregcount 32 ptxas
    # must spill and keep to 32; at 255 it must not spill.  Occupancy is
    # then computed from the registers ptxas reports.
    r = kgen("report", "fft", "-n", 16, "--regs", "32,255", "--target",
             "ptx", "--max-regs", 64)
    assert r.returncode == 0, r.stderr
    rows = ptxas_rows(r.stdout)
    # the budget is checked against the unconstrained build
    assert "warning: ptxas used %d registers at -maxrregcount 255, over " \
        "the budget of 64" % rows[255][0] in r.stdout
    used, stack, st, ld, used1, st1, ld1, R, bst, bld = rows[32]
    assert used <= 32 and st > 0 and ld > 0 and stack > 0
    assert used1 <= 32 and st1 > 0 and ld1 > 0
    assert R == 16 and bst > 0 and bld > 0
    used255, _, st, ld, used1, st1, ld1, R, bst, bld = rows[255]
    assert 32 < used255 <= 255 and st == ld == 0 and bst == bld == 0
    assert used1 <= 255 and st1 == ld1 == 0
    occ = occupancy_rows(r.stdout)
    assert set(occ) == {32, used255}
    assert occ[32][0] == (2048, 100.0)
    assert set(occupancy_rows(r.stdout, key=0)) == {32, 255}


@need_nvcc
def test_ptxas_raises_small_limits_on_sm90():
    r = kgen("report", "fft", "-n", 8, "--regs", 16, "--arch", "sm_90",
             "--target", "ptx")
    assert r.returncode == 0, r.stderr
    assert "(ptxas raised the limit to 24)" in r.stdout
    used = ptxas_rows(r.stdout)[16][0]
    assert used <= 24


@need_nvcc
def test_gpucheck_driver_builds(tmp_path):
    # `make gpu-check` can only run where a GPU is; its driver must at
    # least build everywhere nvcc is.
    cu, c = tmp_path / "k.cu", tmp_path / "c.c"
    assert kgen("fft", "-n", 8, "--emit", "cuda", "--name", "gpu_8", "-o",
                cu).returncode == 0
    assert kgen("fft", "-n", 8, "--name", "cpu_8", "-o", c).returncode == 0
    obj = cc(tmp_path / "c.o", [c], "-c")
    r = subprocess.run(["nvcc", "-arch=sm_80", "--fmad=false",
                        '-DKERNEL="%s"' % cu, "-DKNAME=gpu_8", "-DCPU=cpu_8",
                        "-o", str(tmp_path / "g"),
                        os.path.join(ROOT, "tests", "gpucheck.cu"),
                        str(obj)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
