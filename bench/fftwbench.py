"""make bench-fftw: FFTW 3.3.10 with kgen's codelets against stock FFTW.

Both are FFTW's own benchmark program, tests/bench, of two builds with
the same configure flags (mk/fftw.mk's FFTW_FLAGS: SSE2, AVX, AVX2,
AVX-512 where the CPU has it, FMA, threads; -O3, static):
  stock  build/fftw/obj-double/tests/bench (make fftw-avx512)
  kgen   build/fftw-kgen/obj-simd/tests/bench (make check-fftw's SIMD
         build: genfft's files replaced by `kgen fft --emit fftw`)
Each measurement is one process: `bench -opatient -owisdom -s ocfN`
(complex, interleaved, forward, out of place, FFTW_PATIENT), which
prints "Problem: ocfN, setup: ..., time: T UNIT, ..." (T: the best time
per transform of its own repeated runs).  The first process per library
and size plans and writes wisdom (each library has its own directory,
so its own wis.dat); the later ones reuse that plan, so the repeats time
the same plan.  The two libraries alternate, the first of each pair
swapping every round; each figure is the best of --runs rounds.
A third column times kgen's build on stock FFTW's plan (its wis.dat
copied in before each run): the same plan, only the codelets differ,
which PATIENT's plan choices on a noisy machine do not blur.
Sizes: 2^4 .. 2^16, 3^k, 5^k and mixed sizes; --quick: fewer of each.
Prints the table (size, stock ns, kgen ns, stock / kgen) and the
geometric mean of the ratio, writes build/bench/fftw.csv, draws
build/bench/fftw.png where matplotlib is installed, and (unless --quick
or --no-doc) rewrites the section "## FFTW with kgen's codelets" of
docs/results.md (the machine line from bench/results.py's machine()).
usage: python3 bench/fftwbench.py --stock BENCH --kgen BENCH [--quick]
                                  [--runs R] [--no-doc] [N...]
       python3 bench/fftwbench.py --doc-only (the section, from the CSV)
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import time

SIZES = ([2 ** k for k in range(4, 17)] + [3 ** k for k in range(2, 10)] +
         [5 ** k for k in range(2, 7)] +
         [100, 1000, 3000, 6000, 10000, 12, 60, 96, 240, 360, 720])
QUICK = [16, 64, 256, 1024, 4096, 65536, 243, 625, 100, 1000, 6000]
UNITS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
TIME = re.compile(r"time: ([0-9.eE+-]+) (ns|us|ms|s)\b")


def run(bench, wdir, n):
    """ns per transform of one `bench -opatient -s ocfN` process"""
    out = subprocess.run([bench, "-opatient", "-owisdom", "-s",
                          "ocf%d" % n], cwd=wdir, capture_output=True,
                         text=True, timeout=900)
    m = TIME.search(out.stdout)
    if out.returncode != 0 or not m:
        sys.exit("bench-fftw: %s ocf%d failed: %s" %
                 (bench, n, (out.stdout + out.stderr).strip()[-300:]))
    return float(m.group(1)) * UNITS[m.group(2)]


def plot(rows, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("bench-fftw: no plot: matplotlib missing "
              "(apt-get install python3-matplotlib)")
        return
    rows = sorted(rows)
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.semilogx([r[0] for r in rows], [r[1] / r[2] for r in rows], "o-")
    ax.axhline(1.0, color="gray", lw=0.8)
    ax.set_xlabel("n (complex, forward, out of place)")
    ax.set_ylabel("stock FFTW time / FFTW with kgen's codelets")
    ax.set_title("FFTW 3.3.10, FFTW_PATIENT, double: > 1 is kgen faster")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    print("bench-fftw: plot in %s" % path)


SECTION = "FFTW with kgen's codelets"


def replaced():
    """'N files (FAMILY COUNT, ...)' from check-fftw's replaced.txt"""
    count = {}
    try:
        with open("build/fftw-kgen/replaced.txt") as f:
            for ln in f:
                count[ln.split()[0]] = count.get(ln.split()[0], 0) + 1
    except OSError:
        return "unknown (no build/fftw-kgen/replaced.txt)"
    return "%d files (%s)" % (sum(count.values()), ", ".join(
        "%s %d" % kv for kv in sorted(count.items())))


def doc_section(rows, same, gm, runs, doc):
    """rewrites (or appends) docs/results.md's section SECTION"""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import results
    flags = "same flags"
    try:
        with open("build/fftw/flags") as f:
            flags = f.read().strip()
    except OSError:
        pass
    out = ["## " + SECTION, "",
           "Machine: %s (shared with other jobs: compare the ratios) · "
           "command: `make bench-fftw` · %s" % (
               results.machine(),
               time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())), "",
           "FFTW 3.3.10's tests/bench, `-opatient -s ocfN` (complex, "
           "forward, out of place, FFTW_PATIENT), one process per "
           "measurement, the two builds alternated, best of %d; both "
           "built with `%s`; kgen's build has genfft's files replaced "
           "by `kgen fft --emit fftw` (build/fftw-kgen/replaced.txt). "
           "Ratio: stock time / kgen's time (> 1: kgen's faster)." %
           (runs, flags), "",
           "Replaced at the time: %s. \"Same plan\": kgen's build run on "
           "stock FFTW's PATIENT plan (its wisdom), so that only the "
           "codelets differ; the first ratio also holds PATIENT's own "
           "plan choices, which a shared machine makes noisy." %
           replaced(), "",
           "| n | stock ns | kgen ns | stock / kgen | kgen, same plan "
           "| stock / kgen |", "|---:|---:|---:|---:|---:|---:|"]
    for n, st, kg in rows:
        out.append("| %d | %.1f | %.1f | %.3f | %.1f | %.3f |" % (
            n, st, kg, st / kg, same[n], st / same[n]))
    gs = math.exp(sum(math.log(s / same[n]) for n, s, _ in rows) /
                  len(rows))
    out += ["", "Geometric mean stock / kgen over %d sizes: **%.3f** "
            "(issue 47's goal: >= 1.1 on the AVX-512 build); on stock's "
            "plans: **%.3f**." % (len(rows), gm, gs), ""]
    text = "\n".join(out)
    try:
        with open(doc) as f:
            cur = f.read()
    except FileNotFoundError:
        cur = "# Results\n"
    parts = re.split(r"(?m)^(?=## )", cur)
    keep = [p for p in parts if not p.startswith("## " + SECTION + "\n")]
    new = "".join(keep).rstrip("\n") + "\n\n" + text
    with open(doc + ".tmp", "w") as f:
        f.write(new)
    os.replace(doc + ".tmp", doc)
    print("bench-fftw: wrote section \"%s\" of %s" % (SECTION, doc))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stock", required=True)
    ap.add_argument("--kgen", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--runs", type=int, default=0)
    ap.add_argument("--out", default="build/bench")
    ap.add_argument("--doc", default="docs/results.md")
    ap.add_argument("--no-doc", action="store_true")
    ap.add_argument("sizes", nargs="*", type=int)
    ap.add_argument("--doc-only", action="store_true",
                    help="rewrite the section from OUT/fftw.csv")
    a = ap.parse_args()
    if a.doc_only:
        with open(os.path.join(a.out, "fftw.csv")) as f:
            recs = [ln.split(",") for ln in f.read().split()[1:]]
            rows = [(int(r[0]), float(r[1]), float(r[2])) for r in recs]
            same = {int(r[0]): float(r[4]) for r in recs}
        gm = math.exp(sum(math.log(s / k) for _, s, k in rows) / len(rows))
        doc_section(rows, same, gm, a.runs or 5, a.doc)
        return
    sizes = a.sizes or (QUICK if a.quick else SIZES)
    runs = a.runs or (3 if a.quick else 5)
    libs = [("stock", os.path.abspath(a.stock)),
            ("kgen", os.path.abspath(a.kgen)),
            ("same", os.path.abspath(a.kgen))]
    dirs = {}
    for name, b in libs:
        if not os.access(b, os.X_OK):
            sys.exit("bench-fftw: %s missing" % b)
        dirs[name] = os.path.join(a.out, "fftw-" + name)
        os.makedirs(dirs[name], exist_ok=True)
        wis = os.path.join(dirs[name], "wis.dat")
        if os.path.exists(wis):
            os.remove(wis)
    print("bench-fftw: %d sizes, best of %d alternated runs each, "
          "FFTW_PATIENT (a shared machine: ratios, not absolute times)"
          % (len(sizes), runs))
    print("%8s %12s %12s %8s %12s %8s" % ("n", "stock ns", "kgen ns",
                                          "ratio", "same plan", "ratio"))
    rows = []
    same = {}
    for n in sizes:
        best = {"stock": math.inf, "kgen": math.inf, "same": math.inf}
        for r in range(runs):
            order = libs[:2] if r % 2 == 0 else libs[1::-1]
            for name, b in order + libs[2:]:
                if name == "same":
                    shutil.copy(os.path.join(dirs["stock"], "wis.dat"),
                                os.path.join(dirs["same"], "wis.dat"))
                best[name] = min(best[name], run(b, dirs[name], n))
        rows.append((n, best["stock"], best["kgen"]))
        same[n] = best["same"]
        print("%8d %12.1f %12.1f %8.3f %12.1f %8.3f" % (
            n, best["stock"], best["kgen"], best["stock"] / best["kgen"],
            best["same"], best["stock"] / best["same"]), flush=True)
    gm = math.exp(sum(math.log(s / k) for _, s, k in rows) / len(rows))
    gs = math.exp(sum(math.log(s / same[n]) for n, s, _ in rows) /
                  len(rows))
    print("bench-fftw: geometric mean stock / kgen over %d sizes: %.3f "
          "(goal >= 1.1 on the AVX-512 build); on stock's plans: %.3f"
          % (len(rows), gm, gs))
    csv = os.path.join(a.out, "fftw.csv")
    with open(csv, "w") as f:
        f.write("n,stock_ns,kgen_ns,ratio,kgen_sameplan_ns,ratio_sameplan"
                "\n")
        for n, s, k in rows:
            f.write("%d,%.2f,%.2f,%.4f,%.2f,%.4f\n" % (
                n, s, k, s / k, same[n], s / same[n]))
    print("bench-fftw: %s written" % csv)
    plot(rows, os.path.join(a.out, "fftw.png"))
    if not (a.quick or a.no_doc or a.sizes):
        doc_section(rows, same, gm, runs, a.doc)


if __name__ == "__main__":
    main()
