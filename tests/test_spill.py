"""Spill analysis (sched/belady.c, sched/bound.c) and schedules (sched/order.c).

Belady's MIN is checked against an independent exhaustive optimum written
here in Python (a search over every eviction choice, in the spirit of QBE's
exhaustive parallel-move checker) on many random tiny DAGs and orders with
a fixed seed; hand-worked cases say why their counts are what they are;
every schedule of several FFTs is checked to be a topological order of the
DAG that `kgen fft -d` dumps, and its codelet against FFTW.
"""
import itertools
import json
import os
import random
import subprocess

import pytest

from conftest import CC, KGEN, ROOT

SEED = 20240611

# operation -> number of value operands (dag/ops.h)
ARITY = {"LOAD": 0, "CONST": 0, "ADD": 2, "SUB": 2, "MUL": 2, "NEG": 1,
         "FMA": 3, "FMS": 3, "FNMS": 3, "STORE": 1}
SCHEDULES = ["naive", "build", "co", "blocked", "search"]


@pytest.fixture(scope="module")
def drv(tmp_path_factory):
    subprocess.run(["make", "-s", "-C", ROOT, "bin/kgen"], check=True)
    exe = str(tmp_path_factory.mktemp("spill") / "spilldrv")
    objs = [os.path.join(ROOT, "build", "dag", f + ".o")
            for f in ("util", "dag", "num", "simp")]
    objs += [os.path.join(ROOT, "build", "gen", f + ".o")
             for f in ("fft", "prime")]
    objs += [os.path.join(ROOT, "build", "sched", f + ".o")
             for f in ("order", "graph", "search", "belady", "bound")]
    subprocess.run([CC, "-std=c11", "-O2", "-I" + os.path.join(ROOT, "dag"),
                    "-o", exe, os.path.join(ROOT, "tests", "spilldrv.c")]
                   + objs + ["-lm"], check=True)
    return exe


def dagtext(nodes, order):
    lines = ["%s %d %d %d %r" % n for n in nodes]
    lines.append("order " + " ".join(map(str, order)))
    return "\n".join(lines) + "\n"


def run_drv(drv, args, nodes, order=()):
    out = subprocess.run([drv] + [str(a) for a in args],
                         input=dagtext(nodes, order), capture_output=True,
                         text=True, check=True).stdout.split()
    return [int(x) for x in out] if out[0] != "invalid" else None


# ---- an independent model of the counting conventions ----

def isreg(nodes, v):
    op = nodes[v][0]
    if op in ("CONST", "STORE"):
        return False
    return not (op == "NEG" and nodes[nodes[v][1]][0] == "CONST")


def steps_of(nodes, order):
    """(register operands, defined value or None) for each step."""
    steps = []
    for v in order:
        if not isreg(nodes, v) and nodes[v][0] != "STORE":
            continue
        ops = []
        for a in nodes[v][1:1 + ARITY[nodes[v][0]]]:
            if isreg(nodes, a) and a not in ops:
                ops.append(a)
        steps.append((ops, v if nodes[v][0] != "STORE" else None))
    return steps


def min_loads(nodes, order, R):
    """The fewest reloads for this order with R registers, trying every
    eviction: a dynamic program over the set of resident values."""
    steps = steps_of(nodes, order)
    last = {}
    for t, (ops, _) in enumerate(steps):
        for v in ops:
            last[v] = t
    states = {frozenset(): 0}
    for t, (ops, res) in enumerate(steps):
        new = {}

        def keep(s, c):
            if new.get(s, 1 << 30) > c:
                new[s] = c
        for S, cost in states.items():
            c = cost + len(set(ops) - S)
            full = S | set(ops)
            need = len(full) - R
            cand = sorted(S - set(ops))
            if need > len(cand):
                continue
            for ev in itertools.combinations(cand, max(need, 0)):
                S1 = frozenset(v for v in full - set(ev)
                               if last.get(v, -1) > t)
                if res is None or last.get(res, -1) <= t:
                    keep(S1, c)
                    continue
                over = len(S1) + 1 - R
                for ev2 in itertools.combinations(sorted(S1), max(over, 0)):
                    keep((S1 - set(ev2)) | {res}, c)
        states = new
    return min(states.values())


def minregs(nodes):
    m = 1
    for v in range(len(nodes)):
        if isreg(nodes, v) or nodes[v][0] == "STORE":
            m = max(m, len(steps_of(nodes, [v])[0][0]))
    return m


def random_dag(rng, nin, nop):
    nodes = [("LOAD", -1, -1, -1, i) for i in range(nin)]
    nodes.append(("CONST", -1, -1, -1, 0.5))
    const = len(nodes) - 1
    seen = set()
    while len(nodes) < nin + 1 + nop:
        op = rng.choice(["ADD", "SUB", "MUL", "NEG", "FMA", "ADD", "SUB"])
        vals = [v for v in range(len(nodes)) if v != const]
        ops = [rng.choice(vals) for _ in range(ARITY[op])]
        if op == "MUL" and rng.random() < 0.3:
            ops[1] = const
        if op in ("ADD", "MUL"):
            ops.sort()
        key = (op, tuple(ops))
        if key in seen:
            continue
        seen.add(key)
        ops += [-1] * (3 - len(ops))
        nodes.append((op, ops[0], ops[1], ops[2], 0))
    users = [0] * len(nodes)
    for n in nodes:
        for a in n[1:1 + ARITY[n[0]]]:
            users[a] += 1
    slot = 0
    for v in range(len(nodes)):
        if v != const and (users[v] == 0 or rng.random() < 0.15):
            # some stores overwrite an input in place
            alias = rng.randrange(nin) if rng.random() < 0.3 else -1
            if alias > v:
                alias = -1
            nodes.append(("STORE", v, alias, -1, slot))
            slot += 1
    return nodes


def preds(nodes, v):
    n = nodes[v]
    p = [a for a in n[1:1 + ARITY[n[0]]] if nodes[a][0] != "CONST"]
    if n[0] == "STORE" and n[2] >= 0:
        p.append(n[2])
    return p


def random_order(rng, nodes):
    todo = [v for v in range(len(nodes)) if nodes[v][0] != "CONST"]
    done, order = set(), []
    while todo:
        ready = [v for v in todo if all(p in done for p in preds(nodes, v))]
        v = rng.choice(ready)
        todo.remove(v)
        done.add(v)
        order.append(v)
    return order


def all_orders(nodes):
    todo = [v for v in range(len(nodes)) if nodes[v][0] != "CONST"]

    def rec(done, order):
        if len(order) == len(todo):
            yield list(order)
            return
        for v in todo:
            if v not in done and all(p in done for p in preds(nodes, v)):
                done.add(v)
                order.append(v)
                yield from rec(done, order)
                order.pop()
                done.discard(v)
    yield from rec(set(), [])


# ---- Belady against the exhaustive optimum ----

def test_belady_equals_exhaustive_on_random_dags(drv):
    rng = random.Random(SEED)
    checked = 0
    for trial in range(300):
        nodes = random_dag(rng, rng.randint(2, 4), rng.randint(2, 6))
        order = random_order(rng, nodes)
        lo = minregs(nodes)
        for R in range(lo, lo + 3):
            got = run_drv(drv, ["belady", R, 0], nodes, order)
            want = min_loads(nodes, order, R)
            assert got[0] == want, (SEED, trial, R, dagtext(nodes, order))
            loads, stores, cloads, cstores = got[:4]
            # every stored value is reloaded at least once, from the stack
            assert stores <= loads - got[6], (SEED, trial, R)
            assert cloads == sum(n[0] == "LOAD" for n in nodes)
            assert cstores == sum(n[0] == "STORE" for n in nodes)
            checked += 1
    assert checked == 900


def test_minregs_and_max_live(drv):
    """R = max_live never spills and R = max_live - 1 always does."""
    rng = random.Random(SEED + 1)
    for trial in range(100):
        nodes = random_dag(rng, rng.randint(2, 5), rng.randint(3, 8))
        order = random_order(rng, nodes)
        lo = run_drv(drv, ["minregs"], nodes)[0]
        assert lo == minregs(nodes)
        maxlive = run_drv(drv, ["belady", lo, 0], nodes, order)[4]
        R = max(maxlive, lo)
        assert run_drv(drv, ["belady", R, 0], nodes, order)[0] == 0
        if maxlive - 1 >= lo:
            got = run_drv(drv, ["belady", maxlive - 1, 0], nodes, order)
            assert got[0] > 0, (SEED + 1, trial)


def test_exhaustive_over_orders(drv):
    """bound_exhaustive is the least Belady count over all orders, which
    the Python model finds order by order."""
    rng = random.Random(SEED + 2)
    for trial in range(6):
        nodes = random_dag(rng, 3, rng.randint(2, 3))
        R = minregs(nodes)
        want = min(min_loads(nodes, o, R) for o in all_orders(nodes))
        got = run_drv(drv, ["exhaustive", R], nodes)[0]
        assert got == want, (SEED + 2, trial, dagtext(nodes, []))


def test_invalid_order_is_refused(drv):
    # the add before its operand y
    nodes = [("LOAD", -1, -1, -1, 0), ("LOAD", -1, -1, -1, 1),
             ("ADD", 0, 1, -1, 0), ("STORE", 2, -1, -1, 0)]
    assert run_drv(drv, ["belady", 2, 0], nodes, [0, 2, 1, 3]) is None


# ---- hand-worked cases ----

X, Y, Z = 0, 1, 2
CHAIN = [("LOAD", -1, -1, -1, 0), ("LOAD", -1, -1, -1, 1),
         ("LOAD", -1, -1, -1, 2),
         ("ADD", X, Y, -1, 0),        # 3: s = x + y
         ("ADD", 3, Z, -1, 0),        # 4: t = s + z
         ("ADD", 4, X, -1, 0),        # 5: u = t + x
         ("STORE", 5, -1, -1, 0)]


def test_hand_chain_late_load(drv):
    # x y s z t u, R = 2: after s, x (used by u) and s share the two
    # registers; loading z evicts x, whose next use is furthest.  x is an
    # input, clean: it is reloaded from its array for u, never stored.
    got = run_drv(drv, ["belady", 2, 0], CHAIN, [0, 1, 3, 2, 4, 5, 6])
    assert got[:4] == [1, 0, 3, 1] and got[6] == 1


def test_hand_chain_early_load(drv):
    # x y z s t u, R = 2: z arrives while x and y wait for s: one of them
    # goes (y, on the tie) and comes back for s, evicting z, which comes
    # back for t, evicting x, which comes back for u: three reloads, all
    # of inputs, no stores.
    got = run_drv(drv, ["belady", 2, 0], CHAIN, [0, 1, 2, 3, 4, 5, 6])
    assert got[:4] == [3, 0, 3, 1]
    # with three registers nothing spills: at most 3 values are live
    got = run_drv(drv, ["belady", 3, 0], CHAIN, [0, 1, 2, 3, 4, 5, 6])
    assert got[0] == 0 and got[4] == 3


BUTTERFLY = [("LOAD", -1, -1, -1, 0), ("LOAD", -1, -1, -1, 1),
             ("ADD", X, Y, -1, 0),    # 2: s = x + y
             ("SUB", X, Y, -1, 0),    # 3: d = x - y
             ("MUL", 2, 3, -1, 0),    # 4: p = s * d
             ("STORE", 4, -1, -1, 0)]


def test_hand_butterfly_spills_a_temporary(drv):
    # x y s d p, R = 2: when s is made, x, y and s are live; y goes (tie
    # with x, both clean) and is reloaded for d, which must evict s, the
    # only unpinned value: s is computed, so it is stored once, then
    # reloaded for p.  Two loads, one store.
    got = run_drv(drv, ["belady", 2, 0], BUTTERFLY, [0, 1, 2, 3, 4, 5])
    assert got[:2] == [2, 1]
    assert got[6] == 1     # y from its array; s from the stack


def test_hand_in_place_store_dirties_its_input(drv):
    # s = x + y stored over y (in place), then t = x - y.  With R = 2, y
    # is evicted when s is made (a tie with x, both clean); the store then
    # overwrites y's slot while y is still needed, so y must have gone to
    # a stack slot: one store, one reload.
    inplace = [("LOAD", -1, -1, -1, 0), ("LOAD", -1, -1, -1, 1),
               ("ADD", X, Y, -1, 0), ("STORE", 2, Y, -1, 1),
               ("SUB", X, Y, -1, 0), ("STORE", 4, -1, -1, 0)]
    got = run_drv(drv, ["belady", 2, 0], inplace, [0, 1, 2, 3, 4, 5])
    assert got[:2] == [1, 1] and got[6] == 0
    # not in place, the reload of y comes from its array: no store
    apart = list(inplace)
    apart[3] = ("STORE", 2, -1, -1, 1)
    got = run_drv(drv, ["belady", 2, 0], apart, [0, 1, 2, 3, 4, 5])
    assert got[:2] == [1, 0] and got[6] == 1


def test_hand_latency_stalls(drv):
    # x at step 0, y at step 1, s = x + y at step 2, L = 3: y is ready at
    # step 4, so s waits 2 steps (x, ready at 3, is covered by that wait).
    nodes = [("LOAD", -1, -1, -1, 0), ("LOAD", -1, -1, -1, 1),
             ("ADD", X, Y, -1, 0), ("STORE", 2, -1, -1, 0)]
    assert run_drv(drv, ["belady", 2, 3], nodes, [0, 1, 2, 3])[5] == 2
    assert run_drv(drv, ["belady", 2, 0], nodes, [0, 1, 2, 3])[5] == 0


def test_latency_does_not_change_counts(drv):
    rng = random.Random(SEED + 3)
    for trial in range(50):
        nodes = random_dag(rng, 4, 6)
        order = random_order(rng, nodes)
        R = minregs(nodes) + 1
        a = run_drv(drv, ["belady", R, 0], nodes, order)
        b = run_drv(drv, ["belady", R, 4], nodes, order)
        assert a[:5] == b[:5] and b[5] >= a[5] == 0


# ---- schedules of real FFTs ----

def dumped_dag(n):
    err = subprocess.run([KGEN, "fft", "-n", str(n), "-d"],
                         capture_output=True, text=True, check=True).stderr
    part = err[err.rindex("## after simp"):].splitlines()[1:]
    nodes = {}
    for line in part:
        f = line.split()
        if not f or f[0] == "##":
            break
        nodes[int(f[0])] = (f[1], [int(x) for x in f[2:2 + 3]
                                   if f[1] not in ("CONST", "LOAD")
                                   and x.lstrip("-").isdigit()])
    return nodes


@pytest.mark.parametrize("n", [5, 8, 12, 16, 32])
def test_schedules_are_topological(drv, n):
    nodes = dumped_dag(n)
    out = subprocess.run([drv, "orders", str(n), "16"], capture_output=True,
                         text=True, check=True).stdout.splitlines()
    # live: reaches a store through value operands
    live = set()
    for v in sorted(nodes, reverse=True):
        op, ops = nodes[v]
        if op == "STORE" or v in live:
            live.add(v)
            live.update(ops[:1] if op == "STORE" else ops)
    want = {v for v in live if nodes[v][0] != "CONST"}
    names = []
    for head, ids in zip(out[::2], out[1::2]):
        name, ok, cnt = head.split()
        names.append(name)
        order = [int(x) for x in ids.split()]
        assert ok == "1" and int(cnt) == len(order), name
        assert sorted(order) == sorted(want), name
        pos = {v: i for i, v in enumerate(order)}
        for v in order:
            op, ops = nodes[v]
            for a in ops:   # value operands and a store's ordering operand
                if a in pos:
                    assert pos[a] < pos[v], (name, v, a)
    assert names == SCHEDULES


def fftcheck(tmp_path, n, src):
    c = tmp_path / "codelet.c"
    c.write_text(src)
    exe = tmp_path / "chk"
    subprocess.run([CC, "-O1", "-DFUNC=n1_%d" % n,
                    os.path.join(ROOT, "tests", "fftcheck.c"), str(c),
                    "-o", str(exe), "-lfftw3", "-lm"], check=True)
    out = subprocess.run([str(exe), str(n), "-1"], capture_output=True,
                         text=True, check=True).stdout.split("\n")
    rows = [l.split() for l in out]
    return [(r[0], float(r[1]), int(r[2])) for r in rows
            if len(r) == 3 and r[0] != "seed"]


@pytest.mark.parametrize("n", [6, 16, 32])
@pytest.mark.parametrize("sched", SCHEDULES)
def test_scheduled_codelet_matches_fftw(tmp_path, n, sched):
    import math
    src = subprocess.run([KGEN, "fft", "-n", str(n), "--schedule", sched]
                         + (["--regs", "8"] if sched in ("blocked", "search")
                            else []),
                         capture_output=True, text=True, check=True).stdout
    assert "Schedule: %s" % sched in src
    rows = fftcheck(tmp_path, n, src)
    assert len(rows) >= 6
    for layout, err, guards in rows:
        assert err <= 1e-14 * (1 + math.log2(n)), (sched, layout, err)
        assert guards == 0, (sched, layout)


def spills(*args):
    out = subprocess.run([KGEN, "spills", "fft"] + [str(a) for a in args]
                         + ["--format", "json"], capture_output=True,
                         text=True, check=True).stdout
    res = json.loads(out)["results"]
    return {(r["schedule"], r["regs"]): r for r in res}


def test_co_halves_naive_and_search_beats_co():
    t = spills("-n", 64, "--regs", "8,16")
    for R in (8, 16):
        co, naive = t[("co", R)], t[("naive", R)]
        search = t[("search", R)]
        assert 2 * co["loads"] <= naive["loads"], R
        assert (search["loads"] + search["stores"]
                <= co["loads"] + co["stores"]), R
        for s in SCHEDULES:
            assert t[(s, R)]["loads"] >= t[(s, R)]["lower_bound"]
            assert t[(s, R)]["compulsory_loads"] == 128


@pytest.mark.parametrize("n", [8, 16, 32])
def test_search_never_worse_than_co(n):
    t = spills("-n", n, "--regs", "4,12", "--latency", "2")
    for R in (4, 12):
        s, c = t[("search", R)], t[("co", R)]
        assert (s["loads"] + s["stores"] + s["stalls"]
                <= c["loads"] + c["stores"] + c["stalls"]), (n, R)


def test_spills_output_is_deterministic():
    a = subprocess.run([KGEN, "spills", "fft", "-n", "16", "--regs", "4-8",
                        "--format", "csv"], capture_output=True).stdout
    b = subprocess.run([KGEN, "spills", "fft", "-n", "16", "--regs", "4-8",
                        "--format", "csv"], capture_output=True).stdout
    assert a == b and a.count(b"\n") == 1 + 5 * 5


@pytest.mark.parametrize("args,words", [
    (["--regs", "1"], "R >= 2"),
    (["--regs", "0"], "--regs 0"),
    (["--regs", "8-4"], "--regs 8-4"),
    ([], "--regs LIST"),
    (["--regs", "8", "--schedule", "fast"], "--schedule fast"),
    (["--regs", "8", "--measure", "icc"], "--measure icc"),
])
def test_spills_bad_input(args, words):
    p = subprocess.run([KGEN, "spills", "fft", "-n", "16"] + args,
                       capture_output=True, text=True)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.startswith("kgen: ") and words in p.stderr
    assert p.stderr.count("\n") == 1


def test_spills_gemm():
    # C += A*B for 4x4x4: 16 + 16 + 16 first loads of A, B and C and 16
    # stores of C are compulsory; at R = max_live nothing spills
    out = subprocess.run([KGEN, "spills", "gemm", "-m", "4", "-n", "4", "-k",
                          "4", "--regs", "4,8", "--schedule", "build",
                          "--format", "json"], capture_output=True,
                         text=True, check=True).stdout
    res = json.loads(out)["results"]
    assert [r["regs"] for r in res] == [4, 8]
    for r in res:
        assert r["compulsory_loads"] == 48 and r["compulsory_stores"] == 16
    assert res[0]["loads"] > res[1]["loads"] > 0
    live = res[0]["max_live"]
    out = subprocess.run([KGEN, "spills", "gemm", "-m", "4", "-n", "4", "-k",
                          "4", "--regs", str(live), "--schedule", "build",
                          "--format", "csv"], capture_output=True,
                         text=True, check=True).stdout.splitlines()
    row = dict(zip(out[0].split(","), out[1].split(",")))
    assert row["loads"] == "0" and row["stores"] == "0"
