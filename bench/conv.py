"""make bench-conv: FIR filters, kgen's codelets against the naive loop
and FFT convolution.

For each tap count L (default 4 8 16 32 64 128 256 512 1024) and each
precision, builds one binary of bench/conv.c (see there: the contenders,
the signal, the timing) in build/bench/conv/ with:
  scalar   kgen conv --taps ... -n 64 (L <= SCALAR_MAX: the straight-line
           codelet of L*64 terms), gcc -O3 -march=native
  ISA      kgen conv --simd ISA -n 64, for each ISA of isa.def this CPU
           runs, gcc -O3 and the ISA's flags (isa.def)
  naive    bench/convnaive.c, gcc -O3 -march=native, its own unit
and FFTW's and kgen's r2c/c2r for overlap-save, and the library's
kgen_fir (fir_direct, fir_fft forced, fir_auto as the plan picks), in
calls of 1024 samples.  The taps are random in
(-1, 1) (seeded), exact in float, no two of equal magnitude.
Writes bench/out/conv.csv (bench/conv.c's columns and vs_naive = naive's
ns / the contender's, > 1: faster than the naive loop), prints the table,
the crossovers (the least L from which FFT convolution beats every
kgen codelet; where kgen_fir's FFT method beats its direct form, and
the method its plan picks) and the goal of issue 46 (the stream entry
at least 1.5x the naive loop at 4..64 taps, double and float), and draws bench/out/conv.png
where matplotlib is installed.
usage: python3 bench/conv.py [--taps L,...] [--prec double,float]
                             [--csv FILE]
"""
import argparse
import csv
import io
import os
import pathlib
import random
import struct
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "bench" / "conv"
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT / "tests"))
from isadef import ISA, NAMES, RUNS  # noqa: E402

TAPS = [4, 8, 16, 32, 64, 128, 256, 512, 1024]
SCALAR_MAX = 128
BLOCK = 64
GOAL_TAPS = (4, 64)
GOAL = 1.5
CC = os.environ.get("CC", "gcc")
COLS = ["prec", "taps", "contender", "ns_per_sample", "rel_err", "detail"]


def run(cmd, **kw):
    r = subprocess.run([str(c) for c in cmd], capture_output=True,
                       text=True, **kw)
    if r.returncode:
        sys.exit("conv.py: %s failed:\n%s" % (cmd[0], r.stderr[-2000:]))
    return r.stdout


def taps(n, prec):
    """n random taps in (-1, 1), exact in float, of distinct
    magnitudes (kgen would share multiplications otherwise)."""
    rng = random.Random(4600 + n)
    out, seen = [], set()
    while len(out) < n:
        v = struct.unpack("f", struct.pack("f", rng.uniform(-1, 1)))[0]
        if abs(v) not in seen and v != 0:
            seen.add(abs(v))
            out.append(v)
    return out


def build(n, prec):
    """The binary of bench/conv.c for n taps in prec."""
    d = BUILD / ("%s_%d" % (prec, n))
    d.mkdir(parents=True, exist_ok=True)
    h = taps(n, prec)
    arg = ",".join(repr(v) for v in h)
    typ = ["--type", "float"] if prec == "float" else []
    objs, klist = [], []
    kinds = ([("scalar", None)] if n <= SCALAR_MAX else []) + [
        (i, i) for i in NAMES if RUNS[i]]
    for label, isa in kinds:
        name = "k%s_%s_%d" % (prec[0], label, n)
        src = d / (name + ".c")
        simd = ["--simd", isa] if isa else []
        run([ROOT / "bin" / "kgen", "conv", "--taps", arg, "-n", BLOCK,
             "--name", name, "-o", src] + simd + typ)
        flags = ISA[isa].flags if isa else ["-march=native"]
        obj = d / (name + ".o")
        run(["nice", "-n", "10", CC, "-std=c99", "-O3"] + flags
            + ["-c", "-o", obj, src])
        objs.append(obj)
        klist.append("K(%s, %s)" % (label, name))
    single = ["-DSINGLE"] if prec == "float" else []
    (d / "list.h").write_text(
        "static const R taps[%d] = {%s};\n#define KLIST %s\n"
        % (n, arg, " ".join(klist)))
    naive = d / "naive.o"
    run(["nice", "-n", "10", CC, "-std=c99", "-O3", "-march=native"]
        + single + ["-c", "-o", naive, ROOT / "bench" / "convnaive.c"])
    exe = d / "conv"
    run(["nice", "-n", "10", CC, "-std=c11", "-O2", "-Wall", "-Wextra",
         "-I" + str(d), "-I" + str(ROOT / "runtime"),
         "-I" + str(ROOT / "bench"), "-DTAPS=%d" % n,
         '-DLIST="list.h"'] + single + ["-o", exe,
                                        ROOT / "bench" / "conv.c"]
        + objs + [naive, ROOT / "lib" / "libkgen.a", "-lfftw3f",
                  "-lfftw3", "-lm", "-lpthread"])
    return exe


def measure(ns, precs):
    rows = []
    for prec in precs:
        for n in ns:
            exe = build(n, prec)
            out = run([exe])
            got = list(csv.DictReader(io.StringIO(out), fieldnames=COLS))
            naive = float(next(r["ns_per_sample"] for r in got
                               if r["contender"] == "naive"))
            for r in got:
                r["vs_naive"] = "%.3f" % (naive / float(r["ns_per_sample"]))
                bad = float(r["rel_err"]) > (1e-12 if prec == "double"
                                             else 1e-4)
                if bad:
                    sys.exit("conv.py: %s %d taps: %s is wrong (rel_err "
                             "%s)" % (prec, n, r["contender"],
                                      r["rel_err"]))
            rows += got
            print("conv.py: %s %d taps: %s" % (prec, n, " ".join(
                "%s %s" % (r["contender"], r["ns_per_sample"])
                for r in got)), file=sys.stderr)
    return rows


def isas(rows):
    """The SIMD ISAs measured, in isa.def's order."""
    have = {r["contender"].rsplit("_", 1)[0] for r in rows}
    return [i for i in NAMES if i in have]


def table(rows):
    """(header, body): ns a sample and (vs_naive) per precision and tap
    count."""
    kinds = ["naive", "scalar_stream"] + [
        i + "_stream" for i in isas(rows)] + [
        i + "_block" for i in isas(rows)[-1:]] + [
        "fft_fftw", "fft_kgen", "fir_direct", "fir_fft", "fir_auto"]
    cell = {}
    for r in rows:
        cell[(r["prec"], int(r["taps"]), r["contender"])] = r
    keys = sorted({(r["prec"], int(r["taps"])) for r in rows},
                  key=lambda k: (k[0] != "double", k[1]))
    body = []
    for k in keys:
        line = [k[0], k[1]]
        for c in kinds:
            r = cell.get(k + (c,))
            if r is None:
                line.append("-")
            elif c == "naive":
                line.append("%.3f" % float(r["ns_per_sample"]))
            else:
                line.append("%.3f (%.2fx)" % (float(r["ns_per_sample"]),
                                              float(r["vs_naive"])))
        body.append(line)
    return ["prec", "taps"] + kinds, body


def best_kgen(rows, prec, n):
    return min(float(r["ns_per_sample"]) for r in rows
               if r["prec"] == prec and int(r["taps"]) == n
               and r["contender"].split("_")[0] in isas(rows) + ["scalar"])


def best_fft(rows, prec, n):
    v = [float(r["ns_per_sample"]) for r in rows
         if r["prec"] == prec and int(r["taps"]) == n
         and (r["contender"].startswith("fft_")
              or r["contender"] == "fir_fft")]
    return min(v) if v else None


def ns(rows, prec, n, contender):
    v = [float(r["ns_per_sample"]) for r in rows if r["prec"] == prec
         and int(r["taps"]) == n and r["contender"] == contender]
    return v[0] if v else None


def library(rows):
    """Per precision: (prec, text): the least L from which kgen_fir's FFT
    method beats its direct form and the best kgen codelet, and the
    method the plan picks at each L."""
    out = []
    for prec in sorted({r["prec"] for r in rows}, key=lambda p: p != "double"):
        taps = sorted({int(r["taps"]) for r in rows if r["prec"] == prec})
        have = [n for n in taps if ns(rows, prec, n, "fir_fft") is not None
                and ns(rows, prec, n, "fir_direct") is not None]
        if not have:
            continue
        won = [n for n in have if ns(rows, prec, n, "fir_fft")
               < ns(rows, prec, n, "fir_direct")]
        wonk = [n for n in have if ns(rows, prec, n, "fir_fft")
                < best_kgen(rows, prec, n)]
        picks = " ".join("%d:%s" % (int(r["taps"]), r["detail"].split()[-1]
                                    if "picks" in r["detail"] else "?")
                         for r in rows if r["prec"] == prec
                         and r["contender"] == "fir_auto")
        out.append((prec, "kgen_fir fft beats its direct form at %s, "
                    "the best kgen codelet at %s; the plan picks %s"
                    % (won or "none", wonk or "none", picks)))
    return out


def crossover(rows):
    """Per precision: (prec, text) where FFT convolution starts to win
    over the fastest kgen codelet."""
    out = []
    for prec in sorted({r["prec"] for r in rows}, key=lambda p: p != "double"):
        ns = sorted({int(r["taps"]) for r in rows if r["prec"] == prec})
        wins = [n for n in ns if best_fft(rows, prec, n) is not None
                and best_fft(rows, prec, n) < best_kgen(rows, prec, n)]
        first = next((n for i, n in enumerate(ns)
                      if all(m in wins for m in ns[i:])), None)
        if first is None:
            out.append((prec, "kgen's codelets win up to %d taps" % ns[-1]))
        else:
            below = [m for m in ns if m < first]
            out.append((prec, "FFT convolution wins from %d taps on%s"
                        % (first, " (kgen wins at %d)" % below[-1]
                           if below else "")))
    return out


def goals(rows):
    """Issue 46's goal per precision and ISA: the stream entry at least
    GOAL x the naive loop at GOAL_TAPS; (prec, isa, met, detail)."""
    out = []
    for prec in sorted({r["prec"] for r in rows}, key=lambda p: p != "double"):
        for isa in isas(rows):
            v = [(float(r["vs_naive"]), int(r["taps"])) for r in rows
                 if r["prec"] == prec and r["contender"] == isa + "_stream"
                 and GOAL_TAPS[0] <= int(r["taps"]) <= GOAL_TAPS[1]]
            if not v:
                continue
            lo = min(v)
            out.append((prec, isa, lo[0] >= GOAL,
                        "least %.2fx (at %d taps)" % lo))
    return out


def plot(rows, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("conv.py: no matplotlib, no plot", file=sys.stderr)
        return
    precs = sorted({r["prec"] for r in rows}, key=lambda p: p != "double")
    fig, axs = plt.subplots(1, len(precs), figsize=(6 * len(precs), 4.5))
    axs = axs if len(precs) > 1 else [axs]
    for ax, prec in zip(axs, precs):
        kinds = []
        for r in rows:
            if r["prec"] == prec and r["contender"] not in kinds \
                    and not r["contender"].endswith("_block"):
                kinds.append(r["contender"])
        for c in kinds:
            pts = sorted((int(r["taps"]), float(r["ns_per_sample"]))
                         for r in rows
                         if r["prec"] == prec and r["contender"] == c)
            ax.plot(*zip(*pts), marker="o", label=c)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("taps")
        ax.set_ylabel("ns / sample")
        ax.set_title("FIR filter, %s" % prec)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    print("conv.py: wrote %s" % path, file=sys.stderr)


def md(header, body):
    out = ["| " + " | ".join(map(str, header)) + " |",
           "|" + "|".join("---" for _ in header) + "|"]
    return "\n".join(out + ["| " + " | ".join(map(str, b)) + " |"
                            for b in body])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--taps", default=",".join(map(str, TAPS)))
    ap.add_argument("--prec", default="double,float")
    ap.add_argument("--csv", default=str(OUT / "conv.csv"))
    a = ap.parse_args()
    rows = measure([int(v) for v in a.taps.split(",")],
                   a.prec.split(","))
    OUT.mkdir(parents=True, exist_ok=True)
    with open(a.csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLS + ["vs_naive"])
        w.writeheader()
        w.writerows(rows)
    print(md(*table(rows)))
    for prec, text in crossover(rows):
        print("crossover, %s: %s" % (prec, text))
    for prec, text in library(rows):
        print("library, %s: %s" % (prec, text))
    for prec, isa, met, detail in goals(rows):
        print("goal: %s %s stream >= %.1fx naive at %d..%d taps: %s, %s"
              % (prec, isa, GOAL, GOAL_TAPS[0], GOAL_TAPS[1],
                 "met" if met else "NOT met", detail))
    plot(rows, OUT / "conv.png")


if __name__ == "__main__":
    main()
