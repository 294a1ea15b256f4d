"""kgen verify (verify/verify.c) on kgen gemm --emit asm codelets
(x86/asm.c: gemmbody, pickidx; their form: test_asm_gemm.py's
docstring): the mutants it rejects.

- the validator rejects mutants of the kernel and of the code that
  sets up its index registers and frame, one line changed, dropped, or
  two swapped: a vector register renumbered, two dependent instructions
  swapped, a spill store dropped, a stack offset changed, an index's
  scale or register changed, a displacement moved by a vector (A, C) or
  an element (B), the bases %rdi, %rsi, %rdx exchanged in an access, a
  broadcast made a vector load and back, an imulq multiple changed
  (before and in the kernel), the frame's size changed.  A mutant is
  dropped only when our own symbolic run of it (sim below) proves it
  neutral: the same term in every vector of C and every access inside
  the arrays and the frame (a load whose register is overwritten
  unread, which Belady's early loads leave, may move anywhere inside
  the arrays).  Hundreds, all caught (exit 1, or 2 for a line it cannot
  read), with the line; each MUTANT_CASES codelet spills, sim reads it
  (every vector of C is C plus its products, each once), and each of
  its spill stores is reloaded and each index register made before the
  kernel read by it, so that dropping one is never neutral.
"""
import random
import re

from asmhelp import fma3, kernel_lines, split_ops
from conftest import kgen, pmap
from gemmhelp import LD, VISA, address, count, emit, gargs, setup_index


# ---- the validator rejects mutants ---------------------------------------

class Terms:
    """Hash-consed terms: a tuple of an operation and operand ids."""

    def __init__(self):
        self.ids, self.node = {}, []

    def __call__(self, *t):
        if t not in self.ids:
            self.ids[t] = len(self.node)
            self.node.append(t)
        return self.ids[t]

    def leaves(self, t, out):
        """The inputs under term t, appended to out."""
        e = self.node[t]
        if e[0] == "in":
            out.append(e[1:])
        elif e[0] not in ("odd", "undef"):
            for x in e[1:]:
                self.leaves(x, out)
        return out


def sim(text, shape, T):
    """Runs the kernel of text on terms T (our own reading, independent
    of verify/verify.c): {C vector (disp, column): term} at the end, and
    the first thing that makes the code wrong whatever the values (an
    access outside the arrays or the frame, an unknown index or
    instruction), or None."""
    m, n, k, v = shape
    vb = VISA[v].bytes
    rows = {"A": m * 8, "B": k * 8, "C": m * 8}
    cols = {"A": k, "B": n, "C": n}
    lines = text.split("\n")
    a = lines.index("\t# kgen: kernel")
    b = lines.index("\t# kgen: end kernel")
    idx = setup_index(lines, a)
    setup = "\n".join(lines[:a]) + "\n"
    fr = re.search(r"\tsubq \$(-?\d+), %rsp\n", setup)
    frame = int(fr.group(1)) if fr else 0
    al = re.search(r"\tandq \$-(\d+), %rsp\n", setup)
    aligned = al and int(al.group(1)) % vb == 0 and frame % vb == 0
    reg, mem = {}, {}
    why = []

    def loc(o, width):
        """The memory an operand names, or None after a failure."""
        w = address(o, idx)
        if w[0] == "rsp":
            if not aligned:
                why.append("%rsp not aligned to a vector")
                return None
            if w[1] < 0 or w[1] % vb or w[1] + vb > frame:
                why.append("stack %d of frame %d" % (w[1], frame))
                return None
            return w
        arr, disp, st, cs = w
        if arr not in rows or (st is not None and st != LD[arr]) or cs % 8:
            why.append("address %s" % o)
            return None
        col = cs // 8
        if disp < 0 or disp + width > rows[arr] or not 0 <= col < cols[arr]:
            why.append("outside %s: %s" % (arr, o))
            return None
        return arr, disp, col

    def read(o, width=vb):
        if o.startswith("%"):
            return reg[o] if o in reg else T("undef", o)
        x = loc(o, width)
        if x is None:
            return T("undef", o)
        if x in mem:
            return mem[x]
        if x[0] == "rsp":
            return T("undef", x)
        if x[1] % (8 if x[0] == "B" else vb) or width != (
                8 if x[0] == "B" else vb):
            return T("odd", x, width)
        return T("in", *x)

    def fma(form, s3, s2, d):
        x = {231: (s2, s3, d), 213: (s2, d, s3), 132: (d, s3, s2)}[form]
        return T("fma", *sorted(x[:2]), x[2])
    for line in lines[a + 1:b]:
        s = line.split("#")[0].strip()
        if not s:
            continue
        mn, _, rest = s.partition(" ")
        ops = split_ops(rest)
        if mn == "imulq":
            src = ops[1][1:]
            if src not in idx:
                why.append("imulq of an unknown register")
                idx.pop(ops[2][1:], None)
            else:
                idx[ops[2][1:]] = (idx[src][0], idx[src][1]
                                   * int(ops[0][1:]))
            continue
        dst = ops[-1]
        if mn == "vbroadcastsd":
            val = read(ops[0], 8)
        elif mn in ("vmovupd", "vmovapd"):
            if mn == "vmovapd" and "(%rsp)" not in s:
                why.append("vmovapd off the stack")
            val = read(ops[0])
        elif mn in ("vaddpd", "vmulpd"):
            val = T(mn, *sorted((read(ops[0]), read(ops[1]))))
        elif mn == "vsubpd":
            val = T(mn, read(ops[1]), read(ops[0]))
        elif re.match(r"vfmadd(132|213|231)pd$", mn):
            val = fma(int(mn[6:9]), read(ops[0]), read(ops[1]), read(dst))
        else:
            why.append("instruction %s" % mn)
            continue
        if dst.startswith("%"):
            reg[dst] = val
            continue
        x = loc(dst, vb)
        if x is not None and x[0] in ("A", "B"):
            why.append("a store to %s" % x[0])
        elif x is not None and x[0] == "C" and x[1] % vb:
            why.append("a C store across vectors")
        elif x is not None:
            mem[x] = val
    out = {}
    for iv in range(m // v):
        for j in range(n):
            x = ("C", iv * vb, j)
            out[(iv * vb, j)] = mem.get(x, T("in", *x))
    return out, (why[0] if why else None)


def rw(mn, ops):
    """What a kernel instruction reads and writes: vector and general
    registers by name, stack slots as their operand text; whether it
    stores to C."""
    if mn == "imulq":
        return {ops[1]}, {ops[2]}, False
    dst = ops[-1]
    reads = set(o for o in ops[:-1] if not o.endswith("(%rip)"))
    if fma3(mn):
        reads.add(dst)
    for o in ops:
        if "(" in o:
            reads.update(re.findall(r"%r[0-9a-z]+", o.replace("%rsp", "")))
    out = "(" in dst and not dst.endswith("(%rsp)")
    return reads, {dst}, out


def mutants(text, shape, r, rnd, per=6):
    """[(kind, line, mutated text)], each one line changed (or one
    dropped, or two adjacent swapped) and not proven neutral by sim;
    {kind: how many sim proved neutral}."""
    m, n, k, v = shape
    vb = VISA[v].bytes
    lines = text.split("\n")
    ks = kernel_lines(text)
    a = lines.index("\t# kgen: kernel")
    T = Terms()
    want, why = sim(text, shape, T)
    assert why is None, why
    out, neutral = [], {}

    def try_(kind, make, tries=8 * per):
        """Up to per mutants of kind from make(), which returns the new
        lines or None; those sim proves neutral are counted, not kept."""
        got = 0
        for _ in range(tries):
            if got == per:
                break
            res = make()
            if res is None:
                continue
            i, new = res
            assert new != lines, kind
            t = "\n".join(new)
            got_c, why = sim(t, shape, T)
            if why is None and got_c == want:
                neutral[kind] = neutral.get(kind, 0) + 1
                continue
            out.append((kind, i + 1, t))
            got += 1

    def put(i, s):
        if s == lines[i]:
            return None
        new = list(lines)
        new[i] = s
        return i, new

    def sub(i, mt, g, new):
        return lines[i][:mt.start(g)] + new + lines[i][mt.end(g):]

    # a vector register renumbered (to another below R) in one
    # instruction
    vec = [t[0] for t in ks if re.search(r"%[xyz]mm", lines[t[0]])]

    def renumber():
        i = rnd.choice(vec)
        mt = rnd.choice(list(re.finditer(r"%[xyz]mm(\d+)", lines[i])))
        new = rnd.choice([x for x in range(r) if x != int(mt.group(1))])
        return put(i, sub(i, mt, 1, str(new)))
    try_("register", renumber)
    # two adjacent instructions swapped where the second reads what the
    # first writes (swapping independent ones is legitimately neutral)
    pairs = [(x[0], y[0]) for x, y in zip(ks, ks[1:])
             if rw(x[1], x[2])[1] & rw(y[1], y[2])[0]]

    def swap():
        i, j = rnd.choice(pairs)
        if lines[i] == lines[j]:
            return None
        new = list(lines)
        new[i], new[j] = new[j], new[i]
        return i, new
    try_("swap", swap)
    # a spill store dropped
    st = [t[0] for t in ks if t[2][-1].endswith("(%rsp)")]

    def drop():
        i = rnd.choice(st)
        return i, lines[:i] + lines[i + 1:]
    if st:
        try_("drop", drop)
    # a stack offset changed, loads and stores: another slot of the
    # frame or just past it, or misaligned
    frame = re.search(r"\tsubq \$(\d+), %rsp\n", text)
    frame = int(frame.group(1)) if frame else 0
    stk = [t[0] for t in ks if any(o.endswith("(%rsp)") for o in t[2])]

    def offset():
        i = rnd.choice(stk)
        mt = re.search(r"(-?\d+)\(%rsp\)", lines[i])
        off = int(mt.group(1))
        new = rnd.choice([x for x in range(0, frame + 2 * vb, vb)
                          if x != off] + [off + 8])
        return put(i, sub(i, mt, 1, str(new)))
    if stk:
        try_("offset", offset)
    # an address in A, B or C: its index's scale, its index register
    # (another index register, whatever stride it holds), its base (one
    # of the other two arrays), its displacement (a vector of A or C, an
    # element of B, either way)
    data = [(t[0], mt) for t in ks
            for mt in [re.search(r"(-?\d*)\(%(r[ds]i|rdx)(?:,%(\w+)"
                                 r"(?:,(\d))?)?\)", lines[t[0]])] if mt]
    idx = [(i, mt) for i, mt in data if mt.group(3)]
    iregs = sorted(set(mt.group(3) for _, mt in idx))

    def scale():
        i, mt = rnd.choice(idx)
        old = int(mt.group(4) or 1)
        new = rnd.choice([s for s in (1, 2, 4, 8) if s != old])
        if mt.group(4):
            return put(i, sub(i, mt, 4, str(new)))
        return put(i, lines[i][:mt.end(3)] + ",%d" % new
                   + lines[i][mt.end(3):])

    def index():
        i, mt = rnd.choice(idx)
        other = [g for g in iregs if g != mt.group(3)]
        return put(i, sub(i, mt, 3, rnd.choice(other))) if other else None

    def base():
        i, mt = rnd.choice(data)
        return put(i, sub(i, mt, 2, rnd.choice(
            [x for x in ("rdi", "rsi", "rdx") if x != mt.group(2)])))

    def disp():
        i, mt = rnd.choice(data)
        d = 8 if mt.group(2) == "rsi" else vb
        new = int(mt.group(1) or 0) + rnd.choice((-d, d))
        return put(i, sub(i, mt, 1, str(new)))
    try_("scale", scale)
    try_("index", index)
    try_("base", base)
    try_("disp", disp)
    # a broadcast of B made a vector load, a vector load of A or C a
    # broadcast
    bc = [t[0] for t in ks if t[1] == "vbroadcastsd"]
    vl = [t[0] for t in ks if t[1] == "vmovupd" and "(" in t[2][0]]

    def tovector():
        i = rnd.choice(bc)
        return put(i, lines[i].replace("vbroadcastsd", "vmovupd"))

    def tobcast():
        i = rnd.choice(vl)
        return put(i, lines[i].replace("vmovupd", "vbroadcastsd"))
    try_("bcast-to-vector", tovector)
    try_("vector-to-bcast", tobcast)
    # an imulq multiple, before the kernel and in it
    im = [i for i, s in enumerate(lines)
          if re.match(r"\timulq \$-?\d+, %r\w+, %", s)]
    for kind, ims in (("imul", [i for i in im if i < a]),
                      ("imul-kernel", [i for i in im if i > a])):
        def imul():
            i = rnd.choice(ims)
            mt = re.search(r"\$(-?\d+)", lines[i])
            q = int(mt.group(1))
            new = rnd.choice([x for x in (q - 1, q + 1, 2 * q, 0, -q,
                                          rnd.randrange(1, 8)) if x != q])
            return put(i, sub(i, mt, 1, str(new)))
        if ims:
            try_(kind, imul)
    # the frame's size: a vector less, half, none, or misaligned
    fl = [i for i, s in enumerate(lines[:a]) if re.match(
        r"\tsubq \$\d+, %rsp$", s)]

    def frame_size():
        i = fl[0]
        new = rnd.choice([frame - vb, frame // 2 // vb * vb, 0,
                          frame + 8, frame - 8])
        return put(i, "\tsubq $%d, %%rsp" % new)
    if fl:
        try_("frame", frame_size)
    return out, neutral


# (M, N, K, VL, FMA, R, latency, options): all reload, all but the
# inner orders store spills; 8x8x8, 16x8x8 and 16x16x16 on AVX-512 and
# 16x8x8 on AVX2 make scratch index registers in the kernel
MUTANT_CASES = [(8, 8, 8, 8, True, 6, 2, {}),
                (16, 8, 8, 8, False, 8, 0, {}),
                (24, 4, 6, 8, True, 5, 0, {"sched": "inner"}),
                (16, 16, 16, 8, True, 10, 2, {"tile": "16x4"}),
                (64, 2, 3, 8, False, 3, 0, {}),
                (12, 4, 8, 4, False, 4, 0, {}),
                (8, 6, 7, 4, True, 5, 3, {"sched": "inner"}),
                (16, 8, 8, 4, True, 6, 2, {"tile": "8x2"})]


def test_sim_reads_the_codelets():
    """sim, the filter of neutral mutants, reads every MUTANT_CASES
    codelet without a failure, and each vector of C it finds is C
    plus the products of its row of A and column of B, each once."""
    for m, n, k, v, fma, r, lat, o in MUTANT_CASES:
        p = kgen(*gargs(m, n, k, v, fma=fma, regs=r, latency=lat, **o))
        assert p.returncode == 0, p.stderr
        T = Terms()
        got, why = sim(p.stdout, (m, n, k, v), T)
        assert why is None, why
        for (d, j), t in got.items():
            want = sorted([("C", d, j)] + [("A", d, q) for q in range(k)]
                          + [("B", 8 * q, j) for q in range(k)])
            assert sorted(T.leaves(t, [])) == want, (m, n, k, d, j)


def test_mutants_caught(tmp_path):
    """Every mutant not proven neutral fails kgen verify (exit 1, or 2
    where a line does not parse) naming a line."""
    rnd = random.Random(31)
    jobs, neutral = [], {}
    for c, (m, n, k, v, fma, r, lat, o) in enumerate(MUTANT_CASES):
        text = emit(tmp_path / ("m%d.s" % c), m, n, k, v, fma=fma, regs=r,
                    latency=lat, **o)
        assert count(text, lat)[0] > 0
        ms, neu = mutants(text, (m, n, k, v), r, rnd)
        for kind, x in neu.items():
            neutral[kind] = neutral.get(kind, 0) + x
        for j, (kind, line, t) in enumerate(ms):
            path = tmp_path / ("m%d_%d_%s.s" % (c, j, kind))
            path.write_text(t)
            jobs.append((kind, line, path))

    def check(job):
        return job, kgen("verify", job[2])
    kinds, missed = {}, []
    for (kind, line, path), p in pmap(check, jobs):
        kinds[kind] = kinds.get(kind, 0) + 1
        if p.returncode not in (1, 2) or not re.match(
                r"kgen: verify .*:\d+: ", p.stderr):
            missed.append("%s (line %d) %s: rc=%d %s%s" % (
                kind, line, path.name, p.returncode, p.stdout, p.stderr))
    print("mutants: %d, by kind %s; proven neutral, not kept: %s"
          % (len(jobs), kinds, neutral))
    assert len(jobs) >= 400 and len(kinds) == 13 and \
        all(x >= 12 for x in kinds.values()), kinds
    assert not missed, "\n".join(missed[:10])


def test_every_spill_store_is_reloaded():
    """A slot stored is reloaded later and every index register made
    before the kernel is read by it: dropping a store or changing a
    setup multiple is never neutral by construction (sim checks each
    mutant anyway)."""
    for m, n, k, v, fma, r, lat, o in MUTANT_CASES:
        p = kgen(*gargs(m, n, k, v, fma=fma, regs=r, latency=lat, **o))
        assert p.returncode == 0, p.stderr
        ks = kernel_lines(p.stdout)
        pending = set()
        for _, mn, ops in ks:
            pending -= set(x for x in ops[:-1] if x.endswith("(%rsp)"))
            if ops[-1].endswith("(%rsp)"):
                pending.add(ops[-1])
        assert not pending
        setup = p.stdout.split("# kgen: kernel")[0]
        used = set(re.findall(r"\(%r[ds]i,%(\w+)|\(%rdx,%(\w+)",
                              p.stdout))
        used = set(x for u in used for x in u if x)
        made = set(re.findall(r"\timulq \$\d+, %\w+, %(\w+)\n", setup))
        assert made <= used, made - used
