#!/usr/bin/env python3
"""make bench-spills: predicted and measured register spills of kgen's FFT
codelets, every schedule, beside FFTW's genfft.

For n in {8, ..., 256} and every schedule: Belady's spill loads and
stores and the lower bound at R in {4, 8, 16, 32, 64} (kgen spills), and
for n up to 128 what gcc -O2, gcc -O2 -fno-schedule-insns and clang -O2
emit at R in {8, 16, 32} (kgen spills --measure).  genfft's figures
(bench/genfft-spills.csv, measured the same way on FFTW 3.3.10's n1
codelets) sit beside them.  Loads come before stores everywhere.

One kgen call per (n, R), two at a time; each call's rows are appended
to bench/out/spills.csv (flushed) as it ends, so an interrupted run keeps
what it measured.  Then spills.csv is rewritten in order, and
bench/out/spills.md (the tables as markdown) and spills.png are written; the
plot is skipped, saying why, without matplotlib.  Every call has a time
limit and the run a budget (BUDGET), so it ends within 10 minutes on 2
cores; what was cut is listed under the tables.
"""
import concurrent.futures
import csv
import io
import os
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KGEN = os.path.join(ROOT, "bin", "kgen")
OUT = os.environ.get("SPILLS_OUT", os.path.join(ROOT, "bench", "out"))
SIZES = [8, 16, 32, 64, 128, 256]
REGS = [4, 8, 16, 32, 64]
# Compiled at these sizes and R only: gcc and clang on the 256-point
# codelet (7751 nodes) took many minutes, and the point is made at 128.
MSIZES = [8, 16, 32, 64, 128]
MREGS = [8, 16, 32]
COMPILERS = ["gcc", "gcc-nosched", "clang"]
# The whole run stays under 10 minutes on 2 cores: each kgen call gets
# the budget left as its time limit (kgen reports what it finished and
# marks a search it cut short) and is killed 20 s after it; calls with
# under 5 s left are skipped, each with a line saying so.
BUDGET = float(os.environ.get("SPILLS_BUDGET", 540))
# (SPILLS_BUDGET and SPILLS_OUT let tests/test_spilltools.py run it
# short, elsewhere)
WORKERS = 2
FIELDS = ["n", "schedule", "regs", "loads", "stores", "max_live",
          "lower_bound", "input_reloads", "stopped"]
for _c in COMPILERS:
    FIELDS += ["%s_loads" % _c, "%s_stores" % _c, "%s_int_spills" % _c]


def spills(n, R, measure, limit):
    """The rows of kgen spills at one n and R, every schedule, with the
    compilers' figures when measure, within limit seconds: a list of
    dicts, or a string saying why there are none."""
    cmd = [KGEN, "spills", "fft", "-n", str(n), "--regs", str(R),
           "--format", "csv", "--quiet", "--time-limit", "%.0f" % limit]
    if measure:
        cmd += ["--measure", ",".join(COMPILERS)]
    # its own process group, so that a compiler it runs goes with it
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    try:
        out, err = p.communicate(timeout=limit + 20)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGTERM)
        p.communicate()
        return "killed after %.0f s" % (limit + 20)
    if p.returncode != 0:
        return "failed: %s" % err.strip()
    return list(csv.DictReader(io.StringIO(out)))


def genfft():
    ref = {}
    with open(os.path.join(ROOT, "bench", "genfft-spills.csv")) as f:
        for r in csv.DictReader(f):
            comp = "gcc" if r["compiler"].startswith("gcc") else "clang"
            ref[(comp, int(r["regs"]), int(r["n"]))] = (
                int(r["fp_spill_loads"]), int(r["fp_spill_stores"]))
    return ref


def main():
    os.makedirs(OUT, exist_ok=True)
    t0 = time.time()
    rows = {}
    skipped = []
    # the compiled calls first: they are the long ones
    tasks = sorted([(n, R, n in MSIZES and R in MREGS)
                    for n in SIZES for R in REGS],
                   key=lambda t: (not t[2], -t[0]))
    path = os.path.join(OUT, "spills.csv")
    # each row goes to spills.csv as soon as its call ends (flushed), so
    # an interrupted run keeps what it measured; the file is rewritten
    # in order, with genfft's rows, at the end
    with open(path, "w", newline="") as f, \
            concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
        w = csv.writer(f)
        w.writerow(FIELDS)
        f.flush()

        def run(task):
            left = t0 + BUDGET - time.time()
            if left < 5:
                return task, "skipped: the %.0f s budget was spent" % BUDGET
            return task, spills(*task, left)
        for fut in concurrent.futures.as_completed(
                [pool.submit(run, t) for t in tasks]):
            (n, R, measured), got = fut.result()
            if isinstance(got, str):
                skipped.append("n=%d R=%d%s: %s" % (
                    n, R, " (compiled)" if measured else "", got))
                print("bench-spills: n=%d R=%d %s" % (n, R, got),
                      file=sys.stderr)
                continue
            for r in got:
                rows[(n, r["schedule"], R)] = r
                w.writerow([n, r["schedule"], R]
                           + [r.get(k, "") for k in FIELDS[3:]])
            f.flush()
            print("bench-spills: n=%d R=%d%s done, %.0f s" % (
                n, R, " (compiled)" if measured else "", time.time() - t0),
                file=sys.stderr)
    scheds = ["naive", "build", "co", "blocked", "search"]
    ref = genfft()
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(FIELDS)
        for (n, s, R), r in sorted(rows.items(), key=lambda x: (
                x[0][0], scheds.index(x[0][1]), x[0][2])):
            w.writerow([n, s, R] + [r.get(k, "") for k in FIELDS[3:]])
        for (c, R, n), (ld, st) in sorted(ref.items()):
            if n in SIZES:
                w.writerow([n, "genfft", R, "", "", "", "", "", ""]
                           + sum([[ld, st, ""] if c2 == c and R in MREGS
                                  else ["", "", ""] for c2 in COMPILERS],
                                 []))
    md = table(rows, scheds, ref, skipped)
    with open(os.path.join(OUT, "spills.md"), "w") as f:
        f.write(md)
    print(md)
    why = plot(rows, scheds)
    print("bench-spills: wrote %s/spills.csv, spills.md%s in %.0f s"
          % (OUT, ", spills.png" if not why else " (no plot: %s)" % why,
             time.time() - t0), file=sys.stderr)


def cell(r, c):
    ld, st = r.get("%s_loads" % c, ""), r.get("%s_stores" % c, "")
    return "%s/%s" % (ld, st) if ld != "" else "-"


def belady(rows, n, s, R):
    r = rows.get((n, s, R))
    if not r:
        return "-"
    return "%s/%s%s" % (r["loads"], r["stores"],
                        "*" if r.get("stopped") == "1" else "")


def table(rows, scheds, ref, skipped):
    """The tables as markdown, loads/stores in every cell."""
    lines = ["Belady spill loads/stores (kgen spills, constants as memory "
             "operands) and the lower bound on loads (sched/bound.c):", "",
             "| n | schedule | " + " | ".join("R=%d" % R for R in REGS)
             + " |", "|---|---|" + "---|" * len(REGS)]
    for n in SIZES:
        for s in scheds:
            lines.append("| %d | %s | " % (n, s) + " | ".join(
                belady(rows, n, s, R) for R in REGS) + " |")
        lines.append("| %d | bound | " % n + " | ".join(
            rows[(n, scheds[0], R)]["lower_bound"]
            if (n, scheds[0], R) in rows else "-" for R in REGS) + " |")
    lines += ["", "Measured FP stack spills, loads/stores in the assembly "
              "(gcc -O2, SSE2 with -ffixed-xmmK below 16, -mavx512f at "
              "32; clang has no -ffixed-xmm, so 16 and 32 only), kgen's "
              "Belady prediction (loads/stores) and genfft's n1 codelet "
              "compiled the same way:", "",
              "| n | R | schedule | Belady | gcc | gcc -fno-schedule-insns "
              "| clang | int spills (gcc) |", "|---|---|---|---|---|---|---|---|"]
    for n in MSIZES:
        for R in MREGS:
            for s in scheds:
                r = rows.get((n, s, R), {})
                lines.append("| %d | %d | %s | %s | %s | %s | %s | %s |"
                             % (n, R, s, belady(rows, n, s, R),
                                cell(r, "gcc"), cell(r, "gcc-nosched"),
                                cell(r, "clang"),
                                r.get("gcc_int_spills", "")))
            g = ref.get(("gcc", R, n))
            c = ref.get(("clang", R, n))
            if g or c:
                lines.append("| %d | %d | genfft | | %s | | %s | |" % (
                    n, R, "%d/%d" % g if g else "-",
                    "%d/%d" % c if c else "-"))
    if any(r.get("stopped") == "1" for r in rows.values()):
        lines += ["", "*: the run's time budget (%.0f s) stopped the search "
                  "early; the best order found so far." % BUDGET]
    if skipped:
        lines += ["", "Not measured ('-' above):"] + [
            "- " + x for x in sorted(skipped)]
    return "\n".join(lines) + "\n"


def plot(rows, scheds):
    """Writes spills.png; returns None, or why there is no plot."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return ("python3 matplotlib is not installed (sh tests/deps.sh "
                "python3-matplotlib, as root, installs it)")
    fig, axes = plt.subplots(2, 3, figsize=(13, 7.5))
    for ax, n in zip(axes.flat, SIZES):
        for s in scheds:
            pts = [(R, int(rows[(n, s, R)]["loads"])) for R in REGS
                   if (n, s, R) in rows]
            if pts:
                ax.plot(*zip(*pts), marker="o", label=s)
        pts = [(R, int(rows[(n, scheds[0], R)]["lower_bound"]))
               for R in REGS if (n, scheds[0], R) in rows]
        if pts:
            ax.plot(*zip(*pts), "k--", label="lower bound")
        g = [(R, int(rows[(n, "build", R)]["gcc_loads"])) for R in MREGS
             if rows.get((n, "build", R), {}).get("gcc_loads")]
        if g:
            ax.plot(*zip(*g), "kx", label="gcc, build order")
        ax.set_xscale("log", base=2)
        ax.set_xticks(REGS)
        ax.set_xticklabels(REGS)
        ax.set_title("FFT n=%d" % n)
        ax.set_xlabel("registers R")
        ax.set_ylabel("spill loads")
    axes.flat[0].legend(fontsize=7)
    fig.suptitle("kgen: Belady spill loads per schedule against R")
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, "spills.png"), dpi=90)


if __name__ == "__main__":
    main()
