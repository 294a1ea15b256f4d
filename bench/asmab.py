#!/usr/bin/env python3
"""make bench-asmab: an A/B of kgen's assembly n1 codelets, an older
kgen's against this one's, beside the gcc-compiled C codelet of the same
order, in one process per size (bench/asmab.c: the output array at six
placements, trials interleaved; ratios are geometric means over the
placements of medians over the trials).  This is how a change to the
emitter is judged: same-process ratios, since a shared machine's speed
moves between runs (a Xeon once ran whole seconds about 30% slower)
and bench-asm's medians with it.

With --kind c the A/B is of the C codelets instead (a change to the DAG
or the C emitter): the older kgen's and this one's compiled as the
library compiles its batched codelets (gcc -std=c99 -O2, no FMA
contraction by gcc, -fno-schedule-insns2), and beside them this kgen's
assembly codelet of the same order (the column asm/new).

--old is the older kgen: build one in a worktree, e.g.
  git worktree add /tmp/old HEAD~1 && make -C /tmp/old bin/kgen
  make bench-asmab BENCH_ASMAB_ARGS="--old /tmp/old/bin/kgen"
With --new-args "OPTIONS" this kgen's codelets (and the one beside them)
get those kgen options too: --old bin/kgen --new-args "--choose spills" is
an A/B of the option.
Options: --kind asm|c --isa avx2 --prec double --sizes 2-64 --schedule
build --new-args "" --runs 3 --trials 31 --v 256.  Writes bench/out/asmab.csv (per size the
median over the runs) and prints a table and a summary by size range.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from asm import CFLAGS, CPUFLAGS, NREG, cpu, sizes  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KGEN = os.path.join(ROOT, "bin", "kgen")
OUT = os.path.join(ROOT, "bench", "out")
BUILD = os.path.join(ROOT, "build", "bench", "asmab")
FIELDS = ["isa", "prec", "schedule", "n", "new_ns", "old_over_new",
          "c_over_new", "relerr"]
# --kind c: the third codelet is the assembly one
FIELDS_C = [f if f != "c_over_new" else "asm_over_new" for f in FIELDS]
LIBFLAGS = ["-std=c99", "-O2", "-fno-schedule-insns2"]


def sh(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        sys.exit("bench-asmab: %s failed:\n%s" % (" ".join(cmd), p.stderr))
    return p.stdout


def one(args, n):
    d = os.path.join(BUILD, "%s_%s_%s_%d" % (args.isa, args.prec,
                                             args.schedule, n))
    os.makedirs(d, exist_ok=True)
    base = ["fft", "-n", str(n), "--simd", args.isa, "--type", args.prec,
            "--schedule", args.schedule, "--fma"]
    asm = ["--emit", "asm", "--regs", str(NREG[args.isa])]
    objs = []
    # o_N, n_N: the two kgens' codelets; c_N: the one beside them
    for who, kgen in (("o", args.old), ("n", KGEN), ("c", KGEN)):
        name = ["--name", "%s_%d" % (who, n)]
        if who != "o":
            name += args.new_args.split()
        if (who == "c") == (args.kind == "c"):
            s = os.path.join(d, who + ".s")
            sh([kgen] + base + asm + name + ["-o", s])
            sh(["cc", "-c", s, "-o", s[:-2] + ".o"])
        else:
            s = os.path.join(d, who + ".c")
            sh([kgen] + base + name + ["-o", s])
            flags = LIBFLAGS if args.kind == "c" else ["-O2"]
            sh(["gcc"] + flags + CFLAGS[args.isa] + ["-c", s, "-o",
                                                       s[:-2] + ".o"])
        objs.append(s[:-2] + ".o")
    exe = os.path.join(d, "asmab")
    sh(["cc", "-std=gnu11", "-O2", "-Wall", "-DN=%d" % n, "-o", exe,
        os.path.join(ROOT, "bench", "asmab.c")] + objs + ["-lm"])
    runs = [sh([exe, str(args.v), str(args.trials)]).strip().split(",")
            for _ in range(args.runs)]
    med = [statistics.median(float(r[i]) for r in runs) for i in (1, 2, 3)]
    err = max(float(r[4]) for r in runs)
    third = "asm_over_new" if args.kind == "c" else "c_over_new"
    return {"isa": args.isa, "prec": args.prec, "schedule": args.schedule,
            "n": n, "new_ns": "%.3f" % med[2],
            "old_over_new": "%.4f" % med[0], third: "%.4f" % med[1],
            "relerr": "%.3g" % err}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", required=True, help="the older kgen")
    ap.add_argument("--kind", default="asm", choices=["asm", "c"],
                    help="which codelets the two kgens make (c: the C "
                    "ones, compiled as the library does)")
    ap.add_argument("--isa", default="avx2", choices=sorted(NREG))
    ap.add_argument("--prec", default="double", choices=["double"])
    ap.add_argument("--sizes", default="2-64")
    ap.add_argument("--schedule", default="build")
    ap.add_argument("--new-args", default="",
                    help="more kgen options for this kgen's codelets and "
                    "the one beside them, e.g. \"--choose spills\" (with "
                    "--old bin/kgen: an A/B of the option)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--trials", type=int, default=31)
    ap.add_argument("--v", type=int, default=256)
    ap.add_argument("--csv", default=os.path.join(OUT, "asmab.csv"))
    args = ap.parse_args()
    if not os.access(args.old, os.X_OK):
        sys.exit("bench-asmab: --old %s: not an executable kgen" % args.old)
    if not CPUFLAGS[args.isa] <= cpu():
        sys.exit("bench-asmab: this CPU does not run %s" % args.isa)
    if not 1 <= args.trials <= 201 or args.runs < 1 or args.v < 1:
        sys.exit("bench-asmab: --trials from 1 to 201, --runs and --v "
                 ">= 1")
    try:
        ns = sizes(args.sizes)
    except ValueError:
        sys.exit("bench-asmab: --sizes %s: expected sizes like 2-64"
                 % args.sizes)
    os.makedirs(os.path.dirname(os.path.abspath(args.csv)), exist_ok=True)
    third = "asm_over_new" if args.kind == "c" else "c_over_new"
    tname = "asm/new" if args.kind == "c" else "C/new"
    print("%-6s %3s %8s %9s %7s" % ("isa", "n", "new ns", "old/new",
                                    tname))
    rows = []
    with open(args.csv, "w", newline="") as f:
        w = csv.DictWriter(f, FIELDS_C if args.kind == "c" else FIELDS)
        w.writeheader()
        for n in ns:
            r = one(args, n)
            if float(r["relerr"]) > 1e-12:
                sys.exit("bench-asmab: n = %d: old or new differs from "
                         "the %s codelet by %s"
                         % (n, tname.split("/")[0], r["relerr"]))
            w.writerow(r)
            f.flush()
            rows.append(r)
            print("%-6s %3d %8s %9s %7s" % (args.isa, n, r["new_ns"],
                                            r["old_over_new"][:5],
                                            r[third][:5]),
                  flush=True)
    for lo, hi in ((2, 16), (17, 31), (32, 64)):
        q = [r for r in rows if lo <= r["n"] <= hi]
        if q:
            on = [float(r["old_over_new"]) for r in q]
            cn = [float(r[third]) for r in q]
            print("n = %d..%d: old/new median %.2f (%.2f .. %.2f), new "
                  "faster at %d of %d; %s median %.2f, new >= %s at %d"
                  % (lo, hi, statistics.median(on), min(on), max(on),
                     sum(x > 1 for x in on), len(q), tname,
                     statistics.median(cn), tname.split("/")[0],
                     sum(x >= 1 for x in cn)))
    print("wrote", args.csv)


if __name__ == "__main__":
    main()
