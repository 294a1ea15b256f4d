"""The SIMD helpers of emit/simd/ on their own (tests/simdhelpers.c).

SIMD n1 codelets embed loads, stores, transposes, packing and FMAs that
live as real C in emit/simd/{sse2,avx2,avx512}.h and the templates those
include.  For every ISA of isa.def, tests/simdhelpers.c is compiled with
the ISA's flags (from isa.def) by gcc and by clang under -Wall -Wextra
-Wpedantic -Werror, once as the library builds it and once with the
other FMA setting where the ISA has one (nofma.h against fma.h); where
this CPU has the ISA's features (tests/isadef.py) it runs, comparing every
helper with the scalar code it stands for, in both precisions, every
layout and lane count the emitter uses.  Each check must report zero
failures and every expected check must be there; kgen_ldi's lane order
must be a permutation, and the identity where the direct body mixes it
with group transposes (AVX-512 double).
"""
import shutil

import pytest

from conftest import CPU, ISA, ISAS, TESTS, run

NUMBER = {"sse2": 1, "avx2": 2, "avx512": 3}     # simdhelpers.c's ISA
GROUPS = {("avx2", "f"): [4, 2], ("avx512", "d"): [4, 2],
          ("avx512", "f"): [8, 2]}


def variants():
    """(isa, flags, features) as the library builds it, and with the
    other FMA setting: -mfma added to SSE2, taken from AVX2 (AVX-512F
    has its own FMAs)."""
    out = []
    for i in ISAS:
        name, flags, feats = i.name, i.flags, i.features
        out.append((name, flags, feats))
        if name == "sse2":
            out.append((name, flags + ["-mfma"], feats | {"fma"}))
        elif "-mfma" in flags and name != "avx512":
            out.append((name, [f for f in flags if f != "-mfma"],
                        feats - {"fma"}))
    return out


def expected(name, nbytes):
    """The check names simdhelpers prints for ISA name, by precision."""
    want = {}
    for p, size in (("d", 8), ("f", 4)):
        vl = nbytes // size
        names = ["splat", "ldst", "ldisti"]
        if p == "f" and (name, p) in GROUPS:
            names.append("ldnstn")
        names += ["group%d" % g for g in GROUPS.get((name, p), [])]
        names += ["pack-%s-%d" % (lay, lanes)
                  for lay in ("split", "inter", "swapped")
                  for lanes in range(1, vl + 1)]
        names.append("fma")
        want[p] = names
    return want


@pytest.mark.parametrize("compiler", ["gcc", "clang"])
@pytest.mark.parametrize("isa,flags,feats", variants(),
                         ids=[" ".join(v[1]) for v in variants()])
def test_helpers(tmp_path, compiler, isa, flags, feats):
    if not shutil.which(compiler):
        pytest.skip("%s is not installed" % compiler)
    exe = tmp_path / "simdhelpers"
    args = [compiler, "-std=c11", "-O1", "-Wall", "-Wextra", "-Wpedantic",
            "-Werror", "-DISA=%d" % NUMBER[isa], *flags, "-o", exe,
            TESTS / "simdhelpers.c"]
    p = run(args)
    assert p.returncode == 0, " ".join(map(str, args)) + "\n" + p.stderr
    if not feats <= CPU:
        pytest.skip("compiled; this CPU cannot run it (no %s in "
                    "/proc/cpuinfo flags)" % " ".join(sorted(feats - CPU)))
    p = run([exe])
    assert p.returncode == 0, p.stderr
    got = {"d": [], "f": []}
    bad = []
    perm = {}
    for line in p.stdout.splitlines():
        f = line.split()
        if f[1] == "perm":
            perm[f[0]] = [int(x) for x in f[2:]]
            continue
        got[f[0]].append(f[1])
        if int(f[2]):
            bad.append(line)
    assert not bad, "helpers differ from scalar code (%s %s):\n%s" % (
        isa, " ".join(flags), "\n".join(bad))
    nbytes = ISA[isa].bytes
    assert got == expected(isa, nbytes)
    for p_, lanes in perm.items():
        assert sorted(lanes) == list(range(len(lanes)))
    if isa == "avx512":
        assert perm["d"] == list(range(8)), \
            "kgen_ldi_avx512_d must keep lane order: groups use it"
