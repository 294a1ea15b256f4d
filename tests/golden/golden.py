#!/usr/bin/env python3
"""The golden set: kgen's output for every command in `commands`, fixed
before the redesign of issue 11, so that moving code can be shown to
change no byte.

Each line of `commands` is run as `bin/kgen LINE` from the repository
root; its standard output, standard error and exit status are hashed
together (SHA-256) and compared with the line of the same number in
`sums`.  `sums` names the commit whose kgen produced it.

  golden.py check [KGEN]          exit 1 and list the commands that differ
  golden.py record [KGEN]         rewrite sums (only for a deliberate change)
  golden.py show N [KGEN]         print what command N produces now
"""
import concurrent.futures
import hashlib
import os
import pathlib
import shlex
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def commands():
    return [l for l in (HERE / "commands").read_text().split("\n")[:-1]]


def output(kgen, line):
    p = subprocess.run([kgen, *shlex.split(line)], cwd=ROOT,
                       capture_output=True, timeout=300)
    return (p.stdout + b"\n--- stderr ---\n" + p.stderr
            + b"\n--- status %d ---\n" % p.returncode)


def digest(kgen, line):
    return hashlib.sha256(output(kgen, line)).hexdigest()


def all_digests(kgen):
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        return list(ex.map(lambda l: digest(kgen, l), commands()))


def expected():
    lines = (HERE / "sums").read_text().split("\n")
    return [l.split()[0] for l in lines if l and not l.startswith("#")]


def check(kgen, only=None):
    """Returns (number, command) of each command whose output differs
    from sums; only, a list of numbers from 1, checks just those."""
    cmds = commands()
    want = expected()
    assert len(want) == len(cmds), "sums and commands disagree in length"
    nums = only or range(1, len(cmds) + 1)
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        got = list(ex.map(lambda i: digest(kgen, cmds[i - 1]), nums))
    return [(i, cmds[i - 1]) for i, h in zip(nums, got) if h != want[i - 1]]


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "check"
    if what == "show":
        kgen = sys.argv[3] if len(sys.argv) > 3 else str(ROOT / "bin/kgen")
        sys.stdout.buffer.write(output(kgen, commands()[int(sys.argv[2]) - 1]))
        return 0
    kgen = sys.argv[2] if len(sys.argv) > 2 else str(ROOT / "bin/kgen")
    if what == "record":
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                             cwd=ROOT, capture_output=True, text=True)
        with open(HERE / "sums", "w") as f:
            f.write("# sha256 of stdout, stderr and status of each line of "
                    "commands; recorded by kgen at %s\n" % rev.stdout.strip())
            for c, h in zip(commands(), all_digests(kgen)):
                f.write("%s  %s\n" % (h, c))
        return 0
    bad = check(kgen)
    for i, c in bad:
        print("golden %d differs: kgen %s" % (i, c))
    print("%d of %d golden commands byte-identical"
          % (len(commands()) - len(bad), len(commands())))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
