"""make bench-fft: batched n1 transforms, kgen against FFTW.

Runs build/bench/fft (bench/fft.c) for double and float: v = 256
interleaved transforms of each n in 2..64, out of place, FFTW_MEASURE,
every contender timed in the same process with the trials interleaved.
Then the same for one transform at a time (v = 1: bench/out/fft_v1.*),
where kgen_dft runs the codelets vectorized within one transform (n1w)
or the scalar ones.
Writes bench/out/fft_batched.csv (per n and contender: median and best ns
per transform, the median over trials of FFTW's time over kgen's, the
relative error against FFTW, MFLOPS = 5 n log2 n / ns and the fraction of
the core's measured FMA peak), bench/out/fft_batched.png (MFLOPS against
n, and the ratios), and prints the geometric means.
usage: python3 bench/fft.py [--v V] [--trials T] [--nmax N] [--quick]
"""
import argparse
import csv
import io
import math
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXE = ROOT / "build" / "bench" / "fft"
OUT = ROOT / "bench" / "out"


def run(args):
    p = subprocess.run([str(EXE), *map(str, args)], capture_output=True,
                       text=True)
    if p.returncode:
        sys.exit("bench/fft.py: %s %s failed: %s" % (EXE, args, p.stderr))
    return list(csv.DictReader(io.StringIO(p.stdout)))


def gmean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--v", type=int, default=256)
    ap.add_argument("--trials", type=int, default=21)
    ap.add_argument("--nmax", type=int, default=64)
    ap.add_argument("--quick", action="store_true",
                    help="n = 2..16 and 7 trials: a smoke test")
    a = ap.parse_args()
    if a.quick:
        a.nmax, a.trials = 16, 7
    OUT.mkdir(parents=True, exist_ok=True)
    peak = {r["isa"]: float(r["double_gflops"]) for r in run(["peak"])}
    print("core FMA peak (GFLOP/s, double): %s" % ", ".join(
        "%s %.1f" % kv for kv in peak.items()))
    # batched, then one transform at a time (where kgen_dft runs the
    # codelets vectorized within a transform, n1w, or the scalar ones)
    for v, name in ((a.v, "fft_batched"), (1, "fft_v1")):
        rows = []
        for prec in ("double", "float"):
            rows += run([prec, v, 2, a.nmax, a.trials])
        report(rows, peak, name)


def report(rows, peak, name):
    best = max(peak.values()) if peak else 0
    for r in rows:
        n, ns = int(r["n"]), float(r["median_ns"])
        r["mflops"] = "%.1f" % (5 * n * math.log2(n) / ns * 1e3)
        pk = best * (2 if r["prec"] == "float" else 1)
        r["peak_frac"] = "%.4f" % (float(r["mflops"]) / 1e3 / pk) if pk \
            else ""
    path = OUT / (name + ".csv")
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print("\nv = %s transforms, interleaved (%s):" % (rows[0]["v"], name))
    whos = list(dict.fromkeys(r["who"] for r in rows if r["who"] != "fftw"))
    print("%-7s %-16s %5s %8s %8s %8s %9s" % ("prec", "who", "sizes",
                                              "gmean", "min", "max",
                                              "n<FFTW"))
    for prec in ("double", "float"):
        for who in whos:
            rs = [r for r in rows if r["prec"] == prec and r["who"] == who]
            q = [float(r["ratio"]) for r in rs]
            if not q:
                continue
            slow = [r["n"] for r in rs if float(r["ratio"]) < 1]
            print("%-7s %-16s %5d %8.3f %8.3f %8.3f %9d" % (
                prec, who, len(q), gmean(q), min(q), max(q), len(slow)))
    for prec in ("double", "float"):
        rs = [r for r in rows if r["prec"] == prec and r["who"] == "kgen"]
        print("%s, kgen (dispatched) over FFTW per n: %s" % (prec, " ".join(
            "%s:%.2f" % (r["n"], float(r["ratio"])) for r in rs)))
        bad = [r for r in rows if r["prec"] == prec and float(r["relerr"])
               > (1e-13 if prec == "double" else 1e-4)]
        if bad:
            print("WARNING: large errors at n = %s" % [r["n"] for r in bad])
    print("wrote %s" % path.relative_to(ROOT))
    plot(rows, whos, name)


def plot(rows, whos, name):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no plot")
        return
    fig, ax = plt.subplots(2, 2, figsize=(12, 8), sharex=True)
    for j, prec in enumerate(("double", "float")):
        for who in ["fftw"] + whos:
            rs = [r for r in rows if r["prec"] == prec and r["who"] == who]
            n = [int(r["n"]) for r in rs]
            if not rs:
                continue
            ax[0][j].plot(n, [float(r["mflops"]) for r in rs],
                          "o-" if who in ("fftw", "kgen") else ".--",
                          label=who, ms=3)
            if who != "fftw":
                ax[1][j].plot(n, [float(r["ratio"]) for r in rs],
                              "o-" if who == "kgen" else ".--", label=who,
                              ms=3)
        ax[0][j].set_title("%s, v=%s interleaved" % (prec, rows[0]["v"]))
        ax[0][j].set_ylabel("MFLOPS (5 n log2 n / ns)")
        ax[1][j].axhline(1, color="k", lw=0.8)
        ax[1][j].axhline(1.5, color="k", lw=0.8, ls=":")
        ax[1][j].set_ylabel("FFTW time / kgen time")
        ax[1][j].set_xlabel("n")
        ax[0][j].legend(fontsize=8)
        ax[1][j].legend(fontsize=8)
    fig.tight_layout()
    path = OUT / (name + ".png")
    fig.savefig(path, dpi=100)
    print("wrote %s" % path.relative_to(ROOT))


if __name__ == "__main__":
    main()
