"""The FFTW-style interface (runtime/kgen.h: kgen_plan_dft and its 2-D,
3-D, many and guru forms, kgen_execute_dft and kgen_execute on their
plans, r2c and c2r in FFTW's layout, kgen_plan_with_nthreads,
kgen_plan_describe) against FFTW in double.

tests/ndcheck.c (built by conftest's ndcheck fixture, in double and in
float) runs each problem, written in FFTW's bench syntax (ocf100:2:3 is
n = 100 read at stride 2, written at stride 3; *3:260:270 three
transforms at distances 260 and 270), on arrays with guard values around
and between the elements, and prints its error relative to the largest
output, the guards it changed and the input values an out-of-place call
changed.  Ranks 1 to 3, both signs, both precisions, in and out of
place, interleaved and split, one and two threads; real transforms with
even and odd last dimensions, in place with FFTW's padding; layouts
with separate input and output strides and distances; the calls the
contract refuses (ndcheck -e).  Bound: docs/design.md's
1e-14 (1 + log2 N) in double, 2e-5 (1 + log2 N) in float, N the
product of the sizes.
"""
import re
import subprocess

import pytest

from conftest import bound

# complex: ranks 1..3, powers of two and not, odd sizes
COMPLEX = ["8x8", "16x64", "64x64", "100x100", "128x256", "4x8x16",
           "16x16x16", "12x10x14", "1000", "4096"]
# real: last dimension even and odd
REAL = ["64", "63", "1000", "8x8", "8x9", "100x100", "30x45", "4x8x16",
        "6x5x7", "16x16x15"]
# separate input and output strides and distances (kgen_plan_guru_dft):
# bench-style ones, a batch of 3 with gaps, a transposing 2-D, two loops,
# a negative stride, in place with gaps
GURU = ["ocf100:2:3", "ocb200:1*3:200:250", "ocf16x16*3:260:270",
        "ocb8:16:1x16:1:8", "ocf8x8*3:140:140x2:64:70", "ocb64:-1:2",
        "icf8x8*3:70:70", "icb12x10x14*2:1700:1700", "ocf4x8x16*5"]
# kgen_plan_many_dft_nd and _many_dft_r2c / _c2r (strides, embeds and
# distances read back from the layout; NULL embeds where they are n)
MANY = ["ocf16x16*3:260:270", "ocb16:20:34x16:1:2*2:330:560",
        "icf10x12*4:130:130", "ocf100:2:3*2:1:1", "orf16x16*3:300:150",
        "orb16x15*3:150:300", "irf8x8*2", "irb8x9*3",
        "orf8:20:10x9:2:1*2:200:90", "orb6x5x7*2"]


def run(nd, args):
    """ndcheck's rows: [problem, api, N, status, err, guards, input]."""
    p = subprocess.run([str(nd[0])] + [str(a) for a in args],
                       capture_output=True, text=True)
    assert p.returncode == 0, "ndcheck %s: exit %d: %s" % (
        " ".join(map(str, args)), p.returncode, p.stderr[-2000:])
    lines = p.stdout.splitlines()
    return lines[0], [l.split() for l in lines[1:] if not l.startswith("#")]


def problems(kinds, sizes):
    """Every size in each of kinds (prefixes like ocf, irb)."""
    return [k + s for k in kinds for s in sizes]


def judge(rows, prec, what=""):
    """The problems each row broke, as text (empty: all within the
    contract)."""
    bad = []
    for prob, api, n, st, err, guards, inp in rows:
        b = bound(int(n), prec)
        if st != "0":
            bad.append("%s (%s): status %s%s" % (
                prob, api, st, " (no plan)" if st == "-100" else ""))
        elif not float(err) <= b:
            bad.append("%s (%s): error %s > %.2e" % (prob, api, err, b))
        if guards != "0":
            bad.append("%s (%s): %s guard values changed" % (prob, api,
                                                             guards))
        if inp != "0":
            bad.append("%s (%s): out of place changed %s input values" %
                       (prob, api, inp))
    return ["%s %s: %s" % (prec, what, x) for x in bad]


def check(nd, args, probs):
    seed, rows = run(nd, args + probs)
    assert len(rows) == len(probs), rows
    bad = judge(rows, nd[1], " ".join(map(str, args)))
    assert not bad, "%s (%s)" % (bad[:8], seed)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("split", [False, True])
def test_complex(ndcheck, split, threads):
    """kgen_plan_dft, ranks 1..3 (1-D 1000 and 4096 too), both signs, in
    and out of place, executed interleaved (kgen_execute_dft) and split
    (kgen_execute)."""
    args = ["-t", threads] + (["-S"] if split else [])
    check(ndcheck, args, problems(["ocf", "ocb", "icf", "icb"], COMPLEX))


@pytest.mark.parametrize("split", [False, True])
def test_complex_nd_calls(ndcheck, split):
    """kgen_plan_dft_1d, _2d and _3d (rank 1: the issue's call, executed
    by kgen_execute_dft on interleaved data)."""
    args = ["-a", "nd"] + (["-S"] if split else [])
    check(ndcheck, args, problems(["ocf", "icb"], COMPLEX[::2]) +
          problems(["icf", "ocb"], COMPLEX[1::2]))


def test_complex_large(ndcheck):
    """One 2-D and one 3-D problem of the issue's sizes that are not
    powers of two, on two threads."""
    check(ndcheck, ["-t", 2], ["ocf480x640", "icb60x60x60"])


@pytest.mark.parametrize("threads", [1, 2])
def test_real(ndcheck, threads):
    """kgen_plan_dft_r2c and _c2r, ranks 1..3, even and odd last
    dimensions, in place (rows padded to 2 (n/2 + 1)) and out of place
    (c2r's input unchanged)."""
    check(ndcheck, ["-t", threads],
          problems(["orf", "irf", "orb", "irb"], REAL))


def test_real_nd_calls(ndcheck):
    """kgen_plan_dft_r2c_1d, _2d, _3d and the c2r ones, run by
    kgen_execute_dft_r2c / _c2r in FFTW's layout."""
    check(ndcheck, ["-a", "nd"], problems(["orf", "irb"], REAL[::2]) +
          problems(["irf", "orb"], REAL[1::2]))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("split", [False, True])
def test_guru(ndcheck, split, threads):
    """kgen_plan_guru_dft with separate input and output strides and
    distances; split: the same strides counted in doubles."""
    args = ["-a", "guru", "-t", threads] + (["-S"] if split else [])
    check(ndcheck, args, GURU)


@pytest.mark.parametrize("threads", [1, 2])
def test_many(ndcheck, threads):
    check(ndcheck, ["-a", "many", "-t", threads], MANY)


def test_unaligned(ndcheck):
    """Offset 0 one complex number past a 64-byte boundary."""
    check(ndcheck, ["-u"], ["ocf16x64", "icb12x10x14", "orf8x9", "irb30x45",
                            "ocf1000"])
    check(ndcheck, ["-u", "-a", "guru"], GURU[:4])


def test_measure(ndcheck):
    """KGEN_MEASURE plans (timed, kept in wisdom)."""
    check(ndcheck, ["-m"], ["ocf64x64", "icb100x100", "ocf16x16x16",
                            "orf64x64", "irb8x9"])


def test_describe(ndcheck):
    """kgen_plan_describe: non-empty text naming every size."""
    p = subprocess.run([str(ndcheck[0]), "-d", "ocf16x64", "orf12x10x14",
                        "ocb100:2:3"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    text = []
    for line in p.stdout.splitlines()[1:]:
        if line.startswith("# "):
            text.append(line[2:])
            continue
        prob, st = line.split()[0], line.split()[3]
        assert st != "-100", "%s: no plan" % prob
        assert text, "%s: kgen_plan_describe gave no text" % prob
        sizes = re.findall(r"(\d+)(?::[-\d]+)*", prob)
        for n in sizes:
            assert re.search(r"\b%s\b" % n, "\n".join(text)), \
                "%s: the description does not name %s:\n%s" % (
                    prob, n, "\n".join(text))
        text = []


# What each call of ndcheck -e must give: plan functions NULL, the
# executes KGEN_EINVAL (-1) with nothing written; the ok_ ones run.
def expected(name):
    if name in ("nthreads1", "free_null", "malloc_align") or \
            name.startswith("ok_"):
        return "0"
    if name.startswith(("exec_", "inplace_", "overlap_", "nthreads")):
        return "-1"
    return "null"


def test_bad_input(ndcheck):
    p = subprocess.run([str(ndcheck[0]), "-e"], capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr
    rows = [l.split() for l in p.stdout.splitlines()]
    assert len(rows) > 70
    bad = []
    for name, got, touched in rows:
        if got != expected(name):
            bad.append("%s: %s, not %s" % (name, got, expected(name)))
        elif got != "0" and touched != "0":
            bad.append("%s: refused but wrote its arrays" % name)
    assert not bad, "%s: %s" % (ndcheck[1], bad)


def test_judge_catches():
    """The judge rejects a wrong answer, a changed guard, a changed
    input, a failed execute and a missing plan."""
    good = ["ocf8x8", "dft", "64", "0", "1e-16", "0", "0"]
    assert judge([good], "double") == []
    for k, v in ((4, "1e-3"), (4, "nan"), (4, "inf"), (5, "1"), (6, "2"),
                 (3, "-1"), (3, "-100")):
        row = list(good)
        row[k] = v
        assert judge([row], "double"), row
    assert judge([good[:4] + ["1e-9"] + good[5:]], "float") == []
