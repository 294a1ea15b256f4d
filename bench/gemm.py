"""Runs the GEMM benchmark (bench/gemm.c) and reports it.

usage: python3 bench/gemm.py BINARY OUTDIR [N ...]

The binary times, in one process, kgen's fixed-size codelets (built by gcc
and by clang, and in vector form, kgen gemm --vlen, by gcc; the gcc and
vector ones also inlined with constant leading dimensions, the footing of
LIBXSMM's kernels, which know theirs when they are made), kgen_dgemm,
OpenBLAS's cblas_dgemm (single-threaded) and LIBXSMM's JIT kernels on small
shapes, then kgen_dgemm and cblas_dgemm on n x n x n for each N (default
256 384 512 768 1024), and a register-only FMA loop for the core's peak.
Writes OUTDIR/gemm_small.csv (per shape: GFLOP/s of each implementation and
the speed-ups of the faster codelet build), OUTDIR/gemm_large.csv,
OUTDIR/gemm.png, and prints both tables.
"""
import csv
import os
import subprocess
import sys


def run(binary, sizes):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    out = subprocess.run([binary] + [str(n) for n in sizes], env=env,
                         capture_output=True, text=True, check=True).stdout
    return list(csv.DictReader(out.splitlines()))


def main():
    binary, outdir = sys.argv[1], sys.argv[2]
    sizes = [int(a) for a in sys.argv[3:]] or [256, 384, 512, 768, 1024]
    rows = run(binary, sizes)
    os.makedirs(outdir, exist_ok=True)
    info = next(r["impl"] for r in rows if r["kind"] == "info")
    peak = max(float(r["gflops"]) for r in rows if r["kind"] == "peak")
    small, large = {}, {}
    for r in rows:
        key = (int(r["m"]), int(r["n"]), int(r["k"]))
        if r["kind"] == "small":
            small.setdefault(key, {})[r["impl"]] = float(r["gflops"])
        elif r["kind"] == "large":
            large.setdefault(key[0], {})[r["impl"]] = float(r["gflops"])

    impls = ["codelet_gcc", "codelet_clang", "codelet_vec",
             "codelet_gcc_ld", "codelet_vec_ld", "kgen_dgemm", "openblas",
             "libxsmm"]
    nan = float("nan")
    with open(os.path.join(outdir, "gemm_small.csv"), "w") as f:
        w = csv.writer(f)
        w.writerow(["m", "n", "k"] + [i + "_gflops" for i in impls]
                   + ["codelet_vs_openblas", "codelet_vs_libxsmm",
                      "codelet_ld_vs_libxsmm", "kgen_dgemm_vs_openblas"])
        print("%s; one-core FMA peak %.1f GFLOP/s" % (info, peak))
        print("\nsmall GEMM, GFLOP/s.  c: the best codelet build with "
              "leading dimensions\nas arguments (gcc, clang, vector); "
              "c-ld: with constant ones, as LIBXSMM's")
        print("%-9s %6s %6s %6s %6s %6s %6s %6s  %6s %6s %6s %6s" % (
            "MxNxK", "c-gcc", "c-clng", "c-vec", "c-ld", "dgemm",
            "openbl", "xsmm", "c/ob", "c/xsmm", "ld/xsm", "dg/ob"))
        for key in sorted(small, key=lambda s: (s[0] * s[1] * s[2], s)):
            g = small[key]
            v = [g.get(i, nan) for i in impls]
            best = max(v[:3]) if "codelet_gcc" in g else nan
            bestld = max(v[3:5]) if "codelet_gcc" in g else nan
            rat = [best / v[6], best / v[7], bestld / v[7], v[5] / v[6]]
            w.writerow(list(key) + ["%.3f" % x for x in v]
                       + ["%.3f" % x for x in rat])
            print("%-9s %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f  %6.2f "
                  "%6.2f %6.2f %6.2f" % ("%dx%dx%d" % key, v[0], v[1],
                                         v[2], bestld, v[5], v[6], v[7],
                                         *rat))
    with open(os.path.join(outdir, "gemm_large.csv"), "w") as f:
        w = csv.writer(f)
        w.writerow(["n", "kgen_dgemm_gflops", "openblas_gflops", "ratio",
                    "peak_gflops"])
        print("\nn x n x n, single thread, GFLOP/s (peak %.1f)" % peak)
        print("%6s %10s %9s %7s %9s" % ("n", "kgen_dgemm", "openblas",
                                          "ratio", "of peak"))
        for n in sorted(large):
            a, b = large[n]["kgen_dgemm"], large[n]["openblas"]
            w.writerow([n, "%.3f" % a, "%.3f" % b, "%.3f" % (a / b),
                        "%.1f" % peak])
            print("%6d %10.2f %9.2f %7.2f %8.0f%%" % (n, a, b, a / b,
                                                      100 * a / peak))
    plot(small, large, peak, info, os.path.join(outdir, "gemm.png"))


def plot(small, large, peak, info, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no matplotlib: %s not drawn" % path)
        return
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(13, 4.8),
                                   gridspec_kw={"width_ratios": [2.2, 1]})
    keys = sorted(small, key=lambda s: (s[0] * s[1] * s[2], s))
    x = range(len(keys))
    for impl, mark in [("codelet_gcc", "o-"), ("codelet_clang", "o--"),
                       ("codelet_vec", "o:"), ("codelet_vec_ld", "x:"),
                       ("kgen_dgemm", "s-"), ("openblas", "^-"),
                       ("libxsmm", "d-")]:
        ax1.plot(x, [small[k].get(impl, float("nan")) for k in keys], mark,
                 label=impl, markersize=4)
    ax1.set_xticks(list(x))
    ax1.set_xticklabels(["%dx%dx%d" % k for k in keys], rotation=60,
                        fontsize=7)
    ax1.set_ylabel("GFLOP/s")
    ax1.set_title("small C += A*B (data in L1), by M*N*K")
    ax1.axhline(peak, color="gray", lw=0.8, ls="--", label="FMA peak")
    ax1.legend(fontsize=8)
    ns = sorted(large)
    ax2.plot(ns, [large[n]["kgen_dgemm"] for n in ns], "s-",
             label="kgen_dgemm")
    ax2.plot(ns, [large[n]["openblas"] for n in ns], "^-",
             label="OpenBLAS (1 thread)")
    ax2.axhline(peak, color="gray", lw=0.8, ls="--", label="FMA peak")
    ax2.set_xlabel("n (n x n x n)")
    top = max([peak] + [v for n in ns for v in large[n].values()])
    ax2.set_ylim(0, top * 1.1)
    ax2.set_title("large GEMM, one core")
    ax2.legend(fontsize=8)
    fig.suptitle(info.replace(";", ", "), fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print("\nplot: %s" % path)


if __name__ == "__main__":
    main()
