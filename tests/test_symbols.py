"""What libkgen exports, and what a static link pulls in (issue 14).

- lib/libkgen.so exports exactly the names runtime/kgen.h declares (with
  KGEN_API), every one prefixed kgen_: the library is built with
  -fvisibility=hidden (mk/lib.mk), so its ~500 internal codelets (vector
  n1, n1w, t1, t1v, n1v, gemmk) and the runtime's shared helpers are not
  part of its ABI.  A program that declares an internal codelet itself
  links against libkgen.a but not against libkgen.so.
- Every global name of libkgen.a starts with kgen_ (the runtime's shared
  helpers are kgen_priv_*), so a static link puts nothing outside kgen's
  namespace.
- libkgen.a is one object per codelet, the tables that reach the codelets
  (registry.c, dispatch.c, plantab.c) are apart from the rest, and those
  of dispatch.c and plantab.c are one object per precision: a program that
  calls only kgen_dgemm (and kgen_strerror) links the GEMM kernels and none
  of the FFT codelets, and a double planner no float codelet (README, "Static
  links stay small where they can").
"""
import re

import pytest

from conftest import CC, LIBDIR, ROOT, SANITIZE, run

KGEN_H = ROOT / "runtime" / "kgen.h"
SO = LIBDIR / "libkgen.so"
# A static program that calls kgen_dgemm and kgen_strerror measured 50 KB
# (13.0 MB when kgen_strerror pulled in the registry's table and with it
# every codelet); one that plans a double transform 6.8 MB (13.3 MB).
DGEMM_MAX_BYTES = 1_000_000


def declared():
    """The names kgen.h declares with KGEN_API: its functions and its
    codelets.  Fails on a declaration without KGEN_API."""
    text = re.sub(r"/\*.*?\*/", " ", KGEN_H.read_text(), flags=re.S)
    text = "\n".join(line for line in text.splitlines()
                     if not line.lstrip().startswith("#")
                     and line.strip() not in ('extern "C" {', "}"))
    text = re.sub(r"\bstruct\s+\w+\s*\{.*?\};", "", text, flags=re.S)
    names = set()
    for stmt in text.split(";"):
        stmt = " ".join(stmt.split())
        if not stmt or stmt.startswith(("typedef", "struct")):
            continue
        assert stmt.startswith("KGEN_API "), \
            "kgen.h declares without KGEN_API: " + stmt
        if "(" in stmt:
            names.add(re.search(r"(\w+)\s*\(", stmt).group(1))
        else:
            names |= set(re.findall(r"\bkgen_\w+", stmt.split(None, 3)[3]))
    return names


def symbols(args):
    p = run(["nm", *args])
    assert p.returncode == 0, p.stderr
    return [f for f in map(str.split, p.stdout.splitlines()) if len(f) == 3]


def test_header_declarations():
    names = declared()
    assert {"kgen_dft", "kgen_plan_dft_1d", "kgen_dgemm", "kgen_n1_1",
            "kgen_n1f_64", "kgen_version"} <= names
    assert all(n.startswith("kgen_") for n in names)


def test_shared_exports_only_the_api():
    if not SO.exists():
        pytest.skip("%s is not built" % SO)
    exported = {f[2] for f in symbols(["-D", "--defined-only", SO])}
    names = declared()
    assert exported - names == set(), \
        "exported but not in kgen.h: %s" % sorted(exported - names)[:20]
    assert names - exported == set(), \
        "in kgen.h but not exported: %s" % sorted(names - exported)[:20]


def test_archive_names_are_prefixed(libkgen):
    bad = sorted({f[2] for f in symbols(["-g", "--defined-only", libkgen])
                  if not f[2].startswith("kgen_")})
    assert bad == [], "libkgen.a globals without kgen_: %s" % bad


INTERNAL = r"""
#include <stddef.h>
void kgen_t1_4(double *ri, double *ii, const double *W, ptrdiff_t rs,
    ptrdiff_t mb, ptrdiff_t me, ptrdiff_t ms);
int main(void)
{
	double ri[4] = {1, 0, 0, 0}, ii[4] = {0}, W[6] = {1, 0, 1, 0, 1, 0};
	kgen_t1_4(ri, ii, W, 1, 0, 1, 1);
	return ri[1] != 1;
}
"""


def test_internal_codelet_links_statically_only(libkgen, tmp_path):
    """kgen_t1_4 is in the library but not its API: the archive has it,
    the shared library does not export it."""
    if not SO.exists():
        pytest.skip("%s is not built" % SO)
    src = tmp_path / "internal.c"
    src.write_text(INTERNAL)
    p = run([CC, "-std=c99", *SANITIZE, "-o", tmp_path / "a", src,
             libkgen, "-lm"])
    assert p.returncode == 0, p.stderr
    assert run([tmp_path / "a"]).returncode == 0
    p = run([CC, "-std=c99", *SANITIZE, "-o", tmp_path / "b", src,
             "-L", LIBDIR, "-lkgen", "-lm"])
    assert p.returncode != 0 and "kgen_t1_4" in p.stderr, p.stderr


DGEMM = r"""
#include <stdio.h>
#include "kgen.h"
int main(void)
{
	double A[4] = {1, 2, 3, 4}, B[4] = {1, 0, 0, 1}, C[4] = {0};
	int s = kgen_dgemm(2, 2, 2, A, 2, B, 2, C, 2);
	printf("%s %g %g %g %g\n", kgen_strerror(s), C[0], C[1], C[2], C[3]);
	return s;
}
"""

PLAN = r"""
#include <stdio.h>
#include "kgen.h"
int main(void)
{
	double re[12] = {1}, im[12] = {0};
	kgen_plan *p = kgen_plan_dft_1d(12, -1, 0);
	int s = kgen_execute(p, re, im, re, im);
	kgen_destroy(p);
	printf("%s %g %g\n", kgen_strerror(s), re[5], im[5]);
	return s;
}
"""


def static_program(tmp_path, name, text, libkgen):
    src = tmp_path / (name + ".c")
    src.write_text(text)
    exe = tmp_path / name
    p = run([CC, "-std=c99", "-O2", *SANITIZE, "-I", ROOT / "runtime",
             "-o", exe, src, libkgen, "-lm"])
    assert p.returncode == 0, p.stderr
    out = run([exe])
    assert out.returncode == 0, out.stderr
    names = {f[2] for f in symbols([exe])}
    return exe, out.stdout.split(), names


def test_static_dgemm_program_is_small(libkgen, tmp_path):
    if SANITIZE:
        pytest.skip("sizes are measured without sanitizers")
    exe, out, names = static_program(tmp_path, "dgemm", DGEMM, libkgen)
    assert out == ["success", "1", "2", "3", "4"]
    assert any(n.startswith("kgen_gemmk_") for n in names)
    fft = sorted(n for n in names
                 if re.match(r"kgen_(n1|t1)\w*_\d+$", n))
    assert fft == [], "a kgen_dgemm program links FFT codelets: %s" % fft[:8]
    size = exe.stat().st_size
    assert size < DGEMM_MAX_BYTES, "%d bytes" % size


def test_static_plan_program_links_one_precision(libkgen, tmp_path):
    """A double planner links the codelets it may choose, of every ISA,
    and none of float's or GEMM's: dispatch.c, like plan.c, is one object
    per precision."""
    exe, out, names = static_program(tmp_path, "plan", PLAN, libkgen)
    assert out == ["success", "1", "0"]
    assert "kgen_t1_4" in names and "kgen_n1_3" in names
    other = sorted(n for n in names if n.startswith("kgen_gemmk_") or
                   re.match(r"kgen_(n1|n1w|n1x|n1xl|t1|t1v|n1v)f_", n))
    assert other == [], other[:8]
