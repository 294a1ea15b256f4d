"""The library's assembly codelets, and kgen fft --choose spills.

- the library's assembly codelets (codelets.def N1A, 252 files, and
  T1A): each hidden, kgen's output, and accepted by kgen verify;
- --choose spills, on sizes whose top algorithm it changes: fewer
  spills than the algorithm with the fewest operations, within 1/25 of
  its operations; the header names the top algorithm, which kgen
  verify reads back (another one or none is a mismatch, exit 1; one it
  cannot read exit 2); --choose ops is the default; the same input
  gives the same bytes; the codelets against FFTW, both precisions and
  signs.
"""
import os
import re

import pytest

import manifest
from asmhelp import emit
from conftest import ISA, RUNS, TESTS, cc, kgen, need, pmap, run
from test_simd import failures, results


# ---- the library's assembly codelets ----------------------------------------

ASMLIB = [c for c in manifest.codelets() if c.family == "N1A"]
T1ALIB = [c for c in manifest.codelets() if c.family == "T1A"]


def test_library_asm_files_verify():
    """Every assembly codelet of the library (codelets.def's N1A and T1A
    lines, codelets/n1a/ISA/*.s and codelets/t1a/ISA/*.s) is there,
    hidden (".hidden NAME" after ".globl NAME", so libkgen.so does not
    export it), and kgen verify accepts the file as the library assembles
    it.  (Their numbers against FFTW: test_simd.py's test_library_asm for
    N1A, test_plan.py's test_t1v_c_and_asm for T1A.)"""
    if os.uname().machine not in ("x86_64", "amd64"):
        pytest.skip("the vector codelets are built on x86-64 only")
    assert len(ASMLIB) == 4 * 63
    # every x86 t1v has its twin (neon's t1v has none)
    t1v = [c for c in manifest.codelets() if c.family == "T1V"
           and c.isa in {a.isa for a in T1ALIB}]
    assert sorted(c[1:4] for c in T1ALIB) == sorted(c[1:4] for c in t1v)

    def check(c):
        text = c.path.read_text()
        for nm in [c.name] + ([c.name + "_b"] if c.family == "T1A"
                              else []):
            if "\t.globl %s\n\t.hidden %s\n" % (nm, nm) not in text:
                return "%s: no .hidden after the .globl of %s" % (
                    c.path.name, nm)
        if "--fma --emit asm --verify" not in text.split("\n", 2)[1]:
            return "%s: not made with --verify" % c.path.name
        # the library's order: search, for all the ISA's registers
        if "--schedule search --regs %d " % ISA[c.isa].regs not in text:
            return "%s: not in search order" % c.path.name
        if c.family == "T1A" and "--kind t1v" not in text.split("\n", 2)[1]:
            return "%s: not a t1v codelet" % c.path.name
        p = kgen("verify", c.path)
        if p.returncode != 0 or ": ok:" not in p.stdout:
            return "%s: %s%s" % (c.path.name, p.stdout, p.stderr)
        return None
    bad = [r for r in pmap(check, ASMLIB + T1ALIB) if r is not None]
    assert not bad, "\n".join(map(str, bad[:10]))


@pytest.mark.parametrize("isa,prec,n", [("avx2", "double", 13),
                                        ("avx512", "float", 32)])
def test_library_asm_is_kgens(isa, prec, n):
    """A library assembly file is kgen's output for its line of
    codelets.def, with the one .hidden line added (mk/lib.mk)."""
    c, = [c for c in ASMLIB if (c.isa, c.prec, c.size) == (isa, prec, n)]
    # the command line of mk/codelets.awk, which the file's header quotes
    p = kgen("fft", "-n", n, *(["--type", "float"] if prec == "float"
                               else []),
             "--simd", isa, "--schedule", "search", "--regs",
             ISA[isa].regs, "--fma", "--emit", "asm",
             "--verify", "--name", c.name)
    assert p.returncode == 0, p.stderr
    want = p.stdout.replace("\t.globl %s\n" % c.name,
                            "\t.globl %s\n\t.hidden %s\n" % (c.name, c.name))
    assert c.path.read_text() == want


# ---- --choose spills: the top algorithm by Belady's spills too ------------

def header_counts(text):
    """(operations, spill loads + stores, top=) of an asm codelet's
    header."""
    ops = sum(map(int, re.search(r"# (\d+) additions, (\d+) "
                                 r"multiplications, (\d+) FMAs", text)
                  .groups()))
    sp = re.search(r"(\d+) spill loads,\n# (\d+) spill stores", text)
    top = re.search(r"^# kgen asm: .* top=(\S+)$", text, re.M)
    return ops, int(sp.group(1)) + int(sp.group(2)), top and top.group(1)


# (n, isa, R): sizes whose top algorithm --choose spills changes in the
# build order (docs/design.md, "Algorithms chosen by their spills")
CHOSEN = [(47, "avx512", 32), (23, "avx2", 16), (30, "avx512", 32)]


@pytest.mark.parametrize("n,isa,r", CHOSEN)
def test_choose_spills_fewer(tmp_path, n, isa, r):
    """Fewer spills than the algorithm with the fewest operations, within
    1/25 of its operations; the header names the top algorithm and kgen
    verify (at emission and on the file) rebuilds that DAG and holds the
    kernel to the header's counts."""
    plain = emit(tmp_path / "p.s", n, isa, r, fma=True)
    text = emit(tmp_path / "c.s", n, isa, r, fma=True,
                extra=["--choose", "spills"])
    ops0, sp0, top0 = header_counts(plain)
    ops, sp, top = header_counts(text)
    assert top0 is None and top
    assert sp < sp0 and ops <= ops0 + ops0 // 25, (ops0, sp0, ops, sp)
    assert "# Algorithm at the top: %s, chosen by" % top in text
    p = kgen("verify", tmp_path / "c.s")
    assert p.returncode == 0, p.stderr
    loads, stores = re.search(r"(\d+) spill loads, (\d+) spill stores",
                              p.stdout).groups()
    assert int(loads) + int(stores) == sp
    # --choose ops is the default
    ops_text = emit(tmp_path / "o.s", n, isa, r, fma=True,
                    extra=["--choose", "ops"])
    strip = lambda t: re.sub(r"^# Command: .*\n", "", t, flags=re.M)
    assert strip(ops_text) == strip(plain)
    # the same input, the same bytes
    assert emit(tmp_path / "c2.s", n, isa, r, fma=True,
                extra=["--choose", "spills"]) == text


def test_choose_spills_top_checked(tmp_path):
    """kgen verify takes the top algorithm from the header: another one
    (or none, the fewest operations') is a mismatch, exit 1; one that is
    no algorithm of the size, or a spoilt field, cannot be read, exit 2."""
    text = emit(tmp_path / "c.s", 47, "avx512", 32, fma=True,
                extra=["--choose", "spills"])
    top = header_counts(text)[2]
    bad = tmp_path / "bad.s"
    for other in ("direct:0", "rader:0", "crt:0"):
        if other == top:
            continue
        bad.write_text(text.replace(" top=" + top, " top=" + other))
        p = kgen("verify", bad)
        assert p.returncode == 1 and "gets" in p.stderr, (other, p.stderr)
    bad.write_text(text.replace(" top=" + top, ""))
    assert kgen("verify", bad).returncode == 1
    for spoilt, msg in ((" top=ct:3", "not an algorithm of size 47"),
                        (" top=split:0", "not an algorithm of size 47"),
                        (" top=foo:0", "not an algorithm of size 47"),
                        (" top=crt:0 x", "cannot parse"),
                        (" top=CRT", "cannot parse")):
        bad.write_text(text.replace(" top=" + top, spoilt))
        p = kgen("verify", bad)
        assert p.returncode == 2 and msg in p.stderr, (spoilt, p.stderr)
        assert len(p.stderr.strip().split("\n")) == 1


@pytest.mark.parametrize("n,isa,r", CHOSEN)
def test_choose_spills_against_fftw(tmp_path, n, isa, r):
    """The codelets --choose spills makes, both precisions and signs,
    every layout and batch of simdcheck, against FFTW."""
    for prec in ("double", "float"):
        for sign in (-1, 1):
            name = "cs_%s_%d%s" % (prec[0], n, "b" if sign > 0 else "f")
            s = tmp_path / (name + ".s")
            emit(s, n, isa, r, prec=prec, fma=True, sign=sign, name=name,
                 extra=["--choose", "spills"])
            obj = tmp_path / (name + ".o")
            p = run(["cc", "-c", s, "-o", obj])
            assert p.returncode == 0, p.stderr
            exe = cc([TESTS / "simdcheck.c", obj], tmp_path / name,
                     flags=["-DREAL=" + prec, "-DFUNC=" + name],
                     libs=["-lfftw3", "-lm"])
            if not RUNS[isa]:
                continue
            res, seed = results(run([exe, n, sign]).stdout)
            assert len(res[(n, sign)]) == 140
            bad = failures(res, prec)
            assert not bad, "seed %s:\n%s" % (seed, "\n".join(bad[:20]))
    need(isa)
