"""Shared fixtures and helpers of kgen's tests.

Paths come from the environment so that `make asan` can point the same
tests at the sanitized build:
  KGEN            the generator (default bin/kgen)
  KGEN_LIBDIR     where libkgen.a lives (default lib/)
  KGEN_SANITIZE   extra flags for every C program the tests compile
  CC              the C compiler (default cc)
  CXX             the C++ compiler, for the CUDA tests' host code (c++)
Every test file takes these (and ROOT, TESTS) from here, and the ISAs
too: isadef.py reads isa.def and the CPU's flags once, and the names
below (ALL, ARCH, ISA, ISAS, NAMES, CPU, RUNS, RUNNABLE, BEST, lanes,
need) are its (ISAS and NAMES: the ISAs of this machine's architecture,
ALL: every one, NEON included), so that no test keeps a table of flags, lanes or registers, or
reads /proc/cpuinfo, of its own.

Compiling is the slow part of the suite, so codelets are generated and
compiled once per session, in parallel, and shared between test files
through the `codelets` fixture.
"""
import concurrent.futures
import math
import os
import pathlib
import re
import shlex
import subprocess
import threading

import pytest

# the helper modules of the assembly tests: pytest explains their asserts
pytest.register_assert_rewrite("asmhelp", "gemmhelp")

from isadef import (ALL, ARCH, BEST, CPU, ISA, ISAS, NAMES,  # noqa
                    RUNNABLE, RUNS, lanes, skip_reason)

ROOT = pathlib.Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
KGEN = str((ROOT / os.environ.get("KGEN", "bin/kgen")).resolve())
LIBDIR = (ROOT / os.environ.get("KGEN_LIBDIR", "lib")).resolve()
SANITIZE = shlex.split(os.environ.get("KGEN_SANITIZE", ""))
CC = os.environ.get("CC", "cc")
CXX = os.environ.get("CXX", "c++")
JOBS = max(2, os.cpu_count() or 2)


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true",
                     help="also run the tests marked slow (make check-slow)")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "slow: minutes of CPU; deselected unless --slow "
        "(make check-slow)")


def pytest_collection_modifyitems(config, items):
    """Deselects the tests marked slow unless --slow was given."""
    if config.getoption("--slow"):
        return
    slow = [i for i in items if i.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [i for i in items if not i.get_closest_marker("slow")]


def need(isa):
    """Skips the test unless this CPU runs isa (isa.def's architecture
    and CPU features, "scalar" always)."""
    if not RUNS[isa]:
        pytest.skip(skip_reason(isa))


def bound(n, prec):
    """docs/design.md's bound on the relative error of a size-n transform."""
    eps = 1e-14 if prec == "double" else 2e-5
    return eps * (1 + math.log2(n))


def n1check_rows(text):
    """tests/neoncheck.c's output (the cross-compiled n1 check, NEON's
    and RVV's) as {(name, layout): (n, err, guard hits)}."""
    rows = {}
    for line in text.splitlines():
        f = line.split()
        rows[(f[0], f[1])] = (int(f[2]), float(f[3]), int(f[4]))
    return rows


def n1check_failures(rows, prec):
    """The rows of n1check_rows past the bound or with a guard hit."""
    return ["%s %s n=%d: err %.3g, %d guard hits" % (k + v)
            for k, v in sorted(rows.items())
            if not v[1] <= bound(v[0], prec) or v[2]]


def run(args, **kw):
    """Runs a command, capturing text output; never raises on failure."""
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    return subprocess.run([str(a) for a in args], **kw)


def kgen(*args, **kw):
    return run([KGEN, *args], **kw)


class BuildError(Exception):
    pass


def cc(sources, out, flags=(), libs=(), opt="-O0"):
    """Compiles and links sources into out; BuildError on failure."""
    args = [CC, "-std=c99", opt, "-Wall", "-Wextra", *SANITIZE, *flags,
            "-o", out, *sources, *libs]
    p = run(args)
    if p.returncode:
        raise BuildError(" ".join(map(str, args)) + "\n" + p.stderr[-3000:])
    return out


_pool = None
_pool_lock = threading.Lock()


def pmap(fn, items):
    """fn over items on a shared thread pool (the work is in child
    processes, so threads suffice); exceptions come back as results."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = concurrent.futures.ThreadPoolExecutor(JOBS)

    def safe(x):
        try:
            return fn(x)
        except Exception as e:  # reported by the test that needs x
            return e
    return list(_pool.map(safe, items))


def cname(n, prec="double", sign=-1):
    """The symbol of a test codelet: n1_12_d_fwd, n1_7_f_bwd."""
    return "n1_%d_%s_%s" % (n, prec[0], "fwd" if sign < 0 else "bwd")


class Codelets:
    """Generated codelets and their objects, made once per session.

    A spec is (n, prec, sign).  objects(specs) generates and compiles the
    missing ones in parallel and returns {spec: path or exception}."""

    def __init__(self, dirpath):
        self.dir = pathlib.Path(dirpath)
        self.done = {}
        self.lock = threading.Lock()

    def source(self, spec):
        n, prec, sign = spec
        path = self.dir / (cname(*spec) + ".c")
        if not path.exists():
            p = kgen("fft", "-n", n, "--sign", sign, "--type", prec,
                     "--name", cname(*spec), "-o", path)
            if p.returncode:
                raise BuildError("kgen fft -n %d --sign %d --type %s: "
                                 "exit %d: %s" % (n, sign, prec,
                                                  p.returncode, p.stderr))
        return path

    def _make(self, spec):
        src = self.source(spec)
        obj = src.with_suffix(".o")
        cc([src], obj, flags=["-c"])
        return obj

    def objects(self, specs):
        specs = list(dict.fromkeys(specs))
        with self.lock:
            todo = [s for s in specs if s not in self.done]
        for s, r in zip(todo, pmap(self._make, todo)):
            with self.lock:
                self.done[s] = r
        return {s: self.done[s] for s in specs}


@pytest.fixture(scope="session")
def codelets(tmp_path_factory):
    return Codelets(tmp_path_factory.mktemp("codelets"))


@pytest.fixture(scope="session")
def kgen_bin():
    if not os.access(KGEN, os.X_OK):
        pytest.exit("%s is missing: run make first" % KGEN, returncode=2)
    return KGEN


@pytest.fixture(scope="session")
def libkgen():
    lib = LIBDIR / "libkgen.a"
    if not lib.exists():
        pytest.exit("%s is missing: run make first" % lib, returncode=2)
    return lib


@pytest.fixture(scope="session", params=["double", "float"])
def ndcheck(request, libkgen, tmp_path_factory):
    """tests/ndcheck.c and ndprob.c (the FFTW-style interface against
    FFTW) built against the library under test, in double or in float
    (-DSINGLE): (program, precision)."""
    exe = tmp_path_factory.mktemp("nd") / ("ndcheck_" + request.param)
    single = ["-DSINGLE"] if request.param == "float" else []
    cc([TESTS / "ndcheck.c", TESTS / "ndprob.c"], exe, opt="-O1",
       flags=["-std=c11", "-Werror", *single, "-I", ROOT / "runtime"],
       libs=[libkgen, "-lfftw3", "-lm", "-lpthread"])
    return exe, request.param


HEADER_COUNTS = re.compile(
    r"(\d+) additions, (\d+) multiplications, (\d+) FMAs, (\d+) negations,"
    r"\s*\*\s*(\d+) constants, (\d+) loads, (\d+) stores")


def header_counts(text):
    """The counts a codelet's header comment gives, as a dict."""
    m = HEADER_COUNTS.search(text)
    if not m:
        return None
    keys = ("adds", "muls", "fmas", "negs", "consts", "loads", "stores")
    return dict(zip(keys, map(int, m.groups())))


def parse_check(out):
    """Parses fftcheck/selfcheck output "name n sign what err [hits]"
    into {(name, sign): {what: (err, hits)}} and the seed."""
    res, seed = {}, None
    for line in out.splitlines():
        f = line.split()
        if f[:1] == ["seed"]:
            seed = int(f[1])
        elif len(f) >= 5:
            hits = int(f[5]) if len(f) > 5 else 0
            key = (f[0], int(f[2]))
            res.setdefault(key, {})[f[3]] = (float(f[4]), hits)
    return res, seed
