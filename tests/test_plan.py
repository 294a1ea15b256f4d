"""Whole transforms (kgen_plan_dft_1d / kgen_plan_many_dft, runtime/plan.c)
against FFTW.

tests/plancheck.c is built once against lib/libkgen.a and checks every n
from 1 to 1024 and a sample of sizes up to 2^20 (powers of 2, 3, 5 and 7,
mixed sizes, primes that take Bluestein's algorithm), both signs, in four
layouts: split out of place, in place, interleaved (stride 2) and a batch
of 3 with gaps, with guard values.  It runs once per vector ISA this CPU
has (KGEN_ISA=scalar, avx2, avx512), so every codelet path of the planner
is exercised.  The float planner (kgen_planf_*) gets the same checks,
built with -DSINGLE.  Bounds: DESIGN.md's 1e-14 (1 + log2 n) for double
and 2e-5 (1 + log2 n) for float.
"""
import math
import os
import subprocess

import pytest

from conftest import CC, KGEN, ROOT, SANITIZE, TESTS, cc

# every ISA gets SAMPLE; the CPU's best one also SAMPLE_LARGE (the large
# sizes take seconds each, and the codelets they use are the same)
SAMPLE = [1031, 2048, 4096, 4099, 6561, 8192, 15625, 16807, 30000, 32768,
          65536, 65537, 100000]
SAMPLE_LARGE = [131072, 177147, 262144, 524288, 823543, 1000000, 1048576]


def isas():
    """The ISAs this CPU runs, as KGEN_ISA spells them."""
    flags = open("/proc/cpuinfo").read() if os.path.exists(
        "/proc/cpuinfo") else ""
    out = ["scalar"]
    if " avx2" in flags and " fma" in flags:
        out.append("avx2")
    if " avx512f" in flags:
        out.append("avx512")
    return out


BOUND = {"double": 1e-14, "float": 2e-5}


@pytest.fixture(scope="module", params=["double", "float"])
def plancheck(request, libkgen, tmp_path_factory):
    exe = tmp_path_factory.mktemp("plan") / ("plancheck_" + request.param)
    single = ["-DSINGLE"] if request.param == "float" else []
    cc([TESTS / "plancheck.c"], exe, opt="-O1",
       flags=["-std=c11", "-Werror", *single, "-I", ROOT / "runtime"],
       libs=[libkgen, "-lfftw3", "-lm"])
    return exe, BOUND[request.param]


def run(exe, isa, args):
    exe = exe[0]
    env = dict(os.environ, KGEN_ISA=isa)
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
    assert len(rows) == 1024 * 2 * 4
    check(seed, rows, isa, plancheck[1])


@pytest.mark.parametrize("isa", isas())
def test_sample_to_2_20(plancheck, isa):
    sizes = SAMPLE + (SAMPLE_LARGE if isa == isas()[-1] else [])
    seed, rows = run(plancheck, isa, ["-l"] + sizes)
    assert len(rows) == len(sizes) * 2 * 4
    check(seed, rows, isa, plancheck[1])


# ---- standalone large kernels (kgen fft -n N, N > 1024) -------------------

STANDALONE = [(1025, -1), (2048, -1), (2048, 1), (3000, -1), (1155, -1),
              (4096, 1), (16384, -1)]


@pytest.fixture(scope="module")
def standalone(tmp_path_factory):
    d = tmp_path_factory.mktemp("standalone")
    lines, srcs = [], []
    for n, sign in STANDALONE:
        name = "fft_%d_%s" % (n, "f" if sign < 0 else "b")
        out = d / (name + ".c")
        r = subprocess.run([KGEN, "fft", "-n", str(n), "--sign", str(sign),
                            "--name", name, "-o", str(out)],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        lines.append("X(%d, %d, %s)\n" % (n, sign, name))
        srcs.append(str(out))
    (d / "list.h").write_text("".join(lines))
    exe = d / "sacheck"
    # -std=c99 -pedantic: the files are meant to drop into any C99 project
    r = subprocess.run([CC, "-O1", "-std=c99", "-Wall", "-Wpedantic",
                        "-Werror", *SANITIZE, "-DLIST=\"list.h\"",
                        "-I" + str(d), "-o", str(exe),
                        str(TESTS / "planstandalone.c")] + srcs
                       + ["-lfftw3", "-lm"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(exe)], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    return out[0], {l.split()[0]: l.split()[1:] for l in out[1:]}


@pytest.mark.parametrize("n,sign", STANDALONE)
def test_standalone_against_fftw(standalone, n, sign):
    seed, rows = standalone
    err, guards = rows["fft_%d_%s" % (n, "f" if sign < 0 else "b")]
    bound = 1e-14 * (1 + math.log2(n))
    assert float(err) <= bound, "n=%d: %s > %g (%s)" % (n, err, bound, seed)
    assert guards == "0"


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
