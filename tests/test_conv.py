"""FIR codelets (kgen conv) against a naive long-double loop.

Random, sparse, symmetric, antisymmetric, +-1 and all-zero taps are
generated, compiled into tests/convcheck.c and run on three signals in a
strided layout with gaps, guard values around every output.  The bound:
y_i = sum_j h_j x_(i+j), however kgen groups the terms (taps of equal
magnitude share a multiplication), is a sum of at most ntaps rounded
products and sums, so |error| <= gamma_(ntaps+1) sum_j |h_j x_(i+j)|
(Higham 3.1); the test allows (ntaps + 2) u times that sum.
The operation counts in the header are checked exactly: a zero tap costs
nothing, a symmetric filter ceil(L/2) multiplications per output.
"""
import os
import random
import re
import subprocess

import pytest

from conftest import CC, KGEN, SANITIZE, TESTS

SEED = 7321


def kgen(*args):
    return subprocess.run([KGEN] + [str(a) for a in args],
                          capture_output=True, text=True)


def taps_arg(h):
    return ",".join(repr(float(v)) for v in h)


def tapsets():
    rng = random.Random(SEED)
    r = lambda: rng.uniform(-1, 1)
    sets = {
        "one": [r()],
        "two": [r(), r()],
        "rand7": [r() for _ in range(7)],
        "rand16": [r() for _ in range(16)],
        "rand33": [r() for _ in range(33)],
        "sparse": [0.0] * 31,
        "sym11": None,
        "anti10": None,
        "unit": [1.0, -1.0, 0.0, 1.0, -1.0],
        "zero": [0.0, 0.0, 0.0],
        "equal": [0.5, -0.5, 0.5, 0.5, -0.5, 0.5],
    }
    for j, v in [(0, r()), (7, r()), (19, 1.0), (30, r())]:
        sets["sparse"][j] = v
    half = [r() for _ in range(6)]
    sets["sym11"] = half + half[-2::-1]
    half = [r() for _ in range(5)]
    sets["anti10"] = half + [-v for v in half[::-1]]
    return sets


NS = {"one": 5, "two": 1, "rand7": 17, "rand16": 64, "rand33": 9,
      "sparse": 20, "sym11": 16, "anti10": 13, "unit": 8, "zero": 4,
      "equal": 10}


@pytest.fixture(scope="module")
def codelets(tmp_path_factory):
    d = tmp_path_factory.mktemp("conv")
    lst, taps, srcs, texts = [], [], [], {}
    for key, h in tapsets().items():
        name = "fir_" + key
        out = d / (name + ".c")
        r = kgen("conv", "--taps", taps_arg(h), "-n", NS[key], "--name",
                 name, "-o", out)
        assert r.returncode == 0, r.stderr
        texts[key] = out.read_text()
        lst.append("X(%s, %d, %d)\n" % (name, NS[key], len(h)))
        taps.append("static const double taps_%s[] = {%s};\n"
                    % (name, ", ".join(repr(float(v)) for v in h)))
        srcs.append(str(out))
    (d / "convlist.h").write_text("".join(lst))
    (d / "convtaps.h").write_text("".join(taps))
    exe = d / "convcheck"
    r = subprocess.run([CC, "-std=c11", "-O1", "-Wall", "-Werror",
                        *SANITIZE, "-I" + str(d), "-o", str(exe),
                        str(TESTS / "convcheck.c")] + srcs
                       + ["-lm"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(exe), str(SEED)], capture_output=True,
                         text=True, check=True).stdout
    rows = {l.split()[0]: l.split() for l in out.splitlines()[1:]}
    return texts, rows


def test_against_naive_loop(codelets):
    texts, rows = codelets
    assert len(rows) == len(NS)
    bad = [r for r in rows.values()
           if not (float(r[3]) <= 1 and r[4] == "ok")]
    assert not bad, "seed %d: %s" % (SEED, bad)


def counts(text):
    m = re.search(r"(\d+) additions, (\d+) multiplications, (\d+) FMAs, "
                  r"(\d+) negations,\n \* (\d+) constants, (\d+) loads, "
                  r"(\d+) stores", text)
    return dict(zip(["add", "mul", "fma", "neg", "con", "load", "store"],
                    map(int, m.groups())))


def test_zero_taps_cost_nothing(codelets):
    """31 taps of which 4 are nonzero, one of them 1: per output 3
    multiplications and 3 additions; only the inputs some nonzero tap
    reads are loaded."""
    texts, _ = codelets
    c = counts(texts["sparse"])
    n = NS["sparse"]
    assert c["mul"] == 3 * n and c["add"] == 3 * n
    used = {i + j for i in range(n) for j in (0, 7, 19, 30)}
    assert c["load"] == len(used)
    c = counts(texts["zero"])
    assert c["load"] == 0 and c["mul"] == 0 and c["store"] == NS["zero"]


def test_symmetric_taps_share_multiplications(codelets):
    """11 symmetric taps: 6 multiplications per output instead of 11, and
    10 antisymmetric taps 5; taps that are all +-0.5 one."""
    texts, _ = codelets
    assert counts(texts["sym11"])["mul"] == 6 * NS["sym11"]
    assert counts(texts["anti10"])["mul"] == 5 * NS["anti10"]
    assert counts(texts["equal"])["mul"] == NS["equal"]
    assert counts(texts["unit"])["mul"] == 0


def test_taps_file_same_codelet(tmp_path):
    """A taps file (commas, white space, comments) makes the same codelet
    as --taps with the same numbers."""
    f = tmp_path / "taps.txt"
    f.write_text("# a smoothing filter\n0.25, 0.5  # centre\n\n 0x1p-2\n")
    a = kgen("conv", "--taps-file", f, "-n", 6, "--name", "s")
    b = kgen("conv", "--taps", "0.25,0.5,0.25", "-n", 6, "--name", "s")
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    body = lambda t: t[t.index("#include"):]
    assert body(a.stdout) == body(b.stdout)


def test_same_bytes():
    a = kgen("conv", "--taps", "1,2.5,-3", "-n", 7)
    b = kgen("conv", "--taps", "1,2.5,-3", "-n", 7)
    assert a.returncode == 0 and a.stdout == b.stdout


BAD = [
    (["--taps", "1,,2", "-n", 4], "tap 2 is empty"),
    (["--taps", "1,", "-n", 4], "comma ends"),
    (["--taps", ",1", "-n", 4], "tap 1 is empty"),
    (["--taps", "1, 2", "-n", 4], "white space"),
    (["--taps", "abc", "-n", 4], "'abc', is not a number"),
    (["--taps", "1.5.2", "-n", 4], "not a number"),
    (["--taps", "0x", "-n", 4], "not a number"),
    (["--taps", "inf", "-n", 4], "out of range"),
    (["--taps", "nan", "-n", 4], "out of range"),
    (["--taps", "1e999", "-n", 4], "out of range"),
    (["--taps", "", "-n", 4], "no taps"),
    (["--taps", "1,2"], "-n"),
    (["--taps", "1,2", "-n", 0], "-n 0"),
    (["-n", 3], "exactly one"),
    (["--taps", "1", "--taps-file", "x", "-n", 3], "exactly one"),
    (["--taps-file", "/nonexistent/taps", "-n", 3], "cannot read"),
    (["--taps", ",".join(["1"] * 4097), "-n", 1], "more than 4096"),
    (["--taps", ",".join(["1"] * 1000), "-n", 2000], "at most 1048576"),
    (["--taps", "1", "-n", 3, "--kloop"], "only"),
]


@pytest.mark.parametrize("args,word", BAD)
def test_bad_input(tmp_path, args, word):
    """Exit 2, one line starting 'kgen:' that says what is wrong, and no
    output file left behind."""
    r = kgen("conv", *(args + ["-o", tmp_path / "out.c"]))
    assert r.returncode == 2, r.stdout[:200]
    assert r.stderr.startswith("kgen: ") and r.stderr.count("\n") == 1
    assert word in r.stderr, r.stderr
    assert not os.listdir(tmp_path)


def test_bad_taps_file_names_the_line(tmp_path):
    f = tmp_path / "taps.txt"
    f.write_text("0.5\n0.25 # fine\n0.25q\n")
    r = kgen("conv", "--taps-file", f, "-n", 3)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "line 3: tap 3, '0.25q', is not a number" in r.stderr
