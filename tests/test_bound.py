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

from test_spill import (ARITY, SEED, all_orders, dagtext, drv,  # noqa
                        isreg, min_loads, minregs, random_dag)
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


# ---- the cut bound: W live values at once, W - R spill loads ----

def cut(drv, n):
    return int(subprocess.run([drv, "fftcut", str(n)], capture_output=True,
                              text=True, check=True).stdout)


def fftdag(drv, n):
    out = subprocess.run([drv, "fftdag", str(n)], capture_output=True,
                         text=True, check=True).stdout.splitlines()
    nodes = []
    for line in out:
        f = line.split()
        nodes.append((f[0], int(f[1]), int(f[2]), int(f[3]), float(f[4])))
    return nodes


def least_max_live(nodes):
    """The least, over every order, of the most values live at once (made,
    read by a step to come): a dynamic program over the sets of steps
    done, a store after the load it overwrites."""
    steps = [v for v in range(len(nodes))
             if isreg(nodes, v) or nodes[v][0] == "STORE"]
    idx = {v: i for i, v in enumerate(steps)}
    pred = [0] * len(steps)
    users = [0] * len(steps)
    for v in steps:
        op = nodes[v][0]
        for a in nodes[v][1:1 + ARITY[op]]:
            if isreg(nodes, a):
                pred[idx[v]] |= 1 << idx[a]
                users[idx[a]] |= 1 << idx[v]
        if op == "STORE" and nodes[v][2] >= 0:
            pred[idx[v]] |= 1 << idx[nodes[v][2]]
    best = {0: 0}
    for _ in steps:
        new = {}
        for done, peak in best.items():
            for i in range(len(steps)):
                if done >> i & 1 or pred[i] & ~done:
                    continue
                d = done | 1 << i
                live = sum(1 for j in range(len(steps))
                           if d >> j & 1 and users[j] & ~d)
                p = max(peak, live)
                if new.get(d, 1 << 30) > p:
                    new[d] = p
        best = new
    return min(best.values())


def test_cut_applies_to_linear_square_dags_only(drv):
    def run(nodes):
        return int(subprocess.run([drv, "cut"], input=dagtext(nodes, []),
                                  capture_output=True, text=True,
                                  check=True).stdout)
    a, b = ("LOAD", -1, -1, -1, 0), ("LOAD", -1, -1, -1, 1)
    bfly = [a, b, ("ADD", 0, 1, -1, 0), ("SUB", 0, 1, -1, 0),
            ("STORE", 2, -1, -1, 0), ("STORE", 3, -1, -1, 1)]
    assert run(bfly) == 2
    # a product of two values is not linear; one store for two loads
    assert run(bfly[:2] + [("MUL", 0, 1, -1, 0), ("SUB", 0, 1, -1, 0),
                           ("STORE", 2, -1, -1, 0),
                           ("STORE", 3, -1, -1, 1)]) == -1
    assert run(bfly[:3] + [("STORE", 2, -1, -1, 0)]) == -1
    # a constant times a value is
    assert run(bfly[:2] + [("CONST", -1, -1, -1, 0.5),
                           ("MUL", 0, 2, -1, 0), ("SUB", 3, 1, -1, 0),
                           ("ADD", 3, 1, -1, 0), ("STORE", 4, -1, -1, 0),
                           ("STORE", 5, -1, -1, 1)]) == 2


def test_cut_below_least_max_live(drv):
    # W is a lower bound on every order's peak of live values
    got = {}
    for n in (2, 3, 4):
        got[n] = (cut(drv, n), least_max_live(fftdag(drv, n)))
        assert got[n][0] <= got[n][1], n
    assert got == {2: (2, 3), 3: (4, 5), 4: (4, 5)}


def test_cut_bound_below_exact(drv):
    """W - R is at most the fewest spill loads over all orders wherever A*
    finishes (n = 2..8)."""
    checked = 0
    for n in range(2, 9):
        w = cut(drv, n)
        assert w >= n - 1, n
        for R in (2, 3, 4, 5, 9, 10, 13):
            cost, ex, _, _ = exact(drv, ["fftexact", n, R, 100000])
            if cost < 0 or not ex:
                continue
            assert w - R <= cost, (n, R, w, cost)
            checked += 1
    assert checked >= 25


def test_cut_values():
    # the measured W of docs/design.md ("Schedules") and sched/bound.c's
    # header
    got = {}
    for n in (8, 16, 32, 64, 128, 256):
        out = subprocess.run([KGEN, "spills", "fft", "-n", str(n), "--regs",
                              "4", "--schedule", "naive", "--format", "csv"],
                             capture_output=True, text=True,
                             check=True).stdout.splitlines()
        got[n] = int(out[1].split(",")[12]) + 4
    assert got == {8: 10, 16: 24, 32: 52, 64: 112, 128: 232, 256: 480}


def test_cut_bound_grid(drv):
    """On a grid of n up to 256 and R = 4..64: the bound column is at least
    W - R and at most every schedule's Belady loads, and every schedule
    holds at least W values at once (max_live)."""
    for n, scheds in ((12, "all"), (16, "all"), (24, "all"), (60, "all"),
                      (64, "naive,build,co,blocked"),
                      (100, "naive,build,co"), (128, "naive,build,co"),
                      (256, "naive,build,co")):
        w = cut(drv, n)
        out = subprocess.run([KGEN, "spills", "fft", "-n", str(n), "--regs",
                              "4,8,16,32,64", "--schedule", scheds,
                              "--format", "csv"], capture_output=True,
                             text=True, check=True).stdout.splitlines()
        head = out[0].split(",")
        for line in out[1:]:
            r = dict(zip(head, line.split(",")))
            b, R = int(r["lower_bound"]), int(r["regs"])
            assert max(w - R, 0) <= b <= int(r["loads"]), (n, r)
            assert w <= int(r["max_live"]), (n, r)


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
    subprocess.run(["make", "-s", "-C", ROOT, "build/kgengen.a"], check=True)
    subprocess.run([CC, "-std=c11", "-I" + os.path.join(ROOT, "dag"), "-o",
                    exe, str(src), os.path.join(ROOT, "build/kgengen.a"),
                    "-lm"], check=True)
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
