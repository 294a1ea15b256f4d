"""make bench-plan: whole transforms, kgen's plans against FFTW.

Runs bench/plan.c's binaries, one process per precision and FFTW build
(kgen_plan_dft_1d with KGEN_MEASURE and with flags 0, run by
kgen_execute_dft on interleaved data as users run it, against
FFTW_PATIENT and FFTW_MEASURE on the same arrays, out of place, forward,
trials interleaved; both libraries' wisdom forgotten before each size,
so the planning times are a fresh process's):
  build/bench/plan-debian, planf-debian   Debian's libfftw3 (SIMD up to
                                          AVX2)
  build/bench/plan-built, planf-built     FFTW 3.3.10 built by make
                                          fftw-avx512 (build/fftw/flags:
                                          its configure flags), where
                                          that build exists
Sizes: 2^7 .. 2^20; 3^k, 5^k, 7^k; mixed 7-smooth sizes (720, 1000,
3000, 6000, 100000, ...); 11^3, 13^3; primes.  FFTW_PATIENT up to
PATIENT_MAX (above it its planning takes minutes; the column repeats
FFTW_MEASURE there and patient_capped is 1).
Writes bench/out/plan.csv (bench/plan.c's columns, every process's
rows), bench/out/plan.fftw (one line per FFTW build: what it is),
prints per precision a table (kgen's times and planning times, then per
FFTW build its times, the ratios FFTW / kgen and its PATIENT planning
time), the geometric means per group of sizes and issue 46's goals
against the strongest build (goals() below, which bench/results.py uses
too), and draws bench/out/plan.png where matplotlib is installed.
usage: python3 bench/plan.py [--quick] [--prec double|float]
                             [--patient-max N] [--only debian|built]
                             [--csv FILE] [N...]
"""
import argparse
import csv
import io
import math
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from nd import debian  # noqa: E402  (one description of Debian's build)

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "bench"
FFTW = ROOT / "build" / "fftw"
OUT = ROOT / "bench" / "out"
POW2 = [2 ** e for e in range(7, 21)]
POW357 = [3 ** e for e in range(5, 11)] + [5 ** e for e in range(3, 8)] \
    + [7 ** e for e in range(3, 6)]
MIXED = [480, 720, 1000, 1536, 1920, 3000, 5000, 6000, 10000, 12288,
         40000, 100000]
OTHER = [1331, 2197]
PRIMES = [1009, 4099, 10007, 65537]
QUICK = [720, 1000, 1024, 6000]
PATIENT_MAX = 100000
GROUPS = ("2^k", "3^k 5^k 7^k", "mixed", "other", "prime")


def group(n):
    """Which of GROUPS n is in: a power of two; a power of 3, 5 or 7;
    mixed (7-smooth with two or more of 2, 3, 5, 7: 720, 1536, 100000);
    a prime; other (a prime factor above 7)."""
    ps, m = [], n
    for p in (2, 3, 5, 7):
        if m % p == 0:
            ps.append(p)
            while m % p == 0:
                m //= p
    if m == 1:
        return "2^k" if ps == [2] else "3^k 5^k 7^k" if len(ps) == 1 \
            else "mixed"
    if not ps and all(n % d for d in range(2, int(n ** 0.5) + 1)):
        return "prime"
    return "other"


def builds(prec, stem="plan"):
    """[(label, binary, what)] of the FFTW builds there are for prec,
    the binaries build/bench/STEM[f]-debian and -built."""
    sfx = "f" if prec == "float" else ""
    out = [("debian", BUILD / ("%s%s-debian" % (stem, sfx)), debian())]
    lib = FFTW / prec / "lib" / ("libfftw3%s.a" % sfx)
    flags = FFTW / "flags"
    exe = BUILD / ("%s%s-built" % (stem, sfx))
    if exe.exists() and lib.exists() and flags.exists():
        f = flags.read_text().strip()
        label = "avx512" if "--enable-avx512" in f else "avx2"
        out.append((label, exe, "FFTW 3.3.10 built from Debian's source "
                    "package by make fftw-avx512: " + f))
    else:
        why = FFTW / "unavailable"
        out[0] = out[0][:2] + (out[0][2] + "; no %s FFTW built here (%s): "
                               "compared with Debian's build only" % (
                                   prec, why.read_text().strip()
                                   if why.exists() else
                                   "make fftw-avx512 was still building it"
                                   if (FFTW / ("lock-" + prec)).exists()
                                   else "make fftw-avx512 did not run"),)
    return out


def run(exe, label, sizes, a):
    cmd = [str(exe), "-l", label, "-p", str(a.patient_max),
           *map(str, sizes)]
    print("plan.py: %s" % " ".join(cmd), file=sys.stderr, flush=True)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    text = ""
    for line in p.stdout:       # rows as they come: a long run shows life
        text += line
        f = line.split(",")
        if f[0] != "n":
            print("  n=%s: kgen %s ns (plan %s ms), FFTW_PATIENT %s ns "
                  "(plan %s ms), ratio %s" % (f[0], f[4], f[8], f[7], f[11],
                                              f[16]),
                  file=sys.stderr, flush=True)
    if p.wait():
        sys.exit("bench/plan.py: %s failed" % " ".join(cmd))
    return list(csv.DictReader(io.StringIO(text)))


def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


def gmean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def anchor(rows, prec):
    """The strongest FFTW build with rows of prec: the one built here,
    else Debian's."""
    bs = list(dict.fromkeys(r["fftw"] for r in rows
                            if r["precision"] == prec))
    return next((b for b in bs if b != "debian"), bs[0] if bs else None)


def goals(rows):
    """Issue 46's goals per precision against the strongest build
    (FFTW_PATIENT's time over KGEN_MEASURE's), and deliverable 4's
    flags 0 within 10% of KGEN_MEASURE: [(prec, build, [(goal, met,
    detail)])]; met is None where no size was run."""
    out = []
    for prec in dict.fromkeys(r["precision"] for r in rows):
        b = anchor(rows, prec)
        rs = [r for r in rows if r["precision"] == prec and r["fftw"] == b]
        cap = sum(r["patient_capped"] == "1" for r in rs)
        capn = " (FFTW_MEASURE above the PATIENT limit: %d sizes)" % cap \
            if cap else ""
        g = []
        v = [(num(r["meas_vs_fftw_pat"]), r["n"]) for r in rs]
        if v:
            lo = min(v)
            g.append(("every size >= 1.0x", lo[0] >= 1.0,
                      "min %.3f (n %s), %d of %d below%s" % (
                          lo[0], lo[1], sum(x < 1 for x, _ in v), len(v),
                          capn)))
        else:
            g.append(("every size >= 1.0x", None, "no sizes"))
        for name, want in (("2^k", 1.2), ("mixed", 1.15)):
            q = [(num(r["meas_vs_fftw_pat"]), r["n"]) for r in rs
                 if group(int(r["n"])) == name]
            what = "powers of two" if name == "2^k" else \
                "mixed composites (7-smooth, two or more primes)"
            goal = "%s geomean >= %.2fx" % (what, want)
            if q:
                gm = gmean([x for x, _ in q])
                g.append((goal, gm >= want, "%.3f over %d sizes, min %.3f "
                          "(n %s)" % (gm, len(q), *min(q))))
            else:
                g.append((goal, None, "no sizes"))
        q = [(num(r["est_over_meas"]), r["n"]) for r in rs]
        if q:
            hi = max(q)
            g.append(("flags 0 within 10% of KGEN_MEASURE (est/meas <= 1.10"
                      ", deliverable 4)", hi[0] <= 1.10,
                      "max %.3f (n %s), geomean %.3f, %d of %d above" % (
                          hi[0], hi[1], gmean([x for x, _ in q]),
                          sum(x > 1.10 for x, _ in q), len(q))))
        out.append((prec, b, g))
    return out


def verdict(m):
    return "met" if m else "not met" if m is False else "not judged"


def summary(rows):
    """(header, lines): per precision, build and group of sizes, the
    geometric mean and minimum of FFTW_PATIENT's and FFTW_MEASURE's time
    over KGEN_MEASURE's, and flags 0's over FFTW_MEASURE's."""
    head = ["precision", "FFTW", "sizes", "count", "PAT/kgen gmean", "min",
            "MEAS/kgen gmean", "MEAS/kgen(flags 0) gmean"]
    body = []
    keys = dict.fromkeys((r["precision"], r["fftw"]) for r in rows)
    for prec, b in keys:
        rs = [r for r in rows if (r["precision"], r["fftw"]) == (prec, b)]
        for gname in GROUPS + ("all",):
            g = [r for r in rs if gname in ("all", group(int(r["n"])))]
            if not g:
                continue
            p = [(num(r["meas_vs_fftw_pat"]), r["n"]) for r in g]
            body.append([prec, b, gname, len(g),
                         "%.3f" % gmean([x for x, _ in p]),
                         "%.3f (n %s)" % min(p),
                         "%.3f" % gmean([num(r["meas_vs_fftw_meas"])
                                         for r in g]),
                         "%.3f" % gmean([num(r["est_vs_fftw_meas"])
                                         for r in g])])
    return head, body


def table(rows, prec):
    """(header, lines) for prec: per n, kgen's times (KGEN_MEASURE and
    flags 0, from the strongest build's process) and planning times,
    then per FFTW build its PATIENT and MEASURE times, the ratios (each
    from its own process) and its PATIENT planning time (MEASURE's above
    the PATIENT limit)."""
    rs = [r for r in rows if r["precision"] == prec]
    bs = list(dict.fromkeys(r["fftw"] for r in rs))
    b0 = anchor(rows, prec)
    by = {(r["n"], r["fftw"]): r for r in rs}
    head = ["n", "kgen ns", "flags 0 ns", "0/meas", "kgen plan ms",
            "flags 0 plan ms"]
    for b in bs:
        head += ["%s PAT ns" % b, "%s MEAS ns" % b, "%s PAT/kgen" % b,
                 "%s MEAS/kgen" % b, "%s MEAS/flags 0" % b,
                 "%s PAT plan ms" % b]
    body = []
    for n in dict.fromkeys(r["n"] for r in rs):
        k = by.get((n, b0)) or next(by[(n, b)] for b in bs
                                    if (n, b) in by)
        line = [n, k["kgen_meas_ns"], k["kgen_est_ns"], k["est_over_meas"],
                k["kgen_meas_plan_ms"], k["kgen_est_plan_ms"]]
        for b in bs:
            r = by.get((n, b))
            line += [r["fftw_pat_ns"] + ("*" if r["patient_capped"] == "1"
                                         else ""), r["fftw_meas_ns"],
                     r["meas_vs_fftw_pat"], r["meas_vs_fftw_meas"],
                     r["est_vs_fftw_meas"],
                     r["fftw_meas_plan_ms" if r["patient_capped"] == "1"
                       else "fftw_pat_plan_ms"]] \
                if r else ["-"] * 6
        body.append(line)
    return head, body


def show(head, body):
    wid = [max(len(str(x)) for x in col) for col in zip(head, *body)]
    for line in [head] + body:
        print("  ".join(str(x).rjust(w) for x, w in zip(line, wid)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true",
                    help="%s only: a few minutes" % QUICK)
    ap.add_argument("--prec", choices=("double", "float"))
    ap.add_argument("--patient-max", type=int, default=PATIENT_MAX)
    ap.add_argument("--only", choices=("debian", "built"))
    ap.add_argument("--csv", help="report this plan.csv, run nothing")
    ap.add_argument("sizes", nargs="*", type=int, metavar="N")
    a = ap.parse_args()
    sizes = a.sizes or (QUICK if a.quick else
                        POW2 + POW357 + MIXED + OTHER + PRIMES)
    OUT.mkdir(parents=True, exist_ok=True)
    rows, what = [], []
    if a.csv:
        rows = list(csv.DictReader(open(a.csv)))
    else:
        for prec in (a.prec,) if a.prec else ("double", "float"):
            bs = builds(prec)
            if a.only == "debian":
                bs = bs[:1]
            elif a.only == "built":
                bs = bs[1:]
            for b, exe, w in bs:
                what.append("%s (%s): %s" % (b, prec, w))
                print("plan.py: FFTW %s" % what[-1], file=sys.stderr)
            for b, exe, _ in bs:
                rows += run(exe, b, sizes, a)
    if not rows:
        sys.exit("bench/plan.py: no rows")
    path = OUT / "plan.csv"
    if not a.csv:
        with open(path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
        with open(OUT / "plan.fftw", "w") as f:
            f.write("".join(x + "\n" for x in what))
    for prec in dict.fromkeys(r["precision"] for r in rows):
        print("\n%s (ns per transform, best of 21 trials; *: FFTW_MEASURE"
              " above the PATIENT limit):" % prec)
        show(*table(rows, prec))
    print()
    show(*summary(rows))
    for prec, b, g in goals(rows):
        print("issue 46's goals, %s, against FFTW %s (PATIENT):" % (prec, b))
        for name, m, detail in g:
            print("  %-62s %-10s %s" % (name, verdict(m), detail))
    if not a.csv:
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
    precs = list(dict.fromkeys(r["precision"] for r in rows))
    fig, ax = plt.subplots(2, len(precs), figsize=(6 * len(precs), 8),
                           squeeze=False)
    for j, prec in enumerate(precs):
        b0 = anchor(rows, prec)
        for b in dict.fromkeys(r["fftw"] for r in rows
                               if r["precision"] == prec):
            rs = sorted((r for r in rows if r["precision"] == prec
                         and r["fftw"] == b), key=lambda r: int(r["n"]))
            for gname in GROUPS:
                g = [r for r in rs if group(int(r["n"])) == gname]
                if not g:
                    continue
                n = [int(r["n"]) for r in g]
                if b == b0:
                    ax[0][j].plot(n, [num(r["kgen_mflops"]) for r in g],
                                  "o-", ms=3, label="kgen " + gname)
                ax[1][j].plot(n, [num(r["meas_vs_fftw_pat"]) for r in g],
                              "o-" if b == b0 else "x:", ms=3,
                              label="%s, FFTW %s" % (gname, b))
        ax[0][j].set_title("%s, whole transforms, interleaved, out of "
                           "place" % prec)
        ax[0][j].set_ylabel("kgen MFLOPS (5 n log2 n / ns)")
        ax[1][j].set_ylabel("FFTW_PATIENT time / kgen time")
        ax[1][j].axhline(1, color="k", lw=0.8)
        for x in (ax[0][j], ax[1][j]):
            x.set_xscale("log", base=2)
            x.set_xlabel("n")
            x.legend(fontsize=6)
    fig.tight_layout()
    fig.savefig(OUT / "plan.png", dpi=110)
    print("wrote %s" % (OUT / "plan.png").relative_to(ROOT))


if __name__ == "__main__":
    main()
