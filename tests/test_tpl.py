"""The code templates of emit/tpl/ (issue 11): each piece between
"kgen: begin NAME" and "kgen: end" must reach some codelet with every
placeholder @name@ filled in, no codelet may keep an '@', and
emit/text.awk must refuse a malformed template.  The golden set
(test_golden.py) shows that the pieces print the same bytes as the
string literals they replaced; this file shows that none is left
unused or half substituted."""
import re
import shlex

from conftest import ROOT, TESTS, kgen, pmap, run

TPL = sorted((ROOT / "emit" / "tpl").glob("*.c"))
AWK = ROOT / "emit" / "text.awk"

# beyond the golden set: the pieces only rarer shapes print
EXTRA = [
    "gemm -m 3 -n 3 -k 5 --vlen 8 --fma",      # addc_2, addc_3
    "gemm -m 4 -n 1 -k 4 --vlen 4",            # kloop_unit
    "fft -n 1 --emit cuda",                    # cu_fft_unit
    "fft -n 5 --kind n1c --simd avx2",         # cxl_flush_d
    "fft -n 5 --kind n1c --simd avx2 --type float",    # cxl_flush_f
    "fft -n 5 --kind n1c --simd avx512",       # cxl_wide_e
    "fft -n 5 --kind n1c --simd avx512 --type float",  # cxl_wide_g
    "fft -n 8 --kind n1x --simd avx2",         # cxl_x_d
    "fft -n 8 --kind n1x --simd avx2 --type float",    # cxl_x_f
    "fft -n 8 --kind n1x --simd avx512",       # cxl_x_e
    "fft -n 128 --kind n1x --simd avx512 --type float",  # cxl_x_g
]


def pieces():
    """{name: text} of every piece of emit/tpl/*.c."""
    out = {}
    for f in TPL:
        for m in re.finditer(r"^/\* kgen: begin ([a-z0-9_]+) \*/\n(.*?)"
                             r"^/\* kgen: end \*/$", f.read_text(),
                             re.M | re.S):
            assert m.group(1) not in out, m.group(1)
            out[m.group(1)] = m.group(2)
    return out


def outputs():
    lines = (TESTS / "golden" / "commands").read_text().split("\n")[:-1]
    return pmap(lambda l: kgen(*shlex.split(l)).stdout, lines + EXTRA)


def test_every_piece_is_printed_with_its_placeholders_filled():
    texts = outputs()
    for t in texts:
        assert isinstance(t, str), t
    ps = pieces()
    assert len(ps) >= 30, sorted(ps)
    for name, text in ps.items():
        # a placeholder stands for some text within one line, no '@'
        pat = "[^\n@]*".join(map(re.escape,
                                   re.split(r"@[a-z0-9_]+@", text)))
        rx = re.compile(pat)
        assert any(rx.search(t) for t in texts), \
            "piece %s is printed by no command" % name
    for t in texts:
        assert "@" not in t, t[:2000]


def test_converter_refuses_malformed_templates(tmp_path):
    good = "/* kgen: begin p */\nint @x@;\n/* kgen: end */\n"
    bad = {
        "stray": "/* kgen: begin p */\nint a@b;\n/* kgen: end */\n",
        "badname": "/* kgen: begin p */\nint @X@;\n/* kgen: end */\n",
        "unended": "/* kgen: begin p */\nint a;\n",
        "nested": "/* kgen: begin p */\n" + good,
        "empty": "/* kgen: begin p */\n/* kgen: end */\n",
    }
    f = tmp_path / "good.c"
    f.write_text(good)
    p = run(["awk", "-v", "table=tpltext", "-f", AWK, f])
    assert p.returncode == 0, p.stderr
    assert '"int @x@;\\n"' in p.stdout
    for why, text in bad.items():
        f = tmp_path / (why + ".c")
        f.write_text(text)
        p = run(["awk", "-v", "table=tpltext", "-f", AWK, f])
        assert p.returncode != 0 and "text.awk:" in p.stderr, why
