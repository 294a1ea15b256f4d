"""make install / make uninstall into a staged tree (issue 14): the versioned
shared library and its SONAME, the symlinks, kgen.pc for a shared link with
an rpath and for a static link, the KGEN_VERSION_* macros of kgen.h, the
man page kgen(1) (made from kgen --help, so the two say the same), and an
uninstall that leaves nothing of kgen behind.  No root needed: PREFIX and
DESTDIR both lie under tmp_path.  The help texts come from the kgen under
test ($KGEN, as conftest.py reads it); build/kgen.1 is made from bin/kgen,
so that is the one it must be newer than."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import CC, KGEN, ROOT

PROGRAM = r"""
#include <stdio.h>
#include <kgen.h>
int main(void)
{
	double ri[4] = {1, 2, 3, 4}, ii[4] = {0}, ro[4], io[4];
	int s = kgen_dft(4, -1, ri, ii, ro, io, 1, 1, 1, 0, 0);
	printf("%s %s %d %g %g %g\n", KGEN_VERSION_STRING, kgen_version(), s,
	    ro[0], ro[1], io[1]);
	return s != 0;
}
"""


def run(cmd, **kw):
    return subprocess.run([str(c) for c in cmd], capture_output=True,
                          text=True, **kw)


def clean_env():
    return {k: v for k, v in os.environ.items()
            if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL",
                         "LD_LIBRARY_PATH", "PKG_CONFIG_PATH")}


def all_h_version():
    m = re.search(r'^#define KGEN_VERSION "(\d+)\.(\d+)\.(\d+)"',
                  (ROOT / "dag/all.h").read_text(), re.M)
    assert m, "dag/all.h has no KGEN_VERSION"
    return m.groups()


def test_header_version_macros():
    major, minor, patch = all_h_version()
    h = (ROOT / "runtime/kgen.h").read_text()
    got = {k: v for k, v in re.findall(
        r'^#define KGEN_VERSION_(MAJOR|MINOR|PATCH|STRING) (\S+)', h, re.M)}
    assert got == {"MAJOR": major, "MINOR": minor, "PATCH": patch,
                   "STRING": '"%s.%s.%s"' % (major, minor, patch)}


def words_of_help(text):
    """The words of kgen --help less those the man page turns into section
    headings: "usage:", "commands:", ..., and "Exit status:"."""
    out = []
    for line in text.splitlines():
        if re.fullmatch(r"[a-z][a-z ]*:", line):
            continue
        line = re.sub(r"^usage: ", "", line)
        line = re.sub(r"^Exit status: ", "", line)
        out += line.split()
    return out


def words_of_man(text):
    """The words of a man page's source outside its requests, unescaped,
    less its NAME and SEE ALSO sections (the only words not from --help)."""
    out, keep = [], True
    for line in text.splitlines():
        if line.startswith(".SH"):
            keep = line.split(None, 1)[1].strip('"') not in ("NAME",
                                                             "SEE ALSO")
            continue
        if not keep:
            continue
        if re.match(r"\.(B|I) ", line):
            line = line[3:]
        elif line.startswith("."):
            continue
        line = re.sub(r"\\f[BIR]", "", line)
        line = line.replace("\\&", "").replace("\\-", "-")
        out += line.replace("\\e", "\\").split()
    return out


def test_man_page_is_the_help():
    """build/kgen.1 says what kgen --help says, word for word (each
    command's --help says the same), and renders without a warning."""
    man = ROOT / "build/kgen.1"
    assert man.stat().st_mtime >= (ROOT / "bin/kgen").stat().st_mtime, \
        "build/kgen.1 is older than bin/kgen: run make"
    helptext = run([KGEN, "--help"]).stdout
    assert words_of_man(man.read_text()) == words_of_help(helptext)
    for cmd in ("fft", "gemm", "conv", "spills", "report"):
        p = run([KGEN, cmd, "--help"])
        assert p.returncode == 0 and p.stdout == helptext, cmd
    if not shutil.which("man"):
        pytest.skip("man is not installed")
    p = run(["man", "--warnings", "-l", man],
            env=dict(clean_env(), MANWIDTH="80", MANPAGER="cat"))
    assert p.returncode == 0 and p.stderr == "", p.stderr
    for want in ("NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "EXIT STATUS",
                 "kgen fft -n 16 -o n1_16.c", "--sign -1|1"):
        assert want in p.stdout, want


def test_install_uninstall(tmp_path):
    if not shutil.which("pkg-config"):
        pytest.skip("pkg-config is not installed")
    version = ".".join(all_h_version())
    major = version.split(".")[0]
    destdir, prefix = tmp_path / "stage", tmp_path / "prefix"
    staged = Path(str(destdir) + str(prefix))
    make = ["make", "-s", "DESTDIR=%s" % destdir, "PREFIX=%s" % prefix]
    p = run(make + ["install"], cwd=ROOT, env=clean_env())
    assert p.returncode == 0, p.stdout + p.stderr
    lib = staged / "lib"
    for f in ("bin/kgen", "bin/kgen-wisdom", "include/kgen.h",
              "lib/libkgen.a",
              "lib/libkgen.so.%s" % version, "lib/pkgconfig/kgen.pc",
              "lib/cmake/kgen/kgenConfig.cmake",
              "lib/cmake/kgen/kgenConfigVersion.cmake",
              "share/man/man1/kgen.1"):
        assert (staged / f).is_file() and not (staged / f).is_symlink(), f
    assert (staged / "share/man/man1/kgen.1").read_text() == \
        (ROOT / "build/kgen.1").read_text()
    if shutil.which("man"):
        p = run(["man", "--warnings", "-l", staged / "share/man/man1/kgen.1"],
                env=dict(clean_env(), MANWIDTH="80", MANPAGER="cat"))
        assert p.returncode == 0 and p.stderr == "", p.stderr
        assert "kgen fft -n 16 -o n1_16.c" in p.stdout, p.stdout[:2000]
    # kgen-wisdom finds the staged library through $ORIGIN/../lib
    p = run([staged / "bin/kgen-wisdom", "-q", "-t", "double", "-l",
             "inter", "2"], env=clean_env())
    assert p.returncode == 0 and p.stdout.startswith("kgen-wisdom 3\n"), \
        p.stdout + p.stderr
    assert os.readlink(lib / ("libkgen.so.%s" % major)) == \
        "libkgen.so.%s" % version
    assert os.readlink(lib / "libkgen.so") == "libkgen.so.%s" % major
    d = run(["readelf", "-d", lib / ("libkgen.so.%s" % version)])
    assert "Library soname: [libkgen.so.%s]" % major in d.stdout, d.stdout

    # pkg-config, its prefix pointed at the staged tree
    env = dict(clean_env(), PKG_CONFIG_PATH=str(lib / "pkgconfig"))
    pc = ["pkg-config", "--define-variable=prefix=%s" % staged]
    assert run(pc + ["--modversion", "kgen"], env=env).stdout.strip() \
        == version
    libdir = run(pc + ["--variable=libdir", "kgen"], env=env).stdout.strip()
    assert Path(libdir) == lib
    flags = run(pc + ["--cflags", "--libs", "kgen"], env=env)
    assert flags.returncode == 0, flags.stderr
    src = tmp_path / "prog.c"
    src.write_text(PROGRAM)
    expect = [version, version, "0", "10", "-2", "2"]

    # shared, found through the rpath alone
    shared = tmp_path / "shared"
    p = run([CC, "-std=c99", "-Wall", "-Werror", "-o", shared, src,
             *flags.stdout.split(), "-Wl,-rpath,%s" % libdir])
    assert p.returncode == 0, p.stderr
    p = run([shared], env=clean_env())
    assert p.returncode == 0 and p.stdout.split() == expect, \
        p.stdout + p.stderr
    ldd = run(["ldd", shared]).stdout
    assert "libkgen.so.%s => %s" % (major, lib) in ldd, ldd

    # static: pkg-config --static's flags, the archive named in place of -lkgen
    sflags = run(pc + ["--cflags", "--static", "--libs", "kgen"], env=env)
    assert sflags.returncode == 0, sflags.stderr
    assert "-lm" in sflags.stdout.split()
    words = ["-l:libkgen.a" if w == "-lkgen" else w
             for w in sflags.stdout.split()]
    static = tmp_path / "static"
    p = run([CC, "-std=c99", "-Wall", "-Werror", "-o", static, src, *words])
    assert p.returncode == 0, p.stderr
    assert "libkgen" not in run(["ldd", static]).stdout

    # uninstall leaves nothing of kgen behind
    p = run(make + ["uninstall"], cwd=ROOT, env=clean_env())
    assert p.returncode == 0, p.stdout + p.stderr
    left = [str(f) for f in destdir.rglob("*")
            if "kgen" in f.name and (f.is_file() or f.is_symlink())]
    assert left == []
    # the static program runs without the .so; the shared one no longer does
    p = run([static], env=clean_env())
    assert p.returncode == 0 and p.stdout.split() == expect, \
        p.stdout + p.stderr
    assert run([shared], env=clean_env()).returncode != 0


def test_cmake_package(tmp_path):
    if not shutil.which("cmake"):
        pytest.skip("cmake is not installed")
    version = ".".join(all_h_version())
    destdir, prefix = tmp_path / "stage", tmp_path / "prefix"
    staged = Path(str(destdir) + str(prefix))
    make = ["make", "-s", "DESTDIR=%s" % destdir, "PREFIX=%s" % prefix]
    p = run(make + ["install"], cwd=ROOT, env=clean_env())
    assert p.returncode == 0, p.stdout + p.stderr
    proj = tmp_path / "proj"
    proj.mkdir()
    (proj / "prog.c").write_text(PROGRAM)
    (proj / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.10)\n"
        "project(use_kgen C)\n"
        "find_package(kgen %s REQUIRED)\n"
        "add_executable(shared prog.c)\n"
        "target_link_libraries(shared kgen::kgen)\n"
        "add_executable(static prog.c)\n"
        "target_link_libraries(static kgen::kgen_static)\n" % version)
    build = tmp_path / "build"
    p = run(["cmake", "-S", proj, "-B", build,
             "-DCMAKE_PREFIX_PATH=%s" % staged], env=clean_env())
    assert p.returncode == 0, p.stdout + p.stderr
    p = run(["cmake", "--build", build], env=clean_env())
    assert p.returncode == 0, p.stdout + p.stderr
    expect = [version, version, "0", "10", "-2", "2"]
    for exe in ("shared", "static"):
        # CMake puts the build-tree rpath to the imported .so
        p = run([build / exe], env=clean_env())
        assert p.returncode == 0 and p.stdout.split() == expect, \
            exe + p.stdout + p.stderr
    assert "libkgen.so" in run(["ldd", build / "shared"]).stdout
    assert "libkgen" not in run(["ldd", build / "static"]).stdout
    p = run(make + ["uninstall"], cwd=ROOT, env=clean_env())
    assert p.returncode == 0, p.stdout + p.stderr
    assert [f for f in destdir.rglob("*") if not f.is_dir()] == []
