"""kgen fft --kind n1v --emit asm (x86/asm.c n1vbody, x86/asmcopy.c
asmcopy_n1v_in/out): the planner's leaf codelet, both entries (NAME:
split output; NAME_b: block-split), in kgen's assembly.

- the numbers: tests/n1vcheck.c links the assembled codelets (every ISA
  this CPU runs, both precisions, sizes VL .. 4 VL up to 64 and 64, both
  signs, with FMAs on AVX2 and AVX-512, and with few registers and
  latency so that they spill) and, as a second contender, the C n1v
  codelets of the same DAG, and compares each entry with FFTW on split,
  interleaved and interleaved-im-first input, the batch adjacent and
  with a gap, one block and three, guard values around every output
  element the codelet must not write; every line expected comes out;
- a spoilt copy (which kgen verify cannot see: the copies lie outside
  the kernel) fails that check;
- asm == Belady: the spill loads and stores of the header (Belady's) and
  of kgen verify agree; the validator rejects mutants of the kernel
  (asmhelp.py's: registers, swaps, dropped spill stores, stack offsets,
  constants), all caught;
- the object has unwind information for both entries and a
  non-executable stack note; the same arguments give the same bytes;
  bad input is one kgen: line and exit 2.
"""
import random
import re

import pytest

from conftest import (ISA, NAMES, RUNS, TESTS, BuildError, bound, cc, kgen,
                      lanes, need, pmap, run)
from asmhelp import assemble, check_object, mutants, write_asm

ISAS = NAMES


def sizes(vl):
    return sorted(set(n for n in (vl, 2 * vl, 3 * vl, 4 * vl, 64)
                      if n <= 64 and n % vl == 0))


def variants(isa, prec):
    """(name, n, sign, kgen options, asm?) of one ISA and precision."""
    vl = lanes(isa, prec)
    fma = ["--fma"] if isa != "sse2" else []
    out = []
    for n in sizes(vl):
        for s in (-1, 1):
            out.append(("a%d%s" % (n, "b" if s > 0 else "f"), n, s, fma,
                        True))
        out.append(("r%d" % n, n, -1, ["--regs", 6, "--latency", 3],
                    True))
        out.append(("c%d" % n, n, -1, [], False))
    return out


def n1v_args(n, isa, prec, sign, opts, name, asm=True):
    args = ["fft", "-n", n, "--kind", "n1v", "--simd", isa, "--type", prec,
            "--sign", sign, *opts, "--name", name]
    return args + (["--emit", "asm", "--verify"] if asm else [])


def build(tmp, isa, prec, vs, edit=None):
    """The n1vcheck program over codelets vs in tmp; edit(name, text)
    may change an assembly text before it is assembled."""
    objs, lst = [], []
    for name, n, s, opts, asm in vs:
        src = tmp / (name + (".s" if asm else ".c"))
        text = write_asm(n1v_args(n, isa, prec, s, opts, name, asm), src)
        if asm and edit:
            src.write_text(edit(name, text))
        if asm:
            objs.append(assemble(src))
        else:
            objs.append(cc([src], src.with_suffix(".o"), opt="-O2",
                           flags=["-c"] + ISA[isa].flags))
        lst.append("X(%d, %d, %d, %s)\n" % (n, lanes(isa, prec), s, name))
    (tmp / "list.h").write_text("".join(lst))
    flags = ISA[isa].flags + ['-DLIST="%s"' % (tmp / "list.h")]
    if prec == "float":
        flags.append("-DSINGLE")
    return cc([TESTS / "n1vcheck.c", *objs], tmp / "chk", flags=flags,
              libs=["-lfftw3", "-lm"], opt="-O2")


def check(exe):
    """n1vcheck's rows as {(name, entry, layout, is, v): (err, hits)}."""
    p = run([exe])
    if p.returncode:
        raise BuildError("%s exited %d: %s" % (exe, p.returncode, p.stderr))
    res = {}
    for line in p.stdout.splitlines():
        f = line.split()
        res[tuple(f[:3]) + (int(f[3]), int(f[4]))] = (float(f[5]),
                                                       int(f[6]))
    return res


@pytest.fixture(scope="module")
def fftw_runs(kgen_bin, tmp_path_factory):
    root = tmp_path_factory.mktemp("n1vasm")
    ips = [(isa, prec) for isa in ISAS for prec in ("double", "float")]

    def one(ip):
        d = root / ("%s_%s" % ip)
        d.mkdir()
        exe = build(d, ip[0], ip[1], variants(*ip))
        return check(exe) if RUNS[ip[0]] else None
    return dict(zip(ips, pmap(one, ips)))


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("prec", ["double", "float"])
def test_against_fftw(fftw_runs, isa, prec):
    res = fftw_runs[(isa, prec)]
    if isinstance(res, Exception):
        raise res
    need(isa)
    vl = lanes(isa, prec)
    want = set()
    for name, n, s, opts, asm in variants(isa, prec):
        for entry in ("main", "b"):
            for lay in ("split", "inter", "inter-swap"):
                for gap in (0, 3):
                    for nv in (1, 3):
                        want.add((name, entry, lay, nv * vl + gap, nv * vl))
    assert set(res) == want
    bad = ["%s: relerr %.3g, %d guard hits" % (k, e, h)
           for k, (e, h) in sorted(res.items())
           if not e <= bound(64, prec) or h]
    assert not bad, "\n".join(bad[:10])


# a change in each copy path: (label, old, new, the entry and layouts
# it spoils)
SPOILS = [
    (".Lipl1:", "unpcklpd", "unpckhpd", ("inter",)),
    (".Lipl2:", "(%rsp,%r13)", "64(%rsp,%r13)", ("inter-swap",)),
    (".Liunit:", "(%r15)", "(%r14)", ("split",)),
    ("\ttestq %rcx, %rcx\n\tje .Loblock", "(%r14,%r9,2)", "(%r14,%r9)",
     ("main",)),
    (".Loblock:", "64(%r14", "(%r14", ("b",)),
]


@pytest.mark.parametrize("spoil", SPOILS, ids=lambda s: s[0].strip(".:\t"))
def test_spoilt_copy_is_caught(tmp_path, spoil):
    """kgen verify checks the kernel, not the copies: a spoilt copy passes
    it, and the FFTW check sees it on the paths it spoils only."""
    need("avx512")
    lab, a, b, where = spoil
    seen = []

    def edit(name, text):
        i = text.index(lab)
        j = text.index(a, i)
        end = text.find(".Lkern:" if lab.startswith(".Li") else ".Lnext:",
                        i)
        assert j < end, "the change is on the path"
        text = text[:j] + b + text[j + len(a):]
        (tmp_path / "v.s").write_text(text)
        seen.append(kgen("verify", tmp_path / "v.s").returncode)
        return text
    exe = build(tmp_path, "avx512", "double",
                [("s", 16, -1, [], True)], edit)
    assert seen == [0]
    res = check(exe)
    bad = [k for k, (e, h) in res.items() if not e <= bound(16, "double")
           or h]
    assert bad
    assert all(k[1] in where or k[2] in where for k in bad), bad[:5]
    assert len(bad) < len(res)


@pytest.mark.parametrize("isa,prec,n,regs,lat", [
    ("avx512", "double", 16, 32, 0), ("avx512", "float", 32, 9, 2),
    ("avx2", "double", 12, 5, 0), ("avx2", "float", 24, 7, 3),
    ("sse2", "double", 6, 4, 0), ("sse2", "float", 8, 16, 1)])
def test_counts_are_beladys(tmp_path, isa, prec, n, regs, lat):
    """The header's spill loads, stores and stalls (Belady's) are kgen
    verify's count of the kernel."""
    s = tmp_path / "c.s"
    text = write_asm(n1v_args(n, isa, prec, -1, ["--regs", regs,
                                                 "--latency", lat], "c"), s)
    m = re.search(r"(\d+) spill loads,\n# (\d+) spill stores, (\d+) stalls",
                  text)
    p = kgen("verify", s)
    assert p.returncode == 0, p.stderr
    got = [int(x) for x in re.findall(
        r"(\d+) spill loads, (\d+) spill stores, (\d+) stalls",
        p.stdout)[0]]
    assert got == [int(x) for x in m.groups()], (got, m.groups())


def test_mutants_caught(tmp_path):
    """asmhelp.py's kernel mutants of n1v files: every one fails kgen
    verify with exit 1 and a line."""
    rnd = random.Random(29)
    missed, total = [], 0
    for n, isa, prec, r in ((16, "avx512", "double", 12),
                            (16, "avx2", "float", 6)):
        text = write_asm(n1v_args(n, isa, prec, -1, ["--regs", r], "m"),
                         tmp_path / "m.s")
        paths = []
        for k, (kind, t) in enumerate(mutants(text, n, isa, r, prec, rnd,
                                              per=12)):
            path = tmp_path / ("mut%d_%s_%d.s" % (n, isa, k))
            path.write_text(t)
            paths.append((kind, path))
        for (kind, path), p in zip(paths, pmap(
                lambda kp: kgen("verify", kp[1]), paths)):
            total += 1
            if p.returncode != 1 or not re.match(r"kgen: verify .*:\d+: ",
                                                 p.stderr):
                missed.append("%s %s rc=%d %s" % (kind, path, p.returncode,
                                                  p.stderr))
    assert total >= 100
    assert not missed, "\n".join(missed[:10])


def test_object_and_bytes(tmp_path):
    a = write_asm(n1v_args(24, "avx512", "double", -1, [], "u"),
                  tmp_path / "u.s")
    check_object(tmp_path / "u.s")
    p = run(["readelf", "-sW", assemble(tmp_path / "u.s")])
    assert re.search(r"FUNC +GLOBAL +DEFAULT +\d+ u_b\n", p.stdout)
    b = write_asm(n1v_args(24, "avx512", "double", -1, [], "u"),
                  tmp_path / "v.s")
    assert a == b


@pytest.mark.parametrize("args,msg", [
    (["fft", "-n", 12, "--kind", "n1v", "--simd", "avx512", "--emit",
      "asm"], "multiple of the 8 lanes"),
    (["fft", "-n", 8, "--kind", "n1v", "--simd", "sse2", "--emit", "asm",
      "--fma"], "SSE2 has no FMA"),
    (["fft", "-n", 8, "--kind", "n1v", "--simd", "avx2", "--emit", "asm",
      "--regs", 17], "1 to 16"),
    (["fft", "-n", 8, "--kind", "t1", "--emit", "asm"], "give --simd"),
])
def test_cli_errors(args, msg):
    p = kgen(*args)
    assert p.returncode == 2, p.stderr
    assert p.stderr.startswith("kgen: ") and msg in p.stderr, p.stderr
    assert len(p.stderr.strip().split("\n")) == 1
