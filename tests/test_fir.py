"""kgen_fir, kgen_firf and kgen_fir_q15 (runtime/fir.c, firfft.c,
firq15.c): FIR filters with run-time taps and streaming state.

- tests/fircheck.c, double and float: every tap count of TAPS, each
  method (direct, FFT, the plan's choice) and each way of cutting the
  stream (one call, one sample a call, random calls up to twice maxblock,
  calls longer than maxblock), against a direct sum in long double; the
  direct form's chunked outputs equal one call's to the bit; the
  refusals (ntaps 0, NULL taps, bad flags, NULL arrays).
- tests/firq15.c: the Q15 filter bit-exact against the model below
  (CMSIS's arm_fir_q15: exact sum, floor(acc / 2^15), saturation), on
  data that saturates both ways, every chunking.
- tests/firexample.c, the README's example, compiled and run.
"""
import random
import struct

import numpy as np
import pytest

from conftest import ROOT, TESTS, cc, run

TAPS = [1, 2, 7, 64, 65, 1000, 4096]
CHUNKINGS = ["one", "single", "random", "big"]
MAXBLOCK = 512
N = 9000
N_SINGLE = 2500     # one sample a call: an FFT block per sample


@pytest.fixture(scope="module", params=["double", "float"])
def fircheck(request, libkgen, tmp_path_factory):
    exe = tmp_path_factory.mktemp("fir") / ("fircheck_" + request.param)
    single = ["-DSINGLE"] if request.param == "float" else []
    cc([TESTS / "fircheck.c"], exe, opt="-O1",
       flags=["-Werror", *single, "-I", ROOT / "runtime"],
       libs=[libkgen, "-lm", "-lpthread"])
    return exe


@pytest.mark.parametrize("taps", TAPS)
@pytest.mark.parametrize("method", ["direct", "fft", "auto"])
def test_fir_against_long_double(fircheck, taps, method):
    for chunking in CHUNKINGS:
        n = N_SINGLE if chunking == "single" else N
        p = run([fircheck, taps, method, MAXBLOCK, chunking, n])
        assert p.returncode == 0, p.stdout + p.stderr
        if method != "auto":
            assert (" %s," % method) in p.stdout, p.stdout


def test_fir_method_crossover(fircheck):
    """The plan's choice: the direct form for a few taps, the FFT for
    thousands (docs/design.md, "FIR filters")."""
    p = run([fircheck, 7, "auto", 4096, "one", 100])
    assert " direct," in p.stdout, p.stdout
    p = run([fircheck, 4096, "auto", 4096, "one", 100])
    assert " fft," in p.stdout, p.stdout


def test_fir_bad_input(fircheck):
    p = run([fircheck, "bad"])
    assert p.returncode == 0 and "bad: 0 failures" in p.stdout, \
        p.stdout + p.stderr


def q15_model(h, x, rnd=False):
    """CMSIS's arm_fir_q15 in Python integers: the exact sum of the
    products, floor division by 2^15 (of acc + 2^14 to round: kgen conv
    --type q15's default), then clamping to int16."""
    out = []
    for i in range(len(x)):
        acc = sum(h[k] * x[i - k] for k in range(min(len(h), i + 1)))
        out.append(max(-32768, min(32767, (acc + rnd * 16384) // 32768)))
    return out


def q15_data(L, n, seed):
    """Taps and samples that saturate: runs of full-scale samples of
    each sign between random ones, and large taps of one sign."""
    rng = random.Random(seed)
    h = [rng.randint(-32768, 32767) for _ in range(L)]
    if L > 1:
        h[: L // 2] = [rng.randint(20000, 32767) for _ in range(L // 2)]
    else:
        h = [-32768]    # one tap saturates only as -1 x -1
    x = []
    while len(x) < n:
        kind = rng.random()
        if kind < 0.3:
            x += [32767] * rng.randint(1, 2 * L)
        elif kind < 0.5:
            x += [-32768] * rng.randint(1, 2 * L)
        else:
            x += [rng.randint(-32768, 32767) for _ in range(rng.randint(
                1, 3 * L))]
    return h, x[:n]


@pytest.fixture(scope="module")
def firq15(libkgen, tmp_path_factory):
    exe = tmp_path_factory.mktemp("firq15") / "firq15"
    cc([TESTS / "firq15.c"], exe, opt="-O1",
       flags=["-Werror", "-I", ROOT / "runtime"],
       libs=[libkgen, "-lm", "-lpthread"])
    return exe


@pytest.mark.parametrize("taps", [1, 2, 7, 64, 65])
@pytest.mark.parametrize("rnd", [False, True], ids=["floor", "round"])
def test_fir_q15_bit_exact(firq15, tmp_path, taps, rnd):
    n = 3000
    h, x = q15_data(taps, n, taps)
    want = q15_model(h, x, rnd)
    # saturation exercised (both ways from two taps), plain outputs too
    assert want.count(32767) > 10
    assert taps == 1 or want.count(-32768) > 10
    assert sum(-32768 < v < 32767 for v in want) > n // 20
    data = tmp_path / "in.bin"
    data.write_bytes(struct.pack("<ii", taps, n)
                     + struct.pack("<%dh" % taps, *h)
                     + struct.pack("<%dh" % n, *x))
    for chunking in CHUNKINGS:
        out = tmp_path / ("out_" + chunking)
        p = run([firq15, data, 100, chunking, out] + (["round"] if rnd
                                                       else []))
        assert p.returncode == 0, p.stderr
        got = list(np.frombuffer(out.read_bytes(), dtype="<i2"))
        for rep in range(2):
            part = got[rep * n:(rep + 1) * n]
            bad = [i for i in range(n) if part[i] != want[i]]
            assert not bad, "%s pass %d: y[%d] = %d, want %d" % (
                chunking, rep, bad[0], part[bad[0]], want[bad[0]])


@pytest.mark.parametrize("rnd", [False, True], ids=["floor", "round"])
def test_fir_q15_ties(firq15, tmp_path, rnd):
    """Taps of 0.5: half the outputs fall halfway between two Q15
    values, of both signs, where truncation and rounding differ."""
    rng = random.Random(3)
    h, n = [16384, 16384, -16384], 2000
    x = [rng.randint(-40, 40) for _ in range(n)]
    want = q15_model(h, x, rnd)
    data = tmp_path / "in.bin"
    data.write_bytes(struct.pack("<ii", 3, n) + struct.pack("<3h", *h)
                     + struct.pack("<%dh" % n, *x))
    out = tmp_path / "out"
    p = run([firq15, data, 64, "random", out] + (["round"] if rnd
                                                 else []))
    assert p.returncode == 0, p.stderr
    got = list(np.frombuffer(out.read_bytes(), dtype="<i2"))[:n]
    assert got == want


def test_fir_q15_model_is_cmsis_truncation():
    """The model truncates toward minus infinity (an arithmetic shift),
    as arm_fir_q15 does, and does not round."""
    assert q15_model([16384], [3, -3]) == [1, -2]
    assert q15_model([32767, 32767], [32767, 32767]) == [32766, 32767]
    assert q15_model([16384], [3, -3, 1, -1], True) == [2, -1, 1, 0]


def test_fir_readme_example(libkgen, tmp_path):
    exe = cc([TESTS / "firexample.c"], tmp_path / "firexample", opt="-O2",
             flags=["-I", ROOT / "runtime"],
             libs=[libkgen, "-lm", "-lpthread"])
    p = run([exe])
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.startswith("FFT, 2000 taps: largest error"), p.stdout


def test_fir_double_against_numpy(tmp_path, libkgen):
    """One stream against numpy.convolve: the README example's filter
    through kgen_fir on random data (tests/fircheck.c's reference is
    long double; this one is numpy's)."""
    src = tmp_path / "np.c"
    src.write_text(NP_PROG)
    exe = cc([src], tmp_path / "np", opt="-O1",
             flags=["-I", ROOT / "runtime"],
             libs=[libkgen, "-lm", "-lpthread"])
    rng = np.random.default_rng(5)
    h = rng.uniform(-1, 1, 300)
    x = rng.uniform(-1, 1, 5000)
    data = tmp_path / "in.bin"
    data.write_bytes(h.tobytes() + x.tobytes())
    p = run([exe, data])
    assert p.returncode == 0, p.stderr
    got = np.frombuffer(bytes.fromhex(p.stdout.strip()), dtype=float)
    want = np.convolve(h, x)[:len(x)]
    assert np.max(np.abs(got - want)) < 1e-12 * np.max(np.abs(want))


NP_PROG = r"""
#include <stdio.h>
#include "kgen.h"
int main(int argc, char **argv)
{
	static double h[300], x[5000], y[5000];
	FILE *f = fopen(argv[1], "rb");
	kgen_fir *p;
	size_t i;

	if (argc != 2 || !f || fread(h, 8, 300, f) != 300
	    || fread(x, 8, 5000, f) != 5000)
		return 2;
	p = kgen_fir_plan(300, h, 1000, 0);
	for (i = 0; i < 5000; i += 1000)
		kgen_fir_run(p, x + i, y + i, 1000);
	kgen_fir_destroy(p);
	for (i = 0; i < 5000 * 8; i++)
		printf("%02x", ((unsigned char *)y)[i]);
	return 0;
}
"""
