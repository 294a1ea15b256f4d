"""Fixed-point codelets (kgen conv and kgen fft --type q15|q31) against
models of their own, written from docs/design.md's "Fixed point".

The filter is checked bit-exactly: tests/fixedcheck.c runs the codelet
on inputs made here, and the model below computes each output from the
documented policy with Python's integers (taps quantized from their
decimal text exactly, round(h 2^Q) halves away from zero; the exact sum
of the products; floor((acc + 2^(Q-1)) / 2^Q), or floor(acc / 2^Q) with
--round floor; saturation).  Random taps of several counts, zero taps,
taps of -1 and taps halfway between two Q values, full-scale taps with
full-scale inputs (the outputs must saturate, and do: counted), the
block entry with strides and several signals, and the stream entry on a
long signal cut into chunks of many lengths.

The FFT is checked against the exact DFT / N (numpy, float64, of the
same integer input), every output part within the stated bound
1.061 log2 N LSB, for every supported N (powers of two to 1024), q15 and
q31, forward and some backward, on random inputs in the disk where no
stage saturates, a full-magnitude constant and tone, and an impulse.
The bound is shown not to be vacuous: the largest error seen is
reported, and codelets with a twiddle conjugated, a twiddle 1/64 off,
or an extra 1/2 of scaling fail it.

One q15 filter and one q15 FFT also run under qemu-aarch64, built with
aarch64-linux-gnu-gcc, through the same checks (skipped, saying why,
without the tools).
"""
import math
import random
import re
import shutil
import subprocess
import zlib
from fractions import Fraction

import numpy as np
import pytest

from conftest import CC, SANITIZE, TESTS, kgen, pmap

SEED = 4815
DRIVER = TESTS / "fixedcheck.c"
CFLAGS = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror"]


def quant(text, q):
    """round(h 2^q), halves away from zero, from the tap's exact text."""
    v = Fraction(text) * 2 ** q
    r = math.floor(abs(v) + Fraction(1, 2))
    return r if v >= 0 else -r


def sat(v, q):
    return max(-2 ** q, min(2 ** q - 1, v))


def fir_model(c, x, n, q, floor):
    """y[i] for i < n from x = the L-1 history samples then the block,
    and the unsaturated values."""
    L = len(c)
    r = 0 if floor else 2 ** (q - 1)
    raw = []
    for i in range(n):
        acc = sum(c[k] * x[L - 1 + i - k] for k in range(L))
        raw.append((acc + r) // 2 ** q)      # Python's // is floor
    return [sat(v, q) for v in raw], raw


def build(src, exe, name, t, fft=False, cc=None, flags=(), opt="-O2"):
    args = [cc or CC, *CFLAGS, opt, *([] if cc else SANITIZE), *flags,
            "-DNAME=%s" % name, "-DT=%s" % t, *(["-DFFT"] if fft else []),
            "-o", str(exe), str(src), str(DRIVER)]
    p = subprocess.run(args, capture_output=True, text=True)
    assert p.returncode == 0, " ".join(args) + "\n" + p.stderr[-3000:]
    return exe


def execute(cmd, data):
    p = subprocess.run([str(a) for a in cmd], input=data,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, (cmd, p.stderr)
    return p.stdout.split()


def make(tmp, args, out):
    p = kgen(*args, "-o", tmp / out)
    assert p.returncode == 0, (args, p.stderr)
    return tmp / out


# ---- the filter ---------------------------------------------------------

def tapsets(q):
    rng = random.Random(SEED + q)
    r = lambda: "%.6f" % rng.uniform(-1, 0.99)
    half = lambda k: repr((2 * k + 1) / 2 ** (q + 1))   # a tie
    return {
        "one": ["-1"],
        "rand5": [r() for _ in range(5)],
        "rand16": [r() for _ in range(16)],
        "sparse33": [r() if j % 7 == 0 else "0" for j in range(33)],
        "ties": [half(3), half(-4), "1e-12", half(1000), "-1", "0.5"],
        "full": ["0.9999", "-1", "0.9999", "0.9999", "-1"],
    }


NS = {"one": 3, "rand5": 8, "rand16": 17, "sparse33": 4, "ties": 1,
      "full": 16}


def signal(rng, q, m, full):
    top = 2 ** q
    if full:    # full scale, both signs, to saturate
        return [rng.choice([-top, top - 1, -top + 1, top - 2])
                for _ in range(m)]
    return [rng.randrange(-top, top) for _ in range(m)]


def fir_case(tmp, q, rnd, setname):
    taps = tapsets(q)[setname]
    n = NS[setname]
    L = len(taps)
    name = "fir_q%d_%s_%s" % (q, rnd, setname)
    src = make(tmp, ["conv", "--type", "q%d" % q, "--round", rnd,
                     "--taps", ",".join(taps), "-n", n, "--name", name],
               name + ".c")
    exe = build(src, tmp / name, name, "int%d_t" % (q + 1))
    c = [quant(h, q) for h in taps]
    rng = random.Random(zlib.crc32(name.encode()))
    full = setname == "full"
    stats = {"exact": 0, "sat": 0}

    def check(got, x, count):
        want, raw = fir_model(c, x, count, q, rnd == "floor")
        assert [int(g) for g in got] == want, (name, x)
        stats["exact"] += len(want)
        stats["sat"] += sum(v != w for v, w in zip(raw, want))
    # the block entry: 3 signals, strided input and output
    v, is_, os_ = 3, 2, 3
    xs = [signal(rng, q, L - 1 + n, full) for _ in range(v)]
    out = execute([exe, "block", L, n, v, is_, os_],
                  "\n".join(map(str, sum(xs, []))))
    for s in range(v):
        check(out[s * n:(s + 1) * n], xs[s], n)
    # the stream entry, chunks of many lengths, against the whole signal
    length = 300
    x = signal(rng, q, length, full)
    out = execute([exe, "stream", L, length, 1, 7, n, 3, 2 * n + 1, 50, 0],
                  "\n".join(map(str, x)))
    check(out, [0] * (L - 1) + x, length)
    return stats


def test_fir_bit_exact(kgen_bin, tmp_path):
    cases = [(q, r, s) for q in (15, 31) for r in ("nearest", "floor")
             for s in tapsets(q)]
    res = pmap(lambda k: fir_case(tmp_path, *k), cases)
    bad = [(k, r) for k, r in zip(cases, res) if isinstance(r, Exception)]
    assert not bad, bad
    for q in (15, 31):
        ex = sum(r["exact"] for k, r in zip(cases, res) if k[0] == q)
        st = sum(r["sat"] for k, r in zip(cases, res) if k[0] == q)
        print("q%d FIR: %d outputs bit-exact, %d of them saturated"
              % (q, ex, st))
        sat_full = [r["sat"] for k, r in zip(cases, res)
                    if k[0] == q and k[2] == "full"]
        assert all(s > 0 for s in sat_full), "saturation never happened"


def test_fir_taps_quantized_in_header(kgen_bin):
    """The codelet's table holds round(h 2^Q): ties away from zero."""
    p = kgen("conv", "--type", "q15", "--taps",
             "0.5,-1,0.999969482421875,%r,%r" % (0.5 / 32768, -1.5 / 32768),
             "-n", "2")
    assert p.returncode == 0, p.stderr
    table = re.search(r"_h\[5\] = \{([^}]*)\}", p.stdout).group(1)
    assert [int(t) for t in table.replace(",", " ").split()] == \
        [16384, -32768, 32767, 1, -2]


# ---- the FFT ------------------------------------------------------------

FFT_NS = [2 ** k for k in range(11)]


def fft_bound(n):
    return 1.0607 * math.log2(n)


def fft_inputs(rng, q, n, v):
    """v transforms: random in the disk of radius 2^q - 1 - 2 log2 n (no
    saturation), then a constant and a tone at that magnitude, and an
    impulse."""
    r0 = 2 ** q - 1 - 2 * int(math.log2(n)) - 1
    out = []
    for _ in range(v):
        x = []
        while len(x) < n:
            a, b = rng.randint(-r0, r0), rng.randint(-r0, r0)
            if a * a + b * b <= r0 * r0:
                x.append(complex(a, b))
        out.append(x)
    k0 = rng.randrange(n)
    c = r0 / math.sqrt(2)
    out.append([complex(math.floor(c), -math.floor(c))] * n)
    t = [2 * math.pi * k0 * m / n for m in range(n)]
    out.append([complex(round((r0 - 1) * math.cos(a)),
                        round((r0 - 1) * math.sin(a))) for a in t])
    out.append([complex(-2 ** q + 2 * q, 0)] + [0j] * (n - 1))
    return out


def dft_ref(x, sign):
    n = len(x)
    km = np.outer(np.arange(n), np.arange(n)) % n
    w = np.exp(sign * 2j * np.pi * km / n)
    return w @ np.array(x, dtype=complex) / n


def fft_error(run, xs, sign):
    """The largest error of any output part; run: the driver's command
    (a list)."""
    n = len(xs[0])
    data = "\n".join("%d %d" % (z.real, z.imag) for x in xs for z in x)
    out = execute([*run, "fft", n, len(xs), 2, 3], data)
    got = np.array([int(t) for t in out], dtype=float)
    got = got[0::2] + 1j * got[1::2]
    err = 0.0
    for s, x in enumerate(xs):
        ref = dft_ref(x, sign)
        y = got[s * n:(s + 1) * n]
        err = max(err, float(np.max(np.abs(y.real - ref.real))),
                  float(np.max(np.abs(y.imag - ref.imag))))
    return err


def fft_case(tmp, q, n, sign, mutate=None):
    name = "fft_q%d_%d%s%s" % (q, n, "b" if sign > 0 else "",
                               "_" + mutate.__name__ if mutate else "")
    src = make(tmp, ["fft", "--type", "q%d" % q, "-n", n, "--sign", sign,
                     "--name", name], name + ".c")
    if mutate:
        src.write_text(mutate(src.read_text(), name))
    exe = build(src, tmp / name, name, "int%d_t" % (q + 1), fft=True,
                opt="-O2" if n <= 256 else "-O0")
    rng = random.Random(SEED + q * n + sign)
    xs = fft_inputs(rng, q, n, 6 if n <= 64 else 2)
    return fft_error([exe], xs, sign)


def test_fft_within_bound(kgen_bin, tmp_path):
    cases = [(q, n, -1) for q in (15, 31) for n in FFT_NS]
    cases += [(q, n, 1) for q in (15, 31) for n in (8, 64)]
    res = pmap(lambda k: fft_case(tmp_path, *k), cases)
    bad = []
    for (q, n, sign), err in zip(cases, res):
        if isinstance(err, Exception):
            bad.append((q, n, sign, repr(err)))
            continue
        print("q%d n=%4d sign %+d: max error %.3f LSB, bound %.3f"
              % (q, n, sign, err, fft_bound(n)))
        if err > fft_bound(n) + 1e-3:
            bad.append((q, n, sign, err))
    assert not bad, bad


def conj_twiddle(text, name):
    """The first general twiddle of the last stage conjugated."""
    last = text.rindex("/* stage ")
    m = re.compile(r"_bf\(xr, xi, (\d+), (\d+), (-?\d+), (-?\d+)\)").search(
        text, last)
    return (text[:m.start()] + "_bf(xr, xi, %s, %s, %s, %d)" % (
        m.group(1), m.group(2), m.group(3), -int(m.group(4)))
        + text[m.end():])


def off_twiddle(text, name):
    """The first general twiddle of the last stage 1/64 off."""
    last = text.rindex("/* stage ")
    m = re.compile(r"_bf\(xr, xi, (\d+), (\d+), (-?\d+), (-?\d+)\)").search(
        text, last)
    q = 15 if "int16_t" in text else 31
    return (text[:m.start()] + "_bf(xr, xi, %s, %s, %d, %s)" % (
        m.group(1), m.group(2), int(m.group(3)) + 2 ** (q - 6),
        m.group(4)) + text[m.end():])


def half_scale(text, name):
    """An extra 1/2: the inputs halved as they are loaded."""
    return re.sub(r"(x[ri]\[\d+\] = [ri]i\[[^]]*\]);", r"\1 / 2;", text)


@pytest.mark.parametrize("q", [15, 31])
@pytest.mark.parametrize("mutate", [conj_twiddle, off_twiddle, half_scale],
                         ids=lambda f: f.__name__)
def test_fft_bound_catches_mistakes(kgen_bin, tmp_path, q, mutate):
    n = 64
    err = fft_case(tmp_path, q, n, -1, mutate)
    print("q%d n=%d %s: max error %.1f LSB, bound %.3f"
          % (q, n, mutate.__name__, err, fft_bound(n)))
    assert err > fft_bound(n)


def test_fft_saturates_not_wraps(kgen_bin, tmp_path):
    """Inputs beyond the disk may saturate, never wrap: full-scale
    corners x_m = 32767 (+-1 +-i) in the quadrant of exp(2 pi i m/n)
    make Re X_1 about 1.27 in Q15, which comes out as 32767."""
    n = 16
    src = make(tmp_path, ["fft", "--type", "q15", "-n", n], "f.c")
    exe = build(src, tmp_path / "f", "n1q15_16", "int16_t", fft=True)
    sg = lambda v: 1 if v >= -1e-12 else -1
    x = [complex(32767 * sg(math.cos(2 * math.pi * m / n)),
                 32767 * sg(math.sin(2 * math.pi * m / n)))
         for m in range(n)]
    assert dft_ref(x, -1)[1].real > 1.2 * 32767
    out = execute([exe, "fft", n, 1, 1, 1],
                  "\n".join("%d %d" % (z.real, z.imag) for z in x))
    assert int(out[2]) == 32767


# ---- AArch64 under qemu -------------------------------------------------

def test_aarch64_qemu(kgen_bin, tmp_path):
    xcc = shutil.which("aarch64-linux-gnu-gcc")
    qemu = shutil.which("qemu-aarch64")
    if not xcc or not qemu:
        pytest.skip("aarch64-linux-gnu-gcc or qemu-aarch64 not on PATH "
                    "(Debian: gcc-aarch64-linux-gnu, qemu-user)")
    # the filter: saturating taps, both entries, bit-exact
    taps = tapsets(15)["full"] + tapsets(15)["rand5"]
    src = make(tmp_path, ["conv", "--type", "q15", "--taps",
                          ",".join(taps), "-n", 8], "fir.c")
    exe = build(src, tmp_path / "fir", "convq15_10_8", "int16_t",
                cc=xcc, flags=["-static"])
    c = [quant(h, 15) for h in taps]
    rng = random.Random(SEED)
    x = signal(rng, 15, 200, False)[:100] + signal(rng, 15, 100, True)
    out = execute([qemu, exe, "stream", len(c), len(x), 1, 5, 8, 13], "\n"
                  .join(map(str, x)))
    want, raw = fir_model(c, [0] * (len(c) - 1) + x, len(x), 15, False)
    assert [int(t) for t in out] == want
    assert sum(v != w for v, w in zip(raw, want)) > 0
    out = execute([qemu, exe, "block", len(c), 8, 2, 1, 2],
                  "\n".join(map(str, x[:2 * (len(c) + 7)])))
    for s in range(2):
        xs = x[s * (len(c) + 7):(s + 1) * (len(c) + 7)]
        assert [int(t) for t in out[8 * s:8 * s + 8]] == \
            fir_model(c, xs, 8, 15, False)[0]
    # the FFT within its bound
    n = 64
    src = make(tmp_path, ["fft", "--type", "q15", "-n", n], "fft.c")
    exe = build(src, tmp_path / "fft", "n1q15_64", "int16_t", fft=True,
                cc=xcc, flags=["-static"])
    xs = fft_inputs(random.Random(SEED), 15, n, 4)
    err = fft_error([qemu, exe], xs, -1)
    print("qemu-aarch64 q15 n=64: max error %.3f LSB, bound %.3f"
          % (err, fft_bound(n)))
    assert err <= fft_bound(n)


# ---- the command line ---------------------------------------------------

BAD = [
    (("conv", "--type", "q15", "--taps", "1.0", "-n", "4"),
     ["tap 1", "q15", "-32768..32767"]),
    (("conv", "--type", "q15", "--taps", "0.5,0.99999", "-n", "4"),
     ["tap 2", "q15"]),
    (("conv", "--type", "q31", "--taps", "-1.5", "-n", "4"),
     ["q31", "2147483647"]),
    (("conv", "--type", "q15", "--taps", "nan", "-n", "4"), ["q15"]),
    (("conv", "--type", "q15", "--taps", "0.5", "-n", "4", "--simd",
      "avx2"), ["q15", "--simd"]),
    (("conv", "--type", "q15", "--taps", "0.5", "-n", "4", "--fma"),
     ["--fma"]),
    (("conv", "--type", "q15", "--taps", "0.5", "-n", "4", "--correlate"),
     ["--correlate"]),
    (("conv", "--taps", "0.5", "-n", "4", "--round", "floor"),
     ["--round", "q15"]),
    (("conv", "--type", "q15", "--taps", "0.5", "-n", "4", "--round",
      "up"), ["--round up", "nearest", "floor"]),
    (("fft", "--type", "q15", "-n", "12"), ["power of two", "1024"]),
    (("fft", "--type", "q15", "-n", "2048"), ["power of two"]),
    (("fft", "--type", "q31"), ["-n"]),
    (("fft", "--type", "q15", "-n", "8", "--kind", "t1"), ["--kind t1"]),
    (("fft", "--type", "q15", "-n", "8", "--simd", "avx2"), ["--simd"]),
    (("fft", "--type", "q15", "-n", "8", "--fma"), ["--fma"]),
    (("fft", "--type", "q15", "-n", "8", "--emit", "fftw", "--kind", "n1"),
     ["--emit"]),
    (("fft", "--type", "q15", "-n", "8", "--real"), ["--real"]),
    (("fft", "--type", "q15", "-n", "8", "--round", "floor"), ["--round"]),
    (("gemm", "-m", "2", "-n", "2", "-k", "2", "--type", "q15"),
     ["q15", "gemm"]),
    (("spills", "fft", "-n", "8", "--regs", "8", "--type", "q31"),
     ["q31", "spills"]),
]


@pytest.mark.parametrize("args,words", BAD,
                         ids=[" ".join(a) for a, _ in BAD])
def test_bad_input(kgen_bin, tmp_path, args, words):
    p = kgen(*args, "-o", "out.c", cwd=tmp_path)
    assert p.returncode == 2, (p.returncode, p.stderr)
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("kgen: "), p.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    assert list(tmp_path.iterdir()) == []


def test_default_names(kgen_bin):
    for args, name in [(("conv", "--type", "q15", "--taps", "0.5,0.25",
                         "-n", "4"), "convq15_2_4"),
                       (("conv", "--type", "q31", "--taps", "0.5", "-n",
                         "1"), "convq31_1_1"),
                       (("fft", "--type", "q15", "-n", "16"), "n1q15_16"),
                       (("fft", "--type", "q31", "-n", "16", "--sign", "1"),
                        "n1q31b_16")]:
        p = kgen(*args)
        assert p.returncode == 0, p.stderr
        assert re.search(r"^%s\(" % name, p.stdout, re.M), (args, name)
