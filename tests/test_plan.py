"""Whole transforms (kgen_plan_dft_1d / kgen_plan_many_dft, runtime/plan.c)
against FFTW.

tests/plancheck.c is built once against lib/libkgen.a and checks every n
from 1 to 1024 and a sample of sizes up to 2^20 (powers of 2, 3, 5 and 7,
mixed sizes, primes that take Bluestein's algorithm), both signs, in eight
layouts: split out of place, in place, interleaved (stride 2), a batch of
3 with gaps, interleaved in place, interleaved input to two output arrays
at stride 2, an interleaved batch of 2 with a gap, and interleaved output
at each of eight pair offsets from a 64-byte boundary (the top step's
NAME_ios), with guard values.  It runs once per vector ISA this CPU has (KGEN_ISA=scalar, avx2,
avx512), so every codelet path of the planner is exercised.  The float
planner (kgen_planf_*) gets the same checks, built with -DSINGLE.
Bounds: docs/design.md's 1e-14 (1 + log2 n) for double and 2e-5 (1 + log2 n)
for float.
Every library n1v leaf codelet, both entries, goes through
tests/n1vcheck.c against FFTW (block-split outputs read back).
The measuring planner (KGEN_MEASURE) gets the same checks on a sample, and
every plan shape it can choose (leaf kinds, vector twiddles with scalar
tails, cache blocking, generic radices, Rader, Bluestein) is forced through
wisdom (plancheck -w) on every ISA; tests/wisdomcheck.c checks the wisdom
store: round trips through strings and files, refused text, and plans
measured by four threads at once.
"""
import math
import os
import re
import subprocess
import time

import pytest

from conftest import (CC, KGEN, NAMES, ROOT, RUNNABLE, SANITIZE, TESTS,
                      bound, cc, lanes)

# every ISA gets SAMPLE; the CPU's best one also SAMPLE_LARGE (the large
# sizes take seconds each, and the codelets they use are the same)
SAMPLE = [1031, 2048, 4096, 4099, 6561, 8192, 15625, 16807, 30000, 32768,
          65536, 65537, 100000]
SAMPLE_LARGE = [131072, 177147, 262144, 524288, 823543, 1000000, 1048576]


def isas():
    """The ISAs this CPU runs, as KGEN_ISA spells them, less SSE2."""
    return [i for i in RUNNABLE if i != "sse2"]


BOUND = {"double": 1e-14, "float": 2e-5}


@pytest.fixture(scope="module", params=["double", "float"])
def plancheck(request, libkgen, tmp_path_factory):
    exe = tmp_path_factory.mktemp("plan") / ("plancheck_" + request.param)
    single = ["-DSINGLE"] if request.param == "float" else []
    cc([TESTS / "plancheck.c"], exe, opt="-O1",
       flags=["-std=c11", "-Werror", *single, "-I", ROOT / "runtime"],
       libs=[libkgen, "-lfftw3", "-lm"])
    return exe, BOUND[request.param]


def run(exe, isa, args, t1v=None):
    exe = exe[0]
    env = dict(os.environ, KGEN_ISA=isa)
    env.pop("KGEN_T1V", None)
    if t1v:
        env["KGEN_T1V"] = t1v
    out = subprocess.run([str(exe)] + [str(a) for a in args], env=env,
                         capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    return lines[0], [l.split() for l in lines[1:]]


def check(seed, rows, isa, unit):
    assert rows
    for n, sign, layout, err, guards in rows:
        n = int(n)
        bound = unit * (1 + math.log2(n))
        assert float(err) <= bound, "n=%d sign=%s %s KGEN_ISA=%s: error " \
            "%s > %.2e (%s)" % (n, sign, layout, isa, err, bound, seed)
        assert guards == "0", "n=%d %s: stray writes" % (n, layout)


@pytest.mark.parametrize("isa", isas())
def test_every_size_to_1024(plancheck, isa):
    seed, rows = run(plancheck, isa, [1, 1024])
    assert len(rows) == 1024 * 2 * 8
    check(seed, rows, isa, plancheck[1])


@pytest.mark.parametrize("isa", isas())
def test_sample_to_2_20(plancheck, isa):
    sizes = SAMPLE + (SAMPLE_LARGE if isa == isas()[-1] else [])
    seed, rows = run(plancheck, isa, ["-l"] + sizes)
    assert len(rows) == len(sizes) * 2 * 8
    check(seed, rows, isa, plancheck[1])


@pytest.mark.parametrize("t1v", ["c", "asm"])
@pytest.mark.parametrize("isa", [i for i in isas() if i != "scalar"])
def test_t1v_c_and_asm(plancheck, isa, t1v):
    """The planner's vector twiddle steps run the C codelet (T1V) or
    kgen's assembly (T1A), whichever its first-use timing picked
    (runtime/plantab.c); KGEN_T1V forces each, so both are checked on
    every size to 1024 and the sample."""
    seed, rows = run(plancheck, isa, [1, 1024], t1v)
    assert len(rows) == 1024 * 2 * 8
    check(seed, rows, isa, plancheck[1])
    seed, rows = run(plancheck, isa, ["-l"] + SAMPLE[:10], t1v)
    assert len(rows) == 10 * 2 * 8
    check(seed, rows, isa, plancheck[1])


# ---- the measuring planner and wisdom (issue 12) -------------------------

MEASURE_SAMPLE = [96, 720, 1000, 1009, 1331, 2187, 3125, 4096, 4099, 12288,
                  16807, 65537, 100000, 131072]


def test_measure_sample(plancheck):
    isa = isas()[-1]
    seed, rows = run(plancheck, isa, ["-m", "-l"] + MEASURE_SAMPLE)
    assert len(rows) == len(MEASURE_SAMPLE) * 2 * 8
    check(seed, rows, isa, plancheck[1])


def forced(isa):
    """Wisdom lines that force every plan shape on isa's codelets."""
    vec = isa != "scalar"
    leaf = "vec" if vec else "scalar"
    lines = [
        # vector (or scalar) leaf, two radices
        "%%s 2048 ct %s 32 %s 0 2 16 4" % (isa, leaf),
        # batched odd leaf; odd m: vector twiddles with scalar tails
        "%%s 2187 ct %s 27 %s 0 4 3 3 3 3" % (isa, "batch" if vec
                                               else "scalar"),
        # generic radices (no t1 codelet): 11, and odd parts grouped
        "%%s 1331 ct %s 11 scalar 0 2 11 11" % isa,
        "%%s 6561 ct %s 27 batch 0 2 27 9" % isa,
        # cache blocking: the two deepest steps run block by block
        "%%s 131072 ct %s 32 %s 2 3 16 16 16" % (isa, leaf),
        "%%s 65536 ct %s 16 %s 1 3 16 16 16" % (isa, "batch" if vec
                                                else "scalar"),
        # the larger powers of two, blocked
        "%%s 262144 ct %s 64 %s 1 3 64 8 8" % (isa, leaf),
        # Rader with a Bluestein inside (4098 = 2 3 683), and forced
        # Bluestein for a prime Rader would take
        # (Bluestein's M the rule's, or a given one)
        "%s 4099 rader", "%s 4098 bluestein", "%s 2053 bluestein 4374",
        "%s 1031 rader",
        # the composite twiddle radices (t1 and t1v 6 .. 27), deepest
        # last and first
        "%%s 2700 ct %s 27 %s 0 2 10 10" % (isa, "cx" if vec else "scalar"),
        "%%s 4500 ct %s 20 %s 0 2 9 25" % (isa, "cx" if vec else "scalar"),
        "%%s 8640 ct %s 20 %s 0 3 6 12 6" % (isa, "cx" if vec else "scalar"),
        "%%s 3645 ct %s 5 %s 0 2 27 27" % (isa, "cx" if vec else "scalar")]
    if vec:
        # n1c leaves (a complex number a vector), reading interleaved
        # input as it is; with a generic radix and a blocked step
        lines += ["%%s 1000 ct %s 40 cx 0 2 5 5" % isa,
                  "%%s 3375 ct %s 15 cx 1 2 15 15" % isa,
                  # the widest ISA's n1c leaves under isa's twiddles:
                  # 4, 8 and 5 leaves a call (64-byte, 32-byte and
                  # single bodies, and their mixes)
                  "%%s 720 ct %s 60 cxw 0 2 4 3" % isa,
                  "%%s 6000 ct %s 50 cxw 0 3 8 3 5" % isa,
                  "%%s 1500 ct %s 60 cxw 0 2 5 5" % isa,
                  # block-split interleaved data (plan.c's ct_block):
                  # one step, three steps, the deepest blocked
                  "%%s 1024 ct %s 32 vecb 0 1 32" % isa,
                  "%%s 4096 ct %s 16 vecb 0 3 16 4 4" % isa,
                  "%%s 32768 ct %s 32 vecb 1 3 16 8 8" % isa,
                  # the top step's straddling pair stores where
                  # NAME_ios would run (plan.c's ios_race; ishift)
                  "%%s 16384 ct %s 16 vecb 0 2 32 32 straddle" % isa,
                  "%%s 8192 ct %s 16 vec 0 2 16 32 straddle" % isa]
    if isa in ("avx2", "avx512"):
        # one n1x codelet (codelets.def's N1XL) for the whole transform
        lines += ["%%s 128 n1x %s" % isa, "%%s 256 n1x %s" % isa]
    # version 2: split (d, f) and interleaved (di, fi) plans alike
    return "kgen-wisdom 2\n" + "".join(
        (l % p) + "\n" for p in ("d", "di", "f", "fi") for l in lines)


FORCED = [2048, 2187, 1331, 6561, 131072, 65536, 262144, 4099, 4098, 2053,
          1031, 1000, 3375, 720, 6000, 1500, 128, 256, 2700, 4500, 8640,
          3645, 1024, 4096, 32768, 16384, 8192]


@pytest.mark.parametrize("isa", isas())
def test_forced_shapes(plancheck, isa, tmp_path):
    w = tmp_path / "wisdom"
    w.write_text(forced(isa))
    seed, rows = run(plancheck, isa, ["-w", w, "-l"] + FORCED)
    assert len(rows) == len(FORCED) * 2 * 8
    check(seed, rows, isa, plancheck[1])


def test_bad_wisdom_file(plancheck, tmp_path):
    w = tmp_path / "wisdom"
    w.write_text("kgen-wisdom 1\nd 1024 ct avx512 32 vec 0 2 32 33\n")
    r = subprocess.run([str(plancheck[0]), "-w", str(w), "-l", "8"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "not kgen wisdom" in r.stderr


@pytest.fixture(scope="module")
def wisdomcheck(libkgen, tmp_path_factory):
    d = tmp_path_factory.mktemp("wisdom")
    exe = d / "wisdomcheck"
    cc([TESTS / "wisdomcheck.c"], exe, opt="-O1",
       flags=["-std=c11", "-Werror", "-I", ROOT / "runtime"],
       libs=[libkgen, "-lm", "-lpthread"])
    out = subprocess.run([str(exe), str(d / "w.txt")], capture_output=True,
                         text=True, check=True).stdout
    return [l.split() for l in out.splitlines()], (d / "w.txt").read_text()


def test_wisdom_store(wisdomcheck):
    rows, text = wisdomcheck
    got = {r[0]: r[1:] for r in rows if r[0] != "bad"}
    assert got["empty"] == ["1"]
    assert int(got["learned"][0]) >= 5
    assert got["roundtrip"] == ["1"] and got["file"] == ["1"]
    assert got["layouts"] == ["1"] and got["v1"] == ["1"]
    assert got["straddle"] == ["1"]
    assert got["dft"] == ["1"] and got["dfttold"] == ["1"]
    # mutants of a valid text: each refused or taken whole, none wrong;
    # some are accepted (a changed digit in a size, say), most refused
    m, accepted, wrong = map(int, got["mutants"])
    assert m == 3000 and wrong == 0 and 0 < accepted < m
    assert got["nofile"] == ["-1"] and got["noexport"] == ["-1"]
    # the documented format: a header, then one line per entry
    lines = text.splitlines()
    assert lines[0] == "kgen-wisdom 3"
    for l in lines[1:]:
        f = l.split(" ")
        if f[0] == "dft":
            # kgen_dft's picks: precision, size, side of the lanes,
            # layout, codelet family and ISA
            assert len(f) == 7 and f[1] in ("d", "f"), l
            assert 1 <= int(f[2]) <= 64 and f[3] in ("few", "many"), l
            assert f[4] in ("inter", "split", "side", "skew"), l
            assert f[5] in ("n1", "n1w", "n1c", "n1x", "n1a"), l
            assert f[6] in ("scalar",) + NAMES, l
            continue
        if f[0] == "t1v":
            # the planner's C (c) or assembly (asm) codelet of a step
            assert len(f) == 5 and f[1] in ("d", "f"), l
            assert f[2] in ("avx2", "avx512") and int(f[3]) >= 2, l
            assert f[4] in ("c", "asm"), l
            continue
        assert f[0] in ("d", "f", "di", "fi"), l
        assert f[2] in ("ct", "rader", "bluestein", "n1x"), l
        if f[2] == "n1x":
            assert len(f) == 4, l
        if f[2] == "bluestein" and len(f) > 3:
            assert len(f) == 4 and int(f[3]) >= 2 * int(f[1]) - 1, l
        if f[2] == "ct":
            k = int(f[7])
            # the optional last word: ios_race timed the straddling
            # pair stores faster (interleaved lines only)
            if len(f) == 9 + k:
                assert f[-1] == "straddle" and f[0] in ("di", "fi"), l
                f = f[:-1]
            assert len(f) == 8 + k, l
            prod = int(f[4])
            for r in f[8:]:
                prod *= int(r)
            assert prod == int(f[1]), l
    # kgen_plan_dft_1d plans (wisdomcheck.c) are tuned for interleaved data
    assert "di 1024 " in text and "fi 1024 " in text


WISDOM_TOOL = ROOT / "bin" / "kgen-wisdom"


def test_wisdom_tool(tmp_path):
    """bin/kgen-wisdom measures what first calls would and writes the
    wisdom; -w keeps what a file holds; -o writes whole files only."""
    out = tmp_path / "k.wisdom"
    p = subprocess.run([str(WISDOM_TOOL), "-o", str(out), "2-3", "128"],
                       capture_output=True, text=True)
    assert p.returncode == 0 and p.stdout == "", p.stderr
    # progress: a line a size and precision, then the summary
    assert len(p.stderr.splitlines()) == 7, p.stderr
    assert "3 sizes measured" in p.stderr.splitlines()[-1]
    text = out.read_text()
    lines = text.splitlines()
    assert lines[0] == "kgen-wisdom 3"
    for want in ("d 128 ", "di 128 ", "f 128 ", "fi 128 ",
                 "dft d 2 few inter ", "dft d 3 many split ",
                 "dft f 2 few split ", "dft f 3 many inter "):
        assert any(l.startswith(want) for l in lines), want
    # -w: kept, and more added; to standard output without -o
    p = subprocess.run([str(WISDOM_TOOL), "-q", "-w", str(out), "-t",
                        "double", "-l", "split", "5"],
                       capture_output=True, text=True)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    got = p.stdout.splitlines()
    assert set(lines) <= set(got) and "dft d 5 few split" in \
        " ".join(l[:17] for l in got)
    assert not any(l.startswith("dft f 5 ") or l.startswith("f 5 ")
                   for l in got)
    # bad usage: one line, exit 2, no file
    for args in ([], ["0"], ["5-3"], ["x"], ["-x", "4"], ["-t", "quad", "4"],
                 ["-l", "all", "4"], ["-o"], ["4194305"],
                 ["-w", str(tmp_path / "none"), "4"]):
        bad = tmp_path / "bad.wisdom"
        p = subprocess.run([str(WISDOM_TOOL), "-o", str(bad)] + args,
                           capture_output=True, text=True)
        assert p.returncode == 2 and p.stdout == "", args
        assert len(p.stderr.splitlines()) == 1, (args, p.stderr)
        assert p.stderr.startswith("kgen-wisdom: "), (args, p.stderr)
        assert not bad.exists(), args
    p = subprocess.run([str(WISDOM_TOOL), "-q", "-o",
                        str(tmp_path / "no" / "such" / "dir"), "2"],
                       capture_output=True, text=True)
    assert p.returncode == 1 and "cannot write" in p.stderr
    assert list(tmp_path.glob("no*")) == []
    p = subprocess.run([str(WISDOM_TOOL), "--help"], capture_output=True,
                       text=True)
    assert p.returncode == 0 and "usage: kgen-wisdom" in p.stdout


def test_wisdom_refuses_bad_text(wisdomcheck):
    bad = [r for r in wisdomcheck[0] if r[0] == "bad"]
    assert len(bad) == 45
    for r in bad:
        # KGEN_EINVAL, and the store as it was
        assert r[-2:] == ["-1", "1"] or r[1:] == ["null", "-1"], r


def test_wisdom_threads(wisdomcheck):
    got = {r[0]: r[1:] for r in wisdomcheck[0]}
    assert float(got["threads"][0]) <= 1e-14 * (1 + math.log2(2187))


# ---- standalone plans (kgen fft -n N, N > 64: codelets plus a plan) --------

# (n, sign, type, --simd): below and above the n1 ABI's limit (1024), both
# signs, both types, the vector-leaf and the batch-leaf plans, tails
STANDALONE = [(100, -1, "double", None), (256, 1, "double", None),
              (1000, -1, "double", None), (1000, 1, "double", None),
              (1024, -1, "double", None), (1025, -1, "double", None),
              (2048, 1, "double", None), (3000, -1, "double", None),
              (1155, -1, "double", None), (4096, 1, "double", None),
              (6000, -1, "double", "avx512"), (16384, -1, "double", None),
              (256, -1, "float", None), (1000, 1, "float", None),
              (4096, -1, "float", "avx512")]


def sa_name(n, sign, typ, simd):
    return "sa_%d_%s_%s_%s" % (n, "f" if sign < 0 else "b", typ[0],
                               simd or "def")


def sa_bound(n, typ):
    return (1e-14 if typ == "double" else 1e-5) * (1 + math.log2(n))


@pytest.fixture(scope="module")
def standalone_files(tmp_path_factory):
    d = tmp_path_factory.mktemp("standalone")
    files = {}
    for n, sign, typ, simd in STANDALONE:
        name = sa_name(n, sign, typ, simd)
        out = d / (name + ".c")
        r = subprocess.run([KGEN, "fft", "-n", str(n), "--sign", str(sign),
                            "--type", typ, "--name", name, "-o", str(out)]
                           + (["--simd", simd] if simd else [])
                           # --simd gives a straight line to 1024 unless
                           # --plan, which above is the default
                           + (["--plan"] if simd and n <= 1024 else []),
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        files[(n, sign, typ, simd)] = out
    return d, files


def sa_run(d, files, typ, flags, tag):
    """Builds tests/planstandalone.c with the files of type typ and runs
    it: {name: {layout: (err, guards)}}."""
    rows = [(k, f) for k, f in files.items() if k[2] == typ]
    (d / ("list_%s_%s.h" % (typ, tag))).write_text("".join(
        "%s(%d, %d, %s)\n" % ("N" if k[0] <= 1024 else "B", k[0], k[1],
                               sa_name(*k)) for k, _ in rows))
    exe = d / ("sacheck_%s_%s" % (typ, tag))
    r = subprocess.run([CC, *flags, "-Wall", "-Wextra", "-Werror",
                        *SANITIZE, "-DLIST=\"list_%s_%s.h\"" % (typ, tag),
                        "-I" + str(d), "-o", str(exe),
                        str(TESTS / "planstandalone.c")]
                       + [str(f) for _, f in rows]
                       + (["-DSINGLE", "-lfftw3f"] if typ == "float"
                          else ["-lfftw3"]) + ["-lm"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(exe)], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    got = {}
    for line in out[1:]:
        name, layout, err, g = line.split()
        got.setdefault(name, {})[layout] = (float(err), int(g))
    return out[0], got


# the scalar section, as a C99 file compiles anywhere; the SIMD section
# with the machine's ISA (files for an ISA it lacks run their scalar one)
SA_BUILDS = [("scalar", ["-O1", "-std=c99", "-Wpedantic"]),
             ("native", ["-O2", "-march=native"])]


@pytest.mark.parametrize("build", [b[0] for b in SA_BUILDS])
@pytest.mark.parametrize("typ", ["double", "float"])
def test_standalone_against_fftw(standalone_files, build, typ):
    d, files = standalone_files
    seed, got = sa_run(d, files, typ, dict(SA_BUILDS)[build], build)
    for k in files:
        if k[2] != typ:
            continue
        name = sa_name(*k)
        layouts = got[name]
        want = {"split", "inter"} | ({"inplace", "strided", "batch"}
                                    if k[0] <= 1024 else set())
        assert set(layouts) == want, (name, layouts)
        for lay, (err, g) in layouts.items():
            assert err <= sa_bound(k[0], typ), "%s %s: %g (%s)" % (
                name, lay, err, seed)
            assert g == 0, (name, lay)


def test_standalone_compile_time(standalone_files, tmp_path):
    """gcc -O2 compiles the largest standalone file of the test, SIMD
    section and scalar one, well within the 10 s the design promises
    (20 s here: a shared machine)."""
    d, files = standalone_files
    big = max(files.values(), key=lambda f: f.stat().st_size)
    for flags in (["-march=native"], []):
        t = time.monotonic()
        subprocess.run([CC, "-O2", *flags, "-c", str(big), "-o",
                        str(tmp_path / "big.o")], check=True)
        took = time.monotonic() - t
        assert took < 20, "%s %s: %.1f s" % (big.name, flags, took)


def test_standalone_form():
    """Plain -n N above 64 writes a plan with the n1 ABI up to 1024;
    --straight, or a codelet option, the straight-line codelet."""
    def head(*args):
        r = subprocess.run([KGEN, "fft", *args], capture_output=True,
                           text=True, check=True)
        return r.stdout[:2000]
    assert "fixed plan" in head("-n", "100")
    assert "void n1_100(" in head("-n", "100")
    assert "fixed plan" not in head("-n", "64")
    assert "fixed plan" not in head("-n", "100", "--straight")
    assert "fixed plan" not in head("-n", "128", "--fma")
    assert "fft_2048_c(" in head("-n", "2048")


def test_standalone_limits():
    # a prime factor above 64 (1031 is prime), and a size beyond the limit
    for n in (1031, 2 * 1031, 65536 * 2):
        r = subprocess.run([KGEN, "fft", "-n", str(n)], capture_output=True,
                           text=True)
        assert r.returncode == 2
        assert r.stderr.startswith("kgen: -n %d: too large" % n)
        assert r.stderr.count("\n") == 1
    r = subprocess.run([KGEN, "fft", "-n", "4096", "--twiddle"],
                       capture_output=True, text=True)
    assert r.returncode == 2


def n1v_codelets(isa, prec):
    """codelets.def's N1V lines of isa and prec: [(n, name)]."""
    text = (ROOT / "codelets.def").read_text()
    return [(int(m.group(1)), m.group(2)) for m in re.finditer(
        r"^N1V\(%s, %s, (\d+), (\w+), " % (isa, prec), text, re.M)]


@pytest.mark.parametrize("prec", ("double", "float"))
def test_n1v_entries_against_fftw(libkgen, tmp_path, prec):
    """Every library n1v codelet, both entries (NAME: split outputs;
    NAME_b: block-split, the leaves of a vecb plan), against FFTW
    (tests/n1vcheck.c, as for the assembly n1v codelets): split,
    interleaved and swapped interleaved input, the batch adjacent and
    with a gap, one block and three, guards on every output element the
    codelet must not write."""
    rows = [(n, lanes(i, prec), nm) for i in isas() if i != "scalar"
            for n, nm in n1v_codelets(i, prec)]
    if not rows:
        pytest.skip("no AVX2 or AVX-512 on this CPU")
    lst = tmp_path / "list.h"
    lst.write_text("".join("X(%d, %d, -1, %s)\n" % r for r in rows))
    flags = ['-DLIST="%s"' % lst] + (["-DSINGLE"] if prec == "float"
                                       else [])
    exe = cc([TESTS / "n1vcheck.c"], tmp_path / "chk", flags=flags,
             libs=[libkgen, "-lfftw3", "-lm"], opt="-O2")
    out = subprocess.run([str(exe)], capture_output=True, text=True,
                         check=True).stdout.split("\n")[:-1]
    assert len(out) == 24 * len(rows)
    size = {nm: n for n, _, nm in rows}
    bad = [line for line in out if not float(line.split()[5]) <= bound(
        size[line.split()[0]], prec) or line.split()[6] != "0"]
    assert not bad, "\n".join(bad[:10])
