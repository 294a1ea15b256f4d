"""The CUDA batch kernel on a GPU against the CPU codelet (`make gpu-check`).

Skips, saying why, where there is no NVIDIA GPU or no nvcc: nothing in
`make check` needs a GPU.  Built with --fmad=false the GPU performs the
codelet's own IEEE additions and multiplications in the codelet's order,
as the C codelet does on the CPU (C11 forbids contraction by default), so
the outputs must be bitwise equal; with nvcc's default FMA contraction
they must stay within docs/design.md's bound of the CPU result.
"""
import math
import shutil
import subprocess

import pytest

from conftest import CC, KGEN, TESTS

BOUND = {"double": 1e-14, "float": 2e-5}


def have_gpu():
    if not shutil.which("nvidia-smi"):
        return False
    r = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True)
    return r.returncode == 0 and "GPU" in r.stdout


pytestmark = [
    pytest.mark.skipif(not shutil.which("nvcc"),
                       reason="nvcc not on PATH: GPU check skipped"),
    pytest.mark.skipif(not have_gpu(),
                       reason="no NVIDIA GPU (nvidia-smi missing or lists "
                       "none): GPU check skipped"),
]


def run(*args, **kw):
    r = subprocess.run([str(a) for a in args], capture_output=True,
                       text=True, **kw)
    assert r.returncode == 0, r.stderr
    return r.stdout


def build(tmp, n, real, fmad):
    cu = tmp / ("k%d.cu" % n)
    c = tmp / ("c%d.c" % n)
    t = ["--type", real]
    run(KGEN, "fft", "-n", n, "--emit", "cuda", "--name", "gpu_%d" % n,
        "-o", cu, *t)
    run(KGEN, "fft", "-n", n, "--name", "cpu_%d" % n, "-o", c, *t)
    run(CC, "-O2", "-c", "-o", tmp / ("c%d.o" % n), c)
    exe = tmp / ("g%d%s%s" % (n, real, fmad))
    run("nvcc", "-arch=native", "--fmad=" + fmad, '-DKERNEL="%s"' % cu,
        "-DKNAME=gpu_%d" % n, "-DCPU=cpu_%d" % n, "-DREAL=" + real, "-o",
        exe, TESTS / "gpucheck.cu",
        tmp / ("c%d.o" % n))
    return exe


@pytest.mark.parametrize("n,real", [(2, "double"), (7, "double"),
                                    (16, "double"), (64, "double"),
                                    (16, "float")])
def test_gpu_bitwise_equal_without_fma(tmp_path, n, real):
    out = run(build(tmp_path, n, real, "false"), n)
    rows = [l.split() for l in out.splitlines()[1:]]
    assert len(rows) == 6, out
    for name, err, guards, ulps in rows:
        assert int(guards) == 0 and int(ulps) == 0, out


@pytest.mark.parametrize("n", [16, 64])
def test_gpu_with_fma_within_bound(tmp_path, n):
    out = run(build(tmp_path, n, "double", "true"), n)
    rows = [l.split() for l in out.splitlines()[1:]]
    assert len(rows) == 6, out
    for name, err, guards, ulps in rows:
        assert float(err) <= BOUND["double"] * (1 + math.log2(n)), out
        assert int(guards) == 0, out
