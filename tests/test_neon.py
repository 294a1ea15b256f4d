"""NEON (AArch64 Advanced SIMD, --simd neon) codelets, cross-compiled
with aarch64-linux-gnu-gcc and run under qemu-aarch64 (static binaries),
against a DFT by its definition in long double (binary128 on AArch64):

- n1 across the batch, every n = 1..64 in double and float (FMA for
  even n), through tests/neoncheck.c: interleaved (the direct body and
  the buffered rest), parts swapped, split, in place;
- n1c (one complex number a vector, v = 1 and batches; NAME_v1,
  NAME_v1s), a representative set of sizes, both precisions;
- t1v and n1v, the planner's codelets, through tests/t1vcheck.c and
  tests/n1vcheck.c with tests/neon/fftw3.h (their FFTW calls as a
  long-double DFT: no FFTW for AArch64 here), every layout they test;
- conv --simd neon through tests/convcheck.c (a long-double direct sum);
- the helpers of emit/simd/neon.h on their own (tests/simdhelpers.c,
  ISA=4);
- kgen spills --target neon --measure aarch64-gcc: the cross compiler's
  spills beside Belady's for n1 64 at R = 32.
Every codelet compiles under -Wall -Wextra -Wpedantic -Werror, and a
few also with clang --target=aarch64-linux-gnu where that works.  The
bounds are conftest.bound's, as for the x86 ISAs, and no guard value
around the outputs may change.  Skipped, with the reason, where the
cross compiler or qemu is missing (Debian: gcc-aarch64-linux-gnu,
qemu-user); KGEN_AARCH64_CC and KGEN_QEMU_AARCH64 name others.
"""
import os
import random
import shutil
import struct

import pytest

from conftest import (ISA, TESTS, BuildError, bound, kgen, n1check_failures,
                      n1check_rows, pmap, run)

XCC = os.environ.get("KGEN_AARCH64_CC", "aarch64-linux-gnu-gcc")
QEMU = os.environ.get("KGEN_QEMU_AARCH64", "qemu-aarch64")
MISSING = [p for p in (XCC, QEMU) if not shutil.which(p)]
pytestmark = pytest.mark.skipif(
    bool(MISSING), reason="%s not installed (Debian: gcc-aarch64-linux-gnu,"
    " qemu-user)" % " and ".join(MISSING))

WARN = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]
# gcc schedules before register allocation on AArch64 (on x86 it does
# not): off, as the x86 codelets are built (kgen spills --measure
# aarch64-gcc counts 5-8x the spills with it, and it costs compile time)
FLAGS = ISA["neon"].flags + ["-fno-schedule-insns"]
PRECS = ("double", "float")
VL = {p: ISA["neon"].lanes(p) for p in PRECS}


def xcc(sources, out, flags=(), link=True):
    """Cross-compiles sources (to an object unless link); BuildError
    on failure or any warning."""
    args = [XCC, *WARN, *FLAGS, *flags, *(() if link else ("-c",)),
            "-o", out, *sources, *(("-lm", "-static") if link else ())]
    p = run(args)
    if p.returncode or p.stderr.strip():
        raise BuildError(" ".join(map(str, args)) + "\n"
                         + p.stderr[-3000:])
    return out


def qemu(exe, *args):
    p = run([QEMU, exe, *args])
    if p.returncode:
        raise BuildError("%s exited %d: %s" % (exe, p.returncode,
                                               p.stderr[-2000:]))
    return p.stdout


def gen(path, *args):
    """kgen ARGS -o path; the path."""
    r = kgen(*args, "-o", path)
    if r.returncode:
        raise BuildError("kgen %s: %s" % (" ".join(map(str, args)),
                                          r.stderr))
    return path


def objects(tmp, jobs, flags=()):
    """jobs: (name, kgen args); generates and compiles each (in
    parallel), returns the objects; raises the first failure."""
    def one(job):
        name, args = job
        src = gen(tmp / (name + ".c"), *args, "--name", name)
        return xcc([src], tmp / (name + ".o"), flags, link=False)
    out = pmap(one, jobs)
    for o in out:
        if isinstance(o, Exception):
            raise o
    return out


def neoncheck(tmp, prec, lines, objs):
    """tests/neoncheck.c with objs (list.h: lines) under qemu; rows as
    {(name, layout): (n, err, hits)}."""
    (tmp / "list.h").write_text("".join(lines))
    exe = xcc([TESTS / "neoncheck.c", *objs], tmp / "chk",
              ["-I", tmp, '-DLIST="list.h"']
              + (["-DSINGLE"] if prec == "float" else []))
    return n1check_rows(qemu(exe))


# ---- n1 across the batch, n = 1..64 ---------------------------------------

@pytest.fixture(scope="module")
def n1rows(tmp_path_factory):
    """{prec: neoncheck's rows} for every n1 codelet n = 1..64."""
    out = {}
    for prec in PRECS:
        tmp = tmp_path_factory.mktemp("n1" + prec[0])
        jobs = [("n1_%d" % n, ["fft", "-n", n, "--simd", "neon", "--type",
                               prec] + (["--fma"] if n % 2 == 0 else []))
                for n in range(1, 65)]
        objs = objects(tmp, jobs, ["-fno-schedule-insns2"])
        out[prec] = neoncheck(tmp, prec, ["N1(%d, n1_%d)\n" % (n, n)
                                          for n in range(1, 65)], objs)
    return out


@pytest.mark.parametrize("prec", PRECS)
def test_n1_every_size(n1rows, prec):
    """Every NEON n1 codelet n = 1..64 in four layouts within the bound,
    no guard hit."""
    rows = n1rows[prec]
    assert len(rows) == 64 * 4
    assert not n1check_failures(rows, prec)
    worst = max(rows.items(), key=lambda kv: kv[1][1] / bound(kv[1][0],
                                                              prec))
    print("%s: %d rows, worst %s %s err %.3g (bound %.3g)" % (
        prec, len(rows), worst[0][0], worst[0][1], worst[1][1],
        bound(worst[1][0], prec)))


# ---- n1c, t1v, n1v, conv ----------------------------------------------------

N1C_SIZES = (2, 3, 4, 5, 7, 8, 12, 16, 25, 32, 61, 64)


@pytest.mark.parametrize("prec", PRECS)
def test_n1c(tmp_path, prec):
    """n1c codelets (complex numbers in a vector, v = 1 and batches,
    NAME_v1 and NAME_v1s) within the bound, no guard hit."""
    jobs = [("n1c_%d" % n, ["fft", "-n", n, "--kind", "n1c", "--simd",
                            "neon", "--fma", "--type", prec])
            for n in N1C_SIZES]
    objs = objects(tmp_path, jobs, ["-ffp-contract=fast"])
    rows = neoncheck(tmp_path, prec, ["N1C(%d, n1c_%d)\n" % (n, n)
                                      for n in N1C_SIZES], objs)
    assert len(rows) == len(N1C_SIZES) * 6
    assert not n1check_failures(rows, prec)


T1V_CASES = [(2, -1, []), (3, 1, ["--fma"]), (4, -1, []), (5, -1, ["--fma"]),
             (8, 1, []), (13, -1, ["--fma"]),
             (16, -1, ["--fma", "--schedule", "search", "--regs", "32"]),
             (32, 1, []), (64, -1, ["--fma"])]
# t1vcheck's layouts of a C codelet (tests/test_asm_t1v.py's BLAYOUTS)
T1V_LAYOUTS = 11


@pytest.mark.parametrize("prec", PRECS)
def test_t1v(tmp_path, prec):
    """t1v codelets: a radix-r step of a size r m DFT against the
    long-double DFT, m = 3 VL and 5 VL, every layout of t1vcheck.c."""
    jobs = [("t1v_%d" % r, ["fft", "-n", r, "--kind", "t1v", "--sign", s,
                            "--simd", "neon", "--type", prec, *o])
            for r, s, o in T1V_CASES]
    objs = objects(tmp_path, jobs, ["-ffp-contract=fast"])
    (tmp_path / "list.h").write_text("".join(
        "X(%d, %d, t1v_%d) B(t1v_%d)\n" % (r, s, r, r)
        for r, s, _ in T1V_CASES))
    exe = xcc([TESTS / "t1vcheck.c", *objs], tmp_path / "chk",
              ["-I", TESTS / "neon", "-I", tmp_path, "-DVL=%d" % VL[prec],
               '-DLIST="list.h"', "-ffp-contract=fast",
               "-Wno-pedantic"] + (["-DSINGLE"] if prec == "float" else []))
    radix = {"t1v_%d" % r: r for r, _, _ in T1V_CASES}
    for m in (3 * VL[prec], 5 * VL[prec]):
        rows = [l.split() for l in qemu(exe, m).splitlines()
                if not l.startswith("seed")]
        assert len(rows) == T1V_LAYOUTS * len(T1V_CASES)
        bad = [r for r in rows if not float(r[2]) <= bound(
            radix[r[0]] * m, prec) or int(r[3])]
        assert not bad, "m %d: %s" % (m, bad)


N1V_SIZES = {"double": (2, 4, 6, 8, 12, 16, 32, 64),
             "float": (4, 8, 12, 16, 32, 64)}


@pytest.mark.parametrize("prec", PRECS)
def test_n1v(tmp_path, prec):
    """n1v codelets, both entries (NAME, NAME_b), three layouts, two
    input strides and two batch sizes, against the long-double DFT."""
    sizes = N1V_SIZES[prec]
    jobs = [("n1v_%d" % n, ["fft", "-n", n, "--kind", "n1v", "--simd",
                            "neon", "--type", prec]
             + (["--fma"] if n % 8 == 0 else [])) for n in sizes]
    objs = objects(tmp_path, jobs, ["-ffp-contract=fast"])
    (tmp_path / "list.h").write_text("".join(
        "X(%d, %d, -1, n1v_%d)\n" % (n, VL[prec], n) for n in sizes))
    exe = xcc([TESTS / "n1vcheck.c", *objs], tmp_path / "chk",
              ["-I", TESTS / "neon", "-I", tmp_path, '-DLIST="list.h"',
               "-Wno-pedantic"] + (["-DSINGLE"] if prec == "float" else []))
    rows = [l.split() for l in qemu(exe).splitlines()]
    assert len(rows) == len(sizes) * 2 * 3 * 4
    n = {"n1v_%d" % k: k for k in sizes}
    bad = [r for r in rows if not float(r[5]) <= bound(n[r[0]], prec)
           or int(r[6])]
    assert not bad, bad


def f32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


@pytest.mark.parametrize("prec", PRECS)
def test_conv(tmp_path, prec):
    """conv --simd neon through tests/convcheck.c: convolutions (unrolled,
    and past 64 taps the loop over them) and a correlation, strided and
    unit-stride, within (ntaps + 2) u sum |h x| of the long-double sum,
    guards intact."""
    rng = random.Random(48)
    cases = [("s3", 3, 7, 0), ("s9", 9, 21, 0), ("s17", 17, 40, 0),
             ("s70", 70, 37, 0), ("c6", 6, 19, 1)]
    lst, tap, srcs = [], [], []
    for key, taps, n, corr in cases:
        h = [f32(rng.uniform(-1, 1)) for _ in range(taps)]
        if taps == 9:
            h[2], h[3] = 1.0, 0.0       # a unit tap and a zero tap
        name = "v_" + key
        srcs.append(gen(tmp_path / (name + ".c"), "conv", "--taps",
                        ",".join(repr(v) for v in h), "-n", n, "--name",
                        name, "--simd", "neon", "--type", prec,
                        *(["--correlate"] if corr else [])))
        lst.append("X(%s, %d, %d, %d)\n" % (name, n, taps, corr))
        tap.append("static const R taps_%s[] = {%s};\n"
                   % (name, ", ".join(repr(v) for v in h)))
    (tmp_path / "convlist.h").write_text("".join(lst))
    (tmp_path / "convtaps.h").write_text("".join(tap))
    exe = xcc([TESTS / "convcheck.c", *srcs], tmp_path / "chk",
              ["-I", tmp_path] + (["-DSINGLE"] if prec == "float" else []))
    rows = [l.split() for l in qemu(exe, 48).splitlines()[1:]]
    assert len(rows) == 2 * len(cases)
    bad = [r for r in rows if not (float(r[3]) <= 1 and r[4] == "ok")]
    assert not bad, bad


# ---- the helpers, clang, a spoilt codelet ------------------------------------

def test_helpers(tmp_path):
    """emit/simd/neon.h's helpers against scalar code (simdhelpers.c
    ISA=4): every check there, and the adjacent pairs (vld2q/vst2q)."""
    exe = xcc([TESTS / "simdhelpers.c"], tmp_path / "sh", ["-DISA=4"])
    got = [l.split() for l in qemu(exe).splitlines()]
    checks = {(f[0], f[1]) for f in got if f[1] != "perm"}
    for p, vl in (("d", 2), ("f", 4)):
        want = {"splat", "ldst", "ldisti", "fma", "ldisti2"} | {
            "pack-%s-%d" % (lay, k) for lay in ("split", "inter", "swapped")
            for k in range(1, vl + 1)}
        assert {c for q, c in checks if q == p} == want
    assert not [f for f in got if f[1] != "perm" and int(f[2])]
    # lane l for pair l: no permutation
    assert [f[2:] for f in got if f[1] == "perm"] == [["0", "1"],
                                                       list("0123")]


def test_clang(tmp_path):
    """clang --target=aarch64-linux-gnu compiles each kind warning-free
    (skipped where clang cannot target AArch64 here)."""
    if not shutil.which("clang"):
        pytest.skip("clang is not installed")
    srcs = [gen(tmp_path / ("%s.c" % nm), *a) for nm, a in [
        ("n1d", ["fft", "-n", 13, "--simd", "neon", "--fma"]),
        ("n1f", ["fft", "-n", 16, "--simd", "neon", "--type", "float"]),
        ("n1c", ["fft", "-n", 12, "--kind", "n1c", "--simd", "neon"]),
        ("t1v", ["fft", "-n", 8, "--kind", "t1v", "--simd", "neon"]),
        ("n1v", ["fft", "-n", 16, "--kind", "n1v", "--simd", "neon",
                 "--type", "float"]),
        ("conv", ["conv", "--taps", "1,0.5,-2", "-n", 9, "--simd",
                  "neon"])]]
    cflags = ISA["neon"].flags
    probe = run(["clang", "--target=aarch64-linux-gnu", *WARN, *cflags,
                 "-c", "-o", tmp_path / "probe.o", srcs[0]])
    if probe.returncode and "arm_neon.h" in probe.stderr:
        pytest.skip("clang cannot target AArch64 here: "
                    + probe.stderr[:200])
    for s in srcs:
        p = run(["clang", "--target=aarch64-linux-gnu", *WARN, *cflags,
                 "-c", "-o", s.with_suffix(".o"), s])
        assert p.returncode == 0 and not p.stderr, p.stderr


SPOILS = {
    "good": lambda s: s,
    # a twiddle constant off from its 11th digit
    "const": lambda s: s.replace("0.70710678118654752", "0.7071067811"),
    # the pair load's zip halves crossed: real and imaginary parts mixed
    "zip": lambda s: s.replace("*im = vzip2q_f64(a, b);",
                               "*im = vzip1q_f64(a, b);", 1),
    # the FMA's sign: a * b - c as a * b + c
    "fms": lambda s: s.replace("return vfmaq_f64(-c, a, b);",
                               "return vfmaq_f64(c, a, b);", 1),
}


def test_check_sees_spoilt_codelets(tmp_path):
    """neoncheck.c fails codelets spoilt in the constants, the helpers'
    loads and the FMAs, and passes the unspoilt one."""
    src = kgen("fft", "-n", 16, "--simd", "neon", "--fma").stdout
    for nm in ("const", "zip", "fms"):
        assert SPOILS[nm](src) != src, nm
    lines, objs = [], []
    for nm, f in SPOILS.items():
        c = tmp_path / ("s_%s.c" % nm)
        c.write_text(f(src).replace("n1_neon_16", "s_" + nm))
        objs.append(xcc([c], c.with_suffix(".o"), link=False))
        lines.append("N1(16, s_%s)\n" % nm)
    rows = neoncheck(tmp_path, "double", lines, objs)
    bad = {k[0] for k in rows if n1check_failures({k: rows[k]}, "double")}
    assert bad == {"s_const", "s_zip", "s_fms"}


# ---- spills: the cross compiler beside Belady --------------------------------

def test_spills_measure():
    """kgen spills --target neon --measure aarch64-gcc,aarch64-gcc-nosched
    for n1 64 at R = 32: numbers for every schedule, and fewer spills at
    R = 32 than at R = 16; for the search order without the pre-RA
    scheduler, within 1.5x of Belady's (the search was made for R)."""
    r = kgen("spills", "fft", "-n", 64, "--target", "neon", "--measure",
             "aarch64-gcc,aarch64-gcc-nosched", "--format", "csv",
             "--schedule", "build,search")
    assert r.returncode == 0, r.stderr
    head, *rows = [l.split(",") for l in r.stdout.splitlines()
                   if l and not l.startswith("#")]
    rows = [dict(zip(head, x)) for x in rows]
    assert [x["regs"] for x in rows] == ["32", "32"]
    for x in rows:
        for c in ("aarch64-gcc_loads", "aarch64-gcc_stores",
                  "aarch64-gcc-nosched_loads",
                  "aarch64-gcc-nosched_stores"):
            assert x[c].isdigit(), (c, x)
    s = rows[1]
    assert s["schedule"] == "search"
    assert int(s["aarch64-gcc-nosched_loads"]) <= 1.5 * int(s["loads"])
    r16 = kgen("spills", "fft", "-n", 64, "--regs", 16, "--measure",
               "aarch64-gcc-nosched", "--format", "csv", "--schedule",
               "search")
    assert r16.returncode == 0, r16.stderr
    head, row = [l.split(",") for l in r16.stdout.splitlines()
                 if l and not l.startswith("#")][:2]
    row = dict(zip(head, row))
    assert int(row["aarch64-gcc-nosched_loads"]) \
        > int(s["aarch64-gcc-nosched_loads"])
