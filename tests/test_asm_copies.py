"""The copies between the arrays and the frame buffer X of kgen fft
--emit asm codelets (x86/asmcopy.c), and the kernel's data in
registers (x86/asm.c's fuse, x86/asmcopy.c's asmcopy_rowskernel).

- every copy between the arrays and X (rows for interleaved data with
  adjacent elements, pairs for other interleaved strides, units for
  split arrays with unit lane stride, the scalar loop for the rest and
  for the last v mod VL transforms, chosen per side) against FFTW for
  v = 1..2 VL + 1, mixed input and output layouts included, every ISA
  and precision, both signs; and a spoilt copy, which kgen verify
  cannot see, fails that check;
- the kernel's data in registers (x86/asm.c's fuse): at small n every
  input and output (no vector load or store of its own), at larger n
  the first loaded and the last stored, as many as keep Belady's counts;
  the kernel declares their registers, loads and stores through X
  exactly the others, the rows copies move the data straight to and
  from those registers; the other copies go through X as before;
- AVX2 double's rows path has a kernel of its own (x86/asmcopy.c's
  asmcopy_rowskernel): each element transposed from the rows where the
  kernel first loads it and into them where it stores it last, declared
  ("# kgen: in" after a copy, "# kgen: put" before one), the rest
  through X, with Belady's counts; and a spoilt copy of it caught by the
  FFTW check.
kgen verify's side of these declarations (changed, moved or dropped
ones caught): test_asm_verify.py.
"""
import re

import pytest

from asmhelp import (belady, count, declared, emit, kernel_lines,
                     simdrun, split_ops)
from conftest import ISA, NAMES, kgen, lanes, need, pmap
from test_simd import failures, results


# ---- the copies between the arrays and X, every path ----------------------

# n = 3: fewer elements than a row holds (pairs only); 13: rows and
# pairs left over; 16: whole rows
COPY_CASES = [(isa, prec, n, sign) for isa in NAMES
              for prec in ("double", "float") for n in (3, 13, 16)
              for sign in (-1, 1)]


def copycheck(tmp, name, isa, prec, n, sign, text=None):
    """simdcheck's output over v = 1..2 VL + 1 for the codelet kgen emits
    (or for text); None when the CPU cannot run it."""
    s = tmp / (name + ".s")
    if text is None:
        emit(s, n, isa, ISA[isa].regs, prec=prec, fma=isa != "sse2",
             sign=sign, name=name)
    else:
        s.write_text(text)
    return simdrun(tmp, name, isa, prec, n, sign, 7,
                   2 * lanes(isa, prec) + 1)


@pytest.fixture(scope="module")
def copy_runs(kgen_bin, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("asmcopy")

    def one(c):
        isa, prec, n, sign = c
        name = "k_%s_%s_%d_%s" % (isa, prec[0], n, "b" if sign > 0
                                  else "f")
        return copycheck(tmp, name, isa, prec, n, sign)
    return dict(zip(COPY_CASES, pmap(one, COPY_CASES)))


@pytest.mark.parametrize("case", COPY_CASES,
                         ids=lambda c: "%s-%s-%d%s" % (c[0], c[1][0], c[2],
                                                      "-b" if c[3] > 0
                                                      else ""))
def test_copies_against_fftw(copy_runs, case):
    """Every path of the copies, v = 1..2 VL + 1 (the last block partial
    or not), the layouts of simdcheck and the mixed ones."""
    out = copy_runs[case]
    if isinstance(out, Exception):
        raise out
    need(case[0])
    res, seed = results(out)
    isa, prec, n, sign = case
    cases = res[(n, sign)]
    # 14 layouts and 4 mixed ones per v
    assert len(cases) == 18 * (2 * lanes(isa, prec) + 1)
    names = set(c[0].split("/")[0] for c in cases)
    assert {"inter", "inter-gap", "split-unit", "split-gap",
            "inter-split-unit", "split-unit-inter"} <= names
    bad = failures(res, prec)
    assert not bad, "seed %s:\n%s" % (seed, "\n".join(bad[:20]))


# a spoilt copy on each vector path: (label the path starts at, what
# changes in its first occurrence after the label, the layouts that see it)
SPOILS = [
    (".Lirows:", ("insertf64x4 $1,", "insertf64x4 $0,"), "inter/"),
    (".Lorows:", ("unpckhpd", "unpcklpd"), "inter/"),
    (".Lipairs:", ("unpcklpd", "unpckhpd"), "inter-gap/"),
    (".Lopairs:", ("extractf32x4 $2", "extractf32x4 $3"), "inter-gap/"),
    (".Liunits:", ("(%r15)", "(%r14)"), "split-unit/"),
    (".Lounits:", ("(%r15)", "(%r14)"), "split-unit/"),
    # n = 2 and 3: the two-element rows out by two-table permutes and the
    # pairs in by 256-bit halves (x86/asmcopy.c, half and pairin)
    (".Lorows:", (".Lperm0(%rip)", ".Lperm1(%rip)"), "inter/", 2),
    (".Lipairs:", ("vinsertf64x4 $1,", "vinsertf64x4 $0,"), "inter-gap/", 3),
]


@pytest.mark.parametrize("spoil", SPOILS,
                         ids=lambda s: s[0][2:-1] + "-%d" % (s[3:] or (16,))[0])
def test_spoilt_copy_is_caught(tmp_path, spoil):
    """The validator checks the kernel, not the copies (a spoilt copy
    passes kgen verify); the FFTW check sees it, on its layout only."""
    need("avx512")
    lab, (a, b), layout = spoil[:3]
    n = spoil[3] if len(spoil) > 3 else 16
    text = emit(tmp_path / "s.s", n, "avx512", 32, name="s")
    i = text.index(lab + "\n")
    j = text.index(a, i)
    end = min(text.find(e, i) % len(text) for e in ("\tjmp .L", ".Lnext:"))
    assert j < end, "the change is on the path"
    text = text[:j] + b + text[j + len(a):]
    (tmp_path / "s.s").write_text(text)
    assert kgen("verify", tmp_path / "s.s").returncode == 0
    res, _ = results(copycheck(tmp_path, "s", "avx512", "double", n, -1,
                               text))
    bad = failures(res, "double")
    assert bad and any(layout in x for x in bad), bad[:5]
    assert not any(" split-gap/" in x for x in bad), bad[:5]


def test_spoilt_avx2_rows_out_is_caught(tmp_path):
    """AVX2's rows copy out by 128-bit blocks (x86/asmcopy.c, rowblocks):
    in double a row whole after one register insert, in float by
    extracts; a wrong block in either is caught on the interleaved
    layout."""
    need("avx2")
    for prec, a, b in (
            ("double", r"vinsertf128 \$1, %xmm(\d+)",
             lambda m: "vinsertf128 $1, %%xmm%d" % ((int(m[1]) + 1) % 16)),
            ("float", r"vextractf128 \$1, %ymm(\d+)",
             lambda m: "vmovups %xmm" + m[1])):
        text = emit(tmp_path / "s.s", 16, "avx2", 16, prec=prec,
                    name="s")
        i = text.index(".Lorows:\n")
        m = re.compile(a).search(text, i)
        assert m and m.start() < text.index("\tjmp .L", i)
        text = text[:m.start()] + b(m) + text[m.end():]
        (tmp_path / "s.s").write_text(text)
        assert kgen("verify", tmp_path / "s.s").returncode == 0
        res, _ = results(copycheck(tmp_path, "s", "avx2", prec, 16, -1,
                                   text))
        bad = failures(res, prec)
        assert bad and any("inter/" in x for x in bad), (prec, bad[:5])


# ---- the kernel's data in registers (small n: x86/asm.c's fuse) ---------

# (AVX2 double has its rows kernel instead: test_rows_kernel below)
FUSED = [("avx2", "float", 5), ("avx2", "float", 4), ("avx512", "double",
         13), ("avx512", "float", 9)]


@pytest.mark.parametrize("case", FUSED, ids=lambda c: "%s-%s-%d" % c)
def test_fused_kernel(tmp_path, case):
    """Where Belady spills nothing with every input first and every output
    last, the kernel declares its inputs' and outputs' registers, loads
    and stores no vector itself, and kgen verify accepts it; the rows
    copies move the data to and from those registers (the FFTW checks of
    test_copies_against_fftw run every path of such codelets: n = 3)."""
    isa, prec, n = case
    text = emit(tmp_path / "f.s", n, isa, ISA[isa].regs, sched="search",
                prec=prec, fma=True)
    ins, outs = declared(text, "in"), declared(text, "out")
    assert sorted(s for _, _, s in ins) == list(range(2 * n))
    assert sorted(s for _, _, s in outs) == list(range(2 * n))
    assert len(set(r for _, r, _ in ins)) == 2 * n
    assert count(text, n, isa)[:2] == (0, 0)
    k = kernel_lines(text)
    assert not any(o.endswith("(%rsp)") for _, _, ops in k for o in ops)
    rows = text[text.index(".Lirows:"):text.index(".Lipairs:")]
    assert "(%rsp)" not in rows and "jmp .Lkern\n" in rows
    assert ".Lkernx:" in text


def test_not_fused_with_latency(tmp_path):
    """With latency the kernel keeps its data in X (the reloads' early
    issue is Belady's for the schedule's order only)."""
    text = emit(tmp_path / "f.s", 4, "avx2", 16, latency=2)
    assert not declared(text, "in") and ".Lkernx:" not in text


# larger n: the inputs loaded first and the outputs stored last, as many
# as keep Belady's counts (x86/asm.c's fusedorder)
PARTLY = [("avx2", "float", 8, 16, "search"), ("avx2", "float", 16, 16,
                                                  "build"),
          ("avx512", "double", 32, 32, "search"), ("avx512", "float", 64,
                                                    32, "search"),
          ("avx512", "double", 8, 6, "build")]


def xslots(text, lines, isa, store):
    """The X vectors (offset / vector bytes) that lines store (or load)."""
    out = []
    for l in lines:
        s = l.split("#")[0].strip()
        if not s.startswith("vmova"):
            continue
        ops = split_ops(s.partition(" ")[2])
        k = len(ops) - 1 if store else 0
        if ops[k].endswith("(%rsp)") and not ops[1 - k].endswith("(%rsp)"):
            out.append(int(ops[k].split("(")[0] or 0) // ISA[isa].bytes)
    return out


@pytest.mark.parametrize("case", PARTLY, ids=lambda c: "%s-%s-%d-R%d-%s" % c)
def test_partly_fused(tmp_path, case):
    """Where not every input and output fit, the kernel declares some:
    its spill loads and stores stay Belady's for the schedule's order;
    it loads from X exactly the inputs it does not declare, and stores
    there exactly the outputs it does not declare; the rows copies store
    to X exactly the undeclared inputs and load from it exactly the
    undeclared outputs.  (The FFTW checks run such codelets on every
    layout: test_copies_against_fftw's n = 13 and 16.)"""
    isa, prec, n, r, sched = case
    text = emit(tmp_path / "f.s", n, isa, r, sched=sched, prec=prec,
                fma=r > 6)
    ins = {s for _, _, s in declared(text, "in")}
    outs = {s for _, _, s in declared(text, "out")}
    assert 0 < len(ins) < 2 * n and 0 < len(outs) < 2 * n, (ins, outs)
    assert count(text, n, isa)[:2] == belady(n, sched, [r],
                                             fma=r > 6)[r][:2]
    lines = text.split("\n")
    a = lines.index("\t# kgen: kernel")
    b = lines.index("\t# kgen: end kernel")
    everything = set(range(2 * n))
    xend = 2 * n
    loaded = {x for x in xslots(text, lines[a:b], isa, False) if x < xend}
    stored = {x for x in xslots(text, lines[a:b], isa, True) if x < xend}
    assert loaded == everything - ins
    assert stored == everything - outs
    i, j = text.index(".Lirows:\n"), text.index(".Lipairs:\n")
    rin = xslots(text, text[i:j].split("\n"), isa, True)
    assert sorted(rin) == sorted(everything - ins)
    i, j = text.index(".Lorows:\n"), text.index(".Lopairs:\n")
    rout = xslots(text, text[i:j].split("\n"), isa, False)
    assert sorted(rout) == sorted(everything - outs)


def test_fused_spoilt_copy_is_caught(tmp_path):
    """The fused rows copies lie outside the kernel, as the others: a
    spoilt one passes kgen verify and fails the FFTW check on the
    interleaved layout."""
    need("avx512")
    text = emit(tmp_path / "s.s", 4, "avx512", 32, name="s", fma=True)
    assert declared(text, "in")
    i = text.index(".Lirows:\n")
    j = text.index("insertf64x4 $1,", i)
    assert j < text.index("\tjmp .L", i)
    spoilt_only_inter(tmp_path, text[:j] + "insertf64x4 $0,"
                      + text[j + 15:], "avx512", 4)


def spoilt_only_inter(tmp_path, text, isa, n):
    """A spoilt copy of a double codelet (text, named s): kgen verify
    passes it, the FFTW check fails it on interleaved data and only
    there."""
    (tmp_path / "s.s").write_text(text)
    assert kgen("verify", tmp_path / "s.s").returncode == 0
    res, _ = results(copycheck(tmp_path, "s", isa, "double", n, -1, text))
    bad = failures(res, "double")
    assert bad and any("inter/" in x for x in bad), bad[:5]
    assert not any(" split-gap/" in x for x in bad), bad[:5]


# ---- AVX2 double: the rows path's own kernel (asmcopy_rowskernel) -------

ROWSK = [(8, 16, "build"), (13, 8, "build"), (40, 16, "search"),
         (64, 16, "build")]


def rows_kernel(text):
    """The lines of the rows path's kernel (the first) and of its copy
    before it."""
    lines = text.split("\n")
    a = lines.index(".Lirows:")
    k = lines.index("\t# kgen: kernel", a)
    e = lines.index("\t# kgen: end kernel", k)
    return lines[a:k], lines[k:e + 1]


@pytest.mark.parametrize("case", ROWSK, ids=lambda c: "%d-R%d-%s" % c)
def test_rows_kernel(tmp_path, case):
    """AVX2 double: the rows path has a kernel of its own (the shared one
    follows), which makes each element from the rows where it first
    loads it and stores it where it stores it last: every input is
    either declared there, right after a copy, or stored to X by the
    copy before that kernel, never both; every output either put by
    the kernel or copied out of X after it; its spill counts are
    Belady's (kgen verify holds both kernels to the same counts)."""
    n, r, sched = case
    text = emit(tmp_path / "k.s", n, "avx2", r, sched=sched, fma=r > 6)
    assert text.count("\t# kgen: kernel\n") == 2
    before, kern = rows_kernel(text)
    ins = [int(m.group(1)) for l in kern
           for m in [re.match(r"\t# kgen: in %ymm\d+ (\d+)$", l)] if m]
    puts = [int(m.group(1)) for l in kern
            for m in [re.match(r"\t# kgen: put %ymm\d+ (\d+)$", l)] if m]
    for i, l in enumerate(kern):
        if l.startswith("\t# kgen: in "):
            assert kern[i - 1] in ("\t# kgen: end copy", kern[i - 1]
                                   if kern[i - 1].startswith(
                                       "\t# kgen: in ") else None), l
    stored = xslots(text, before, "avx2", True)
    everything = set(range(2 * n))
    assert len(ins) == len(set(ins)) and len(stored) == len(set(stored))
    assert set(ins) | set(stored) == everything
    assert not set(ins) & set(stored)
    assert ins, "no element made where the kernel needs it"
    after = text.split("\n")
    e = after.index(kern[-1])
    j = after.index("\tjge .Lrowsk", e)
    loaded = xslots(text, after[e:j], "avx2", False)
    assert sorted(puts + loaded) == sorted(everything)
    assert count(text, n, "avx2")[:2] == belady(n, sched, [r],
                                                fma=r > 6)[r][:2]


def test_rows_kernel_only_where_most_fit(tmp_path):
    """Where fewer than three quarters of the elements' loads and stores
    find registers for their transposes (n = 22 in the search order at
    R = 16, n = 13 at R = 6), the codelet keeps the one fused kernel."""
    for n, r, sched in ((22, 16, "search"), (13, 6, "build")):
        text = emit(tmp_path / "k.s", n, "avx2", r, sched=sched,
                    fma=True)
        assert text.count("\t# kgen: kernel\n") == 1, (n, r)
        assert ".Lirowsx:" not in text and "# kgen: copy" not in text
        assert declared(text, "in") or declared(text, "out"), (n, r)


def test_rows_kernel_spoilt_copy_is_caught(tmp_path):
    """The rows kernel's copies are trusted by kgen verify, as the copies
    around a kernel are: a spoilt one (an unpack's halves exchanged)
    passes it and fails the FFTW check on interleaved data, and only
    there."""
    need("avx2")
    text = emit(tmp_path / "s.s", 8, "avx2", 16, name="s", fma=True)
    i = text.index("\t# kgen: copy\n")
    j = text.index("vunpcklpd", i)
    assert j < text.index("\t# kgen: end copy\n", i)
    spoilt_only_inter(tmp_path, text[:j] + "vunpckhpd" + text[j + 9:],
                      "avx2", 8)
