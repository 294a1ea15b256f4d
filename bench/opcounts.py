#!/usr/bin/env python3
"""opcounts.py: kgen's operation counts beside genfft's, as markdown.

For every n1 size in tests/data/genfft-opcounts.csv (FFTW 3.3.10's genfft
with FFTW's own flags), runs `bin/kgen fft -n N` and `bin/kgen fft -n N
--fma`, reads the counts from each codelet's header and prints two
tables: real additions and multiplications without FMA, and adds + muls
+ FMAs with contraction (beside genfft's plain codelets counted with FMAs
fused, the figures FFTW's headers give, and beside genfft -fma).  kgen's
explicit negations, if any, count as operations in its totals.

--csv FILE writes the same figures as CSV too (make opcounts:
bench/out/opcounts.csv, which bench/results.py turns into the section of
docs/results.md).

usage: bench/opcounts.py [--kgen PATH] [--check] [--csv FILE]
--check exits 1 when kgen's total exceeds genfft's at some size.
"""
import argparse
import csv
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CSV = ROOT / "tests" / "data" / "genfft-opcounts.csv"
COUNTS = re.compile(r"(\d+) additions, (\d+) multiplications, (\d+) FMAs, "
                    r"(\d+) negations")


def kgen_counts(kgen, n, fma):
    args = [kgen, "fft", "-n", str(n)] + (["--fma"] if fma else [])
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode:
        sys.exit("opcounts: %s: exit %d: %s" % (" ".join(args),
                                               p.returncode, p.stderr))
    m = COUNTS.search(p.stdout)
    if not m:
        sys.exit("opcounts: %s: no counts in the header" % " ".join(args))
    return tuple(map(int, m.groups()))     # add, mul, fma, neg


def genfft():
    rows = {}
    with open(CSV) as f:
        for r in csv.DictReader(f):
            if r["kind"] == "n1":
                rows[r["flavour"], int(r["n"])] = {
                    k: int(r[k]) for k in ("fp_add", "fp_mul", "add", "mul",
                                           "fma")}
    return rows


def write_csv(path, rows):
    """rows to path through a temporary name and a rename."""
    pathlib.Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path + ".tmp", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    pathlib.Path(path + ".tmp").replace(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kgen", default=str(ROOT / "bin" / "kgen"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--csv", metavar="FILE")
    a = ap.parse_args()
    g = genfft()
    sizes = sorted(n for fl, n in g if fl == "plain")
    worse = []
    rows = {n: {"n": n} for n in sizes}

    print("### Without FMA: real additions + multiplications\n")
    print("| n | kgen add | kgen mul | kgen neg | kgen total | genfft add "
          "| genfft mul | genfft total | kgen - genfft |")
    print("|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for n in sizes:
        add, mul, _, neg = kgen_counts(a.kgen, n, False)
        ga, gm = g["plain", n]["fp_add"], g["plain", n]["fp_mul"]
        t, gt = add + mul + neg, ga + gm
        if t > gt:
            worse.append("n=%d: %d > %d without FMA" % (n, t, gt))
        rows[n].update(add=add, mul=mul, neg=neg, total=t, genfft_add=ga,
                       genfft_mul=gm, genfft_total=gt)
        print("| %d | %d | %d | %d | %d | %d | %d | %d | %+d |"
              % (n, add, mul, neg, t, ga, gm, gt, t - gt))

    print("\n### With FMA (kgen --fma): adds + muls + FMAs\n")
    print("| n | kgen add+mul+fma | kgen total | genfft fused "
          "| genfft total | kgen - genfft | genfft -fma |")
    print("|--:|--:|--:|--:|--:|--:|--:|")
    for n in sizes:
        add, mul, fma, neg = kgen_counts(a.kgen, n, True)
        p = g["plain", n]
        t, gt = add + mul + fma + neg, p["add"] + p["mul"] + p["fma"]
        f = g.get(("fma", n))
        fs = "%d+%d+%d" % (f["add"], f["mul"], f["fma"]) if f else "-"
        if t > gt:
            worse.append("n=%d: %d > %d with FMA" % (n, t, gt))
        rows[n].update(fma_ops="%d+%d+%d%s" % (add, mul, fma, "+%d neg" % neg
                                               if neg else ""),
                       fma_total=t, genfft_fused="%d+%d+%d" % (
                           p["add"], p["mul"], p["fma"]),
                       genfft_fused_total=gt, genfft_fma=fs)
        print("| %d | %d+%d+%d%s | %d | %d+%d+%d | %d | %+d | %s |"
              % (n, add, mul, fma, "+%d neg" % neg if neg else "", t,
                 p["add"], p["mul"], p["fma"], gt, t - gt, fs))

    if a.csv:
        write_csv(a.csv, list(rows.values()))
    if worse:
        print("\nkgen needs more operations than genfft at:\n  "
              + "\n  ".join(worse))
    if a.check and worse:
        sys.exit(1)


if __name__ == "__main__":
    main()
