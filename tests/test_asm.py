"""kgen fft --emit asm (x86/asm.c): the spills against Belady's, the
numbers against FFTW, and kgen spills --measure asm.

- asm == Belady: the spill loads and stores of the emitted kernels,
  counted here from the text (a vector load from a stack slot, or from
  the input buffer X after that slot's first load, is a spill load; a
  vector store to a stack slot a spill store; constants in .rodata are
  memory operands and not counted, as Belady counts them), equal kgen
  spills's for the same order, R and latency, over sizes, schedules,
  ISAs, precisions and every R from the DAG's minimum to the ISA's count;
  with latency the stalls kgen verify counts equal kgen spills's too;
  every codelet of that grid is verified at emission (--verify);
- the codelets compute the right numbers: tests/simdcheck.c links the
  object assembled from the .s in place of the C codelet and compares
  with FFTW on every layout and v = 1..37 (v mod VL != 0 included),
  with guard values around the outputs (docs/design.md's bound); a
  codelet with a spoilt constant fails that check;
- the object has unwind information and a non-executable stack note;
- the command line: bad input is one kgen: line and exit 2; the same
  arguments give the same bytes.
The other tests of these codelets: test_asm_verify.py (what kgen verify
rejects), test_asm_copies.py (the copies between the arrays and X, the
kernel's data in registers), test_asm_lib.py (the library's assembly
codelets, --choose spills); their shared helpers are asmhelp.py's.
"""
import re

import pytest

from asmhelp import (belady, check_object, count, emit, minregs,
                     simdrun)
from conftest import ISA, NAMES, TESTS, cc, kgen, need, pmap, run
from test_simd import failures, results
SIZES = (2, 3, 4, 5, 8, 13, 16, 32, 64)


# ---- asm == Belady, and the validator accepts the grid --------------------

def grid():
    cases = []
    for n in SIZES:
        for sched in ("naive", "build", "co"):
            cases.append((n, sched, "avx2", "double", None))
            cases.append((n, sched, "avx512", "float", (17, 24, 32)))
            cases.append((n, sched, "sse2", "double", (5, 16)))
        for sched in ("blocked", "search"):
            if sched == "search" and n == 64:
                cases.append((n, sched, "avx2", "double", (16,)))
            else:
                cases.append((n, sched, "avx2", "double", (8, 16)))
                cases.append((n, sched, "avx512", "double", (32,)))
    return cases


def cid(c):
    return "%d-%s-%s-%s" % c[:4]


@pytest.mark.parametrize("case", grid(), ids=cid)
def test_asm_equals_belady(tmp_path, case):
    """Every R from the DAG's minimum up (the whole range for avx2), each
    codelet verified at emission."""
    n, sched, isa, prec, rs = case
    lo = minregs(n)
    rs = [r for r in (rs or range(lo, ISA[isa].regs + 1)) if r >= lo]
    if lo not in rs and isa == "avx2":
        rs.insert(0, lo)
    want = belady(n, sched, rs)

    def one(r):
        path = tmp_path / ("c%d.s" % r)
        return count(emit(path, n, isa, r, sched, prec), n, isa)
    got = dict(zip(rs, pmap(one, rs)))
    for r in rs:
        if isinstance(got[r], Exception):
            raise got[r]
        loads, stores, regs = got[r]
        assert (loads, stores) == want[r][:2], "R=%d" % r
        assert max(regs) < r


@pytest.mark.parametrize("n,sched,latency", [
    (8, "build", 2), (16, "build", 4), (32, "search", 3),
    (13, "co", 6), (32, "naive", 1), (64, "build", 8)])
def test_latency_stalls(tmp_path, n, sched, latency):
    """With --latency L the reloads move up; the counts stay Belady's and
    the stalls counted in the code (kgen verify) are kgen spills's."""
    rs = (4, 8, 16)
    want = belady(n, sched, rs, latency)
    for r in rs:
        path = tmp_path / ("l%d.s" % r)
        text = emit(path, n, "avx2", r, sched, latency=latency)
        loads, stores, _ = count(text, n, "avx2")
        assert (loads, stores) == want[r][:2], "R=%d" % r
        p = kgen("verify", path)
        assert p.returncode == 0, p.stderr
        m = re.search(r"(\d+) spill loads, (\d+) spill stores, (\d+) "
                      r"stalls", p.stdout)
        assert tuple(map(int, m.groups())) == want[r], "R=%d" % r
    # the reloads moved: some reload precedes its own step's comment
    assert latency == 0 or re.search(r"# reload n\d+ for step (\d+)",
                                     text)


def test_latency_hoists(tmp_path):
    """A reload placed before an earlier step than its own."""
    text = emit(tmp_path / "h.s", 32, "avx2", 8, "build", latency=4)
    step = None
    early = 0
    for line in text.split("\n"):
        m = re.match(r"\t# step (\d+):", line)
        if m:
            step = int(m.group(1))
        m = re.match(r"\t# reload n\d+ for step (\d+)", line)
        if m:
            early += int(m.group(1)) > step
    assert early > 10


def test_fma_grid(tmp_path):
    """--fma: FMA instructions, 3 operands; still Belady's counts."""
    for n in (4, 8, 16, 32):
        lo = minregs(n, fma=True)
        rs = [lo, 5, 8, 16]
        want = belady(n, "build", rs, fma=True)
        for isa in ("avx2", "avx512"):
            for r in rs:
                text = emit(tmp_path / "f.s", n, isa, r, fma=True)
                assert "vfm" in text or n < 16
                assert count(text, n, isa)[:2] == want[r][:2]


def test_measure_asm():
    """kgen spills --measure asm prints the emitted counts beside
    Belady's: equal in every row."""
    p = kgen("spills", "fft", "-n", 32, "--regs", "3,8,16,32",
             "--schedule", "all", "--measure", "asm", "--format", "csv")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.split("\n")
    head = lines[0].split(",")
    ia, ib = head.index("asm_loads"), head.index("asm_stores")
    rows = [r.split(",") for r in lines[1:] if r]
    assert len(rows) == 20
    for r in rows:
        assert (r[ia], r[ib]) == (r[6], r[7]), r
    p = kgen("spills", "fft", "-n", 16, "--regs", "8,40", "--measure",
             "asm")
    assert p.returncode == 0, p.stderr
    assert " -" in p.stdout.split("\n")[-3]     # R = 40: not measured


# ---- the numbers, against FFTW --------------------------------------------

FFT_CASES = [(isa, prec, n, r, sched, lat, fma, sign)
             for isa in NAMES
             for prec in ("double", "float")
             for n, r, sched, lat, fma, sign in (
                 (1, 1, "build", 0, False, -1), (2, 2, "build", 0, False, 1),
                 (3, 3, "co", 0, False, -1), (5, 16, "build", 2, False, 1),
                 (8, 4, "build", 0, True, -1), (13, 6, "search", 0, False, -1),
                 (16, 16, "build", 3, True, 1), (32, 8, "naive", 0, False, -1),
                 (64, 12, "build", 4, False, -1))
             if not (fma and isa == "sse2")] + [
    # the registers only AVX-512 has (zmm16-31)
    ("avx512", prec, n, 32, sched, lat, fma, -1)
    for prec in ("double", "float")
    for n, sched, lat, fma in ((32, "build", 2, True), (64, "search", 0,
                                                         False))]


def fid(c):
    return "%s-%s-%d-R%d-%s-L%d%s%s" % (c[0], c[1][0], c[2], c[3], c[4],
                                        c[5], "-fma" if c[6] else "",
                                        "-b" if c[7] > 0 else "")


@pytest.fixture(scope="module")
def fftw_runs(kgen_bin, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("asmfft")

    def one(c):
        isa, prec, n, r, sched, lat, fma, sign = c
        name = "a_" + fid(c).replace("-", "_")
        lo = minregs(n, fma) if n > 1 else 1
        s = tmp / (name + ".s")
        emit(s, n, isa, max(r, lo), sched, prec, lat, fma, sign, name)
        return simdrun(tmp, name, isa, prec, n, sign)
    return dict(zip(FFT_CASES, pmap(one, FFT_CASES)))


@pytest.mark.parametrize("case", FFT_CASES, ids=fid)
def test_against_fftw(fftw_runs, case):
    out = fftw_runs[case]
    if isinstance(out, Exception):
        raise out
    need(case[0])
    res, seed = results(out)
    # simdcheck's 14 layouts times its 10 batch counts
    assert len(res[(case[2], case[7])]) == 140
    bad = failures(res, case[1])
    assert not bad, "seed %s:\n%s" % (seed, "\n".join(bad[:20]))


def test_fftw_check_sees_a_wrong_codelet(tmp_path):
    """The check can fail: a codelet whose constant is spoilt (and so
    fails kgen verify too) is far from FFTW."""
    need("avx2")
    text = emit(tmp_path / "w.s", 8, "avx2", 8, name="w")
    i = text.index(".Lc")
    lab = text[i:text.index("(", i)]
    j = text.index(lab + ":\n") + len(lab) + 2
    line = text[j:text.index("\n", j)]
    vals = [hex(int(v, 16) ^ (1 << 50)) for v in line.split(None, 1)[1]
            .split(", ")]
    spoilt = text[:j] + "\t.quad " + ", ".join(vals) + text[j + len(line):]
    (tmp_path / "w.s").write_text(spoilt)
    assert kgen("verify", tmp_path / "w.s").returncode == 1
    assert run(["cc", "-c", tmp_path / "w.s", "-o",
                tmp_path / "w.o"]).returncode == 0
    exe = cc([TESTS / "simdcheck.c", tmp_path / "w.o"], tmp_path / "w",
             flags=["-DFUNC=w"], libs=["-lfftw3", "-lm"])
    res, _ = results(run([exe, 8, -1]).stdout)
    assert failures(res, "double")


# ---- the object ------------------------------------------------------------

def test_object_unwind_and_stack_note(tmp_path):
    emit(tmp_path / "u.s", 16, "avx2", 8)
    check_object(tmp_path / "u.s")


# ---- the command line ------------------------------------------------------

@pytest.mark.parametrize("args,msg", [
    (["fft", "-n", 8, "--emit", "asm"], "give --simd"),
    (["fft", "-n", 8, "--simd", "avx2", "--emit", "asm", "--kind", "n1w"],
     "n1, t1v and n1v codelets only"),
    (["fft", "-n", 8, "--simd", "avx2", "--emit", "asm", "--regs", 17],
     "1 to 16, the vector registers of avx2"),
    (["fft", "-n", 8, "--simd", "avx512", "--emit", "asm", "--regs", 33],
     "1 to 32"),
    (["fft", "-n", 8, "--simd", "avx2", "--emit", "asm", "--regs", 1],
     "R >= 2"),
    (["fft", "-n", 8, "--simd", "sse2", "--emit", "asm", "--fma"],
     "SSE2 has no FMA"),
    (["fft", "-n", 8, "--verify"], "give --emit asm"),
    (["gemm", "-m", 2, "-n", 2, "-k", 2, "--emit", "asm"], "--vlen 4"),
    (["gemm", "-m", 6, "-n", 2, "-k", 2, "--vlen", 4, "--emit", "asm"],
     "must divide -m 6"),
    (["spills", "gemm", "-m", 2, "-n", 2, "-k", 2, "--regs", 4,
      "--measure", "asm"], "fft n1"),
    (["verify"], "expected an assembly file"),
    (["verify", "x.s", "--regs", 4], "does not apply"),
    (["fft", "-n", 8, "--choose", "maybe"], "expected ops or spills"),
    (["fft", "-n", 8, "--kind", "t1", "--choose", "spills"],
     "only n1 codelets in C or assembly (not --kind t1)"),
    (["fft", "-n", 8, "--emit", "cuda", "--choose", "spills"],
     "(not --emit cuda)"),
    (["fft", "-n", 8, "--regs", 8], "(or --choose spills) depends on R"),
])
def test_cli_errors(args, msg):
    p = kgen(*args)
    assert p.returncode == 2, p.stderr
    assert p.stderr.startswith("kgen: ") and msg in p.stderr, p.stderr
    assert len(p.stderr.strip().split("\n")) == 1


def test_same_bytes(tmp_path):
    a = emit(tmp_path / "a.s", 16, "avx512", 9, "search", latency=2)
    b = emit(tmp_path / "b.s", 16, "avx512", 9, "search", latency=2)
    assert a == b
