"""kgen fft --emit fftw for t2 and the real-data twiddle families (hc2cf,
hc2cb, hc2cfdft, hc2cbdft, hf, hb and their log3 twins; gen/hc2c.c,
emit/fftwrdft.c): each writes FFTW 3.3.10's function, twinstr and
descriptor, the same bytes twice, and compiles in both forms against
FFTW's headers where build/fftw (mk/fftw.mk) is there.  Correctness
inside FFTW is checked by FFTW's own tests/bench --verify (docs/design.md
says how); this file is the cheap part."""
import pathlib
import re
import subprocess

import pytest

from conftest import KGEN, ROOT

FFTW = ROOT / "build" / "fftw"

# family: (a size, the function's first parameters, the registration)
FAMS = {
    "t2": (8, "R *ri, R *ii, const R *W", "X(kdft_dit_register)"),
    "hc2cf": (8, "R *Rp, R *Ip, R *Rm, R *Im, const R *W",
              "X(khc2c_register)"),
    "hc2cb": (6, "R *Rp, R *Ip, R *Rm, R *Im, const R *W",
              "X(khc2c_register)"),
    "hc2cfdft": (4, "R *Rp, R *Ip, R *Rm, R *Im, const R *W",
                 "X(khc2c_register)"),
    "hc2cbdft": (10, "R *Rp, R *Ip, R *Rm, R *Im, const R *W",
                 "X(khc2c_register)"),
    "hf": (5, "R *cr, R *ci, const R *W", "X(khc2hc_register)"),
    "hb": (16, "R *cr, R *ci, const R *W", "X(khc2hc_register)"),
    "hc2cf2": (16, "R *Rp, R *Ip, R *Rm, R *Im, const R *W",
               "X(khc2c_register)"),
    "hc2cb2": (8, "R *Rp, R *Ip, R *Rm, R *Im, const R *W",
               "X(khc2c_register)"),
    "hc2cfdft2": (8, "R *Rp, R *Ip, R *Rm, R *Im, const R *W",
                  "X(khc2c_register)"),
    "hc2cbdft2": (4, "R *Rp, R *Ip, R *Rm, R *Im, const R *W",
                  "X(khc2c_register)"),
    "hf2": (25, "R *cr, R *ci, const R *W", "X(khc2hc_register)"),
    "hb2": (5, "R *cr, R *ci, const R *W", "X(khc2hc_register)"),
    # the square, shifted and r2r families (gen/twidsq.c, realshift.c)
    "q1": (3, "R *rio, R *iio, const R *W, stride rs, stride vs",
           "X(kdft_difsq_register)"),
    "r2cfII": (6, "R *R0, R *R1, R *Cr, R *Ci", "X(kr2c_register)"),
    "r2cbIII": (5, "R *R0, R *R1, R *Cr, R *Ci", "X(kr2c_register)"),
    "e10": (8, "const R *I, R *O", "X(kr2r_register)"),
    "e01": (8, "const R *I, R *O", "X(kr2r_register)"),
}
NOTW = {"r2cfII", "r2cbIII", "e10", "e01"}


def emit(kind, n):
    r = subprocess.run([KGEN, "fft", "--emit", "fftw", "--kind", kind,
                        "-n", str(n)], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize("kind", sorted(FAMS))
def test_family(kind):
    n, params, reg = FAMS[kind]
    text = emit(kind, n)
    assert text == emit(kind, n), "not deterministic"
    name = "%s_%d" % (kind, n)
    assert text.count("static void %s(%s" % (name, params)) == 2
    assert text.count("%s (p, %s, &desc" % (reg, name)) == 2
    # the log3 kinds load only w_x for x = 1, 3, 9, ... (n-1 at most)
    if kind in NOTW:
        assert "tw_instr" not in text
        return
    log3 = kind.endswith("2") and kind != "hc2cbdft2"
    cexp = re.findall(r"\{ TW_CEXP, (\d), (\d+) \}", text)
    if log3:
        xs, p = [], 1
        while sum(xs) < n - 1:
            xs.append(min(p, n - 1))
            p *= 3
        assert [int(x) for _, x in cexp] == 2 * xs
    else:
        assert not cexp and text.count("{ TW_FULL, %d, %d }"
                                       % (kind not in ("t2", "q1"), n)) == 2


def test_counts_shifted_at_genfft():
    # genfft's e10_8 (plain) { 20, 10, 6, 0 }'s 42 operations, q1_4's
    # { 64, 24, 24, 0 }, r2cfII_32's 256
    def total(text, form):
        m = re.findall(r"This function contains (\d+) FP additions, "
                       r"(\d+) FP multiplications", text)[form]
        return int(m[0]) + int(m[1])
    assert total(emit("e10", 8), 1) == 42
    assert total(emit("q1", 4), 1) == 136
    assert total(emit("r2cfII", 32), 1) == 256


@pytest.mark.parametrize("kind,n,genfft", [("r2cfII", 7, 42),
                                           ("r2cfII", 9, 72),
                                           ("r2cfII", 15, 105),
                                           ("r2cfII", 25, 361),
                                           ("r2cbIII", 7, 43)])
def test_counts_shifted_routes(kind, n, genfft):
    # gen/realshift.c's routes (odd n: a real DFT of (-1)^j x_j; its
    # transpose) against genfft's plain counts of the same files
    m = re.findall(r"This function contains (\d+) FP additions, "
                   r"(\d+) FP multiplications", emit(kind, n))[1]
    assert int(m[0]) + int(m[1]) <= genfft


@pytest.mark.parametrize("kind", ["hc2cf", "hf", "hc2cb", "hb"])
def test_counts_at_genfft(kind):
    # genfft's hc2cf_4, hf_4, ...: { 16, 6, 6, 0 }, the stored conjugate
    # with no negation left
    text = emit(kind, 4)
    assert text.count("{ 16, 6, 6, 0 }") == 1
    assert not re.search(r"= -T", text)


def test_list_and_errors():
    r = subprocess.run([KGEN, "fft", "--emit", "fftw", "--list"],
                       capture_output=True, text=True, timeout=60)
    assert "hc2cf 32 rdft/scalar/r2cf/hc2cf_32.c" in r.stdout
    assert "hb2 25 rdft/scalar/r2cb/hb2_25.c" in r.stdout
    assert "t2 64 dft/scalar/codelets/t2_64.c" in r.stdout
    assert "r2cbIII 64 rdft/scalar/r2cb/r2cbIII_64.c" in r.stdout
    assert "e01 8 rdft/scalar/r2r/e01_8.c" in r.stdout
    assert "q1 8 dft/scalar/codelets/q1_8.c" in r.stdout
    r = subprocess.run([KGEN, "fft", "--emit", "fftw", "--kind", "hc2cf",
                        "-n", "7"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode != 0 and "even" in r.stderr


def fftw_tree():
    src = FFTW / "src"
    for obj in ("obj-double", "obj-float"):
        if (FFTW / obj / "config.h").exists() and \
                (src / "rdft" / "codelet-rdft.h").exists():
            return src, FFTW / obj
    return None


@pytest.mark.parametrize("kind,n", [("hc2cfdft", 10), ("hb2", 16),
                                    ("t2", 25), ("q1", 4), ("r2cfII", 5),
                                    ("r2cbIII", 12), ("e01", 8)])
def test_compiles_in_fftw(kind, n, tmp_path):
    tree = fftw_tree()
    if tree is None:
        pytest.skip("no configured FFTW tree in build/fftw (make "
                    "build/fftw via mk/fftw.mk)")
    src, obj = tree
    c = tmp_path / ("%s_%d.c" % (kind, n))
    c.write_text(emit(kind, n))
    # the plain form: a config.h without ARCH_PREFERS_FMA
    plain = tmp_path / "plain"
    plain.mkdir()
    conf = (obj / "config.h").read_text()
    (plain / "config.h").write_text(
        re.sub(r"(?m)^#define ARCH_PREFERS_FMA.*$", "", conf))
    for inc in (obj, plain):
        r = subprocess.run(["cc", "-O1", "-Wall", "-Werror", "-I", str(inc),
                            "-I", str(src), "-c", "-o",
                            str(tmp_path / "x.o"), str(c)],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 8])
def test_q1_against_genfft(n, tmp_path):
    """FFTW's planner runs q1 only at a vector length equal to the radix,
    which check-fftw's problems never ask for: kgen's q1_N against
    genfft's q1_N on the same data, both forms (tests/fftw/q1diff.c)."""
    tree = fftw_tree()
    if tree is None or "obj-double" not in str(tree[1]):
        pytest.skip("no configured double FFTW tree in build/fftw (make "
                    "build/fftw via mk/fftw.mk)")
    src, obj = tree
    genfft = src / "dft" / "scalar" / "codelets" / ("q1_%d.c" % n)
    harness = ROOT / "tests" / "fftw" / "q1diff.c"
    for form in ("1", "0"):
        objs = []
        for who, text in (("kgen", emit("q1", n)), ("fftw",
                                                     genfft.read_text())):
            c = tmp_path / ("%s_%s.c" % (who, form))
            c.write_text(text.replace(
                "#if defined(ARCH_PREFERS_FMA) || "
                "defined(ISA_EXTENSION_PREFERS_FMA)", "#if " + form))
            o = tmp_path / ("%s_%s.o" % (who, form))
            r = subprocess.run(
                ["cc", "-O1", "-w", "-I", str(obj), "-I", str(src),
                 '-DCODELET="%s"' % c, "-DWRAP=run_" + who,
                 "-DFN=q1_%d" % n,
                 "-Dfftw_codelet_q1_%d=%s_reg" % (n, who),
                 "-Dfftw_kdft_difsq_register=%s_difsq" % who,
                 "-c", "-o", str(o), str(harness)],
                capture_output=True, text=True, timeout=120)
            assert r.returncode == 0, r.stderr
            objs.append(str(o))
        exe = tmp_path / ("q1diff_" + form)
        r = subprocess.run(["cc", "-O1", "-w", "-DMAIN", "-DN=%d" % n, "-I",
                            str(obj), "-I", str(src), "-o", str(exe),
                            str(harness)] + objs + ["-lm"],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        r = subprocess.run([str(exe)], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0, r.stdout + r.stderr
