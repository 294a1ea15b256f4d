"""One-dimensional plans on threads (runtime/planbig.c) against FFTW in
double: a single transform made with kgen_plan_with_nthreads(T), T > 1,
is four-step from 2^20 (kgen_plan_describe says so; below that the
estimate keeps the 1-D plan, and KGEN_MEASURE races the two from 2^14)
and batches are rank-1 nd plans on T threads; both signs, in and out of place, interleaved
(kgen_execute_dft, and kgen_execute with ii = ri + 1) and split, double
and float.  tests/bigcheck.c prints the rows; the bound is
docs/design.md's (conftest.bound)."""
import subprocess

import pytest

from conftest import ROOT, TESTS, bound, cc

# (n, threads, howmany): powers of two, 3 * 2^15, 10^5 (250 x 400), 2^20
SINGLE = [(16384, 2, 1), (65536, 3, 1), (98304, 2, 1), (100000, 3, 1),
          (1048576, 2, 1)]
BATCH = [(64, 2, 1024), (1000, 3, 100), (16384, 2, 4)]


@pytest.fixture(scope="module", params=["double", "float"])
def bigcheck(request, libkgen, tmp_path_factory):
    exe = tmp_path_factory.mktemp("big") / ("bigcheck_" + request.param)
    single = ["-DSINGLE"] if request.param == "float" else []
    cc([TESTS / "bigcheck.c"], exe, opt="-O1",
       flags=["-std=c11", "-Werror", *single, "-I", ROOT / "runtime"],
       libs=[libkgen, "-lfftw3", "-lm", "-lpthread"])
    return exe, request.param


def run(exe, *args):
    p = subprocess.run([str(exe)] + [str(a) for a in args],
                       capture_output=True, text=True)
    assert p.returncode == 0, "bigcheck %s: exit %d: %s" % (
        " ".join(map(str, args)), p.returncode, p.stderr[-2000:])
    lines = p.stdout.splitlines()
    return lines[0], [l.split() for l in lines[1:]]


def check_rows(rows, n, prec, apis):
    assert {r[0] for r in rows} == set(apis)
    assert len(rows) == 4 * len(apis)
    for api, sign, place, rn, h, err, changed in rows:
        assert int(rn) == n
        assert int(changed) == 0, (api, sign, place, "input changed")
        assert float(err) < bound(n, prec), (api, sign, place, err)


@pytest.mark.parametrize("n,t,h", SINGLE)
def test_four_step(bigcheck, n, t, h):
    exe, prec = bigcheck
    if prec == "float" and n > 100000:
        pytest.skip("2^20 in double only (time)")
    desc, rows = run(exe, n, t, h)
    if n >= 1 << 20:
        assert "four-step" in desc and "threads %d" % t in desc, desc
    else:
        assert "four-step" not in desc, desc
    check_rows(rows, n, prec, ["dft", "many", "split", "inter"])


@pytest.mark.parametrize("n,t,h", BATCH)
def test_batch(bigcheck, n, t, h):
    exe, prec = bigcheck
    desc, rows = run(exe, n, t, h)
    assert "dft-nd" in desc and "threads %d" % t in desc, desc
    check_rows(rows, n, prec, ["many", "split", "inter"])


def test_measure_and_one_thread(bigcheck):
    """KGEN_MEASURE keeps whichever of four-step and the 1-D plan is
    faster (either must be right); one thread keeps the 1-D plan."""
    exe, prec = bigcheck
    desc, rows = run(exe, "-m", 65536, 2, 1)
    check_rows(rows, 65536, prec, ["dft", "many", "split", "inter"])
    desc, rows = run(exe, 65536, 1, 1)
    assert "four-step" not in desc and "dft-nd" not in desc, desc
    check_rows(rows, 65536, prec, ["dft", "many", "split", "inter"])
