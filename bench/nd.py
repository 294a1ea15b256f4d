"""make bench-nd: 2-D and 3-D transforms, kgen against FFTW_PATIENT.

Runs bench/nd.c's binaries, one process per problem and FFTW build (kgen
and FFTW timed in the same process, one thread and two, trials
interleaved; see bench/nd.c):
  build/bench/nd-debian   linked with Debian's libfftw3 (its SIMD stops
                          at AVX2)
  build/bench/nd-built    linked with FFTW 3.3.10 built by make
                          fftw-avx512 (build/fftw/flags: its configure
                          flags), where that build exists
Problems: 2-D c2c and r2c 32^2 .. 2048^2, 3-D c2c and r2c 16^3 .. 256^3
(256^3 only with 4 GB of memory free), and 100x100, 480x640, 1000x1000,
60^3, 96x96, 120x200, 40x40x40, 100x100x100 for both kinds.
FFTW's wisdom is kept in build/bench/nd-BUILD.wisdom between runs (its
PATIENT planner takes minutes at 1024^2; --no-wisdom plans afresh).
Writes bench/out/nd.csv (bench/nd.c's columns, every process's rows),
bench/out/nd.fftw (one line per FFTW build: what it is), prints a table
(problem, threads, kgen ns, then per FFTW build its ns and the ratio
FFTW / kgen) and the goals of issue 45 (goals() below, which
bench/results.py uses too), and draws bench/out/nd.png (the ratio against
the number of elements) where matplotlib is installed.
usage: python3 bench/nd.py [--quick] [--patient-max N] [--budget S]
                           [--only debian|built] [--no-wisdom] [--csv FILE]
                           [PROBLEM...]
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
OUT = ROOT / "bench" / "out"

P2 = [32, 64, 128, 256, 512, 1024, 2048]
P3 = [16, 32, 64, 128, 256]
OTHER = ["100x100", "480x640", "1000x1000", "60x60x60", "96x96",
         "120x200", "40x40x40", "100x100x100"]
# FFTW_PATIENT up to this many elements (1024^2), FFTW_MEASURE above (PATIENT
# planning of 2048^2 or 256^3 takes many minutes on a busy 2-core machine)
PATIENT_MAX = 1 << 20


def problems(quick):
    if quick:
        return ["c2c:64x64", "r2c:64x64", "c2c:16x16x16", "r2c:100x100"]
    dims = ["%dx%d" % (n, n) for n in P2]
    big = mem_free() >= 4 << 30
    dims += ["%dx%dx%d" % (n, n, n) for n in P3 if n < 256 or big]
    if not big:
        print("nd.py: under 4 GB free: 256^3 skipped", file=sys.stderr)
    return [k + ":" + d for d in dims + OTHER for k in ("c2c", "r2c")]


def mem_free():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def builds():
    """[(label, binary, what)] of the FFTW builds there are."""
    out = [("debian", BUILD / "nd-debian", debian())]
    lib = FFTW / "double" / "lib" / "libfftw3.a"
    flags = FFTW / "flags"
    if (BUILD / "nd-built").exists() and lib.exists() and flags.exists():
        f = flags.read_text().strip()
        label = "avx512" if "--enable-avx512" in f else "avx2"
        out.append((label, BUILD / "nd-built",
                    "FFTW 3.3.10 built from Debian's source package by "
                    "make fftw-avx512: " + f))
    else:
        why = FFTW / "unavailable"
        out[0] = out[0][:2] + (out[0][2] + "; no FFTW built here (%s): "
                               "compared with Debian's build only"
                               % (why.read_text().strip() if why.exists()
                                  else "make fftw-avx512 was still "
                                  "building it" if (FFTW / "lock-double")
                                  .exists() else "make fftw-avx512 did "
                                  "not run"),)
    return out


def debian():
    try:
        v = subprocess.run(["dpkg-query", "-W", "-f", "${Version}",
                            "libfftw3-double3"], capture_output=True,
                           text=True).stdout.strip()
    except OSError:
        v = ""
    return "Debian's libfftw3 %s (SIMD up to AVX2)" % (v or "(version?)")


def run(exe, label, prob, a):
    cmd = [str(exe), "-l", label, "-p", str(a.patient_max), "-b",
           str(a.budget), prob]
    if not a.no_wisdom:
        cmd[1:1] = ["-w", str(BUILD / ("nd-%s.wisdom" % label))]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        sys.exit("bench/nd.py: %s failed: %s" % (" ".join(cmd), p.stderr))
    return list(csv.DictReader(io.StringIO(p.stdout)))


def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


def gmean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def elements(r):
    return math.prod(int(x) for x in r["dims"].split("x"))


def goals(rows):
    """Issue 45's goals per FFTW build: [(build, [(goal, met, detail)])].
    met is None where the rows to judge are missing."""
    out = []
    for b in dict.fromkeys(r["fftw"] for r in rows):
        rs = [r for r in rows if r["fftw"] == b]
        ok = [r for r in rs if num(r["ratio"])]
        g = []
        missing = [r for r in rs if not num(r["ratio"])]
        miss = (", %d rows without a ratio (%s)" % (
            len(missing), "; ".join(sorted(set(
                r["note"] or "no ratio" for r in missing)))[:200])
            if missing else "")
        v = [num(r["ratio"]) for r in ok]
        if v:
            lo = min(ok, key=lambda r: num(r["ratio"]))
            g.append(("every size >= 1.0x", not missing and min(v) >= 1.0,
                      "min %.3f (%s, %s threads)%s" % (
                          min(v), lo["problem"], lo["threads"], miss)))
            g.append(("geometric mean >= 1.3x", gmean(v) >= 1.3,
                      "%.3f over %d rows" % (gmean(v), len(v))))
        else:
            g.append(("every size >= 1.0x", None, "no ratios" + miss))
        want = ["r2c:%dx%d" % (n, n) for n in P2 if n <= 512]
        rr = [r for r in rs if r["problem"] in want]
        v = [num(r["ratio"]) for r in rr if num(r["ratio"])]
        if v and len(v) == len(rr):
            g.append(("r2c 2-D 32^2..512^2 >= 1.3x", min(v) >= 1.3,
                      "min %.3f, geomean %.3f" % (min(v), gmean(v))))
        else:
            g.append(("r2c 2-D 32^2..512^2 >= 1.3x", None,
                      "%d of %d rows with a ratio" % (len(v), len(rr))))
        sp, met = [], None
        for p in ("c2c:1024x1024", "r2c:1024x1024", "c2c:128x128x128",
                  "r2c:128x128x128"):
            t = {r["threads"]: num(r["kgen_ns"]) for r in rs
                 if r["problem"] == p}
            if t.get("1") and t.get("2"):
                s = t["1"] / t["2"]
                sp.append("%s %.2f" % (p, s))
                met = (met is not False) and s >= 1.7
            else:
                sp.append("%s -" % p)
                met = False if met is False else None
        g.append(("2 threads >= 1.7x 1 thread (kgen) at 1024^2, 128^3",
                  met, ", ".join(sp)))
        out.append((b, g))
    return out


def verdict(m):
    return "met" if m else "not met" if m is False else "not judged"


def table(rows):
    """(header, lines): per problem and threads, kgen ns (the first
    build's process) and each build's FFTW ns and ratio."""
    bs = list(dict.fromkeys(r["fftw"] for r in rows))
    lines = {}
    for r in rows:
        k = (r["problem"], r["threads"])
        d = lines.setdefault(k, {"kgen": r["kgen_ns"] or "-", "note": ""})
        d[r["fftw"]] = (r["fftw_ns"] or "-", r["ratio"] or "-")
        if r["note"] and r["note"] not in d["note"]:
            d["note"] += ("; " if d["note"] else "") + r["note"]
        if r["fftw_flags"] != "patient":
            d["note"] += ("; " if d["note"] else "") + "FFTW_MEASURE"
    head = ["problem", "threads", "kgen ns"]
    for b in bs:
        head += ["FFTW %s ns" % b, "%s/kgen" % b]
    body = []
    for (p, t), d in lines.items():
        line = [p, t, d["kgen"]]
        for b in bs:
            line += list(d.get(b, ("-", "-")))
        body.append(line + [d["note"]])
    return head + ["note"], body


def plot(rows):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("nd.py: python3-matplotlib is not installed: no plot")
        return
    fig, ax = plt.subplots(figsize=(10, 6))
    keys = dict.fromkeys((r["fftw"], r["kind"], r["rank"], r["threads"])
                         for r in rows)
    drawn = 0
    for b, k, rk, t in keys:
        g = sorted(((elements(r), num(r["ratio"])) for r in rows
                    if (r["fftw"], r["kind"], r["rank"], r["threads"])
                    == (b, k, rk, t) and num(r["ratio"])))
        if g:
            ax.plot([x for x, _ in g], [y for _, y in g],
                    "o-" if b == "debian" else "s--", ms=3,
                    label="%s %s-D, %s thr, FFTW %s" % (k, rk, t, b))
            drawn += 1
    ax.axhline(1, color="k", lw=0.8)
    ax.axhline(1.3, color="k", lw=0.5, ls=":")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("elements (n0 n1 [n2])")
    ax.set_ylabel("FFTW_PATIENT time / kgen time (> 1: kgen faster)")
    ax.set_title("kgen (KGEN_MEASURE) against FFTW, interleaved, out of "
                 "place, double")
    if drawn:
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(OUT / "nd.png", dpi=110)
    print("wrote %s" % (OUT / "nd.png").relative_to(ROOT))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true",
                    help="four small problems: a smoke test")
    ap.add_argument("--patient-max", type=int, default=PATIENT_MAX)
    ap.add_argument("--budget", type=float, default=4.0,
                    help="seconds of trials per problem (at least 5)")
    ap.add_argument("--only", choices=("debian", "built"))
    ap.add_argument("--no-wisdom", action="store_true",
                    help="plan FFTW afresh (else build/bench/nd-BUILD."
                    "wisdom keeps its plans between runs)")
    ap.add_argument("--csv", help="report this nd.csv, run nothing")
    ap.add_argument("problem", nargs="*", help="e.g. c2c:64x64")
    a = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    bs = builds()
    if a.only == "debian":
        bs = bs[:1]
    elif a.only == "built":
        bs = bs[1:]
    rows = []
    if a.csv:
        rows = list(csv.DictReader(open(a.csv)))
    else:
        probs = a.problem or problems(a.quick)
        for b, exe, what in bs:
            print("nd.py: FFTW %s: %s" % (b, what), file=sys.stderr)
        for i, p in enumerate(probs):
            for b, exe, _ in bs:
                print("nd.py: [%d/%d] %s against FFTW %s" % (
                    i + 1, len(probs), p, b), file=sys.stderr, flush=True)
                rs = run(exe, b, p, a)
                for r in rs:
                    print("  %s thr %s: kgen %s ns, FFTW %s ns, ratio %s %s"
                          % (r["threads"], r["problem"], r["kgen_ns"] or "-",
                             r["fftw_ns"] or "-", r["ratio"] or "-",
                             r["note"]), file=sys.stderr, flush=True)
                rows += rs
        with open(OUT / "nd.fftw", "w") as f:
            for b, _, what in bs:
                f.write("%s: %s\n" % (b, what))
    if not rows:
        sys.exit("bench/nd.py: no rows")
    path = OUT / "nd.csv"
    if not a.csv:
        with open(path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    head, body = table(rows)
    wid = [max(len(str(x)) for x in col) for col in zip(head, *body)]
    for line in [head] + body:
        print("  ".join(str(x).rjust(w) if i < len(line) - 1 else str(x)
                        for i, (x, w) in enumerate(zip(line, wid))))
    for b, g in goals(rows):
        print("FFTW %s:" % b)
        for name, m, detail in g:
            print("  %-52s %-10s %s" % (name, verdict(m), detail))
    if not a.csv:
        print("wrote %s" % path.relative_to(ROOT))
    plot(rows)


if __name__ == "__main__":
    main()
