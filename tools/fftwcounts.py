#!/usr/bin/env python3
"""fftwcounts.py: kgen's operation counts against genfft's, as a table.

usage: fftwcounts.py FFTW KGEN... [--family F] [--sizes 2,3,..]

FFTW is FFTW's source tree (or any folder under it); its files
F_N.c are found below it.  Each holds genfft's two forms, the FMA one
under #if defined(ARCH_PREFERS_FMA) and the plain one under #else, each
with the comment "This function contains A FP additions, M FP
multiplications, (or, a additions, m multiplications, f fused
multiply/add)".  KGEN is one or more folders (or files) of kgen's
output for the same codelets, in either of two shapes:
  - FFTW's own (kgen fft --emit fftw): the same two forms and comments;
  - kgen's native codelet header ("Command: kgen fft ... -n N", "A
    additions, M multiplications, F FMAs, G negations"), one form a
    file, the FMA form where the command has --fma; the codelet is
    named by --kind and -n, so one folder may hold both forms under
    any file names.
The table compares, per size, the plain form's A+M (kgen: additions,
negations and multiplications, an FMA counting as one of each) and the
FMA form's instruction count a+m+f (kgen: additions, negations,
multiplications and FMAs).  Negations count against kgen although
genfft does not count them.  Exits 1 when kgen is above genfft
anywhere.
"""
import argparse
import os
import re
import sys

FFTW_RE = re.compile(
    r"This function contains (\d+) FP additions, (\d+) FP multiplications,"
    r"\s*\*?\s*\(or, (\d+) additions, (\d+) multiplications, "
    r"(\d+) fused multiply/add\)")
KGEN_RE = re.compile(
    r"(\d+) additions, (\d+) multiplications, (\d+) FMAs, "
    r"(\d+) negations")
CMD_RE = re.compile(r"Command: (kgen .*)")
NAME_RE = re.compile(r"^([A-Za-z0-9]+)_(\d+)\.c$")


def fftw_forms(text):
    """{'fma': (A, M, a, m, f), 'plain': ...} of an FFTW-format file."""
    forms = {}
    fma_at = text.find("ARCH_PREFERS_FMA")
    else_at = text.find("#else", fma_at) if fma_at >= 0 else -1
    for m in FFTW_RE.finditer(text):
        nums = tuple(int(x) for x in m.groups())
        if fma_at >= 0 and fma_at < m.start() and (
                else_at < 0 or m.start() < else_at):
            forms["fma"] = nums
        else:
            forms["plain"] = nums
    return forms


def kgen_form(text):
    """(family, n, form, (A, M, a, m, f)) of a kgen-native codelet, or
    None.  A and M count an FMA as an addition and a multiplication,
    a counts negations as additions."""
    cmd = CMD_RE.search(text)
    cnt = KGEN_RE.search(text)
    if not cmd or not cnt:
        return None
    words = cmd.group(1).split()
    fam = "n1"
    n = None
    for i, w in enumerate(words[:-1]):
        if w == "--kind":
            fam = words[i + 1]
        elif w == "-n":
            n = int(words[i + 1])
    if "--real" in words:
        fam = "r2cf"
    if n is None:
        return None
    add, mul, fma, neg = (int(x) for x in cnt.groups())
    a = add + neg
    form = "fma" if "--fma" in words else "plain"
    return fam, n, form, (a + fma, mul + fma, a, mul, fma)


def walk(path):
    if os.path.isfile(path):
        yield path
        return
    for root, _, files in os.walk(path):
        for f in sorted(files):
            if f.endswith(".c"):
                yield os.path.join(root, f)


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def load_fftw(root, family):
    out = {}
    for p in walk(root):
        m = NAME_RE.match(os.path.basename(p))
        if m and m.group(1) == family:
            forms = fftw_forms(read(p))
            if forms:
                out[int(m.group(2))] = forms
    return out


def load_kgen(paths, family):
    out = {}
    for root in paths:
        for p in walk(root):
            text = read(p)
            k = kgen_form(text)
            if k:
                if k[0] == family:
                    out.setdefault(k[1], {})[k[2]] = k[3]
                continue
            m = NAME_RE.match(os.path.basename(p))
            if m and m.group(1) == family:
                forms = fftw_forms(text)
                if forms:
                    out.setdefault(int(m.group(2)), {}).update(forms)
    return out


def cell(x):
    return "-" if x is None else str(x)


def table(family, ref, mine, sizes):
    rows = ["| %s n | genfft plain A+M (A, M) | kgen plain (A, M) "
            "| genfft FMA a+m+f | kgen FMA a+m+f | at most |" % family,
            "|---:|---:|---:|---:|---:|:---:|"]
    worse = 0
    for n in sizes:
        g = ref.get(n, {})
        k = mine.get(n, {})
        gp, kp = g.get("plain"), k.get("plain")
        gf, kf = g.get("fma"), k.get("fma")
        ok = True
        col = []
        if gp and kp:
            ok = ok and kp[0] + kp[1] <= gp[0] + gp[1]
        if gf and kf:
            ok = ok and sum(kf[2:]) <= sum(gf[2:])
        col.append("%d (%d, %d)" % (gp[0] + gp[1], gp[0], gp[1])
                   if gp else "-")
        col.append("%d (%d, %d)" % (kp[0] + kp[1], kp[0], kp[1])
                   if kp else "-")
        col.append(cell(sum(gf[2:]) if gf else None))
        col.append(cell(sum(kf[2:]) if kf else None))
        have = (gp and kp) or (gf and kf)
        mark = "?" if not have else ("yes" if ok else "**no**")
        worse += have and not ok
        rows.append("| %d | %s | %s |" % (n, " | ".join(col), mark))
    return "\n".join(rows), worse


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("fftw", help="FFTW's source tree or a folder of it")
    ap.add_argument("kgen", nargs="+", help="folders or files of kgen's")
    ap.add_argument("--family", default="r2cb",
                    help="codelet family, FFTW's file prefix (r2cb)")
    ap.add_argument("--sizes", help="comma-separated sizes "
                    "(default: every size FFTW has)")
    o = ap.parse_args()
    ref = load_fftw(o.fftw, o.family)
    if not ref:
        sys.exit("fftwcounts: no %s_N.c with genfft's counts under %s"
                 % (o.family, o.fftw))
    mine = load_kgen(o.kgen, o.family)
    sizes = ([int(s) for s in o.sizes.split(",")] if o.sizes
             else sorted(ref))
    text, worse = table(o.family, ref, mine, sizes)
    print(text)
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
