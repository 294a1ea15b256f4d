"""The library cross-built for AArch64, run under qemu-aarch64 (make
check-arm, mk/arm.mk, builds it and the programs and runs this file with
KGEN_ARM=build/aarch64; elsewhere, as in make check's pytest run, every
test skips).

- test_armcheck[ISA]: tests/armcheck.c with KGEN_ISA=ISA for each ISA of
  the cross build (scalar, neon): every codelet the library has for ISA
  (n = 1..64, double and float, batches of 1..9 in four layouts, guards
  around the outputs), kgen_dft and kgen_dftf, and plans (forward, in
  place backward, round trip, r2c, c2r) of 44 sizes up to 65536, all
  against a DFT in long double (IEEE quad on AArch64), within
  docs/design.md's bound, no guard touched; the plans of a vector ISA
  run on that ISA.
- test_dispatch: with no KGEN_ISA the library picks the widest ISA it
  holds (neon where built) and the planner's steps use it.
- test_selftest[ISA]: kgen-selftest --quick --isa ISA (FFTW-free:
  runtime/selftest.c's linearity, impulse and shift checks over sizes
  1..64 and larger, every layout and API, both precisions).
- test_shared_library: tests/rtapi.c linked with lib/aarch64/libkgen.so,
  run by the target's dynamic loader: the registry and round trips.

The qemu runs are slow (about a minute each for the self-test), so they
all start at once when the module starts and each test waits for its
own.
"""
import math
import os
import pathlib
import re
import subprocess

import pytest

from conftest import ROOT

ARM = os.environ.get("KGEN_ARM")
QEMU = os.environ.get("KGEN_QEMU", "qemu-aarch64")
SYSROOT = "/usr/aarch64-linux-gnu"
TIMEOUT = 1800

pytestmark = pytest.mark.skipif(
    not ARM, reason="make check-arm runs these (KGEN_ARM unset)")


def arm_isas():
    """The ISAs the cross build holds (its stamp, mk/lib.mk)."""
    if not ARM:
        return ["scalar"]
    stamps = sorted((ROOT / ARM).glob("isas-*"))
    return stamps[0].read_text().split() if stamps else ["scalar"]


ISAS = arm_isas()


def bound(n, prec):
    """docs/design.md's bound on the relative error of a size-n transform."""
    eps = 1e-14 if prec == "double" else 2e-5
    return eps * (1 + math.log2(n))


class Run:
    """One program under qemu, started at once, waited for by result()."""

    def __init__(self, args, isa=None, env=()):
        e = dict(os.environ)
        e.pop("KGEN_ISA", None)
        if isa:
            e["KGEN_ISA"] = isa
        e.update(env)
        self.args = [QEMU] + [str(a) for a in args]
        self.p = subprocess.Popen(self.args, env=e, cwd=ROOT, text=True,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        self.out = None

    def result(self):
        if self.out is None:
            self.out, self.err = self.p.communicate(timeout=TIMEOUT)
        assert self.p.returncode == 0, (self.args, self.out[-3000:],
                                        self.err[-2000:])
        return self.out


@pytest.fixture(scope="module")
def runs():
    bld = ROOT / ARM / "tests"
    r = {}
    for isa in ISAS:
        r["check", isa] = Run([bld / "armcheck", "-q", isa], isa)
        r["self", isa] = Run([bld / "kgen-selftest", "--quick", "--isa",
                              isa])
    r["which"] = Run([bld / "armcheck", "which"])
    r["so"] = Run(["-L", SYSROOT, bld / "rtapi-so"],
                  env={"LD_LIBRARY_PATH": str(ROOT / "lib" / "aarch64")})
    yield r
    for x in r.values():
        if x.p.poll() is None:
            x.p.kill()
            x.p.wait()


def parse(out):
    """armcheck's lines as (what, prec, n, err, hits, line)."""
    rows = []
    for line in out.splitlines():
        f = line.split()
        if f[0] == "codelet":
            rows.append(("codelet " + f[1], f[2], int(f[3]), float(f[6]),
                         int(f[7]), line))
        elif f[0] == "dft":
            rows.append(("dft", f[1], int(f[2]), float(f[6]), int(f[7]),
                         line))
        elif f[0] == "plan":
            assert f[2] != "none", line
            rows.append(("plan " + f[2], f[1], int(f[3]), float(f[4]),
                         int(f[5]), line))
    return rows


@pytest.mark.parametrize("isa", ISAS)
def test_armcheck(runs, isa):
    out = runs["check", isa].result()
    assert out.rstrip().endswith("done"), out[-2000:]
    assert "not run by this CPU" not in out, out[:2000]
    rows = parse(out)
    bad = [r[5] for r in rows
           if not 0 <= r[3] <= bound(r[2], r[1]) or r[4]]
    assert not bad, "\n".join(bad[:20])
    # every size has its batched codelet and kgen_dft, both precisions
    for prec in ("double", "float"):
        for what in ("codelet n1", "dft"):
            have = {r[2] for r in rows if r[0] == what and r[1] == prec}
            assert have == set(range(1, 65)), (what, prec)
        planned = {r[2] for r in rows if r[0] == "plan fwd" and r[1] == prec}
        assert len(planned) >= 44 and 65536 in planned
    worst = max(r[3] / bound(r[2], r[1]) for r in rows)
    print("%s: %d checks, largest err/bound %.3g" % (isa, len(rows), worst))
    if isa != "scalar":
        # the planner's steps run this ISA's codelets when KGEN_ISA says so
        desc = dict(re.findall(r"^desc (\d+) (\S+)$", out, re.M))
        assert desc.get("1024") == isa and desc.get("4096") == isa, desc


def test_dispatch(runs):
    out = runs["which"].result()
    best = ISAS[-1]
    assert re.search(r"^which %s$" % best, out, re.M), out[:200]
    desc = dict(re.findall(r"^desc (\d+) (\S+)$", out, re.M))
    assert desc.get("1024") == best, desc


@pytest.mark.parametrize("isa", ISAS)
def test_selftest(runs, isa):
    out = runs["self", isa].result()
    assert "FAIL" not in out
    m = re.search(r"^%s: (\d+) problems, 0 failed" % isa, out, re.M)
    assert m and int(m.group(1)) >= 2900, out[-2000:]
    total = re.search(r"total: 1 ISAs, \d+ problems verified, 0 failed",
                      out)
    assert total, out[-2000:]


def test_shared_library(runs):
    out = runs["so"].result()
    count = int(re.search(r"^count (\d+)$", out, re.M).group(1))
    assert count == 128, out[:500]
    trips = re.findall(r"^roundtrip (\d+) (double|float) (\S+)$", out, re.M)
    assert trips, out[-1000:]
    for n, prec, err in trips:
        assert float(err) <= bound(int(n), prec), (n, prec, err)
