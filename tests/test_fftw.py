"""kgen fft --emit fftw against FFTW 3.3.10's tree, cheaply.

make check-fftw builds FFTW with kgen's codelets and runs FFTW's own
tests (minutes to an hour); this file, part of make check, checks in
seconds that
  - `kgen fft --emit fftw --list` is non-empty and well formed (FAMILY N
    PATH, each PATH one of FFTW's generated files, no duplicates);
  - the smallest size of each listed family, generated twice, is the
    same text, and compiles against FFTW's internal headers (FFTW's
    source tree from make fftw-avx512 or check-fftw, with its
    config.h; skipped, saying why, where neither is there), the scalar
    families both plain and with ARCH_PREFERS_FMA, the SIMD ones with
    AVX2's simd-support header.
"""
import pathlib
import re
import subprocess

import pytest

from conftest import CC, KGEN, ROOT

SRC = ROOT / "build" / "fftw" / "src"
SRC_KGEN = ROOT / "build" / "fftw-kgen" / "src"
# a configured build dir gives config.h
OBJS = [ROOT / "build" / "fftw" / "obj-double",
        ROOT / "build" / "fftw-kgen" / "obj-simd",
        ROOT / "build" / "fftw-kgen" / "obj-scalar"]
LINE = re.compile(r"([A-Za-z0-9]+) ([0-9]+) ((?:dft|rdft)/[A-Za-z0-9/_]+\.c)")


def listing():
    out = subprocess.run([KGEN, "fft", "--emit", "fftw", "--list"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_list_well_formed():
    lines = listing()
    assert lines, "kgen fft --emit fftw --list prints nothing"
    paths = set()
    for ln in lines:
        m = LINE.fullmatch(ln)
        assert m, "bad --list line: %r" % ln
        fam, n, path = m.groups()
        assert pathlib.PurePath(path).name == "%s_%s.c" % (fam, n), ln
        assert path not in paths, "listed twice: " + path
        paths.add(path)
        if SRC.is_dir():
            assert (SRC / path).is_file(), "not in FFTW's tree: " + path


def smallest():
    """the smallest listed size of each family: (family, n, path)"""
    best = {}
    for ln in listing():
        fam, n, path = ln.split()
        if fam not in best or int(n) < best[fam][0]:
            best[fam] = (int(n), path)
    return sorted((f, n, p) for f, (n, p) in best.items())


def fftw_tree():
    src = next((s for s in (SRC, SRC_KGEN)
                if (s / "kernel" / "ifftw.h").is_file()), None)
    obj = next((o for o in OBJS if (o / "config.h").is_file()), None)
    if not src or not obj:
        pytest.skip("no configured FFTW 3.3.10 tree (make fftw-avx512 or "
                    "make check-fftw makes one)")
    return src, obj


@pytest.mark.parametrize("fam,n,path", smallest())
def test_family_compiles(fam, n, path, tmp_path):
    src, obj = fftw_tree()
    out = tmp_path / pathlib.PurePath(path).name
    args = [KGEN, "fft", "--emit", "fftw", "--kind", fam, "-n", str(n)]
    for f in (out, tmp_path / "again.c"):
        r = subprocess.run(args + ["-o", str(f)], capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0, r.stderr
    assert out.read_text() == (tmp_path / "again.c").read_text(), \
        "not byte-identical twice"
    inc = ["-I", str(obj), "-I", str(src), "-I", str(src / "kernel")]
    if path.startswith("dft/simd/") or path.startswith("rdft/simd/"):
        forms = [["-mavx2", "-mfma",
                  '-DSIMD_HEADER="simd-support/simd-avx2.h"']]
    else:
        forms = [[], ["-DARCH_PREFERS_FMA"]]
    for form in forms:
        r = subprocess.run([CC, "-std=gnu99", "-O0", "-c", "-Wall",
                            "-Werror=implicit-function-declaration",
                            "-o", str(tmp_path / "x.o"), str(out)] + inc +
                           form, capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0, "%s %s: %s" % (path, form, r.stderr)


def test_bad_input():
    r = subprocess.run([KGEN, "fft", "--emit", "fftw", "--kind", "nosuch",
                        "-n", "4", "-o", "/dev/null"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1
