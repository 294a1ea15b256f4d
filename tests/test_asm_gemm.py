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
- the command line: bad input is one kgen: line and exit 2; the same
  arguments give the same bytes; the object has unwind information and
  a non-executable stack note.
Holes the validator had (found by this file) are at the end: each is
now rejected.  The mutants kgen verify rejects: test_asm_gemm_verify.py;
the helpers both files use (gargs, emit, count): gemmhelp.py.
"""
import re

import pytest

from asmhelp import assemble, check_object, kernel_lines, least_regs
from conftest import RUNS, TESTS, BuildError, cc, kgen, pmap, run
from conftest import need as need_isa
from gemmhelp import VISA, count, emit, gargs

SEED = 20261126


def need(v):
    need_isa(VISA[v].name)


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
