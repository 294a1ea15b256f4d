"""Real-data codelets (kgen fft --kind r2cf|r2cb, --real) and whole real
transforms (kgen_plan_dft_r2c_1d / c2r and their float twins) against FFTW.

All sizes are generated, compiled once into tests/realcheck.c and compared
with FFTW's r2c and c2r in a contiguous and a strided, batched layout with
guard values (r2cb must also leave its inputs alone and ignore Im X_0 and
Im X_n/2).  Operation counts must not exceed genfft's r2cf codelets
(tests/data/genfft-opcounts.csv): r2cf_16 58+12, r2cf_32 156+42, r2cf_64
394+124.
"""
import csv
import math
import os
import re
import subprocess

import pytest

from conftest import CC, KGEN, ROOT, SANITIZE, TESTS, cc

DATA = str(TESTS / "data")
SIZES = list(range(1, 17)) + [18, 20, 24, 25, 27, 32, 36, 64, 128]


def kgen(*args):
    return subprocess.run([KGEN] + [str(a) for a in args],
                          capture_output=True, text=True)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    d = tmp_path_factory.mktemp("real")
    lines, srcs = [], []
    for n in SIZES:
        for kind in ("r2cf", "r2cb"):
            name = "%s_%d" % (kind, n)
            out = d / (name + ".c")
            res = kgen("fft", "-n", n, "--kind", kind, "-o", out)
            assert res.returncode == 0, res.stderr
            lines.append("X(%d, %d, %s)\n" % (n, kind == "r2cb", name))
            srcs.append(str(out))
    (d / "list.h").write_text("".join(lines))
    exe = d / "realcheck"
    r = subprocess.run([CC, "-O1", "-std=c11", "-Wall", "-Werror",
                        *SANITIZE, "-DLIST=\"list.h\"", "-I" + str(d),
                        "-o", str(exe), str(TESTS / "realcheck.c")] + srcs
                       + ["-lfftw3", "-lm"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(exe)], capture_output=True, text=True,
                         check=True).stdout
    rows = {}
    for line in out.splitlines()[1:]:
        name, layout, err, guards = line.split()
        rows[(name, layout)] = (float(err), int(guards))
    return out.splitlines()[0], rows


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", ["r2cf", "r2cb"])
def test_real_against_fftw(results, n, kind):
    seed, rows = results
    bound = 1e-14 * (1 + max(n.bit_length() - 1, 0))
    for layout in ("single", "batched"):
        err, guards = rows[("%s_%d" % (kind, n), layout)]
        assert err <= bound, "%s_%d %s: %g > %g (%s)" % (
            kind, n, layout, err, bound, seed)
        assert guards == 0, "%s_%d %s: stray writes" % (kind, n, layout)


def genfft_r2cf():
    with open(os.path.join(DATA, "genfft-opcounts.csv")) as f:
        return {int(row["n"]): row for row in csv.DictReader(f)
                if row["kind"] == "r2cf" and row["flavour"] == "plain"}


@pytest.mark.parametrize("n", sorted(genfft_r2cf()))
def test_r2cf_counts_at_most_genfft(n):
    ref = genfft_r2cf()[n]
    res = kgen("fft", "-n", n, "--real")
    assert res.returncode == 0, res.stderr
    m = re.search(r"(\d+) additions, (\d+) multiplications", res.stdout)
    add, mul = int(m.group(1)), int(m.group(2))
    assert add <= int(ref["fp_add"]), (n, add, ref["fp_add"])
    assert mul <= int(ref["fp_mul"]), (n, mul, ref["fp_mul"])


def test_real_signatures():
    res = kgen("fft", "-n", 8, "--real")
    assert ("r2cf_8(const double *R0, const double *R1, double *Cr, "
            "double *Ci," in res.stdout)
    res = kgen("fft", "-n", 8, "--kind", "r2cb", "--type", "float")
    assert ("r2cbf_8(float *R0, float *R1, const float *Cr, const float *Ci,"
            in res.stdout)


def test_real_bad_input():
    res = kgen("fft", "-n", 8, "--real", "--sign", "1")
    assert res.returncode == 2 and res.stderr.startswith("kgen: --sign 1")
    res = kgen("fft", "-n", 0, "--real")
    assert res.returncode == 2 and res.stderr.startswith("kgen: ")


# ---- whole real transforms (runtime/real.c) ------------------------------

REAL_SAMPLE = [1025, 2047, 4096, 6000, 65536, 65537, 100000, 1048576]


@pytest.fixture(scope="module", params=["double", "float"])
def realplancheck(request, libkgen, tmp_path_factory):
    exe = tmp_path_factory.mktemp("realplan") / ("realplancheck_"
                                                 + request.param)
    single = ["-DSINGLE"] if request.param == "float" else []
    cc([TESTS / "realplancheck.c"], exe, opt="-O1",
       flags=["-std=c11", "-Werror", *single, "-I", ROOT / "runtime"],
       libs=[libkgen, "-lfftw3", "-lm"])
    return exe, {"double": 1e-14, "float": 2e-5}[request.param]


@pytest.mark.parametrize("args", [["1", "1024"], ["-l"] + [
    str(n) for n in REAL_SAMPLE]])
def test_real_plans_against_fftw(realplancheck, args):
    exe, unit = realplancheck
    out = subprocess.run([str(exe)] + args, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    seed, rows = out[0], [l.split() for l in out[1:]]
    assert len(rows) == 2 * (1024 if args[0] == "1" else len(args) - 1)
    for n, kind, err, guards in rows:
        n = int(n)
        bound = unit * (1 + math.log2(n))
        assert float(err) <= bound, "n=%d %s: %s > %g (%s)" % (
            n, kind, err, bound, seed)
        assert guards == "0", "n=%d %s: stray writes or changed input" % (
            n, kind)
