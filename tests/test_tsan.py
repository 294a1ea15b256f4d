"""The library on 2, 4 and 8 threads from a cold start, under
ThreadSanitizer, on every ISA (KGEN_ISA): `make tsan` builds the runtime
with -fsanitize=thread into build/tsan/ and tests/tsancheck.c, then runs
this file (KGEN_TSAN names the program).  Without that build (make check)
the tests skip: TSan cannot be combined with the ASan of `make asan`.

Each run calls kgen_dft/kgen_dftf, creates, runs and destroys complex and
real plans in both precisions, and calls kgen_dgemm and kgen_selftest on
every thread at once, checking every result; and on the library's own
threads (kgen_plan_with_nthreads 2, 3 and 5, set while the others run): a
kgen_dgemm cut into parts and 2-D complex and real plans, against direct
products and DFTs.  TSan must report nothing, and every 2-D plan must be
made (tsancheck notes a NULL one on stderr and skips it).
test_tsan_sees_a_race runs one plan in place on two threads at once,
which kgen.h forbids, and TSan must report that race: the runtime's
memory accesses are watched (the codelets, which touch only their
arguments, are not instrumented).
"""
import os

import pytest

from conftest import ROOT, run

TSAN = ROOT / os.environ.get("KGEN_TSAN", "build/tsan/tsancheck")
ISAS = ("scalar", "sse2", "avx2", "avx512")
ENV = dict(os.environ, TSAN_OPTIONS="halt_on_error=1 exitcode=66")

pytestmark = pytest.mark.skipif(not TSAN.exists(),
                                reason="needs `make tsan` (%s)" % TSAN)


@pytest.mark.parametrize("threads", [2, 4, 8])
@pytest.mark.parametrize("isa", ISAS)
def test_tsan_threads(isa, threads):
    p = run([TSAN, threads], env=dict(ENV, KGEN_ISA=isa), timeout=600)
    assert "ThreadSanitizer" not in p.stderr, p.stderr[-4000:]
    assert p.returncode == 0, p.stdout + p.stderr[-4000:]
    line = p.stdout.strip()
    assert line.startswith("%d threads, isa " % threads), line
    used = line.split()[3].rstrip(":")
    if used != isa:     # KGEN_ISA is capped to what the CPU runs
        assert ISAS.index(used) < ISAS.index(isa), line
        pytest.skip("this CPU does not run %s (capped to %s)" % (isa, used))
    assert line.endswith("all results right")
    assert "gave NULL" not in p.stderr, p.stderr


def test_tsan_sees_a_race():
    p = run([TSAN, 2, "--race"], env=dict(ENV, KGEN_ISA="scalar"),
            timeout=600)
    assert p.returncode == 66, p.stdout + p.stderr[-2000:]
    assert "WARNING: ThreadSanitizer: data race" in p.stderr
    assert "plan.c" in p.stderr


def test_tsancheck_usage():
    p = run([TSAN, 0])
    assert p.returncode == 2 and p.stderr.startswith("kgen: ")
