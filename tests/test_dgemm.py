"""kgen_dgemm (runtime/gemm.c, in lib/libkgen) against a naive long-double
loop, with each ISA's micro-kernels: tests/dgemmcheck.c runs the shapes
with leading dimensions beyond the sizes, NaN guards around A and B and a
sentinel around C, and calls with bad arguments.  The bound is that of
tests/test_gemm.py: (K + 2) u (|C| + sum_p |A(i,p) B(p,j)|) per element,
which any order of the K rounded products and K additions meets
(Higham 3.1); a wrong index or sign gives errors near 1.
"""
import os

import pytest

from conftest import NAMES, ROOT, TESTS, cc, run

RUNTIME = ROOT / "runtime"
SEED = 20240604

# kgen_dgemm shapes: tiny ones (the plain loop up to m*n*k = 256), fewer
# rows than a vector (a narrower ISA's kernels), whole and partial tiles,
# last slivers that need the edge kernel more than once (40, 41: two or
# more vectors of rows left over for mr 24, 6 and 3), A packed (n > 4 nr)
# or not, the cache-block edges of every kernel (mc 96..192, kc 256, nc
# 2048..3072), empty ones.
DGEMM = [(1, 1, 1), (2, 3, 1), (5, 7, 3), (6, 6, 6), (8, 8, 8), (4, 4, 32),
         (2, 16, 16), (10, 10, 10), (1, 1, 300), (300, 1, 1), (24, 8, 4),
         (25, 9, 17), (40, 9, 5), (41, 11, 7), (63, 17, 20), (3, 100, 2),
         (193, 7, 10), (130, 50, 257), (5, 3100, 3), (257, 129, 300),
         (97, 61, 33), (0, 5, 5), (5, 0, 5), (5, 5, 0)]


@pytest.fixture(scope="module")
def dgemmcheck(libkgen, tmp_path_factory):
    exe = tmp_path_factory.mktemp("dgemm") / "dgemmcheck"
    return cc([TESTS / "dgemmcheck.c"], exe, flags=["-I", RUNTIME, "-Werror"],
              libs=[libkgen, "-lm"], opt="-O1")


@pytest.mark.parametrize("isa", ("scalar",) + NAMES)
def test_dgemm(dgemmcheck, isa):
    """kgen_dgemm with each ISA's micro-kernel (KGEN_ISA caps the choice):
    every shape within the bound with its guards intact, bad arguments
    refused with KGEN_EINVAL (-1) and C untouched."""
    args = [SEED] + [x for s in DGEMM for x in s]
    p = run([dgemmcheck] + args, env=dict(os.environ, KGEN_ISA=isa))
    assert p.returncode == 0 and p.stderr == "", p.stderr
    out = p.stdout.splitlines()
    ran = out[0].split()[1]
    if ran != isa:
        pytest.skip("this CPU does not run %s (ran %s)" % (isa, ran))
    rows = [l.split() for l in out[1:] if not l.startswith("bad")]
    assert len(rows) == len(DGEMM)
    bad = [r for r in rows if not (r[3] == "0" and float(r[4]) <= 1
                                   and r[5] == "ok")]
    assert not bad, "seed %d, isa %s: %s" % (SEED, isa, bad)
    refused = [l.split() for l in out if l.startswith("bad")]
    assert len(refused) == 6
    assert all(r[2] == "-1" and r[3] == "untouched" for r in refused), \
        refused
