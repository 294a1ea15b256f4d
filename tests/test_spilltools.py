"""The spill tools as a person uses them (issue 14 item 6, issue 15 item 4).

kgen spills and kgen report state their work and count it on a terminal
(checked under a pseudo-terminal from the pty module), stay silent in a
pipe and with --quiet, and stop at --time-limit saying so; --schedule
takes lists; global options may come before the command; every table
puts loads before stores; and --annotate's step-by-step decisions add
up to the table's counts.
"""
import csv
import io
import json
import os
import pty
import re
import select
import shutil
import subprocess
import time

import pytest

from conftest import KGEN, ROOT, kgen


def on_pty(args, timeout=120):
    """Runs kgen with stderr on a pseudo-terminal: (stdout, stderr)."""
    master, slave = pty.openpty()
    p = subprocess.Popen([KGEN, *map(str, args)], stdout=subprocess.PIPE,
                         stderr=slave)
    os.close(slave)
    err = b""
    end = time.time() + timeout
    while time.time() < end:
        r, _, _ = select.select([master], [], [], 0.5)
        if r:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            err += chunk
        elif p.poll() is not None:
            break
    out = p.stdout.read()
    p.wait()
    os.close(master)
    assert p.returncode == 0, err
    return out.decode(), err.decode()


def rows(text):
    """The table rows of kgen spills' text output."""
    return [l.split() for l in text.splitlines()
            if l and not l.startswith(("#", "schedule"))]


# ---- progress: a terminal sees it, a pipe and --quiet do not ----

SPILLS = ["spills", "fft", "-n", "32", "--regs", "4-12",
          "--schedule", "blocked,co"]


def test_progress_on_a_terminal():
    out, err = on_pty(SPILLS)
    assert "kgen: spills: 2 schedules x 9 R = 18 rows" in err
    assert "\r" in err and "18/18 done" in err
    assert out == kgen(*SPILLS).stdout


def test_no_progress_in_a_pipe():
    p = kgen(*SPILLS)
    assert p.returncode == 0 and p.stderr == ""


def test_quiet_on_a_terminal():
    for args in (SPILLS + ["--quiet"], ["--quiet"] + SPILLS):
        out, err = on_pty(args)
        assert err == ""
        assert out == kgen(*SPILLS).stdout


def test_report_progress():
    args = ["report", "fft", "-n", "16", "--measure", "none"]
    out, err = on_pty(args)
    assert re.search(r"kgen: report: schedule build: Belady on 7 targets",
                     err)
    assert out == kgen(*args).stdout
    assert on_pty(args + ["--quiet"])[1] == ""


# ---- --time-limit ----

def test_time_limit_cuts_a_long_run():
    # unbounded, this runs minutes: 61 searches over a 7751-node DAG
    args = ["spills", "fft", "-n", "256", "--regs", "4-64", "--schedule",
            "co,search", "--time-limit", "1"]
    t = time.time()
    p = kgen(*args)
    took = time.time() - t
    assert p.returncode == 0, p.stderr
    assert took < 15, "a 1 s limit took %.1f s" % took
    m = re.search(r"# time limit 1 s: reached, (\d+) of 122 rows",
                  p.stdout)
    assert m, p.stdout
    assert int(m.group(1)) == len(rows(p.stdout)) < 122


def test_time_limit_marks_a_search_cut_short():
    args = ["spills", "fft", "-n", "256", "--regs", "16", "--schedule",
            "search", "--time-limit", "0.5"]
    text = kgen(*args).stdout
    assert rows(text)[0][-1] == "stopped"
    assert "'stopped': search cut short" in text
    c = list(csv.DictReader(io.StringIO(
        kgen(*args, "--format", "csv").stdout)))
    assert c[0]["stopped"] == "1"
    j = json.loads(kgen(*args, "--format", "json").stdout)
    assert j["time_limit"]["reached"] is True
    assert j["results"][0]["stopped"] is True
    # the best order so far is still a valid one: at least co's cost is
    # not required, but the counts are consistent
    r = j["results"][0]
    assert r["loads"] >= r["lower_bound"]


def test_time_limit_not_reached_changes_no_row():
    args = ["spills", "fft", "-n", "16", "--regs", "4-8"]
    plain = kgen(*args).stdout
    limited = kgen(*args, "--time-limit", "600").stdout
    assert "# time limit 600 s: not reached, 25 of 25 rows" in limited
    assert rows(limited) == rows(plain)
    c = list(csv.DictReader(io.StringIO(
        kgen(*args, "--time-limit", "600", "--format", "csv").stdout)))
    assert {r["stopped"] for r in c} == {"0"}


def test_report_time_limit():
    # search for each of 7 targets at n = 64: several seconds unbounded
    args = ["report", "fft", "-n", "64", "--schedule", "search",
            "--measure", "none", "--time-limit", "0.2"]
    t = time.time()
    p = kgen(*args)
    assert p.returncode == 0, p.stderr
    assert time.time() - t < 20
    assert "time limit 0.2 s reached: a search was cut short" in p.stdout


@pytest.mark.parametrize("bad", ["0", "-1", "x", "", "1e9"])
def test_time_limit_bad_values(bad):
    p = kgen("spills", "fft", "-n", "8", "--regs", "8", "--time-limit", bad)
    assert p.returncode == 2
    assert p.stderr.startswith("kgen: --time-limit")
    assert len(p.stderr.splitlines()) == 1


def test_time_limit_not_for_codelets():
    p = kgen("fft", "-n", "8", "--time-limit", "5")
    assert p.returncode == 2 and "does not apply" in p.stderr


# ---- --schedule lists ----

def test_schedule_list_order_and_rows():
    base = ["spills", "fft", "-n", "32", "--regs", "8,16"]
    both = rows(kgen(*base, "--schedule", "search,co").stdout)
    assert [r[0] for r in both] == ["search"] * 2 + ["co"] * 2
    alone = (rows(kgen(*base, "--schedule", "search").stdout)
             + rows(kgen(*base, "--schedule", "co").stdout))
    assert both == alone
    assert (kgen(*base, "--schedule", "all").stdout
            == kgen(*base).stdout
            == kgen(*base, "--schedule",
                    "naive,build,co,blocked,search").stdout)


@pytest.mark.parametrize("bad,says", [
    ("co,co", "co listed twice"), ("co,bogus", "expected all"),
    ("co,", "expected all"), (",co", "expected all"),
    ("all,co", "expected all")])
def test_schedule_list_errors(bad, says):
    p = kgen("spills", "fft", "-n", "8", "--regs", "8", "--schedule", bad)
    assert p.returncode == 2 and says in p.stderr
    assert len(p.stderr.splitlines()) == 1


def test_report_takes_one_schedule():
    p = kgen("report", "fft", "-n", "8", "--measure", "none", "--schedule",
             "co,search")
    assert p.returncode == 2 and len(p.stderr.splitlines()) == 1


# ---- global options before the command ----

def test_global_options_before_the_command(tmp_path):
    args = ["spills", "fft", "-n", "8", "--regs", "8"]
    after = kgen(*args, "-d")
    before = kgen("-d", *args)
    assert before.returncode == 0
    assert (before.stdout, before.stderr) == (after.stdout, after.stderr)
    assert "## after simp" in before.stderr
    out = tmp_path / "t.txt"
    p = kgen("-o", out, "--time-limit", "600", *args)
    assert p.returncode == 0 and p.stdout == ""
    assert out.read_text() == kgen(*args, "--time-limit", "600").stdout
    c = tmp_path / "n1_4.c"
    assert kgen("-o", c, "fft", "-n", "4").returncode == 0
    assert c.read_text() == kgen("fft", "-n", "4").stdout
    assert kgen("--quiet", "report", "fft", "-n", "8", "--measure",
                "none").returncode == 0


@pytest.mark.parametrize("args,says", [
    (["-n", "8", "fft"], "-n: not a global option"),
    (["--schedule", "co", "spills", "fft", "-n", "8"], "not a global"),
    (["-o"], "-o: missing value"),
    (["-d"], "no command"),
    (["--quiet", "fft", "-n", "8"], "--quiet does not apply")])
def test_global_option_errors(args, says):
    p = kgen(*args)
    assert p.returncode == 2 and says in p.stderr, p.stderr
    assert len(p.stderr.splitlines()) == 1


# ---- one column order: loads, then stores ----

def test_column_order_text_csv_json():
    args = ["spills", "fft", "-n", "16", "--regs", "8", "--schedule", "co"]
    head = [l for l in kgen(*args).stdout.splitlines()
            if l.startswith("schedule")][0].split()
    assert head.index("loads") < head.index("stores")
    c = kgen(*args, "--format", "csv").stdout.splitlines()[0].split(",")
    assert c.index("loads") < c.index("stores")
    assert c.index("compulsory_loads") < c.index("compulsory_stores")
    j = kgen(*args, "--format", "json").stdout
    assert j.index('"loads"') < j.index('"stores"')


@pytest.mark.skipif(not shutil.which("gcc"), reason="gcc not found")
def test_measured_columns_loads_then_stores():
    args = ["spills", "fft", "-n", "16", "--regs", "8", "--schedule",
            "build", "--measure", "gcc"]
    text = kgen(*args).stdout
    head = [l for l in text.splitlines() if l.startswith("schedule")][0]
    assert head.split()[-2:] == ["gcc_loads", "gcc_stores"]
    row = rows(text)[0]
    c = list(csv.DictReader(io.StringIO(
        kgen(*args, "--format", "csv").stdout)))[0]
    assert row[-2:] == [c["gcc_loads"], c["gcc_stores"]]
    # loads and stores differ here, so a swap would show
    assert c["gcc_loads"] != c["gcc_stores"]
    assert "FP stack loads and stores" in text


# ---- --annotate ----

@pytest.mark.parametrize("n,sched,R", [
    (16, "search", 8), (16, "naive", 4), (32, "co", 16), (16, "build", 6),
    (12, "blocked", 5)])
def test_annotate_adds_up_to_the_table(n, sched, R):
    args = ["spills", "fft", "-n", str(n), "--regs", str(R), "--schedule",
            sched]
    table = rows(kgen(*args).stdout)[0]
    loads, inloads, stores, maxlive = map(int, table[2:6])
    text = kgen(*args, "--annotate").stdout
    steps = [l for l in text.splitlines() if re.match(r"\s*\d+\s", l)]
    reloads = sum(len(re.findall(r"reload v\d+", l)) for l in steps)
    fromin = sum(len(re.findall(r"reload v\d+ \(in\)", l)) for l in steps)
    spills = sum(len(re.findall(r"spill v\d+", l)) for l in steps)
    assert (reloads, fromin, spills) == (loads, inloads, stores)
    assert ("# total: %d reloads (%d from input arrays), %d spill stores"
            % (loads, inloads, stores)) in text
    # steps are numbered 0.. in order; live never exceeds max live, and
    # reaches it or one below (max live counts a step's dying operands)
    assert [int(l.split()[0]) for l in steps] == list(range(len(steps)))
    live = [int(re.split(r"\s{2,}", l.strip())[2]) for l in steps]
    assert max(live) <= maxlive <= max(live) + 1
    assert live[-1] == 0
    # the bar shows R with '|'
    assert any("|" in l for l in steps) == (max(live) > R)


def test_annotate_wants_one_order():
    for extra in (["--regs", "8,16", "--schedule", "co"],
                  ["--regs", "8"],
                  ["--regs", "8", "--schedule", "co", "--format", "csv"]):
        p = kgen("spills", "fft", "-n", "8", *extra, "--annotate")
        assert p.returncode == 2 and "--annotate" in p.stderr
        assert len(p.stderr.splitlines()) == 1


# ---- make bench-spills stays within its budget ----

def test_bench_spills_budget(tmp_path):
    """With a budget too small for any call, bench/spills.py still ends
    at once and writes its CSV header, its tables with every cell '-' and
    a line per call it skipped."""
    env = dict(os.environ, SPILLS_BUDGET="1", SPILLS_OUT=str(tmp_path))
    t = time.time()
    p = subprocess.run(["/usr/bin/python3", str(ROOT / "bench" /
                                                "spills.py")],
                       env=env, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert time.time() - t < 30
    head = (tmp_path / "spills.csv").read_text().splitlines()[0].split(",")
    assert head[3:5] == ["loads", "stores"]
    md = (tmp_path / "spills.md").read_text()
    assert "| 64 | search | - | - | - | - | - |" in md
    assert md.count("skipped: the 1 s budget was spent") == 30
    assert "wrote %s/spills.csv" % tmp_path in p.stderr


def test_annotate_time_limit():
    base = ["spills", "fft", "-n", "128", "--regs", "8", "--schedule",
            "search", "--annotate"]
    t = time.time()
    cut = kgen(*base, "--time-limit", "0.3").stdout
    assert time.time() - t < 20
    assert cut.endswith("# time limit 0.3 s: reached; the search was cut "
                        "short, this is the best order it found\n")
    small = kgen("spills", "fft", "-n", "8", "--regs", "8", "--schedule",
                 "search", "--annotate", "--time-limit", "60").stdout
    assert small.endswith("# time limit 60 s: not reached\n")
