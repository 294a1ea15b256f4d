"""make bench-asmab's tool (bench/asmab.py, bench/asmab.c): with this
kgen as the "older" one too it builds, runs and writes a row per size
whose outputs agree with C's; a missing --old is one line and a failure.
Times are not checked (benchmarks, not tests)."""
import csv
import subprocess
import sys

import pytest

from conftest import KGEN, ROOT, need

SCRIPT = str(ROOT / "bench" / "asmab.py")


@pytest.mark.parametrize("kind,third", [("asm", "c_over_new"),
                                        ("c", "asm_over_new")])
def test_runs(tmp_path, kind, third):
    """Both kinds: the assembly codelets beside C, and the C codelets
    (compiled as the library does) beside the assembly one."""
    need("avx2")
    out = tmp_path / "ab.csv"
    p = subprocess.run([sys.executable, SCRIPT, "--old", KGEN, "--kind",
                        kind, "--sizes", "4,13", "--runs", "1", "--trials",
                        "3", "--v", "16", "--csv", str(out)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(out.open()))
    assert [int(r["n"]) for r in rows] == [4, 13]
    for r in rows:
        assert float(r["new_ns"]) > 0 and float(r["old_over_new"]) > 0
        assert float(r[third]) > 0
        assert float(r["relerr"]) < 1e-12
    assert "old/new median" in p.stdout


def test_old_missing(tmp_path):
    p = subprocess.run([sys.executable, SCRIPT, "--old",
                        str(tmp_path / "none")], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode != 0
    assert p.stderr.strip().startswith("bench-asmab: --old")
    assert len(p.stderr.strip().splitlines()) == 1
