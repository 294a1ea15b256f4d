"""kgen fft --emit asm (x86/asm.c), kgen verify (verify/verify.c) and kgen
spills --measure asm.

- asm == Belady: the spill loads and stores of the emitted kernels,
  counted here from the text (a vector load from a stack slot, or from
  the input buffer X after that slot's first load, is a spill load; a
  vector store to a stack slot a spill store; constants in .rodata are
  memory operands and not counted, as Belady counts them), equal kgen
  spills's for the same order, R and latency, over sizes, schedules,
  ISAs, precisions and every R from the DAG's minimum to the ISA's count;
  with latency the stalls kgen verify counts equal kgen spills's too;
- the validator accepts every codelet of that grid (--verify at
  emission, and kgen verify on files) and rejects mutants: a register
  renumbered, two dependent instructions swapped, a spill store
  dropped, a stack offset changed, a constant changed: hundreds, all
  caught, with the line;
- the codelets compute the right numbers: tests/simdcheck.c links the
  object assembled from the .s in place of the C codelet and compares
  with FFTW on every layout and v = 1..37 (v mod VL != 0 included),
  with guard values around the outputs (docs/design.md's bound);
- every copy between the arrays and the frame buffer (x86/asmcopy.c:
  rows for interleaved data with adjacent elements, pairs for other
  interleaved strides, units for split arrays with unit lane stride, the
  scalar loop for the rest and for the last v mod VL transforms, chosen
  per side) against FFTW for v = 1..2 VL + 1, mixed input and output
  layouts included, every ISA and precision, both signs; and a spoilt
  copy, which kgen verify cannot see, fails that check;
- the kernel's data in registers (x86/asm.c's fuse): at small n every
  input and output (no vector load or store of its own), at larger n
  the first loaded and the last stored, as many as keep Belady's counts;
  the kernel declares their registers, loads and stores through X
  exactly the others, the rows copies move the data straight to and
  from those registers, and the validator holds the kernel to its
  declarations (changed, moved or dropped ones caught, and a load of a
  declared input from X); the other copies go through X as before;
- AVX2 double's rows path has a kernel of its own (x86/asmcopy.c's
  asmcopy_rowskernel): each element transposed from the rows where the
  kernel first loads it and into them where it stores it last, declared
  to the validator ("# kgen: in" after a copy, "# kgen: put" before
  one), the rest through X; its declarations and copies checked, and a
  spoilt copy caught by the FFTW check;
- the object has unwind information and a non-executable stack note;
- the library's assembly codelets (codelets.def N1A, 252 files): each
  hidden, kgen's output, and accepted by kgen verify;
- the command line: bad input is one kgen: line and exit 2.
"""
import os
import random
import re
import subprocess

import pytest

import manifest
from conftest import (CC, ISA, NAMES, RUNS, BuildError, TESTS, bound, cc,
                      kgen, lanes, need, pmap, run)
from test_simd import failures, results
SIZES = (2, 3, 4, 5, 8, 13, 16, 32, 64)


def fma3(mn):
    """Whether mn is an FMA3 instruction (vfmadd, vfmsub, vfnmadd,
    vfnmsub), whose destination is also a source."""
    return re.match(r"vfn?m(add|sub)", mn) is not None


def split_ops(s):
    ops, depth, cur = [], 0, ""
    for ch in s:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            ops.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops


def kernel_lines(text):
    """(index, mnemonic, operands) of the first kernel's instructions but
    its copies ("# kgen: copy" .. "# kgen: end copy": the rows kernel's
    transposes, which kgen verify trusts as it trusts the copies around
    the kernel, and the FFTW checks below test)."""
    lines = text.split("\n")
    a = lines.index("\t# kgen: kernel")
    b = lines.index("\t# kgen: end kernel")
    out = []
    copy = False
    for i in range(a + 1, b):
        if lines[i] in ("\t# kgen: copy", "\t# kgen: end copy"):
            copy = lines[i] == "\t# kgen: copy"
            continue
        s = lines[i].split("#")[0].strip()
        if s and not copy:
            mn, _, rest = s.partition(" ")
            out.append((i, mn, split_ops(rest)))
    return out


def count_direct(text, idx, address, latency=0):
    """(spill loads, spill stores, stalls, registers named, data stores)
    of the kernel of a codelet on the caller's arrays (t1v, gemm),
    counted from its text.  idx maps each index register set up before
    the kernel to (stride, c), c times the stride; an imulq in the
    kernel makes one from another.  address(o, idx) names the location a
    memory operand points at: ("rsp", offset) on the stack, None for a
    constant.  A load from the stack, or from a location loaded before,
    is a spill load; a store to the stack a spill store; data stores
    lists the other stores' locations.  Stalls follow Belady's model: a
    value loaded in step s is ready at s + latency, a step waits for its
    slowest operand, a spill store waits for nothing."""
    lines = text.split("\n")
    a = lines.index("\t# kgen: kernel")
    b = lines.index("\t# kgen: end kernel")
    idx = dict(idx)
    loads = stores = stalls = wait = step = 0
    seen, ready, regs, data = set(), {}, set(), []
    for line in lines[a + 1:b]:
        mt = re.match(r"\s*# step (\d+):", line)
        if mt:
            stalls += wait
            wait, step = 0, int(mt.group(1))
            continue
        s = line.split("#")[0].strip()
        if not s:
            continue
        mn, _, rest = s.partition(" ")
        ops = split_ops(rest)
        if mn == "imulq":
            st, c = idx[ops[1][1:]]
            idx[ops[2][1:]] = (st, c * int(ops[0][1:]))
            continue
        regs.update(int(r) for r in re.findall(r"%[xyz]mm(\d+)", s))
        dst = ops[-1]
        srcs = ops[:-1] + ([dst] if fma3(mn) else [])
        spill = dst.endswith("(%rsp)")
        for o in srcs:
            if o.startswith("%"):
                if not spill:
                    wait = max(wait, ready.get(o, 0) - step)
                    ready[o] = 0
                continue
            w = address(o, idx)
            if w is None:
                continue
            if w[0] == "rsp" or w in seen:
                loads += 1
            seen.add(w)
        if spill:
            stores += 1
        elif dst.startswith("%"):
            load = not srcs[0].startswith("%") and not srcs[0].endswith(
                "(%rip)") and ("mov" in mn or "broadcast" in mn)
            ready[dst] = step + latency if load else 0
        else:
            data.append(address(dst, idx))
    return loads, stores, stalls + wait, regs, data


def count(text, n, isa):
    """The kernel's spill loads and stores, and the registers it names,
    counted from the text."""
    xend = 2 * n * ISA[isa].bytes
    loads = stores = 0
    seen = set()
    regs = set()
    for _, mn, ops in kernel_lines(text):
        for o in ops:
            regs.update(int(r) for r in re.findall(r"%[xyz]mm(\d+)", o))
        mem = [k for k, o in enumerate(ops) if o.endswith("(%rsp)")]
        if not mem:
            continue
        k = mem[0]
        off = int(ops[k].split("(")[0] or 0)
        if k == len(ops) - 1:
            stores += off >= xend
        elif off >= xend or off in seen:
            loads += 1
        else:
            seen.add(off)
    return loads, stores, regs


def belady(n, sched, regs, latency=0, fma=False):
    """{R: (loads, stores, stalls)} of kgen spills."""
    args = ["spills", "fft", "-n", n, "--schedule", sched, "--regs",
            ",".join(map(str, regs)), "--latency", latency,
            "--format", "csv"]
    p = kgen(*args, *(["--fma"] if fma else []))
    assert p.returncode == 0, p.stderr
    rows = [r.split(",") for r in p.stdout.split("\n")[1:] if r]
    return {int(r[5]): (int(r[6]), int(r[7]), int(r[11])) for r in rows}


def minregs(n, fma=False):
    p = kgen("fft", "-n", n, "--simd", "avx2", "--emit", "asm", "--regs",
             1, *(["--fma"] if fma else []), "-o", "/dev/null")
    if p.returncode == 0:
        return 1
    m = re.search(r"R >= (\d+)", p.stderr)
    assert m, p.stderr
    return int(m.group(1))


def emit(path, n, isa, regs, sched="build", prec="double", latency=0,
         fma=False, sign=-1, name=None, verify=True, extra=()):
    args = ["fft", "-n", n, "--sign", sign, "--simd", isa, "--emit", "asm",
            "--regs", regs, "--schedule", sched, "--type", prec, "-o", path,
            *extra]
    if latency:
        args += ["--latency", latency]
    if fma:
        args.append("--fma")
    if verify:
        args.append("--verify")
    if name:
        args += ["--name", name]
    p = kgen(*args)
    if p.returncode:
        raise BuildError("kgen %s: %s" % (args, p.stderr))
    return path.read_text()


# ---- asm == Belady, and the validator accepts the grid --------------------

def grid():
    cases = []
    for n in SIZES:
        for sched in ("naive", "build", "co"):
            cases.append((n, sched, "avx2", "double", None))
            cases.append((n, sched, "avx512", "float", (17, 24, 32)))
            cases.append((n, sched, "sse2", "double", (5, 16)))
        for sched in ("blocked", "search"):
            if sched == "search" and n == 64:
                cases.append((n, sched, "avx2", "double", (16,)))
            else:
                cases.append((n, sched, "avx2", "double", (8, 16)))
                cases.append((n, sched, "avx512", "double", (32,)))
    return cases


def cid(c):
    return "%d-%s-%s-%s" % c[:4]


@pytest.mark.parametrize("case", grid(), ids=cid)
def test_asm_equals_belady(tmp_path, case):
    """Every R from the DAG's minimum up (the whole range for avx2), each
    codelet verified at emission."""
    n, sched, isa, prec, rs = case
    lo = minregs(n)
    rs = [r for r in (rs or range(lo, ISA[isa].regs + 1)) if r >= lo]
    if lo not in rs and isa == "avx2":
        rs.insert(0, lo)
    want = belady(n, sched, rs)

    def one(r):
        path = tmp_path / ("c%d.s" % r)
        return count(emit(path, n, isa, r, sched, prec), n, isa)
    got = dict(zip(rs, pmap(one, rs)))
    for r in rs:
        if isinstance(got[r], Exception):
            raise got[r]
        loads, stores, regs = got[r]
        assert (loads, stores) == want[r][:2], "R=%d" % r
        assert max(regs) < r


@pytest.mark.parametrize("n,sched,latency", [
    (8, "build", 2), (16, "build", 4), (32, "search", 3),
    (13, "co", 6), (32, "naive", 1), (64, "build", 8)])
def test_latency_stalls(tmp_path, n, sched, latency):
    """With --latency L the reloads move up; the counts stay Belady's and
    the stalls counted in the code (kgen verify) are kgen spills's."""
    rs = (4, 8, 16)
    want = belady(n, sched, rs, latency)
    for r in rs:
        path = tmp_path / ("l%d.s" % r)
        text = emit(path, n, "avx2", r, sched, latency=latency)
        loads, stores, _ = count(text, n, "avx2")
        assert (loads, stores) == want[r][:2], "R=%d" % r
        p = kgen("verify", path)
        assert p.returncode == 0, p.stderr
        m = re.search(r"(\d+) spill loads, (\d+) spill stores, (\d+) "
                      r"stalls", p.stdout)
        assert tuple(map(int, m.groups())) == want[r], "R=%d" % r
    # the reloads moved: some reload precedes its own step's comment
    assert latency == 0 or re.search(r"# reload n\d+ for step (\d+)",
                                     text)


def test_latency_hoists(tmp_path):
    """A reload placed before an earlier step than its own."""
    text = emit(tmp_path / "h.s", 32, "avx2", 8, "build", latency=4)
    step = None
    early = 0
    for line in text.split("\n"):
        m = re.match(r"\t# step (\d+):", line)
        if m:
            step = int(m.group(1))
        m = re.match(r"\t# reload n\d+ for step (\d+)", line)
        if m:
            early += int(m.group(1)) > step
    assert early > 10


def test_fma_grid(tmp_path):
    """--fma: FMA instructions, 3 operands; still Belady's counts."""
    for n in (4, 8, 16, 32):
        lo = minregs(n, fma=True)
        rs = [lo, 5, 8, 16]
        want = belady(n, "build", rs, fma=True)
        for isa in ("avx2", "avx512"):
            for r in rs:
                text = emit(tmp_path / "f.s", n, isa, r, fma=True)
                assert "vfm" in text or n < 16
                assert count(text, n, isa)[:2] == want[r][:2]


def test_measure_asm():
    """kgen spills --measure asm prints the emitted counts beside
    Belady's: equal in every row."""
    p = kgen("spills", "fft", "-n", 32, "--regs", "3,8,16,32",
             "--schedule", "all", "--measure", "asm", "--format", "csv")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.split("\n")
    head = lines[0].split(",")
    ia, ib = head.index("asm_loads"), head.index("asm_stores")
    rows = [r.split(",") for r in lines[1:] if r]
    assert len(rows) == 20
    for r in rows:
        assert (r[ia], r[ib]) == (r[6], r[7]), r
    p = kgen("spills", "fft", "-n", 16, "--regs", "8,40", "--measure",
             "asm")
    assert p.returncode == 0, p.stderr
    assert " -" in p.stdout.split("\n")[-3]     # R = 40: not measured


# ---- the validator rejects mutants ----------------------------------------

def regs_of(ops):
    return [int(r) for o in ops for r in re.findall(r"%[xyz]mm(\d+)", o)]


def locs(mn, ops):
    """Locations read and written by a kernel instruction."""
    names = [o if "(%rip)" not in o else None for o in ops]
    dst = names[-1]
    reads = set(x for x in names[:-1] if x)
    two = not mn.startswith("v") and not mn.startswith("mov")
    if two or fma3(mn):
        reads.add(dst)      # destructive forms read the destination
    return reads, {dst}


def mutants(text, n, isa, r, prec, rnd, per=30):
    """(kind, mutated text) pairs."""
    lines = text.split("\n")
    ks = kernel_lines(text)
    xend = 2 * n * ISA[isa].bytes
    out = []

    def put(kind, i, new):
        m = list(lines)
        m[i] = new
        out.append((kind, "\n".join(m)))
    # a register number changed (to another below R)
    cand = [k for k in ks if regs_of(k[2])]
    for _ in range(per):
        i, _, ops = rnd.choice(cand)
        occ = list(re.finditer(r"(%[xyz]mm)(\d+)", lines[i]))
        m = rnd.choice(occ)
        new = rnd.choice([x for x in range(r) if x != int(m.group(2))])
        put("register", i, lines[i][:m.start(2)] + str(new)
            + lines[i][m.end(2):])
    # two dependent instructions swapped
    pairs = []
    for a, b in zip(ks, ks[1:]):
        ra, wa = locs(a[1], a[2])
        rb, wb = locs(b[1], b[2])
        if wa & rb or wb & (ra | wa):
            pairs.append((a[0], b[0]))
    for i, j in rnd.sample(pairs, min(per, len(pairs))):
        m = list(lines)
        m[i], m[j] = m[j], m[i]
        out.append(("swap", "\n".join(m)))
    # a spill store dropped
    st = [k[0] for k in ks if k[2][-1].endswith("(%rsp)")
          and int(k[2][-1].split("(")[0] or 0) >= xend]
    for i in rnd.sample(st, min(per, len(st))):
        m = list(lines)
        del m[i]
        out.append(("drop", "\n".join(m)))
    # a stack offset changed (loads and stores; none where the kernel
    # takes its data in registers)
    mem = [k for k in ks if any(o.endswith("(%rsp)") for o in k[2])]
    top = xend + ISA[isa].bytes * (len(st) + 1)
    for _ in range(per if mem else 0):
        i, _, ops = rnd.choice(mem)
        m = re.search(r"(-?\d+)\(%rsp\)", lines[i])
        off = int(m.group(1))
        new = rnd.choice([x for x in range(0, top, ISA[isa].bytes) if x != off]
                         + [off + 8])
        put("offset", i, lines[i][:m.start(1)] + str(new)
            + lines[i][m.end(1):])
    # a constant changed: its value in .rodata, or the label an
    # instruction names
    used = sorted(set(re.findall(r"(\.L[cs]\w*)\(%rip\)", text)))
    for _ in range(per):
        lab = rnd.choice(used)
        i = lines.index(lab + ":") + 1
        vals = lines[i].split(None, 1)[1].split(", ")
        bit = 1 << rnd.randrange(52 if prec == "double" else 23)
        if rnd.random() < 0.3:
            vals[0] = hex(int(vals[0], 16) ^ bit)        # one lane only
        else:
            vals = [hex(int(v, 16) ^ bit) for v in vals]
        put("constant", i, lines[i].split(None, 1)[0].join(["\t", " "])
            + ", ".join(vals))
    labs = [k for k in ks if any("(%rip)" in o for o in k[2])]
    for _ in range(per // 3):
        i, _, ops = rnd.choice(labs)
        old = re.search(r"\.L[cs]\w*", lines[i]).group(0)
        others = [u for u in used if u != old]
        if others:
            put("constant", i, lines[i].replace(old, rnd.choice(others)))
    return out


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


# ---- the kernel's data in registers (small n: x86/asm.c's fuse) ---------

# (AVX2 double has its rows kernel instead: test_rows_kernel below)
FUSED = [("avx2", "float", 5), ("avx2", "float", 4), ("avx512", "double",
         13), ("avx512", "float", 9)]


def declared(text, kind):
    """The kernel's "# kgen: in/out %REG S" lines: (index, register,
    slot) each."""
    return [(i, m.group(1), int(m.group(2)))
            for i, l in enumerate(text.split("\n"))
            for m in [re.match(r"\t# kgen: %s (%%[xyz]mm\d+) (\d+)$" % kind,
                               l)] if m]


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


# ---- the numbers, against FFTW --------------------------------------------

FFT_CASES = [(isa, prec, n, r, sched, lat, fma, sign)
             for isa in NAMES
             for prec in ("double", "float")
             for n, r, sched, lat, fma, sign in (
                 (1, 1, "build", 0, False, -1), (2, 2, "build", 0, False, 1),
                 (3, 3, "co", 0, False, -1), (5, 16, "build", 2, False, 1),
                 (8, 4, "build", 0, True, -1), (13, 6, "search", 0, False, -1),
                 (16, 16, "build", 3, True, 1), (32, 8, "naive", 0, False, -1),
                 (64, 12, "build", 4, False, -1))
             if not (fma and isa == "sse2")] + [
    # the registers only AVX-512 has (zmm16-31)
    ("avx512", prec, n, 32, sched, lat, fma, -1)
    for prec in ("double", "float")
    for n, sched, lat, fma in ((32, "build", 2, True), (64, "search", 0,
                                                         False))]


def fid(c):
    return "%s-%s-%d-R%d-%s-L%d%s%s" % (c[0], c[1][0], c[2], c[3], c[4],
                                        c[5], "-fma" if c[6] else "",
                                        "-b" if c[7] > 0 else "")


@pytest.fixture(scope="module")
def fftw_runs(kgen_bin, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("asmfft")

    def one(c):
        isa, prec, n, r, sched, lat, fma, sign = c
        name = "a_" + fid(c).replace("-", "_")
        lo = minregs(n, fma) if n > 1 else 1
        s = tmp / (name + ".s")
        emit(s, n, isa, max(r, lo), sched, prec, lat, fma, sign, name)
        obj = tmp / (name + ".o")
        p = run(["cc", "-c", s, "-o", obj])
        if p.returncode:
            raise BuildError(p.stderr)
        exe = cc([TESTS / "simdcheck.c", obj], tmp / name,
                 flags=["-DREAL=" + prec, "-DFUNC=" + name],
                 libs=["-lfftw3", "-lm"])
        if not RUNS[isa]:
            return None
        p = run([exe, n, sign])
        if p.returncode:
            raise BuildError("%s exited %d" % (exe, p.returncode))
        return p.stdout
    return dict(zip(FFT_CASES, pmap(one, FFT_CASES)))


@pytest.mark.parametrize("case", FFT_CASES, ids=fid)
def test_against_fftw(fftw_runs, case):
    out = fftw_runs[case]
    if isinstance(out, Exception):
        raise out
    need(case[0])
    res, seed = results(out)
    # simdcheck's 14 layouts times its 10 batch counts
    assert len(res[(case[2], case[7])]) == 140
    bad = failures(res, case[1])
    assert not bad, "seed %s:\n%s" % (seed, "\n".join(bad[:20]))


def test_fftw_check_sees_a_wrong_codelet(tmp_path):
    """The check can fail: a codelet whose constant is spoilt (and so
    fails kgen verify too) is far from FFTW."""
    need("avx2")
    text = emit(tmp_path / "w.s", 8, "avx2", 8, name="w")
    i = text.index(".Lc")
    lab = text[i:text.index("(", i)]
    j = text.index(lab + ":\n") + len(lab) + 2
    line = text[j:text.index("\n", j)]
    vals = [hex(int(v, 16) ^ (1 << 50)) for v in line.split(None, 1)[1]
            .split(", ")]
    spoilt = text[:j] + "\t.quad " + ", ".join(vals) + text[j + len(line):]
    (tmp_path / "w.s").write_text(spoilt)
    assert kgen("verify", tmp_path / "w.s").returncode == 1
    assert run(["cc", "-c", tmp_path / "w.s", "-o",
                tmp_path / "w.o"]).returncode == 0
    exe = cc([TESTS / "simdcheck.c", tmp_path / "w.o"], tmp_path / "w",
             flags=["-DFUNC=w"], libs=["-lfftw3", "-lm"])
    res, _ = results(run([exe, 8, -1]).stdout)
    assert failures(res, "double")


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
    obj = tmp / (name + ".o")
    p = run(["cc", "-c", s, "-o", obj])
    if p.returncode:
        raise BuildError(p.stderr)
    exe = cc([TESTS / "simdcheck.c", obj], tmp / name,
             flags=["-DREAL=" + prec, "-DFUNC=" + name],
             libs=["-lfftw3", "-lm"])
    if not RUNS[isa]:
        return None
    p = run([exe, n, sign, 7, 2 * lanes(isa, prec) + 1])
    if p.returncode:
        raise BuildError("%s exited %d" % (exe, p.returncode))
    return p.stdout


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


def write_asm(args, path):
    """Runs kgen with args into path; the text (BuildError on failure).
    test_asm_t1v.py and test_asm_gemm.py emit through it."""
    args = list(args) + ["-o", path]
    p = kgen(*args)
    if p.returncode:
        raise BuildError("kgen %s: %s" % (" ".join(map(str, args)),
                                          p.stderr))
    return path.read_text()


def least_regs(args):
    """The least R kgen accepts for the codelet of args (given with
    --regs 1): 1, or the k of its "R >= k" refusal (exit 2)."""
    p = kgen(*args, "-o", "/dev/null")
    if p.returncode == 0:
        return 1
    mt = re.search(r"R >= (\d+)", p.stderr)
    assert p.returncode == 2 and mt, p.stderr
    return int(mt.group(1))


def assemble(s):
    """The object cc -c makes of the assembly file s."""
    obj = s.with_suffix(".o")
    p = run([CC, "-c", s, "-o", obj])
    if p.returncode:
        raise BuildError(p.stderr)
    return obj


def check_object(s):
    """The assembly file s (any kind kgen emits) has CFI directives and a
    non-executable stack note, and its object unwind information with
    the %rbp frame (test_asm_t1v.py and test_asm_gemm.py use it too)."""
    text = s.read_text()
    for d in (".cfi_startproc", ".cfi_endproc",
              '.section .note.GNU-stack,"",@progbits'):
        assert d in text
    p = run(["readelf", "-SW", "--debug-dump=frames", assemble(s)])
    if p.returncode:
        pytest.skip("no readelf")
    assert ".note.GNU-stack" in p.stdout and ".eh_frame" in p.stdout
    assert "FDE" in p.stdout and "DW_CFA_def_cfa_register: r6 (rbp)" \
        in p.stdout


def test_object_unwind_and_stack_note(tmp_path):
    emit(tmp_path / "u.s", 16, "avx2", 8)
    check_object(tmp_path / "u.s")


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
    t1v = [c for c in manifest.codelets() if c.family == "T1V"]
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


# ---- the command line ------------------------------------------------------

@pytest.mark.parametrize("args,msg", [
    (["fft", "-n", 8, "--emit", "asm"], "give --simd"),
    (["fft", "-n", 8, "--simd", "avx2", "--emit", "asm", "--kind", "n1w"],
     "n1, t1v and n1v codelets only"),
    (["fft", "-n", 8, "--simd", "avx2", "--emit", "asm", "--regs", 17],
     "1 to 16, the vector registers of avx2"),
    (["fft", "-n", 8, "--simd", "avx512", "--emit", "asm", "--regs", 33],
     "1 to 32"),
    (["fft", "-n", 8, "--simd", "avx2", "--emit", "asm", "--regs", 1],
     "R >= 2"),
    (["fft", "-n", 8, "--simd", "sse2", "--emit", "asm", "--fma"],
     "SSE2 has no FMA"),
    (["fft", "-n", 8, "--verify"], "give --emit asm"),
    (["gemm", "-m", 2, "-n", 2, "-k", 2, "--emit", "asm"], "--vlen 4"),
    (["gemm", "-m", 6, "-n", 2, "-k", 2, "--vlen", 4, "--emit", "asm"],
     "must divide -m 6"),
    (["spills", "gemm", "-m", 2, "-n", 2, "-k", 2, "--regs", 4,
      "--measure", "asm"], "fft n1"),
    (["verify"], "expected an assembly file"),
    (["verify", "x.s", "--regs", 4], "does not apply"),
    (["fft", "-n", 8, "--choose", "maybe"], "expected ops or spills"),
    (["fft", "-n", 8, "--kind", "t1", "--choose", "spills"],
     "only n1 codelets in C or assembly (not --kind t1)"),
    (["fft", "-n", 8, "--emit", "cuda", "--choose", "spills"],
     "(not --emit cuda)"),
    (["fft", "-n", 8, "--regs", 8], "(or --choose spills) depends on R"),
])
def test_cli_errors(args, msg):
    p = kgen(*args)
    assert p.returncode == 2, p.stderr
    assert p.stderr.startswith("kgen: ") and msg in p.stderr, p.stderr
    assert len(p.stderr.strip().split("\n")) == 1


def test_same_bytes(tmp_path):
    a = emit(tmp_path / "a.s", 16, "avx512", 9, "search", latency=2)
    b = emit(tmp_path / "b.s", 16, "avx512", 9, "search", latency=2)
    assert a == b
