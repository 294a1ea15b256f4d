"""kgen verify (verify/verify.c) on kgen fft --emit asm codelets: what it
rejects.

- mutants of the kernel: a register renumbered, two dependent
  instructions swapped, a spill store dropped, a stack offset changed, a
  constant changed: hundreds, all caught (exit 1), with the line;
- the kernel's declarations of its data in registers (x86/asm.c's
  fuse): an input's slot or an output's register changed, an output's
  line dropped or moved, an output's register written after it, and a
  load of a declared input from X, each caught; a line it cannot read
  is exit 2;
- AVX2 double's rows kernel (x86/asmcopy.c's asmcopy_rowskernel): its
  declarations ("# kgen: in" after a copy, "# kgen: put" before one),
  its copies (no stack, no general register, nothing undeclared read
  after them) and its spill counts, each caught; a copy's end without
  its start is exit 2;
- a file it cannot read or parse (exit 2), and a frame that breaks the
  ABI: a callee-saved register not saved or restored from another, the
  stack not aligned (exit 1); one kgen: line each.
What it accepts (every codelet of test_asm.py's grid) is test_asm.py's;
the copies it trusts are checked against FFTW in test_asm_copies.py.
"""
import random
import re

from asmhelp import declared, emit, kernel_lines, mutants
from conftest import ISA, kgen, pmap


# ---- the validator rejects mutants ----------------------------------------
MUTANT_CASES = [(8, "avx2", "double", 4, False), (13, "sse2", "double", 5,
                False), (16, "avx512", "float", 6, True),
                (5, "avx2", "float", 16, False), (32, "avx512", "double",
                12, False), (16, "sse2", "float", 3, False),
                # the kernel's data in registers (no X, no spills)
                (5, "avx512", "double", 32, True)]


def test_mutants_caught(tmp_path):
    """Every mutant fails kgen verify with exit 1 and a line number."""
    rnd = random.Random(13)
    total, caught, kinds = 0, 0, {}
    missed = []
    for n, isa, prec, r, fma in MUTANT_CASES:
        text = emit(tmp_path / "m.s", n, isa, r, prec=prec, fma=fma)
        ms = mutants(text, n, isa, r, prec, rnd)
        paths = []
        for k, (kind, t) in enumerate(ms):
            path = tmp_path / ("mut%d_%d.s" % (n, k))
            path.write_text(t)
            paths.append((kind, path))

        def check(kp):
            return kp[0], kp[1], kgen("verify", kp[1])
        for kind, path, p in pmap(check, paths):
            total += 1
            kinds[kind] = kinds.get(kind, 0) + 1
            ok = p.returncode == 1 and re.match(
                r"kgen: verify .*:\d+: ", p.stderr)
            caught += bool(ok)
            if not ok:
                missed.append("%s %s rc=%d %s" % (kind, path, p.returncode,
                                                  p.stderr))
    print("mutants: %d of %d caught; by kind %s" % (caught, total, kinds))
    assert total >= 500 and all(v >= 60 for v in kinds.values()), kinds
    assert not missed, "\n".join(missed[:10])


# ---- the kernel's declarations: its data in registers ------------------

def test_fused_input_not_in_x(tmp_path):
    """A declared input is not in X (the rows copy leaves it in its
    register only): a kernel that loads it from X is caught."""
    text = emit(tmp_path / "f.s", 8, "avx512", 32, sched="search",
                fma=True)
    ins = declared(text, "in")
    assert ins
    lines = text.split("\n")
    first = min(i for i, _, _ in kernel_lines(text))
    i, r, s = ins[0]
    m = list(lines)
    m.insert(first, "\tvmovapd %d(%%rsp), %s" % (s * ISA["avx512"].bytes, r))
    path = tmp_path / "m.s"
    path.write_text("\n".join(m))
    p = kgen("verify", path)
    assert p.returncode == 1 and "before it is written" in p.stderr, \
        p.stderr


def test_fused_declarations_checked(tmp_path):
    """The validator holds the kernel to its declarations: an input's
    slot or an output's register changed, an output's line dropped, an
    input declared after an instruction, an output's register written
    after its declaration, are each caught (exit 1 and the line); a line
    it cannot read is a parse error (exit 2)."""
    text = emit(tmp_path / "f.s", 8, "avx512", 32, sched="search",
                fma=True)
    lines = text.split("\n")
    ins, outs = declared(text, "in"), declared(text, "out")
    first = min(i for i, _, _ in kernel_lines(text))
    muts = []
    for (i, r, s), (j, r2, s2) in zip(ins, ins[1:]):
        m = list(lines)
        m[i] = "\t# kgen: in %s %d" % (r, s2)
        m[j] = "\t# kgen: in %s %d" % (r2, s)
        muts.append(m)
    for i, r, s in outs:
        m = list(lines)
        other = [x for _, x, _ in outs if x != r][0]
        m[i] = "\t# kgen: out %s %d" % (other, s)
        muts.append(m)
        m = list(lines)
        del m[i]
        muts.append(m)
    m = list(lines)
    m.insert(first + 1, lines[ins[0][0]])
    del m[ins[0][0]]
    muts.append(m)
    # an output's register written again after its declaration: the
    # outputs are checked where the kernel ends
    m = list(lines)
    r = outs[0][1]
    m.insert(m.index("\t# kgen: end kernel"),
             "\tvaddpd %s, %s, %s" % (r, r, r))
    muts.append(m)
    for k, m in enumerate(muts):
        path = tmp_path / ("m%d.s" % k)
        path.write_text("\n".join(m))
        p = kgen("verify", path)
        assert p.returncode == 1 and re.match(r"kgen: verify .*:\d+: ",
                                              p.stderr), (k, p.stderr)
    for bad in ("\t# kgen: in %zmm 3", "\t# kgen: out %zmm3 99",
                "\t# kgen: out %zmm3 1 x"):
        m = list(lines)
        m[ins[0][0] if "in" in bad else outs[0][0]] = bad
        path = tmp_path / "p.s"
        path.write_text("\n".join(m))
        assert kgen("verify", path).returncode == 2, bad


def test_rows_kernel_checked(tmp_path):
    """kgen verify holds the rows kernel to its declarations and its
    copies to theirs: two inputs' slots swapped, a put's register
    changed, an input declared before its copy, a kernel instruction
    reading what a copy left undeclared, a copy reaching the stack or
    writing a general register, and a second kernel with one more spill
    store are each caught (exit 1 and the line); a copy's end without
    its start is a parse error (exit 2)."""
    text = emit(tmp_path / "k.s", 16, "avx2", 16, fma=True)
    lines = text.split("\n")
    ins = declared(text, "in")
    puts = declared(text, "put")
    copy = lines.index("\t# kgen: copy")
    end = lines.index("\t# kgen: end copy", copy)
    scratch = "%%ymm%s" % re.findall(r"%[xy]mm(\d+)", lines[copy + 1])[0]
    muts = []
    (i, r, s), (j, r2, s2) = ins[0], ins[2]
    m = list(lines)
    m[i] = "\t# kgen: in %s %d" % (r, s2)
    m[j] = "\t# kgen: in %s %d" % (r2, s)
    muts.append(("slots", m))
    i, r, s = puts[0]
    other = [x for _, x, _ in puts if x != r][0]
    m = list(lines)
    m[i] = "\t# kgen: put %s %d" % (other, s)
    muts.append(("put", m))
    i, r, s = ins[0]
    m = list(lines)
    del m[i]
    m.insert(copy, lines[i])
    muts.append(("early in", m))
    m = list(lines)
    k = [x for x, _, _ in ins if x > end][-1]
    m.insert(k + 1, "\tvaddpd %s, %s, %s" % (scratch, scratch, scratch))
    muts.append(("scratch read", m))
    m = list(lines)
    m.insert(copy + 1, "\tvmovapd %ymm0, 0(%rsp)")
    muts.append(("stack", m))
    m = list(lines)
    m.insert(copy + 1, "\tmovq %r14, %r10")
    muts.append(("gpr", m))
    k2 = [x for x, l in enumerate(lines) if l == "\t# kgen: kernel"][1]
    sp = [x for x in range(k2, len(lines)) if re.match(
        r"\tvmovapd %ymm\d+, (\d+)\(%rsp\)$", lines[x]) and int(
        lines[x].split(", ")[1].split("(")[0]) >= 2 * 16 * 32][0]
    m = list(lines)
    m.insert(sp + 1, lines[sp])
    muts.append(("counts", m))
    for what, m in muts:
        path = tmp_path / "m.s"
        path.write_text("\n".join(m))
        p = kgen("verify", path)
        assert p.returncode == 1 and re.match(r"kgen: verify .*:\d+: ",
                                              p.stderr), (what, p.stderr)
    m = list(lines)
    m.insert(lines.index("\t# kgen: kernel") + 1, "\t# kgen: end copy")
    path = tmp_path / "p.s"
    path.write_text("\n".join(m))
    p = kgen("verify", path)
    assert p.returncode == 2 and "end of no copy" in p.stderr, p.stderr


# ---- files it cannot read, frames that break the ABI -------------------

def test_verify_parse_errors(tmp_path):
    text = emit(tmp_path / "p.s", 4, "avx2", 8)
    bad = tmp_path / "bad.s"
    bad.write_text(text.replace("\tvaddpd", "\tvaddpd ((", 1))
    p = kgen("verify", bad)
    assert p.returncode == 2 and re.match(r"kgen: verify .*:\d+: cannot "
                                          r"parse", p.stderr), p.stderr
    bad.write_text(text.replace("# kgen asm:", "# kgen ASM:"))
    p = kgen("verify", bad)
    assert p.returncode == 2 and "no \"# kgen asm:\" line" in p.stderr
    p = kgen("verify", tmp_path / "none.s")
    assert p.returncode == 2 and "cannot read" in p.stderr
    bad.write_text(text.replace("\tpopq %r12\n", ""))
    p = kgen("verify", bad)
    assert p.returncode == 1 and "another register" in p.stderr, p.stderr
    bad.write_text(text.replace("\tpushq %rbx\n", ""))
    p = kgen("verify", bad)
    assert p.returncode == 1 and "callee-saved" in p.stderr, p.stderr
    bad.write_text(text.replace("andq $-32, %rsp", "andq $-16, %rsp"))
    p = kgen("verify", bad)
    assert p.returncode == 1 and "aligned" in p.stderr, p.stderr
    assert len(p.stderr.strip().split("\n")) == 1
