"""kgen_dgemm (runtime/gemm.c, in lib/libkgen) against a naive long-double
loop, with each ISA's micro-kernels: tests/dgemmcheck.c runs the shapes
with leading dimensions beyond the sizes, NaN guards around A and B and a
sentinel around C, and calls with bad arguments; tests/dgemmthreads.c
runs products large enough to be cut into parts on 2 and 3 threads
(kgen_plan_with_nthreads), which must give one thread's result to the
bit and meet the same bound.  The bound is that of
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


# Threaded shapes (m*n*k past gemm.c's PARMIN): C's columns cut (n >= m),
# square and ragged, across nc panels; rows cut (m > n) with A packed and
# in place (n <= 4 nr); fewer rows than a vector; k past one kc block.
THREADED = [(200, 200, 200), (333, 517, 260), (2000, 40, 300),
            (1001, 11, 999), (40, 3100, 50), (97, 3100, 37), (7, 500, 700),
            (130, 150, 257)]


@pytest.fixture(scope="module")
def dgemmthreads(libkgen, tmp_path_factory):
    exe = tmp_path_factory.mktemp("dgemmt") / "dgemmthreads"
    return cc([TESTS / "dgemmthreads.c"], exe,
              flags=["-I", RUNTIME, "-Werror"], libs=[libkgen, "-lm"],
              opt="-O1")


@pytest.mark.parametrize("threads", [2, 3])
@pytest.mark.parametrize("isa", ("scalar",) + NAMES)
def test_dgemm_threads(dgemmthreads, isa, threads):
    """kgen_dgemm on 2 and 3 threads: the same bits as on one thread
    (the parts are whole tiles, so each element's sum runs in the same
    order) and within the bound of test_dgemm."""
    args = [SEED, threads] + [x for s in THREADED for x in s]
    p = run([dgemmthreads] + args, env=dict(os.environ, KGEN_ISA=isa))
    assert p.returncode == 0 and p.stderr == "", p.stderr
    rows = [l.split() for l in p.stdout.splitlines()]
    assert len(rows) == len(THREADED)
    bad = [r for r in rows if not (r[3] == r[4] == "0"
                                   and float(r[5]) <= 1 and r[6] == "same")]
    assert not bad, "seed %d, isa %s, %d threads: %s" % (SEED, isa,
                                                         threads, bad)
