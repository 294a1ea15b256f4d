#!/usr/bin/env python3
"""results.py: one benchmark's current table into docs/results.md.

usage: bench/results.py NAME [--command CMD] [--out DIR] [--doc FILE]

Reads the CSV files the benchmark NAME wrote under bench/out/ (see
VIEWS below: which files, and how each becomes a table) and replaces the
section "## NAME" of docs/results.md (adding it, in VIEWS' order, where
it is missing) with a one-line header (the machine: /proc/cpuinfo's
model name and the widest ISA of isa.def whose CPU features its flags
list; the command that made the figures; the UTC date of the newest
CSV) and the tables.  Every figure comes from the CSV: nothing is typed
by hand, and a rerun of the bench rewrites its section.  The other
sections are left as they are.  Called by every bench-* target of
mk/bench.mk and by `make opcounts`.
"""
import argparse
import csv
import math
import os
import re
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---- the machine

def machine():
    """'MODEL (widest ISA NAME)' from /proc/cpuinfo and isa.def."""
    model, flags = "unknown CPU", set()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                k, _, v = line.partition(":")
                k = k.strip()
                if k == "model name" and model == "unknown CPU":
                    model = " ".join(v.split())
                elif k == "flags" and not flags:
                    flags = set(v.split())
    except OSError:
        pass
    widest = "scalar"
    with open(os.path.join(ROOT, "isa.def")) as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    # ISA(name, NAME, bytes, regs, "flags", "macro", "prefix", "features",
    #     "architecture"): x86's, as the flags are /proc/cpuinfo's x86 ones
    for m in re.finditer(r'ISA\(\s*(\w+),[^)]*"([^"]*)",\s*"x86_64"\s*\)',
                         text):
        if flags and set(m.group(2).split()) <= flags:
            widest = m.group(1)
    return "%s (widest ISA %s)" % (model, widest)


# ---- tables

def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


def md(header, rows):
    """A markdown table: header a list of names, rows lists of cells."""
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---" if i < 1 else "--:"
                          for i in range(len(header))) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def columns(rows, cols):
    """The rows as they are, only the columns cols (all when None)."""
    if not rows:
        return "(no rows)"
    cols = cols or list(rows[0])
    return md(cols, [[r.get(c, "") for c in cols] for r in rows])


def gmean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


def summary(rows, keys, ratio, at="n"):
    """Per group of keys: how many rows, the geometric mean, median and
    minimum of the column ratio (with the `at` of the minimum), and how
    many are at or above 1."""
    groups = {}
    for r in rows:
        x = num(r.get(ratio))
        if x is not None and x > 0:
            groups.setdefault(tuple(r[k] for k in keys), []).append(
                (x, r.get(at, "")))
    body = []
    for g, xs in groups.items():
        v = [x for x, _ in xs]
        lo = min(xs)
        body.append(list(g) + [len(v), "%.3f" % gmean(v),
                               "%.3f" % statistics.median(v),
                               "%.3f (%s %s)" % (lo[0], at, lo[1]),
                               sum(x >= 1 for x in v)])
    return md(list(keys) + ["rows", "geomean " + ratio, "median",
                            "min", ">= 1"], body)


def pivot(rows, keys, across, cell):
    """One line per value of keys, one column per value of across, the
    cell function of the row at each."""
    lines, heads = {}, []
    for r in rows:
        k = tuple(r[x] for x in keys)
        lines.setdefault(k, {})[r[across]] = cell(r)
        if r[across] not in heads:
            heads.append(r[across])
    return md(list(keys) + ["%s=%s" % (across, h) for h in heads],
              [list(k) + [v.get(h, "-") for h in heads]
               for k, v in lines.items()])


# ---- one view per benchmark: (CSV files under bench/out, a function of
# their rows giving the section's text)

def v_spills(t):
    rows = t["spills.csv"]
    bel = [r for r in rows if r["schedule"] != "genfft"]
    bound = {}
    for r in bel:
        bound.setdefault((r["n"], r["regs"]), r["lower_bound"])
    for r in bel:
        r["R"] = r["regs"]
    lines = pivot(bel, ["n", "schedule"], "R", lambda r: "%s/%s%s" % (
        r["loads"], r["stores"], "*" if r.get("stopped") == "1" else ""))
    # the compilers' columns; genfft's rows (one a compiler) merged per
    # n and R, after kgen's schedules
    meas, gf = [], {}
    for r in rows:
        if r["schedule"] == "genfft":
            g = gf.setdefault((r["n"], r["regs"]), dict(r))
            g.update((k, v) for k, v in r.items() if v)
        elif r.get("gcc_loads") or r.get("clang_loads"):
            meas.append(r)
    meas += list(gf.values())
    scheds = list(dict.fromkeys(r["schedule"] for r in rows))
    meas.sort(key=lambda r: (int(r["n"]), int(r["regs"]),
                             scheds.index(r["schedule"])))

    def lc(r, c):
        ld = r.get(c + "_loads", "")
        return "%s/%s" % (ld, r.get(c + "_stores", "")) if ld else "-"
    mt = md(["n", "R", "schedule", "Belady", "gcc", "gcc-nosched", "clang",
             "gcc int spills"],
            [[r["n"], r["regs"], r["schedule"],
              "%s/%s" % (r["loads"], r["stores"]) if r["loads"] else "",
              lc(r, "gcc"), lc(r, "gcc-nosched"), lc(r, "clang"),
              r.get("gcc_int_spills", "")] for r in meas])
    regs = list(dict.fromkeys(R for _, R in bound))
    bt = md(["n"] + ["R=%s" % R for R in regs],
            [[n] + [bound.get((n, R), "-") for R in regs]
             for n in dict.fromkeys(n for n, _ in bound)])
    return ("Belady spill loads/stores per schedule and R (constants are "
            "memory operands; *: cut short by the run's budget):\n\n"
            + lines + "\n\nLower bound on spill loads over all orders:\n\n"
            + bt + "\n\nWhat the compilers emit (FP stack loads/stores in "
            "the assembly at R vector registers; genfft's n1 codelet "
            "compiled the same way):\n\n" + mt)


def v_opcounts(t):
    rows = t["opcounts.csv"]
    a = md(["n", "kgen add", "kgen mul", "kgen neg", "kgen total",
            "genfft add", "genfft mul", "genfft total", "kgen - genfft"],
           [[r["n"], r["add"], r["mul"], r["neg"], r["total"],
             r["genfft_add"], r["genfft_mul"], r["genfft_total"],
             "%+d" % (int(r["total"]) - int(r["genfft_total"]))]
            for r in rows])
    b = md(["n", "kgen add+mul+fma", "kgen total", "genfft fused",
            "genfft total", "kgen - genfft", "genfft -fma"],
           [[r["n"], r["fma_ops"], r["fma_total"], r["genfft_fused"],
             r["genfft_fused_total"],
             "%+d" % (int(r["fma_total"]) - int(r["genfft_fused_total"])),
             r["genfft_fma"]] for r in rows])
    return ("Without FMA: real additions + multiplications\n\n" + a
            + "\n\nWith FMA (kgen --fma): adds + muls + FMAs\n\n" + b)


def ran(t):
    """bench/machine.sh's line for the run (CPU family, CPUs, load),
    where the bench wrote one, and a blank line; else nothing."""
    line = (t.get("machine") or "").strip()
    return ("Run on: %s (a shared machine: other sessions' load "
            "included).\n\n" % line) if line else ""


def v_plan(t):
    """bench-plan: the FFTW builds, issue 46's goals against the
    strongest (computed by bench/plan.py's goals()), the geometric means
    per group of sizes and the sizes, per precision."""
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import plan
    rows = t["plan.csv"]
    builds = "\n".join("- FFTW " + line for line in
                       t["plan.fftw"].strip().splitlines())
    goals = []
    for prec, b, g in plan.goals(rows):
        goals += [[prec, b, name, plan.verdict(m), detail]
                  for name, m, detail in g]
    per = "\n\n".join("%s:\n\n%s" % (prec, md(*plan.table(rows, prec)))
                       for prec in dict.fromkeys(r["precision"]
                                                 for r in rows))
    return (ran(t) + "kgen_plan_dft_1d (KGEN_MEASURE, and flags 0) run by "
            "kgen_execute_dft against FFTW_PATIENT and FFTW_MEASURE "
            "(fftw_plan_dft_1d), interleaved, out of place, forward; the "
            "best of 21 interleaved trials in one process per precision "
            "and FFTW build; ratio = FFTW's time / kgen's (> 1: kgen "
            "faster); planning times in ms, each size planned with both "
            "libraries' wisdom forgotten.  FFTW builds:\n\n%s\n\n"
            "Goals of issue 46, against the strongest FFTW "
            "(FFTW_PATIENT):\n\n%s\n\nGeometric means per group of "
            "sizes:\n\n%s\n\nPer size (ns; kgen's columns from the "
            "strongest build's process; *: FFTW_MEASURE above the "
            "PATIENT limit):\n\n%s" % (
                builds, md(["precision", "FFTW", "goal", "verdict",
                            "detail"], goals),
                md(*plan.summary(rows)), per))


def v_fft(t):
    builds = "\n".join("- FFTW " + line for line in
                       t["fft.fftw"].strip().splitlines())
    out = [ran(t) + "kgen against FFTW_PATIENT in one process per "
           "precision, layout and FFTW build; ratio = FFTW's time / the "
           "contender's (> 1: kgen faster), the median over interleaved "
           "trials.  FFTW builds:\n\n" + builds]
    for name, what in (("fft_batched.csv", "batched, v = 256"),
                       ("fft_v1.csv", "one transform at a time, v = 1")):
        rows = t[name]
        for r in rows:
            r.setdefault("fftw", "debian")
            r["prec_layout_fftw"] = "%s %s %s" % (r["prec"], r["layout"],
                                                  r["fftw"])
        mine = [r for r in rows if not r["who"].startswith("fftw")]
        kg = [r for r in rows if r["who"] == "kgen"]
        out.append("%s: FFTW_PATIENT's time over each contender's, per "
                   "precision, layout, FFTW build and contender:\n\n%s\n\n"
                   "kgen_dft (kgen_dftf) over FFTW_PATIENT per n:\n\n%s" % (
                       what, summary(mine, ["prec", "layout", "fftw", "who"],
                                     "ratio_patient"),
                       pivot(kg, ["n"], "prec_layout_fftw", lambda r:
                             r["ratio_patient"]) if kg else "(no rows)"))
    return "\n\n".join(out)


def v_nd(t):
    """bench-nd: the FFTW builds, issue 45's goals per build (computed
    by bench/nd.py's goals()), the summary and the rows."""
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import nd
    rows = t["nd.csv"]
    builds = "\n".join("- FFTW " + line for line in
                       t["nd.fftw"].strip().splitlines())
    goals = []
    for b, g in nd.goals(rows):
        goals += [[b, name, nd.verdict(m), detail] for name, m, detail in g]
    head, body = nd.table(rows)
    return ("kgen (KGEN_MEASURE, kgen_execute_dft / kgen_execute_dft_r2c) "
            "against FFTW_PATIENT (FFTW_MEASURE where noted), double, "
            "interleaved, out of place, forward; the median of interleaved "
            "trials in one process per problem and FFTW build; ratio = "
            "FFTW's time / kgen's (> 1: kgen faster).  FFTW builds:\n\n"
            "%s\n\nGoals of issue 45, per FFTW build:\n\n%s\n\n"
            "Ratio per kind, rank and threads:\n\n%s\n\nPer problem "
            "(ns):\n\n%s" % (
                builds, md(["FFTW", "goal", "verdict", "detail"], goals),
                summary([dict(r, group="%s %s-D" % (r["kind"], r["rank"]))
                         for r in rows], ["fftw", "group", "threads"],
                        "ratio", "problem"),
                md(head, body)))


def v_conv(t):
    """bench-conv: ns a sample against the naive loop, the crossover to
    FFT convolution and issue 46's goal (bench/conv.py computes them)."""
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import conv
    rows = t["conv.csv"]
    goals = [[p, i, "met" if m else "not met", d]
             for p, i, m, d in conv.goals(rows)]
    return ("FIR filters y[i] = sum_k h[k] x[i-k] on 16384 samples, ns a "
            "sample (this thread's CPU time, the best of interleaved "
            "trials) and in brackets the naive loop's time over the "
            "contender's (> 1: faster than the loop, gcc -O3 "
            "-march=native).  ISA_stream: NAME_stream in calls of 1024 "
            "samples; ISA_block: the block entry, 64 outputs a call; "
            "fft_*: overlap-save with FFTW's or kgen's r2c/c2r, the best "
            "power-of-two size.\n\n%s\n\nCrossover:\n\n%s\n\n"
            "Goal of issue 46, the stream entry >= %.1fx the naive loop "
            "at %d..%d taps:\n\n%s" % (
                md(*conv.table(rows)),
                "\n".join("- %s: %s" % c for c in conv.crossover(rows)),
                conv.GOAL, conv.GOAL_TAPS[0], conv.GOAL_TAPS[1],
                md(["prec", "ISA", "verdict", "detail"], goals)))


def v_gemm(t):
    return ("Small GEMM streamed over independent A, B, C triples (512 KiB "
            "of them, as a batch is called), ns per call; ratios are the "
            "contender's time / kgen's (> 1: kgen faster); kgen's forms: "
            "`kgen gemm` (scalar), `--fma`, `--simd ISA` (the vector "
            "form) and `--simd ISA --fma`, gcc -O3 -march=native; "
            "fma_gain = time without --fma / with (>= 1: --fma not "
            "slower).  Goals against LIBXSMM:\n\n%s\n\nPer shape:\n\n%s"
            "\n\nkgen_dgemm against OpenBLAS (one thread), GFLOP/s:\n\n%s"
            % (columns(t["gemm_goals.csv"], None),
               columns(t["gemm_small.csv"], None),
               columns(t["gemm_large.csv"], None)))


def v_asm(t):
    rows = t["asm.csv"]
    return ("Assembly codelets against gcc's C of the same order (c_over_asm"
            " > 1: asm faster) and against FFTW:\n\n%s\n\n%s" % (
                summary(rows, ["isa", "prec"], "c_over_asm"),
                summary(rows, ["isa", "prec"], "fftw_over_asm")))


def v_asmab(t):
    return summary(t["asmab.csv"], ["isa", "prec", "schedule"],
                   "old_over_new")


def v_asmlib(t):
    rows = t["asmlib.csv"]
    return ("The library's C codelets over its assembly ones (> 1: asm "
            "faster):\n\n" + summary(rows, ["isa", "prec"], "c_over_asm"))


def v_t1a(t):
    rows = t["t1a.csv"]
    return ("Twiddle steps, C over assembly, split arrays and "
            "block-split:\n\n%s\n\n%s" % (
                summary(rows, ["isa", "prec"], "c_over_asm", "r"),
                summary(rows, ["isa", "prec"], "c_over_asm_b", "r")))


def v_n1va(t):
    return ("The library's n1v leaves in C over the same DAG and order in "
            "kgen's assembly (> 1: asm faster):\n\n"
            + summary(t["n1va.csv"], ["isa", "prec", "layout"],
                      "c_over_asm"))


def v_asmparts(t):
    return columns(t["asmparts.csv"], None)


def v_gemmasm(t):
    return columns(t["gemmasm.csv"], None)


def v_ports(t):
    return columns(t["ports.csv"], None)


def v_pick(t):
    return "```\n" + t["pick.txt"].rstrip() + "\n```"


VIEWS = [
    ("opcounts", ["opcounts.csv"], v_opcounts),
    ("spills", ["spills.csv"], v_spills),
    ("fft", ["fft_batched.csv", "fft_v1.csv", "fft.fftw"], v_fft),
    ("plan", ["plan.csv", "plan.fftw"], v_plan),
    ("nd", ["nd.csv", "nd.fftw"], v_nd),
    ("conv", ["conv.csv"], v_conv),
    ("gemm", ["gemm_goals.csv", "gemm_small.csv", "gemm_large.csv"],
     v_gemm),
    ("gemmasm", ["gemmasm.csv"], v_gemmasm),
    ("asm", ["asm.csv"], v_asm),
    ("asmlib", ["asmlib.csv"], v_asmlib),
    ("asmab", ["asmab.csv"], v_asmab),
    ("asmparts", ["asmparts.csv"], v_asmparts),
    ("t1a", ["t1a.csv"], v_t1a),
    ("n1va", ["n1va.csv"], v_n1va),
    ("pick", ["pick.txt"], v_pick),
    ("ports", ["ports.csv"], v_ports),
]
NAMES = [v[0] for v in VIEWS]


# the columns of a CSV its bench writes without a header line
NOHEAD = {"n1va.csv": ["isa", "prec", "n", "layout", "c_ns", "asm_ns",
                       "c_over_asm"]}


def load(path):
    if not path.endswith(".csv"):
        with open(path) as f:
            return f.read()
    names = NOHEAD.get(os.path.basename(path))
    with open(path, newline="") as f:
        if names and f.readline().startswith(names[0] + ","):
            names = None        # it has one after all
        f.seek(0)
        rows = list(csv.DictReader(f, fieldnames=names))
    for r in rows:
        if "prec" in r and "layout" in r:
            r["prec_layout"] = "%s %s" % (r["prec"], r["layout"])
    return rows


def section(name, command, outdir):
    files = dict((v[0], v[1:]) for v in VIEWS)[name]
    paths = [os.path.join(outdir, f) for f in files[0]]
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        sys.exit("results.py: %s: no %s (run the bench first)"
                 % (name, ", ".join(missing)))
    t = {os.path.basename(p): load(p) for p in paths}
    m = os.path.join(outdir, name + ".machine")
    if os.path.exists(m):
        t["machine"] = load(m)
    when = max(os.path.getmtime(p) for p in paths)
    date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(when))
    head = "Machine: %s · command: `%s` · %s" % (machine(), command, date)
    return "## %s\n\n%s\n\n%s\n" % (name, head, files[1](t))


def splice(doc, name, text):
    """doc with section ## name replaced by text (or added in order)."""
    parts = re.split(r"(?m)^(?=## )", doc)
    head, secs = parts[0], parts[1:]
    key = lambda s: s.split("\n", 1)[0][3:].strip()
    names = [key(s) for s in secs]
    if name in names:
        secs[names.index(name)] = text
    else:
        order = NAMES.index(name)
        i = next((j for j, s in enumerate(names)
                  if s in NAMES and NAMES.index(s) > order), len(secs))
        secs.insert(i, text)
    return (head.rstrip("\n") + "\n\n" + "\n\n".join(
        s.rstrip("\n") for s in secs) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("name", choices=NAMES)
    ap.add_argument("--command", help="the command shown in the header "
                    "(default: make bench-NAME)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "out"))
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs",
                                                  "results.md"))
    a = ap.parse_args()
    cmd = a.command or "make bench-%s" % a.name
    text = section(a.name, " ".join(cmd.split()), a.out)
    try:
        with open(a.doc) as f:
            doc = f.read()
    except FileNotFoundError:
        doc = "# Results\n"
    tmp = a.doc + ".tmp"
    with open(tmp, "w") as f:
        f.write(splice(doc, a.name, text))
    os.replace(tmp, a.doc)
    print("results.py: wrote section %s of %s" % (
        a.name, os.path.relpath(a.doc, ROOT)))


if __name__ == "__main__":
    main()
