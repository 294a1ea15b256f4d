"""FFTW-independent checks of generated codelets (tests/selfcheck.c):
linearity, impulse response, time shift (FFTW's own self-test), and a
direct O(n^2) DFT in long double.  They reach sizes where a reference
library is inconvenient and would share blind spots with the codelets if
it were built the same way.  Every check must stay within docs/design.md's
bound for a transform; the errors seen are far below it (about 1e-15 in
double at n = 1024), so a wrong twiddle or index, which gives errors of
order 1, cannot pass.
"""
import pytest

from conftest import (SANITIZE, TESTS, BuildError, bound, cc, cname,
                      parse_check, run)

CASES = [(n, "double", -1) for n in (1, 2, 3, 4, 5, 7, 8, 13, 16, 30, 64,
                                     256, 509, 1000, 1021, 1024)] \
    + [(n, "double", 1) for n in (13, 509, 1024)] \
    + [(n, "float", -1) for n in (64, 256, 1024)] \
    + [(1024, "float", 1)]
if SANITIZE:    # see test_fft.py
    CASES = [x for x in CASES if x[0] <= 256 or x[0] == 1024]
CHECKS = ("linearity", "impulse", "shift", "direct")


def selfcheck(tmp, tag, prec, entries, objs):
    lst = tmp / (tag + ".h")
    lst.write_text("".join("C(%s, %d, %d)\n" % e for e in entries))
    exe = cc([TESTS / "selfcheck.c", *objs], tmp / tag,
             flags=["-I", tmp, "-DREAL=" + prec, '-DLIST="%s"' % lst.name],
             libs=["-lm"])
    p = run([exe])
    if p.returncode:
        raise BuildError("%s exited %d: %s" % (tag, p.returncode, p.stderr))
    return parse_check(p.stdout)


@pytest.fixture(scope="session")
def results(codelets, tmp_path_factory, kgen_bin):
    tmp = tmp_path_factory.mktemp("selfcheck")
    objs = codelets.objects(CASES)
    res, seed = {}, None
    for prec in ("double", "float"):
        specs = [s for s in CASES if s[1] == prec]
        bad = [s for s in specs if isinstance(objs[s], Exception)]
        for s in bad:
            res[cname(*s), s[2]] = objs[s]
        good = [s for s in specs if s not in bad]
        try:
            r, seed = selfcheck(tmp, prec, prec,
                                [(cname(*s), s[0], s[2]) for s in good],
                                [objs[s] for s in good])
            res.update(r)
        except BuildError as e:
            for s in good:
                res[cname(*s), s[2]] = e
    return res, seed


@pytest.mark.parametrize("n,prec,sign", CASES,
                         ids=["%d-%s-%s" % (n, p, "fwd" if s < 0 else "bwd")
                              for n, p, s in CASES])
def test_selfcheck(results, n, prec, sign):
    res, seed = results
    r = res.get((cname(n, prec, sign), sign))
    if isinstance(r, Exception):
        pytest.fail(str(r))
    assert r is not None and sorted(r) == sorted(CHECKS), r
    b = bound(n, prec)
    bad = {k: v[0] for k, v in r.items() if not v[0] <= b}
    assert not bad, "n=%d %s sign %d (seed %s): above %.2e: %s" % (
        n, prec, sign, seed, b, bad)


def test_selfcheck_catches_wrong_sign(codelets, tmp_path):
    """A forward codelet taken for a backward one fails the impulse,
    shift and direct checks (linearity alone cannot see it)."""
    spec = (12, "double", -1)
    obj = codelets.objects([spec])[spec]
    r, _ = selfcheck(tmp_path, "wrong", "double", [(cname(*spec), 12, 1)],
                     [obj])
    r = r[cname(*spec), 1]
    assert r["linearity"][0] < 1e-14
    for c in ("impulse", "shift", "direct"):
        assert r[c][0] > 0.1, (c, r)
