"""kgen_selftest (runtime/selftest.c), the FFTW-independent self-test of
the library: Ergun's linearity, impulse and shift checks with guards.

- test_selftest_quick runs the --quick sweep of tests/selftest_main.c
  (sizes 1..64 and 16 larger ones, every layout and API, double and
  float, complex both signs, r2c and c2r; the FFTW-style calls of rank
  1 to 4, interleaved and split, real data in FFTW's layout in and out
  of place, two threads) on every ISA this CPU runs; the full sweep is
  `make selftest`.
- test_selftest_sees_stray_writes: one write past the output (a build of
  selftest.c for the test only) fails every problem.
- test_selftest_rejects_broken shows that the self-test can fail: a plan
  of the wrong sign, outputs swapped, an offset, a scale of 1 + 1e-9 and a
  nudge of 1e-12 are each caught, and by the check that should see them
  (linearity cannot see a scale or a wrong sign; impulse cannot see a
  permutation; shift cannot see a scale).
- test_selftest_rejects_broken_nd: the same for rank 2 and 3: a
  transposed output, a dimension left out, one dimension of the wrong
  sign, a twiddle factor too many, and r2c / c2r half spectra with rows
  exchanged (the shift along each dimension sees what a shift along all
  at once would not).
"""
import re

import pytest

from conftest import LIBDIR, SANITIZE, TESTS, cc, run

ISAS = ("scalar", "sse2", "avx2", "avx512")


@pytest.fixture(scope="module")
def sweep(tmp_path_factory, libkgen):
    tmp = tmp_path_factory.mktemp("selftest")
    return cc([TESTS / "selftest_main.c", LIBDIR / "libkgen.a"],
              tmp / "kgen-selftest", flags=["-I", TESTS.parent / "runtime"],
              libs=["-lm"], opt="-O2")


def test_selftest_quick(sweep):
    args = [sweep, "--quick"]
    if SANITIZE:        # about 20 times slower under ASan
        args += ["--max-n", "300"]
    p = run(args, timeout=600)
    out = p.stdout
    assert p.returncode == 0, out[-3000:] + p.stderr[-2000:]
    assert "FAIL" not in out
    total = re.search(r"total: (\d+) ISAs, (\d+) problems verified, "
                      r"(\d+) failed, (\d+) transforms; largest err/bound "
                      r"(\S+)", out)
    assert total, out[-2000:]
    nisa, problems, failed = map(int, total.group(1, 2, 3))
    ran = [i for i in ISAS if re.search(r"^%s: \d+ problems, 0 failed" % i,
                                        out, re.M)]
    skipped = [i for i in ISAS if "%s: not run by this CPU" % i in out]
    assert ran[:1] == ["scalar"] and len(ran) + len(skipped) == 4, out
    assert nisa == len(ran) and failed == 0
    per_isa = 1900 if SANITIZE else 2900
    assert problems >= per_isa * nisa, out
    # far below the bound: a real defect gives err/bound >> 1 (see below)
    assert float(total.group(5)) < 0.5, out


def test_selftest_sees_stray_writes(tmp_path, libkgen):
    """runtime/selftest.c built with SELFTEST_STRAY_WRITE writes one value
    past the output after every transform: each problem must fail with
    its guards changed, and the sweep exit 1."""
    rt = TESTS.parent / "runtime"
    exe = cc([TESTS / "selftest_main.c", rt / "selftest.c",
              rt / "stcheck.c", rt / "stlayout.c", LIBDIR / "libkgen.a"],
             tmp_path / "stray",
             flags=["-I", TESTS.parent / "runtime",
                    "-DSELFTEST_STRAY_WRITE"], libs=["-lm"])
    p = run([exe, "--quick", "--max-n", "8", "--isa", "scalar"])
    assert p.returncode == 1, p.stdout[-2000:]
    fails = [l for l in p.stdout.splitlines() if l.startswith("FAIL")]
    total = re.search(r"total: 1 ISAs, (\d+) problems verified, (\d+) "
                      r"failed", p.stdout)
    assert total and int(total.group(1)) == int(total.group(2)) > 100
    assert len(fails) == int(total.group(2))
    assert all("self-test failed" in l and not re.search(r"stray 0 ", l)
               for l in fails), fails[:3]
    # the multi-dimensional layouts among them: complex, real in FFTW's
    # layout in and out of place
    for kind in ("dft", "r2c", "c2r"):
        for place in ("in-place", "out-of-place"):
            assert any("dims=2x3 " in l and " %s " % kind in l
                       and place in l for l in fails), (kind, place)


@pytest.mark.parametrize("args", [["--max-n", "0"], ["--isa", "sse"],
                                  ["--isa", "avx2,"], ["--seed", "x"],
                                  ["--bogus"]])
def test_selftest_usage(sweep, args):
    p = run([sweep, *args])
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("kgen: ")


@pytest.fixture(scope="module")
def broken(tmp_path_factory, libkgen):
    tmp = tmp_path_factory.mktemp("selftestbad")
    exe = cc([TESTS / "selftestbad.c", LIBDIR / "libkgen.a"],
             tmp / "selftestbad", flags=["-I", TESTS.parent / "runtime"],
             libs=["-lm"])
    p = run([exe])
    assert p.returncode == 0, p.stderr
    res = {}
    for line in p.stdout.splitlines():
        f = line.split()
        res[f[0]] = (int(f[1]), *map(float, f[2:]))
    return res


KGEN_OK, KGEN_EINVAL, KGEN_ESIGN, KGEN_ENOSIZE, KGEN_ESELFTEST = \
    0, -1, -2, -3, -5


def test_selftest_rejects_broken(broken):
    st, lin, imp, shift, bound = broken["good"]
    assert st == KGEN_OK and max(lin, imp, shift) < bound / 10
    # which checks must see each defect, and which cannot
    sees = {"wrongsign": ("shift",), "swap": ("shift",),
            "offset": ("linearity",), "scale": ("impulse",),
            "nudge": ("linearity", "shift")}
    for name, checks in sees.items():
        st, lin, imp, shift, bound = broken[name]
        errs = {"linearity": lin, "impulse": imp, "shift": shift}
        assert st == KGEN_ESELFTEST, (name, broken[name])
        for c in checks:
            assert errs[c] > bound, (name, c, broken[name])
        # (the nudge, 1e-12 of each call's largest output, differs
        # between the two transforms of the impulse check a little)
        for c in set(errs) - set(checks) - {"impulse" * (name == "nudge")}:
            assert errs[c] < bound, (name, c, broken[name])
    # a wrong sign or a permutation is an error of order 1
    assert broken["wrongsign"][3] > 0.1 and broken["swap"][3] > 0.1


def test_selftest_rejects_broken_nd(broken):
    for name in ("good2", "good2r", "good3", "r2c2", "c2r2", "r2c3",
                 "c2r3"):
        st, lin, imp, shift, bound = broken[name]
        assert st == KGEN_OK and max(lin, imp, shift) < bound / 10, name
    # a transposed output, one dimension of the wrong sign and mirrored
    # half spectra pass linearity and impulse: only the shift along one
    # dimension sees them; a dimension left out fails impulse and shift;
    # a twiddle too many fails impulse alone
    sees = {"transpose": ("shift",), "signdim0": ("shift",),
            "r2cmirror": ("shift",), "c2rmirror": ("shift",),
            "rowsonly": ("impulse", "shift"), "twiddle": ("impulse",)}
    for name, checks in sees.items():
        st, lin, imp, shift, bound = broken[name]
        errs = {"linearity": lin, "impulse": imp, "shift": shift}
        assert st == KGEN_ESELFTEST, (name, broken[name])
        for c in errs:
            assert (errs[c] > 1e-3) == (c in checks), (name, c, errs)


def test_selftest_bad_problems(broken):
    assert broken["sign0"][0] == KGEN_ESIGN
    assert broken["overlap"][0] == KGEN_EINVAL
    assert broken["n1big"][0] == KGEN_ENOSIZE
    assert broken["realmany"][0] == KGEN_EINVAL
    assert broken["r2cplus"][0] == KGEN_ESIGN
    assert broken["null"][0] == KGEN_EINVAL
    assert broken["huge"][0] == KGEN_EINVAL
    assert broken["hugestride"][0] == KGEN_EINVAL
    for name in ("ndzero", "ndn", "ndrank", "ndhuge", "ndn1", "ndrealmany",
                 "ndthreads"):
        assert broken[name][0] == KGEN_EINVAL, name
    assert broken["ndr2cplus"][0] == KGEN_ESIGN
