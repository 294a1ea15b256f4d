"""The taps fuzzer: kgen conv's --taps and --taps-file parser (driver/taps.c)
on random inputs, through tests/fuzz/tapsrun.c, which links taps.c
directly and parses each input four ways (text and file; double and
float).  Inputs are well-formed tap lists in every number syntax and
separator the format allows (known values, so the result is checked),
then mutated: bytes flipped, inserted (NUL, #, comma, newline, e, x, p),
deleted or repeated; sometimes around the limits (4096 taps, 1 MB).

The contract checked: no crash or sanitizer report; each way either
succeeds with 1..4096 taps or fails with one line that starts with the
option's name; text that parses parses the same as a file; taps valid
for float are valid, and the same, for double; a well-formed input
gives exactly its taps."""
import os
import subprocess
import tempfile

from common import Budget, blame, env_for_runs, rng, sanitizer_report

TARGET = "taps"
BATCH = 200          # inputs per run of tapsrun
MAXTAPS = 4096


def number(r):
    """A tap as text, and its value."""
    if r.random() < 0.15:
        return r.choice([("0", 0.0), ("-0", 0.0), ("0.0", 0.0),
                         ("0x0p0", 0.0), ("+0e5", 0.0)])
    v = r.choice([1, -1]) * r.uniform(0.1, 10) * 10.0 ** r.randint(-30, 30)
    form = r.randrange(6)
    if form == 0:
        s = "%.17g" % v
    elif form == 1:
        s = "%g" % v
    elif form == 2:
        s = "%.20e" % v
    elif form == 3:
        s = v.hex()
    elif form == 4:
        s = ("+" if v > 0 else "") + "%.17e" % v
    else:
        s = "%.17g" % v
        s = s.replace("e", "E")
    return s, v if form == 3 else float(s)


def wellformed(r):
    """Text of k taps for a file or (sep only commas) for --taps."""
    k = r.choice([1, 2, 3, 5, 8, 20, 64, 65, 300]
                 + ([MAXTAPS, MAXTAPS + 1] if r.random() < 0.02 else []))
    file = r.random() < 0.6
    nums = [number(r) for _ in range(k)]
    parts = []
    for i, (s, _) in enumerate(nums):
        if i:
            parts.append(r.choice([",", " ", "\n", "\t", " , ", ",\n",
                                   "\r\n", " # note\n", ",# c\n"])
                         if file else ",")
        parts.append(s)
    text = "".join(parts)
    if file and r.random() < 0.3:
        text = r.choice(["# head\n", "\n\n", "  "]) + text + \
            r.choice(["\n", "\n# tail", "  ", ""])
    return text.encode(), [v for _, v in nums], file


SPICE = [b"\x00", b"#", b",", b"\n", b"e", b"x", b"p", b".", b"-", b"+",
         b" ", b"\xff", b"nan", b"inf", b"1e999", b"0x", b"\r", b"\x0b",
         b"9" * 200]
# taps of 126..129 characters, around the parser's 127-character limit
SPICE += [b",1." + b"0" * (k - 2) + b"," for k in range(126, 130)]


def mutate(r, data):
    data = bytearray(data)
    for _ in range(r.choice([1, 1, 2, 3, 8])):
        what = r.random()
        i = r.randrange(len(data) + 1)
        if what < 0.3:
            data[i:i] = r.choice(SPICE)
        elif what < 0.5 and data:
            del data[min(i, len(data) - 1)]
        elif what < 0.65 and data:
            data[min(i, len(data) - 1)] = r.randrange(256)
        elif what < 0.75:
            del data[i:]
        elif what < 0.85 and data:
            j = r.randrange(len(data))
            data[i:i] = data[j:j + r.randint(1, 20)] * r.randint(1, 50)
        elif what < 0.9:
            data += b"1," * r.choice([4095, 4096, 300000, 600000])
        else:
            data[i:i] = bytes(r.randrange(256)
                              for _ in range(r.randint(1, 8)))
    return bytes(data)


def generate(r):
    data, vals, file = wellformed(r)
    if r.random() < 0.3:
        return {"hex": data.hex(), "taps": vals, "file_only": file}
    return {"hex": mutate(r, data).hex()}


def run(tools, cases, scratch):
    """Runs tapsrun on cases; returns (result lines, exit status,
    stderr)."""
    text = "".join(c["hex"] + "\n" for c in cases)
    p = subprocess.run([tools.tapsrun, scratch], input=text.encode(),
                       capture_output=True, env=env_for_runs(),
                       timeout=max(60, tools.timeout * 10))
    return p.stdout.decode().splitlines(), p.returncode, \
        p.stderr.decode("utf-8", "replace")


def judge(case, line):
    """The problems in one result line."""
    problems = []
    res = line.split(" ")
    if len(res) != 4:
        return ["bad result line %r" % line[:200]]
    names = ["text/double", "text/float", "file/double", "file/float"]
    got = {}
    for name, r in zip(names, res):
        if r == "skip":
            continue
        if r.startswith("ok:"):
            n = int(r.split(":")[1])
            if not 1 <= n <= MAXTAPS:
                problems.append("%s: %d taps" % (name, n))
            got[name] = r
        elif r.startswith("fail:"):
            msg = bytes.fromhex(r[5:]).decode("utf-8", "replace")
            what = "--taps-file" if name.startswith("file") else "--taps"
            if not msg.startswith(what + ": ") or "\n" in msg:
                problems.append("%s: message %r" % (name, msg))
        else:
            problems.append("%s: %r" % (name, r[:100]))
    for a, b in (("text/double", "file/double"),
                 ("text/float", "file/float"),
                 ("text/float", "text/double"),
                 ("file/float", "file/double")):
        if a in got and got.get(b) != got[a]:
            problems.append("%s gave %s but %s %s" %
                            (a, got[a][:80], b, got.get(b, "failed")[:80]))
    if "taps" in case:
        want = case["taps"]
        for name in ("file/double",) + (() if case.get("file_only")
                                         else ("text/double",)):
            if len(want) > MAXTAPS:
                if name in got:
                    problems.append("%s: took %d taps" % (name, len(want)))
                continue
            if name not in got:
                problems.append("%s: rejected well-formed taps" % name)
                continue
            _, n, vals = got[name].split(":")
            if int(n) != len(want):
                problems.append("%s: %s taps, not %d" % (name, n, len(want)))
            elif len(want) <= 64:
                for v, w in zip(vals.split("/"), want):
                    if abs(float.fromhex(v) - w) > 1e-15 * abs(w):
                        problems.append("%s: tap %s, not %r" % (name, v, w))
                        break
    return problems


def check(case, tools):
    with tempfile.TemporaryDirectory(prefix="kgen-fuzz-") as d:
        lines, rc, err = run(tools, [case], os.path.join(d, "taps"))
    rep = sanitizer_report(err)
    if rc or rep or len(lines) != 1:
        return ["tapsrun exit %d: %s" % (rc, rep or err[-300:])]
    return judge(case, lines[0])


def fuzz(seed, seconds, tools, stats):
    r = rng(seed, TARGET)
    budget = Budget(seconds)
    with tempfile.TemporaryDirectory(prefix="kgen-fuzz-") as d:
        scratch = os.path.join(d, "taps")
        while budget:
            cases = [generate(r) for _ in range(BATCH)]
            lines, rc, err = run(tools, cases, scratch)
            rep = sanitizer_report(err)
            if len(lines) > len(cases):
                raise RuntimeError("the harness printed more results than "
                                   "it had inputs")
            for case, line in zip(cases, lines):
                stats.ran(TARGET)
                if "ok:" in line:
                    stats.count(TARGET, "parsed in at least one way")
                problems = judge(case, line)
                if problems:
                    stats.found(TARGET, case, problems)
            if rc or rep or len(lines) != len(cases):
                # an input after the last result line crashed it
                stats.ran(TARGET)
                stats.found(TARGET, *blame(
                    cases[len(lines):], check, tools,
                    ["tapsrun exit %d: %s" % (rc, rep or err[-300:])]))
