"""The fuzzers of tests/fuzz/ in make check: a short smoke run of each
(38 s in all) against the build under test, the saved corpus
replayed, and checks that the command-line contract checker fails on a
program that breaks each clause.  make fuzz runs them for minutes under
ASan and UBSan (mk/check.mk).

The seed is fixed (KGEN_FUZZ_SEED overrides it) and printed on failure;
a finding is saved under tests/fuzz/corpus/ as a regression case."""
import os
import re
import stat
import sys

import pytest

from conftest import ALL, CC, KGEN, LIBDIR, ROOT, SANITIZE, kgen, run

sys.path.insert(0, str(ROOT / "tests" / "fuzz"))
import api      # noqa: E402
import cli      # noqa: E402
import taps     # noqa: E402
from common import Stats, Tools, load_corpus   # noqa: E402

SEED = int(os.environ.get("KGEN_FUZZ_SEED", "15"))
SMOKE = {"cli": 20, "taps": 8, "api": 10}   # seconds
MODULES = {"cli": cli, "taps": taps, "api": api}


@pytest.fixture(scope="module")
def tools(tmp_path_factory):
    """kgen and the two harnesses, built here with the suite's compiler
    and sanitizer flags against the library under test."""
    d = tmp_path_factory.mktemp("fuzz")
    flags = [CC, "-std=c11", "-O1", "-g", "-Wall", "-Wextra", "-Wpedantic",
             "-Werror", *SANITIZE]
    tapsrun, apirun = d / "tapsrun", d / "apirun"
    for args in ([*flags, "-D_POSIX_C_SOURCE=200809L", "-I" + str(ROOT),
                  "-I" + str(ROOT / "dag"), "-o", tapsrun,
                  ROOT / "tests/fuzz/tapsrun.c", ROOT / "driver/taps.c",
                  "-lm"],
                 [*flags, "-I" + str(ROOT / "runtime"), "-o", apirun,
                  ROOT / "tests/fuzz/apirun.c", ROOT / "tests/fuzz/apind.c",
                  LIBDIR / "libkgen.a", "-lm"]):
        p = run(args)
        assert p.returncode == 0, p.stderr
    return Tools(KGEN, tapsrun, apirun, timeout=10)


def test_every_help_option_is_fuzzed(kgen_bin):
    """An option new in --help must be added to cli.py's tables."""
    named = set(re.findall(r"(?<![\w-])(--?[a-z][a-z0-9-]*)",
                           kgen("--help").stdout))
    compilers = {f.split("=")[0] for i in ALL for f in i.flags} | {
        "-maxrregcount", "-v", "-c", "-ffp-contract"}
    assert named - compilers == cli.OPTIONS


@pytest.mark.parametrize("target", sorted(SMOKE))
def test_fuzz_smoke(tools, target):
    stats = Stats()
    MODULES[target].fuzz(SEED, SMOKE[target], tools, stats)
    assert stats.cases.get(target, 0) > 0
    assert not stats.findings, "seed %d: %s" % (SEED, stats.findings[:3])


@pytest.mark.parametrize("target", sorted(SMOKE))
def test_corpus_replays(tools, target):
    """Every saved case (findings and the issue's hand-made ones) keeps
    the contract now."""
    cases = load_corpus(target)
    assert cases, "no corpus for %s" % target
    bad = [(p.name, probs) for p, c in cases
           for probs in [MODULES[target].check(c, tools)] if probs]
    assert not bad, bad


# Programs that each break one clause of the command-line contract.
BREAKERS = {
    "two lines": 'echo "kgen: a" >&2; echo "b" >&2; exit 2',
    "no kgen: prefix": 'echo "error" >&2; exit 2',
    "stdout on error": 'echo out; echo "kgen: x" >&2; exit 2',
    "exit 1": 'exit 1',
    "signal": 'kill -SEGV $$',
    "partial file": 'echo x > left.tmp123; echo "kgen: x" >&2; exit 2',
    "temporary dir": 'echo a > x.c; mkdir "$TMPDIR/kgen-ptxas.1"',
    "not byte-identical": 'date +%N',
    "-o not the same text": 'echo a > x.c',
    "sanitizer": 'echo a > x.c; echo "==1==ERROR: AddressSanitizer" >&2',
    "hangs": 'sleep 30',
    "-o ignored": 'echo codelet; exit 0',
}


@pytest.mark.parametrize("name", sorted(BREAKERS))
def test_cli_checker_catches(tmp_path, name):
    prog = tmp_path / "kgen"
    prog.write_text("#!/bin/sh\n" + BREAKERS[name] + "\n")
    prog.chmod(prog.stat().st_mode | stat.S_IXUSR)
    args = ["fft", "-n", "8"] + ([] if name == "not byte-identical"
                                 else ["-o", "x.c"])
    problems = cli.check({"args": args},
                         Tools(prog, timeout=2))
    assert problems, name


# A program that keeps the -o contract: the value of its last -o option
# names the file, "-o" included; an -o with no value is an error.
O_KEEPER = r"""out= prev=
for a; do
    if [ "$prev" = -o ]; then out=$a; prev=; continue; fi
    prev=$a
done
[ "$prev" = -o ] && { echo "kgen: -o: missing value" >&2; exit 2; }
if [ -n "$out" ]; then echo codelet > "./$out"; else echo codelet; fi
"""


def test_cli_checker_reads_o_as_kgen_does(tmp_path):
    """The rerun without -o drops each -o option with its value, read as
    kgen reads them: `-o -o` writes the file "-o" (the case of
    corpus/cli/issue44-o-named-o.json, which the harness once reran as
    `... -o`, a missing value, and reported against a right kgen)."""
    argv = ["fft", "-n", "8", "--kind", "t1v", "--simd", "avx2", "-o", "-o"]
    assert cli.out_options(argv) == [7]
    assert cli.without_out(argv) == argv[:7]
    assert cli.without_out(["-o", "a.c", "fft", "-o", "-o", "--fma"]) == [
        "fft", "--fma"]
    assert cli.without_out(["fft", "--name", "-o", "x.c"]) == [
        "fft", "--name", "-o", "x.c"]
    assert cli.out_options(["fft", "-n", "8", "-o"]) == []
    prog = tmp_path / "kgen"
    prog.write_text("#!/bin/sh\n" + O_KEEPER)
    prog.chmod(prog.stat().st_mode | stat.S_IXUSR)
    for args in (argv, argv[:7] + ["-o", "x.c"], ["-o", "-o", "fft"],
                 ["-o", "a.c", "fft", "-o", "b.c"]):
        assert cli.check({"args": args}, Tools(prog, timeout=2)) == [], \
            args


def test_api_judge_catches():
    """The API judge rejects wrong statuses, large errors and writes by a
    failed call."""
    good = {"call": "dft 1 8 -1 1 1 1 8 8 0 0 0"}
    assert api.judge(good, "0 1e-16 0") == []
    assert api.judge(good, "-3 -1 0")
    assert api.judge(good, "0 1e-10 0")
    assert api.judge({"call": "dft 1 8 -1 1 1 1 8 8 0 1 0"}, "-1 -1 1")
    assert api.judge({"call": "plan 1 1073741823 1 1 1 -1 0 0 0 1"},
                     "0 1e-16 0")
    assert api.judge({"call": "fast 1000"}, "1001 -1 0")
    assert api.judge({"call": "fast 1000"}, "1000 -1 0") == []
