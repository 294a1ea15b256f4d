"""The library's codelets as codelets.def lists them, for the tests that
check the library against its manifest (test_simd.py, test_runtime.py).

codelets() gives one Codelet per line: family ("N1", "N1W", "N1C", "N1A",
"T1", "T1V", "T1A", "N1V", "GEMMK"), isa ("scalar", "sse2", ...), prec
("double", "float"), size (an int; (mr, nr, v) for GEMMK), name and the
file it is made in (.c; .s for N1A and T1A, the assembly codelets).
"""
import collections
import re

from conftest import ROOT

Codelet = collections.namedtuple("Codelet",
                                 "family isa prec size name path")
LINE = re.compile(r'^([A-Z][A-Z0-9]*)\(([^"]*), "([^"]*)"\)$')


def codelets():
    out = []
    for line in (ROOT / "codelets.def").read_text().splitlines():
        m = LINE.match(line)
        if not m:
            continue
        fam, cols = m.group(1), [c.strip() for c in m.group(2).split(",")]
        isa, prec, name = cols[0], cols[1], cols[-1]
        nums = tuple(int(c) for c in cols[2:-1])
        size = nums if fam == "GEMMK" else nums[0]
        path = (ROOT / "codelets" / fam.lower() / isa
                / (name[len("kgen_"):] + (".s" if fam in ("N1A", "T1A")
                                          else ".c")))
        out.append(Codelet(fam, isa, prec, size, name, path))
    return out


def obj(c):
    """The object make builds from codelet c (build/codelets/...)."""
    return (ROOT / "build" / "codelets" / c.family.lower() / c.isa
            / (c.path.stem + ".o"))


def sizes(family, isa, prec):
    """The sizes of one family, ISA and precision, in the manifest's
    order."""
    return tuple(c.size for c in codelets() if c.family == family
                 and c.isa == isa and c.prec == prec)
