"""SIMD n1 codelets (kgen fft --simd, emit/simd.c) against FFTW.

tests/simdcheck.c runs a codelet on the layouts and batch counts that
reach every path of a SIMD codelet: the direct interleaved body, the
packed kernel that every other layout goes through (split, gathered
lanes, swapped real and imaginary parts, in place), and the remainder
when v is no multiple of the lane count (v = 1..37).
- the library: for every ISA this CPU runs, every size 1..64 in double
  and float, forward through kgen_n1_isa(n, isa) and backward through
  kgen_dft/kgen_dftf with KGEN_ISA set, which checks the dispatch too;
  and the library's assembly codelets (kgen_n1a_isa: AVX2 and AVX-512,
  n = 2..64), both signs, v = 1..2VL+1, the mixed layouts too;
  ISAs the CPU lacks are skipped, saying so;
- the generator: --simd sse2|avx2|avx512 on a sample of sizes, both
  signs, with schedules and FMAs, compiled with the ISA's flags (every
  ISA is compiled even where the CPU cannot run it);
- dispatch: KGEN_ISA caps the choice, and falls back where it must;
- the command line: --simd's errors, byte-identical reruns.
Bounds are docs/design.md's: 1e-14 (1 + log2 n) in double, 2e-5 (1 + log2 n)
in float, with no guard hit.  Seeds are fixed and printed on failure.
"""
import os
import re

import pytest

import manifest
from conftest import (BEST, ISA, NAMES, ROOT, RUNS, TESTS, BuildError, bound,
                      cc, kgen, lanes, need, pmap, run)

ISAS = NAMES


def results(out):
    """simdcheck's output as {(n, sign): [(case, err, hits)]}, seed."""
    res, seed = {}, None
    for line in out.splitlines():
        f = line.split()
        if f[0] == "seed":
            seed = int(f[1])
        elif len(f) == 5:
            res.setdefault((int(f[0]), int(f[1])), []).append(
                (f[2], float(f[3]), int(f[4])))
    return res, seed


def failures(res, prec):
    bad = []
    for (n, sign), cases in sorted(res.items()):
        for case, err, hits in cases:
            if not err <= bound(n, prec) or hits:
                bad.append("n=%d sign=%d %s: relerr %.3g (bound %.3g), "
                           "%d guard hits" % (n, sign, case, err,
                                              bound(n, prec), hits))
    return bad


# Cases per (n, sign): 14 layouts times 10 batch counts.
NCASES = 140

# The library's codelets vectorized within one transform (--kind n1w), as
# codelets.def lists them: sizes a multiple of the lanes VL and at least
# VL^2.
N1W = {prec: {isa: manifest.sizes("N1W", isa, prec) for isa in ISAS}
       for prec in ("double", "float")}
# and with one complex number a vector (--kind n1c): every size, for the
# ISAs codelets.def lists
N1C = {prec: {isa: manifest.sizes("N1C", isa, prec) for isa in ISAS}
       for prec in ("double", "float")}
# and with W complex numbers of one transform a vector (--kind n1x)
N1X = {prec: {isa: manifest.sizes("N1X", isa, prec) for isa in ISAS}
       for prec in ("double", "float")}


# ---- the library ---------------------------------------------------------

@pytest.fixture(scope="session")
def libcheck(libkgen, tmp_path_factory):
    """simdcheck linked with libkgen, one program per precision."""
    tmp = tmp_path_factory.mktemp("simdlib")
    exes = {}
    for prec in ("double", "float"):
        exes[prec] = cc([TESTS / "simdcheck.c"], tmp / ("simd_" + prec),
                        flags=["-DRUNTIME", "-DREAL=" + prec,
                               "-I", ROOT / "runtime"],
                        libs=[libkgen, "-lfftw3", "-lm"], opt="-O1")
    return exes


def runlib(exe, isa, *args):
    env = dict(os.environ, KGEN_ISA=isa)
    return run([exe, isa, *args], env=env)


@pytest.mark.parametrize("prec", ("double", "float"))
@pytest.mark.parametrize("isa", ("scalar",) + ISAS)
def test_library(libcheck, isa, prec):
    if isa != "scalar":
        need(isa)
    p = runlib(libcheck[prec], isa)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[1] == "isa " + isa, \
        "KGEN_ISA=%s did not select %s" % (isa, isa)
    res, seed = results(p.stdout)
    assert sorted(res) == [(n, s) for n in range(1, 65) for s in (-1, 1)]
    within = N1W[prec].get(isa, ())
    lanes = N1C[prec].get(isa, ())
    several = N1X[prec].get(isa, ())
    for (n, s), c in res.items():
        nw = sum(case.startswith("n1w-") for case, _, _ in c)
        nc = sum(case.startswith("n1c-") for case, _, _ in c)
        nx = sum(case.startswith("n1x-") for case, _, _ in c)
        nd = sum(case.startswith("dft-") for case, _, _ in c)
        assert nw == (NCASES if n in within and s == -1 else 0), (n, s)
        assert nc == (NCASES if n in lanes and s == -1 else 0), (n, s)
        assert nx == (NCASES if n in several and s == -1 else 0), (n, s)
        # kgen_dft forward (v = 1 interleaved: an n1c or n1x v1 entry
        # or not)
        assert nd == (NCASES if s == -1 else 0), (n, s)
        assert len(c) - nw - nc - nx - nd == NCASES, (n, s)
    bad = failures(res, prec)
    assert not bad, "seed %s:\n%s" % (seed, "\n".join(bad[:20]))


# and as kgen's assembly (N1A, kgen fft --simd ISA --emit asm): the
# batched codelets of AVX2 and AVX-512 again, n = 2..64
N1A = {prec: {isa: manifest.sizes("N1A", isa, prec) for isa in ISAS}
       for prec in ("double", "float")}


@pytest.mark.parametrize("prec", ("double", "float"))
@pytest.mark.parametrize("isa", ("avx2", "avx512"))
def test_library_asm(libcheck, isa, prec):
    """Every assembly codelet of the library (kgen_n1a_isa, kgen_n1af_isa)
    against FFTW: forward, and backward with real and imaginary parts
    swapped as kgen_dft runs it, every v = 1..2VL+1 (the rows or pairs or
    units copy and the scalar loop for the rest), interleaved, strided,
    swapped, split, in place and mixed layouts, with guards."""
    need(isa)
    assert N1A[prec][isa], "codelets.def lists no N1A for %s %s" % (isa,
                                                                    prec)
    p = run([libcheck[prec], "n1a", isa])
    assert p.returncode == 0, p.stderr
    res, seed = results(p.stdout)
    assert sorted(res) == [(n, s) for n in N1A[prec][isa] for s in (-1, 1)]
    vl = lanes(isa, prec)
    for (n, s), c in res.items():
        assert all(case.startswith("n1a-") for case, _, _ in c)
        # 14 layouts and 4 mixed ones, each v = 1..2VL+1
        assert len(c) == 18 * (2 * vl + 1), (n, s, len(c))
    bad = failures(res, prec)
    assert not bad, "seed %s:\n%s" % (seed, "\n".join(bad[:20]))


def test_dispatch_default_is_best(libcheck):
    env = {k: v for k, v in os.environ.items() if k != "KGEN_ISA"}
    p = run([libcheck["double"], "which"], env=env)
    assert p.stdout.strip() == BEST


def v1choices(n, prec, top):
    """What kgen_dft may run for one transform of size n with ISAs up to
    top: the scalar codelet or an n1w, n1c or n1x one, whichever measured
    fastest at the first call (runtime/dispatch.c)."""
    isas = ISAS[:ISAS.index(top) + 1] if top != "scalar" else ()
    return ({"scalar"} | {"n1w-" + i for i in isas if n in N1W[prec][i]}
            | {"n1c-" + i for i in isas if n in N1C[prec][i]}
            | {"n1x-" + i for i in isas if n in N1X[prec][i]})


def test_dispatch_per_size(libcheck):
    """kgen_dft runs the widest ISA except float n <= 7 on AVX-512, where
    AVX2 measured faster (runtime/dispatch.c), and for v = 1 one of the
    candidates it times; KGEN_ISA set runs exactly the ISA it names at
    every size, and caps the candidates for v = 1."""
    env = {k: v for k, v in os.environ.items() if k != "KGEN_ISA"}
    p = run([libcheck["double"], "per-size"], env=env)
    rows = [l.split() for l in p.stdout.splitlines()]
    assert len(rows) == 64
    for n, dbl, flt, dbl1, flt1 in rows:
        assert dbl == BEST
        narrow = BEST == "avx512" and int(n) <= 7
        assert flt == ("avx2" if narrow else BEST), (n, flt)
        for prec, got in (("double", dbl1), ("float", flt1)):
            assert got in v1choices(int(n), prec, BEST), (n, prec, got)
    p = run([libcheck["double"], "per-size"],
            env=dict(os.environ, KGEN_ISA=BEST))
    assert {l.split()[2] for l in p.stdout.splitlines()} == {BEST}
    if BEST in ("avx512", "avx2"):
        p = run([libcheck["double"], "per-size"],
                env=dict(os.environ, KGEN_ISA="sse2"))
        for n, dbl, flt, dbl1, flt1 in (l.split()
                                        for l in p.stdout.splitlines()):
            assert dbl1 in v1choices(int(n), "double", "sse2"), (n, dbl1)
            assert flt1 in v1choices(int(n), "float", "sse2"), (n, flt1)


def test_dispatch_many(libcheck):
    """For v that fills the lanes (v = 256) kgen_dft runs one of the
    candidates it times: a batched codelet in C or in assembly (n1a), or
    an n1w, n1c or n1x one, of an ISA up to the best; with KGEN_ISA set,
    that ISA's batched C codelet."""
    env = {k: v for k, v in os.environ.items() if k != "KGEN_ISA"}
    p = run([libcheck["double"], "per-size-many"], env=env)
    rows = [l.split() for l in p.stdout.splitlines()]
    assert len(rows) == 64
    order = ("scalar",) + ISAS
    isas = [i for i in order[:order.index(BEST) + 1]]
    for n, dbl, flt in rows:
        n = int(n)
        for prec, got in (("double", dbl), ("float", flt)):
            ok = (set(isas) | {"n1w-" + i for i in isas[1:]
                               if n in N1W[prec][i]}
                  | {"n1c-" + i for i in isas[1:] if n in N1C[prec][i]}
                  | {"n1a-" + i for i in isas[1:] if n in N1A[prec][i]}
                  | {"n1x-" + i for i in isas[1:] if n in N1X[prec][i]})
            assert got in ok, (n, prec, got)
    p = run([libcheck["double"], "per-size-many"],
            env=dict(os.environ, KGEN_ISA=BEST))
    assert {w for l in p.stdout.splitlines() for w in l.split()[1:]} \
        == {BEST}


@pytest.mark.parametrize("want", ("scalar",) + ISAS + ("bogus",))
def test_dispatch_env_caps(libcheck, want):
    """KGEN_ISA caps the choice at what the CPU runs; a name that is no
    ISA leaves the best."""
    p = run([libcheck["double"], "which"], env=dict(os.environ,
                                                     KGEN_ISA=want))
    order = ("scalar",) + ISAS
    if want == "bogus":
        expect = BEST
    else:
        expect = [i for i in order[:order.index(want) + 1] if RUNS[i]][-1]
    assert p.stdout.strip() == expect


# ---- the generator ---------------------------------------------------------

# The library covers 1..64 at -O2; these check the generator beyond it
# and in every ISA, compiled quickly at -O0.
DSAMPLE = (1, 2, 3, 6, 7, 13, 16, 31, 64, 100, 128)
SAMPLE = (1, 2, 5, 16, 31)
GEN = ([(isa, "double", -1, n, ()) for isa in ISAS for n in DSAMPLE]
       + [(isa, prec, sign, n, ()) for isa in ISAS
          for prec, sign in (("double", 1), ("float", -1), ("float", 1))
          for n in SAMPLE]
       + [(isa, "double", -1, n, opts) for isa in ISAS for n in (16, 60)
          for opts in (("--fma", "--schedule", "co"),
                       ("--fma", "--schedule", "search", "--regs", "16"))]
       # vectorized within one transform: n = VL x m, m >= VL; m a
       # multiple of VL or not (a short last tile), beyond the library's
       # sizes too
       + [(isa, prec, sign, m * lanes(isa, prec),
           ("--kind", "n1w", "--fma", "--schedule", "co"))
          for isa in ISAS for prec in ("double", "float")
          for sign in (-1, 1)
          for m in sorted({lanes(isa, prec) * f + d
                           for f, d in ((1, 0), (1, 1), (3, 0), (2, 3))})
          if m * lanes(isa, prec) <= 256]
       # one complex number a vector: any n, beyond the library's too;
       # the backward sign only where the sizes compile fast (it changes
       # the constants, not the code around them), past the library's
       # sizes only double on the wide ISAs, and the other order only
       # up to AVX2 (the wide bodies are the same code in another order):
       # at -O0 n1c 65, 59 and 96 take 5-18 s each to compile
       + [(isa, prec, sign, n, ("--kind", "n1c", "--fma"))
          for isa in ISAS for prec in ("double", "float") for sign in (-1, 1)
          for n in (1, 3, 4, 6, 8, 13, 24, 65) if (sign < 0 or n <= 13)
          and (n <= 64 or prec == "double" or isa == "sse2")]
       + [(isa, "double", -1, n, ("--kind", "n1c", "--schedule", "co"))
          for isa in ISAS if isa != "avx512" for n in (59, 96)]
       # W complex numbers of one transform a vector: n = W m, m a
       # multiple of W or not (a short last group), beyond the library's
       # sizes too
       + [(isa, prec, sign, w * m, ("--kind", "n1x", "--fma"))
          for isa in ISAS if isa != "sse2" for prec in ("double", "float")
          for w in [2 if (isa, prec) == ("avx2", "double") else 4]
          for sign in (-1, 1) for m in (2, 3, 5, 2 * w, 3 * w + 1, 33)]
       # float sizes 2 mod 4: W = 2 in 16-byte vectors, m odd
       + [(isa, "float", sign, 2 * m, ("--kind", "n1x", "--fma"))
          for isa in ISAS if isa != "sse2" for sign in (-1, 1)
          for m in (3, 5, 13, 33)])


def gid(c):
    isa, prec, sign, n, opts = c
    return "%s-%s-%d-%d%s" % (isa, prec[0], sign, n,
                              "".join(o.strip("-") for o in opts))


@pytest.fixture(scope="session")
def generated(kgen_bin, tmp_path_factory):
    """{case: (simdcheck output or None when the CPU cannot run it) or an
    exception}: every case generated and compiled, run where possible."""
    tmp = tmp_path_factory.mktemp("simdgen")

    def one(c):
        isa, prec, sign, n, opts = c
        name = "c_" + gid(c).replace("-", "_")
        src = tmp / (name + ".c")
        p = kgen("fft", "-n", n, "--sign", sign, "--type", prec, "--simd",
                 isa, *opts, "--name", name, "-o", src)
        if p.returncode:
            raise BuildError(p.stderr)
        exe = cc([TESTS / "simdcheck.c", src], tmp / name,
                 flags=[*ISA[isa].flags, "-DREAL=" + prec, "-DFUNC=" + name],
                 libs=["-lfftw3", "-lm"])
        if not RUNS[isa]:
            return None
        p = run([exe, n, sign])
        if p.returncode:
            raise BuildError("%s exited %d" % (exe, p.returncode))
        return p.stdout
    return dict(zip(GEN, pmap(one, GEN)))


@pytest.mark.parametrize("case", GEN, ids=gid)
def test_generated(generated, case):
    out = generated[case]
    if isinstance(out, Exception):
        raise out
    need(case[0])
    res, seed = results(out)
    assert len(res[(case[3], case[2])]) == NCASES
    bad = failures(res, case[1])
    assert not bad, "seed %s:\n%s" % (seed, "\n".join(bad[:20]))


# The planner's whole-transform n1x codelets (codelets.def's N1XL, past
# KGEN_N1_MAX): each library object as make built it (-O2; compiling
# the sources again at -O0 took 21 s), against FFTW on every layout and
# batch count (backward runs through plans: test_plan.py's forced
# shapes).
N1XL = [c for c in manifest.codelets() if c.family == "N1XL"]


@pytest.fixture(scope="session")
def n1xl_runs(libkgen, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("n1xl")

    def one(c):
        exe = cc([TESTS / "simdcheck.c", manifest.obj(c)], tmp / c.name,
                 flags=[*ISA[c.isa].flags, "-DREAL=" + c.prec,
                        "-DFUNC=" + c.name], libs=["-lfftw3", "-lm"])
        if not RUNS[c.isa]:
            return None
        return run([exe, c.size, -1]).stdout
    return dict(zip([c.name for c in N1XL], pmap(one, N1XL)))


@pytest.mark.parametrize("c", N1XL, ids=lambda c: c.name)
def test_library_n1xl(n1xl_runs, c):
    need(c.isa)
    res, seed = results(n1xl_runs[c.name])
    assert len(res[(c.size, -1)]) == NCASES
    bad = failures(res, c.prec)
    assert not bad, "seed %s:\n%s" % (seed, "\n".join(bad[:20]))


# ---- the checks can fail -------------------------------------------------

def broken(tmp, isa, n, edit):
    """simdcheck's failures for a codelet whose source edit() spoils."""
    src = tmp / "bad.c"
    p = kgen("fft", "-n", n, "--simd", isa, "--name", "bad", "-o", src)
    assert p.returncode == 0, p.stderr
    text = src.read_text()
    spoilt = edit(text)
    assert spoilt != text, "the edit must change the codelet"
    src.write_text(spoilt)
    exe = cc([TESTS / "simdcheck.c", src], tmp / "bad",
             flags=[*ISA[isa].flags, "-DFUNC=bad"], libs=["-lfftw3", "-lm"])
    res, _ = results(run([exe, n, -1]).stdout)
    return {case.split("/")[0] for case, err, hits in res[(n, -1)]
            if not err <= bound(n, "double") or hits}


@pytest.mark.parametrize("isa", ISAS)
def test_checker_sees_direct_body(tmp_path, isa):
    """Reading another element for the first pair loaded on its own in
    the direct body (n = 3: every ISA loads at least one element as a
    pair) must fail the contiguous interleaved layouts, and only those."""
    need(isa)

    def shift(m):
        return "%s(ri + %d, ivs," % (m.group(1), (int(m.group(2)) + 2) % 6)
    bad = broken(tmp_path, isa, 3, lambda t: re.sub(
        r"(kgen_ldi_\w+)\(ri \+ (\d+), ivs,", shift, t, count=1))
    assert bad == {"inter", "inter-inplace"}


@pytest.mark.parametrize("isa", ISAS)
def test_checker_sees_kernel(tmp_path, isa):
    """The same mistake in the packed kernel fails every other layout,
    and the remainder (v mod VL) of the contiguous ones."""
    need(isa)
    bad = broken(tmp_path, isa, 8, lambda t: re.sub(
        r"(const kgen_\w+ T\d+ = )x\[2\];", r"\1x[4];", t, count=1))
    assert bad == {"inter", "inter-gap", "inter-inplace", "inter-tmajor",
                   "swapped", "split-unit", "split-unit-inplace",
                   "split-gap", "split-inplace", "inter-leaf", "split-leaf",
                   "inter-tmajor-inplace", "gap-tmajor",
                   "split-tmajor-inter"}


@pytest.mark.parametrize("isa", ISAS)
def test_checker_sees_n1w_paths(tmp_path, isa):
    """n1w's three paths: a wrong lane order in the interleaved store
    fails the interleaved layouts it serves, and only those; one wrong
    load in the body fails every layout."""
    need(isa)
    n = 4 * lanes(isa, "double") ** 2

    def spoil(t, old, new):
        assert old in t
        return t.replace(old, new, 1)

    def build(edit):
        src = tmp_path / "w.c"
        assert kgen("fft", "-n", n, "--simd", isa, "--kind", "n1w",
                    "--name", "w", "-o", src).returncode == 0
        src.write_text(edit(src.read_text()))
        exe = cc([TESTS / "simdcheck.c", src], tmp_path / "w",
                 flags=[*ISA[isa].flags, "-DFUNC=w"], libs=["-lfftw3", "-lm"])
        res, _ = results(run([exe, n, -1]).stdout)
        return {case.split("/")[0] for case, err, hits in res[(n, -1)]
                if not err <= bound(n, "double") or hits}
    bad = build(lambda t: spoil(t, "w_put(ro + 2 * (o), w_SHUF(re, im,",
                                "w_put(ro + 2 * (o), w_SHUF(im, re,"))
    assert {"inter", "inter-inplace"} <= bad
    assert not bad & {"split-unit", "split-gap", "split-inplace",
                      "split-unit-inplace", "swapped", "inter-gap"}
    bad = build(lambda t: spoil(t, "w_LDR(1)", "w_LDR(2)"))
    assert len(bad) == 14


@pytest.mark.parametrize("isa", ("avx2", "avx512"))
def test_checker_sees_n1c_paths(tmp_path, isa):
    """n1c's bodies: the contiguous interleaved one run as the swapped one
    fails the layouts it serves, and only those; one wrong load in the
    body fails every layout."""
    need(isa)
    n = 12

    def build(edit):
        src = tmp_path / "c.c"
        assert kgen("fft", "-n", n, "--simd", isa, "--kind", "n1c",
                    "--name", "c", "-o", src).returncode == 0
        text = src.read_text()
        spoilt = edit(text)
        assert spoilt != text
        src.write_text(spoilt)
        exe = cc([TESTS / "simdcheck.c", src], tmp_path / "c",
                 flags=[*ISA[isa].flags, "-DFUNC=c"], libs=["-lfftw3", "-lm"])
        res, _ = results(run([exe, n, -1]).stdout)
        return {case.split("/")[0] for case, err, hits in res[(n, -1)]
                if not err <= bound(n, "double") or hits}
    bad = build(lambda t: t.replace("2, 2, 1);", "2, 2, 2);", 1))
    # (inter-tmajor-inplace at v = 1 is contiguous interleaved too)
    assert bad == {"inter", "inter-inplace", "inter-tmajor-inplace"}
    bad = build(lambda t: t.replace("(ri + 1 * is, ii + 1 * is,",
                                    "(ri + 2 * is, ii + 2 * is,", 1))
    assert len(bad) == 14
    # the staged stores to split unit-stride outputs (two transforms a
    # 32-byte vector with AVX2, four a 64-byte one with AVX-512: double
    # has no 32-byte loop there, emit/cxl.c's widetypes)
    if isa == "avx2":
        old, new = ("_mm256_permute2f128_pd(l0, l1, 0x20)",
                    "_mm256_permute2f128_pd(l0, l1, 0x31)")
    else:
        old, new = ("x = _mm512_permutex2var_pd(l0, ab, l1);",
                    "x = _mm512_permutex2var_pd(l0, cd, l1);")
    bad = build(lambda t: t.replace(old, new, 1))
    assert bad == {"split-inplace", "inter-leaf", "split-leaf"}
    # the vector stores to adjacent interleaved transforms (ovs == 2, how
    # 4): parts swapped there fail the layouts that store so, and only
    # those
    b, c = ("256", "D") if isa == "avx2" else ("512", "E")
    bad = build(lambda t: t.replace(
        f"_mm{b}_storeu_pd(r, (__m{b}d)x);",
        f"_mm{b}_storeu_pd(r, (__m{b}d)KGEN_CXL_SWAP_{c}(x));", 1))
    assert bad == {"inter-tmajor", "inter-tmajor-inplace", "gap-tmajor",
                   "split-tmajor-inter"}
    # the peel of side-by-side transforms up to a vector boundary (the
    # two layouts placed off one): one transform short there
    bad = build(lambda t: t.replace("(ri, ii, ro, io, is, os, j, ivs, ovs);",
                                    "(ri, ii, ro, io, is, os, j - 1, ivs, "
                                    "ovs);", 1))
    assert bad == {"inter-tmajor", "inter-tmajor-inplace"}


def test_checker_sees_wrong_sign(tmp_path):
    """A backward codelet checked as a forward one fails every case."""
    if BEST == "scalar":
        pytest.skip("this CPU runs no SIMD ISA")
    src = tmp_path / "back.c"
    assert kgen("fft", "-n", 16, "--sign", 1, "--simd", BEST, "--name",
                "back", "-o", src).returncode == 0
    exe = cc([TESTS / "simdcheck.c", src], tmp_path / "back",
             flags=[*ISA[BEST].flags, "-DFUNC=back"], libs=["-lfftw3", "-lm"])
    res, _ = results(run([exe, 16, -1]).stdout)
    assert len(failures(res, "double")) == NCASES


# ---- the command line -----------------------------------------------------

def test_cli_bad_isa():
    p = kgen("fft", "-n", 8, "--simd", "avx3")
    assert p.returncode == 2
    assert p.stderr.startswith("kgen: ") and p.stderr.count("\n") == 1
    assert "sse2" in p.stderr and "avx512" in p.stderr


def test_cli_simd_not_cuda():
    p = kgen("fft", "-n", 8, "--simd", "avx2", "--emit", "cuda")
    assert p.returncode == 2 and p.stderr.startswith("kgen: ")


@pytest.mark.parametrize("args,msg", [
    (("-n", 18, "--simd", "avx2"), "multiple of the 4 lanes"),
    (("-n", 12, "--simd", "avx2"), "at least 16"),
    (("-n", 64), "give --simd"),
    (("-n", 64, "--simd", "avx2", "--emit", "cuda"), "--simd"),
])
def test_cli_n1w_errors(args, msg):
    p = kgen("fft", "--kind", "n1w", *args)
    assert p.returncode == 2 and not p.stdout
    assert p.stderr.startswith("kgen: ") and p.stderr.count("\n") == 1
    assert msg in p.stderr


def test_cli_n1c_needs_simd():
    p = kgen("fft", "--kind", "n1c", "-n", 12)
    assert p.returncode == 2 and not p.stdout
    assert p.stderr.startswith("kgen: ") and p.stderr.count("\n") == 1
    assert "give --simd" in p.stderr


@pytest.mark.parametrize("args,msg", [
    (("--simd", "sse2"), "needs 32-byte vectors; give --simd avx2 or avx512"),
    (("--simd", "avx2", "-n", "4"), None),
    (("--simd", "avx2", "-n", "2"), "a multiple of 2 (complex numbers a "
     "vector) and at least 4"),
    (("--simd", "avx512", "-n", "6"), "a multiple of 4 (complex numbers a "
     "vector) and at least 8"),
    (("--simd", "avx2", "--type", "float", "-n", "4"), "at least 8"),
    (("--simd", "avx2", "--type", "float", "-n", "6"), None),
    (("--simd", "avx512", "--type", "float", "-n", "7"), "a multiple of 2 "
     "(complex numbers a vector) and at least 4"),
    (("-n", "8",), "needs 32-byte vectors; give --simd avx2 or avx512"),
])
def test_cli_n1x_sizes(args, msg):
    """n1x needs 32-byte vectors and n a multiple of W (2 avx2 double and
    float n not a multiple of 4, else 4), at least 2W; anything else is
    one kgen: line, exit 2."""
    if "-n" not in args:
        args = args + ("-n", "12")
    p = kgen("fft", "--kind", "n1x", *args)
    if msg is None:
        assert p.returncode == 0, p.stderr
        n = int(args[args.index("-n") + 1])
        assert "its 2 sub-transforms of size %d" % (n // 2) in p.stdout
        return
    assert p.returncode == 2 and not p.stdout
    assert p.stderr.startswith("kgen: ") and p.stderr.count("\n") == 1
    assert msg in p.stderr, p.stderr


def test_n1c_counts_are_complex():
    """One DAG value is one complex number: the n1c codelet of size 8
    has 8 loads and 8 stores, and reports them as vectors."""
    from conftest import header_counts
    p = kgen("fft", "-n", 8, "--kind", "n1c", "--simd", "avx2")
    assert p.returncode == 0, p.stderr
    c = header_counts(p.stdout)
    assert "n1c codelet" in p.stdout and "Counts are of vectors" in p.stdout
    assert c["loads"] == 8 and c["stores"] == 8, c


@pytest.mark.parametrize("isa", ISAS)
def test_cli_same_bytes(isa):
    a = kgen("fft", "-n", 12, "--simd", isa, "--fma", "--type", "float")
    b = kgen("fft", "-n", 12, "--simd", isa, "--fma", "--type", "float")
    assert a.returncode == 0 and a.stdout == b.stdout
    assert "transform j + l, %d at a time" % lanes(isa, "float") in a.stdout


@pytest.mark.parametrize("n", (5, 16, 64))
def test_counts_match_scalar(n):
    """One DAG value is one vector: a SIMD codelet reports the scalar
    codelet's counts for the same options."""
    from conftest import header_counts
    s = kgen("fft", "-n", n, "--fma", "--schedule", "co")
    for isa in ISAS:
        v = kgen("fft", "-n", n, "--fma", "--schedule", "co", "--simd", isa)
        assert v.returncode == 0
        assert header_counts(v.stdout) == header_counts(s.stdout)
