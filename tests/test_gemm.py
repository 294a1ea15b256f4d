"""GEMM codelets (kgen gemm) against a naive long-double loop.

Every shape M, N, K in 1..16 (4096 codelets) is generated and its C text
run by a small interpreter of the statements kgen emits (const double T =
A[i + j * lda]; T = T * T + T; C[...] = T;), since compiling 2.5 million
statements would take a C compiler minutes.  A subset of shapes, the
micro-kernels (--kloop) and the other orders are compiled with cc and run
by tests/gemmcheck.c.  All layouts have leading dimensions larger than the
sizes; A and B carry NaN guards outside the matrices (a stray read poisons
the result) and C a sentinel (a stray write shows).

Error bound: C + sum_p A(i,p) B(p,j) summed in any order with K rounded
products and K additions has |computed - exact| <= gamma_(K+1) (|C| +
sum_p |A(i,p) B(p,j)|), gamma_n = n u / (1 - n u), u = 2^-53 (Higham,
Accuracy and Stability, 3.1); the test allows (K + 2) u times that sum,
per element.  A sign flip or a wrong index gives errors near 1.
"""
import os
import random
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from conftest import CC, ISA, KGEN, SANITIZE, TESTS, need

U = 2.0 ** -53
SEED = 20240604


def kgen(*args):
    return subprocess.run([KGEN] + [str(a) for a in args],
                          capture_output=True, text=True)


STMT = re.compile(
    r"^\t(?:const double T(\d+) = (?:([AB])\[([^\]]*)\]|C\[([^\]]*)\]"
    r"|T(\d+) ([-+*]) T(\d+)(?: ([-+]) T(\d+))?"
    r"|fmaf?\((-?)T(\d+), T(\d+), (-?)T(\d+)\))"
    r"|C\[([^\]]*)\] = T(\d+)|(\(void\)\w+));$")


def index(expr, ld):
    """The value of an emitted index, i + j * ldX (any term may be absent)."""
    v = 0
    for term in expr.split(" + "):
        if " * " in term:
            a, b = term.split(" * ")
            v += int(a) * ld[b]
        elif term in ld:
            v += ld[term]
        else:
            v += int(term)
    return v


def run_codelet(text, A, B, C, ld):
    """Runs the body of an emitted gemm codelet on flat lists A, B, C.

    Raises AssertionError on any statement kgen should not have emitted,
    so a change of the emitted form cannot silently skip statements."""
    start = text.index("\n{\n") + 3
    body = text[start:text.index("\n}\n", start)]
    T = {}
    n = 0
    for line in body.split("\n"):
        m = STMT.match(line)
        assert m, "unexpected statement: %r" % line
        g = m.groups()
        if g[1]:
            T[g[0]] = (A if g[1] == "A" else B)[index(g[2], ld)]
        elif g[3] is not None:
            T[g[0]] = C[index(g[3], ld)]
        elif g[4]:
            x, y = T[g[4]], T[g[6]]
            r = x * y if g[5] == "*" else x + y if g[5] == "+" else x - y
            if g[7]:
                r = r + T[g[8]] if g[7] == "+" else r - T[g[8]]
            T[g[0]] = r
        elif g[10]:     # fma(+-a, b, +-c), as scalar --fma prints it
            x = -T[g[10]] if g[9] else T[g[10]]
            c = -T[g[13]] if g[12] else T[g[13]]
            T[g[0]] = x * T[g[11]] + c
        elif g[14] is not None:
            C[index(g[14], ld)] = T[g[15]]
        n += 1
    return n


def layout(m, n, k, rng):
    """Random operands with leading dimensions beyond the sizes and guards:
    NaN around A and B, a sentinel around C."""
    lda, ldb, ldc = m + rng.randint(1, 3), k + rng.randint(1, 3), \
        m + rng.randint(1, 3)
    A = [float("nan")] * (lda * k + 2)
    B = [float("nan")] * (ldb * n + 2)
    C = [1e300] * (ldc * n + 2)
    a = np.array([[rng.uniform(-1, 1) for _ in range(k)] for _ in range(m)])
    b = np.array([[rng.uniform(-1, 1) for _ in range(n)] for _ in range(k)])
    c = np.array([[rng.uniform(-1, 1) for _ in range(n)] for _ in range(m)])
    for i in range(m):
        for p in range(k):
            A[i + p * lda] = a[i, p]
    for p in range(k):
        for j in range(n):
            B[p + j * ldb] = b[p, j]
    for i in range(m):
        for j in range(n):
            C[i + j * ldc] = c[i, j]
    return a, b, c, A, B, C, {"lda": lda, "ldb": ldb, "ldc": ldc}


def check(m, n, k, C, a, b, c, ld):
    """Largest error over C's elements in units of the bound; guards too."""
    ldc = ld["ldc"]
    ref = c.astype(np.longdouble) + a.astype(np.longdouble) @ \
        b.astype(np.longdouble)
    mag = np.abs(c) + np.abs(a) @ np.abs(b)
    worst = 0.0
    for j in range(n):
        for i in range(m):
            err = abs(np.longdouble(C[i + j * ldc]) - ref[i, j])
            worst = max(worst, float(err / ((k + 2) * U * mag[i, j])))
    inside = {i + j * ldc for i in range(m) for j in range(n)}
    stray = [x for x, v in enumerate(C) if x not in inside and v != 1e300]
    assert not stray, "C written outside the matrix at %s" % stray[:5]
    return worst


SHAPES = [(m, n, k) for m in range(1, 17) for n in range(1, 17)
          for k in range(1, 17)]


@pytest.fixture(scope="module")
def codelets():
    """The text of every codelet of SHAPES, generated two at a time."""
    def gen(s):
        r = kgen("gemm", "-m", s[0], "-n", s[1], "-k", s[2], "--fma")
        assert r.returncode == 0, r.stderr
        return r.stdout
    with ThreadPoolExecutor(4) as ex:
        return dict(zip(SHAPES, ex.map(gen, SHAPES)))


def test_every_shape_to_16(codelets):
    """All 4096 shapes within (K + 2) u of the long-double product."""
    rng = random.Random(SEED)
    bad = []
    for (m, n, k) in SHAPES:
        a, b, c, A, B, C, ld = layout(m, n, k, rng)
        run_codelet(codelets[(m, n, k)], A, B, C, ld)
        e = check(m, n, k, C, a, b, c, ld)
        if not e <= 1:
            bad.append(((m, n, k), e))
    assert not bad, "seed %d: error / bound: %s" % (SEED, bad[:10])


def test_counts_in_header(codelets):
    """A GEMM codelet does M*N*K FMAs, loads each input once and stores C
    once: (M*K + K*N + M*N) loads, M*N stores."""
    for (m, n, k) in [(1, 1, 1), (3, 5, 7), (16, 16, 16), (16, 1, 9)]:
        t = codelets[(m, n, k)]
        assert "0 additions, 0 multiplications, %d FMAs" % (m * n * k) in t
        assert "%d loads, %d stores" % (m * k + k * n + m * n, m * n) in t


@pytest.mark.parametrize("extra", [["--schedule", "inner"],
                                   ["--tile", "3x2"], ["--tile", "1x16"],
                                   []])
def test_orders_same_values(extra):
    """The outer, inner and tiled orders compute the same DAG: the same
    bits in every element, and each order really differs in its text."""
    rng = random.Random(SEED + 1)
    m, n, k = 7, 5, 6
    base = kgen("gemm", "-m", m, "-n", n, "-k", k)
    other = kgen("gemm", "-m", m, "-n", n, "-k", k, *extra)
    assert base.returncode == 0 and other.returncode == 0, other.stderr
    a, b, c, A, B, C, ld = layout(m, n, k, rng)
    C2 = list(C)
    run_codelet(base.stdout, A, B, C, ld)
    run_codelet(other.stdout, A, B, C2, ld)
    assert C == C2
    body = lambda t: t[t.index("{"):]
    assert (body(base.stdout) == body(other.stdout)) == (extra == [])


def test_inner_order_finishes_one_element_at_a_time():
    """Inner-product order: C(0,0) is stored before any update of C(1,0)."""
    t = kgen("gemm", "-m", 2, "-n", 1, "-k", 3, "--schedule", "inner",
             "--fma").stdout
    lines = t[t.index("{"):].splitlines()
    first_store = next(i for i, l in enumerate(lines) if "C[0] =" in l)
    load_c1 = next(i for i, l in enumerate(lines) if "= C[1];" in l)
    assert first_store < load_c1
    t = kgen("gemm", "-m", 2, "-n", 1, "-k", 3, "--fma").stdout
    lines = t[t.index("{"):].splitlines()
    first_store = next(i for i, l in enumerate(lines) if "C[0] =" in l)
    load_c1 = next(i for i, l in enumerate(lines) if "= C[1];" in l)
    assert first_store > load_c1


# Shapes compiled with cc: corners, primes, the largest, and the benchmark's.
COMPILED = [(1, 1, 1), (1, 16, 1), (16, 1, 16), (16, 16, 1), (2, 3, 5),
            (7, 11, 13), (16, 16, 16), (8, 8, 8), (4, 4, 4), (5, 1, 3),
            (12, 9, 16), (3, 16, 2)]
# Codelets on vectors (--vlen V): (M, N, K, V).
VFIXED = [(8, 3, 5, 4), (16, 16, 16, 8), (4, 7, 1, 2), (6, 1, 9, 2),
          (8, 8, 8, 8), (24, 2, 3, 8), (12, 9, 3, 4)]   # 16^3 and 12x9 tiled
# Micro-kernels: (MR, NR, V), compiled once for plain x86-64 (GCC lowers
# the vector types) and once for the host.
KLOOP = [(1, 1, 1), (3, 4, 1), (5, 2, 1), (4, 3, 2), (8, 6, 4), (12, 4, 4),
         (24, 8, 8), (8, 1, 8), (16, 2, 16)]


def build_driver(tmp, flags, fixed=COMPILED, vfixed=VFIXED, kloops=KLOOP):
    lines, srcs = [], []
    for (m, n, k) in fixed:
        out = tmp / ("gemm_%dx%dx%d.c" % (m, n, k))
        r = kgen("gemm", "-m", m, "-n", n, "-k", k, "-o", out)
        assert r.returncode == 0, r.stderr
        lines.append("F(%d, %d, %d, gemm_%dx%dx%d)\n" % (m, n, k, m, n, k))
        srcs.append(str(out))
    for (m, n, k, v) in vfixed:
        name = "gemm_%dx%dx%dv%d" % (m, n, k, v)
        out = tmp / (name + ".c")
        r = kgen("gemm", "-m", m, "-n", n, "-k", k, "--vlen", v, "--name",
                 name, "-o", out)
        assert r.returncode == 0, r.stderr
        lines.append("F(%d, %d, %d, %s)\n" % (m, n, k, name))
        srcs.append(str(out))
    for (m, n, v) in kloops:
        name = "gemmk_%dx%d%s" % (m, n, "v%d" % v if v > 1 else "")
        out = tmp / (name + ".c")
        r = kgen("gemm", "-m", m, "-n", n, "--kloop", "--vlen", v,
                 "-o", out)
        assert r.returncode == 0, r.stderr
        lines.append("K(%d, %d, %s)\n" % (m, n, name))
        srcs.append(str(out))
    (tmp / "gemmlist.h").write_text("".join(lines))
    exe = tmp / ("gemmcheck" + flags.replace(" ", "").replace("=", ""))
    r = subprocess.run([CC, "-std=gnu11", "-Wall", "-Werror", *SANITIZE]
                       + flags.split() + ["-I" + str(tmp), "-o", str(exe),
                       str(TESTS / "gemmcheck.c")] + srcs
                       + ["-lm"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return exe


@pytest.mark.parametrize("flags", ["-O0", "-O2 -march=native"])
def test_compiled(tmp_path, flags):
    """Compiled codelets (with padded and with packed leading dimensions,
    the constant-stride path) and micro-kernels within the bound, guards
    intact, for K = 0, 1, 7 and 64 in the micro-kernels."""
    exe = build_driver(tmp_path, flags)
    out = subprocess.run([str(exe), str(SEED)], capture_output=True,
                         text=True, check=True).stdout
    rows = [l.split() for l in out.splitlines()[1:]]
    assert len(rows) == 2 * (len(COMPILED) + len(VFIXED)) + 4 * len(KLOOP)
    bad = [r for r in rows if not (float(r[-2]) <= 1 and r[-1] == "ok")]
    assert not bad, "seed %d: %s" % (SEED, bad)


# --vlen 8 with M not a multiple of 8 (AVX-512): A's last rows loaded
# under a mask, C's added in pieces; every M % 8 from 1 to 7.
MASKED = [(1, 1, 1, 8), (2, 3, 4, 8), (3, 3, 3, 8), (4, 5, 3, 8),
          (5, 2, 9, 8), (6, 6, 6, 8), (7, 7, 7, 8), (12, 2, 5, 8),
          (13, 4, 3, 8), (14, 3, 1, 8), (16, 3, 2, 8), (23, 5, 6, 8),
          (13, 16, 3, 8), (15, 14, 2, 8)]   # tiled: 32 and 28 accumulators


def test_masked_avx512(tmp_path):
    """--vlen 8 codelets with partial vectors: the masked loads and the
    pieces of C read no stray element (NaN guards) and write none."""
    need("avx512")
    exe = build_driver(tmp_path, " ".join(["-O2"] + ISA["avx512"].flags), [],
                       MASKED, [])
    out = subprocess.run([str(exe), str(SEED)], capture_output=True,
                         text=True, check=True).stdout
    rows = [l.split() for l in out.splitlines()[1:]]
    assert len(rows) == 2 * len(MASKED)
    bad = [r for r in rows if not (float(r[-2]) <= 1 and r[-1] == "ok")]
    assert not bad, "seed %d: %s" % (SEED, bad)


def test_partial_columns_of_c():
    """--vlen 8 codelets add C after the K products.  A partial column
    of C (M % 8 rows left) is added to in at most two pieces (kgen_addc),
    not through a masked store, whose data the next call's load cannot
    forward; with 7 rows left (three pieces) it is masked, and every load
    of C comes before the first store (a masked column's 64 bytes overlap
    the next column).  Full vectors are 512-bit accesses."""
    for m, pieces in ((6, ["_mm256_storeu_pd(p,", "_mm_storeu_pd(p + 4,"]),
                      (5, ["_mm256_storeu_pd(p,", "_mm_store_sd(p + 4,"]),
                      (3, ["_mm_storeu_pd(p,", "_mm_store_sd(p + 2,"])):
        t = kgen("gemm", "-m", m + 8, "-n", 3, "-k", 4, "--fma", "--vlen",
                 8).stdout
        assert "mask_storeu" not in t and "maskz_loadu_pd(0x%02x, C" % (
            (1 << m) - 1) not in t
        for p in pieces:
            assert p in t, (m, p)
        body = t[t.index("_body("):]
        assert body.count("kgen_addc(C") == 3
        assert body.count("_mm512_storeu_pd(C") == 3
        # C is read after the last product of its column
        assert body.index("_mm512_loadu_pd(C") > body.rindex("B[3")
    t = kgen("gemm", "-m", 7, "-n", 3, "-k", 4, "--fma", "--vlen",
             8).stdout
    body = t[t.index("_body("):]
    assert "kgen_addc" not in t and body.count("_mm512_mask_storeu_pd") == 3
    loads = [x.start() for x in re.finditer(
        r"_mm512_maskz_loadu_pd\(0x7f, C", body)]
    assert len(loads) == 3
    assert min(loads) > body.rindex("B[3") and \
        max(loads) < body.index("_mm512_mask_storeu_pd")


def test_vector_codelet_tiles_to_fit_registers():
    """A vector codelet whose C would not fit the registers (2 vectors x
    16 columns = 32 accumulators of AVX-512's 32) works on two 16 x 8
    tiles; one that fits (8 x 8 x 8: 8) stays one outer product."""
    t = kgen("gemm", "-m", 16, "-n", 16, "-k", 16, "--fma", "--vlen",
             8).stdout
    assert "outer product on 16 x 8 tiles of C, ordered for R = 32" in t
    t = kgen("gemm", "-m", 16, "-n", 16, "-k", 16, "--fma", "--vlen",
             4).stdout
    assert "outer product on 16 x 2 tiles of C, ordered for R = 16" in t
    t = kgen("gemm", "-m", 8, "-n", 8, "-k", 8, "--fma", "--vlen",
             8).stdout
    assert "Schedule: outer product (rank-1 updates)" in t
    t = kgen("gemm", "-m", 16, "-n", 16, "-k", 16, "--fma", "--vlen", 8,
             "--schedule", "outer").stdout
    assert "Schedule: outer product (rank-1 updates)" in t


def test_kloop_vector_shape():
    """--vlen V: the tile of C is MR/V * NR vector accumulators and each
    step does MR/V * NR multiply-adds on vectors."""
    t = kgen("gemm", "-m", 8, "-n", 6, "--kloop", "--vlen", 4,
             "--fma").stdout
    assert "held in 12 vector accumulators" in t
    assert "12 FMAs, 8 loads (A and B)" in t
    assert t.count("= *(const kgen_v4 *)") == 2   # two vectors of A
    assert len(re.findall(r"= B\[\d\];", t)) == 6


def test_tile_model_choices():
    """The model's choices for the register files the report compares
    with BLIS and OpenBLAS."""
    cases = {("16", "1"): "3 x 4", ("32", "1"): "5 x 5",
             ("16", "4"): "12 x 4", ("32", "8"): "40 x 5"}
    for (r, v), tile in cases.items():
        t = kgen("gemm", "--tile", "auto", "--regs", r, "--vlen", v)
        assert t.returncode == 0, t.stderr
        assert "choice: keep C, mr x nr = %s" % tile in t.stdout, t.stdout


def test_tile_model_classic_ratio():
    """Counting B's block alone, the best kr/nr tracks 1 + gamma: exactly
    2 at R = 32, gamma = 1, and 4 at R = 64, gamma = 3."""
    t = kgen("gemm", "--tile", "auto", "--regs", 32, "--gamma", 1).stdout
    assert "B's block alone (kr*nr <= R): 8 x 4, kr/nr = 2.00" in t
    t = kgen("gemm", "--tile", "auto", "--regs", 64, "--gamma", 3).stdout
    assert "B's block alone (kr*nr <= R): 16 x 4, kr/nr = 4.00" in t


def test_tile_model_short_k_streams_c():
    """With few steps per block C's loads and stores no longer vanish and
    keeping B (streaming C) wins; with long blocks keeping C wins."""
    t = kgen("gemm", "--tile", "auto", "--regs", 16, "-k", 4, "--gamma",
             3).stdout
    assert "choice: keep B" in t
    t = kgen("gemm", "--tile", "auto", "--regs", 16, "-k", 256, "--gamma",
             3).stdout
    assert "choice: keep C" in t


def test_tile_model_costs_add_up():
    """Each printed cost is loads/flop + gamma * stores/flop."""
    t = kgen("gemm", "--tile", "auto", "--regs", 24, "--gamma", 2.5,
             "--vlen", 2).stdout
    rows = re.findall(r"^([CBA])\s+(\d+) x (\d+)\s+\S+ x \S+\s+(\d+)\s+"
                      r"(\S+)\s+(\S+)\s+(\S+)$", t, re.M)
    assert len(rows) > 10
    for keep, x, y, regs, ld, st, cost in rows:
        assert int(regs) <= 24
        assert abs(float(ld) + 2.5 * float(st) - float(cost)) < 2e-5


BAD = [
    (["gemm", "-m", 0, "-n", 1, "-k", 1], "-m 0"),
    (["gemm", "-m", 1, "-n", 1], "-k"),
    (["gemm", "-m", 1, "-n", 1, "-k", 513], "at most 512"),
    (["gemm", "-m", 64, "-n", 64, "-k", 64], "M*N*K"),
    (["gemm", "-m", 2, "-n", 2, "-k", "x"], "not an integer"),
    (["gemm", "-m", 2, "-n", 2, "-k", 2, "--schedule", "co"], "outer"),
    (["gemm", "-m", 2, "-n", 2, "-k", 2, "--tile", "2y2"], "MxN"),
    (["gemm", "-m", 2, "-n", 2, "-k", 2, "--tile", "0x2"], "MxN"),
    (["gemm", "-m", 2, "-n", 2, "-k", 2, "--vlen", 4], "divide"),
    (["gemm", "-m", 4, "-n", 2, "-k", 2, "--vlen", 4, "--type", "float"],
     "double"),
    (["gemm", "-m", 6, "-n", 2, "--kloop", "--vlen", 4], "divide"),
    (["gemm", "-m", 6, "-n", 2, "-k", 3, "--kloop"], "run time"),
    (["gemm", "-m", 65, "-n", 2, "--kloop"], "64"),
    (["gemm", "-m", 4, "-n", 2, "--kloop", "--vlen", 3], "--vlen"),
    (["gemm", "--tile", "auto"], "--regs"),
    (["gemm", "-m", 4, "-n", 2, "-k", 2, "--simd", "avx2", "--vlen", 8],
     "--vlen"),
    (["gemm", "-m", 4, "-n", 2, "-k", 2, "--simd", "avx2", "--type",
      "float"], "double"),
    (["gemm", "--tile", "auto", "--regs", 2], "--regs"),
    (["gemm", "--tile", "auto", "--regs", 16, "--gamma", "-1"], "--gamma"),
]


@pytest.mark.parametrize("args,word", BAD)
def test_bad_input(tmp_path, args, word):
    """Exit 2, one line starting 'kgen:' that names the problem, and no
    output file left behind."""
    out = tmp_path / "out.c"
    r = kgen(*(args + ["-o", out]))
    assert r.returncode == 2
    assert r.stderr.startswith("kgen: ") and r.stderr.count("\n") == 1
    assert word in r.stderr
    assert not os.listdir(tmp_path)


def test_same_bytes():
    a = kgen("gemm", "-m", 5, "-n", 3, "-k", 4, "--tile", "2x2")
    b = kgen("gemm", "-m", 5, "-n", 3, "-k", 4, "--tile", "2x2")
    assert a.returncode == 0 and a.stdout == b.stdout


@pytest.mark.parametrize("cc", ["gcc", "clang"])
def test_fma_does_not_block_vectorizing(tmp_path, cc):
    """Scalar --fma codelets are a * b + c, not fma() calls (which gcc
    does not vectorize): at -O2 -march=x86-64-v3 the 8x8x8 codelet has
    no call, and its FMAs are packed ones on vectors, at least as many
    as without --fma; so too the --simd avx2 form."""
    if not shutil.which(cc):
        pytest.skip("no %s" % cc)
    counts = {}
    for extra in ([], ["--fma"], ["--simd", "avx2", "--fma"]):
        src = tmp_path / "g.c"
        r = kgen("gemm", "-m", 8, "-n", 8, "-k", 8, *extra, "-o", src)
        assert r.returncode == 0, r.stderr
        assert "fma(" not in src.read_text()
        asm = subprocess.run([cc, "-std=gnu11", "-O2", "-march=x86-64-v3",
                              "-S", "-o", "-", str(src)], capture_output=True,
                             text=True, check=True).stdout
        assert not re.search(r"\bcall\w*\s", asm), "a call in %s" % extra
        counts[" ".join(extra)] = len(re.findall(
            r"\bvfn?m(?:add|sub)\d+pd\s.*%ymm", asm))
    assert counts["--fma"] >= max(counts[""], 8 * 8 * 8 // 4 // 2), counts
    assert counts["--simd avx2 --fma"] >= 8 * 8 * 8 // 4, counts


def test_fma_header_says_rounding():
    """The scalar --fma header says when the FMAs are fused and when the
    product and sum are rounded apart; the pragma is not shown to GCC."""
    t = kgen("gemm", "-m", 3, "-n", 2, "-k", 2, "--fma").stdout
    assert "#pragma STDC FP_CONTRACT ON" in t
    assert "rounds the\n * product and the sum apart" in t
    assert "T0 * T1 + T2" in t and "<math.h>" not in t


def test_simd_picks_vector_form():
    """--simd ISA gives the vector form: the ISA's doubles per vector,
    halved until they divide M (AVX-512 masks instead), M rows where M
    is a smaller power of two."""
    for m, isa, name in [(8, "avx2", "gemm_8x2x2v4"),
                         (6, "avx2", "gemm_6x2x2v2"),
                         (3, "avx2", "gemm_3x2x2"),
                         (5, "avx512", "gemm_5x2x2v8"),
                         (2, "avx512", "gemm_2x2x2v2"),
                         (16, "sse2", "gemm_16x2x2v2")]:
        t = kgen("gemm", "-m", m, "-n", 2, "-k", 2, "--simd", isa).stdout
        assert "void %s(" % name in t, (m, isa)
