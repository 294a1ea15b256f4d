"""The command-line fuzzer: random argument lists for every command and
option of kgen (each option --help names; the smoke test checks that the
table below covers them), with edge numbers (0, -1, 2^31, huge, not a
number, empty), malformed lists (--regs 4-, 1,,2), taps files that are
empty, huge, with NUL bytes or a directory, and -o at long and odd
names, directories, symlinks, missing folders, /dev/full.

The contract checked on every run:
  - exit 0 or 2 (no signal, no sanitizer report, no exit 1);
  - on exit 2: exactly one line on stderr, starting "kgen: " (with -d,
    the dump comes first and that line ends stderr), nothing on stdout,
    and the output folder unchanged (no partial or temporary file, an
    existing -o target left as it was);
  - on exit 0: only the -o target (or what its symlink names) changed;
    with -o to a path in the output folder, the output is in that file,
    none is on stdout (--help and --version print to stdout), and a rerun
    without -o prints the file's text (less its Command: line); without
    -o, a rerun prints the same bytes;
  - nothing left in TMPDIR (kgen-ptxas.* folders, compilers' files).
Runs over the time limit (Tools.timeout) are skipped, not findings, only
for the known-slow analyses: spills and report (many R, --measure
compiling), and the blocked and search schedules; any other timeout is
a finding."""
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile

from common import Budget, env_for_runs, rng, sanitizer_report

TARGET = "cli"

# Edge values for any option that takes a number.
EDGE_NUMBERS = ["0", "-1", "1", "2", "3", "-0", "+8", "08", "0x10", "1e3",
                "1.5", "2147483647", "2147483648", "-2147483648",
                "-2147483649", "4294967296", "9223372036854775808",
                "99999999999999999999", "", " 8", "8 ", "abc", "8x", "nan",
                "inf", "-inf", "1e309", "\u0663", "--", "-"]
# Malformed and edge register lists.
EDGE_LISTS = ["4-", "-4", "1,,2", ",8", "8,", "8-4", "4--8", "4-8-16", "0",
              "1", "2", "3", "1025", "4-1024", "2147483648", "8,8", "x",
              "4-x", "", "16,8,4", "2-3", "1-4"]
NAMES = ["f", "kgen_x", "_", "a" * 64, "a" * 300, "1abc", "a-b", "", "int",
         "main", "\u00e9", "a b", "$x"]
# -o targets, relative to the output folder (the runs' working folder)
# unless absolute; {out} is that folder's absolute path.
OUT_TARGETS = ["x.c", "{out}/y.txt", "exists.c", "link.c", "dangling.c",
               "sub", ".", "", "sub/z.c", "nodir/z.c", "afile/z.c",
               "ro/z.c", "a b.c", "-", "--x", "\u00fc.c", "x\n.c", "x*?.c",
               ".hidden", "n" * 200, "n" * 250, "n" * 255, "n" * 256,
               "{out}/" + "d" * 255, "/dev/null", "/dev/full",
               "/dev/stdout", "sub/../x.c", "./x.c"]
TAPS_FILES = ["good.txt", "empty.txt", "nul.txt", "huge.txt", "max.txt",
              "many.txt", "crlf.txt", "comments.txt", "longtap.txt",
              "range.txt", "dir", "missing.txt", "binary.bin"]


def taps_list(r):
    """A --taps argument: mostly well formed, sometimes not."""
    k = r.choice([1, 1, 2, 3, 5, 8, 17])
    vals = [r.choice(["1", "0", "-0.5", "0.25", "0x1p-3", "1e-3", "3",
                      "1e300", "1e-320", "1e-40", "nan", "inf", "", "x",
                      "1e", "0x", ".5", "5.", "1,", " 1"])
            if r.random() < 0.2 else "%.6g" % r.uniform(-2, 2)
            for _ in range(k)]
    s = ",".join(vals)
    if r.random() < 0.1:
        s = r.choice([s + ",", "," + s, s.replace(",", ",,", 1), "",
                      s.replace(",", " "), s + ",#"])
    return s


def value(r, opt):
    """A value for option opt: a good one or an edge case."""
    if r.random() < 0.15 and opt != "-o":
        return r.choice(EDGE_NUMBERS + EDGE_LISTS)
    small = lambda *v: str(r.choice(v))
    table = {
        "-n": lambda: small(1, 2, 3, 4, 5, 7, 8, 12, 13, 16, 17, 31, 32,
                            60, 64, 1024, 1025, 2048, 65536, 65537),
        "-m": lambda: small(1, 2, 3, 4, 8, 12, 64, 512, 513),
        "-k": lambda: small(1, 2, 3, 4, 8, 256, 512, 513),
        "--sign": lambda: small(-1, 1, 0, 2),
        "--type": lambda: small("double", "float", "int", "DOUBLE", "q15",
                                "q31", "q7"),
        "--round": lambda: small("nearest", "floor", "up", ""),
        "--name": lambda: r.choice(NAMES),
        "--schedule": lambda: small("naive", "build", "co", "blocked",
                                    "search", "all", "outer", "inner",
                                    "bogus", ""),
        "--regs": lambda: r.choice(["8", "16", "4-8", "8,16", "32", "6-12"]
                                   + EDGE_LISTS),
        "--latency": lambda: small(0, 1, 2, 3, 8, 100),
        "--format": lambda: small("text", "csv", "json", "xml"),
        "--target": lambda: small("sse2", "avx2", "avx512", "neon", "rvv",
                                  "ppc", "ptx", "all", "bogus"),
        "--arch": lambda: small("sm_80", "sm_90", "sm_70", "sm_0", "x86"),
        "--max-regs": lambda: small(1, 8, 32, 255, 256),
        "--block": lambda: small(1, 32, 64, 128, 1024, 1025),
        "--kind": lambda: small("n1", "t1", "r2cf", "r2cb", "t1v", "n1v",
                                "n1w", "n1fv", "bogus"),
        "--simd": lambda: small("none", "sse2", "avx2", "avx512", "neon",
                                "rvv"),
        "--emit": lambda: small("cuda", "c", "asm", "fftw", "bogus"),
        "--time-limit": lambda: small(0, 1, "0.5", "-1", "nan", "x", ""),
        "--measure": lambda: small("none", "none", "none", "ptxas", "gcc",
                                   "clang", "gcc,clang", "gcc-sched",
                                   "gcc-nosched", "bogus", "gcc,,clang"),
        "--taps": lambda: taps_list(r),
        "--taps-file": lambda: "{fix}/" + r.choice(TAPS_FILES),
        "--tile": lambda: small("2x2", "auto", "4x1", "0x0", "2x", "x2",
                                "99999x1", "3x3x3", "bogus"),
        "--gamma": lambda: small(0, 1, 2, "0.5", "-1", "nan", "inf",
                                 "1e309", ""),
        "--vlen": lambda: small(1, 2, 3, 4, 8, 16),
        "--choose": lambda: small("ops", "spills", "spills", "bogus", ""),
        "-o": lambda: r.choice(OUT_TARGETS),
    }
    return table[opt]()


# Options with a value, and flags; together every option --help names.
VALUED = ["-n", "-m", "-k", "--sign", "--type", "--name", "--schedule",
          "--regs", "--latency", "--format", "--target", "--arch",
          "--max-regs", "--block", "--kind", "--simd", "--emit",
          "--measure", "--taps", "--taps-file", "--tile", "--gamma",
          "--vlen", "--time-limit", "--choose", "--round", "-o"]
FLAGS = ["--twiddle", "--real", "--fma", "--kloop", "-d", "--verify",
         "--correlate", "--plan", "--straight",
         "--annotate", "--quiet", "--list"]
PRINTING = ["-h", "--help", "--version"]
OPTIONS = set(VALUED) | set(FLAGS) | set(PRINTING)

# Well-formed starting points, one per form of each command.
FORMS = [
    ["fft", "-n", "8"], ["fft", "-n", "12", "--type", "float"],
    ["fft", "-n", "16", "--sign", "1", "--fma"],
    ["fft", "-n", "8", "--kind", "t1"], ["fft", "-n", "8", "--real"],
    ["fft", "-n", "6", "--kind", "r2cb", "--sign", "1"],
    ["fft", "-n", "8", "--simd", "avx2"],
    ["fft", "-n", "8", "--kind", "n1w", "--simd", "sse2"],
    ["fft", "-n", "8", "--kind", "t1v", "--simd", "avx2"],
    ["fft", "-n", "2048"], ["fft", "-n", "8", "--emit", "cuda"],
    ["fft", "-n", "100", "--straight"],
    ["fft", "-n", "8", "--emit", "fftw", "--kind", "t1"],
    ["fft", "--emit", "fftw", "--list"],
    ["fft", "-n", "96", "--simd", "avx2", "--plan"],
    ["fft", "-n", "8", "--simd", "avx2", "--emit", "asm", "--verify"],
    ["fft", "-n", "23", "--simd", "avx2", "--emit", "asm", "--fma",
     "--choose", "spills"],
    ["spills", "fft", "-n", "8", "--regs", "8", "--schedule", "build",
     "--annotate"],
    ["fft", "-n", "8", "--schedule", "blocked", "--regs", "8"],
    ["fft", "-n", "5", "--schedule", "co"],
    ["gemm", "-m", "4", "-n", "4", "-k", "4"],
    ["gemm", "-m", "4", "-n", "2", "-k", "3", "--schedule", "inner"],
    ["gemm", "-m", "4", "-n", "4", "-k", "2", "--tile", "2x2"],
    ["gemm", "-m", "4", "-n", "2", "-k", "2", "--vlen", "2"],
    ["gemm", "-m", "4", "-n", "2", "--kloop"],
    ["gemm", "--tile", "auto", "--regs", "16"],
    ["conv", "--taps", "0.5,0.25", "-n", "4"],
    ["conv", "--taps-file", "{fix}/good.txt", "-n", "3"],
    ["conv", "--taps", "0.5,-0.25", "-n", "4", "--type", "q15"],
    ["conv", "--taps", "0.5,-1", "-n", "3", "--type", "q31", "--round",
     "floor"],
    ["fft", "-n", "16", "--type", "q15"],
    ["fft", "-n", "8", "--type", "q31", "--sign", "1"],
    ["spills", "fft", "-n", "8", "--regs", "8,16"],
    ["spills", "fft", "-n", "8", "--target", "avx2"],
    ["spills", "gemm", "-m", "2", "-n", "2", "-k", "2", "--regs", "4-6"],
    ["report", "fft", "-n", "8", "--measure", "none"],
    ["report", "gemm", "-m", "2", "-n", "2", "-k", "2", "--measure",
     "none"],
    ["--help"], ["--version"], [],
]
COMMANDS = ["fft", "gemm", "conv", "spills", "report", "verify", "bogus",
            ""]


# Options each command takes whatever else is given, so that about half
# the cases get past the checks into the generator.
FITTING = {"fft": ["--sign", "--type", "--fma", "--name"],
           "gemm": ["--fma", "--type", "--name"],
           "conv": ["--fma", "--type", "--name"],
           "spills": ["--format", "--fma", "--schedule"],
           "report": ["--sign", "--fma", "--block", "--arch", "--max-regs",
                      "--target"]}
GOOD_TARGETS = ["x.c", "{out}/y.txt", "exists.c", "link.c", "dangling.c",
                "sub/z.c", "a b.c", "\u00fc.c", "n" * 200, "/dev/null",
                "/dev/stdout"]


def generate(r):
    """One case: a form and a few random changes to it."""
    args = list(r.choice(FORMS))
    for _ in range(r.choice([0, 0, 1, 1, 1, 2, 3, 5])):
        what = r.random()
        fitting = FITTING.get(args[0] if args else "", [])
        if what < 0.45:                          # add an option
            opt = r.choice(VALUED + FLAGS + PRINTING
                           if r.random() < 0.1 else VALUED + FLAGS)
            if fitting and r.random() < 0.5:
                opt = r.choice(fitting)
            if opt in VALUED and opt != "-o":
                pos = r.randrange(len(args) + 1)
                args[pos:pos] = [opt, value(r, opt)]
            else:
                args.append(opt)
        elif what < 0.7 and args:                # change a value
            i = r.randrange(len(args))
            opt = args[i - 1] if i else ""
            args[i] = value(r, opt) if opt in VALUED else \
                r.choice(EDGE_NUMBERS)
        elif what < 0.8 and args:                # drop an argument
            del args[r.randrange(len(args))]
        elif what < 0.85 and args:               # cut the list short
            del args[r.randrange(len(args)):]
        elif what < 0.9:                         # junk
            args.insert(r.randrange(len(args) + 1),
                        r.choice(["-x", "--bogus", "-", "--", "", "fft",
                                  "x" * 5000, "-nn", "--n", "-o", "-d",
                                  "--regs=8", "-n8"]))
        elif what < 0.95 and args:               # repeat an argument
            i = r.randrange(len(args))
            args.insert(i, args[i])
        else:                                    # another command
            if args:
                args[0] = r.choice(COMMANDS)
    if r.random() < 0.5:
        args += ["-o", r.choice(GOOD_TARGETS) if r.random() < 0.6
                 else value(r, "-o")]
    return {"args": args}


def make_fixtures(fix):
    """The taps files (and a folder) that --taps-file may name."""
    w = lambda name, data: (fix / name).write_bytes(data)
    w("good.txt", b"1 2 3\n# a comment\n0x1p-2, -0.5\n")
    w("empty.txt", b"")
    w("nul.txt", b"1,2\x00,3\n")
    w("huge.txt", b"1,\n" * 400000)
    w("max.txt", b" ".join([b"0.5"] * 4096))
    w("many.txt", b" ".join([b"0.5"] * 4097))
    w("crlf.txt", b"1,\r\n2\r\n")
    w("comments.txt", b"# only\n# comments\n")
    w("longtap.txt", b"1." + b"0" * 300 + b"\n")
    w("range.txt", b"1 1e300 1e-400\n")
    w("binary.bin", bytes(range(256)) * 8)
    (fix / "dir").mkdir()


def reset_out(out):
    """The output folder's starting state: a file, symlinks to it and to
    nothing, a folder, a read-only folder and a plain file in the way."""
    if out.exists():
        for p in (out / "ro",):
            if p.is_dir():
                p.chmod(0o755)
        shutil.rmtree(out)
    out.mkdir()
    (out / "exists.c").write_text("old\n")
    os.symlink("exists.c", out / "link.c")
    os.symlink("nowhere.c", out / "dangling.c")
    (out / "sub").mkdir()
    (out / "ro").mkdir()
    (out / "ro").chmod(0o555)
    (out / "afile").write_text("a file\n")


def snapshot(d):
    """Everything under d: path -> ('l', target) | ('d',) | ('f', bytes)."""
    snap = {}
    for root, dirs, files in os.walk(d):
        for name in dirs + files:
            p = os.path.join(root, name)
            rel = os.path.relpath(p, d)
            if os.path.islink(p):
                snap[rel] = ("l", os.readlink(p))
            elif os.path.isdir(p):
                snap[rel] = ("d",)
            else:
                with open(p, "rb") as f:
                    snap[rel] = ("f", f.read())
    return snap


class Workspace:
    """A fixtures folder, the output folder (the runs' working folder)
    and a private TMPDIR."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="kgen-fuzz-")
        base = pathlib.Path(self.dir)
        self.fix, self.out, self.tmp = base / "fix", base / "out", \
            base / "tmp"
        self.fix.mkdir()
        self.tmp.mkdir()
        make_fixtures(self.fix)
        reset_out(self.out)
        self.env = env_for_runs()
        self.env["TMPDIR"] = str(self.tmp)

    def close(self):
        (self.out / "ro").chmod(0o755)
        shutil.rmtree(self.dir, ignore_errors=True)

    def argv(self, case):
        return [a.replace("{fix}", str(self.fix)).replace("{out}",
                                                          str(self.out))
                for a in case["args"]]


def slow_ok(args):
    """Runs that may take long by design (see the module comment)."""
    return bool({"spills", "report", "search", "blocked", "all",
                 "--measure"} & set(args))


def run_once(ws, tools, argv):
    """Runs kgen in ws.out; returns (rc, stdout, stderr) or None when it
    ran past the time limit."""
    p = subprocess.Popen([tools.kgen] + argv, cwd=ws.out, env=ws.env,
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=tools.timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None
    return p.returncode, out, err


def out_options(argv):
    """The indices in argv of its -o options, read as kgen reads them:
    every option of VALUED (-o among them) takes the next argument as
    its value, whatever it is, so in `-o -o` the second -o is a file
    name; an -o without a value is none (kgen rejects it)."""
    found, i = [], 0
    while i < len(argv):
        if argv[i] in VALUED:
            if argv[i] == "-o" and i + 1 < len(argv):
                found.append(i)
            i += 2
        else:
            i += 1
    return found


def without_out(argv):
    """argv less every -o option and its value (the rerun's arguments):
    kgen writes to the last -o's file, and without any to stdout."""
    drop = {j for i in out_options(argv) for j in (i, i + 1)}
    return [a for j, a in enumerate(argv) if j not in drop]


def target_paths(ws, argv):
    """The paths (relative to ws.out) that -o may change: the value of
    the last -o option, and what its symlink names."""
    paths = set()
    found = out_options(argv)
    if not found:
        return paths
    t = argv[found[-1] + 1]
    full = os.path.join(ws.out, t)
    for p in (full, os.path.realpath(full)):
        rel = os.path.relpath(os.path.normpath(p), ws.out)
        if not rel.startswith(".."):
            paths.add(rel)
    return paths


def check(case, tools, ws=None, stats=None):
    """Runs one case; returns its problems (empty when it kept the
    contract), or None when it was skipped as slow."""
    own = ws is None
    if own:
        ws = Workspace()
    try:
        return check_in(case, tools, ws, stats)
    finally:
        if own:
            ws.close()
        else:
            reset_out(ws.out)
            for p in os.listdir(ws.tmp):
                shutil.rmtree(ws.tmp / p, ignore_errors=True)


def check_in(case, tools, ws, stats):
    argv = ws.argv(case)
    before = snapshot(ws.out)
    res = run_once(ws, tools, argv)
    if res is None:
        return None if slow_ok(argv) else [
            "ran past %g s" % tools.timeout]
    rc, out, err = res
    if stats:
        stats.count(TARGET, "exited %d" % rc)
    errtext = err.decode("utf-8", "replace")
    problems = []
    rep = sanitizer_report(errtext)
    if rep:
        problems.append("sanitizer: " + rep)
    if rc not in (0, 2):
        problems.append("exit %d: %s" % (rc, errtext[-300:]))
        return problems
    after = snapshot(ws.out)
    changed = {p for p in set(before) | set(after)
               if before.get(p) != after.get(p)}
    left = os.listdir(ws.tmp)
    if left:
        problems.append("left in TMPDIR: %s" % left[:3])
    if rc == 2:
        lines = errtext.splitlines()
        if "-d" in argv:
            lines = lines[-1:] + [l for l in lines[:-1]
                                  if l.startswith("kgen:")]
        if len(lines) != 1 or not lines[0].startswith("kgen: "):
            problems.append("exit 2 with stderr %r" % errtext[-300:])
        if out:
            problems.append("exit 2 with stdout %r" % out[:100])
        if changed:
            problems.append("exit 2 changed %s" % sorted(changed)[:3])
        return problems
    targets = target_paths(ws, argv)
    extra = changed - targets
    if extra:
        problems.append("exit 0 also changed %s" % sorted(extra)[:3])
    honoured = targets and not set(argv) & set(PRINTING)
    if honoured:
        # -o honoured: the output is in the file, none on stdout
        if out:
            problems.append("exit 0 with -o but output on stdout")
        written = [after[t][1] for t in sorted(targets)
                   if after.get(t, ("",))[0] == "f" and after[t][1]]
        if not written:
            problems.append("exit 0 with -o but no file written")
            return problems
    # a rerun writes the same bytes; with -o, the rerun is without it and
    # its standard output must be the file's text
    reset_out(ws.out)
    again = run_once(ws, tools, without_out(argv) if honoured else argv)
    if again is None:
        return problems if problems or slow_ok(argv) else \
            ["rerun ran past %g s" % tools.timeout]
    strip = lambda b: [l for l in b.splitlines() if b"Command:" not in l]
    if honoured:
        if again[0] != 0 or strip(again[1]) != strip(written[-1]):
            problems.append("the -o file differs from stdout without -o "
                            "(exit %d)" % again[0])
    elif again[0] != rc or again[1] != out:
        problems.append("rerun differs: exit %d, stdout %s" %
                        (again[0], "same" if again[1] == out else
                         "different"))
    elif snapshot(ws.out) != after:
        problems.append("rerun wrote a different file")
    return problems


def fuzz(seed, seconds, tools, stats):
    r = rng(seed, TARGET)
    budget = Budget(seconds)
    ws = Workspace()
    try:
        while budget:
            case = generate(r)
            problems = check(case, tools, ws, stats)
            stats.ran(TARGET)
            if problems is None:
                stats.skip(TARGET)
            elif problems:
                stats.found(TARGET, case, problems)
    finally:
        ws.close()
