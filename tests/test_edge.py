"""The runtime at the edges (issue 15): sizes near INT_MAX, layouts whose
offsets overflow ptrdiff_t, and transforms of size 1.

tests/edgesize.c is linked with the planner (runtime/plan*.c), real.c and
gemm.c built under -fsanitize=undefined (no recovery), so signed
overflow on these paths aborts it, and it runs under a timeout, so a
planner that spins fails instead of hanging the suite:
- kgen_next_fast_size(n) for n up to INT_MAX: the 7-smooth answer, or 0
  above KGEN_FAST_MAX (it used to loop forever from 2144153026 on);
- every plan function returns NULL at once above KGEN_PLAN_MAX, for
  Bluestein sizes above KGEN_PLAN_MAX / 2 (1073741823 and 1072076514..2^30
  spun) and for layouts whose largest offset exceeds PTRDIFF_MAX bytes;
- kgen_dgemm refuses matrices larger than the address space with
  KGEN_EINVAL and gets through the size checks of 2^21 + 1 cubed (a
  64-bit m*n*k overflows) without UB.
tests/edgeone.c runs every size-1 layout (complex, batched, interleaved,
in place, r2c, c2r, both precisions, every ISA) in arrays of exactly the
right size with guard values, under valgrind where it is installed.
"""
import bisect
import os
import re
import shutil

import pytest

from conftest import ROOT, RUNNABLE, SANITIZE, TESTS, cc, run

RUNTIME = ROOT / "runtime"
KGEN_H = (RUNTIME / "kgen.h").read_text()
INT_MAX = 2**31 - 1
FAST_MAX = 2144153025           # 3^6 5^2 7^6
PLAN_MAX = 2**30
UBSAN = ["-fsanitize=undefined", "-fno-sanitize-recover=all"]
ASAN = any("address" in f for f in SANITIZE)


def smooth():
    """Every 2^a 3^b 5^c 7^d up to INT_MAX, sorted."""
    out = []
    p7 = 1
    while p7 <= INT_MAX:
        p5 = p7
        while p5 <= INT_MAX:
            p3 = p5
            while p3 <= INT_MAX:
                m = p3
                while m <= INT_MAX:
                    out.append(m)
                    m *= 2
                p3 *= 3
            p5 *= 5
        p7 *= 7
    return sorted(out)


@pytest.fixture(scope="module")
def edgesize(libkgen, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("edge")
    # the flags of the library's build (mk/lib.mk: CPPFLAGS, RT_FLAGS)
    inc = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-I", ROOT, "-I",
           RUNTIME, "-I", ROOT / "build" / "runtime",
           "-DKGEN_VERSION=\"test\"", *UBSAN]
    objs = []
    for src in ("plan", "planest", "planmeas", "planexec", "planconv",
                "real", "gemm"):
        objs.append(cc([RUNTIME / (src + ".c")], tmp / (src + ".o"),
                       flags=["-c", *inc], opt="-O1"))
        if src != "gemm":
            objs.append(cc([RUNTIME / (src + ".c")], tmp / (src + "f.o"),
                           flags=["-c", "-DKGEN_SINGLE", *inc], opt="-O1"))
    return cc([TESTS / "edgesize.c", *objs], tmp / "edgesize",
              flags=["-std=c11", "-D_DEFAULT_SOURCE", "-I", RUNTIME,
                     *UBSAN], libs=[libkgen, "-lm"], opt="-O1")


def drive(exe, *args, timeout=60):
    p = run([exe, *args], timeout=timeout)
    assert p.returncode == 0 and "runtime error" not in p.stderr, \
        "edgesize %s: exit %d\n%s" % (" ".join(map(str, args)),
                                       p.returncode, p.stderr[-2000:])
    return [line.split() for line in p.stdout.splitlines()]


def test_next_fast_size_to_int_max(edgesize):
    table = smooth()
    assert table[-1] == FAST_MAX
    ns = [-5, 0, 1, 2, 7, 11, 13, 1000, 1001, 65537, 2**30 + 1,
          1072076514 * 2 - 1, 2143588811, FAST_MAX - 1, FAST_MAX,
          FAST_MAX + 1, 2147000000, INT_MAX - 1, INT_MAX]
    rows = drive(edgesize, "fast", *ns, timeout=20)
    assert len(rows) == len(ns)
    for (_, n, m), want in zip(rows, ns):
        n = int(n)
        if n <= 1:
            want = 1
        elif n > FAST_MAX:
            want = 0
        else:
            want = table[bisect.bisect_left(table, n)]
        assert int(m) == want, "kgen_next_fast_size(%d) = %s, not %d" % (
            n, m, want)
    assert "#define KGEN_FAST_MAX %d" % FAST_MAX in KGEN_H


# Sizes the planner must refuse at once: above KGEN_PLAN_MAX, and sizes
# with a prime factor above 64 (Bluestein) above KGEN_PLAN_MAX / 2,
# among them the ones that spun in kgen_next_fast_size.
REFUSED = [PLAN_MAX + 1, 1073741823, 1072076514, 1072076515, 2**29 + 1,
           FAST_MAX + 1, INT_MAX - 1, INT_MAX]


@pytest.mark.skipif(ASAN, reason="needs RLIMIT_AS, which ASan cannot run "
                    "under")
def test_huge_plans_are_refused_quickly(edgesize):
    # the address space capped at 2 GiB: sizes the planner accepts (the
    # real plans of even n run n/2, and 2^30 itself) fail for want of
    # memory instead of taking gigabytes; 1000 and 1009 (Bluestein) are
    # the control that plans still work under the cap
    rows = drive(edgesize, "-m", 2048, "plan", *REFUSED, PLAN_MAX, 1000,
                 1009, timeout=60)
    assert len(rows) == 8 * (len(REFUSED) + 3)
    for _, kind, n, res in rows:
        n = int(n)
        if n in (1000, 1009):
            assert res == "plan", (kind, n)
        else:
            assert res == "null", "%s of size %d made a plan" % (kind, n)
    assert "#define KGEN_PLAN_MAX (1 << 30)" in KGEN_H


def test_many_offsets_past_ptrdiff_are_refused(edgesize):
    rows = drive(edgesize, "many", timeout=30)
    assert len(rows) == 7
    for _, name, dbl, flt in rows:
        want = "plan" if name == "control" else "null"
        assert (dbl, flt) == (want, want), name


def test_dgemm_huge_sizes(edgesize):
    rows = drive(edgesize, "gemm", timeout=30)
    einval = int(re.search(r"#define KGEN_EINVAL\s+\((-\d+)\)",
                           KGEN_H).group(1))
    got = {r[1]: r[2] for r in rows if r[0] == "gemm"}
    for case in ("intmax", "lda", "ldc", "ldb"):
        assert got.get(case) == str(einval), (case, rows)
    # 2^21 + 1 cubed got past the checks to the (unreadable) matrices
    assert rows[-1] == ["reached", "the", "matrices"], rows


@pytest.fixture(scope="module", params=["double", "float"])
def edgeone(request, libkgen, tmp_path_factory):
    exe = tmp_path_factory.mktemp("one") / ("edgeone_" + request.param)
    single = ["-DSINGLE"] if request.param == "float" else []
    return cc([TESTS / "edgeone.c"], exe, opt="-O1",
              flags=["-std=c11", "-Werror", *single, "-I", RUNTIME],
              libs=[libkgen, "-lm"])


@pytest.mark.parametrize("isa", RUNNABLE)
def test_size_one_stays_in_its_arrays(edgeone, isa):
    env = dict(os.environ, KGEN_ISA=isa)
    cmd = [edgeone]
    # valgrind sees reads and writes past the exact-size arrays (it hides
    # AVX-512, so that ISA falls back to AVX2 there); ASan builds cannot
    # run under it
    if shutil.which("valgrind") and not SANITIZE:
        cmd = ["valgrind", "-q", "--error-exitcode=9"] + cmd
    p = run(cmd, env=env, timeout=120)
    assert p.returncode == 0, p.stderr[-3000:]
    rows = [line.split() for line in p.stdout.splitlines()]
    assert len(rows) == 2 * (1 + 12 * 32)
    bad = [" ".join(r) for r in rows if r[-1] != "0"]
    assert not bad, "size-1 transforms out of bounds or wrong:\n" + \
        "\n".join(bad[:20])
