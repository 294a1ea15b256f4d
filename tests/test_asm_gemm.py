"""kgen gemm --emit asm (x86/asm.c: gemmbody, pickidx) and kgen verify
(verify/verify.c) on gemm codelets.

A gemm codelet is C += A*B for fixed M x N x K, column-major, straight
line: vector iv of column p of A is disp(%rdi,%idx,scale) with disp iv
vectors, B(p,j) a vbroadcastsd from %rsi + 8p, vector iv of column j of
C at %rdx + iv vectors, the index registers holding multiples of lda,
ldb, ldc (rcx, r8, r9 in bytes after shlq; others made with imulq
before the kernel, or inside it into scratch %r14 and %r15); spills at
displacements from %rsp.  Registers are Belady's, as the header says.
- the numbers: tests/gemmcheck.c links the assembled codelets (AVX2 and
  AVX-512, shapes from 4x1x1 to 32x12x16, with and without --fma, with
  few registers and latency so that they spill, the inner and tiled
  orders) and, as a second contender, the C vector codelets of some of
  the shapes, and compares each with a long-double loop on padded and
  packed leading dimensions, NaN guards around A and B and a sentinel
  around C; every codelet within (K + 2) u (|C| + |A| |B|).  A spoilt
  codelet fails it, also where kgen verify does not see the spoilage
  (a base register moved before the kernel, a store after it);
- asm == Belady: over shapes, both ISAs, the outer, inner and tiled
  orders, R from the least kgen accepts (one less: exit 2, "R >= k") to
  the ISA's count, sampled, latency 0 and 2: the spill loads, spill
  stores and stalls of the header (Belady's), of kgen verify and of our
  own count of the kernel text agree, and kgen verify's instruction
  count is the kernel's.  Our count: a vector store to the stack is a
  spill store; a vector load from the stack, or from an A, B or C
  address the kernel already loaded (the index registers' multiples
  followed per stride, the kernel's own imulq included), a spill load;
  stalls as Belady's model (a value loaded in step s and read in step t
  waits max(0, s + L - t), a step its slowest operand, spill stores no
  step).  Each vector of C is stored once, nothing else of A, B or C;
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
  read), with the line;
- the command line: bad input is one kgen: line and exit 2; the same
  arguments give the same bytes; the object has unwind information and
  a non-executable stack note.
Holes the validator had (found by this file) are at the end: each is
now rejected.
"""
import random
import re

import pytest

from conftest import ISA, RUNS, TESTS, BuildError, cc, kgen, pmap, run
from conftest import need as need_isa
from test_asm import (assemble, check_object, count_direct, fma3,
                      kernel_lines, least_regs, split_ops, write_asm)

# --vlen v (doubles a vector) -> the ISA (isa.def's) of that width
VISA = {ISA[i].lanes("double"): ISA[i] for i in ("avx2", "avx512")}
SEED = 20261126


def need(v):
    need_isa(VISA[v].name)


def gargs(m, n, k, v, fma=True, regs=None, latency=0, sched=None,
          tile=None, asm=True, verify=True, name=None):
    args = ["gemm", "-m", m, "-n", n, "-k", k, "--vlen", v]
    if fma:
        args.append("--fma")
    if regs is not None:
        args += ["--regs", regs]
    if latency:
        args += ["--latency", latency]
    if sched:
        args += ["--schedule", sched]
    if tile:
        args += ["--tile", tile]
    if asm:
        args += ["--emit", "asm"]
        if verify:
            args.append("--verify")
    if name:
        args += ["--name", name]
    return args


def emit(path, m, n, k, v, **kw):
    """Writes the codelet to path and returns its text."""
    return write_asm(gargs(m, n, k, v, **kw), path)


def minregs(m, n, k, v, **kw):
    """The least R kgen accepts: below it, exit 2 and "R >= k"."""
    return least_regs(gargs(m, n, k, v, regs=1, verify=False, **kw))


# ---- the numbers, against a long-double loop --------------------------------

SHAPES = {8: [(8, 8, 8), (16, 8, 8), (8, 4, 4), (24, 8, 24), (16, 16, 16),
              (8, 3, 5), (32, 12, 16), (64, 2, 3)],
          4: [(4, 4, 4), (12, 4, 8), (16, 16, 16), (8, 6, 7), (4, 1, 1)]}
# (M, N, K, VL, options, asm or C): every shape with and without FMAs;
# spilling ones (few registers, latency), the inner and tiled orders;
# and C vector codelets of some shapes beside them
VARIANTS = (
    [(m, n, k, v, {"fma": f}, "asm") for v in (8, 4)
     for (m, n, k) in SHAPES[v] for f in (True, False)]
    + [(m, n, k, v, o, "asm") for m, n, k, v, o in (
        (8, 8, 8, 8, dict(regs=6, latency=2)),
        (16, 8, 8, 8, dict(fma=False, regs=8, latency=2)),
        (8, 4, 4, 8, dict(regs=3)),
        (24, 8, 24, 8, dict(regs=12, latency=2, sched="inner")),
        (16, 16, 16, 8, dict(tile="16x4")),
        (16, 16, 16, 8, dict(tile="16x4", regs=8, latency=2, fma=False)),
        (8, 3, 5, 8, dict(sched="inner", regs=4)),
        (32, 12, 16, 8, dict(regs=12, latency=2)),
        (64, 2, 3, 8, dict(sched="inner", regs=6, fma=False)),
        (4, 4, 4, 4, dict(regs=3, latency=2)),
        (12, 4, 8, 4, dict(regs=6, latency=2, sched="inner")),
        (16, 16, 16, 4, dict(regs=8, latency=2)),
        (16, 16, 16, 4, dict(tile="8x2", regs=12, fma=False)),
        (8, 6, 7, 4, dict(regs=6, fma=False, latency=2)),
        (4, 1, 1, 4, dict(regs=3)))]
    + [(m, n, k, v, {"fma": f}, "c") for m, n, k, v, f in (
        (8, 8, 8, 8, True), (24, 8, 24, 8, False), (16, 16, 16, 8, True),
        (32, 12, 16, 8, False), (12, 4, 8, 4, True),
        (16, 16, 16, 4, False), (8, 6, 7, 4, True))])


def vname(i, var):
    m, n, k, v, o, kind = var
    return "g%02d_%s_%dx%dx%dv%d" % (i, kind, m, n, k, v)


def gemmcheck(tmp, objs, shapes):
    """Links tests/gemmcheck.c with objs, whose codelets are shapes
    [(m, n, k, name)]; the path of the program."""
    (tmp / "gemmlist.h").write_text("".join(
        "F(%d, %d, %d, %s)\n" % s for s in shapes))
    return cc([TESTS / "gemmcheck.c", *objs], tmp / "chk",
              flags=["-I%s" % tmp], libs=["-lm"], opt="-O1")


def failures(out, names):
    """The rows of gemmcheck's output beyond the bound or with a guard
    hit, and the names missing from it."""
    rows = [l.split() for l in out.splitlines()[1:]]
    got = {}
    bad = []
    for r in rows:
        got.setdefault(r[1], set()).add(r[0])
        if not (float(r[5]) <= 1 and r[6] == "ok"):
            bad.append(" ".join(r))
    missing = [nm for nm in names if got.get(nm) != {"fixed", "packed"}]
    return bad, missing


@pytest.fixture(scope="module")
def gemm_runs(kgen_bin, tmp_path_factory):
    """{VL: ([(seed, gemmcheck's output)], or None where the CPU cannot
    run it; {name: its Registers line} of the assembly codelets)} or an
    exception."""
    root = tmp_path_factory.mktemp("gemmasm")
    jobs = list(enumerate(VARIANTS))

    def make(job):
        i, (m, n, k, v, o, kind) = job
        d = root / VISA[v].name
        d.mkdir(exist_ok=True)
        nm = vname(i, (m, n, k, v, o, kind))
        if kind == "asm":
            src = d / (nm + ".s")
            text = emit(src, m, n, k, v, name=nm, **o)
            h = HEADER.search(text)
            if not h:
                raise BuildError("%s: no Registers line" % src)
            return assemble(src), h
        src = d / (nm + ".c")
        emit(src, m, n, k, v, name=nm, asm=False, **o)
        obj = src.with_suffix(".o")
        return cc([src], obj, opt="-O2",
                  flags=["-c", "-ffp-contract=fast"] + VISA[v].flags), None
    made = dict(zip([j[0] for j in jobs], pmap(make, jobs)))

    def one(v):
        mine = [i for i, var in jobs if var[3] == v]
        for i in mine:
            if isinstance(made[i], Exception):
                raise made[i]
        exe = gemmcheck(root / VISA[v].name, [made[i][0] for i in mine],
                        [VARIANTS[i][:3] + (vname(i, VARIANTS[i]),)
                         for i in mine])
        heads = {vname(i, VARIANTS[i]): made[i][1] for i in mine
                 if VARIANTS[i][5] == "asm"}
        if not RUNS[VISA[v].name]:
            return None, heads
        outs = []
        for seed in (SEED, SEED + 1):
            p = run([exe, seed])
            if p.returncode:
                raise BuildError("%s exited %d: %s" % (exe, p.returncode,
                                                       p.stderr))
            outs.append((seed, p.stdout))
        return outs, heads
    return dict(zip((8, 4), pmap(one, (8, 4))))


@pytest.mark.parametrize("v", (8, 4), ids=lambda v: VISA[v].name)
def test_against_long_double(gemm_runs, v):
    """Every codelet of VARIANTS (assembly and C), fixed and packed
    leading dimensions, two seeds: within the bound, no guard hit.  The
    variants given at most 8 registers spill (but 4x1x1, one FMA)."""
    res = gemm_runs[v]
    if isinstance(res, Exception):
        raise res
    outs, heads = res
    for i, (m, n, k, vl, o, kind) in enumerate(VARIANTS):
        if vl != v or kind != "asm":
            continue
        h = heads[vname(i, VARIANTS[i])]
        assert int(h.group(1)) == o.get("regs", VISA[v].regs), h.group(0)
        if o.get("regs", VISA[v].regs) <= 8 and m * n * k > 4:
            assert int(h.group(3)) > 0, h.group(0)
    need(v)
    names = [vname(i, var) for i, var in enumerate(VARIANTS)
             if var[3] == v]
    for seed, out in outs:
        bad, missing = failures(out, names)
        assert not missing, "seed %d: no output for %s" % (seed, missing)
        assert not bad, "seed %d:\n%s" % (seed, "\n".join(bad))


def spoil_bdisp(text):
    """One broadcast of B one element down: B(p+1,j) for B(p,j)."""
    mt = re.search(r"vbroadcastsd (\d+)\(%rsi", text)
    return text[:mt.start(1)] + str(int(mt.group(1)) + 8) + \
        text[mt.end(1):]


def spoil_shl(text):
    """ldb in bytes as 4 ldb: every column of B but the first wrong."""
    assert text.count("shlq $3, %r8\n") == 1
    return text.replace("shlq $3, %r8\n", "shlq $2, %r8\n")


def spoil_bbase(text):
    """B's base one element on, before the kernel."""
    return text.replace("\t# kgen: kernel\n",
                        "\taddq $8, %rsi\n\t# kgen: kernel\n")


def spoil_cstore(text):
    """C(0,0) zeroed after the kernel."""
    return text.replace("\t# kgen: end kernel\n",
                        "\t# kgen: end kernel\n\tmovq $0, (%rdx)\n")


def test_check_sees_spoilt_codelets(tmp_path):
    """gemmcheck fails a spoilt codelet on both layouts, also where kgen
    verify accepts it.  kgen verify rejects a wrong broadcast and (it
    follows the shlq) ldb scaled by 4 instead of 8; it reads %rdi, %rsi,
    %rdx at the kernel as the arguments and does not check what the code
    around the kernel stores, so a moved base or a store after the
    kernel passes it (test_validator_holes below)."""
    need(4)
    m, n, k, v = 8, 4, 6, 4
    spoils = {"good": None, "bdisp": spoil_bdisp, "shl": spoil_shl,
              "bbase": spoil_bbase, "cstore": spoil_cstore}
    objs = []
    for nm, sp in spoils.items():
        s = tmp_path / (nm + ".s")
        text = emit(s, m, n, k, v, regs=6, name=nm)
        if sp:
            bad = sp(text)
            assert bad != text, nm
            s.write_text(bad)
        p = kgen("verify", s)
        if nm in ("good", "bdisp", "shl"):
            assert p.returncode == (0 if nm == "good" else 1), \
                (nm, p.stdout, p.stderr)
        objs.append(assemble(s))
    exe = gemmcheck(tmp_path, objs, [(m, n, k, nm) for nm in spoils])
    out = run([exe, SEED]).stdout
    rows = [l.split() for l in out.splitlines()[1:]]
    fails = {nm: set() for nm in spoils}
    for r in rows:
        if not (float(r[5]) <= 1 and r[6] == "ok"):
            fails[r[1]].add(r[0])
    assert len(rows) == 2 * len(spoils)
    both = {"fixed", "packed"}
    assert fails == {"good": set(), "bdisp": both, "shl": both,
                     "bbase": both, "cstore": both}, fails


# ---- asm == Belady -------------------------------------------------------

HEADER = re.compile(r"# Registers: Belady's allocation for R = (\d+), "
                    r"latency (\d+): (\d+) spill loads,\n# (\d+) spill "
                    r"stores, (\d+) stalls \(kgen spills\)")
VERIFIED = re.compile(r": ok: every output is the DAG's; (\d+) kernel "
                      r"instructions, (\d+) spill loads, (\d+) spill "
                      r"stores, (\d+) stalls$")
MEM = re.compile(r"(-?\d*)\(%(\w+)(?:,%(\w+)(?:,(\d+))?)?\)$")
ARR = {"rdi": "A", "rsi": "B", "rdx": "C"}
LD = {"A": "lda", "B": "ldb", "C": "ldc"}


def setup_index(lines, a):
    """The index registers before the kernel (lines[:a]): {register:
    (stride, c)}, the register holding c times lda, ldb or ldc elements
    (after shlq $3, 8 times: one column in bytes)."""
    idx = {"rcx": ("lda", 1), "r8": ("ldb", 1), "r9": ("ldc", 1)}
    for line in lines[:a]:
        s = line.split("#")[0].strip()
        mn, _, rest = s.partition(" ")
        ops = split_ops(rest)
        if not ops or not ops[-1].startswith("%"):
            continue
        dst = ops[-1][1:]
        if mn == "shlq" and ops[0].startswith("$") and dst in idx:
            idx[dst] = (idx[dst][0], idx[dst][1] << int(ops[0][1:]))
        elif mn == "imulq" and len(ops) == 3 and ops[1][1:] in idx:
            st, c = idx[ops[1][1:]]
            idx[dst] = (st, c * int(ops[0][1:]))
        else:
            idx.pop(dst, None)
    return idx


def address(o, idx):
    """Where a memory operand points: (array, displacement, the index's
    stride or None, c * scale), at c * scale / 8 columns of the array;
    ("rsp", displacement); None for a constant."""
    if o.endswith("(%rip)"):
        return None
    disp, base, ix, scale = MEM.match(o).groups()
    disp = int(disp or 0)
    if base == "rsp":
        return "rsp", disp
    if not ix:
        return ARR.get(base, base), disp, None, 0
    st, c = idx.get(ix, ("?", 0))
    return ARR.get(base, base), disp, st, c * int(scale or 1)


def count(text, latency=0):
    """(spill loads, spill stores, stalls, registers named, C stores per
    address, stores to A or B) of the kernel, counted from its text."""
    lines = text.split("\n")
    idx = setup_index(lines, lines.index("\t# kgen: kernel"))
    loads, stores, stalls, regs, data = count_direct(text, idx, address,
                                                     latency)
    cst = {}
    for w in data:
        if w[0] == "C":
            cst[w] = cst.get(w, 0) + 1
    return loads, stores, stalls, regs, cst, len(data) - sum(cst.values())


# (M, N, K, VL, FMA, options): the outer, inner and tiled orders; some
# shapes have scratch index registers made in the kernel
GRID = [(8, 8, 8, 8, True, {}), (16, 8, 8, 8, False, {}),
        (24, 4, 6, 8, True, {"sched": "inner"}),
        (8, 3, 5, 8, False, {}), (16, 16, 16, 8, True, {"tile": "16x4"}),
        (32, 4, 4, 8, True, {}), (64, 2, 3, 8, False, {"sched": "inner"}),
        (4, 4, 4, 4, True, {}), (12, 4, 8, 4, False, {}),
        (8, 6, 7, 4, True, {"sched": "inner"}),
        (16, 8, 8, 4, True, {"tile": "8x2"}), (4, 1, 1, 4, False, {})]


def gid(c):
    m, n, k, v, fma, o = c
    return "%dx%dx%d-%s%s%s" % (m, n, k, VISA[v].name, "-fma" if fma else "",
                                "".join("-" + str(x) for x in o.values()))


@pytest.mark.parametrize("case", GRID, ids=gid)
def test_asm_equals_belady(tmp_path, case):
    """R from the least kgen accepts to the ISA's count (every R for
    avx2; for avx512 the least three, then every other, and 32), latency
    0 and 2: header == kgen verify == our count; registers below R; C
    stored once a vector.  All but 4x1x1 (one FMA) spill at the least R."""
    m, n, k, v, fma, o = case
    lo = minregs(m, n, k, v, fma=fma, **o)
    assert 2 <= lo <= 4
    p = kgen(*gargs(m, n, k, v, fma=fma, regs=lo - 1, **o), "-o",
             tmp_path / "low.s")
    assert p.returncode == 2 and "R >= %d" % lo in p.stderr, p.stderr
    rs = sorted({lo, lo + 1, lo + 2, VISA[v].regs}
                | set(range(lo, VISA[v].regs + 1, 1 if v == 4 else 2)))
    jobs = [(r, L) for r in rs for L in (0, 2)]

    def one(job):
        r, L = job
        path = tmp_path / ("r%d_l%d.s" % job)
        text = emit(path, m, n, k, v, fma=fma, regs=r, latency=L, **o)
        return text, kgen("verify", path)
    for (r, L), res in zip(jobs, pmap(one, jobs)):
        if isinstance(res, Exception):
            raise res
        text, p = res
        what = "R=%d L=%d" % (r, L)
        h = HEADER.search(text)
        assert h and (int(h.group(1)), int(h.group(2))) == (r, L), what
        want = tuple(map(int, h.groups()[2:]))
        assert p.returncode == 0, "%s: %s" % (what, p.stderr)
        vr = VERIFIED.search(p.stdout.strip())
        assert vr and tuple(map(int, vr.groups()[1:])) == want, \
            "%s: header %s, verify %s" % (what, want, p.stdout)
        assert int(vr.group(1)) == len(kernel_lines(text)), what
        loads, stores, stalls, regs, cst, others = count(text, L)
        assert (loads, stores, stalls) == want, \
            "%s: header %s, counted %s" % (what, want,
                                           (loads, stores, stalls))
        assert max(regs) < r and (L or not stalls), what
        assert sorted(cst.values()) == [1] * (m // v * n) and not others, \
            what
        if r == lo:
            assert loads > 0 or m * n * k == 4, what


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


# ---- the command line ----------------------------------------------------

@pytest.mark.parametrize("args,msg", [
    (["-m", 8, "-n", 8, "-k", 8, "--emit", "asm"], "--vlen 4"),
    (["-m", 8, "-n", 8, "-k", 8, "--vlen", 2, "--emit", "asm"], "--vlen 4"),
    (["-m", 12, "-n", 8, "-k", 8, "--vlen", 8, "--emit", "asm"],
     "must divide"),
    (["-m", 6, "-n", 2, "-k", 3, "--vlen", 4, "--emit", "asm"],
     "must divide"),
    (["-m", 8, "-n", 8, "-k", 8, "--vlen", 8, "--emit", "asm", "--regs",
      33], "1 to 32"),
    (["-m", 8, "-n", 8, "-k", 8, "--vlen", 4, "--emit", "asm", "--regs",
      17], "1 to 16"),
    (["-m", 8, "-n", 8, "-k", 8, "--vlen", 8, "--fma", "--emit", "asm",
      "--regs", 2], "R >= 3"),
])
def test_cli_errors(tmp_path, args, msg):
    """Exit 2, one kgen: line that names the problem, no file left."""
    p = kgen("gemm", *args, "-o", tmp_path / "x.s")
    assert p.returncode == 2, p.stderr
    assert p.stderr.startswith("kgen: ") and msg in p.stderr, p.stderr
    assert len(p.stderr.strip().split("\n")) == 1
    assert not list(tmp_path.iterdir())


def test_same_bytes(tmp_path):
    """Spills, latency, a tile, scratch index registers."""
    kw = dict(regs=7, latency=2, tile="16x4", name="s")
    a = emit(tmp_path / "a.s", 16, 16, 16, 8, **kw)
    b = emit(tmp_path / "b.s", 16, 16, 16, 8, **kw)
    assert a == b
    assert re.search(r"# kgen: kernel(.|\n)*\timulq ", a)
    assert re.search(r"vmovapd %zmm\d+, \d+\(%rsp\)", a)


@pytest.mark.parametrize("v", (4, 8), ids=lambda v: VISA[v].name)
def test_object_unwind_and_stack_note(tmp_path, v):
    emit(tmp_path / "u.s", 16, 8, 8, v, regs=6)
    check_object(tmp_path / "u.s")


# ---- holes the validator had -----------------------------------------------
# Wrong code that kgen verify once accepted: it took %rdi, %rsi, %rdx at
# the kernel to be A, B and C as the caller passed them, followed the
# code around the kernel for the stack, the callee-saved registers and
# the index registers only, not for what it stores or does to the bases
# (gemmcheck fails bbase and cstore: test_check_sees_spoilt_codelets),
# and took vmovapd and vmovupd alike for A, B and C, whose alignment the
# caller does not promise (an aligned access there faults).  Now a gemm
# codelet may not write %rdi, %rsi or %rdx, t1v and gemm codelets may
# not store outside the kernel, and their accesses to the caller's
# arrays must be unaligned moves.


def spoil_aligned(pattern):
    """The first access matching pattern made an aligned one."""
    def f(text):
        mt = re.search(pattern, text)
        return text[:mt.start()] + "vmovapd" + text[mt.start() + 7:]
    return f


HOLES = [("aligned-a", spoil_aligned(r"vmovupd -?\d*\(%rdi")),
         ("aligned-c", spoil_aligned(r"vmovupd %zmm\d+, -?\d*\(%rdx")),
         ("bbase", spoil_bbase),
         ("cbase", lambda t: t.replace(
             "\t# kgen: kernel\n", "\tsubq $64, %rdx\n\t# kgen: kernel\n")),
         ("store-b", lambda t: t.replace(
             "\t# kgen: kernel\n", "\tmovq $0, (%rsi)\n\t# kgen: kernel\n")),
         ("cstore", spoil_cstore)]


@pytest.mark.parametrize("spoil", [h[1] for h in HOLES],
                         ids=[h[0] for h in HOLES])
def test_validator_holes(tmp_path, spoil):
    """Wrong code (16x8x8, avx512, R = 8: spills) that kgen verify
    rejects."""
    text = emit(tmp_path / "h.s", 16, 8, 8, 8, regs=8)
    bad = spoil(text)
    assert bad != text
    (tmp_path / "bad.s").write_text(bad)
    assert kgen("verify", tmp_path / "bad.s").returncode == 1
