"""Runs the small-GEMM benchmark (bench/gemm.c) and reports it.

usage: python3 bench/gemm.py BINDIR OUTDIR [N ...]

BINDIR holds one binary per contender (mk/bench.mk): gemm-kgen (kgen's
codelets: kgen gemm, --fma, --simd ISA, --simd ISA --fma; kgen_dgemm),
gemm-xsmm (LIBXSMM's JIT kernels) and gemm-openblas (cblas_dgemm, one
thread).  A missing one is skipped, and said so.  Each times C += A*B over
independent triples streamed from arrays of WS bytes (512 KiB: L2 on
current cores).  The binaries run ROUNDS times, interleaved (kgen, LIBXSMM,
OpenBLAS, kgen, ...), and each time is the best over the rounds; N ...
(default 256 384 512 768 1024) are the n x n x n sizes for kgen_dgemm and
OpenBLAS, in the first round.

Writes OUTDIR/gemm_small.csv: per shape the ns per call of each
implementation and the ratios contender / kgen (> 1: kgen faster) for the
vector form (--simd ISA) with and without --fma, the scalar form's too,
and --fma's own ratio (plain / --fma: >= 1 when --fma is not slower); a
last row of geometric means.  OUTDIR/gemm_goals.csv: issue 46's goals
against LIBXSMM (geomean >= 1.2, every shape >= 1.0) with the verdicts;
OUTDIR/gemm_large.csv.  Prints the tables.
"""
import csv
import math
import os
import subprocess
import sys

ROUNDS = 3
WS = 512 * 1024
CONTENDERS = [("gemm-kgen", "kgen"), ("gemm-xsmm", "LIBXSMM"),
              ("gemm-openblas", "OpenBLAS")]
NS = ["kgen", "kgen_fma", "kgen_simd", "kgen_simd_fma", "kgen_dgemm",
      "libxsmm", "openblas"]
# (column, numerator, denominator): a time ratio, > 1 when the
# denominator is faster
RATIOS = [("xsmm_over_simd", "libxsmm", "kgen_simd"),
          ("xsmm_over_simd_fma", "libxsmm", "kgen_simd_fma"),
          ("xsmm_over_scalar", "libxsmm", "kgen"),
          ("xsmm_over_scalar_fma", "libxsmm", "kgen_fma"),
          ("openblas_over_simd", "openblas", "kgen_simd"),
          ("openblas_over_simd_fma", "openblas", "kgen_simd_fma"),
          ("fma_gain_scalar", "kgen", "kgen_fma"),
          ("fma_gain_simd", "kgen_simd", "kgen_simd_fma")]


def run(path, args):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    out = subprocess.run([path] + [str(a) for a in args], env=env,
                         capture_output=True, text=True, check=True).stdout
    return list(csv.DictReader(out.splitlines()))


def geomean(v):
    v = [x for x in v if x and not math.isnan(x)]
    return math.exp(sum(map(math.log, v)) / len(v)) if v else float("nan")


def main():
    bindir, outdir = sys.argv[1], sys.argv[2]
    sizes = [int(a) for a in sys.argv[3:]] or [256, 384, 512, 768, 1024]
    have = []
    for b, name in CONTENDERS:
        p = os.path.join(bindir, b)
        if os.access(p, os.X_OK):
            have.append(p)
        else:
            print("bench-gemm: no %s (%s): skipping %s" % (p, b, name))
    small, large, info = {}, {}, []
    for r in range(ROUNDS):
        for p in have:
            for row in run(p, [WS] + (sizes if r == 0 else [])):
                key = (int(row["m"]), int(row["n"]), int(row["k"]))
                ns = float(row["ns"])
                if row["kind"] == "info" and r == 0:
                    info.append(row["impl"])
                d = small if row["kind"] == "small" else large
                if row["kind"] in ("small", "large"):
                    g = d.setdefault(key, {})
                    g[row["impl"]] = min(ns, g.get(row["impl"], ns))
    os.makedirs(outdir, exist_ok=True)
    nan = float("nan")
    keys = sorted(small, key=lambda s: (s[0] * s[1] * s[2], s))
    rows = []
    for key in keys:
        g = small[key]
        rat = [g.get(a, nan) / g.get(b, nan) for _, a, b in RATIOS]
        rows.append(["%dx%dx%d" % key] + [g.get(i, nan) for i in NS] + rat)
    gm = ["geomean"] + [nan] * len(NS) + [
        geomean([r[1 + len(NS) + i] for r in rows])
        for i in range(len(RATIOS))]
    with open(os.path.join(outdir, "gemm_small.csv"), "w") as f:
        w = csv.writer(f)
        w.writerow(["shape"] + [i + "_ns" for i in NS]
                   + [r[0] for r in RATIOS])
        for r in rows + [gm]:
            w.writerow([r[0]] + ["" if math.isnan(x) else "%.2f" % x
                                 for x in r[1:]])
    print("; ".join(info))
    print("\nsmall GEMM streamed over independent triples (%d KiB), ns per "
          "call; ratios: the\ncontender's time / kgen's (> 1: kgen "
          "faster); v: --simd form, s: scalar,\nf: --fma" % (WS // 1024))
    print("%-9s" % "MxNxK" + "".join("%8s" % h for h in (
        "s", "sf", "v", "vf", "dgemm", "xsmm", "oblas", "x/v", "x/vf",
        "x/s", "x/sf", "ob/v", "ob/vf", "s/sf", "v/vf")))
    for r in rows + [gm]:
        print("%-9s" % r[0] + "".join("%8.1f" % x for x in r[1:1 + len(NS)])
              + "".join("%8.2f" % x for x in r[1 + len(NS):]))
    goals = []
    for col, label in [("xsmm_over_simd", "kgen --simd"),
                       ("xsmm_over_simd_fma", "kgen --simd --fma")]:
        i = 1 + len(NS) + [r[0] for r in RATIOS].index(col)
        v = [r[i] for r in rows if not math.isnan(r[i])]
        if not v:
            goals.append([label, "no LIBXSMM", "", "", "not run"])
            continue
        g, lo = geomean(v), min(v)
        worst = rows[[r[i] for r in rows].index(lo)][0]
        goals.append([label, "%.2f" % g, "%.2f" % lo, worst,
                      "met" if g >= 1.2 and lo >= 1.0 else "not met"])
    with open(os.path.join(outdir, "gemm_goals.csv"), "w") as f:
        w = csv.writer(f)
        w.writerow(["kgen", "geomean_vs_libxsmm", "min_vs_libxsmm",
                    "min_shape", "goal_1.2x_geomean_1.0x_every_shape"])
        w.writerows(goals)
    print("\ngoals against LIBXSMM (geomean >= 1.2, every shape >= 1.0):")
    for g in goals:
        print("  %-18s geomean %s, min %s (%s): %s" % tuple(g))
    with open(os.path.join(outdir, "gemm_large.csv"), "w") as f:
        w = csv.writer(f)
        w.writerow(["n", "kgen_dgemm_gflops", "openblas_gflops", "ratio"])
        print("\nn x n x n, single thread, GFLOP/s")
        for key in sorted(large):
            n = key[0]
            gf = {i: 2.0 * n ** 3 / t for i, t in large[key].items()}
            a, b = gf.get("kgen_dgemm", nan), gf.get("openblas", nan)
            w.writerow([n, "%.2f" % a, "%.2f" % b, "%.3f" % (a / b)])
            print("%6d %10.2f %9.2f %7.2f" % (n, a, b, a / b))


if __name__ == "__main__":
    main()
