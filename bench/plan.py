"""make bench-plan: whole transforms, kgen's plans against FFTW.

Runs build/bench/plan and build/bench/planf (bench/plan.c: kgen on split
arrays and on interleaved ones (stride 2, ii = ri + 1), estimated and
measured, against FFTW_MEASURE and FFTW_PATIENT on interleaved arrays,
out of place, forward, trials interleaved in one process per precision)
for n = 2^7 .. 2^20, powers of 3, 5 and 7 up to about 10^5, mixed sizes
and primes.  FFTW_PATIENT plans only up to PATIENT_MAX (above it its
planning takes minutes; the column repeats FFTW_MEASURE there and
patient_capped is 1).  Writes bench/out/plan.csv (bench/plan.c's columns),
prints a table with the geometric means over 2^10 .. 2^16 and draws
bench/out/plan.png (MFLOPS = 5 n log2 n / ns against n, and the ratios).
usage: python3 bench/plan.py [--quick] [--csv FILE...]
(--csv: the table and plot from CSV files of earlier build/bench/plan and
planf runs, one per precision, instead of running them)
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
POW3 = [3 ** e for e in range(5, 11)]
POW5 = [5 ** e for e in range(3, 8)]
POW7 = [7 ** e for e in range(3, 6)]
MIXED = [720, 1000, 1331, 1536, 2197, 6000, 10000, 12288, 100000]
PRIMES = [1009, 4099, 10007, 65537]
PATIENT_MAX = 16384
GROUPS = (("2^k", POW2), ("3^k", POW3), ("5^k", POW5), ("7^k", POW7),
          ("mixed", MIXED), ("prime", PRIMES))


def run(exe, sizes):
    p = subprocess.run([str(BUILD / exe), "-p", str(PATIENT_MAX),
                        *map(str, sizes)], capture_output=True, text=True)
    if p.returncode:
        sys.exit("bench/plan.py: %s failed: %s" % (exe, p.stderr))
    return list(csv.DictReader(io.StringIO(p.stdout)))


def gmean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true",
                    help="2^10 .. 2^12 only: a smoke test")
    ap.add_argument("--csv", nargs="+", metavar="FILE",
                    help="read these bench/plan.c outputs, run nothing")
    a = ap.parse_args()
    sizes = [1024, 2048, 4096] if a.quick else \
        POW2 + POW3 + POW5 + POW7 + MIXED + PRIMES
    OUT.mkdir(parents=True, exist_ok=True)
    rows = []
    for f in a.csv or []:
        rows += list(csv.DictReader(open(f)))
    for exe in () if a.csv else ("plan", "planf"):
        print("%s: %d sizes" % (exe, len(sizes)), file=sys.stderr,
              flush=True)
        rows += run(exe, sizes)
    path = OUT / "plan.csv"
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print("%-7s %8s %9s %8s %8s %8s %8s %9s" % (
        "prec", "n", "MFLOPS", "meas/FM", "meas/FP", "inter/FM",
        "inter/spl", "plan ms"))
    for r in rows:
        print("%-7s %8s %9.0f %8.3f %8.3f %8.3f %8.3f %9.1f%s" % (
            r["precision"], r["n"], float(r["kgen_mflops"]),
            float(r["meas_vs_fftw_meas"]), float(r["meas_vs_fftw_pat"]),
            float(r["inter_vs_fftw_meas"]), float(r["inter_over_split"]),
            float(r["kgen_meas_plan_ms"]),
            "" if r["patient_capped"] == "0" else "  (FP = FFTW_MEASURE)"))
    for prec in ("double", "float"):
        q = [float(r["meas_vs_fftw_meas"]) for r in rows
             if r["precision"] == prec and 1024 <= int(r["n"]) <= 65536
             and int(r["n"]) in POW2]
        if q:
            print("%s, 2^10..2^16: kgen (KGEN_MEASURE, interleaved) over "
                  "FFTW_MEASURE gmean %.3f, min %.3f" % (prec, gmean(q),
                                                         min(q)))
        for name, group in GROUPS:
            q = [float(r["meas_vs_fftw_pat"]) for r in rows
                 if r["precision"] == prec and int(r["n"]) in group]
            if q:
                print("%s %s: over FFTW_PATIENT (MEASURE above %d) gmean "
                      "%.3f, min %.3f" % (prec, name, PATIENT_MAX,
                                          gmean(q), min(q)))
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
    fig, ax = plt.subplots(2, 2, figsize=(12, 8))
    for j, prec in enumerate(("double", "float")):
        rs = sorted((r for r in rows if r["precision"] == prec),
                    key=lambda r: int(r["n"]))
        for name, group in GROUPS:
            g = [r for r in rs if int(r["n"]) in group]
            if not g:
                continue
            n = [int(r["n"]) for r in g]
            ax[0][j].plot(n, [float(r["kgen_mflops"]) for r in g], "o-",
                          ms=3, label="kgen " + name)
            ax[1][j].plot(n, [float(r["meas_vs_fftw_pat"]) for r in g],
                          "o-", ms=3, label=name)
        ax[0][j].set_title("%s, whole transforms, interleaved, out of "
                           "place" % prec)
        ax[0][j].set_ylabel("kgen MFLOPS (5 n log2 n / ns)")
        ax[1][j].set_ylabel("FFTW_PATIENT time / kgen time")
        ax[1][j].axhline(1, color="k", lw=0.8)
        for a in (ax[0][j], ax[1][j]):
            a.set_xscale("log", base=2)
            a.set_xlabel("n")
            a.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(OUT / "plan.png", dpi=110)
    print("wrote %s" % (OUT / "plan.png").relative_to(ROOT))


if __name__ == "__main__":
    main()
