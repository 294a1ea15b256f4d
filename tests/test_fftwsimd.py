"""kgen fft --emit fftw for FFTW 3.3.10's SIMD families (emit/fftwsimd.c).

Each family is generated at a few sizes: the file has both forms, FFTW's
simd-support macros only (no vector negation, no scalar code), the
codelet's descriptor and registration under XSIMD names, and the same
arguments give the same bytes.  Where FFTW's tree is built
(build/fftw/src and obj-double, mk/fftw.mk), one codelet of each layout
compiles inside it for SSE2 and AVX2 the way FFTW's dft/simd/ISA/
wrappers include them.  FFTW's own verification of every family (tests/
bench, paranoid) is make check-fftw's.
"""
import pathlib
import re

import pytest

from conftest import CC, ROOT, kgen, pmap, run

CASES = [("n1fv", 8), ("n1bv", 5), ("n1fv", 13), ("t1fv", 4),
         ("t1bv", 3), ("t2fv", 10), ("t1fuv", 6), ("t1buv", 7),
         ("n2fv", 8), ("n2bv", 6), ("n2sv", 8), ("t1sv", 4),
         ("t3fv", 4), ("t3bv", 10), ("t2sv", 8), ("hc2cfdftv", 6),
         ("hc2cbdftv", 4), ("q1fv", 4), ("q1bv", 2)]

FFTW = ROOT / "build" / "fftw"


def gen(case):
    fam, n = case
    r = kgen("fft", "--emit", "fftw", "--kind", fam, "-n", str(n))
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.fixture(scope="module")
def files():
    return dict(zip(CASES, pmap(gen, CASES)))


@pytest.mark.parametrize("case", CASES, ids=lambda c: "%s_%d" % c)
def test_file(files, case):
    fam, n = case
    text = files[case]
    name = "%s_%d" % (fam, n)
    assert len(re.findall(r'#include "r?dft/simd/', text)) == 2
    assert "#if defined(ARCH_PREFERS_FMA)" in text and "#else" in text
    assert text.count('XSIMD_STRING("%s")' % name) == 2
    assert text.count("XSIMD(codelet_%s)" % name) == 2
    assert text.count("VLEAVE();") == 2
    body = text.split("#if defined(ARCH_PREFERS_FMA)")[1]
    assert not re.search(r"= -|\(-[A-Za-z]|VNEG", body)
    assert " E " not in body and "const E" not in body
    if fam.startswith("t") or fam.startswith("q"):
        assert "VTW(0, %d)" % (n - 1) in text
    if fam.startswith("hc2c"):
        assert "VTW(1, %d)" % (n - 1) in text
        assert text.count("X(khc2c_register)") == 2
    if fam.startswith("q"):
        assert text.count("X(kdft_difsq_register)") == 2


def test_deterministic(files):
    assert gen(CASES[2]) == files[CASES[2]]
    assert gen(CASES[3]) == files[CASES[3]]
    for case in [("t3bv", 10), ("hc2cfdftv", 6), ("q1fv", 4)]:
        assert gen(case) == files[case]


def test_t3_log3_twiddles(files):
    # t3bv_10 loads w_1, w_3, w_9 (FFTW's twinstr) and makes the rest
    text = files[("t3bv", 10)]
    body = text.split("#else")[0]
    assert re.findall(r"VTW\(0, (\d+)\)", body) == ["1", "3", "9"]
    assert body.count("LDW(") == 3 and "VZMULJ(" in body


def test_odd_n2():
    r = kgen("fft", "--emit", "fftw", "--kind", "n2fv", "-n", "5")
    assert r.returncode != 0 and "multiple of 2" in r.stderr


ISAS = {"sse2": ["-msse2"], "avx2": ["-mavx2", "-mfma"]}


@pytest.mark.skipif(not (FFTW / "src" / "simd-support").is_dir()
                    or not (FFTW / "obj-double" / "config.h").is_file(),
                    reason="FFTW's tree is not built here (mk/fftw.mk: "
                    "build/fftw/src, build/fftw/obj-double)")
@pytest.mark.parametrize("isa", sorted(ISAS))
def test_compiles_in_fftw(files, tmp_path, isa):
    src = FFTW / "src"
    jobs = []
    for case in [("n1fv", 8), ("t1bv", 3), ("n2fv", 8), ("n2sv", 8),
                 ("t1sv", 4), ("t3bv", 10), ("t2sv", 8), ("hc2cfdftv", 6),
                 ("hc2cbdftv", 4), ("q1fv", 4)]:
        c = tmp_path / ("%s_%d.c" % case)
        c.write_text(files[case])
        jobs.append(c)

    def compile_one(c):
        return run([CC, "-O1", "-Wall", "-Werror", *ISAS[isa],
                    "-DHAVE_CONFIG_H",
                    '-DSIMD_HEADER="simd-support/simd-%s.h"' % isa,
                    "-I", FFTW / "obj-double", "-I", src,
                    "-c", c, "-o", c.with_suffix(".o")])
    for c, r in zip(jobs, pmap(compile_one, jobs)):
        assert r.returncode == 0, "%s: %s" % (c.name, r.stderr)
