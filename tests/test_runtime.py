"""libkgen's registry and public API (tests/rtapi.c), and its install.

- every n in 1..KGEN_N1_MAX is in the registry in both precisions, with
  the counts its codelet's header gives (parsed here independently of
  runtime/mktable.awk), and nothing else is;
- kgen_dft/kgen_dftf refuse bad arguments with the documented status and
  leave the output alone;
- the backward transform (FFTW's swap trick) inverts the forward one:
  backward(forward(x)) = n x within the bound (test_fft.py also checks
  both directions against FFTW);
- `make install PREFIX=...` gives a tree where `pkg-config --cflags
  --libs kgen` builds a program that calls every codelet by name.
"""
import os
import re
import shutil

import pytest

import manifest
from conftest import (CC, KGEN, LIBDIR, NAMES, ROOT, TESTS, bound, cc,
                      header_counts, run)

RUNTIME = ROOT / "runtime"
NMAX = int(re.search(r"#define KGEN_N1_MAX (\d+)",
                     (RUNTIME / "kgen.h").read_text()).group(1))
# The status codes kgen.h documents.
OK, EINVAL, ESIGN, ENOSIZE = 0, -1, -2, -3


@pytest.fixture(scope="module")
def api(libkgen, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rtapi")
    exe = cc([TESTS / "rtapi.c"], tmp / "rtapi", flags=["-I", RUNTIME],
             libs=[libkgen, "-lm"])
    p = run([exe])
    assert p.returncode == 0 and p.stderr == "", p.stderr
    lines = [ln.split() for ln in p.stdout.splitlines()]
    by = {}
    for f in lines:
        by.setdefault(f[0], []).append(f[1:])
    return by


def test_table_holds_every_size_once(api):
    names = sorted((int(f[1]), f[2]) for f in api["codelet"])
    want = sorted((n, p) for n in range(1, NMAX + 1)
                  for p in ("double", "float"))
    assert names == want
    assert int(api["count"][0][0]) == len(want)
    for f in api["codelet"]:
        n, prec = int(f[1]), f[2]
        assert f[0] == ("kgen_n1_%d" if prec == "double"
                        else "kgen_n1f_%d") % n
        assert int(f[3]) == -1, "library codelets are forward"
        assert f[11] == "1", "%s: function pointer of the other type" % f[0]


def test_counts_equal_codelet_headers(api):
    keys = ("adds", "muls", "fmas", "negs", "consts", "loads", "stores")
    for f in api["codelet"]:
        n, prec = int(f[1]), f[2]
        src = ROOT / "codelets" / "n1" / "scalar" / (
            ("n1_%d.c" if prec == "double" else "n1f_%d.c") % n)
        want = header_counts(src.read_text())
        got = dict(zip(keys, map(int, f[4:11])))
        assert got == want, (src.name, got, want)
        # every input and output is a complex number: 2n loads, 2n stores
        assert got["loads"] == got["stores"] == 2 * n


def test_library_holds_the_manifest(libkgen):
    """Every line of codelets.def is a codelet in libkgen.a, made in its
    file, and every codelet in libkgen.a has its line (the vector ISAs of
    this machine's architecture only: no neon on x86); KGEN_N1_MAX is the
    manifest's largest n1."""
    lines = manifest.codelets()
    p = run(["nm", "-g", "--defined-only", libkgen])
    assert p.returncode == 0, p.stderr
    syms = {f[2] for f in map(str.split, p.stdout.splitlines())
            if len(f) == 3 and f[1] == "T"}
    want = {c.name for c in lines if c.isa == "scalar" or c.isa in NAMES}
    assert want <= syms, sorted(want - syms)[:10]
    families = ("n1", "n1f", "n1w", "n1wf", "n1c", "n1cf", "n1x", "n1xf",
                "n1xl", "n1xlf",
                "n1a", "n1af",
                "t1", "t1f", "t1v", "t1vf", "t1a", "t1af", "n1v", "n1vf",
                "gemmk")
    codelets = {s for s in syms if s.split("_")[1] in families
                and s.split("_")[-1][:1].isdigit()}
    assert codelets == want, sorted(codelets ^ want)[:10]
    for c in lines:
        if c.name in want:
            assert c.path.exists(), c.path
    assert NMAX == max(c.size for c in lines if c.family == "N1")


def test_lookup(api):
    for n, prec, name in api["lookup"]:
        n, prec = int(n), int(prec)
        present = 1 <= n <= NMAX and prec in (1, 2)
        if present:
            assert name == ("kgen_n1_%d" if prec == 1 else "kgen_n1f_%d") % n
        else:
            assert name == "-", (n, prec, name)


def test_refusals(api):
    status = {k: int(v) for k, v in api["status"]}
    want = {"sign0": ESIGN, "sign2": ESIGN, "n0": ENOSIZE,
            "nmax": ENOSIZE, "nullri": EINVAL, "nullio": EINVAL,
            "vneg": EINVAL, "v0": OK, "fsign0": ESIGN, "fnmax": ENOSIZE,
            "fnullro": EINVAL, "fvneg": EINVAL, "ok": OK, "fok": OK}
    assert status == want
    # a refused call, and v = 0, leave the output as it was
    assert all(v == "1" for k, v in api["untouched"]), api["untouched"]


def test_strerror(api):
    """Every status code kgen.h defines has its own message (KGEN_ENOMEM
    said "unknown status"); other numbers get "unknown status"."""
    codes = {int(v): k for k, v in re.findall(
        r"#define (KGEN_(?:OK|E[A-Z]+))\s+\(?(-?\d+)\)?[ \t]*(?:/\*|$)",
        (RUNTIME / "kgen.h").read_text(), re.M)}
    assert {"KGEN_OK", "KGEN_EINVAL", "KGEN_ESIGN", "KGEN_ENOSIZE",
            "KGEN_ENOMEM"} <= set(codes.values())
    assert min(codes) > -16, "rtapi.c prints codes down to -16"
    text = {int(f[0]): " ".join(f[1:]) for f in api["strerror"]}
    known = [text[c] for c in codes]
    assert "unknown status" not in known, codes
    assert len(set(known)) == len(codes) and all(known)
    assert text[1] == text[min(codes) - 1] == "unknown status"


def test_backward_inverts_forward(api):
    assert len(api["roundtrip"]) == 2 * NMAX
    for n, prec, err in api["roundtrip"]:
        # two transforms: twice the bound of one
        assert float(err) <= 2 * bound(int(n), prec), (n, prec, err)


def test_version_matches_generator(api):
    p = run([KGEN, "--version"])
    assert p.stdout.split()[1] == api["version"][0][0]


def clean_env():
    """The environment without make's job-server variables, so a make run
    from a test started by make check stands alone."""
    return {k: v for k, v in os.environ.items()
            if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}


def direct_calls_program():
    """A program that calls every codelet by its name and checks that the
    registry points at the same function."""
    lines = ["#include <kgen.h>", "#include <stdio.h>", "",
             "int", "main(void)", "{",
             "\tdouble x[2] = {1, 2}, y[2];", "\tfloat xf[2] = {1, 2}, yf[2];",
             "\tint bad = 0;", ""]
    for n in range(1, NMAX + 1):
        lines += [
            "\tbad += kgen_lookup(%d, KGEN_DOUBLE)->dft != kgen_n1_%d;"
            % (n, n),
            "\tbad += kgen_lookup(%d, KGEN_FLOAT)->dftf != kgen_n1f_%d;"
            % (n, n)]
    lines += ["\tkgen_n1_1(x, x + 1, y, y + 1, 1, 1, 1, 0, 0);",
              "\tkgen_n1f_1(xf, xf + 1, yf, yf + 1, 1, 1, 1, 0, 0);",
              "\tbad += y[0] != 1 || y[1] != 2 || yf[0] != 1 || yf[1] != 2;",
              '\tprintf("%s %d\\n", kgen_version(), bad);',
              "\treturn bad != 0;", "}", ""]
    return "\n".join(lines)


def test_install_and_pkg_config(tmp_path, libkgen):
    if not shutil.which("pkg-config"):
        pytest.skip("pkg-config is not installed")
    prefix = tmp_path / "prefix"
    p = run(["make", "-s", "install", "PREFIX=%s" % prefix], cwd=ROOT,
            env=clean_env())
    assert p.returncode == 0, p.stdout + p.stderr
    for f in ("bin/kgen", "include/kgen.h", "lib/libkgen.a",
              "lib/libkgen.so", "lib/pkgconfig/kgen.pc"):
        assert (prefix / f).exists(), f
    env = dict(os.environ, PKG_CONFIG_PATH=str(prefix / "lib/pkgconfig"))
    flags = run(["pkg-config", "--cflags", "--libs", "kgen"], env=env)
    assert flags.returncode == 0, flags.stderr
    assert str(prefix) in flags.stdout
    version = run(["pkg-config", "--modversion", "kgen"], env=env).stdout
    src = tmp_path / "direct.c"
    src.write_text(direct_calls_program())
    exe = tmp_path / "direct"
    p = run([CC, "-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror",
             "-o", exe, src, *flags.stdout.split()])
    assert p.returncode == 0, p.stderr
    # the shared library, found through LD_LIBRARY_PATH
    p = run([exe], env=dict(os.environ,
                            LD_LIBRARY_PATH=str(prefix / "lib")))
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.split() == [version.strip(), "0"]
    p = run([prefix / "bin/kgen", "--version"])
    assert p.returncode == 0 and version.strip() in p.stdout
    # the static library alone, as `pkg-config --static` users link it
    static = tmp_path / "static"
    p = run([CC, "-std=c99", "-o", static, src,
             "-I%s" % (prefix / "include"), prefix / "lib/libkgen.a", "-lm"])
    assert p.returncode == 0, p.stderr
    assert run([static]).returncode == 0


@pytest.mark.parametrize("isa", ["scalar", "sse2", "avx2", "avx512"])
def test_dft_entry(tmp_path, isa):
    """kgen_dft/kgen_dftf one transform at a time on every layout class
    their entry tells apart (tests/dftentry.c: pairs, pairs with gaps,
    split arrays with and without strides, the mixed and swapped ones),
    each call three times so that the later ones take the entry's jumps
    to a v1 or v1s codelet entry (assembly on x86-64, runtime/dispatch.c),
    against a long-double DFT, outputs' neighbours untouched; bad calls
    return errors.  Its stride and argument mutants (is and os swapped,
    ii's register for ri's) failed it by hand, 126-480 bad cases each."""
    exe = cc([TESTS / "dftentry.c", LIBDIR / "libkgen.a"],
             tmp_path / "dftentry", ["-I" + str(ROOT / "runtime")],
             ["-lm"], opt="-O1")
    p = run([exe], env={**os.environ, "KGEN_ISA": isa})
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    assert p.stdout.strip().endswith("bad 0")


@pytest.mark.parametrize("isa", ["scalar", "sse2", "avx2", "avx512"])
def test_mixed_layouts(tmp_path, isa):
    """kgen_dft/kgen_dftf with interleaved pairs on one side and split
    arrays on the other (tests/mixedlayout.c): the batched codelets'
    interleaved pack permutes lanes, which only an interleaved store
    undoes, so a split output came out permuted (every SIMD path, both
    precisions, before the fix); checked against a long-double DFT."""
    exe = cc([TESTS / "mixedlayout.c", LIBDIR / "libkgen.a"],
             tmp_path / "mixedlayout", ["-I" + str(ROOT / "runtime")],
             ["-lm"], opt="-O1")
    p = run([exe], env={**os.environ, "KGEN_ISA": isa})
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    assert p.stdout.strip().endswith("bad 0")
