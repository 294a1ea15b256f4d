"""Issue 45's ergonomics (deliverables 1 and 7): kgen_dft and kgen_dftf
refuse split pointers that share an element (tests/ergocheck.c); an
unknown KGEN_ISA is reported once on stderr; codelet files of every
vector kind #include together into one translation unit; and
kgen_plan_describe names a plan's algorithm and sizes."""
import os

import pytest

from conftest import LIBDIR, ROOT, TESTS, RUNNABLE, cc, run


@pytest.fixture(scope="module")
def ergocheck(tmp_path_factory):
    out = tmp_path_factory.mktemp("ergo") / "ergocheck"
    return cc([TESTS / "ergocheck.c", LIBDIR / "libkgen.a"], out,
              ["-I" + str(ROOT / "runtime")], ["-lm"], opt="-O1")


@pytest.mark.parametrize("isa", ["scalar", "sse2", "avx2", "avx512"])
def test_dft_refuses_overlapping_split_pointers(ergocheck, isa):
    """kgen_priv_overlap against enumeration (1e6 small layouts), then
    kgen_dft/kgen_dftf on 22 layouts, both signs, three calls each (the
    later ones through the entry's fast path): those whose ri and ii (or
    ro and io) share an element (ii = ri + 1 at is = 1, ri == ii,
    overlapping transforms of a batch) return KGEN_EINVAL with nothing
    written; interleaved and split layouts that do not are within 1e-12
    (float 1e-4) of a long-double DFT."""
    if isa not in RUNNABLE:
        pytest.skip("the CPU lacks " + isa)
    p = run([ergocheck, "overlap"], env={**os.environ, "KGEN_ISA": isa})
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]
    assert p.stdout.strip().endswith("bad 0")


def test_unknown_isa_reported_once(ergocheck):
    env = {**os.environ, "KGEN_ISA": "bogus"}
    p = run([ergocheck, "isa"], env=env)
    assert p.returncode == 0
    assert p.stderr == ("kgen: KGEN_ISA=bogus is not one of scalar, sse2, "
                        "avx2, avx512; ignored\n")
    assert "dft 0" in p.stdout
    for value in ("avx2", ""):
        p = run([ergocheck, "isa"], env={**os.environ, "KGEN_ISA": value})
        assert p.returncode == 0 and p.stderr == ""
