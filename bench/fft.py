"""make bench-fft: n1 transforms, kgen against FFTW.

Runs bench/fft.c's binaries, one process per precision, layout and FFTW
build (kgen and FFTW timed in the same process):
  build/bench/fft-debian             Debian's libfftw3 (SIMD up to AVX2)
  build/bench/fft-built, fftf-built  FFTW 3.3.10 built by make
                                     fftw-avx512 (build/fftw/flags: its
                                     configure flags), double and float,
                                     where that build exists
each
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
means and the worst sizes, per FFTW build; bench/out/fft.fftw names the
builds (one line each).
usage: python3 bench/fft.py [--v V] [--trials T] [--nmax N] [--quick]
                            [--prec double|float] [--only debian|built]
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
FFTW = ROOT / "build" / "fftw"
EXE = BUILD / "fft-debian"
OUT = ROOT / "bench" / "out"
LAYOUTS = ("inter", "split", "tmajor")


def builds(prec):
    """[(label, binary, what)] of the FFTW builds there are for prec
    (bench/plan.py's, with fft.c's binaries)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import plan
    return [(b, EXE if b == "debian" else exe, w)
            for b, exe, w in plan.builds(prec, "fft")]


def run(exe, args, label=None):
    print("fft.py: %s %s" % (exe.name, " ".join(map(str, args))),
          file=sys.stderr, flush=True)
    p = subprocess.run([str(exe), *map(str, args)], capture_output=True,
                       text=True)
    if p.returncode:
        sys.exit("bench/fft.py: %s %s failed: %s" % (exe, args, p.stderr))
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    for r in rows:
        if label:
            r["fftw"] = label
    return rows


def gmean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--v", type=int, default=256)
    ap.add_argument("--trials", type=int, default=11)
    ap.add_argument("--nmax", type=int, default=64)
    ap.add_argument("--quick", action="store_true",
                    help="n = 2..16 and 7 trials: a smoke test")
    ap.add_argument("--prec", choices=("double", "float"))
    ap.add_argument("--only", choices=("debian", "built"))
    a = ap.parse_args()
    if a.quick:
        a.nmax, a.trials = 16, 7
    OUT.mkdir(parents=True, exist_ok=True)
    peak = {r["isa"]: float(r["double_gflops"]) for r in run(EXE, ["peak"])}
    print("core FMA peak (GFLOP/s, double): %s" % ", ".join(
        "%s %.1f" % kv for kv in peak.items()))
    precs = (a.prec,) if a.prec else ("double", "float")
    bs, what = {}, []
    for prec in precs:
        bs[prec] = builds(prec)
        if a.only:
            bs[prec] = [b for b in bs[prec]
                        if (b[0] == "debian") == (a.only == "debian")]
        for b, _, w in bs[prec]:
            what.append("%s (%s): %s" % (b, prec, w))
            print("fft.py: FFTW %s" % what[-1], file=sys.stderr)
    with open(OUT / "fft.fftw", "w") as f:
        f.write("".join(x + "\n" for x in what))
    # one transform at a time (kgen_dft runs the fastest of its scalar,
    # n1w and n1c codelets, measured at first use), then batched
    for v, name, layouts in ((1, "fft_v1", ("inter", "split")),
                             (a.v, "fft_batched", ("inter", "tmajor"))):
        rows = []
        for prec in precs:
            for lay in layouts:
                for b, exe, _ in bs[prec]:
                    rows += run(exe, [prec, v, 2, a.nmax, a.trials, lay], b)
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
    fb = list(dict.fromkeys(r["fftw"] for r in rows))
    print("%-7s %-6s %-6s %-16s %5s %8s %8s %8s %6s %8s" % (
        "prec", "layout", "FFTW", "who", "sizes", "gm/pat", "min/pat",
        "gm/meas", "n<pat", "n<meas"))
    for prec in ("double", "float"):
        for lay in LAYOUTS:
            for b in fb:
                for who in whos:
                    rs = [r for r in rows if r["prec"] == prec
                          and r["layout"] == lay and r["who"] == who
                          and r["fftw"] == b]
                    if not rs:
                        continue
                    qp = [float(r["ratio_patient"]) for r in rs]
                    qm = [float(r["ratio_measure"]) for r in rs]
                    print("%-7s %-6s %-6s %-16s %5d %8.3f %8.3f %8.3f %6d "
                          "%8d" % (prec, lay, b, who, len(qp), gmean(qp),
                                   min(qp), gmean(qm),
                                   sum(q < 1 for q in qp),
                                   sum(q < 1 for q in qm)))
    for prec in ("double", "float"):
        for lay in LAYOUTS:
            for b in fb:
                rs = [r for r in rows if r["prec"] == prec
                      and r["layout"] == lay and r["who"] == "kgen"
                      and r["fftw"] == b]
                if not rs:
                    continue
                worst = sorted(rs, key=lambda r:
                               float(r["ratio_patient"]))[:6]
                print("%s %s, kgen over FFTW_PATIENT (%s) per n: %s" % (
                    prec, lay, b, " ".join("%s:%.2f" % (
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
    every = rows
    for j, prec in enumerate(("double", "float")):
        # the strongest FFTW build's process; kgen against the others
        # dotted
        bs = list(dict.fromkeys(r["fftw"] for r in every
                                if r["prec"] == prec))
        b0 = next((b for b in bs if b != "debian"), bs[0] if bs else None)
        rows = [r for r in every if r["fftw"] == b0]
        for b in (b for b in bs if b != b0):
            rs = [r for r in every if r["prec"] == prec and r["fftw"] == b
                  and r["layout"] == "inter" and r["who"] == "kgen"]
            ax[1][j].plot([int(r["n"]) for r in rs],
                          [float(r["ratio_patient"]) for r in rs], ".:",
                          label="kgen vs FFTW %s" % b, ms=3)
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
        ax[0][j].set_title("%s, v=%s, FFTW %s" % (prec, every[0]["v"],
                                                  b0))
        ax[0][j].set_ylabel("MFLOPS (5 n log2 n / ns)")
        ax[1][j].axhline(1, color="k", lw=0.8)
        ax[1][j].axhline(1.3, color="k", lw=0.8, ls=":")
        ax[1][j].set_ylabel("FFTW_PATIENT time / kgen time")
        ax[1][j].set_xlabel("n")
        for x in ax[0][j], ax[1][j]:
            if x.get_legend_handles_labels()[0]:
                x.legend(fontsize=8)
    fig.tight_layout()
    path = OUT / (name + ".png")
    fig.savefig(path, dpi=100)
    print("wrote %s" % path.relative_to(ROOT))


if __name__ == "__main__":
    main()
