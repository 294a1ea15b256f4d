"""make bench-asmparts' tool (bench/asmparts.py): its cuts of an asm n1
codelet still find the labels x86/asm.c prints, the cut functions
assemble, link and run, and the CSV holds a row a configuration whose
parts are times.  Times are not checked (benchmarks, not tests); that
the whole codelet and the C one agree with FFTW is test_asm's and
test_simd's."""
import csv
import subprocess
import sys

import pytest

from conftest import ROOT, need

SCRIPT = str(ROOT / "bench" / "asmparts.py")


def test_cuts_run(tmp_path):
    need("avx2")
    out = tmp_path / "parts.csv"
    p = subprocess.run([sys.executable, SCRIPT, "--isa", "avx2", "--prec",
                        "double,float", "--sizes", "4,13", "--trials", "3",
                        "--v", "16", "--csv", str(out)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(out.open()))
    assert [(r["prec"], int(r["n"])) for r in rows] == [
        ("double", 4), ("double", 13), ("float", 4), ("float", 13)]
    # AVX2 double's rows path has its own kernel: the X path is cut
    assert [r["rows_kernel"] for r in rows] == ["1", "1", "0", "0"]
    for r in rows:
        assert float(r["asm_ns"]) > 0 and float(r["c_ns"]) > 0
        assert float(r["out_ns"]) > 0
        # the parts are differences of times: finite numbers
        for k in ("in_ns", "kernel_ns", "parts_over_asm"):
            float(r[k])
    assert "parts/asm" in p.stdout


@pytest.mark.parametrize("args,msg", [
    (["--isa", "neon"], "--isa neon"),
    (["--prec", "half"], "--prec half"),
    (["--sizes", "1"], "--sizes from 2 to 64"),
    (["--sizes", "x"], "--sizes x"),
    (["--trials", "0"], "--trials"),
])
def test_bad_options(tmp_path, args, msg):
    """One line naming the option, no CSV written."""
    out = tmp_path / "parts.csv"
    p = subprocess.run([sys.executable, SCRIPT, *args, "--csv", str(out)],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode != 0
    assert msg in p.stderr and len(p.stderr.strip().split("\n")) == 1
    assert not out.exists()
