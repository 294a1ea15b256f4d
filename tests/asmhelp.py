"""Helpers of the assembly codelet tests (test_asm*.py).

kgen's runs: emit (kgen fft --emit asm), write_asm (any arguments),
minregs and least_regs (the least R kgen accepts); Belady's counts
(belady, kgen spills) and ours from the kernel's text (count for n1
codelets, count_direct for those on the caller's arrays, over
kernel_lines and split_ops); the kernel's mutants (mutants) and its
declarations of data in registers (declared); the object (assemble,
check_object); tests/simdcheck.c run on a codelet (simdrun).
"""
import re

import pytest

from conftest import CC, ISA, RUNS, TESTS, BuildError, cc, kgen, run


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


def write_asm(args, path):
    """Runs kgen with args into path; the text (BuildError on failure).
    test_asm_t1v.py, test_asm_n1v.py and gemmhelp.py emit through it."""
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


def simdrun(tmp, name, isa, prec, n, sign, *more):
    """tests/simdcheck.c's output for the codelet NAME of tmp/NAME.s,
    assembled and linked in place of the C one, run on n, sign and more
    (its seed and largest v); None when the CPU cannot run it."""
    obj = tmp / (name + ".o")
    p = run(["cc", "-c", tmp / (name + ".s"), "-o", obj])
    if p.returncode:
        raise BuildError(p.stderr)
    exe = cc([TESTS / "simdcheck.c", obj], tmp / name,
             flags=["-DREAL=" + prec, "-DFUNC=" + name],
             libs=["-lfftw3", "-lm"])
    if not RUNS[isa]:
        return None
    p = run([exe, n, sign, *more])
    if p.returncode:
        raise BuildError("%s exited %d" % (exe, p.returncode))
    return p.stdout


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
    the %rbp frame (test_asm.py, test_asm_t1v.py, test_asm_n1v.py and
    test_asm_gemm.py check their files with it)."""
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


def declared(text, kind):
    """The kernel's "# kgen: in/out %REG S" lines: (index, register,
    slot) each."""
    return [(i, m.group(1), int(m.group(2)))
            for i, l in enumerate(text.split("\n"))
            for m in [re.match(r"\t# kgen: %s (%%[xyz]mm\d+) (\d+)$" % kind,
                               l)] if m]
