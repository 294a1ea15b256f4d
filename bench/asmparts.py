#!/usr/bin/env python3
"""make bench-asmparts: where the time of kgen's assembly n1 codelets
goes, beside the gcc-compiled C codelet of the same order.

For each ISA, precision and n: the asm codelet (kgen fft --emit asm,
the build order with --fma, R = the ISA's registers, as bench-asm) and
three cuts of its text for the rows path (interleaved transforms one
after another, the layout bench-asm times): without the rows copy in
(kernel and copy out), without the kernel (the two copies), and the
copy out alone.  bench/asmparts.c times the five in one process.  The
parts follow: copy in = full - noin, kernel = full - nokern, copy out =
out; their sum over the full time is 1.0 where the three phases do not
overlap at all, below where the core runs them side by side.

AVX2 double's rows path has a kernel of its own with the copies inside
it (x86/asmcopy.c, asmcopy_rowskernel): nothing to cut apart.  There
the cuts (and the asm time) are of the codelet without that kernel,
the X path (copies before and after the shared kernel), marked
rows_kernel = 1; bench-asm times the codelet as shipped.

Writes bench/out/asmparts.csv (--csv FILE: elsewhere) and prints a
table.  Options: --isa avx2,avx512 --prec double,float --sizes
9,11,16,32,48,64 --trials 41 --v 256.  About a second a configuration.
"""
import argparse
import csv
import os
import subprocess
import sys

# bench-asm's ISA tables and helpers (bench/asm.py)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from asm import CFLAGS, CPUFLAGS, NREG, cpu, sizes  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KGEN = os.path.join(ROOT, "bin", "kgen")
OUT = os.path.join(ROOT, "bench", "out")
BUILD = os.path.join(ROOT, "build", "bench", "asmparts")
FIELDS = ["isa", "prec", "n", "asm_ns", "c_ns", "c_over_asm", "in_ns",
          "kernel_ns", "out_ns", "parts_over_asm", "rows_kernel"]


def sh(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        sys.exit("bench-asmparts: %s failed:\n%s" % (" ".join(cmd),
                                                     p.stderr))
    return p.stdout


def xpath(text):
    """The codelet without its rows path's own kernel (the branch from
    .Lirows to .Lirowsx), or as it is."""
    lines = text.split("\n")
    if ".Lirowsx:" not in lines:
        return text
    a = lines.index(".Lirows:")
    b = lines.index(".Lirowsx:")
    return "\n".join(lines[:a + 1] + lines[b + 1:])


def cuts(text):
    """The three cut functions' bodies from the codelet's text (its
    function renamed by the caller): noin, nokern, out."""
    lines = text.split("\n")
    try:
        a = lines.index(".Lirows:")
        b = next(i for i in range(a, len(lines))
                 if lines[i].strip() == "jmp .Lkern")
        k = lines.index(".Lkern:")
        e = lines.index("\t# kgen: end kernel")
    except (ValueError, StopIteration):
        sys.exit("bench-asmparts: no rows copy or kernel labels in the "
                 "codelet (x86/asm.c changed?)")
    skip = ["\tjmp .Lkern"]
    return {"noin": lines[:a + 1] + skip + lines[b + 1:],
            "nokern": lines[:k + 1] + lines[e:],
            "out": lines[:a + 1] + skip + lines[b + 1:k + 1] + lines[e:]}


def config(isa, prec, n, args):
    d = os.path.join(BUILD, "%s_%s_%d" % (isa, prec, n))
    os.makedirs(d, exist_ok=True)
    base = [KGEN, "fft", "-n", str(n), "--simd", isa, "--type", prec,
            "--schedule", "build", "--fma"]
    text = sh(base + ["--emit", "asm", "--regs", str(NREG[isa]),
                      "--name", "p_full"])
    rk = xpath(text) != text
    text = xpath(text)
    parts = {"full": text}
    for who, lines in cuts(text).items():
        parts[who] = "\n".join(lines).replace("p_full", "p_" + who)
    objs = []
    for who, body in parts.items():
        s = os.path.join(d, who + ".s")
        with open(s, "w") as f:
            f.write(body)
        sh(["cc", "-c", s, "-o", s[:-2] + ".o"])
        objs.append(s[:-2] + ".o")
    c = os.path.join(d, "c.c")
    sh(base + ["--name", "p_c", "-o", c])
    sh(["gcc", "-O2"] + CFLAGS[isa] + ["-c", c, "-o", c[:-2] + ".o"])
    exe = os.path.join(d, "asmparts")
    sh(["cc", "-std=gnu11", "-O2", "-Wall"]
       + (["-DFLOAT"] if prec == "float" else [])
       + ["-o", exe, os.path.join(ROOT, "bench", "asmparts.c"),
          c[:-2] + ".o"] + objs + ["-lm"])
    t = {r["who"]: float(r["median_ns"]) for r in csv.DictReader(
        sh([exe, str(n), str(args.v), str(args.trials)]).splitlines())}
    pin, pkern, pout = t["full"] - t["noin"], t["full"] - t["nokern"], t["out"]
    return {"isa": isa, "prec": prec, "n": n, "asm_ns": t["full"],
            "c_ns": t["c"], "c_over_asm": t["c"] / t["full"],
            "in_ns": pin, "kernel_ns": pkern, "out_ns": pout,
            "parts_over_asm": (pin + pkern + pout) / t["full"],
            "rows_kernel": int(rk)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--isa", default="avx2,avx512")
    ap.add_argument("--prec", default="double,float")
    ap.add_argument("--sizes", default="9,11,16,32,48,64")
    ap.add_argument("--trials", type=int, default=41)
    ap.add_argument("--v", type=int, default=256)
    ap.add_argument("--csv", default=os.path.join(OUT, "asmparts.csv"))
    args = ap.parse_args()
    if not os.path.exists(KGEN):
        sys.exit("bench-asmparts: no bin/kgen (make bin/kgen)")
    if not 1 <= args.trials <= 201 or args.v < 1:
        sys.exit("bench-asmparts: --trials from 1 to 201, --v >= 1")
    have = cpu()
    isas = [i for i in args.isa.split(",") if i]
    for i in isas:
        if i not in NREG:
            sys.exit("bench-asmparts: --isa %s: expected avx2 or avx512"
                     % i)
    precs = [p for p in args.prec.split(",") if p]
    for p in precs:
        if p not in ("double", "float"):
            sys.exit("bench-asmparts: --prec %s: expected double or "
                     "float" % p)
    try:
        ns = sizes(args.sizes)
    except ValueError:
        sys.exit("bench-asmparts: --sizes %s: expected sizes like "
                 "9,16-32" % args.sizes)
    if not ns or min(ns) < 2 or max(ns) > 64:
        sys.exit("bench-asmparts: --sizes from 2 to 64")
    path = args.csv
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    print("%-6s %-6s %3s %8s %8s %6s %8s %8s %8s %9s" % (
        "isa", "prec", "n", "asm ns", "C ns", "C/asm", "in", "kernel",
        "out", "parts/asm"))
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        for isa in isas:
            if not CPUFLAGS[isa] <= have:
                print("bench-asmparts: this CPU lacks %s: skipped" % isa)
                continue
            for prec in precs:
                for n in ns:
                    r = config(isa, prec, n, args)
                    w.writerow({k: ("%.4g" % v if isinstance(v, float)
                                    else v) for k, v in r.items()})
                    f.flush()
                    print("%-6s %-6s %3d %8.2f %8.2f %6.2f %8.2f %8.2f "
                          "%8.2f %9.2f" % (
                              isa, prec, n, r["asm_ns"], r["c_ns"],
                              r["c_over_asm"], r["in_ns"],
                              r["kernel_ns"], r["out_ns"],
                              r["parts_over_asm"]), flush=True)
                    if r["rows_kernel"] and n == ns[-1]:
                        print("  (%s %s: the X path's parts; the rows "
                              "path's own kernel has its copies inside)"
                              % (isa, prec))
    print("wrote", path)


if __name__ == "__main__":
    main()
