"""Accuracy at the largest sizes against FFTW (issue 15), marked slow:
`make check-slow` runs them (pytest --slow -m slow); `make check`
deselects them (tests/conftest.py).  Minutes of CPU and a few hundred
megabytes of memory.

tests/plancheck.c and tests/realplancheck.c (the drivers of test_plan.py
and test_real.py) compare kgen's plans with FFTW in double, with guard
values, for:
  2^20 and 2^22         mixed-radix Cooley-Tukey over the t1 codelets
  999983 and 1000003    primes next to 10^6: kgen uses Bluestein's
                        algorithm (a chirp convolution of size 2^21),
                        FFTW Rader's, so the two share no algorithm
  999958 = 2 * 499979   a large prime factor inside a composite
complex in four layouts (split, in place, interleaved, a batch of 3 with
gaps), both signs, double and float, and r2c and c2r in both precisions.
The bound is docs/design.md's, 1e-14 (1 + log2 n) in double and 2e-5 (1 +
log2 n) in float (2.3e-13 and 4.6e-4 at 2^22); measured double errors
are at most 5.8e-16 (2^20, 2^22) and 1.03e-15 (the sizes near 10^6).
"""
import math

import pytest

from conftest import ROOT, TESTS, cc, run

SIZES = [2**20, 2**22, 999983, 1000003, 999958]
UNIT = {"double": 1e-14, "float": 2e-5}

pytestmark = pytest.mark.slow


def driver(tmp_path_factory, libkgen, src, prec):
    exe = tmp_path_factory.mktemp("slow") / ("%s_%s" % (src, prec))
    single = ["-DSINGLE"] if prec == "float" else []
    return cc([TESTS / (src + ".c")], exe, opt="-O1",
              flags=["-std=c11", "-Werror", *single, "-I", ROOT / "runtime"],
              libs=[libkgen, "-lfftw3", "-lm"])


def rows(exe, sizes):
    p = run([exe, "-l", *sizes], timeout=1800)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    return lines[0], [l.split() for l in lines[1:]]


def within(seed, got, prec, what):
    n, err, guards = int(got[0]), float(got[-2]), got[-1]
    bound = UNIT[prec] * (1 + math.log2(n))
    assert err <= bound, "n=%d %s %s: error %.3e > %.2e (%s)" % (
        n, prec, what, err, bound, seed)
    assert guards == "0", "n=%d %s %s: guard values changed" % (n, prec, what)


@pytest.mark.parametrize("prec", ["double", "float"])
def test_large_complex_against_fftw(tmp_path_factory, libkgen, prec):
    seed, got = rows(driver(tmp_path_factory, libkgen, "plancheck", prec),
                     SIZES)
    assert len(got) == len(SIZES) * 2 * 4, got
    for r in got:
        within(seed, r, prec, " ".join(r[1:3]))


@pytest.mark.parametrize("prec", ["double", "float"])
def test_large_real_against_fftw(tmp_path_factory, libkgen, prec):
    seed, got = rows(driver(tmp_path_factory, libkgen, "realplancheck",
                            prec), SIZES)
    assert len(got) == len(SIZES) * 2, got
    for r in got:
        within(seed, r, prec, r[1])
