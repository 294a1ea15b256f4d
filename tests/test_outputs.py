"""Every kind of generated file as a user drops it into a program.

- Its header documents its ABI: the prototype of what to call, and a
  Build: line saying what the compiler needs.
- It compiles without a warning under gcc, clang, g++ and clang++ with
  -Wall -Wextra -Werror (CUDA under nvcc where it is installed).
- Default names differ between kinds, types and signs, so the defaults
  of `kgen fft -n 24` and `kgen fft -n 24 --type float` link into one
  program, and both compute the DFT.
- Scalar --fma codelets fuse under -std=c99: the assembly holds as many
  FMA instructions as the header counts, and they still match FFTW.
"""
import os
import re
import shutil
import subprocess

import pytest

from conftest import CC, ISA, KGEN, TESTS, bound, pmap

SSE2, AVX2, AVX512 = (ISA[i].flags for i in ("sse2", "avx2", "avx512"))

# (id, kgen arguments, compiler flags): every emitter and codelet kind
KINDS = [
    ("n1", "fft -n 12", []),
    ("n1-float-bwd", "fft -n 12 --type float --sign 1", []),
    ("n1-fma", "fft -n 12 --fma", ["-mfma"]),
    ("n1-unit", "fft -n 1", []),
    ("t1", "fft -n 4 --kind t1", []),
    ("t1-fma", "fft -n 8 --kind t1 --fma --type float", ["-mfma"]),
    ("r2cf", "fft -n 8 --kind r2cf", []),
    ("r2cb", "fft -n 7 --kind r2cb --type float", []),
    ("simd-sse2", "fft -n 8 --simd sse2", SSE2),
    ("simd-sse2-float", "fft -n 6 --simd sse2 --type float", SSE2),
    ("simd-avx2-fma", "fft -n 8 --simd avx2 --fma", AVX2),
    ("simd-avx512", "fft -n 8 --simd avx512", AVX512),
    ("simd-avx512-float", "fft -n 16 --simd avx512 --type float --fma",
     AVX512),
    ("n1w-avx2", "fft -n 16 --kind n1w --simd avx2 --fma", AVX2),
    ("n1w-sse2", "fft -n 4 --kind n1w --simd sse2", SSE2),
    ("n1w-avx512", "fft -n 64 --kind n1w --simd avx512", AVX512),
    ("n1c-avx2", "fft -n 12 --kind n1c --simd avx2", AVX2),
    ("n1c-avx512-float", "fft -n 13 --kind n1c --simd avx512 --type float",
     AVX512),
    ("n1x-avx2", "fft -n 12 --kind n1x --simd avx2", AVX2),
    ("n1x-avx2-float", "fft -n 28 --kind n1x --simd avx2 --type float "
     "--fma", AVX2),
    ("n1x-avx512", "fft -n 20 --kind n1x --simd avx512 --sign 1", AVX512),
    ("n1v-avx2", "fft -n 8 --kind n1v --simd avx2", AVX2),
    ("n1v-sse2-float", "fft -n 4 --kind n1v --simd sse2 --type float",
     SSE2),
    ("t1v-avx2", "fft -n 4 --kind t1v --simd avx2", AVX2),
    ("t1v-avx512-float", "fft -n 8 --kind t1v --simd avx512 --type float",
     AVX512),
    ("gemm", "gemm -m 3 -n 5 -k 2", []),
    ("gemm-float-inner", "gemm -m 3 -n 5 -k 2 --type float --schedule inner",
     []),
    ("gemm-fma", "gemm -m 3 -n 5 -k 2 --fma", ["-mfma"]),
    ("gemm-vlen4", "gemm -m 8 -n 3 -k 4 --vlen 4", []),
    ("gemm-vlen8", "gemm -m 7 -n 3 -k 5 --vlen 8 --fma", AVX512),
    ("gemmk", "gemm --kloop -m 4 -n 3", []),
    ("gemmk-vlen4", "gemm --kloop -m 8 -n 3 --vlen 4 --fma", []),
    ("conv", "conv --taps 1,0,0,0,-1 -n 8", []),
    ("conv-one-tap", "conv --taps 0.5 -n 3 --type float", []),
    ("corr", "conv --taps 1,2,3 -n 5 --correlate", []),
    ("conv-fma", "conv --taps 0.1,0.2,0.3 -n 5 --fma", ["-mfma"]),
    ("plan", "fft -n 2048", []),
    ("plan-float", "fft -n 3000 --type float --sign 1", []),
]
CUDA = [("cuda-n1", "fft -n 8 --emit cuda"),
        ("cuda-gemm", "gemm -m 2 -n 3 -k 2 --emit cuda --type float")]


def kgen(args, out=None):
    p = subprocess.run([KGEN, *args.split(), *(["-o", str(out)] if out
                                                else [])],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return p.stdout


def header(text):
    return text[:text.index(" */\n") + 4]


def name_of(text):
    """The function the header says to call (its prototype's name)."""
    m = re.search(r"^ \* +(?:void|extern \"C\" __global__ void\n \*)"
                  r" ?(\w+)\(", text, re.M)
    return m and m.group(1)


@pytest.mark.parametrize("key,args", [(k, a) for k, a, _ in KINDS] + CUDA,
                         ids=[k for k, _, _ in KINDS] + [k for k, _ in CUDA])
def test_header_documents_abi(key, args):
    """The header has the prototype of the function to call, its
    definition follows, and a Build: line says what the compiler needs;
    fma() calls are announced with <math.h> and an FMA target."""
    text = kgen(args)
    h = header(text)
    name = name_of(h)
    assert name, h
    assert re.search(r"^(?:extern \"C\" __global__ )?void\n%s\(" % name,
                     text, re.M), name
    assert "Build:" in h, h
    fused = re.search(r"(\d+) FMAs", h)
    if "fma(" in text or "fmaf(" in text:
        assert "#include <math.h>" in text and "-mfma" in h
    if "--fma" in args and fused and int(fused.group(1)) > 0:
        assert "FMA" in h.split("Build:")[1], h


COMPILERS = [("gcc", []), ("clang", []), ("g++", ["-x", "c++"]),
             ("clang++", ["-x", "c++"])]


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    d = tmp_path_factory.mktemp("outputs")
    srcs = {}
    for key, args, _ in KINDS:
        srcs[key] = d / (key + ".c")
        kgen(args, srcs[key])
    return d, srcs


@pytest.mark.parametrize("comp,lang", COMPILERS, ids=[c for c, _ in COMPILERS])
def test_every_kind_compiles_warning_free(sources, comp, lang):
    """gcc, clang, g++ and clang++ at -O2 with -Wall -Wextra -Werror (clang warns about unused static helpers, g++ refuses a
    compound literal's address; both once happened)."""
    if not shutil.which(comp):
        pytest.skip("%s not installed" % comp)
    d, srcs = sources

    def one(item):
        (key, _, flags), opt = item
        p = subprocess.run([comp, *lang, "-Wall", "-Wextra", "-Werror", opt,
                            *flags, "-c", str(srcs[key]), "-o",
                            str(d / ("%s-%s%s.o" % (key, comp, opt)))],
                           capture_output=True, text=True)
        return "" if p.returncode == 0 else "%s %s: %s" % (
            key, opt, p.stderr[-600:])
    # -O0 too for gcc, whose -O0 once warned where -O2 did not
    opts = ("-O0", "-O2") if comp == "gcc" else ("-O2",)
    bad = [r for r in pmap(one, [(k, o) for k in KINDS for o in opts]) if r]
    assert not bad, "\n".join(bad)


@pytest.mark.skipif(not shutil.which("nvcc"), reason="nvcc not installed")
def test_cuda_compiles_warning_free(tmp_path):
    for key, args in CUDA:
        src = tmp_path / (key + ".cu")
        kgen(args, src)
        p = subprocess.run(["nvcc", "-Werror", "all-warnings", "-c",
                            str(src), "-o", str(tmp_path / (key + ".o"))],
                           capture_output=True, text=True)
        assert p.returncode == 0, p.stderr


def test_default_names_differ():
    """No two kinds, types, signs, ISAs or emitters share a default."""
    names = {}
    for key, args in [(k, a) for k, a, _ in KINDS] + CUDA + [
            ("n1-float", "fft -n 12 --type float"),
            ("n1-bwd", "fft -n 12 --sign 1"),
            ("simd-avx2", "fft -n 12 --simd avx2"),
            ("gemm-float", "gemm -m 3 -n 5 -k 2 --type float"),
            ("conv-float", "conv --taps 1,0,0,0,-1 -n 8 --type float"),
            ("corr-5", "conv --taps 1,0,0,0,-1 -n 8 --correlate")]:
        if "--fma" in args or "--schedule" in args:
            continue    # the same function, otherwise made
        names.setdefault(name_of(header(kgen(args))), []).append(key)
    same = {n: k for n, k in names.items() if len(k) > 1}
    assert not same, same
    assert names.keys() >= {"n1_12", "n1f_12", "n1b_12", "n1_avx2_12",
                            "n1_cuda_8", "gemmf_3x5x2", "convf_5_8",
                            "corr_5_8"}


DRIVER = r"""
#include <math.h>
#include <stddef.h>
#include <stdio.h>
void n1_24(const double *, const double *, double *, double *, ptrdiff_t,
    ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t);
void n1f_24(const float *, const float *, float *, float *, ptrdiff_t,
    ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t);

/* x_m = cos(2 pi 5m/24): X_5 = X_19 = 12, the rest 0, in both types */
int
main(void)
{
	double ri[24], ii[24] = {0}, ro[24], io[24], e = 0;
	float fri[24], fii[24] = {0}, fro[24], fio[24], fe = 0;
	int k;

	for (k = 0; k < 24; k++)
		fri[k] = (float)(ri[k] = cos(2 * M_PI * 5 * k / 24));
	n1_24(ri, ii, ro, io, 1, 1, 1, 0, 0);
	n1f_24(fri, fii, fro, fio, 1, 1, 1, 0, 0);
	for (k = 0; k < 24; k++) {
		double want = k == 5 || k == 19 ? 12 : 0;
		e = fmax(e, hypot(ro[k] - want, io[k]) / 12);
		fe = fmaxf(fe, hypotf(fro[k] - (float)want, fio[k]) / 12);
	}
	printf("%g %g\n", e, (double)fe);
	return 0;
}
"""


def test_default_double_and_float_link_together(tmp_path):
    """`kgen fft -n 24` and `kgen fft -n 24 --type float` with their
    default names, linked into one program, each a correct DFT."""
    a, b = tmp_path / "d.c", tmp_path / "f.c"
    kgen("fft -n 24", a)
    kgen("fft -n 24 --type float", b)
    drv = tmp_path / "main.c"
    drv.write_text(DRIVER)
    exe = tmp_path / "both"
    p = subprocess.run([CC, "-std=gnu99", "-O1", "-Wall", "-Werror", "-o",
                        str(exe), str(drv), str(a), str(b), "-lm"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    e, fe = map(float, subprocess.run([str(exe)], capture_output=True,
                                      text=True, check=True).stdout.split())
    assert e <= bound(24, "double") and fe <= bound(24, "float"), (e, fe)


FMA_INSN = re.compile(r"^\s*vf(?:n?m(?:add|sub))\d{3}[sp][sd]\b", re.M)


@pytest.mark.parametrize("n,typ", [(16, "double"), (24, "double"),
                                   (13, "float"), (64, "double")])
def test_scalar_fma_fused_under_c99(tmp_path, n, typ):
    """--fma emits fma()/fmaf(), so -std=c99 (no contraction) with an FMA
    target gives one FMA instruction per FMA the header counts; without
    --fma the same flags give none.  The codelet still matches FFTW."""
    src = tmp_path / "c.c"
    text = kgen("fft -n %d --fma --type %s --name fused" % (n, typ), src)
    text = src.read_text()
    want = int(re.search(r"(\d+) FMAs", header(text)).group(1))
    assert want > 0
    asm = tmp_path / "c.s"
    flags = ["-std=c99", "-O2", "-march=haswell"]
    subprocess.run([CC, *flags, "-S", "-o", str(asm), str(src)], check=True)
    got = len(FMA_INSN.findall(asm.read_text()))
    assert got == want, "header %d FMAs, assembly %d" % (want, got)
    plain = tmp_path / "p.c"
    kgen("fft -n %d --type %s --name fused" % (n, typ), plain)
    subprocess.run([CC, *flags, "-S", "-o", str(asm), str(plain)],
                   check=True)
    assert len(FMA_INSN.findall(asm.read_text())) == 0
    if typ != "double":
        return
    exe = tmp_path / "chk"
    p = subprocess.run([CC, *flags, "-DFUNC=fused",
                        str(TESTS / "fftcheck.c"), str(src), "-o",
                        str(exe), "-lfftw3", "-lm"],
                       capture_output=True, text=True)
    if p.returncode and "fftw3" in p.stderr:
        pytest.skip("FFTW not installed")
    assert p.returncode == 0, p.stderr
    out = subprocess.run([str(exe), str(n), "-1"], capture_output=True,
                         text=True, check=True).stdout.split("\n")
    rows = [l.split() for l in out]
    rows = [(r[0], float(r[1]), int(r[2])) for r in rows
            if len(r) == 3 and r[0] != "seed"]
    assert rows
    for layout, err, hits in rows:
        assert err <= bound(n, "double") and hits == 0, (layout, err, hits)
