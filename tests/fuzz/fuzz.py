"""kgen's fuzzers (make fuzz): the command line (cli.py), the taps
parser (taps.py, through tests/fuzz/tapsrun.c) and the library API
(api.py, through tests/fuzz/apirun.c), seeded and time-bounded.

  python3 tests/fuzz/fuzz.py --seconds S [--seed N] [--kgen PROG]
      [--tapsrun PROG] [--apirun PROG] [--only cli,taps,api]
      [--timeout T]
  python3 tests/fuzz/fuzz.py --replay   (the saved corpus only)

The budget is shared: half to the command line, a quarter to each
harness.  Findings are saved under tests/fuzz/corpus/TARGET/ and the
exit status is 1 when there was any.  The seed (random unless given) is
printed first, so that a run can be repeated."""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import api    # noqa: E402
import cli    # noqa: E402
import taps   # noqa: E402
from common import ROOT, Stats, Tools, load_corpus   # noqa: E402

TARGETS = {"cli": (cli, 0.5), "taps": (taps, 0.25), "api": (api, 0.25)}


def replay(tools, targets, stats):
    """Reruns every saved case; one that still fails is a finding (not
    saved again)."""
    for name in targets:
        mod = TARGETS[name][0]
        for path, case in load_corpus(name):
            problems = mod.check(case, tools)
            stats.ran(name)
            if problems:
                stats.found(name, case, ["%s: %s" % (path.name, p)
                                         for p in problems], save=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--kgen", default=str(ROOT / "bin/kgen"))
    ap.add_argument("--tapsrun", default=str(ROOT / "build/fuzz/tapsrun"))
    ap.add_argument("--apirun", default=str(ROOT / "build/fuzz/apirun"))
    ap.add_argument("--only", default="cli,taps,api")
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--replay", action="store_true")
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(10**9)
    tools = Tools(a.kgen, a.tapsrun, a.apirun, a.timeout)
    targets = [t for t in a.only.split(",") if t]
    stats = Stats()
    t0 = time.monotonic()
    if a.replay:
        replay(tools, targets, stats)
    else:
        print("fuzz: seed %d, %g s, kgen %s" % (seed, a.seconds, a.kgen),
              flush=True)
        share = sum(TARGETS[t][1] for t in targets)
        for t in targets:
            mod, part = TARGETS[t]
            mod.fuzz(seed, a.seconds * part / share, tools, stats)
            print("fuzz: %s done" % t, flush=True)
    print(stats.summary())
    print("fuzz: %s%d findings in %.0f s" %
          ("" if a.replay else "seed %d: " % seed, len(stats.findings),
           time.monotonic() - t0))
    return 1 if stats.findings else 0


if __name__ == "__main__":
    sys.exit(main())
