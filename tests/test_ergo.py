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


# Two codelets of each kind with helpers (n1 ABI ones called against
# FFTW): (kgen arguments, name, n, whether it has the n1 ABI).
TOGETHER = [
    (["--kind", "n1w", "--simd", "avx2"], "w16", 16, True),
    (["--kind", "n1w", "--simd", "avx2", "--fma"], "w32", 32, True),
    (["--kind", "n1c", "--simd", "avx2"], "c12", 12, True),
    (["--kind", "n1c", "--simd", "avx2", "--fma"], "c16", 16, True),
    (["--kind", "n1x", "--simd", "avx2"], "x16", 16, True),
    (["--kind", "n1x", "--simd", "avx2", "--fma"], "x32", 32, True),
    (["--simd", "avx2"], "b8", 8, True),
    (["--simd", "avx2", "--fma"], "b12", 12, True),
    ([], "s5", 5, True),
    ([], "s6", 6, True),
    (["--kind", "n1v", "--simd", "avx2"], "v16", 16, False),
    (["--kind", "n1v", "--simd", "avx2", "--fma"], "v32", 32, False),
    (["--kind", "t1v", "--simd", "avx2"], "t4", 4, False),
    (["--kind", "t1v", "--simd", "avx2", "--fma"], "t8", 8, False),
]

MAIN = r"""
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
typedef void fn(const double *, const double *, double *, double *,
    ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t);
static double
check(fn *f, int n)
{
	double xr[64], xi[64], yr[64], yi[64], err = 0;
	fftw_complex *a = fftw_malloc(sizeof *a * n), *b = fftw_malloc(sizeof *b * n);
	fftw_plan p = fftw_plan_dft_1d(n, a, b, FFTW_FORWARD, FFTW_ESTIMATE);
	int j;

	for (j = 0; j < n; j++) {
		a[j][0] = xr[j] = sin(j * 1.3 + 0.2);
		a[j][1] = xi[j] = cos(j * 0.7 - 0.4);
	}
	fftw_execute(p);
	f(xr, xi, yr, yi, 1, 1, 1, 0, 0);
	for (j = 0; j < n; j++)
		err = fmax(err, fmax(fabs(yr[j] - b[j][0]), fabs(yi[j] - b[j][1])));
	fftw_destroy_plan(p);
	fftw_free(a);
	fftw_free(b);
	return err;
}
int
main(void)
{
	double e = 0;
%s
	printf("err %%g\n", e);
	return e > 1e-12;
}
"""


def test_codelets_include_together(tmp_path, kgen_bin):
    """Two codelets of every kind with helpers (n1w, n1c, n1x, batched,
    scalar, n1v, t1v) #included into one file compile with -Wall -Werror
    and macros named like the old helpers (-DV=1 -DM=1 -DW=1 ...); the
    n1-ABI ones agree with FFTW within 1e-12."""
    incs, calls = [], []
    for args, name, n, n1abi in TOGETHER:
        out = tmp_path / (name + ".c")
        p = run([kgen_bin, "fft", "-n", str(n), *args, "--name", name,
                 "-o", out])
        assert p.returncode == 0, p.stderr
        incs.append('#include "%s"' % out)
        if n1abi:
            calls.append("\te = fmax(e, check(%s, %d));" % (name, n))
    src = tmp_path / "together.c"
    src.write_text("\n".join(incs) + MAIN % "\n".join(calls))
    macros = ["-D%s=1" % m for m in ("V", "V1", "M", "W", "SHUF", "LD",
                                     "ST", "PAIR", "LDR", "LDI", "put",
                                     "STC", "top", "body", "EVN", "ODD",
                                     "STM", "STK", "STP", "STP2")]
    exe = cc([src], tmp_path / "together",
             ["-mavx2", "-mfma", "-Werror", *macros], ["-lfftw3", "-lm"],
             opt="-O1")
    if "avx2" not in RUNNABLE:
        pytest.skip("compiled; the CPU lacks avx2 to run it")
    p = run([exe])
    assert p.returncode == 0, p.stdout + p.stderr


DESCRIBE = r"""
#include <stdio.h>
#include <stdlib.h>
#include "kgen.h"
int
main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		kgen_plan *p = kgen_plan_dft_1d(atoi(argv[i]), -1, 0);
		char *s = p ? kgen_plan_describe(p) : NULL;

		printf("== %s\n%s", argv[i], s ? s : "(none)\n");
		free(s);
		kgen_destroy(p);
	}
	return 0;
}
"""


def test_plan_describe_names_algorithm_and_sizes(tmp_path):
    src = tmp_path / "describe.c"
    src.write_text(DESCRIBE)
    exe = cc([src, LIBDIR / "libkgen.a"], tmp_path / "describe",
             ["-I" + str(ROOT / "runtime")], ["-lm", "-lpthread"])
    p = run([exe, "64", "1000", "1009", "4096", "65537"])
    assert p.returncode == 0, p.stderr
    parts = dict(b.split("\n", 1) for b in p.stdout.split("== ")[1:])
    for n, text in parts.items():
        assert text.startswith("dft n = %s, forward" % n), text
    assert "one codelet: kgen_n1" in parts["64"] or \
        "Cooley-Tukey 64 =" in parts["64"], parts["64"]
    assert "Cooley-Tukey 1000 =" in parts["1000"], parts["1000"]
    assert "Cooley-Tukey 4096 =" in parts["4096"], parts["4096"]
    # 1009 is prime: Rader (1008 = 2^4 3^2 7) or Bluestein, the sub-plan
    # indented beneath
    assert "Rader: prime 1009" in parts["1009"] or \
        "Bluestein: 1009" in parts["1009"], parts["1009"]
    assert "\n    dft n = " in parts["1009"], parts["1009"]
    assert "Rader: prime 65537" in parts["65537"] or \
        "Bluestein: 65537" in parts["65537"], parts["65537"]
    for n in ("1000", "4096"):
        assert "leaves: " in parts[n] and "step 1: radix " in parts[n]
