"""The golden set (tests/golden/): 237 commands across every command,
kind, ISA, precision, schedule and emitter, whose output was recorded
before issue 11's redesign moved code.  Every one must still produce
the same bytes on standard output and standard error and the same exit
status.  After a deliberate change of output, rerun
`tests/golden/golden.py record` and say why in the commit."""
import sys

from conftest import KGEN, TESTS

sys.path.insert(0, str(TESTS / "golden"))
import golden  # noqa: E402


def test_golden_set_is_byte_identical():
    bad = golden.check(KGEN)
    assert not bad, "%d golden commands differ (golden.py show N): %s" % (
        len(bad), "; ".join("%d: kgen %s" % b for b in bad[:20]))


def test_golden_set_can_fail(tmp_path):
    # a kgen that prints one more newline, or exits differently, is caught
    for tail in ("echo; exit $s", "exit $((s ^ 2))"):
        fake = tmp_path / "kgen"
        fake.write_text("#!/bin/sh\n%s \"$@\"; s=$?; %s\n" % (KGEN, tail))
        fake.chmod(0o755)
        assert len(golden.check(str(fake), only=[1, 20, 212])) == 3
