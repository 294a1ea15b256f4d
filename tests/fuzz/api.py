"""The library-API fuzzer: random calls of kgen_dft, kgen_dftf, the plans
(complex and real, double and float), kgen_execute*, kgen_dgemm,
the FFTW-style interface (kgen_plan_dft and its _1d/_2d/_3d, many and
guru forms, r2c and c2r in FFTW's layout, in place the many forms too
with FFTW's padded rows, kgen_execute_dft, kgen_execute on their plans),
kgen_next_fast_size and the lookups, through tests/fuzz/apirun.c, which
places every array against an inaccessible page and measures each result
against a direct O(n^2) DFT in long double (a naive product for GEMM).

Arguments are random: n, v, howmany, strides and distances (negative and
zero too), sign, in or out of place, NULL arrays, and sizes at the edge
(0, -1, INT_MIN, 2^30, INT_MAX, Bluestein sizes above 2^29, layouts past
PTRDIFF_MAX), on every ISA path (KGEN_ISA per batch).  The contract
checked, from runtime/kgen.h: no crash or sanitizer report; the
documented status (or NULL plan) for each call; nothing written by a
call that fails; and a transform within docs/design.md's bound,
1e-14 (1 + log2 n) in double and 2e-5 (1 + log2 n) in float (GEMM:
1e-15 (k + 1) per element, inputs in [-1, 1]).

Calls that would need huge arrays are made only where the library must
refuse them (the harness then passes one-element arrays), and valid
plans only up to n = 2^20, so that no case allocates gigabytes."""
import bisect
import math
import subprocess

from common import Budget, blame, env_for_runs, rng, sanitizer_report

TARGET = "api"
BATCH = 300
INT_MAX, INT_MIN = 2**31 - 1, -2**31
PTRDIFF_MAX = 2**63 - 1
PLAN_MAX = 2**30
FAST_MAX = 2144153025
N1_MAX = 64
NOPLAN = -100
MADE = 1           # apirun: the plan was made but not run
OK, EINVAL, ESIGN, ENOSIZE = 0, -1, -2, -3

SMOOTH = sorted(2**a * 3**b * 5**c * 7**d
                for a in range(32) for b in range(20) for c in range(14)
                for d in range(12)
                if 2**a * 3**b * 5**c * 7**d <= INT_MAX)


def largest_prime(n):
    p, big = 2, 1
    while p * p <= n:
        while n % p == 0:
            n //= p
            big = p
        p += 1
    return max(big, n)


def bound(n, prec):
    return (1e-14 if prec == 1 else 2e-5) * (1 + math.log2(max(n, 1)))


def plan_refused(n, howmany=1, stride=1, dist=0, sign=-1, size=8):
    """kgen.h's conditions for a NULL complex plan."""
    if n < 1 or n > PLAN_MAX or howmany < 1 or sign not in (-1, 1):
        return True
    if largest_prime(n) > N1_MAX and n > PLAN_MAX // 2:
        return True
    return ((n - 1) * abs(stride) + (howmany - 1) * abs(dist)) * size \
        > PTRDIFF_MAX


def pick_n(r, small=300):
    """A transform size: mostly small, sometimes large, sometimes at the
    edge (refused)."""
    x = r.random()
    if x < 0.7:
        return r.randint(1, small)
    if x < 0.85:
        return r.choice([2**r.randint(8, 16), 3**r.randint(5, 10),
                         r.randint(300, 20000), 65521, 4099 * 2])
    return r.choice([0, -1, INT_MIN, PLAN_MAX + 1, INT_MAX, INT_MAX - 1,
                     2**29 + 1, 2**30 - 1, 2**29 + 11, 1073741823,
                     2144153026])


def layout(r, n, count):
    """Strides and distances for count transforms of size n: outputs never
    overlap; inputs may share elements (stride or distance 0)."""
    s = r.choice([1, 1, 1, 2, 3, -1, -2])
    d = r.choice([1, -1]) * (n * abs(s) + r.choice([0, 0, 1, 7]))
    if r.random() < 0.2:         # interleaved-like, transforms inside
        s, d = count * r.choice([1, 2]), 1
        d = 1 if count > 1 else 0
    return s, d


def gen_dft(r):
    prec = r.choice([1, 2])
    n = r.randint(1, N1_MAX) if r.random() < 0.85 else \
        r.choice([0, -1, N1_MAX + 1, 1000, INT_MAX, INT_MIN])
    sign = r.choice([-1, 1]) if r.random() < 0.9 else \
        r.choice([0, 2, -2, INT_MIN])
    v = r.choice([0, 1, 1, 2, 3, 4, 5, 8, 9, 16, 17, 33]) \
        if r.random() < 0.95 else -1
    nulls = r.randint(1, 15) if r.random() < 0.1 else 0
    inplace = int(r.random() < 0.3)
    os_, ovs = layout(r, max(n, 1), max(v, 1))
    if inplace:
        is_, ivs = os_, ovs
    else:
        is_ = r.choice([1, 2, -1, 0, 3])
        ivs = r.choice([1, -1]) * (max(n, 1) * abs(is_)) + \
            r.choice([0, 0, 5]) if r.random() < 0.8 else r.choice([0, 1])
    if (sign not in (-1, 1) or nulls) and r.random() < 0.3:
        v = r.choice([2**31, 2**62])             # refused: never run
        is_ = r.choice([1, 2**40])
    return "dft %d %d %d %d %d %d %d %d %d %d %d" % (
        prec, n, sign, v, is_, os_, ivs, ovs, inplace, nulls,
        r.randint(0, 1))


def gen_plan(r):
    prec = r.choice([1, 2])
    n = pick_n(r)
    howmany = r.choice([1, 1, 1, 2, 3, 5]) if r.random() < 0.9 else \
        r.choice([0, -1, INT_MIN, 2**20, INT_MAX])
    sign = r.choice([-1, 1]) if r.random() < 0.95 else r.choice([0, 2])
    stride, dist = layout(r, max(n, 1), max(howmany, 1))
    if r.random() < 0.05:
        stride, dist = r.choice([(2**62, 1), (1, 2**62), (2**40, 2**40),
                                 (-2**62, 0), (2**59, 0)])
    if not plan_refused(n, howmany, stride, dist, sign) and \
            (n > 2**20 or n * howmany > 2**22):
        n = r.randint(1, 300)     # valid but huge: allocates gigabytes
    nulls = r.randint(1, 15) if r.random() < 0.1 else 0
    return "plan %d %d %d %d %d %d %d %d %d %d" % (
        prec, n, howmany, stride, dist, sign, int(r.random() < 0.3), nulls,
        r.randint(0, 1), int(r.random() < 0.9))


def real_refused(n):
    return n < 1 or plan_refused(n // 2 if n % 2 == 0 else n)


def gen_real(r):
    n = pick_n(r)
    if not real_refused(n) and n > 2**20:
        n = r.randint(1, 300)
    nulls = r.randint(1, 7) if r.random() < 0.1 else 0
    return "real %d %d %d %d %d %d" % (r.choice([1, 2]), r.randint(0, 1), n,
                                       nulls, r.randint(0, 1),
                                       int(r.random() < 0.9))


def gen_gemm(r):
    m, n, k = (r.choice([0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 31, 64, 100])
               for _ in range(3))
    lda, ldb, ldc = (max(1, rows) + r.choice([0, 0, 0, 1, 5])
                     for rows in (m, k, m))
    x = r.random()
    if x < 0.05:
        m, n, k = (r.choice([-1, INT_MIN, 1, 2]) for _ in range(3))
    elif x < 0.1:
        lda, ldb, ldc = (max(1, rows) - r.choice([0, 1, 2])
                         for rows in (m, k, m))
    elif x < 0.15:                                # past PTRDIFF_MAX
        m, n, k = r.choice([(2, 3, 2), (INT_MAX, 2, 1), (1, INT_MAX, 2)])
        lda, ldb, ldc = (r.choice([2**61, 2**62, PTRDIFF_MAX])
                         for _ in range(3))
    nulls = r.randint(1, 7) if r.random() < 0.1 else 0
    return "gemm %d %d %d %d %d %d %d %d" % (m, n, k, lda, ldb, ldc, nulls,
                                             r.randint(0, 1))


def gen_fast(r):
    n = r.choice([r.randint(-5, 5000), r.randint(0, INT_MAX),
                  r.randint(FAST_MAX - 1000, INT_MAX), INT_MIN, INT_MAX,
                  FAST_MAX, FAST_MAX + 1])
    return "fast %d" % n


def gen_misc(r):
    return "misc %d %d" % (r.choice([r.randint(-3, 70), INT_MIN, INT_MAX]),
                           r.choice([0, 1, 2, 4, 8, 100, -1]))


def nd_side(r, count, howmany):
    """Stride and distance of one side of an nd layout: count elements a
    transform; transforms never share an element."""
    s = r.choice([1, 1, 1, 2, 3, -1, -2])
    d = r.choice([1, -1]) * (count * abs(s) + r.choice([0, 0, 1, 7]))
    if r.random() < 0.2 and howmany > 1:    # transforms interleaved
        s, d = howmany * r.choice([1, 2]), 1
    return s, d


def nd_shapes(kind, n):
    """Elements a transform of each side holds (input, output)."""
    full = math.prod(n)
    half = full // n[-1] * (n[-1] // 2 + 1)
    return (half if kind == 2 else full), (half if kind == 1 else full)


def gen_nd(r):
    prec, kind = r.choice([1, 2]), r.choice([0, 0, 1, 2])
    api = r.choice([0, 1, 2, 3])
    rank = r.choice([1, 2, 2, 3, 3, 4]) if r.random() < 0.95 else \
        r.choice([0, -1, INT_MIN])
    small = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 16, 17, 31, 32, 64, 67]
    n = [r.choice(small) for _ in range(4)]
    if rank == 4:
        n = [r.choice(small[:9]) for _ in range(4)]
    if r.random() < 0.1:
        n[r.randrange(4)] = r.choice([0, -1, INT_MIN, INT_MAX, 2**30,
                                      2**16, 2**20 + 1])
    howmany = r.choice([1, 1, 2, 3]) if r.random() < 0.95 else \
        r.choice([0, -1, INT_MIN])
    sign = r.choice([-1, 1]) if r.random() < 0.95 else r.choice([0, 2])
    flags = 0 if r.random() < 0.92 else r.choice([1, 2, 4, 2**31,
                                                   2**32 - 1])
    inplace = int(r.random() < 0.3)
    split = int(kind == 0 and r.random() < 0.3)
    nulls = r.randint(1, 31) if r.random() < 0.08 else 0
    dims = n[:max(rank, 1)]
    if min(dims) >= 1 and 2**20 < math.prod(dims) <= PLAN_MAX:
        n = [r.choice(small[:6]) for _ in range(4)]  # valid but huge
        dims = n[:max(rank, 1)]
    ci, co = nd_shapes(kind, dims) if min(dims) >= 1 else (1, 1)
    hm = max(howmany, 1)
    is_, idist = nd_side(r, ci, hm)
    os_, odist = nd_side(r, co, hm)
    if inplace and kind == 0 and (r.random() < 0.8 or math.prod(dims)
                                  == 1 or hm == 1):
        os_, odist = is_, idist
    if inplace and kind and api >= 2:   # FFTW's padded rows, in place
        cells = ci if kind == 2 else co
        d = r.choice([1, -1]) * (cells + r.choice([0, 0, 1, 7]))
        real, cplx = (1, 2 * d), (1, d)     # the same bytes a transform
        (is_, idist), (os_, odist) = (real, cplx) if kind == 1 else \
            (cplx, real)
    if r.random() < 0.04:           # a layout past PTRDIFF_MAX
        is_, idist = r.choice([(2**62, 1), (1, 2**62), (-2**62, 1)])
    return "nd %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d " \
        "%d %d" % (prec, kind, api, rank, *n, howmany, is_, os_, idist,
                   odist, sign, flags, inplace, split, nulls,
                   r.randint(0, 1), int(r.random() < 0.9))


def nd_expect(x):
    """(status, bound) for an nd line, from kgen.h's contract."""
    (prec, kind, api, rank, n0, n1, n2, n3, howmany, is_, os_, idist,
     odist, sign, flags, inplace, split, nulls, _, exec_) = x
    dims = [n0, n1, n2, n3][:max(rank, 0)]
    nd_api = api == 1 and 1 <= rank <= 3
    if rank < 1 or flags not in (0, 1) or min(dims) < 1 or \
            math.prod(dims) > PLAN_MAX or (kind == 0 and
                                           sign not in (-1, 1)):
        return NOPLAN, None
    if nulls & 16 and not nd_api:
        return NOPLAN, None
    if api >= 2:
        if howmany < 1:
            return NOPLAN, None
        ci, co = nd_shapes(kind, dims)
        for s, d, c in ((is_, idist, ci), (os_, odist, co)):
            if ((c - 1) * abs(s) + (howmany - 1) * abs(d)) * 8 > \
                    PTRDIFF_MAX:
                return NOPLAN, None
    else:
        howmany = 1
    if not exec_ or math.prod(dims) * howmany > 2**20:
        return MADE, None
    if nulls & 5 or (split and kind == 0 and nulls & 10):
        return EINVAL, None
    if inplace and kind == 0 and api >= 2 and (is_, idist) != (os_, odist):
        return EINVAL, None
    return OK, bound(math.prod(dims), prec)


# Each batch runs on one of the library's ISA paths (KGEN_ISA caps the
# choice at what the CPU has), or with none set.
ISAS = ["", "scalar", "sse2", "avx2", "avx512"]
GENERATORS = [(gen_dft, 30), (gen_plan, 30), (gen_real, 15),
              (gen_gemm, 15), (gen_fast, 5), (gen_misc, 5), (gen_nd, 30)]


def generate(r):
    gens, weights = zip(*GENERATORS)
    return {"call": r.choices(gens, weights)[0](r)}


def expect(line):
    """(the status the call must return, the bound on its error or
    None)."""
    w = line.split()
    x = [int(a) for a in w[1:]]
    if w[0] == "dft":
        prec, n, sign, v, _, _, _, _, _, nulls, _ = x
        if sign not in (-1, 1):
            return ESIGN, None
        if nulls or v < 0:
            return EINVAL, None
        if not 1 <= n <= N1_MAX:
            return ENOSIZE, None
        return OK, bound(n, prec)
    if w[0] == "plan":
        prec, n, howmany, stride, dist, sign, _, nulls, _, _ = x
        if plan_refused(n, howmany, stride, dist, sign,
                        8 if prec == 1 else 4):
            return NOPLAN, None
        return (EINVAL, None) if nulls else (OK, bound(n, prec))
    if w[0] == "real":
        prec, _, n, nulls, _, _ = x
        if real_refused(n):
            return NOPLAN, None
        return (EINVAL, None) if nulls else (OK, bound(n, prec))
    if w[0] == "nd":
        return nd_expect(x)
    if w[0] == "gemm":
        m, n, k, lda, ldb, ldc, nulls, _ = x
        if min(m, n, k) < 0 or lda < max(1, m) or ldb < max(1, k) or \
                ldc < max(1, m):
            return EINVAL, None
        for cols, ld, rows in ((k, lda, m), (n, ldb, k), (n, ldc, m)):
            if ((max(cols, 1) - 1) * ld + rows) * 8 > PTRDIFF_MAX:
                return EINVAL, None
        if nulls and m and n and k:
            return EINVAL, None
        if nulls:
            return None, None           # an empty product: either
        return OK, 1e-15
    if w[0] == "fast":
        n = x[0]
        if n <= 1:
            return 1, None
        if n > FAST_MAX:
            return 0, None
        return SMOOTH[bisect.bisect_left(SMOOTH, n)], None
    return 0, None                      # misc: no contract broken


def judge(case, result):
    line = case["call"]
    got = result.split()
    if len(got) != 3:
        return ["%s: result %r" % (line, result)]
    st, err, touched = int(got[0]), float(got[1]), int(got[2])
    want, tol = expect(line)
    problems = []
    if st == MADE and line.split()[0] in ("plan", "real", "nd"):
        want = MADE if want != NOPLAN else want
    if want is not None and st != want:
        problems.append("%s: returned %d, not %d" % (line, st, want))
    if touched:
        problems.append("%s: failed (%d) but wrote its output" % (line, st))
    if tol is not None and st == OK and err > tol:
        problems.append("%s: error %g above %g" % (line, err, tol))
    if tol is not None and st == OK and err != err:
        problems.append("%s: error is NaN" % line)
    return problems


def run(tools, cases):
    """Runs apirun on cases (all of one ISA: KGEN_ISA, when set)."""
    text = "".join(c["call"] + "\n" for c in cases)
    env = env_for_runs()
    env.pop("KGEN_ISA", None)
    if cases[0].get("isa"):
        env["KGEN_ISA"] = cases[0]["isa"]
    p = subprocess.run([tools.apirun], input=text, capture_output=True,
                       text=True, env=env,
                       timeout=max(120, tools.timeout * 20))
    return p.stdout.splitlines(), p.returncode, p.stderr


def check(case, tools):
    lines, rc, err = run(tools, [case])
    rep = sanitizer_report(err)
    if rc or rep or len(lines) != 1:
        return ["apirun exit %d: %s" % (rc, rep or err[-300:])]
    return judge(case, lines[0])


def fuzz(seed, seconds, tools, stats):
    r = rng(seed, TARGET)
    budget = Budget(seconds)
    while budget:
        isa = r.choice(ISAS)
        cases = [dict(generate(r), isa=isa) for _ in range(BATCH)]
        lines, rc, err = run(tools, cases)
        if len(lines) > len(cases):
            raise RuntimeError("the harness printed more results than "
                               "it had inputs")
        for case, line in zip(cases, lines):
            stats.ran(TARGET)
            if line.split()[1:2] not in (["-1"], []):
                stats.count(TARGET, "results compared with the "
                            "reference")
            problems = judge(case, line)
            if problems:
                stats.found(TARGET, case, problems)
        rep = sanitizer_report(err)
        if rc or rep or len(lines) != len(cases):
            stats.ran(TARGET)
            stats.found(TARGET, *blame(
                cases[len(lines):], check, tools,
                ["apirun exit %d: %s" % (rc, rep or err[-300:])]))
