"""The command-line contract of docs/design.md for `kgen fft`.

Bad input exits 2 with exactly one line on stderr that starts "kgen:",
names what was wrong and what is allowed, and writes nothing: no output
file, no temporary file beside it, and an existing target is left as it
was.  --help and --version exit 0.  The same arguments give the same
bytes, and emitted codelets compile warning-free as strict C99 with gcc
and clang.
"""
import os
import re
import resource
import shutil
import signal

import pytest

from conftest import ALL, KGEN, SANITIZE, kgen, pmap, run

# (arguments, words the message must contain)
BAD = [
    ((), ["command"]),
    (("frobnicate",), ["frobnicate", "fft"]),
    (("fft",), ["-n"]),
    (("fft", "-n"), ["-n", "missing"]),
    (("fft", "-n", "0"), ["-n 0"]),
    (("fft", "-n", "-3"), ["-n -3"]),
    (("fft", "-n", "65537"), ["65537", "1024", "65536"]),
    (("fft", "-n", "1025", "--kind", "t1"), ["1025", "1024"]),
    (("fft", "--emit", "fftw", "-n", "8"), ["--kind", "family"]),
    (("fft", "--emit", "fftw", "--kind", "n2x", "-n", "8"),
     ["n2x", "n1", "r2cb"]),
    (("fft", "--emit", "fftw", "--kind", "n1"), ["-n", "2 3 4"]),
    (("fft", "--emit", "fftw", "--kind", "t1", "-n", "1"), ["-n 1", "2"]),
    (("fft", "--emit", "fftw", "--kind", "n1", "-n", "8", "--fma"),
     ["--fma", "does not apply"]),
    (("fft", "--kind", "n1fv", "-n", "8"), ["n1fv", "n1x"]),
    (("fft", "-n", "8", "--list"), ["--list", "--emit fftw"]),
    (("fft", "--emit", "fftw", "--list", "-n", "8"), ["-n", "--list"]),
    (("spills", "fft", "-n", "1025", "--regs", "16"), ["1025", "1024"]),
    (("fft", "-n", "99999999999999999999"), ["-n"]),
    (("fft", "-n", "12x"), ["12x"]),
    (("fft", "-n", "8", "--sign", "2"), ["--sign 2", "-1", "1"]),
    (("fft", "-n", "8", "--sign", "0"), ["--sign 0", "-1", "1"]),
    (("fft", "-n", "8", "--sign"), ["--sign", "missing"]),
    (("fft", "-n", "8", "--type", "int"), ["int", "double", "float"]),
    (("fft", "-n", "8", "--type"), ["--type", "missing"]),
    (("fft", "-n", "8", "--name"), ["--name", "missing"]),
    (("fft", "-n", "8", "--name", "1abc"), ["1abc", "identifier"]),
    (("fft", "-n", "8", "--name", "a-b"), ["a-b", "identifier"]),
    (("fft", "-n", "8", "--name", ""), ["--name", "identifier"]),
    (("fft", "-n", "8", "-o"), ["-o", "missing"]),
    (("fft", "-n", "8", "--bogus"), ["--bogus", "unknown option"]),
    (("fft", "-n", "8", "-x"), ["-x", "unknown option"]),
    # options that would do nothing are rejected, never ignored
    (("fft", "-n", "8", "--schedule", "bogus"), ["bogus", "blocked"]),
    (("spills", "fft", "-n", "8", "--regs", "8", "--schedule", "bogus"),
     ["bogus", "blocked"]),
    (("report", "fft", "-n", "8", "--schedule", "bogus"), ["bogus"]),
    (("fft", "-n", "8", "--schedule", "blocked", "--regs", "abc"),
     ["--regs abc"]),
    (("fft", "-n", "8", "--regs", "16"), ["--regs", "blocked"]),
    (("fft", "-n", "8", "--latency", "2"), ["--latency", "blocked"]),
    (("fft", "-n", "8", "--gamma", "2"), ["--gamma", "blocked"]),
    (("fft", "-n", "2048", "--fma"), ["--fma", "2048"]),
    (("fft", "-n", "2048", "--schedule", "co"), ["--schedule", "2048"]),
    (("conv", "--taps", "1,2", "-n", "4", "--schedule", "co"),
     ["conv", "--schedule"]),
    (("conv", "--taps", "1,2", "-n", "4", "--regs", "8"), ["--regs"]),
    (("conv", "--taps", "1,2", "-n", "4", "--sign", "1"), ["--sign"]),
    (("gemm", "-m", "2", "-n", "2", "-k", "2", "--sign", "1"), ["--sign"]),
    (("gemm", "-m", "2", "-n", "2", "-k", "2", "--latency", "2"),
     ["--latency"]),
    (("gemm", "-m", "2", "-n", "2", "-k", "2", "--gamma", "2"), ["--gamma"]),
    (("gemm", "--tile", "auto", "--regs", "16", "-n", "4"), ["-n"]),
    (("fft", "-n", "8", "--real", "--twiddle"), ["--twiddle", "--real"]),
    (("fft", "-n", "8", "--kind", "t1", "--real"), ["--real", "t1"]),
    (("fft", "-n", "8", "--kind", "r2cb", "--sign", "-1"),
     ["--sign -1", "r2cb"]),
    (("fft", "-n", "8", "--schedule", "blocked", "--gamma", ""),
     ["--gamma"]),
    (("spills", "fft", "-n", "8", "--regs", "8", "--type", "float"),
     ["--type"]),
    (("conv", "--taps", "1e300", "-n", "4", "--type", "float"),
     ["1e300", "float"]),
    (("conv", "--taps", "1e-40", "-n", "4", "--type", "float"),
     ["1e-40", "float"]),
    (("conv", "--taps", "1,1e-400", "-n", "4"), ["tap 2", "1e-400", "double"]),
    (("conv", "--taps", "1e-310", "-n", "4"), ["1e-310", "double"]),
    (("conv", "--taps", "1", "-n", "4", "--type", "q15"), ["q15", "tap 1"]),
    (("conv", "--taps", "0.5", "-n", "4", "--type", "q15", "--simd",
      "avx2"), ["--simd"]),
    (("conv", "--taps", "0.5", "-n", "4", "--round", "floor"), ["--round"]),
    (("fft", "-n", "12", "--type", "q15"), ["power of two"]),
    (("fft", "-n", "8", "--type", "q31", "--kind", "t1"), ["--kind t1"]),
    (("gemm", "-m", "2", "-n", "2", "-k", "2", "--type", "q15"), ["q15"]),
]


def one_line_error(p, words=()):
    assert p.returncode == 2, (p.returncode, p.stderr)
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    assert lines[0].startswith("kgen: "), lines[0]
    for w in words:
        assert w in lines[0], (w, lines[0])
    assert p.stdout == ""


@pytest.mark.parametrize("args,words", BAD,
                         ids=[" ".join(a) or "none" for a, _ in BAD])
def test_bad_input(kgen_bin, tmp_path, args, words):
    # -o comes first, so a check made too late would leave a file
    if args[:1] == ("fft",) and args[-1:] != ("-o",):
        args = ("fft", "-o", "out.c") + args[1:]
    p = kgen(*args, cwd=tmp_path)
    one_line_error(p, words)
    assert os.listdir(tmp_path) == []


def test_bad_input_leaves_no_file(kgen_bin, tmp_path):
    """An error found after -o was parsed must not create the file."""
    p = kgen("fft", "-o", tmp_path / "x.c", "-n", "0")
    one_line_error(p, ["-n 0"])
    p = kgen("fft", "-o", tmp_path / "x.c", "-n", "8", "--sign", "3")
    one_line_error(p, ["--sign 3"])
    assert os.listdir(tmp_path) == []


def test_unwritable_output(kgen_bin, tmp_path):
    (tmp_path / "file").write_text("")
    cases = [tmp_path / "missing" / "x.c",   # no such directory
             tmp_path / "file" / "x.c",      # a file as a directory
             tmp_path]                       # a directory as the file
    for path in cases:
        p = kgen("fft", "-n", "8", "-o", path)
        one_line_error(p, [str(path), "cannot write"])
    assert sorted(os.listdir(tmp_path)) == ["file"]


def limit_fsize():
    # A write past 4 KiB fails with EFBIG instead of killing kgen.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_failed_write_leaves_no_partial_file(kgen_bin, tmp_path):
    """A codelet larger than the file size limit cannot be written: kgen
    must fail with one line, remove its temporary file and leave the
    existing target untouched."""
    target = tmp_path / "n1_64.c"
    target.write_text("previous contents\n")
    p = run([KGEN, "fft", "-n", "64", "-o", target],
            preexec_fn=limit_fsize)
    one_line_error(p, [str(target)])
    assert os.listdir(tmp_path) == ["n1_64.c"]
    assert target.read_text() == "previous contents\n"


def test_help(kgen_bin):
    for args in (("--help",), ("-h",), ("fft", "--help")):
        p = kgen(*args)
        assert p.returncode == 0, args
        assert "fft" in p.stdout and "-n" in p.stdout and "--sign" in p.stdout
        assert "usage" in p.stdout.lower()
        assert p.stderr == ""


def test_version(kgen_bin):
    p = kgen("--version")
    assert p.returncode == 0
    f = p.stdout.split()
    assert f[0] == "kgen" and f[1][0].isdigit(), p.stdout
    assert p.stdout.count("\n") == 1 and p.stderr == ""


DETERMINISM = [("-n", "16"), ("-n", "60", "--type", "float"),
               ("-n", "97", "--sign", "1"), ("-n", "128", "--fma"),
               ("-n", "1024",)]


@pytest.mark.parametrize("args", DETERMINISM, ids=" ".join)
def test_byte_identical(kgen_bin, tmp_path, args):
    """Two runs, to a file and to stdout, give the same bytes, and the
    file holds exactly what stdout gets."""
    a, b = tmp_path / "a.c", tmp_path / "b.c"
    for f in (a, b):
        p = kgen("fft", *args, "-o", f)
        assert p.returncode == 0, p.stderr
    p = run([KGEN, "fft", *args], text=False)
    assert p.returncode == 0
    assert a.read_bytes() == b.read_bytes() == p.stdout
    assert sorted(os.listdir(tmp_path)) == ["a.c", "b.c"]


def test_header_and_signature(kgen_bin):
    p = kgen("fft", "-n", "12", "--type", "float", "--sign", "1",
             "--name", "b12")
    assert p.returncode == 0
    t = p.stdout
    assert "DO NOT EDIT" in t
    assert "kgen fft -n 12 --type float --sign 1 --name b12" in t
    for w in ("additions", "multiplications", "FMAs", "constants", "loads",
              "stores"):
        assert w in t
    assert ("b12(const float *ri, const float *ii, float *ro, float *io,"
            in t)
    assert "ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs," in t


STRICT = ["-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-c",
          "-O1"]
WARN_CASES = [(n, prec, sign) for n in (1, 2, 3, 5, 8, 13, 16, 17, 60, 64)
              for prec in ("double", "float") for sign in (-1, 1)] \
    + [(97, "double", -1), (128, "float", 1)]


@pytest.mark.parametrize("compiler", ["gcc", "clang"])
def test_compiles_warning_free(kgen_bin, tmp_path, compiler):
    if not shutil.which(compiler):
        pytest.skip("%s is not installed" % compiler)

    def one(case):
        n, prec, sign = case
        src = tmp_path / ("c%d%s%d.c" % (n, prec, sign + 1))
        p = kgen("fft", "-n", n, "--type", prec, "--sign", sign, "-o", src)
        assert p.returncode == 0, p.stderr
        p = run([compiler, *STRICT, *SANITIZE, "-o", src.with_suffix(".o"),
                 src])
        return "" if p.returncode == 0 and not p.stderr else \
            "%s: %s" % (src.name, p.stderr)
    bad = [r for r in pmap(one, WARN_CASES) if r]
    assert not bad, "\n".join(map(str, bad))


TABLES = [("spills", "fft", "-n", "8", "--regs", "8,16"),
          ("spills", "gemm", "-m", "2", "-n", "2", "-k", "2", "--regs", "8",
           "--format", "json"),
          ("report", "fft", "-n", "8", "--measure", "none"),
          ("gemm", "--tile", "auto", "--regs", "16")]


@pytest.mark.parametrize("args", TABLES, ids=" ".join)
def test_tables_honour_o(kgen_bin, tmp_path, args):
    """spills, report and gemm --tile auto write their table to -o FILE
    (through a temporary file), exactly what standard output gets."""
    out = tmp_path / "t.txt"
    p = kgen(*args, "-o", out)
    assert p.returncode == 0, p.stderr
    assert p.stdout == "" and p.stderr == ""
    ref = kgen(*args)
    assert ref.returncode == 0 and ref.stdout
    assert out.read_text() == ref.stdout
    assert os.listdir(tmp_path) == ["t.txt"]


@pytest.mark.parametrize("args", [("--help",), ("fft", "--help"),
                                  ("--version",)], ids=" ".join)
def test_help_unwritable(kgen_bin, args):
    """--help and --version that cannot be written fail with one line."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    p = run(["sh", "-c", '"$@" > /dev/full', "sh", KGEN, *args])
    assert p.returncode == 2, p.stderr
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("kgen: "), p.stderr
    assert args[0] in lines[0] or "--help" in lines[0]


def test_dump_then_error_is_last(kgen_bin, tmp_path):
    """-d's dump is debug output; the error still ends stderr, as one
    kgen: line, and leaves no file."""
    out = tmp_path / "x.c"
    p = kgen("fft", "-n", "16", "--schedule", "blocked", "--regs", "1",
             "-d", "-o", out)
    assert p.returncode == 2
    lines = p.stderr.splitlines()
    assert len(lines) > 10 and "## after" in p.stderr
    assert lines[-1].startswith("kgen: --regs 1"), lines[-1]
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("args", [("fft", "-n", "8"),
                                  ("spills", "fft", "-n", "8", "--regs",
                                   "8"),
                                  ("report", "fft", "-n", "8", "--measure",
                                   "none")], ids=" ".join)
def test_dump_with_stderr_closed(kgen_bin, tmp_path, args):
    """With standard error closed (2>&-), the -d dump must not land in the
    output file, which holds exactly what a run without -d writes."""
    out, ref = tmp_path / "x.txt", tmp_path / "ref.txt"
    assert kgen(*args, "-o", ref).returncode == 0
    p = run(["sh", "-c", '"$@" 2>&-', "sh", KGEN, *args, "-d", "-o", out])
    assert p.returncode == 0
    strip = lambda t: [l for l in t.splitlines() if "Command:" not in l]
    assert strip(out.read_text()) == strip(ref.read_text())


def test_o_follows_symlinks(kgen_bin, tmp_path):
    """-o LINK writes the file the link names and keeps the link; a link
    to a missing file creates that file."""
    ref = kgen("fft", "-n", "4").stdout
    real = tmp_path / "real.c"
    real.write_text("old\n")
    os.symlink("real.c", tmp_path / "link.c")
    os.mkdir(tmp_path / "sub")
    os.symlink("sub/new.c", tmp_path / "dangling.c")
    for name in ("link.c", "dangling.c"):
        p = kgen("fft", "-n", "4", "-o", tmp_path / name)
        assert p.returncode == 0, p.stderr
        assert os.path.islink(tmp_path / name)
    assert real.read_text() == ref
    assert (tmp_path / "sub" / "new.c").read_text() == ref
    assert sorted(os.listdir(tmp_path)) == ["dangling.c", "link.c",
                                            "real.c", "sub"]
    assert os.listdir(tmp_path / "sub") == ["new.c"]


def test_o_dev_stdout(kgen_bin, tmp_path):
    """-o /dev/stdout writes standard output (a file or a pipe) and
    leaves the link alone.  A link of our own to /proc/self/fd/1 stands
    for /dev/stdout, so that a broken kgen cannot replace the system's."""
    if not os.path.exists("/proc/self/fd/1"):
        pytest.skip("no /proc/self/fd")
    ref = kgen("fft", "-n", "4").stdout
    link, out = tmp_path / "stdout", tmp_path / "file"
    os.symlink("/proc/self/fd/1", link)
    with open(out, "w") as f:
        p = run([KGEN, "fft", "-n", "4", "-o", link], stdout=f,
                stderr=None, capture_output=False)
    assert p.returncode == 0
    assert out.read_text() == ref
    assert os.path.islink(link)
    p = kgen("fft", "-n", "4", "-o", link)   # a pipe
    assert p.returncode == 0 and p.stdout == ref
    assert sorted(os.listdir(tmp_path)) == ["file", "stdout"]


def test_o_long_name(kgen_bin, tmp_path):
    """A name of NAME_MAX bytes is written: the temporary name is short."""
    name = "a" * (os.pathconf(tmp_path, "PC_NAME_MAX") - 2) + ".c"
    p = kgen("fft", "-n", "4", "-o", tmp_path / name)
    assert p.returncode == 0, p.stderr
    assert os.listdir(tmp_path) == [name]


def test_o_mode(kgen_bin, tmp_path):
    """A new file gets 0666 less the umask, an existing one keeps its
    permissions (the temporary file's 0600 must not leak through)."""
    new, old = tmp_path / "new.c", tmp_path / "old.c"
    old.write_text("")
    os.chmod(old, 0o640)
    mask = os.umask(0o022)
    os.umask(mask)
    for f in (new, old):
        assert kgen("fft", "-n", "4", "-o", f).returncode == 0
    assert os.stat(new).st_mode & 0o777 == 0o666 & ~mask
    assert os.stat(old).st_mode & 0o777 == 0o640


def test_o_read_only_folder(kgen_bin, tmp_path):
    """A writable file in a folder where no file can be made is written
    in place; a new file there cannot be."""
    import tempfile
    top = tempfile.mkdtemp()        # not under root's 0700 pytest folder
    try:
        os.chmod(top, 0o755)
        ro = os.path.join(top, "ro")
        os.mkdir(ro)
        target = os.path.join(ro, "f.c")
        with open(target, "w") as f:
            f.write("old\n")
        os.chmod(target, 0o666)
        os.chmod(ro, 0o555)
        drop = None
        if os.geteuid() == 0:       # root writes anywhere: be nobody
            def drop():
                os.setgid(65534)
                os.setuid(65534)
        p = run([KGEN, "fft", "-n", "4", "-o", target], preexec_fn=drop)
        assert p.returncode == 0, p.stderr
        with open(target) as f:
            assert f.read() == kgen("fft", "-n", "4").stdout
        assert os.listdir(ro) == ["f.c"]
        p = run([KGEN, "fft", "-n", "4", "-o", os.path.join(ro, "new.c")],
                preexec_fn=drop)
        one_line_error(p, ["new.c", "cannot write"])
        assert os.listdir(ro) == ["f.c"]
    finally:
        os.chmod(os.path.join(top, "ro"), 0o755)
        shutil.rmtree(top)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT,
                                 signal.SIGHUP], ids=lambda s: s.name)
def test_signal_removes_temporaries(kgen_bin, tmp_path, sig):
    """Killed while its output and report's kgen-ptxas.* folder exist
    (a fake nvcc that sleeps), kgen removes both and dies of the
    signal.  The child starts with the signal at its default, whatever
    this process inherited (nohup ignores SIGHUP, a shell's background
    job SIGINT, and kgen rightly keeps an ignored signal ignored: the
    test below)."""
    p, outdir, tmpdir = _sleeping_report(tmp_path, sig, signal.SIG_DFL)
    try:
        p.send_signal(sig)
        p.wait(timeout=20)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == -sig
    assert os.listdir(outdir) == []
    assert os.listdir(tmpdir) == []


def _sleeping_report(tmp_path, sig, disposition):
    """kgen report with a fake nvcc that sleeps, started with sig set to
    disposition (and SIGTERM, which the tests end it with, at its
    default), once its output and its kgen-ptxas.* folder exist: (the
    process, the output folder, its TMPDIR)."""
    import subprocess
    import time
    bindir, tmpdir, outdir = (tmp_path / d for d in ("bin", "tmp", "out"))
    for d in (bindir, tmpdir, outdir):
        d.mkdir()
    for tool in ("nvcc", "ptxas"):
        (bindir / tool).write_text("#!/bin/sh\nexec sleep 30\n")
        os.chmod(bindir / tool, 0o755)
    env = dict(os.environ, PATH="%s:%s" % (bindir, os.environ["PATH"]),
               TMPDIR=str(tmpdir))
    p = subprocess.Popen([KGEN, "report", "fft", "-n", "8", "--measure",
                          "ptxas", "-o", outdir / "r.txt"], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         preexec_fn=lambda: (
                             signal.signal(signal.SIGTERM, signal.SIG_DFL),
                             signal.signal(sig, disposition)))
    for _ in range(200):
        if os.listdir(outdir) and os.listdir(tmpdir):
            break
        time.sleep(0.05)
    if not (os.listdir(outdir) and os.listdir(tmpdir)):
        p.kill()
        p.wait()
        pytest.fail("nothing made")
    return p, outdir, tmpdir


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGHUP],
                         ids=lambda s: s.name)
def test_ignored_signal_stays_ignored(kgen_bin, tmp_path, sig):
    """Started with the signal ignored (nohup, a background job), kgen
    leaves it ignored: the signal does nothing, and SIGTERM still
    removes the temporaries."""
    import time
    p, outdir, tmpdir = _sleeping_report(tmp_path, sig, signal.SIG_IGN)
    try:
        p.send_signal(sig)
        time.sleep(0.3)
        assert p.poll() is None, "an ignored signal stopped kgen"
        assert os.listdir(outdir) and os.listdir(tmpdir)
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=20)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == -signal.SIGTERM
    assert os.listdir(outdir) == []
    assert os.listdir(tmpdir) == []


# Every option --help names, with a sample value.  Each is tried on each
# form of each command below: it must change what the command writes
# (stdout without the header's Command: line, and stderr) or be rejected
# with exit 2 and one kgen: line; -o must send the same text to a file.
OPTION_SAMPLES = {
    "-n": ["-n", "12"], "-m": ["-m", "3"], "-k": ["-k", "5"],
    "--sign": ["--sign", "1"], "--type": ["--type", "float"],
    "--name": ["--name", "foo"], "-o": None,
    "--schedule": ["--schedule", "co"], "--regs": ["--regs", "12"],
    "--latency": ["--latency", "3"], "--format": ["--format", "csv"],
    "--target": ["--target", "avx2"], "--arch": ["--arch", "sm_90"],
    "--max-regs": ["--max-regs", "8"], "--block": ["--block", "64"],
    "--kind": ["--kind", "t1"], "--twiddle": ["--twiddle"],
    "--real": ["--real"], "--simd": ["--simd", "avx2"],
    "--emit": ["--emit", "cuda"], "--measure": ["--measure", "gcc"],
    "--verify": ["--verify"], "--choose": ["--choose", "spills"],
    "--plan": ["--plan"], "--straight": ["--straight"],
    "--taps": ["--taps", "1,3"], "--taps-file": ["--taps-file", "TAPS"],
    "--tile": ["--tile", "2x2"], "--gamma": ["--gamma", "2"],
    "--kloop": ["--kloop"], "--vlen": ["--vlen", "2"], "--fma": ["--fma"],
    "-d": ["-d"], "--time-limit": ["--time-limit", "600"],
    "--annotate": ["--annotate"],
    # --quiet silences progress, which shows only when stderr is a
    # terminal: tests/test_spilltools.py checks it under a pty
    "--quiet": ["--quiet"],
    "--correlate": ["--correlate"],
    "--list": ["--list"],
    "--round": ["--round", "floor"],
}
# Options that change nothing when stderr is a pipe, as here.
TTY_ONLY = {"--quiet"}
# Words of --help that look like options but are not kgen's: compiler
# flags named in the text, and the options that print and exit.
NOT_OPTIONS = {f.split("=")[0] for i in ALL for f in i.flags} | {
    "-maxrregcount", "-v", "-h", "--help", "--version", "-c",
    "-ffp-contract"}
FORMS = {
    "fft": ["fft", "-n", "16"],
    "fft plan": ["fft", "-n", "2048"],
    "fft fftw": ["fft", "--emit", "fftw", "--kind", "n1", "-n", "8"],
    "gemm": ["gemm", "-m", "4", "-n", "4", "-k", "4"],
    "gemm kloop": ["gemm", "-m", "4", "-n", "2", "--kloop"],
    "gemm tile auto": ["gemm", "--tile", "auto", "--regs", "16"],
    "conv": ["conv", "--taps", "0.5,0.25,0.125", "-n", "8"],
    "conv q15": ["conv", "--taps", "0.5,0.25,0.125", "-n", "8", "--type",
                 "q15"],
    "fft q31": ["fft", "-n", "16", "--type", "q31"],
    "spills fft": ["spills", "fft", "-n", "16", "--regs", "8"],
    "spills gemm": ["spills", "gemm", "-m", "2", "-n", "2", "-k", "3",
                    "--regs", "8"],
    "report fft": ["report", "fft", "-n", "16", "--measure", "none"],
    "report gemm": ["report", "gemm", "-m", "2", "-n", "2", "-k", "3",
                    "--measure", "none"],
}


def test_every_help_option_is_sampled(kgen_bin):
    """A new option in --help without a sample here fails."""
    import re
    text = kgen("--help").stdout
    named = set(re.findall(r"(?<![\w-])(--?[a-z][a-z0-9-]*)", text))
    assert named - NOT_OPTIONS == set(OPTION_SAMPLES)


def test_every_option_honoured_or_rejected(kgen_bin, tmp_path):
    taps = tmp_path / "taps.txt"
    taps.write_text("1 3\n")

    def text(p):
        out = [l for l in p.stdout.splitlines() if "Command:" not in l]
        return out, p.stderr

    def one(case):
        form, opt = case
        base = FORMS[form]
        ref = kgen(*base)
        if ref.returncode != 0:
            return "%s: base fails: %s" % (form, ref.stderr)
        if opt == "-o":
            out = tmp_path / ("%s.out" % form.replace(" ", "_"))
            p = kgen(*base, "-o", out)
            if p.returncode == 2:
                return ""
            ok = (p.returncode == 0 and p.stdout == "" and
                  out.read_text() == ref.stdout)
            return "" if ok else "%s -o: not honoured" % form
        extra = [str(taps) if a == "TAPS" else a for a in OPTION_SAMPLES[opt]]
        p = kgen(*base, *extra)
        if p.returncode == 2:
            lines = p.stderr.splitlines()
            if len(lines) == 1 and lines[0].startswith("kgen: "):
                return ""
            return "%s %s: exit 2 but stderr %r" % (form, opt, p.stderr)
        if p.returncode != 0:
            return "%s %s: exit %d" % (form, opt, p.returncode)
        if text(p) == text(ref) and opt not in TTY_ONLY:
            return "%s %s: accepted and ignored" % (form, " ".join(extra))
        return ""
    # a flag repeated (gemm --kloop --kloop) says the same thing twice
    cases = [(f, o) for f in FORMS for o in OPTION_SAMPLES
             if not (o in FORMS[f] and len(OPTION_SAMPLES[o]) == 1)]
    bad = [r for r in pmap(one, cases) if r]
    assert not bad, "\n".join(bad)


def test_missing_size_names_what_is_accepted():
    """kgen fft without -n says which sizes work, and they do: up to the
    straight-line limit any kind, beyond it plain n1 with small prime
    factors up to the standalone limit (issue 14: it said N <= 1024 while
    -n 2000 worked)."""
    p = kgen("fft")
    assert p.returncode == 2 and p.stderr.startswith("kgen: fft: -n N")
    m = re.search(r"1 <= N <= (\d+), or for a plain n1 codelet up to (\d+) "
                  r"with prime factors up to (\d+)", p.stderr)
    assert m, p.stderr
    line, plain, prime = map(int, m.groups())
    assert kgen("fft", "-n", line, "--kind", "t1").returncode == 0
    assert kgen("fft", "-n", line + 1, "--kind", "t1").returncode == 2
    assert kgen("fft", "-n", plain).returncode == 0
    assert kgen("fft", "-n", plain + 1).returncode == 2
    # the largest prime up to the limit times a power of two, and the
    # next prime
    assert kgen("fft", "-n", 61 * 32).returncode == 0 and prime == 64
    assert kgen("fft", "-n", 67 * 16).returncode == 2
