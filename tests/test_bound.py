"""The exact minimum over all orders (sched/bound.c, bound_exact: A* over
the steps done and the registers' contents) and the bound column.

The optimum is checked three ways: against the Python model's minimum over
every order (test_spill.min_loads, an independent dynamic program) on
random tiny DAGs; by the certificate that Belady's count of the optimal
order it returns equals it; and for the FFT, by lying between the bound
and every schedule's Belady count.
"""
import os
import random
import shutil
import subprocess

import pytest

from test_spill import (SEED, all_orders, dagtext, drv, min_loads,  # noqa
                        minregs, random_dag)
from conftest import CC, KGEN, ROOT

LIMIT = 2000000


def exact(drv, args, stdin=""):
    out = subprocess.run([drv] + [str(a) for a in args], input=stdin,
                         capture_output=True, text=True,
                         check=True).stdout.splitlines()
    cost, ex = map(int, out[0].split())
    cert = list(map(int, out[1].split())) if ex else None
    scheds = {}
    for line in out[1 + bool(ex):]:
        name, loads, stores = line.split()
        scheds[name] = int(loads)
    return cost, ex, cert, scheds


def test_exact_equals_python_minimum_over_orders(drv):
    rng = random.Random(SEED + 7)
    checked = 0
    for trial in range(25):
        nodes = random_dag(rng, 3, rng.randint(2, 4))
        lo = minregs(nodes)
        orders = list(all_orders(nodes))
        if len(orders) > 3000:
            continue
        for R in (lo, lo + 1):
            want = min(min_loads(nodes, o, R) for o in orders)
            cost, ex, cert, _ = exact(drv, ["exact", R, LIMIT],
                                      dagtext(nodes, []))
            assert ex == 1 and cost == want, (trial, R, dagtext(nodes, []))
            # the optimal order is a schedule, and Belady agrees on it
            assert cert[0] == 1 and cert[1] == want
            checked += 1
    assert checked >= 20


def rank(n, R):
    return max(n - R, 0)


def test_fft4_exact_at_several_R(drv):
    # the optimum falls as R grows and reaches 0 once n = 4 fits
    got = {}
    for R in (3, 4, 5, 6, 8):
        cost, ex, cert, scheds = exact(drv, ["fftexact", 4, R, LIMIT])
        assert ex == 1, R
        assert cert[0] == 1 and cert[1] == cost, R
        assert rank(4, R) <= cost <= min(scheds.values()), (R, scheds)
        got[R] = cost
    assert got[3] == 5 and got[4] == 1 and got[5] == 0


def test_fft8_exact_at_several_R(drv):
    for R in (13, 14, 16):
        cost, ex, cert, scheds = exact(drv, ["fftexact", 8, R, LIMIT])
        assert ex == 1 and cert[0] == 1 and cert[1] == cost, R
        assert rank(8, R) <= cost <= min(scheds.values()), (R, scheds)
    # below, the search stops at the limit: what it returns is a bound
    for R in (4, 8, 12):
        cost, ex, _, scheds = exact(drv, ["fftexact", 8, R, 20000])
        assert cost <= min(scheds.values()), (R, scheds)


def test_bound_column_below_every_schedule():
    """The bound kgen spills prints is at most every schedule's Belady
    loads on a grid of n and R; for n = 4 it is the exact optimum."""
    for n, regs in ((2, "2-6"), (4, "3-8"), (8, "4,6,8,12,16"),
                    (16, "4,8,16"), (32, "8,16,32")):
        out = subprocess.run([KGEN, "spills", "fft", "-n", str(n), "--regs",
                              regs, "--format", "csv"], capture_output=True,
                             text=True, check=True).stdout.splitlines()
        head = out[0].split(",")
        rows = [dict(zip(head, r.split(","))) for r in out[1:]]
        for r in rows:
            assert int(r["lower_bound"]) <= int(r["loads"]), (n, r)
            assert int(r["lower_bound"]) >= rank(n, int(r["regs"]))
    out = subprocess.run([KGEN, "spills", "fft", "-n", "4", "--regs", "3,4",
                          "--schedule", "co", "--format", "csv"],
                         capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert [r.split(",")[12] for r in out[1:]] == ["5", "1"]


# ---- item: the default n1_64 spills less than genfft under gcc -O2 ----

MEASDRV = r"""
#include <stdio.h>
#include <stdlib.h>
#include "all.h"
int
main(int argc, char **argv)
{
	Measure m;

	(void)argc;
	m = measure_c("gcc", argv[1], atoi(argv[2]));
	if (!m.ok)
		return 1;
	printf("%d %d\n", m.stores, m.loads);
	return 0;
}
"""


def genfft_spills():
    """(stores, loads) of genfft's n1_64 under gcc 12 -O2 by R."""
    ref = {}
    with open(os.path.join(ROOT, "bench", "genfft-spills.csv")) as f:
        for line in f:
            c = line.strip().split(",")
            if c[0].startswith("gcc") and c[3] == "64":
                ref[int(c[2])] = (int(c[4]), int(c[5]))
    return ref


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_default_n1_64_spills_less_than_genfft(tmp_path):
    src = tmp_path / "meas.c"
    src.write_text(MEASDRV)
    exe = str(tmp_path / "meas")
    subprocess.run([CC, "-std=c11", "-I" + os.path.join(ROOT, "gen"), "-o",
                    exe, str(src), os.path.join(ROOT, "build/gen/util.o"),
                    os.path.join(ROOT, "build/sched/measure.o"), "-lm"],
                   check=True)
    ref = genfft_spills()
    for R in (8, 16, 32):
        c = str(tmp_path / ("n1_64_%d.c" % R))
        subprocess.run([KGEN, "fft", "-n", "64", "--regs", str(R), "-o", c],
                       check=True)
        head = open(c).read(2000)
        assert "Schedule: search" in head
        out = subprocess.run([exe, c, str(R)], capture_output=True,
                             text=True, check=True).stdout.split()
        stores, loads = map(int, out)
        gs, gl = ref[R]
        assert stores < gs and loads < gl, (R, stores, loads, gs, gl)
