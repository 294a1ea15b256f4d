"""make bench-fft: n1 transforms, kgen against FFTW.

Runs build/bench/fft (bench/fft.c), one process per precision and layout:
one transform at a time (v = 1, interleaved complex and split arrays:
bench/out/fft_v1.*), then batched (v = 256 interleaved, transforms one
after another and side by side ("tmajor": FFTW's stride v, distance 1):
fft_batched.*),
n = 2..64, out of place, against FFTW_MEASURE and FFTW_PATIENT, every
contender timed in the same process with the trials interleaved; "kgen"
is the public call kgen_dft/kgen_dftf, the others its codelets one by
one.  Writes per run a CSV (per n and contender: median and best ns per
transform, the medians over trials of each FFTW plan's time over the
contender's, the relative error against FFTW, MFLOPS = 5 n log2 n / ns
and the fraction of the core's measured FMA peak) and a PNG (MFLOPS
against n, and the ratios to FFTW_PATIENT), and prints the geometric
means and the worst sizes.
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
LAYOUTS = ("inter", "split", "tmajor")


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
    ap.add_argument("--trials", type=int, default=11)
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
    # one transform at a time (kgen_dft runs the fastest of its scalar,
    # n1w and n1c codelets, measured at first use), then batched
    for v, name, layouts in ((1, "fft_v1", ("inter", "split")),
                             (a.v, "fft_batched", ("inter", "tmajor"))):
        rows = []
        for prec in ("double", "float"):
            for lay in layouts:
                rows += run([prec, v, 2, a.nmax, a.trials, lay])
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
    print("\nv = %s transforms (%s):" % (rows[0]["v"], name))
    whos = list(dict.fromkeys(r["who"] for r in rows
                              if not r["who"].startswith("fftw")))
    print("%-7s %-6s %-16s %5s %8s %8s %8s %6s %8s" % (
        "prec", "layout", "who", "sizes", "gm/pat", "min/pat", "gm/meas",
        "n<pat", "n<meas"))
    for prec in ("double", "float"):
        for lay in LAYOUTS:
            for who in whos:
                rs = [r for r in rows if r["prec"] == prec
                      and r["layout"] == lay and r["who"] == who]
                if not rs:
                    continue
                qp = [float(r["ratio_patient"]) for r in rs]
                qm = [float(r["ratio_measure"]) for r in rs]
                print("%-7s %-6s %-16s %5d %8.3f %8.3f %8.3f %6d %8d" % (
                    prec, lay, who, len(qp), gmean(qp), min(qp), gmean(qm),
                    sum(q < 1 for q in qp), sum(q < 1 for q in qm)))
    for prec in ("double", "float"):
        for lay in LAYOUTS:
            rs = [r for r in rows if r["prec"] == prec and r["layout"] == lay
                  and r["who"] == "kgen"]
            if not rs:
                continue
            worst = sorted(rs, key=lambda r: float(r["ratio_patient"]))[:6]
            print("%s %s, kgen over FFTW_PATIENT per n: %s" % (
                prec, lay, " ".join("%s:%.2f" % (
                    r["n"], float(r["ratio_patient"])) for r in rs)))
            print("  worst: %s" % ", ".join("%s %.2f" % (
                r["n"], float(r["ratio_patient"])) for r in worst))
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
    main = ("fftw-measure", "fftw-patient", "kgen")
    for j, prec in enumerate(("double", "float")):
        for lay in LAYOUTS:
            for who in ["fftw-measure", "fftw-patient"] + whos:
                rs = [r for r in rows if r["prec"] == prec
                      and r["layout"] == lay and r["who"] == who]
                n = [int(r["n"]) for r in rs]
                if not rs or (lay != "inter" and who not in main):
                    continue
                lab = who + ("" if lay == "inter" else " (%s)" % lay)
                st = "o-" if who in main else ".--"
                if lay != "inter":
                    st = "x:" if lay == "split" else "s-."
                ax[0][j].plot(n, [float(r["mflops"]) for r in rs], st,
                              label=lab, ms=3)
                if not who.startswith("fftw"):
                    ax[1][j].plot(n, [float(r["ratio_patient"])
                                      for r in rs], st, label=lab, ms=3)
        ax[0][j].set_title("%s, v=%s" % (prec, rows[0]["v"]))
        ax[0][j].set_ylabel("MFLOPS (5 n log2 n / ns)")
        ax[1][j].axhline(1, color="k", lw=0.8)
        ax[1][j].axhline(1.3, color="k", lw=0.8, ls=":")
        ax[1][j].set_ylabel("FFTW_PATIENT time / kgen time")
        ax[1][j].set_xlabel("n")
        ax[0][j].legend(fontsize=8)
        ax[1][j].legend(fontsize=8)
    fig.tight_layout()
    path = OUT / (name + ".png")
    fig.savefig(path, dpi=100)
    print("wrote %s" % path.relative_to(ROOT))


if __name__ == "__main__":
    main()
