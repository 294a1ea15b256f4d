"""The code templates of emit/tpl/ (issue 11): each piece between
"kgen: begin NAME" and "kgen: end" must reach some codelet with every
placeholder @name@ filled in, no codelet may keep an '@', and
emit/text.awk must refuse a malformed template.  The golden set
(test_golden.py) shows that the pieces print the same bytes as the
string literals they replaced; this file shows that none is left
unused or half substituted."""
import re
import shlex
import shutil

import pytest

from conftest import ROOT, TESTS, kgen, pmap, run

TPL = sorted((ROOT / "emit" / "tpl").glob("*.c"))
AWK = ROOT / "emit" / "text.awk"

# beyond the golden set: the pieces only rarer shapes print
EXTRA = [
    "gemm -m 3 -n 3 -k 5 --vlen 8 --fma",      # addc_2, addc_3
    "gemm -m 4 -n 1 -k 4 --vlen 4",            # kloop_unit
    "fft -n 1 --emit cuda",                    # cu_fft_unit
    "conv --taps 1,2 -n 8 --simd neon",        # convsimd_helpers_neon
    "fft -n 8 --simd rvv",                     # simd_abi_rvv
    "fft -n 8 --kind t1v --simd rvv",          # vec_needs_rvv
    "conv --type q31 --taps 0.5,-0.25 -n 4",   # fixconv_q31
    "conv --type q31 --taps 0.5,-0.25 -n 4 --round floor",
    "conv --type q15 --taps 0.5,-0.25 -n 4 --round floor",
    "fft --type q31 -n 8 --sign 1",
    "fft -n 5 --kind n1c --simd avx2",         # cxl_wide_d
    "fft -n 5 --kind n1c --simd avx2 --type float",    # cxl_wide_f
    "fft -n 5 --kind n1c --simd avx512",       # cxl_wide_e
    "fft -n 5 --kind n1c --simd avx512 --type float",  # cxl_wide_g
    "fft -n 8 --kind n1x --simd avx2",         # cxl_x_d
    "fft -n 8 --kind n1x --simd avx2 --type float",    # cxl_x_f
    "fft -n 6 --kind n1x --simd avx2 --type float",    # cxl_wide_h, cxl_x_h
    "fft -n 8 --kind n1x --simd avx512",       # cxl_x_e
    "fft -n 128 --kind n1x --simd avx512 --type float",  # cxl_x_g
    "conv --taps 0.5,1,-0.25 -n 9 --simd avx2",     # convsimd_*
    "conv --taps 0.5,1 -n 9 --simd sse2 --correlate",   # corrsimd_abi
    # --emit fftw: each family at its smallest FFTW size
    "fft --emit fftw --kind n1 -n 2",
    "fft --emit fftw --kind t1 -n 2",
    "fft --emit fftw --kind r2cf -n 2",
    "fft --emit fftw --kind r2cb -n 2",
    "fft --emit fftw --kind r2cfII -n 2",
    "fft --emit fftw --kind r2cbIII -n 2",
    "fft --emit fftw --kind e10 -n 8",
    "fft --emit fftw --kind e01 -n 8",
    "fft --emit fftw --kind q1 -n 2",
    "fft --emit fftw --kind t2 -n 4",
    "fft --emit fftw --kind hc2cf -n 2",
    "fft --emit fftw --kind hc2cb -n 2",
    "fft --emit fftw --kind hc2cfdft -n 2",
    "fft --emit fftw --kind hc2cbdft -n 2",
    "fft --emit fftw --kind hf -n 2",
    "fft --emit fftw --kind hb -n 2",
    "fft --emit fftw --kind hc2cf2 -n 4",
    "fft --emit fftw --kind hc2cb2 -n 4",
    "fft --emit fftw --kind hc2cfdft2 -n 4",
    "fft --emit fftw --kind hc2cbdft2 -n 4",
    "fft --emit fftw --kind hf2 -n 4",
    "fft --emit fftw --kind hb2 -n 4",
    "fft --emit fftw --kind n1fv -n 2",
    "fft --emit fftw --kind n1bv -n 2",
    "fft --emit fftw --kind t1fv -n 2",
    "fft --emit fftw --kind t1bv -n 2",
    "fft --emit fftw --kind t2fv -n 2",
    "fft --emit fftw --kind t2bv -n 2",
    "fft --emit fftw --kind t1fuv -n 2",
    "fft --emit fftw --kind t1buv -n 2",
    "fft --emit fftw --kind n2fv -n 2",
    "fft --emit fftw --kind n2bv -n 2",
    "fft --emit fftw --kind n2sv -n 4",
    "fft --emit fftw --kind t1sv -n 2",
    "fft --emit fftw --kind t3fv -n 4",
    "fft --emit fftw --kind t3bv -n 4",
    "fft --emit fftw --kind t2sv -n 4",
    "fft --emit fftw --kind hc2cfdftv -n 2",
    "fft --emit fftw --kind hc2cbdftv -n 2",
    "fft --emit fftw --kind q1fv -n 2",
    "fft --emit fftw --kind q1bv -n 2",
]


def pieces():
    """{name: text} of every piece of emit/tpl/*.c; a name that recurs
    in one file is one piece, its parts in order (tpl_print prints them
    so), and no name is in two files."""
    out, where = {}, {}
    for f in TPL:
        for m in re.finditer(r"^/\* kgen: begin ([a-z0-9_]+) \*/\n(.*?)"
                             r"^/\* kgen: end \*/$", f.read_text(),
                             re.M | re.S):
            assert where.setdefault(m.group(1), f) == f, m.group(1)
            out[m.group(1)] = out.get(m.group(1), "") + m.group(2)
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
    # assembly (--emit asm) is not made from templates; its directives
    # have '@' of their own (@function, @progbits)
    for t in texts:
        if not t.startswith("# Generated by kgen"):
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


# the templates without placeholders, with the flags that make every
# piece of them compile (their "#if defined(__AVX...__)" guards)
STANDALONE = {"cxl.c": ["-mavx2", "-mfma"],
              "cxlwide.c": ["-mavx512f", "-mavx512dq", "-mfma", "-mavx2"]}


@pytest.mark.parametrize("name", sorted(STANDALONE))
@pytest.mark.parametrize("cc", ["gcc", "clang"])
def test_helper_templates_compile_on_their_own(name, cc, tmp_path):
    """The helpers of emit/tpl/cxl.c and cxlwide.c are real C: each file
    compiles on its own, warnings as errors (unused helpers aside)."""
    if not shutil.which(cc):
        pytest.skip(cc + " not installed")
    src = ROOT / "emit" / "tpl" / name
    assert "@" not in src.read_text()
    p = run([cc, "-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror",
             "-Wno-unused-function", "-c", "-o", tmp_path / "t.o", src]
            + STANDALONE[name])
    assert p.returncode == 0, p.stderr
