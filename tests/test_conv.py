"""FIR codelets (kgen conv) against a naive long-double loop and numpy.

Random, sparse, symmetric, antisymmetric, +-1 and all-zero taps are
generated, compiled into tests/convcheck.c and run on three signals in a
strided layout and a unit-stride one, with gaps, guard values around
every output, as
convolutions (the default, y_i = sum_k h_k x_(i-k)) and some as
correlations (--correlate, y_i = sum_j h_j x_(i+j)).  The bound: y_i,
however kgen groups the terms (taps of equal magnitude share a
multiplication), is a sum of at most ntaps rounded products and sums, so
|error| <= gamma_(ntaps+1) sum_j |h_j x_j'| (Higham 3.1); the test allows
(ntaps + 2) u times that sum.
tests/convstream.c runs one codelet on a long signal: block by block
(against numpy.convolve and numpy.correlate) and through its streaming
form NAME_stream in blocks of 1, 7, 64 and 1000 samples (against a
direct long-double convolution).
The operation counts in the header are checked exactly: a zero tap costs
nothing, a symmetric filter ceil(L/2) multiplications per output.
The --simd codelets (emit/convsimd.c) go through the same two drivers,
for each ISA this CPU runs, in double and float (u = 2^-24), with odd
tap counts, blocks that are no multiple of the vector width, taps past
the unrolled limit (a loop over the taps), and the stream entry across
blocks of many lengths, against the same long-double direct sums.
"""
import os
import random
import re
import struct
import subprocess

import pytest

from conftest import CC, KGEN, SANITIZE, TESTS, need
from isadef import ISA, NAMES

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


CORR = ["rand7", "sparse", "unit"]   # also made with --correlate


@pytest.fixture(scope="module")
def codelets(tmp_path_factory):
    d = tmp_path_factory.mktemp("conv")
    lst, taps, srcs, texts = [], [], [], {}
    sets = tapsets()
    for key, corr in [(k, 0) for k in sets] + [(k, 1) for k in CORR]:
        h = sets[key]
        name = ("cor_" if corr else "fir_") + key
        out = d / (name + ".c")
        r = kgen("conv", "--taps", taps_arg(h), "-n", NS[key], "--name",
                 name, "-o", out, *(["--correlate"] if corr else []))
        assert r.returncode == 0, r.stderr
        texts[name] = out.read_text()
        lst.append("X(%s, %d, %d, %d)\n" % (name, NS[key], len(h), corr))
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
    assert len(rows) == 2 * (len(NS) + len(CORR))
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
    n = NS["sparse"]
    for name, sign in [("fir_sparse", -1), ("cor_sparse", 1)]:
        c = counts(texts[name])
        assert c["mul"] == 3 * n and c["add"] == 3 * n
        used = {i + sign * j for i in range(n) for j in (0, 7, 19, 30)}
        assert c["load"] == len(used)
    c = counts(texts["fir_zero"])
    assert c["load"] == 0 and c["mul"] == 0 and c["store"] == NS["zero"]


def test_symmetric_taps_share_multiplications(codelets):
    """11 symmetric taps: 6 multiplications per output instead of 11, and
    10 antisymmetric taps 5; taps that are all +-0.5 one."""
    texts, _ = codelets
    assert counts(texts["fir_sym11"])["mul"] == 6 * NS["sym11"]
    assert counts(texts["fir_anti10"])["mul"] == 5 * NS["anti10"]
    assert counts(texts["fir_equal"])["mul"] == NS["equal"]
    assert counts(texts["fir_unit"])["mul"] == 0


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


# One codelet on a long signal (tests/convstream.c).

LONG = 2300     # samples: several blocks of every size, and a short tail


def streamer(tmp_path, h, n, corr=False, typ="double", isa=None):
    """Builds tests/convstream.c around kgen conv's codelet of taps h and
    n outputs (--simd isa, --type typ); returns a function running it on
    a signal."""
    src = tmp_path / "fir.c"
    simd = ["--simd", isa] if isa else []
    r = kgen("conv", "--taps", taps_arg(h), "-n", n, "--name", "fir",
             "-o", src, "--type", typ, *simd,
             *(["--correlate"] if corr else []))
    assert r.returncode == 0, r.stderr
    exe = tmp_path / "convstream"
    r = subprocess.run([CC, "-std=c99", "-O2", "-Wall", "-Wextra",
                        "-Werror", *SANITIZE, *(ISA[isa].flags if isa
                                                else []),
                        *(["-DSINGLE"] if typ == "float" else []),
                        '-DCODELET="%s"' % src,
                        "-DNAME=fir", "-DN=%d" % n, "-DH=%d" % (len(h) - 1),
                        *([] if corr else ["-DSTREAM"]), "-o", str(exe),
                        str(TESTS / "convstream.c")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr

    def run(x, *mode):
        inp = "%d\n" % len(x) + "".join(repr(float(v)) + "\n" for v in x)
        r = subprocess.run([str(exe), *map(str, mode)], input=inp,
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        return [float(v) for v in r.stdout.split()]
    return run


def signal(seed, n=LONG):
    rng = random.Random(seed)
    return [rng.uniform(-1, 1) for _ in range(n)]


def asym_taps():
    rng = random.Random(SEED + 1)
    return {"diff4": [1.0, 0.0, 0.0, 0.0, -1.0],
            "rand9": [rng.uniform(-1, 1) for _ in range(9)]}


@pytest.mark.parametrize("key", ["diff4", "rand9"])
def test_convolve_matches_numpy(tmp_path, key):
    """The default is a convolution: with the asymmetric taps 1,0,0,0,-1
    y[i] = x[i] - x[i-4], numpy.convolve's full output (the history zero),
    not the correlation x[i] - x[i+4] it would be with the taps the wrong
    way round."""
    np = pytest.importorskip("numpy")
    h = asym_taps()[key]
    x = signal(SEED + 2, 640)
    y = np.array(streamer(tmp_path, h, 64)(x, "block"))
    ref = np.convolve(x, h)[:len(y)]
    assert len(y) == 640
    err = np.max(np.abs(y - ref)) / np.max(np.abs(ref))
    assert err < 1e-15 * len(h), "seed %d: %g" % (SEED + 2, err)
    if key == "diff4":
        assert y[10] == x[10] - x[6]
        wrong = np.correlate(x, h, "valid")[:len(y)]
        assert np.max(np.abs(y[:len(wrong)] - wrong)) > 0.5


@pytest.mark.parametrize("key", ["diff4", "rand9"])
def test_correlate_matches_numpy(tmp_path, key):
    """--correlate: y[i] = sum_j h[j] x[i+j], numpy.correlate 'valid'."""
    np = pytest.importorskip("numpy")
    h = asym_taps()[key]
    x = signal(SEED + 3, 650)
    y = np.array(streamer(tmp_path, h, 64, corr=True)(x, "corr"))
    ref = np.correlate(x, h, "valid")[:len(y)]
    assert len(y) == 640
    err = np.max(np.abs(y - ref)) / np.max(np.abs(ref))
    assert err < 1e-15 * len(h), "seed %d: %g" % (SEED + 3, err)


@pytest.mark.parametrize("taps,n", [(9, 64), (33, 16), (1, 8), (5, 1)])
def test_streaming_blocks(tmp_path, taps, n):
    """NAME_stream filters a long signal cut into blocks of 1, 7, 64 and
    1000 samples, the history carried in its state, exactly as one direct
    convolution of the whole signal in long double would, within
    (ntaps + 2) u sum_k |h_k x_(i-k)| per output; every block size gives
    the same outputs up to that bound.  taps > n and n = 1 included."""
    np = pytest.importorskip("numpy")
    rng = random.Random(SEED + taps)
    h = [rng.uniform(-1, 1) for _ in range(taps)]
    x = signal(SEED + 4)
    run = streamer(tmp_path, h, n)
    xl = np.array(x, dtype=np.longdouble)
    hl = np.array(h, dtype=np.longdouble)
    ref = np.zeros(LONG, dtype=np.longdouble)
    mag = np.zeros(LONG, dtype=np.longdouble)
    for k in range(taps):
        ref[k:] += hl[k] * xl[:LONG - k]
        mag[k:] += np.abs(hl[k] * xl[:LONG - k])
    for blk in (1, 7, 64, 1000):
        y = np.array(run(x, "stream", blk), dtype=np.longdouble)
        assert len(y) == LONG
        e = np.abs(y - ref) / ((taps + 2) * 2.0 ** -53 * mag)
        assert np.max(e) <= 1, "seed %d, blocks of %d: %g at %d" % (
            SEED + 4, blk, np.max(e), np.argmax(e))


# --simd: vectorized across outputs (emit/convsimd.c).

def f32(v):
    """v rounded to float, as a float codelet sees it."""
    return struct.unpack("f", struct.pack("f", v))[0]


def direct(h, x):
    """The long-double direct convolution of x (history zero) and the
    sums of |h_k x_(i-k)|."""
    np = pytest.importorskip("numpy")
    xl = np.array(x, dtype=np.longdouble)
    hl = np.array(h, dtype=np.longdouble)
    ref = np.zeros(len(x), dtype=np.longdouble)
    mag = np.zeros(len(x), dtype=np.longdouble)
    for k in range(len(h)):
        ref[k:] += hl[k] * xl[:len(x) - k]
        mag[k:] += np.abs(hl[k] * xl[:len(x) - k])
    return ref, mag


SIMD_CASES = [(1, 8), (5, 13), (16, 64), (33, 100), (70, 37)]


@pytest.mark.parametrize("typ", ["double", "float"])
@pytest.mark.parametrize("taps,n", SIMD_CASES)
@pytest.mark.parametrize("isa", NAMES)
def test_simd_stream(tmp_path, isa, typ, taps, n):
    """conv --simd ISA: block by block and through NAME_stream in blocks
    of 1, 7, 64, 333 and the whole signal, every output within
    (ntaps + 2) u sum_k |h_k x_(i-k)| of the long-double direct
    convolution; odd tap counts, n no multiple of the vector width,
    70 taps (past the unrolled limit of 64: a loop over the taps)."""
    need(isa)
    np = pytest.importorskip("numpy")
    rng = random.Random(SEED + 10 * taps + n)
    h = [f32(rng.uniform(-1, 1)) if typ == "float" else rng.uniform(-1, 1)
         for _ in range(taps)]
    if taps == 5:
        h[2], h[3] = 1.0, 0.0       # a unit tap and a zero tap
    x = [f32(v) if typ == "float" else v for v in signal(SEED + 5, 1500)]
    run = streamer(tmp_path, h, n, typ=typ, isa=isa)
    ref, mag = direct(h, x)
    u = 2.0 ** (-24 if typ == "float" else -53)
    for mode in [("block",), ("stream", 1), ("stream", 7), ("stream", 64),
                 ("stream", 333), ("stream", len(x))]:
        y = np.array(run(x, *mode), dtype=np.longdouble)
        assert len(y) == (len(x) // n * n if mode[0] == "block" else len(x))
        e = np.abs(y - ref[:len(y)]) / ((taps + 2) * u * mag[:len(y)]
                                        + 1e-300)
        assert np.max(e) <= 1, "%s %s %s: %g at %d" % (
            isa, typ, mode, np.max(e), np.argmax(e))


@pytest.mark.parametrize("typ", ["double", "float"])
@pytest.mark.parametrize("isa", NAMES)
def test_simd_layouts(tmp_path, isa, typ):
    """conv --simd ISA through tests/convcheck.c: convolutions and a
    correlation, strided (the loop over the taps) and unit-stride (the
    vector kernels), batches of three signals with gaps, guards intact,
    within the bound."""
    need(isa)
    rng = random.Random(SEED + 20)
    cases = [("s3", 3, 7, 0), ("s9", 9, 21, 0), ("s17", 17, 40, 0),
             ("c6", 6, 19, 1)]
    lst, tap, srcs = [], [], []
    for key, taps, n, corr in cases:
        h = [f32(rng.uniform(-1, 1)) for _ in range(taps)]
        name = "v_" + key
        out = tmp_path / (name + ".c")
        r = kgen("conv", "--taps", taps_arg(h), "-n", n, "--name", name,
                 "--simd", isa, "--type", typ, "-o", out,
                 *(["--correlate"] if corr else []))
        assert r.returncode == 0, r.stderr
        lst.append("X(%s, %d, %d, %d)\n" % (name, n, taps, corr))
        tap.append("static const R taps_%s[] = {%s};\n"
                   % (name, ", ".join(repr(v) for v in h)))
        srcs.append(str(out))
    (tmp_path / "convlist.h").write_text("".join(lst))
    (tmp_path / "convtaps.h").write_text("".join(tap))
    exe = tmp_path / "convcheck"
    r = subprocess.run([CC, "-std=c11", "-O1", "-Wall", "-Werror",
                        *SANITIZE, *ISA[isa].flags,
                        *(["-DSINGLE"] if typ == "float" else []),
                        "-I" + str(tmp_path), "-o", str(exe),
                        str(TESTS / "convcheck.c")] + srcs + ["-lm"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([str(exe), str(SEED)], capture_output=True,
                         text=True, check=True).stdout
    rows = [l.split() for l in out.splitlines()[1:]]
    assert len(rows) == 2 * len(cases)
    bad = [r for r in rows if not (float(r[3]) <= 1 and r[4] == "ok")]
    assert not bad, "seed %d: %s" % (SEED, bad)


def test_simd_same_bytes_and_refusals():
    """--simd output is deterministic; --fma with --simd changes nothing
    and is refused, as are --simd with an unknown ISA."""
    a = kgen("conv", "--taps", "1,2.5,-3", "-n", 7, "--simd", "avx2")
    b = kgen("conv", "--taps", "1,2.5,-3", "-n", 7, "--simd", "avx2")
    assert a.returncode == 0 and a.stdout == b.stdout
    assert "conv_avx2_3_7_stream" in a.stdout
    for args, word in [(["--simd", "avx2", "--fma"], "--fma"),
                       (["--simd", "mmx"], "--simd")]:
        r = kgen("conv", "--taps", "1,2", "-n", 4, *args)
        assert r.returncode == 2 and r.stderr.startswith("kgen: ")
        assert word in r.stderr and r.stderr.count("\n") == 1
