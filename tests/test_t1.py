"""Twiddle codelets (kgen fft --kind t1 / --twiddle): FFTW's t1 kind.

Every radix the runtime uses is generated for both signs, compiled once
into tests/t1check.c and checked against FFTW by doing one radix-r DIT
step of a size r*m DFT in several layouts (split, interleaved, the loop
over butterflies in two calls, butterflies strided by ms with rs = 1),
with guard values around the data.  Operation counts must not exceed
those of genfft's t1 codelets (tests/data/genfft-opcounts.csv).
"""
import csv
import os
import re
import subprocess

import pytest

from conftest import CC, KGEN, SANITIZE, TESTS

DATA = str(TESTS / "data")
RADICES = [2, 3, 4, 5, 7, 8, 10, 16, 32, 64]
M = 12          # butterflies per step: n = r * M


def kgen(*args):
    return subprocess.run([KGEN] + [str(a) for a in args],
                          capture_output=True, text=True)


def counts(text):
    m = re.search(r"(\d+) additions, (\d+) multiplications, (\d+) FMAs",
                  text)
    return tuple(int(x) for x in m.groups())


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    d = tmp_path_factory.mktemp("t1")
    lines, srcs = [], []
    for r in RADICES:
        for sign in (-1, 1):
            name = "t1_%d_%s" % (r, "f" if sign < 0 else "b")
            out = d / (name + ".c")
            res = kgen("fft", "-n", r, "--twiddle", "--sign", sign,
                       "--name", name, "-o", out)
            assert res.returncode == 0, res.stderr
            lines.append("X(%d, %d, %s)\n" % (r, sign, name))
            srcs.append(str(out))
    (d / "list.h").write_text("".join(lines))
    exe = d / "t1check"
    r = subprocess.run([CC, "-O1", "-std=c11", "-Wall", "-Werror",
                        *SANITIZE, "-DLIST=\"list.h\"", "-I" + str(d),
                        "-o", str(exe), str(TESTS / "t1check.c")] + srcs
                       + ["-lfftw3", "-lm"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(exe), str(M)], capture_output=True,
                         text=True, check=True).stdout
    seed = out.splitlines()[0]
    rows = {}
    for line in out.splitlines()[1:]:
        name, layout, err, guards = line.split()
        rows[(name, layout)] = (float(err), int(guards))
    return seed, rows


@pytest.mark.parametrize("r", RADICES)
@pytest.mark.parametrize("sign", [-1, 1])
def test_t1_against_fftw(results, r, sign):
    seed, rows = results
    name = "t1_%d_%s" % (r, "f" if sign < 0 else "b")
    n = r * M
    bound = 1e-14 * (1 + (n.bit_length() - 1))
    layouts = [k for k in rows if k[0] == name]
    assert len(layouts) == 4
    for key in layouts:
        err, guards = rows[key]
        assert err <= bound, "%s %s: error %g > %g (%s)" % (
            key[0], key[1], err, bound, seed)
        assert guards == 0, "%s %s wrote outside its data" % key


def genfft_t1():
    with open(os.path.join(DATA, "genfft-opcounts.csv")) as f:
        return {int(row["n"]): row for row in csv.DictReader(f)
                if row["kind"] == "t1" and row["flavour"] == "plain"}


@pytest.mark.parametrize("r", sorted(genfft_t1()))
def test_t1_counts_at_most_genfft(r):
    ref = genfft_t1()[r]
    res = kgen("fft", "-n", r, "--twiddle")
    assert res.returncode == 0, res.stderr
    add, mul, fma = counts(res.stdout)
    assert fma == 0
    assert add <= int(ref["fp_add"]), (add, ref["fp_add"])
    assert mul <= int(ref["fp_mul"]), (mul, ref["fp_mul"])


def test_t1_signature_and_header():
    res = kgen("fft", "-n", 8, "--kind", "t1")
    assert res.returncode == 0
    assert ("t1_8(double *ri, double *ii, const double *W, ptrdiff_t rs,"
            in res.stdout)
    assert "ptrdiff_t mb, ptrdiff_t me, ptrdiff_t ms)" in res.stdout
    assert "DO NOT EDIT" in res.stdout
    # float codelets have the same shape
    res = kgen("fft", "-n", 4, "--twiddle", "--type", "float")
    assert "t1f_4(float *ri, float *ii, const float *W" in res.stdout


def test_t1_bad_input():
    res = kgen("fft", "-n", 1, "--twiddle")
    assert res.returncode == 2
    assert res.stderr.startswith("kgen: ") and "radix" in res.stderr
    res = kgen("fft", "-n", 8, "--kind", "t2")
    assert res.returncode == 2
    assert res.stderr.startswith("kgen: --kind t2")


def test_vector_kinds_cli():
    """t1v and n1v (the planner's vector codelets, checked against FFTW
    through tests/test_plan.py on every ISA) need --simd; an n1v size must
    be a multiple of the lanes."""
    res = kgen("fft", "-n", 8, "--kind", "t1v")
    assert res.returncode == 2 and "--simd" in res.stderr
    res = kgen("fft", "-n", 12, "--kind", "n1v", "--simd", "avx512")
    assert res.returncode == 2 and "multiple of the 8 lanes" in res.stderr
    res = kgen("fft", "-n", 12, "--kind", "n1v", "--simd", "avx2")
    assert res.returncode == 0, res.stderr
    assert "kgen_n1v" not in res.stdout and "n1v_avx2_12(const double *ri" \
        in res.stdout
    res = kgen("fft", "-n", 16, "--kind", "t1v", "--simd", "avx512",
               "--type", "float")
    assert res.returncode == 0, res.stderr
    assert "16 lanes (avx512)" in res.stdout
