#!/usr/bin/env python3
"""make bench-spills: predicted and measured register spills of kgen's FFT
codelets, every schedule, beside FFTW's genfft.

For n in {8, ..., 256} and every schedule: Belady's spill loads and
stores and the lower bound at R in {4, 8, 16, 32, 64} (kgen spills), and
what gcc -O2, gcc -O2 -fno-schedule-insns and clang -O2 emit at R in
{8, 16, 32} (kgen spills --measure).  genfft's figures (bench/genfft-
spills.csv, measured the same way on FFTW 3.3.10's n1 codelets) sit beside
them.  Writes bench/out/spills.csv, bench/out/spills.md (the README table)
and bench/out/spills.png; everything comes from this one run.
"""
import csv
import io
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KGEN = os.path.join(ROOT, "bin", "kgen")
OUT = os.path.join(ROOT, "bench", "out")
SIZES = [8, 16, 32, 64, 128, 256]
REGS = [4, 8, 16, 32, 64]
MREGS = [8, 16, 32]
COMPILERS = ["gcc", "gcc-nosched", "clang"]


def spills(n, regs, measure=None):
    cmd = [KGEN, "spills", "fft", "-n", str(n), "--regs",
           ",".join(map(str, regs)), "--format", "csv"]
    if measure:
        cmd += ["--measure", ",".join(measure)]
    out = subprocess.run(cmd, capture_output=True, text=True,
                         check=True).stdout
    return list(csv.DictReader(io.StringIO(out)))


def genfft():
    ref = {}
    with open(os.path.join(ROOT, "bench", "genfft-spills.csv")) as f:
        for r in csv.DictReader(f):
            comp = "gcc" if r["compiler"].startswith("gcc") else "clang"
            ref[(comp, int(r["regs"]), int(r["n"]))] = (
                int(r["fp_spill_stores"]), int(r["fp_spill_loads"]))
    return ref


def main():
    os.makedirs(OUT, exist_ok=True)
    t0 = time.time()
    rows = {}
    for n in SIZES:
        for r in spills(n, REGS):
            rows[(n, r["schedule"], int(r["regs"]))] = dict(r)
        for r in spills(n, MREGS, COMPILERS):
            key = (n, r["schedule"], int(r["regs"]))
            for c in COMPILERS:
                for f in ("loads", "stores", "int_spills"):
                    rows[key]["%s_%s" % (c, f)] = r["%s_%s" % (c, f)]
        print("n=%d done, %.0f s" % (n, time.time() - t0), file=sys.stderr)
    ref = genfft()
    scheds = []
    for (n, s, R) in rows:
        if s not in scheds:
            scheds.append(s)
    fields = ["n", "schedule", "regs", "loads", "stores", "max_live",
              "lower_bound", "input_reloads"]
    for c in COMPILERS:
        fields += ["%s_loads" % c, "%s_stores" % c, "%s_int_spills" % c]
    with open(os.path.join(OUT, "spills.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(fields)
        for (n, s, R), r in sorted(rows.items(),
                                   key=lambda x: (x[0][0], scheds.index(
                                       x[0][1]), x[0][2])):
            w.writerow([n, s, R] + [r.get(k, "") for k in fields[3:]])
        for (c, R, n), (st, ld) in sorted(ref.items()):
            if n in SIZES:
                w.writerow([n, "genfft", R, "", "", "", "", ""]
                           + sum([[ld, st, ""] if c2 == c and R in MREGS
                                  else ["", "", ""] for c2 in COMPILERS],
                                 []))
    md = table(rows, scheds, ref)
    with open(os.path.join(OUT, "spills.md"), "w") as f:
        f.write(md)
    print(md)
    plot(rows, scheds)
    print("wrote bench/out/spills.csv, spills.md, spills.png in %.0f s"
          % (time.time() - t0), file=sys.stderr)


def cell(r, c):
    ld, st = r.get("%s_loads" % c, ""), r.get("%s_stores" % c, "")
    return "%s/%s" % (st, ld) if ld != "" else "-"


def table(rows, scheds, ref):
    lines = ["Belady spill loads/stores (kgen spills, constants as memory "
             "operands) and the rank lower bound on loads:", "",
             "| n | schedule | " + " | ".join("R=%d" % R for R in REGS)
             + " |", "|---|---|" + "---|" * len(REGS)]
    for n in SIZES:
        for s in scheds:
            lines.append("| %d | %s | " % (n, s) + " | ".join(
                "%s/%s" % (rows[(n, s, R)]["loads"],
                           rows[(n, s, R)]["stores"]) for R in REGS) + " |")
        lines.append("| %d | bound | " % n + " | ".join(
            rows[(n, scheds[0], R)]["lower_bound"] for R in REGS) + " |")
    lines += ["", "Measured FP stack spills, stores/loads in the assembly "
              "(gcc 12 -O2, SSE2 with -ffixed-xmmK below 16, -mavx512f at "
              "32; clang 14 has no -ffixed-xmm, so 16 and 32 only), kgen's "
              "Belady prediction (stores/loads) and genfft's n1 codelet "
              "compiled the same way:", "",
              "| n | R | schedule | Belady | gcc | gcc -fno-schedule-insns "
              "| clang | int spills (gcc) |", "|---|---|---|---|---|---|---|---|"]
    for n in SIZES:
        for R in MREGS:
            for s in scheds:
                r = rows[(n, s, R)]
                lines.append("| %d | %d | %s | %s/%s | %s | %s | %s | %s |"
                             % (n, R, s, r["stores"], r["loads"],
                                cell(r, "gcc"), cell(r, "gcc-nosched"),
                                cell(r, "clang"),
                                r.get("gcc_int_spills", "")))
            g = ref.get(("gcc", R, n))
            c = ref.get(("clang", R, n))
            if g or c:
                lines.append("| %d | %d | genfft | | %s | | %s | |" % (
                    n, R, "%d/%d" % g if g else "-",
                    "%d/%d" % c if c else "-"))
    return "\n".join(lines) + "\n"


def plot(rows, scheds):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no plot", file=sys.stderr)
        return
    fig, axes = plt.subplots(2, 3, figsize=(13, 7.5))
    for ax, n in zip(axes.flat, SIZES):
        for s in scheds:
            ax.plot(REGS, [int(rows[(n, s, R)]["loads"]) for R in REGS],
                    marker="o", label=s)
        ax.plot(REGS, [int(rows[(n, scheds[0], R)]["lower_bound"])
                       for R in REGS], "k--", label="lower bound")
        g = [(R, int(rows[(n, "build", R)]["gcc_loads"])) for R in MREGS
             if rows[(n, "build", R)].get("gcc_loads")]
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
