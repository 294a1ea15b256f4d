"""isa.def, read once, for the tests and the benchmarks, and the CPU
they run on: what it can run.

isa.def (top level) is the one table of kgen's vector ISAs; the
generator, the runtime and the Makefile read it as an X-macro, and the
Python side reads it here, so that no test or bench script keeps a
table of its own.  Each line
    ISA(name, NAME, vector bytes, vector registers, "compiler flags",
        "feature macro", "intrinsic prefix", "CPU features",
        "architecture")
becomes an Isa; lanes are vector bytes / 8 in double, / 4 in float.
The tests of the library and of the x86 backends take the ISAs of the
machine they run on (ARCH: x86_64 here, as uname -m says it); NEON's
own tests (test_neon.py) take it from ALL and run it under qemu.  The
CPU's flags are those of /proc/cpuinfo's first "flags" line (empty
where there is none, so that nothing runs); an ISA runs when it is of
ARCH and every one of its CPU features is there, "scalar" always.

    ALL       the Isa of each line, in isa.def's order
    ISAS      those of ARCH
    ISA       name -> Isa, every line
    NAMES     the names of ISAS, in isa.def's order
    ARCH      this machine's architecture ("x86_64", "aarch64")
    CPU       the CPU's flags (a frozenset)
    RUNS      name -> whether this CPU runs it ("scalar" and ALL)
    RUNNABLE  "scalar" and the ISAs this CPU runs, in isa.def's order
    BEST      the last of RUNNABLE
    lanes(isa, prec), skip_reason(isa)
"""
import collections
import pathlib
import platform
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
ESIZE = {"double": 8, "float": 4}


class Isa(collections.namedtuple(
        "Isa", "name NAME bytes regs flags macro prefix features arch")):
    """One line of isa.def: flags a list of words, features a
    frozenset."""
    __slots__ = ()

    def lanes(self, prec):
        """Elements of precision prec ("double", "float") per vector."""
        return self.bytes // ESIZE[prec]


def parse(path=ROOT / "isa.def"):
    """The ISA(...) lines of path as Isas, in order; an entry this
    parser does not understand is an error, never skipped."""
    text = re.sub(r"/\*.*?\*/", "", pathlib.Path(path).read_text(),
                  flags=re.S)
    out = []
    for entry in re.findall(r"^ISA\(.*?\)\s*$", text, re.M | re.S):
        entry = " ".join(entry.split())
        m = re.fullmatch(r'ISA\((\w+), (\w+), (\d+), (\d+), "([^"]*)", '
                         r'"([^"]*)", "([^"]*)", "([^"]*)", "(\w+)"\)',
                         entry)
        if not m:
            raise ValueError("%s: entry not understood: %s" % (path, entry))
        g = m.groups()
        out.append(Isa(g[0], g[1], int(g[2]), int(g[3]), g[4].split(),
                       g[5], g[6], frozenset(g[7].split()), g[8]))
    if not out:
        raise ValueError("%s: no ISA entries" % path)
    return out


def cpu_flags(path="/proc/cpuinfo"):
    """The flags of the first CPU in path; empty where it is missing."""
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("flags"):
                    return frozenset(line.split(":", 1)[1].split())
    except OSError:
        pass
    return frozenset()


def arch(machine=None):
    """uname -m's word for this machine, as isa.def spells it."""
    m = machine or platform.machine()
    return {"amd64": "x86_64", "i686": "x86_64", "i386": "x86_64",
            "arm64": "aarch64"}.get(m.lower(), m)


ALL = tuple(parse())
ARCH = arch()
ISAS = tuple(i for i in ALL if i.arch == ARCH)
ISA = {i.name: i for i in ALL}
NAMES = tuple(i.name for i in ISAS)
CPU = cpu_flags()
RUNS = dict({"scalar": True}, **{i.name: i.arch == ARCH
                                 and i.features <= CPU for i in ALL})
RUNNABLE = tuple(n for n in ("scalar",) + NAMES if RUNS[n])
BEST = RUNNABLE[-1]


def lanes(isa, prec):
    return ISA[isa].lanes(prec)


def skip_reason(isa):
    """Why this CPU does not run isa, for pytest.skip."""
    if ISA[isa].arch != ARCH:
        return "%s is an ISA of %s, this machine is %s" % (
            isa, ISA[isa].arch, ARCH)
    return "this CPU does not run %s (no %s in /proc/cpuinfo flags)" % (
        isa, " ".join(sorted(ISA[isa].features - CPU)))


if __name__ == "__main__":
    for i in ALL:
        print(i.name, i.arch, i.bytes, i.regs, " ".join(i.flags),
              " ".join(sorted(i.features)),
              "runs" if RUNS[i.name] else "does not run")
