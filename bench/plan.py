"""make bench-plan: whole transforms, kgen_plan_dft_1d against FFTW.

Runs build/bench/plan and build/bench/planf (bench/plan.c: kgen on split
arrays against FFTW_MEASURE on interleaved and on split arrays, out of
place, forward, trials interleaved in one process) for n = 2^7 .. 2^20,
a few composite sizes and two primes.  Writes bench/out/plan.csv (one row
per n and precision, plan.c's columns plus the fraction of the core's
FMA peak, measured by build/bench/fft peak), prints a table with the
geometric means over 2^10 .. 2^16 and draws bench/out/plan.png (MFLOPS =
5 n log2 n / ns against n, and the speed ratios).
usage: python3 bench/plan.py [--quick]
"""
import argparse
import csv
import io
import math
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "bench"
OUT = ROOT / "bench" / "out"
POW2 = [2 ** e for e in range(7, 21)]
OTHER = [1000, 1536, 3000, 6000, 10000, 1009, 4099]


def run(exe, args):
    p = subprocess.run([str(BUILD / exe), *map(str, args)],
                       capture_output=True, text=True)
    if p.returncode:
        sys.exit("bench/plan.py: %s failed: %s" % (exe, p.stderr))
    return list(csv.DictReader(io.StringIO(p.stdout)))


def gmean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true",
                    help="2^10 .. 2^12 only: a smoke test")
    a = ap.parse_args()
    sizes = [1024, 2048, 4096] if a.quick else POW2 + OTHER
    OUT.mkdir(parents=True, exist_ok=True)
    peak = [float(r["double_gflops"]) for r in run("fft", ["peak"])]
    best = max(peak) if peak else 0
    rows = []
    for exe in ("plan", "planf"):
        for n in sizes:
            print("%s n=%d" % (exe, n), file=sys.stderr, flush=True)
            rows += run(exe, [n])
    for r in rows:
        pk = best * (2 if r["precision"] == "float" else 1)
        r["peak_frac"] = "%.4f" % (float(r["kgen_mflops"]) / 1e3 / pk) \
            if pk else ""
    path = OUT / "plan.csv"
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print("%-7s %8s %10s %8s %8s %8s" % ("prec", "n", "kgen MFLOPS",
                                        "/FFTW", "/split", "of peak"))
    for r in rows:
        print("%-7s %8s %10.0f %8.3f %8.3f %8s" % (
            r["precision"], r["n"], float(r["kgen_mflops"]),
            float(r["ratio_vs_fftw"]), float(r["ratio_vs_fftw_split"]),
            r["peak_frac"]))
    for prec in ("double", "float"):
        q = [float(r["ratio_vs_fftw"]) for r in rows
             if r["precision"] == prec and 1024 <= int(r["n"]) <= 65536
             and int(r["n"]) in POW2]
        if q:
            print("%s, 2^10..2^16: kgen over FFTW_MEASURE (interleaved) "
                  "gmean %.3f, min %.3f" % (prec, gmean(q), min(q)))
    print("wrote %s" % path.relative_to(ROOT))
    plot(rows)


def plot(rows):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no plot")
        return
    fig, ax = plt.subplots(2, 2, figsize=(12, 8), sharex=True)
    for j, prec in enumerate(("double", "float")):
        rs = sorted((r for r in rows if r["precision"] == prec
                     and int(r["n"]) in POW2), key=lambda r: int(r["n"]))
        n = [int(r["n"]) for r in rs]
        kg = [float(r["kgen_mflops"]) for r in rs]
        ax[0][j].plot(n, kg, "o-", label="kgen (split)", ms=3)
        for col, lab in (("ratio_vs_fftw", "FFTW_MEASURE interleaved"),
                         ("ratio_vs_fftw_split", "FFTW_MEASURE split")):
            ax[0][j].plot(n, [k / float(r[col]) for k, r in zip(kg, rs)],
                          ".--", label=lab, ms=3)
            ax[1][j].plot(n, [float(r[col]) for r in rs], "o-",
                          label="kgen / " + lab, ms=3)
        ax[0][j].set_title("%s, whole transforms, out of place" % prec)
        ax[0][j].set_ylabel("MFLOPS (5 n log2 n / ns)")
        ax[1][j].axhline(1, color="k", lw=0.8)
        ax[1][j].axhline(0.8, color="k", lw=0.8, ls=":")
        ax[1][j].set_ylabel("speed ratio")
        ax[1][j].set_xlabel("n")
        ax[1][j].set_xscale("log", base=2)
        ax[0][j].legend(fontsize=8)
        ax[1][j].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(OUT / "plan.png", dpi=110)
    print("wrote %s" % (OUT / "plan.png").relative_to(ROOT))


if __name__ == "__main__":
    main()
