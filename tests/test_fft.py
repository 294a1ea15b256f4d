"""n1 codelets against FFTW, in every layout of tests/fftcheck.c.

Two sets:
- the library: every codelet of lib/libkgen.a (n = 1..64, double and
  float), forward and backward, through kgen_dft/kgen_dftf;
- the generator: bin/kgen's output for every n in 1..128 (double,
  forward), float and backward on a sample, and a sample of larger sizes
  up to the limit.
Each transform must stay within docs/design.md's bound, 1e-14 (1 + log2 n) in
double and 2e-5 (1 + log2 n) in float, with no guard hit (a write outside
the outputs or into the inputs).  FFTW's double transform of the very
same inputs is the reference for both precisions.  The seed is fixed and
printed on failure.

Generated codelets are compiled at -O0 (quick; the arithmetic is the same
IEEE arithmetic at any level); the library's are the -O2 objects make
built.  A few tests feed the checker a wrong codelet on purpose, to show
that it can fail.
"""
import os
import sys

import pytest

from conftest import (KGEN, ROOT, SANITIZE, TESTS, BuildError, bound, cc,
                      cname, parse_check, pmap, run)

LAYOUTS = ("split", "interleaved", "strided", "batched", "inplace",
           "inplace-str")
LARGE = (144, 210, 211, 256, 257, 360, 509, 512, 720, 1000, 1024)
SAMPLE = tuple(range(1, 17)) + (17, 23, 25, 27, 31, 32, 37, 49, 60, 64,
                                97, 100, 121, 127, 128, 211, 256, 1024)


def cases():
    c = [(n, "double", -1) for n in tuple(range(1, 129)) + LARGE]
    for prec, sign in (("double", 1), ("float", -1), ("float", 1)):
        c += [(n, prec, sign) for n in SAMPLE]
    if SANITIZE:
        # under make asan, compiling the largest codelets with the
        # sanitizers costs minutes and finds nothing the others miss
        c = [x for x in c if x[0] <= 256 or x[0] == 1024]
    return c


CASES = cases()
CHUNK = 24      # codelets per fftcheck program: a crash blames few


def fftcheck(tmp, tag, prec, entries, objs, libs=()):
    """Builds fftcheck over entries [(name, n, sign)] and runs it."""
    lst = tmp / (tag + ".h")
    lst.write_text("".join("C(%s, %d, %d)\n" % e for e in entries))
    exe = cc([TESTS / "fftcheck.c", *objs], tmp / tag,
             flags=["-I", tmp, "-DREAL=" + prec, '-DLIST="%s"' % lst.name],
             libs=[*libs, "-lfftw3", "-lm"])
    p = run([exe])
    if p.returncode:
        raise BuildError("%s exited %d: %s" % (tag, p.returncode,
                                               p.stderr[-2000:]))
    return p.stdout


@pytest.fixture(scope="session")
def generated(codelets, tmp_path_factory, kgen_bin):
    """{codelet name: {layout: (err, hits)} or an exception}, and seed."""
    tmp = tmp_path_factory.mktemp("fftcheck")
    objs = codelets.objects(CASES)
    jobs = []
    for prec in ("double", "float"):
        good = [s for s in CASES if s[1] == prec
                and not isinstance(objs[s], Exception)]
        for i in range(0, len(good), CHUNK):
            jobs.append((prec, i, good[i:i + CHUNK]))

    def one(job):
        prec, i, specs = job
        entries = [(cname(*s), s[0], s[2]) for s in specs]
        return fftcheck(tmp, "%s%d" % (prec, i), prec, entries,
                        [objs[s] for s in specs])

    res, seed = {}, None
    for job, out in zip(jobs, pmap(one, jobs)):
        if isinstance(out, Exception):
            for s in job[2]:
                res[cname(*s), s[2]] = out
        else:
            r, seed = parse_check(out)
            res.update(r)
    for s, o in objs.items():
        if isinstance(o, Exception):
            res[cname(*s), s[2]] = o
    return res, seed


def verify(results, seed, name, n, sign, prec):
    r = results.get((name, sign))
    if isinstance(r, Exception):
        pytest.fail("%s: %s" % (name, r))
    assert r is not None, "%s sign %d: no result" % (name, sign)
    assert sorted(r) == sorted(LAYOUTS), "%s: layouts %s" % (name, r)
    b = bound(n, prec)
    bad = {k: v for k, v in r.items() if not (v[0] <= b and v[1] == 0)}
    assert not bad, ("%s sign %d (seed %s): error above %.2e or guard hits "
                     "in (layout: (error, hits)) %s" % (name, sign, seed, b,
                                                       bad))


@pytest.mark.parametrize("n,prec,sign", CASES,
                         ids=["%d-%s-%s" % (n, p, "fwd" if s < 0 else "bwd")
                              for n, p, s in CASES])
def test_generated(generated, n, prec, sign):
    results, seed = generated
    verify(results, seed, cname(n, prec, sign), n, sign, prec)


# kgen_dft runs the widest vector codelet the CPU has (runtime/dispatch.c);
# KGEN_ISA=scalar makes it run the scalar codelets kgen_n1_N themselves.
ISAS = ("best", "scalar")


@pytest.fixture(scope="session")
def library(libkgen, tmp_path_factory):
    """The library through kgen_dft and kgen_dftf, both signs, with the
    CPU's best ISA and with the scalar codelets."""
    tmp = tmp_path_factory.mktemp("libcheck")

    def build(prec):
        fn = "kgen_dft" if prec == "double" else "kgen_dftf"
        return cc([TESTS / "fftcheck.c"], tmp / prec,
                  flags=["-I", ROOT / "runtime", "-DREAL=" + prec,
                         "-DRUNTIME=" + fn],
                  libs=[libkgen, "-lfftw3", "-lm"])
    exes = dict(zip(("double", "float"), pmap(build, ("double", "float"))))

    def one(job):
        prec, isa = job
        exe = exes[prec]
        if isinstance(exe, Exception):
            raise exe
        env = dict(os.environ)
        env.pop("KGEN_ISA", None)
        if isa != "best":
            env["KGEN_ISA"] = isa
        p = run([exe], env=env)
        if p.returncode or p.stderr:
            raise BuildError("%s: exit %d: %s" % (exe, p.returncode,
                                                 p.stderr[-2000:]))
        return parse_check(p.stdout)
    jobs = [(prec, isa) for prec in ("double", "float") for isa in ISAS]
    return dict(zip(jobs, pmap(one, jobs)))


# --fma chooses algorithms by their fused counts, so its codelets are
# other DAGs than the plain ones: every size where the choice differs and
# a sample of the rest.
FMA_SIZES = tuple(range(2, 33)) + (49, 64, 97, 121, 128)


@pytest.fixture(scope="module")
def fma_results(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fma")

    def one(n):
        src = tmp / ("n1_%d_fma.c" % n)
        p = run([KGEN, "fft", "-n", n, "--fma", "--name", "n1_%d_fma" % n,
                 "-o", src])
        if p.returncode:
            raise BuildError(p.stderr)
        obj = tmp / ("n1_%d_fma.o" % n)
        cc([src], obj, flags=["-c"])
        return obj
    objs = list(pmap(one, FMA_SIZES))
    for o in objs:
        if isinstance(o, Exception):
            raise o
    return parse_check(fftcheck(tmp, "fma", "double",
                                [("n1_%d_fma" % n, n, -1) for n in FMA_SIZES],
                                objs))


@pytest.mark.parametrize("n", FMA_SIZES)
def test_fma_codelets(fma_results, n):
    """kgen fft --fma codelets (double, forward) against FFTW."""
    results, seed = fma_results
    verify(results, seed, "n1_%d_fma" % n, n, -1, "double")


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("prec", ("double", "float"))
@pytest.mark.parametrize("n", range(1, 65))
def test_library(library, n, prec, isa):
    r = library[prec, isa]
    if isinstance(r, Exception):
        pytest.fail(str(r))
    results, seed = r
    name = ("n1_%d" if prec == "double" else "n1f_%d") % n
    for sign in (-1, 1):
        verify(results, seed, name, n, sign, prec)


def test_checker_catches_wrong_sign(codelets, tmp_path):
    """A forward codelet checked as a backward one must fail the bound."""
    spec = (8, "double", -1)
    obj = codelets.objects([spec])[spec]
    out = fftcheck(tmp_path, "wrongsign", "double",
                   [(cname(*spec), 8, 1)], [obj])
    r = parse_check(out)[0][cname(*spec), 1]
    assert len(r) == len(LAYOUTS)
    assert all(err > 0.1 for err, _ in r.values()), r


def test_checker_catches_stray_write(codelets, tmp_path):
    """A codelet that also writes one element past its last output must
    give guard hits in every layout but the in-place ones (where the
    element past the end may be another transform's input)."""
    spec = (16, "double", -1)
    src = codelets.source(spec).read_text()
    bad = tmp_path / "bad16.c"
    # the loop body's last line is "\t\t}": add a store before it
    i = src.rindex("\t}\n}")
    bad.write_text(src[:i] + "\t\tro[16 * os] = 0;\n" + src[i:])
    obj = cc([bad], tmp_path / "bad16.o", flags=["-c"])
    out = fftcheck(tmp_path, "stray", "double", [(cname(*spec), 16, -1)],
                   [obj])
    r = parse_check(out)[0][cname(*spec), -1]
    for layout in ("split", "interleaved", "strided", "batched"):
        assert r[layout][1] > 0, (layout, r)


def test_opcounts_at_most_genfft():
    """kgen's counts at every size of genfft's table, plain and --fma,
    must be at most genfft's (bench/opcounts.py --check)."""
    p = run([sys.executable, ROOT / "bench" / "opcounts.py", "--check",
             "--kgen", KGEN])
    assert p.returncode == 0, p.stdout + p.stderr
