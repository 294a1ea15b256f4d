#!/usr/bin/env python3
"""make bench-asm: kgen's assembly codelets (kgen fft --emit asm) against
the gcc-compiled C --simd codelets of the same order and against FFTW.

For n = 2..64, ISA avx2 and avx512 (those this CPU runs), double and
float: the build order with --fma, the asm codelet allocated by Belady
for R = the ISA's vector registers (16, 32), the C codelet of that order
compiled by gcc -O2 for the ISA; both timed with FFTW (fftw_plan_many_dft,
FFTW_MEASURE) in one process by bench/asm.c on v = 256 interleaved
transforms one after another, the trials interleaved.  Beside each row
the spill loads/stores of asm (its header: Belady's) and of gcc at the
same R (kgen spills --measure gcc: the scalar C codelet of that order
held to R registers).

C/asm is the median over the trials of C's time over asm's in the same
trial; "least" is C's least time over asm's least, the quietest trial
of each: on a shared machine whose neighbours come and go (a Xeon once
ran whole seconds about 30% slower) the slow spells can
slow one codelet more than the other, so the two can differ.

Writes bench/out/asm.csv (flushed per configuration), prints a table,
and draws bench/out/asm.png (skipped, saying why, without matplotlib).
Options: --isa avx2,avx512 --prec double,float --sizes 2-64 --trials 15
--v 256.  About 5-8 minutes on 2 shared cores with the defaults.
"""
import argparse
import concurrent.futures
import csv
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KGEN = os.path.join(ROOT, "bin", "kgen")
OUT = os.path.join(ROOT, "bench", "out")
BUILD = os.path.join(ROOT, "build", "bench", "asm")
# isa.def and the CPU's flags, read once (tests/isadef.py)
sys.path.insert(0, os.path.join(ROOT, "tests"))
import isadef  # noqa: E402

# the ISAs timed here, and their registers, compiler flags and CPU
# features, as isa.def gives them (bench/asmab.py, asmparts.py take these)
NREG = {i: isadef.ISA[i].regs for i in ("avx2", "avx512")}
CFLAGS = {i: isadef.ISA[i].flags for i in NREG}
CPUFLAGS = {i: isadef.ISA[i].features for i in NREG}
FIELDS = ["isa", "prec", "n", "regs", "asm_ns", "c_ns", "fftw_ns",
          "c_over_asm", "fftw_over_asm", "asm_min_ns", "c_min_ns",
          "c_over_asm_min", "asm_spill_loads",
          "asm_spill_stores", "gcc_spill_loads", "gcc_spill_stores",
          "asm_relerr", "c_relerr"]


def cpu():
    """The CPU's flags."""
    return isadef.CPU


def sh(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        sys.exit("bench-asm: %s failed:\n%s" % (" ".join(cmd), p.stderr))
    return p.stdout


def sizes(text):
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += range(int(a), int(b or a) + 1)
    return out


def fresh(path):
    """Whether path was made after bin/kgen (then it is kept)."""
    return (os.path.exists(path)
            and os.path.getmtime(path) > os.path.getmtime(KGEN))


def build(isa, prec, n):
    """The asm and C objects of one codelet (kept while newer than
    bin/kgen); asm's spills (its header)."""
    d = os.path.join(BUILD, "%s_%s" % (isa, prec))
    base = [KGEN, "fft", "-n", str(n), "--simd", isa, "--type", prec,
            "--schedule", "build", "--fma"]
    s = os.path.join(d, "a_%d.s" % n)
    if not fresh(s[:-2] + ".o"):
        sh(base + ["--emit", "asm", "--regs", str(NREG[isa]), "--name",
                   "a_%d" % n, "-o", s])
        sh(["cc", "-c", s, "-o", s[:-2] + ".o"])
    c = os.path.join(d, "c_%d.c" % n)
    if not fresh(c[:-2] + ".o"):
        sh(base + ["--name", "c_%d" % n, "-o", c])
        sh(["gcc", "-O2"] + CFLAGS[isa] + ["-c", c, "-o", c[:-2] + ".o"])
    with open(s) as f:
        m = re.search(r"(\d+) spill loads,\n# (\d+) spill stores", f.read())
    return int(m.group(1)), int(m.group(2))


GCCSPILLS = {}


def gccspills(n, regs):
    """gcc's spill loads and stores at (n, regs), once per run (the same
    for both precisions)."""
    if (n, regs) in GCCSPILLS:
        return GCCSPILLS[(n, regs)]
    out = sh([KGEN, "spills", "fft", "-n", str(n), "--regs", str(regs),
              "--schedule", "build", "--fma", "--measure", "gcc",
              "--format", "csv"])
    row = next(csv.DictReader(out.splitlines()))
    GCCSPILLS[(n, regs)] = row["gcc_loads"], row["gcc_stores"]
    return GCCSPILLS[(n, regs)]


def config(isa, prec, ns, args, pool):
    d = os.path.join(BUILD, "%s_%s" % (isa, prec))
    os.makedirs(d, exist_ok=True)
    asmsp = dict(zip(ns, pool.map(lambda n: build(isa, prec, n), ns)))
    gccsp = dict(zip(ns, pool.map(lambda n: gccspills(n, NREG[isa]), ns)))
    exe = os.path.join(d, "bench")
    objs = [os.path.join(d, "%s_%d.o" % (w, n)) for n in ns for w in "ac"]
    sh(["cc", "-std=gnu11", "-O2", "-Wall", "-DSIZES=" + " ".join(
        "X(%d)" % n for n in ns)] + (["-DFLOAT"] if prec == "float" else [])
       + ["-o", exe, os.path.join(ROOT, "bench", "asm.c")] + objs
       + ["-lfftw3", "-lfftw3f", "-lm"])
    res = {}
    for r in csv.DictReader(sh([exe, str(args.v), str(args.trials)])
                            .splitlines()):
        res[(int(r["n"]), r["who"])] = r
    rows = []
    for n in ns:
        a, c, f = (res[(n, w)] for w in ("asm", "c", "fftw"))
        rows.append({
            "isa": isa, "prec": prec, "n": n, "regs": NREG[isa],
            "asm_ns": a["median_ns"], "c_ns": c["median_ns"],
            "fftw_ns": f["median_ns"], "c_over_asm": c["ratio"],
            "fftw_over_asm": f["ratio"], "asm_min_ns": a["min_ns"],
            "c_min_ns": c["min_ns"], "c_over_asm_min": "%.4f" % (
                float(c["min_ns"]) / float(a["min_ns"])),
            "asm_spill_loads": asmsp[n][0], "asm_spill_stores": asmsp[n][1],
            "gcc_spill_loads": gccsp[n][0], "gcc_spill_stores": gccsp[n][1],
            "asm_relerr": a["relerr"], "c_relerr": c["relerr"]})
    return rows


def table(rows):
    print("%-6s %-6s %3s %8s %8s %8s %6s %7s %8s %9s %9s" % (
        "isa", "prec", "n", "asm ns", "C ns", "FFTW ns", "C/asm",
        "(least)", "FFTW/asm", "asm l/s", "gcc l/s"))
    for r in rows:
        print("%-6s %-6s %3d %8s %8s %8s %6.2f %7.2f %8.2f %9s %9s" % (
            r["isa"], r["prec"], r["n"], r["asm_ns"], r["c_ns"],
            r["fftw_ns"], float(r["c_over_asm"]),
            float(r["c_over_asm_min"]),
            float(r["fftw_over_asm"]), "%s/%s" % (r["asm_spill_loads"],
                                                  r["asm_spill_stores"]),
            "%s/%s" % (r["gcc_spill_loads"], r["gcc_spill_stores"])))
    for isa in NREG:
        for prec in ("double", "float"):
            rs = [r for r in rows if r["isa"] == isa and r["prec"] == prec]
            if not rs:
                continue
            lo = min(rs, key=lambda r: float(r["c_over_asm"]))
            big = [float(r["c_over_asm"]) for r in rs if r["n"] >= 32]
            print("%s %s: C/asm from %.2f (n = %d) to %.2f; n >= 32: "
                  "min %s; asm >= C at %d of %d sizes" % (
                      isa, prec, float(lo["c_over_asm"]), lo["n"],
                      max(float(r["c_over_asm"]) for r in rs),
                      "%.2f" % min(big) if big else "-",
                      sum(float(r["c_over_asm"]) >= 1 for r in rs),
                      len(rs)))
            q = sorted(float(r["c_over_asm_min"]) for r in rs)
            print("  %s %s by least times (the quietest trial of each): "
                  "median C/asm %.2f, asm >= C at %d of %d sizes" % (
                      isa, prec, q[len(q) // 2], sum(x >= 1 for x in q),
                      len(q)))


def plot(rows, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("bench-asm: matplotlib missing (sh tests/deps.sh "
              "python3-matplotlib): no plot")
        return
    cfgs = sorted({(r["isa"], r["prec"]) for r in rows})
    cols = min(2, len(cfgs))
    nrow = (len(cfgs) + cols - 1) // cols
    fig, axs = plt.subplots(nrow, cols, figsize=(6 * cols, 4 * nrow),
                            squeeze=False)
    for ax, (isa, prec) in zip(axs.flat, cfgs):
        rs = [r for r in rows if r["isa"] == isa and r["prec"] == prec]
        ns = [r["n"] for r in rs]
        ax.plot(ns, [float(r["c_over_asm"]) for r in rs], "o-", ms=3,
                label="gcc C --simd / asm")
        ax.plot(ns, [float(r["c_over_asm_min"]) for r in rs], ":", lw=1,
                label="gcc C / asm, least times")
        ax.plot(ns, [float(r["fftw_over_asm"]) for r in rs], "s-", ms=3,
                label="FFTW / asm")
        ax.axhline(1, color="gray", lw=0.8)
        ax.set_yscale("log")
        ax.set_title("%s %s, v = 256 interleaved" % (isa, prec))
        ax.set_xlabel("n")
        ax.set_ylabel("time over asm's (> 1: asm faster)")
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    print("wrote", path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--isa", default="avx2,avx512")
    ap.add_argument("--prec", default="double,float")
    ap.add_argument("--sizes", default="2-64")
    ap.add_argument("--trials", type=int, default=15)
    ap.add_argument("--v", type=int, default=256)
    args = ap.parse_args()
    flags = cpu()
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "asm.csv")
    rows = []
    ns = sizes(args.sizes)
    with open(path, "w", newline="") as f, \
            concurrent.futures.ThreadPoolExecutor(2) as pool:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        for isa in args.isa.split(","):
            if not CPUFLAGS[isa] <= flags:
                print("bench-asm: this CPU does not run %s: skipped" % isa)
                continue
            for prec in args.prec.split(","):
                print("bench-asm: %s %s ..." % (isa, prec), flush=True)
                got = config(isa, prec, ns, args, pool)
                w.writerows(got)
                f.flush()
                rows += got
    with open("/proc/loadavg") as f:
        print("load average at the end: %s" % " ".join(f.read().split()[:3]))
    table(rows)
    print("wrote", path)
    plot(rows, os.path.join(OUT, "asm.png"))


if __name__ == "__main__":
    main()
