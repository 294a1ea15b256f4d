"""Memory errors and leaks under valgrind's memcheck: bin/kgen for a few
sizes and kinds of codelet (and on a refused input), and a program using
libkgen (tests/rtapi.c).  Any invalid access, use of an uninitialised
value or definite/indirect leak makes valgrind exit 99.  Skipped where
valgrind is absent, and under `make asan` (a sanitized binary cannot run
under valgrind; ASan's leak checker covers that run).
"""
import shutil

import pytest

from conftest import KGEN, ROOT, SANITIZE, TESTS, cc, pmap, run

VALGRIND = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full",
            "--show-leak-kinds=definite,indirect",
            "--errors-for-leak-kinds=definite,indirect"]

pytestmark = [
    pytest.mark.skipif(not shutil.which("valgrind"),
                       reason="valgrind is not installed"),
    pytest.mark.skipif(bool(SANITIZE),
                       reason="sanitized build: ASan checks it instead"),
]

# (kgen arguments, expected exit status)
RUNS = [(("fft", "-n", "16"), 0),
        (("fft", "-n", "64", "--fma"), 0),
        (("fft", "-n", "97", "--type", "float", "--sign", "1"), 0),
        (("fft", "-n", "256"), 0),
        (("fft", "-n", "0"), 2),
        (("fft", "-n", "8", "-o", "/nonexistent/x.c"), 2)]


def memcheck(args, expect):
    p = run([*VALGRIND, *args])
    return "" if p.returncode == expect else \
        "%s: exit %d, expected %d\n%s" % (" ".join(map(str, args)),
                                          p.returncode, expect,
                                          p.stderr[-3000:])


def test_kgen_under_valgrind(kgen_bin, tmp_path):
    runs = [([KGEN, *a, *(("-o", tmp_path / ("%d.c" % i)) if e == 0
                          else ())], e) for i, (a, e) in enumerate(RUNS)]
    bad = [r for r in pmap(lambda x: memcheck(*x), runs) if r]
    assert not bad, "\n".join(map(str, bad))


def test_runtime_under_valgrind(libkgen, tmp_path):
    exe = cc([TESTS / "rtapi.c"], tmp_path / "rtapi",
             flags=["-I", ROOT / "runtime"], libs=[libkgen, "-lm"])
    err = memcheck([exe], 0)
    assert not err, err


def test_valgrind_sees_a_leak(tmp_path):
    """The options above do catch a leak."""
    src = tmp_path / "leak.c"
    src.write_text("#include <stdlib.h>\nvoid *volatile p;\n"
                   "int main(void) { p = malloc(64); p = 0; return 0; }\n")
    exe = cc([src], tmp_path / "leak")
    assert run([*VALGRIND, exe]).returncode == 99
