"""make fftw-opcounts: kgen's FFTW codelet files against genfft's.

Every file `bin/kgen fft --emit fftw --list` names is written into
build/fftw-counts/ and compared with FFTW 3.3.10's file of the same path
(build/fftw/src, the source make fftw-avx512 fetches), both forms, by
the counts each file's comment states ("This function contains A FP
additions, M FP multiplications, (or, a additions, m multiplications,
f fused multiply/add)"; tools/fftwcounts.py reads them):
  plain form: A + M, floating-point operations (an FMA counts two);
  FMA form:   a + m + f, instructions.
Prints a table per family (files, files at most genfft's in both forms,
the totals) and the files above genfft's, writes build/bench/fftwops.csv
and the section "## FFTW's codelets: operation counts" of
docs/results.md (with --doc).
usage: python3 bench/fftwops.py [--doc]
"""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(
    __file__)), "..", "tools"))
import fftwcounts  # noqa: E402

SECTION = "FFTW's codelets: operation counts"
SRC = "build/fftw/src"
OUT = "build/fftw-counts"


def totals(forms):
    """(plain A+M, FMA a+m+f) of fftw_forms' result"""
    p, f = forms["plain"], forms["fma"]
    return p[0] + p[1], f[2] + f[3] + f[4]


def main():
    doc = "--doc" in sys.argv[1:]
    if not os.path.isdir(SRC):
        sys.exit("fftw-opcounts: %s missing (make fftw-avx512 fetches "
                 "FFTW's source)" % SRC)
    lst = subprocess.run(["bin/kgen", "fft", "--emit", "fftw", "--list"],
                         capture_output=True, text=True, check=True)
    os.makedirs(OUT, exist_ok=True)
    rows = []
    for ln in lst.stdout.split("\n"):
        if not ln:
            continue
        fam, n, path = ln.split()
        mine = os.path.join(OUT, os.path.basename(path))
        subprocess.run(["bin/kgen", "fft", "--emit", "fftw", "--kind", fam,
                        "-n", n, "-o", mine], check=True)
        with open(os.path.join(SRC, path)) as f:
            g = totals(fftwcounts.fftw_forms(f.read()))
        with open(mine) as f:
            k = totals(fftwcounts.fftw_forms(f.read()))
        rows.append((fam, int(n), path, g, k))
    fams = []
    for fam, _, _, _, _ in rows:
        if fam not in fams:
            fams.append(fam)
    out = ["| family | files | at most genfft (both forms) | plain, "
           "genfft / kgen | FMA, genfft / kgen |",
           "|---|--:|--:|--:|--:|"]
    over = []
    allg = [0, 0]
    allk = [0, 0]
    nok = 0
    for fam in fams:
        rs = [r for r in rows if r[0] == fam]
        ok = sum(1 for r in rs if r[4][0] <= r[3][0] and
                 r[4][1] <= r[3][1])
        nok += ok
        sg = [sum(r[3][i] for r in rs) for i in (0, 1)]
        sk = [sum(r[4][i] for r in rs) for i in (0, 1)]
        for i in (0, 1):
            allg[i] += sg[i]
            allk[i] += sk[i]
        out.append("| %s | %d | %d | %d / %d | %d / %d |" % (
            fam, len(rs), ok, sg[0], sk[0], sg[1], sk[1]))
        over += ["%s_%d (plain %d/%d, FMA %d/%d)" % (
            r[0], r[1], r[3][0], r[4][0], r[3][1], r[4][1])
            for r in rs if r[4][0] > r[3][0] or r[4][1] > r[3][1]]
    out.append("| all | %d | %d | %d / %d | %d / %d |" % (
        len(rows), nok, allg[0], allk[0], allg[1], allk[1]))
    text = "\n".join(out)
    print(text)
    print("\nabove genfft's (genfft/kgen): " + (", ".join(over) or "none"))
    os.makedirs("build/bench", exist_ok=True)
    with open("build/bench/fftwops.csv", "w") as f:
        f.write("family,n,path,genfft_plain,kgen_plain,genfft_fma,"
                "kgen_fma\n")
        for fam, n, path, g, k in rows:
            f.write("%s,%d,%s,%d,%d,%d,%d\n" % (fam, n, path, g[0], k[0],
                                                 g[1], k[1]))
    if not doc:
        return
    sec = ["## " + SECTION, "",
           "command: `make fftw-opcounts` · %s" % time.strftime(
               "%Y-%m-%d %H:%M UTC", time.gmtime()), "",
           "Every file of FFTW 3.3.10 that `kgen fft --emit fftw` writes, "
           "against genfft's file of the same path, by the counts each "
           "file's comment states: the plain form's floating-point "
           "operations A + M (an FMA counts two), the FMA form's "
           "instructions a + m + f. Per file: build/bench/fftwops.csv.",
           "", text, "", "Above genfft's in either form (plain genfft/kgen,"
           " FMA genfft/kgen): " + (", ".join(over) or "none") + ".", ""]
    replace(SECTION, "\n".join(sec))
    print("fftw-opcounts: wrote section \"%s\" of docs/results.md" % SECTION)


def replace(section, text, doc="docs/results.md"):
    """rewrites (or appends) section SECTION of doc"""
    with open(doc) as f:
        cur = f.read()
    parts = re.split(r"(?m)^(?=## )", cur)
    keep = [p for p in parts if not p.startswith("## " + section + "\n")]
    new = "".join(keep).rstrip("\n") + "\n\n" + text
    with open(doc + ".tmp", "w") as f:
        f.write(new)
    os.replace(doc + ".tmp", doc)


if __name__ == "__main__":
    main()
