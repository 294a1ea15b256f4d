"""kgen fft --kind t1v --emit asm (x86/asm.c: dmem, planidx, t1vbody)
and kgen verify (verify/verify.c) on t1v codelets.

A t1v codelet is one radix-r DIT twiddle step in place on ri, ii and the
table W, vectorized across butterflies; its x_j is addressed through
index registers holding multiples of rs (made with imulq before the
loop, or inside the kernel past radix 16), W at displacements from
%rdx, spills at displacements from %rsp.
- the numbers: tests/t1vcheck.c links the assembled codelets (radices
  2 .. 64, primes and composites, both signs, in build and blocked
  order, with and without FMAs, with few registers and latency so that
  they spill) and, as a second contender, the C t1v codelets
  (-ffp-contract=fast), and compares each with FFTW on its three
  layouts (rs = m, a padded rs, two calls with mb > 0), for avx2 and
  avx512 in double and float, M = 3 VL and 5 VL butterflies, with guard
  values around the arrays (docs/design.md's bound); every line expected
  comes out.  A spoilt codelet fails it, also where kgen verify
  cannot see the spoilage (the W pointer for mb, the loop's step of W);
- asm == Belady: over radices 4 .. 32, both ISAs, the schedules build,
  co and blocked, R from the least kgen accepts to the ISA's count,
  latency 0 and L: the spill loads, spill stores and stalls of the
  header (Belady's), of kgen verify and of our own count of the kernel
  text agree.  Our count: a vector store to the stack is a spill store;
  a vector load from the stack, or from an x_j or W entry the kernel
  already loaded (x_j known through the index registers' multiples) is
  a spill load; a value loaded in step s and read in step t stalls
  max(0, s + L - t), a step waits for its slowest operand, spill stores
  wait for nothing (Belady's model);
- the validator rejects mutants of the kernel and of the index setup,
  each one instruction or one .rodata line: a vector register
  renumbered, two dependent instructions swapped, a spill store
  dropped, a stack offset changed, an index's scale or register
  changed, a W displacement moved by a vector, ri and ii swapped in an
  access, an imulq multiple changed, a constant changed; hundreds, all
  caught (exit 1, or 2 for a line it cannot read), with the line;
- the command line: bad input is one kgen: line and exit 2; the same
  arguments give the same bytes; the object has unwind information and
  a non-executable stack note.
Known holes of the validator are at the end, marked xfail (strict, so
that a fix shows).
"""
import itertools
import random
import re

import pytest

from conftest import (ISA, RUNS, TESTS, BuildError, bound, cc, kgen, lanes,
                      need, pmap, run)
from asmhelp import (assemble, check_object, count_direct, fma3,
                     kernel_lines, least_regs, write_asm)

ISAS = ("avx2", "avx512")       # sse2 has test_sse2_against_fftw alone


def t1vargs(n, isa, prec="double", sign=-1, fma=True, regs=None,
            latency=0, sched="build", name=None, asm=True, verify=True):
    args = ["fft", "-n", n, "--kind", "t1v", "--simd", isa, "--sign",
            sign, "--type", prec, "--schedule", sched]
    if fma:
        args.append("--fma")
    if regs is not None:
        args += ["--regs", regs]
    if latency:
        args += ["--latency", latency]
    if asm:
        args += ["--emit", "asm"]
        if verify:
            args.append("--verify")
    if name:
        args += ["--name", name]
    return args


def emit(path, n, isa, **kw):
    """Writes the codelet to path and returns its text."""
    return write_asm(t1vargs(n, isa, **kw), path)


def minregs(n, isa, fma):
    """The least R kgen accepts: below it, exit 2 and "R >= k"."""
    return least_regs(t1vargs(n, isa, fma=fma, regs=1, verify=False))


# ---- the numbers, against FFTW -------------------------------------------

RADICES = (2, 3, 4, 5, 7, 8, 12, 13, 16, 20, 32, 64)
# (radix, sign, asm or C, options): every radix with FMAs, both signs
# (backward in blocked order, as the library's T1A files); a few without
# FMAs (R = 2 the least), a few spilling with latency, and the C t1v
# codelets beside them
VARIANTS = (
    [(r, s, "asm", {"sched": "blocked"} if s > 0 else {}) for r in RADICES
     for s in (-1, 1)]
    + [(r, s, "asm", {"fma": False}) for r, s in
       ((3, -1), (8, 1), (16, -1), (20, 1), (32, 1))]
    + [(8, -1, "asm", {"fma": False, "regs": 2})]
    + [(r, s, "asm", {"regs": 6, "latency": 3, "sched": sched})
       for r, s, sched in ((4, 1, "build"), (13, -1, "co"),
                           (16, 1, "blocked"), (32, -1, "build"),
                           (64, 1, "co"))]
    + [(r, s, "c", {"fma": fma}) for r, s, fma in
       ((4, -1, False), (13, 1, True), (16, -1, True), (32, 1, False))])
LAYOUTS = ("packed", "padded", "two-calls")
# the assembly codelets' NAME_b (block-split data, in place) besides
ALAYOUTS = LAYOUTS + ("block",)
# the C codelets' NAME_b and NAME_bio (block-split data), NAME_ios, and
# NAME_t and NAME_iot (tails: m + 1 .. m + VL - 1 butterflies) besides
BLAYOUTS = LAYOUTS + ("block", "block-io", "block-iosw", "shift-io",
                      "shift-iosw", "tail", "tail-io", "tail-iosw")


def vname(k, v):
    r, s, kind, o = v
    return "v%02d_%s%d_%s" % (k, kind, r, "b" if s > 0 else "f")


def parse_t1v(out):
    """t1vcheck's output as {name: {layout: (err, hits)}}, seed, m."""
    res, seed, m = {}, None, None
    for line in out.splitlines():
        f = line.split()
        if f[:1] == ["seed"]:
            seed, m = int(f[1]), int(f[3])
        elif len(f) == 4:
            res.setdefault(f[0], {})[f[1]] = (float(f[2]), int(f[3]))
    return res, seed, m


def t1vcheck(tmp, isa, prec, objs, names, radix, block=()):
    """Links tests/t1vcheck.c with objs, whose codelets are names (radix
    of each in radix; those in block, C codelets, with their NAME_b and
    NAME_bio entries); the path of the program."""
    lst = tmp / "list.h"
    lst.write_text("".join("X(%d, %d, %s)%s\n" % (
        radix[nm][0], radix[nm][1], nm,
        " B(%s)" % nm if nm in block else " A(%s)" % nm) for nm in names))
    flags = ISA[isa].flags + ["-DVL=%d" % lanes(isa, prec),
                           '-DLIST="%s"' % lst]
    if prec == "float":
        flags.append("-DSINGLE")
    return cc([TESTS / "t1vcheck.c", *objs], tmp / "chk", flags=flags,
              libs=["-lfftw3", "-lm"], opt="-O2")


@pytest.fixture(scope="module")
def fftw_runs(kgen_bin, tmp_path_factory):
    """{(isa, prec): [t1vcheck's output per M] or an exception}."""
    root = tmp_path_factory.mktemp("t1vfftw")
    jobs = [(isa, prec, k, v) for isa in ISAS
            for prec in ("double", "float") for k, v in enumerate(VARIANTS)]

    def make(job):
        isa, prec, k, (r, s, kind, o) = job
        d = root / ("%s_%s" % (isa, prec))
        d.mkdir(exist_ok=True)
        nm = vname(k, (r, s, kind, o))
        if kind == "asm":
            src = d / (nm + ".s")
            emit(src, r, isa, prec=prec, sign=s, name=nm, **o)
            return assemble(src)
        src = d / (nm + ".c")
        emit(src, r, isa, prec=prec, sign=s, name=nm, asm=False, **o)
        obj = src.with_suffix(".o")
        return cc([src], obj, opt="-O2",
                  flags=["-c", "-ffp-contract=fast"] + ISA[isa].flags)
    objs = dict(zip([j[:3] for j in jobs], pmap(make, jobs)))
    radix = {vname(k, v): v[:2] for k, v in enumerate(VARIANTS)}

    def one(ip):
        isa, prec = ip
        mine = [objs[(isa, prec, k)] for k in range(len(VARIANTS))]
        for o in mine:
            if isinstance(o, Exception):
                raise o
        names = [vname(k, v) for k, v in enumerate(VARIANTS)]
        exe = t1vcheck(root / ("%s_%s" % ip), isa, prec, mine, names,
                       radix, [vname(k, v) for k, v in enumerate(VARIANTS)
                               if v[2] == "c"])
        if not RUNS[isa]:
            return None
        outs = []
        for m in (3, 5):
            p = run([exe, m * lanes(isa, prec)])
            if p.returncode:
                raise BuildError("%s exited %d: %s" % (exe, p.returncode,
                                                       p.stderr))
            outs.append(p.stdout)
        return outs
    ips = [(isa, prec) for isa in ISAS for prec in ("double", "float")]
    return dict(zip(ips, pmap(one, ips)))


@pytest.mark.parametrize("isa,prec", [(i, p) for i in ISAS
                                      for p in ("double", "float")])
def test_against_fftw(fftw_runs, isa, prec):
    """Every codelet of VARIANTS (assembly and C) on every layout, within
    docs/design.md's bound for n = r M, no guard hit."""
    outs = fftw_runs[(isa, prec)]
    if isinstance(outs, Exception):
        raise outs
    need(isa)
    for out in outs:
        res, seed, m = parse_t1v(out)
        assert sum(map(len, res.values())) == sum(
            len(BLAYOUTS if v[2] == "c" else ALAYOUTS) for v in VARIANTS)
        bad = []
        for k, v in enumerate(VARIANTS):
            nm = vname(k, v)
            assert sorted(res[nm]) == sorted(
                BLAYOUTS if v[2] == "c" else ALAYOUTS), nm
            lim = bound(v[0] * m, prec)
            for lay, (err, hits) in sorted(res[nm].items()):
                if not err <= lim or hits:
                    bad.append("%s %s m=%d: relerr %.3g (bound %.3g), "
                               "%d guard hits" % (nm, lay, m, err, lim,
                                                  hits))
        assert not bad, "seed %s:\n%s" % (seed, "\n".join(bad))


def test_fftw_check_sees_spoilt_codelets(tmp_path):
    """The check can fail, also where kgen verify cannot see it: verify
    checks the kernel and the index registers, not where %rdx points
    for mb (imulq $wrow*esz, %r8) nor the loop's step of W (addq
    $wrow*vb, %rdx), nor NAME_b's moves of its arguments (the data's
    step of NAME_b, movl $2vb, %eax); t1vcheck sees them, the first on
    two calls only (mb > 0), the last on block-split data only.  A
    spoilt constant fails both checks."""
    need("avx2")
    n, wrow = 8, 2 * 7
    spoils = {
        "good": None,
        "con": None,
        "wmb": ("imulq $%d, %%r8, %%rax" % (wrow * 8),
                "imulq $%d, %%r8, %%rax" % (wrow * 8 + 32)),
        "wstep": ("addq $%d, %%rdx" % (wrow * 32),
                  "addq $%d, %%rdx" % (wrow * 32 - 32)),
        "bstep": ("movl $64, %eax\n\tjmp .Lentry",
                  "movl $32, %eax\n\tjmp .Lentry"),
    }
    objs = []
    for nm, sp in spoils.items():
        s = tmp_path / (nm + ".s")
        text = emit(s, n, "avx2", regs=8, name=nm)
        if nm == "con":
            lab = re.search(r"\.Lc\d+\(%rip\)", text).group(0)[:-6]
            i = text.index(lab + ":\n") + len(lab) + 2
            line = text[i:text.index("\n", i)]
            vals = [hex(int(x, 16) ^ (1 << 40))
                    for x in line.split(None, 1)[1].split(", ")]
            text = text[:i] + "\t.quad " + ", ".join(vals) + \
                text[i + len(line):]
        elif sp:
            assert text.count(sp[0]) == 1, sp[0]
            text = text.replace(*sp)
        s.write_text(text)
        want = 1 if nm == "con" else 0
        assert kgen("verify", s).returncode == want, nm
        objs.append(assemble(s))
    exe = t1vcheck(tmp_path, "avx2", "double", objs, list(spoils),
                   {nm: (n, -1) for nm in spoils})
    res, _, m = parse_t1v(run([exe]).stdout)
    lim = bound(n * m, "double")
    fails = {nm: set(lay for lay, (e, h) in res[nm].items()
                     if not e <= lim or h) for nm in spoils}
    assert fails == {"good": set(), "con": set(ALAYOUTS),
                     "wmb": {"two-calls", "block"},
                     "wstep": set(ALAYOUTS), "bstep": {"block"}}, fails


@pytest.mark.parametrize("prec", ("double", "float"))
def test_sse2_against_fftw(tmp_path, prec):
    """SSE2 (two-operand forms, no FMA): a few radices, both signs, one
    with spills, against FFTW like the AVX variants above."""
    cases = [(r, s, {}) for r in (2, 3, 5, 8, 13, 16, 32) for s in (-1, 1)]
    cases.append((16, 1, {"regs": 5, "latency": 2}))
    names, objs, radix = [], [], {}
    for k, (r, s, o) in enumerate(cases):
        nm = "s%02d_%d" % (k, r)
        src = tmp_path / (nm + ".s")
        emit(src, r, "sse2", prec=prec, sign=s, fma=False, name=nm, **o)
        objs.append(assemble(src))
        names.append(nm)
        radix[nm] = (r, s)
    exe = t1vcheck(tmp_path, "sse2", prec, objs, names, radix)
    out = run([exe, 5 * lanes("sse2", prec)])
    assert out.returncode == 0, out.stderr
    res, seed, m = parse_t1v(out.stdout)
    assert sum(map(len, res.values())) == len(ALAYOUTS) * len(cases)
    for nm, (r, _) in radix.items():
        for lay, (err, hits) in res[nm].items():
            assert err <= bound(r * m, prec) and not hits, \
                "%s %s seed %s: %g, %d guard hits" % (nm, lay, seed, err,
                                                      hits)


# ---- asm == Belady -------------------------------------------------------

HEADER = re.compile(r"# Registers: Belady's allocation for R = (\d+), "
                    r"latency (\d+): (\d+) spill loads,\n# (\d+) spill "
                    r"stores, (\d+) stalls \(kgen spills\)")
VERIFIED = re.compile(r": ok: every output is the DAG's; (\d+) kernel "
                      r"instructions, (\d+) spill loads, (\d+) spill "
                      r"stores, (\d+) stalls$")
MEM = re.compile(r"(-?\d*)\(%(\w+)(?:,%(\w+)(?:,(\d))?)?\)$")
SETUP_IMUL = re.compile(r"\timulq \$(-?\d+), %rcx, %(\w+)\n")


def where(o, idx):
    """The location a memory operand names: ("rsp", offset), ("rdx",
    offset), ("rdi" or "rsi", j) for x_j; None for a constant.  idx:
    {register: ("rs", c)}, c times rs."""
    if o.endswith("(%rip)"):
        return None
    disp, base, ix, scale = MEM.match(o).groups()
    if base in ("rsp", "rdx"):
        return base, int(disp or 0)
    return base, (idx[ix][1] * int(scale or 1) if ix else 0)


def count(text, latency=0):
    """(spill loads, spill stores, stalls, registers named) of the kernel,
    counted from its text."""
    setup = text[:text.index("\t# kgen: kernel")] + "\n"
    idx = {"rcx": ("rs", 1)}
    for k, reg in SETUP_IMUL.findall(setup):
        idx[reg] = ("rs", int(k))
    return count_direct(text, idx, where, latency)[:4]


def grid():
    cases = []
    for i, (n, isa, sched) in enumerate(itertools.product(
            (4, 8, 16, 32), ISAS, ("build", "co", "blocked"))):
        cases.append((n, isa, sched, "float" if i % 4 >= 2 else "double",
                      i % 2 == 0, 1 + i % 6))
    return cases


def gid(c):
    return "%d-%s-%s-%s%s-L%d" % (c[0], c[1], c[2], c[3][0],
                                  "-fma" if c[4] else "", c[5])


@pytest.mark.parametrize("case", grid(), ids=gid)
def test_asm_equals_belady(tmp_path, case):
    """Every R from the least kgen accepts to the ISA's count, latency 0
    and L: header == kgen verify == our count."""
    n, isa, sched, prec, fma, lat = case
    lo = minregs(n, isa, fma)
    assert lo <= 4
    jobs = [(r, L) for r in range(lo, ISA[isa].regs + 1) for L in (0, lat)]

    def one(job):
        r, L = job
        path = tmp_path / ("r%d_l%d.s" % job)
        text = emit(path, n, isa, prec=prec, fma=fma, regs=r, latency=L,
                    sched=sched)
        p = kgen("verify", path)
        return text, p
    for (r, L), res in zip(jobs, pmap(one, jobs)):
        if isinstance(res, Exception):
            raise res
        text, p = res
        what = "R=%d L=%d" % (r, L)
        h = HEADER.search(text)
        assert h and (int(h.group(1)), int(h.group(2))) == (r, L), what
        want = tuple(map(int, h.groups()[2:]))
        assert p.returncode == 0, "%s: %s" % (what, p.stderr)
        v = VERIFIED.search(p.stdout.strip())
        assert v and tuple(map(int, v.groups()[1:])) == want, \
            "%s: header %s, verify %s" % (what, want, p.stdout)
        loads, stores, stalls, regs = count(text, L)
        assert (loads, stores, stalls) == want, what
        assert max(regs) < r and (L or not stalls), what
        if r == lo:
            assert stores > 0 or n <= 4, what


# ---- the validator rejects mutants ---------------------------------------

def rw(mn, ops):
    """What a kernel instruction reads and writes: registers by name,
    memory operands as text, and the general registers of addresses."""
    if mn == "imulq":
        return {ops[1]}, {ops[2]}
    dst = ops[-1]
    reads = set(o for o in ops[:-1] if not o.endswith("(%rip)"))
    if fma3(mn):
        reads.add(dst)
    for o in ops:
        if "(" in o:
            reads.update(re.findall(r"%r\w+", o))
    return reads, {dst}


def mutants(text, n, isa, r, prec, rnd, per=10):
    """(kind, line, mutated text) triples, each one line changed (or
    one deleted, or two adjacent swapped) and different from text."""
    lines = text.split("\n")
    ks = kernel_lines(text)
    a = lines.index("\t# kgen: kernel")
    vb = ISA[isa].bytes
    frame = int(re.search(r"subq \$(\d+), %rsp", text).group(1))
    out = []

    def put(kind, i, new):
        assert new != lines[i], (kind, new)
        m = list(lines)
        m[i] = new
        out.append((kind, i + 1, "\n".join(m)))

    def sub(i, mt, g, new):
        return lines[i][:mt.start(g)] + new + lines[i][mt.end(g):]

    # a vector register renumbered (to another below R) in one
    # instruction: a register that held the same term could make this
    # neutral, but no two registers hold one term past the instruction
    # that copies it (the copy before a destructive FMA is overwritten
    # by that FMA)
    cand = [k for k in ks if re.search(r"%[xyz]mm", lines[k[0]])]
    for _ in range(per):
        i = rnd.choice(cand)[0]
        mt = rnd.choice(list(re.finditer(r"%[xyz]mm(\d+)", lines[i])))
        new = rnd.choice([x for x in range(r) if x != int(mt.group(1))])
        put("register", i, sub(i, mt, 1, str(new)))
    # two adjacent instructions swapped where the second reads what the
    # first writes (swapping independent ones is legitimately neutral)
    pairs = []
    for x, y in zip(ks, ks[1:]):
        if rw(x[1], x[2])[1] & rw(y[1], y[2])[0]:
            pairs.append((x[0], y[0]))
    for i, j in rnd.sample(pairs, min(per, len(pairs))):
        m = list(lines)
        m[i], m[j] = m[j], m[i]
        out.append(("swap", i + 1, "\n".join(m)))
    # a spill store dropped (every slot stored is reloaded: checked by
    # test_every_spill_store_is_reloaded, so none is neutral)
    st = [k[0] for k in ks if k[2][-1].endswith("(%rsp)")]
    for i in rnd.sample(st, min(per, len(st))):
        m = list(lines)
        del m[i]
        out.append(("drop", i + 1, "\n".join(m)))
    # a stack offset changed, loads and stores: another slot of the frame
    # or just past it (each slot holds one value), or misaligned
    mem = [k[0] for k in ks if any(o.endswith("(%rsp)") for o in k[2])]
    for _ in range(per):
        i = rnd.choice(mem)
        mt = re.search(r"(-?\d+)\(%rsp\)", lines[i])
        off = int(mt.group(1))
        new = rnd.choice([x for x in range(0, frame + 2 * vb, vb)
                          if x != off] + [off + 8])
        put("offset", i, sub(i, mt, 1, str(new)))
    # x_j's address: the scale, the index register (another that holds a
    # multiple of rs, or %r8, which does not), ri for ii and back
    data = [(k[0], mt) for k in ks
            for mt in [re.search(r"\(%(r[ds]i)(?:,%(\w+)(?:,(\d))?)?\)",
                                 lines[k[0]])] if mt]
    idx = [(i, mt) for i, mt in data if mt.group(2)]
    iregs = sorted(set(mt.group(2) for _, mt in idx))
    for _ in range(per):
        i, mt = rnd.choice(idx)
        old = int(mt.group(3) or 1)
        new = rnd.choice([s for s in (1, 2, 4, 8) if s != old])
        if mt.group(3):
            put("scale", i, sub(i, mt, 3, str(new)))
        else:
            put("scale", i, lines[i][:mt.end(2)] + ",%d" % new
                + lines[i][mt.end(2):])
    for _ in range(per):
        i, mt = rnd.choice(idx)
        new = rnd.choice([g for g in iregs + ["r8"] if g != mt.group(2)])
        put("index", i, sub(i, mt, 2, new))
    for _ in range(per):
        i, mt = rnd.choice(data)
        put("base", i, sub(i, mt, 1, {"rdi": "rsi",
                                      "rsi": "rdi"}[mt.group(1)]))
    # a W entry one vector off
    wl = [k[0] for k in ks if any(o.endswith("(%rdx)") for o in k[2])]
    for _ in range(per):
        i = rnd.choice(wl)
        mt = re.search(r"(-?\d*)\(%rdx\)", lines[i])
        put("wdisp", i, sub(i, mt, 1, str(int(mt.group(1) or 0)
                                          + rnd.choice((-vb, vb)))))
    # an imulq multiple of rs, before the loop or in the kernel (every
    # index register is read by the kernel: none is neutral)
    im = [i for i, s in enumerate(lines)
          if re.match(r"\timulq \$-?\d+, %rcx, %", s)]
    for kind, ims in (("imul", [i for i in im if i < a]),
                      ("imul-kernel", [i for i in im if i > a])):
        for _ in range(per if ims else 0):
            i = rnd.choice(ims)
            mt = re.search(r"\$(-?\d+)", lines[i])
            k = int(mt.group(1))
            new = rnd.choice([x for x in (k - 1, k + 1, 2 * k, 0, -k,
                                          rnd.randrange(1, n))
                              if x != k])
            put(kind, i, sub(i, mt, 1, str(new)))
    # a constant: its bits in .rodata (every lane, or one: the lanes
    # differ), or the label an instruction names.  Only constants the
    # kernel uses: .rodata always holds .Lsign, which a kernel without
    # negations never reads, so changing it is neutral
    used = sorted(set(re.findall(r"(\.L[cs]\w*)\(%rip\)", text)))
    bits = 52 if prec == "double" else 23
    for _ in range(per if used else 0):
        lab = rnd.choice(used)
        i = lines.index(lab + ":") + 1
        d, vals = lines[i].split(None, 1)
        vals = vals.split(", ")
        bit = 1 << rnd.randrange(bits)
        if rnd.random() < 0.3:
            vals[0] = hex(int(vals[0], 16) ^ bit)
        else:
            vals = [hex(int(v, 16) ^ bit) for v in vals]
        put("constant", i, "\t%s %s" % (d, ", ".join(vals)))
    labs = [k[0] for k in ks if any("(%rip)" in o for o in k[2])]
    for _ in range(per // 2 if len(used) > 1 else 0):
        i = rnd.choice(labs)
        old = re.search(r"\.L[cs]\w*", lines[i]).group(0)
        put("constant", i, lines[i].replace(
            old, rnd.choice([u for u in used if u != old])))
    return out


# (radix, ISA, type, R, FMA, latency, schedule): all of them spill;
# radix 32 has scratch index registers made in the kernel
MUTANT_CASES = [(4, "avx2", "double", 4, True, 0, "build"),
                (8, "avx512", "float", 8, True, 2, "build"),
                (8, "avx2", "double", 5, False, 0, "co"),
                (16, "avx2", "float", 8, False, 0, "build"),
                (16, "avx512", "double", 8, True, 3, "blocked"),
                (32, "avx2", "double", 8, True, 0, "build"),
                (32, "avx512", "float", 12, True, 0, "co"),
                (32, "avx2", "float", 6, False, 4, "blocked")]


def test_mutants_caught(tmp_path):
    """Every mutant fails kgen verify (exit 1, or 2 where a line does
    not parse) naming a line."""
    rnd = random.Random(29)
    jobs = []
    for c, (n, isa, prec, r, fma, lat, sched) in enumerate(MUTANT_CASES):
        text = emit(tmp_path / ("m%d.s" % c), n, isa, prec=prec, regs=r,
                    fma=fma, latency=lat, sched=sched)
        assert "spill stores" in text and count(text, lat)[1] > 0
        for k, (kind, line, t) in enumerate(mutants(text, n, isa, r, prec,
                                                    rnd)):
            path = tmp_path / ("m%d_%d_%s.s" % (c, k, kind))
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
    print("mutants: %d, by kind %s" % (len(jobs), kinds))
    assert len(jobs) >= 500 and all(v >= 30 for v in kinds.values()), \
        kinds
    assert not missed, "\n".join(missed[:10])


def test_every_spill_store_is_reloaded():
    """A slot stored is reloaded later (so dropping a store is never a
    neutral mutant), and every index register set before the loop is
    read by the kernel (so changing its multiple never is)."""
    for n, isa, prec, r, fma, lat, sched in MUTANT_CASES:
        p = kgen(*t1vargs(n, isa, prec=prec, regs=r, fma=fma, latency=lat,
                          sched=sched))
        assert p.returncode == 0, p.stderr
        ks = kernel_lines(p.stdout)
        pending = set()
        for _, mn, ops in ks:
            pending -= set(o for o in ops[:-1] if o.endswith("(%rsp)"))
            if ops[-1].endswith("(%rsp)"):
                pending.add(ops[-1])
        assert not pending
        setup = p.stdout.split("# kgen: kernel")[0]
        idx = set(re.findall(r"\(%r[ds]i,%(\w+)", p.stdout))
        assert set(g for _, g in SETUP_IMUL.findall(setup)) <= idx


# ---- the command line ----------------------------------------------------

@pytest.mark.parametrize("args,msg", [
    (["fft", "-n", 8, "--kind", "t1v", "--emit", "asm"], "give --simd"),
    (["fft", "-n", 8, "--kind", "t1v", "--simd", "avx2", "--emit", "asm",
      "--regs", 17], "1 to 16, the vector registers of avx2"),
    (["fft", "-n", 8, "--kind", "t1v", "--simd", "avx512", "--emit", "asm",
      "--regs", 33], "1 to 32, the vector registers of avx512"),
    (["fft", "-n", 8, "--kind", "t1v", "--simd", "avx2", "--fma", "--emit",
      "asm", "--regs", 2], "R >= 3"),
    (["fft", "-n", 8, "--kind", "n1c", "--simd", "avx2", "--emit", "asm"],
     "n1, t1v and n1v codelets only"),
])
def test_cli_errors(args, msg):
    p = kgen(*args)
    assert p.returncode == 2, p.stderr
    assert p.stderr.startswith("kgen: ") and msg in p.stderr, p.stderr
    assert len(p.stderr.strip().split("\n")) == 1


def test_same_bytes(tmp_path):
    """Scratch index registers, spills, latency, a schedule for R."""
    kw = dict(prec="float", regs=7, latency=2, sched="blocked", name="s")
    a = emit(tmp_path / "a.s", 32, "avx2", **kw)
    b = emit(tmp_path / "b.s", 32, "avx2", **kw)
    assert a == b and "imulq $17, %rcx, %r1" in a


@pytest.mark.parametrize("isa", ISAS)
def test_object_unwind_and_stack_note(tmp_path, isa):
    emit(tmp_path / "u.s", 32, isa, regs=8)
    check_object(tmp_path / "u.s")


# ---- holes the validator once had ------------------------------------------
# Each of these was accepted by kgen verify and crashed when run; the
# validator now checks stack offsets against the frame the code
# allocates, rejects addresses at negative multiples of a stride, and
# lets an imulq in the kernel write only a scratch register.

def spoil_frame(text):
    """The frame shrunk to one vector: the spill slots above it then
    overwrite the saved registers."""
    return re.sub(r"subq \$\d+, %rsp", "subq $32, %rsp", text)


def spoil_slot_past_frame(text):
    """One spill slot moved past the frame, its store and its reloads
    alike."""
    frame = int(re.search(r"subq \$(\d+), %rsp", text).group(1))
    off = re.search(r"vmovapd %ymm\d+, (\d+)\(%rsp\)", text).group(1)
    return text.replace(" %s(%%rsp)" % off, " %d(%%rsp)" % (frame + 64))


def spoil_negative_j(text):
    """A store to ri - rs, before the array."""
    i = text.index("\t# step 1:")
    return text[:i] + "\timulq $-1, %rcx, %r14\n" \
        "\tvmovupd %ymm0, (%rdi,%r14,1)\n" + text[i:]


def spoil_kernel_imul(dst):
    """An imulq in the kernel that writes %rdi (ri), %rdx (W) or %rbp
    (the frame)."""
    def f(text):
        i = text.index("\t# step 1:")
        return text[:i] + "\timulq $3, %%rcx, %%%s\n" % dst + text[i:]
    return f


HOLES = [("frame", spoil_frame), ("slot-past-frame", spoil_slot_past_frame),
         ("negative-j", spoil_negative_j),
         ("imul-rdi", spoil_kernel_imul("rdi")),
         ("imul-rdx", spoil_kernel_imul("rdx")),
         ("imul-rbp", spoil_kernel_imul("rbp"))]


@pytest.mark.parametrize("spoil", [h[1] for h in HOLES],
                         ids=[h[0] for h in HOLES])
def test_validator_holes(tmp_path, spoil):
    """Wrong code (radix 8, avx2, R = 8: spills, no scratch index
    register) that kgen verify should reject."""
    text = emit(tmp_path / "h.s", 8, "avx2", regs=8)
    bad = spoil(text)
    assert bad != text
    (tmp_path / "bad.s").write_text(bad)
    assert kgen("verify", tmp_path / "bad.s").returncode == 1
