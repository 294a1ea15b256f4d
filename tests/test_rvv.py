"""RISC-V V (--simd rvv) codelets, compiled by Clang for riscv64 (Debian
12's GCC 12 has no RVV code generation), linked statically with the
riscv64 cross toolchain and run under qemu-riscv64 with the V extension
on, against a DFT by its definition in long double:

- n1 across the batch, every n = 1..64 in double and float (FMA for
  even n), through tests/neoncheck.c (it is plain C: interleaved, parts
  swapped, split, in place), at VLEN 128 and, for a few sizes, 256
  (the codelets need VLEN >= 128, not = 128);
- n1c, t1v and n1v, a representative set, through neoncheck.c,
  t1vcheck.c and n1vcheck.c (with tests/neon/fftw3.h, their FFTW calls
  as a long-double DFT);
- the instructions are RVV's (vle64.v, vfadd.vv, ...), and a codelet
  with a spoilt constant fails the check.
Skipped, with the reason, where clang, the cross toolchain (Debian:
gcc-riscv64-linux-gnu, which brings the C library) or qemu-riscv64
(qemu-user) is missing.
"""
import shutil

import pytest

from conftest import (ISA, TESTS, BuildError, bound, kgen, n1check_failures,
                      n1check_rows, pmap, run)

CLANG = ["clang", "--target=riscv64-linux-gnu"]
LD = "riscv64-linux-gnu-gcc"
QEMU = "qemu-riscv64"
MISSING = [p for p in ("clang", LD, QEMU) if not shutil.which(p)]
pytestmark = pytest.mark.skipif(
    bool(MISSING), reason="%s not installed (Debian: clang, "
    "gcc-riscv64-linux-gnu, qemu-user)" % " and ".join(MISSING))

WARN = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]
FLAGS = ISA["rvv"].flags + ["-ffp-contract=fast"]
PRECS = ("double", "float")
VL = {p: ISA["rvv"].lanes(p) for p in PRECS}


def cc(src, out, flags=()):
    """Clang for riscv64: src to the object out; BuildError on failure
    or any warning."""
    args = [*CLANG, *WARN, *FLAGS, *flags, "-c", "-o", out, src]
    p = run(args)
    if p.returncode or p.stderr.strip():
        raise BuildError(" ".join(map(str, args)) + "\n" + p.stderr[-3000:])
    return out


def link(driver, objs, out, flags=()):
    """driver compiled by Clang, linked with objs statically."""
    o = cc(driver, out.with_suffix(".o"), flags)
    p = run([LD, "-static", "-o", out, o, *objs, "-lm"])
    if p.returncode:
        raise BuildError(p.stderr[-3000:])
    return out


def qemu(exe, *args, vlen=128):
    p = run([QEMU, "-cpu", "rv64,v=true,vlen=%d" % vlen, exe, *args])
    if p.returncode:
        raise BuildError("%s exited %d: %s" % (exe, p.returncode,
                                               p.stderr[-2000:]))
    return p.stdout


def objects(tmp, jobs, flags=()):
    """jobs: (name, kgen args); generates and compiles each in parallel;
    the objects."""
    def one(job):
        name, args = job
        src = tmp / (name + ".c")
        r = kgen(*args, "--name", name, "-o", src)
        if r.returncode:
            raise BuildError(r.stderr)
        return cc(src, tmp / (name + ".o"), flags)
    out = pmap(one, jobs)
    for o in out:
        if isinstance(o, Exception):
            raise o
    return out


def check(tmp, prec, lines, objs, vlen=128):
    """tests/neoncheck.c on objs (list.h: lines) under qemu: the rows
    {(name, layout): (n, err, guard hits)}."""
    (tmp / "list.h").write_text("".join(lines))
    exe = link(TESTS / "neoncheck.c", objs, tmp / "chk",
               ["-I", tmp, '-DLIST="list.h"', "-Wno-pedantic"]
               + (["-DSINGLE"] if prec == "float" else []))
    return n1check_rows(qemu(exe, vlen=vlen))


@pytest.fixture(scope="module")
def n1(tmp_path_factory):
    """{prec: (tmp, objects)} of every n1 codelet n = 1..64."""
    out = {}
    for prec in PRECS:
        tmp = tmp_path_factory.mktemp("rvv" + prec[0])
        jobs = [("n1_%d" % n, ["fft", "-n", n, "--simd", "rvv", "--type",
                               prec] + (["--fma"] if n % 2 == 0 else []))
                for n in range(1, 65)]
        out[prec] = (tmp, objects(tmp, jobs))
    return out


@pytest.mark.parametrize("prec", PRECS)
def test_n1_every_size(n1, prec):
    """Every RVV n1 codelet n = 1..64 in four layouts within the bound,
    no guard hit, at VLEN 128."""
    tmp, objs = n1[prec]
    rows = check(tmp, prec, ["N1(%d, n1_%d)\n" % (n, n)
                             for n in range(1, 65)], objs)
    assert len(rows) == 64 * 4
    assert not n1check_failures(rows, prec)


def test_n1_wider_vlen(n1):
    """The same codelets on a machine with VLEN 256 (they assume at
    least 128 bits)."""
    tmp, objs = n1["double"]
    sizes = (3, 16, 64)
    rows = check(tmp, "double", ["N1(%d, n1_%d)\n" % (n, n) for n in sizes],
                 [objs[n - 1] for n in sizes], vlen=256)
    assert len(rows) == len(sizes) * 4
    assert not n1check_failures(rows, "double")


def test_rvv_instructions(tmp_path):
    """Clang turns the codelet's vectors into RVV 1.0 instructions: vector
    loads, stores and arithmetic, no scalar double arithmetic."""
    src = tmp_path / "n1.c"
    assert kgen("fft", "-n", 16, "--simd", "rvv", "--fma", "-o",
                src).returncode == 0
    p = run([*CLANG, *WARN, *FLAGS, "-S", "-o", "-", src])
    assert p.returncode == 0, p.stderr
    ops = [l.split()[0] for l in p.stdout.splitlines()
           if l.startswith("\t") and not l.startswith("\t.")]
    for want in ("vle64.v", "vse64.v", "vfadd.vv", "vfsub.vv"):
        assert want in ops, want
    assert not [o for o in ops if o in ("fadd.d", "fsub.d", "fmul.d")]


def test_kinds(tmp_path):
    """n1c, t1v and n1v for rvv against the long-double DFT."""
    objs = objects(tmp_path, [("c_%d" % n, ["fft", "-n", n, "--kind", "n1c",
                                            "--simd", "rvv", "--fma"])
                              for n in (2, 5, 8, 12, 16)],
                   # n1c's helpers are static inline in the file, and
                   # Clang reports those a small size leaves unused
                   ["-Wno-unused-function"])
    rows = check(tmp_path, "double", ["N1C(%d, c_%d)\n" % (n, n)
                                      for n in (2, 5, 8, 12, 16)], objs)
    assert len(rows) == 5 * 6 and not n1check_failures(rows, "double")

    t1 = [(4, -1), (8, 1), (13, -1)]
    objs = objects(tmp_path, [("t1v_%d" % r, ["fft", "-n", r, "--kind",
                                              "t1v", "--sign", s, "--simd",
                                              "rvv", "--fma"])
                              for r, s in t1])
    (tmp_path / "list.h").write_text("".join(
        "X(%d, %d, t1v_%d) B(t1v_%d)\n" % (r, s, r, r) for r, s in t1))
    exe = link(TESTS / "t1vcheck.c", objs, tmp_path / "t1chk",
               ["-I", TESTS / "neon", "-I", tmp_path, "-DVL=2",
                '-DLIST="list.h"', "-Wno-pedantic"])
    rows = [l.split() for l in qemu(exe, 6).splitlines()
            if not l.startswith("seed")]
    assert len(rows) == 11 * len(t1)
    bad = [r for r in rows
           if not float(r[2]) <= bound(int(r[0][4:]) * 6, "double")
           or int(r[3])]
    assert not bad, bad

    objs = objects(tmp_path, [("n1v_%d" % n, ["fft", "-n", n, "--kind",
                                              "n1v", "--simd", "rvv"])
                              for n in (4, 16)])
    (tmp_path / "list.h").write_text("".join(
        "X(%d, 2, -1, n1v_%d)\n" % (n, n) for n in (4, 16)))
    exe = link(TESTS / "n1vcheck.c", objs, tmp_path / "n1vchk",
               ["-I", TESTS / "neon", "-I", tmp_path, '-DLIST="list.h"',
                "-Wno-pedantic"])
    rows = [l.split() for l in qemu(exe).splitlines()]
    assert len(rows) == 2 * 2 * 3 * 4
    bad = [r for r in rows
           if not float(r[5]) <= bound(int(r[0][4:]), "double")
           or int(r[6])]
    assert not bad, bad


def test_check_sees_a_spoilt_codelet(tmp_path):
    """The check fails a codelet whose twiddle constant is off from its
    11th digit, and passes the same codelet unspoilt."""
    src = kgen("fft", "-n", 16, "--simd", "rvv", "--fma").stdout
    bad = src.replace("0.70710678118654752", "0.7071067811")
    assert bad != src
    objs = []
    for nm, text in (("good", src), ("bad", bad)):
        c = tmp_path / ("s_%s.c" % nm)
        c.write_text(text.replace("n1_rvv_16", "s_" + nm))
        objs.append(cc(c, c.with_suffix(".o")))
    rows = check(tmp_path, "double", ["N1(16, s_good)\n", "N1(16, s_bad)\n"],
                 objs)
    assert {k[0] for k in rows if n1check_failures({k: rows[k]}, "double")} \
        == {"s_bad"}


def test_refusals():
    """What rvv does not emit is refused with one line, exit 2."""
    for args in (["conv", "--taps", "1,2", "-n", 8, "--simd", "rvv"],
                 ["fft", "-n", 8, "--simd", "rvv", "--emit", "asm"]):
        r = kgen(*args)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
