"""Helpers of the gemm assembly codelet tests (test_asm_gemm.py,
test_asm_gemm_verify.py): kgen gemm's arguments (gargs) and runs
(emit); where the kernel's memory operands point (setup_index,
address: A, B, C by their index registers' multiples of lda, ldb, ldc,
or the stack); our count of the kernel's spills, stalls and stores
(count, over asmhelp.py's count_direct).
"""
import re

from asmhelp import count_direct, split_ops, write_asm
from conftest import ISA

# --vlen v (doubles a vector) -> the ISA (isa.def's) of that width
VISA = {ISA[i].lanes("double"): ISA[i] for i in ("avx2", "avx512")}


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
