"""What kgen's three fuzzers share: the seeded random source, the time
budget, the counts they report, the sanitizer-report test and the corpus
of saved cases (tests/fuzz/corpus/TARGET/*.json, replayed by
tests/test_fuzz.py in make check).

A fuzzer is a module with
  fuzz(seed, seconds, tools, stats)  generate and check cases until the
                                     budget is spent
  check(case, tools)                 run one case (a dict, as saved in the
                                     corpus); returns a list of problems
where tools names the programs under test (Tools below)."""
import hashlib
import json
import os
import pathlib
import random
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "tests" / "fuzz" / "corpus"

# Words a sanitizer or the C runtime prints when something went wrong.
SANITIZER_WORDS = ("AddressSanitizer", "LeakSanitizer",
                   "UndefinedBehaviorSanitizer", "runtime error:",
                   "double free", "free(): ", "malloc(): ", "stack smashing")


class Tools:
    """The programs under test: kgen, and the two C harnesses
    (tests/fuzz/tapsrun.c, apirun.c), built by make or by the test."""

    def __init__(self, kgen, tapsrun=None, apirun=None, timeout=10.0):
        self.kgen = os.path.abspath(kgen)
        self.tapsrun = tapsrun and os.path.abspath(tapsrun)
        self.apirun = apirun and os.path.abspath(apirun)
        self.timeout = timeout  # seconds for one run of kgen


class Stats:
    """Counts per target: cases run, slow cases skipped, findings."""

    def __init__(self):
        self.cases = {}
        self.skipped = {}
        self.findings = []    # (target, case, problems)
        self.counts = {}      # (target, what) -> how many, for the summary

    def ran(self, target, n=1):
        self.cases[target] = self.cases.get(target, 0) + n

    def count(self, target, what):
        key = (target, what)
        self.counts[key] = self.counts.get(key, 0) + 1

    def skip(self, target):
        self.skipped[target] = self.skipped.get(target, 0) + 1

    def found(self, target, case, problems, save=True):
        self.findings.append((target, case, problems))
        if save:
            path = save_case(target, case, problems)
            print("fuzz: %s: finding saved as %s" % (target, path))
        for p in problems[:5]:
            print("fuzz: %s:   %s" % (target, p))

    def summary(self):
        lines = []
        for t in sorted(self.cases):
            lines.append("fuzz: %s: %d cases, %d skipped as slow, "
                         "%d findings" % (t, self.cases[t],
                                          self.skipped.get(t, 0),
                                          sum(1 for f in self.findings
                                              if f[0] == t)))
            for (t2, what), k in sorted(self.counts.items()):
                if t2 == t:
                    lines.append("fuzz: %s:   %d %s" % (t, k, what))
        return "\n".join(lines)


def blame(cases, check, tools, problems):
    """A harness run over cases died after its last result: the first of
    cases that fails alone, with its problems; else the first case, with
    the batch's problems (the failure needs what came before)."""
    for case in cases[:50]:
        alone = check(case, tools)
        if alone:
            return case, alone
    return cases[0], problems + ["(not alone: it followed %d other "
                                 "inputs)" % len(cases)]


def sanitizer_report(text):
    """The first line of text that reports a sanitizer error, or None."""
    for line in text.splitlines():
        if any(w in line for w in SANITIZER_WORDS):
            return line.strip()
    return None


def save_case(target, case, problems):
    """Saves case under CORPUS/target/, named by its hash so that the same
    finding is saved once; returns the path."""
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    text = json.dumps(case, sort_keys=True)
    name = hashlib.sha1(text.encode()).hexdigest()[:12] + ".json"
    record = dict(case, found=problems[:5])
    (d / name).write_text(json.dumps(record, indent=1, sort_keys=True)
                          + "\n")
    return d / name


def load_corpus(target):
    """The saved cases of target, as (path, case) pairs."""
    d = CORPUS / target
    if not d.is_dir():
        return []
    out = []
    for p in sorted(d.glob("*.json")):
        case = json.loads(p.read_text())
        case.pop("found", None)
        case.pop("note", None)
        out.append((p, case))
    return out


class Budget:
    """A deadline: `while budget:` runs until seconds have passed."""

    def __init__(self, seconds):
        self.end = time.monotonic() + seconds

    def __bool__(self):
        return time.monotonic() < self.end

    def left(self):
        return max(0.0, self.end - time.monotonic())


def rng(seed, target):
    """A random source per target, so that each target's cases depend
    only on the seed (not on how many cases another target ran)."""
    return random.Random("%s/%d" % (target, seed))


def env_for_runs():
    """The environment of the programs under test: sanitizers stop at
    the first error and report leaks."""
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:exitcode=86"
    env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    env["LC_ALL"] = "C"
    return env
