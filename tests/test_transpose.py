"""r2cb by network transposition of r2cf (gen/transpose.c): operation
counts at most genfft's, from FFTW 3.3.10's rdft/scalar/r2cb/r2cb_N.c.

Plain form: kgen's additions + multiplications (without --fma) against
genfft's "A FP additions, M FP multiplications"; negations are not
counted, as genfft does not count them.  FMA form: kgen's additions,
multiplications and FMAs (with --fma) against genfft's a + m + f.
Correctness against FFTW is tests/test_real.py's.  Sizes where kgen is
still above genfft (plain: 9, 15, 20, 25; FMA: most) are left out.
"""
import re
import subprocess

import pytest

from conftest import KGEN

# n: (A + M of the plain form, a + m + f of the FMA form)
GENFFT_R2CB = {2: (2, 2), 3: (6, 4), 4: (8, 6), 5: (19, 12), 6: (18, 14),
               7: (43, 24), 8: (26, 20), 10: (48, 34), 11: (111, 60),
               12: (48, 38), 13: (111, 76), 14: (100, 62), 16: (76, 58),
               32: (206, 156), 64: (528, 394), 128: (1298, 956)}
FMA_OK = [2, 3, 4, 6, 8, 12]


def counts(n, *extra):
    res = subprocess.run([KGEN, "fft", "--kind", "r2cb", "-n", str(n),
                          *extra], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    m = re.search(r"(\d+) additions, (\d+) multiplications, (\d+) FMAs",
                  res.stdout)
    return tuple(int(x) for x in m.groups())


@pytest.mark.parametrize("n", sorted(GENFFT_R2CB))
def test_r2cb_plain_at_most_genfft(n):
    add, mul, fma = counts(n)
    assert add + mul + 2 * fma <= GENFFT_R2CB[n][0], (n, add, mul)


@pytest.mark.parametrize("n", FMA_OK)
def test_r2cb_fma_at_most_genfft(n):
    add, mul, fma = counts(n, "--fma")
    assert add + mul + fma <= GENFFT_R2CB[n][1], (n, add, mul, fma)


def test_r2cb_64_much_below_before():
    # the complex inverse over the Hermitian spectrum gave 683 + 248
    add, mul, fma = counts(64)
    assert add <= 394 and mul <= 134
