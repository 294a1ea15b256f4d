/* asmread.c: the one reader of x86/asm.c's assembly, for verify/verify.c
 * and for x86/asmcopy.c's rewrites of its own copies: the file, its
 * "# kgen asm:" line, and instruction lines in AT&T syntax
 * (mnemonic, then operands separated by commas outside parentheses:
 * %reg, $imm, disp(base,index,scale) or label(%rip)). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

const char *
asmread_skip(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static int
isvec(Opd *o, const char *r)
{
	int k;

	if ((r[0] != 'x' && r[0] != 'y' && r[0] != 'z') || strncmp(r + 1,
	    "mm", 2) || !isdigit((unsigned char)r[3]))
		return 0;
	k = atoi(r + 3);
	if (k > 31 || (k > 9 && !isdigit((unsigned char)r[4])) || (r[4]
	    && !isdigit((unsigned char)r[4])) || (r[4] && r[5]))
		return 0;
	o->vk = r[0];
	o->vr = k;
	return 1;
}

/* A register name after %, into o; 0 when it is none. */
static int
regname(const char *s, int len, char *out)
{
	static const char *const gpr[] = {"rax", "rbx", "rcx", "rdx", "rsi",
	    "rdi", "rbp", "rsp", "r8", "r9", "r10", "r11", "r12", "r13",
	    "r14", "r15", "eax", "ebx", "ecx", "edx", "esi", "edi", "r8d",
	    "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d", "rip", 0};
	int i;

	if (len <= 0 || len > 6)
		return 0;
	for (i = 0; gpr[i]; i++)
		if ((int)strlen(gpr[i]) == len && !strncmp(gpr[i], s, len)) {
			memcpy(out, s, len);
			out[len] = 0;
			return 1;
		}
	return 0;
}

/* One operand text (trimmed) into o; 0 on a syntax error. */
static int
operand(const char *s, int len, Opd *o)
{
	char buf[128], *p, *q, *end;
	int k;

	memset(o, 0, sizeof *o);
	if (len <= 0 || len >= (int)sizeof buf)
		return 0;
	memcpy(buf, s, len);
	buf[len] = 0;
	if (buf[0] == '%') {
		o->kind = OPD_REG;
		if (isvec(o, buf + 1))
			return 1;
		return regname(buf + 1, len - 1, o->gpr);
	}
	if (buf[0] == '$') {
		o->kind = OPD_IMM;
		errno = 0;
		o->imm = strtol(buf + 1, &end, 0);
		return !*end && end != buf + 1 && !errno;
	}
	o->kind = OPD_MEM;
	p = strchr(buf, '(');
	if (!p || buf[len - 1] != ')')
		return 0;
	*p = 0;
	if (buf[0] == '.' || isalpha((unsigned char)buf[0])
	    || buf[0] == '_') {
		if (strlen(buf) >= sizeof o->label)
			return 0;
		strcpy(o->label, buf);
	} else if (buf[0]) {
		errno = 0;
		o->disp = strtol(buf, &end, 10);
		if (*end || errno)
			return 0;
	}
	p++;
	buf[len - 1] = 0;
	q = strchr(p, ',');
	if (q)
		*q++ = 0;
	if (*p != '%' || !regname(p + 1, strlen(p + 1), o->base))
		return 0;
	if (q) {
		p = strchr(q, ',');
		if (p)
			*p++ = 0;
		if (*q != '%' || !regname(q + 1, strlen(q + 1), o->index))
			return 0;
		k = p ? atoi(p) : 1;
		if (k != 1 && k != 2 && k != 4 && k != 8)
			return 0;
		o->scale = k;
	}
	return o->label[0] == 0 || !strcmp(o->base, "rip");
}

/* One operand's text s (len characters, trimmed) into o; 0 on a syntax
 * error. */
int
asmread_opd(const char *s, int len, Opd *o)
{
	return operand(s, len, o);
}

/* The operands of an instruction's operand text s, split at the commas
 * outside parentheses: each one's start (after blanks) into at[] and
 * its length (without trailing blanks) into len[], at most max of
 * them; returns how many, -1 where there are more. */
int
asmread_split(const char *s, const char **at, int *len, int max)
{
	const char *p, *start;
	int n, depth, k;

	p = asmread_skip(s);
	if (!*p)
		return 0;
	n = 0;
	for (start = p, depth = 0; ; p++) {
		if (*p == '(')
			depth++;
		if (*p == ')')
			depth--;
		if ((*p == ',' && depth == 0) || !*p) {
			k = (int)(p - start);
			while (k > 0 && (start[k - 1] == ' '
			    || start[k - 1] == '\t'))
				k--;
			if (n == max)
				return -1;
			at[n] = asmread_skip(start);
			len[n] = k - (int)(at[n] - start);
			n++;
			if (!*p)
				return n;
			start = p + 1;
		}
	}
}

/* An instruction line into its mnemonic and operands (at most 4);
 * returns the number of operands, or -1 on a syntax error. */
int
asmread_instr(const char *s, char *mn, Opd *o)
{
	const char *at[4];
	int len[4], n, i, k;

	for (k = 0; isalnum((unsigned char)s[k]) && k < 31; k++)
		mn[k] = s[k];
	mn[k] = 0;
	if (k == 0 || (s[k] && s[k] != ' ' && s[k] != '\t'))
		return -1;
	if (!*asmread_skip(s + k) || mn[0] == 'j')
		return 0;   /* a jump's target is a label */
	if ((n = asmread_split(s + k, at, len, 4)) < 0)
		return -1;
	for (i = 0; i < n; i++)
		if (!operand(at[i], len[i], &o[i]))
			return -1;
	return n;
}

/* Reads the "# kgen asm:" line of text into h; 0 when there is none or
 * it cannot be read (msg says why). */
int
asmread_head(const char *text, Vhead *h, char *msg, size_t nmsg)
{
	const char *p, *t;
	char type[16], isa[16], kind[16];
	int line, k, end;
	const Isa *is;

	memset(h, 0, sizeof *h);
	kind[0] = 0;
	for (p = text, line = 1; *p; line++) {
		if (!strncmp(p, "# kgen asm: kind=gemm ", 22)) {
			k = sscanf(p + 22, "m=%d n=%d k=%d type=%15s isa=%15s "
			    "fma=%d regs=%d latency=%d", &h->m, &h->n, &h->k,
			    type, isa, &h->fma, &h->regs, &h->latency);
			h->kind = -1;
			h->sign = -1;
			if (k != 8 || strcmp(type, "double") || !(is = isa_find(isa))
			    || is->bytes < 32 || h->m < 1 || h->n < 1 || h->k < 1
			    || h->m > GEMM_MAXDIM || h->n > GEMM_MAXDIM
			    || h->k > GEMM_MAXDIM || h->m % (is->bytes / 8)
			    || (long)h->m * h->n * h->k > GEMM_MAXWORK
			    || h->regs < 1 || h->regs > is->nreg || h->latency < 0
			    || (h->fma != 0 && h->fma != 1)) {
				snprintf(msg, nmsg, "line %d: cannot parse the "
				    "\"# kgen asm:\" line", line);
				return 0;
			}
			for (h->simd = 1; isa_get(h->simd) != is; h->simd++)
				;
			return 1;
		}
		if (!strncmp(p, "# kgen asm: ", 12)) {
			k = sscanf(p + 12, "kind=%15s n=%d sign=%d type=%15s "
			    "isa=%15s fma=%d regs=%d latency=%d", kind, &h->n,
			    &h->sign, type, isa, &h->fma, &h->regs,
			    &h->latency);
			/* n1v: n1's kernel on X, other copies around it */
			h->kind = !strcmp(kind, "t1v") ? CK_T1V : CK_N1;
			if (k != 8 || (strcmp(kind, "n1") && strcmp(kind, "t1v")
			    && strcmp(kind, "n1v"))
			    || h->n < 1 || (h->kind == CK_T1V && h->n < 2)
			    || h->n > FFT_MAXN || (h->sign != 1 && h->sign != -1)
			    || (strcmp(type, "double") && strcmp(type, "float"))
			    || !(is = isa_find(isa)) || h->regs < 1
			    || h->regs > is->nreg || h->latency < 0
			    || (h->fma != 0 && h->fma != 1)) {
				snprintf(msg, nmsg, "line %d: cannot parse the "
				    "\"# kgen asm:\" line", line);
				return 0;
			}
			/* --choose spills: " top=NAME:ARG" at the end (n1) */
			t = strchr(p + 12, '\n');
			end = t ? (int)(t - p) : (int)strlen(p);
			t = strstr(p + 12, " top=");
			if (t && t - p < end && (h->kind != CK_N1
			    || sscanf(t, " top=%23[a-z:0-9]", h->top) != 1
			    || t + 5 + strlen(h->top) != p + end)) {
				snprintf(msg, nmsg, "line %d: cannot parse the "
				    "\"# kgen asm:\" line's top=", line);
				return 0;
			}
			h->isfloat = !strcmp(type, "float");
			for (h->simd = 1; isa_get(h->simd) != is; h->simd++)
				;
			return 1;
		}
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
	}
	snprintf(msg, nmsg, "no \"# kgen asm:\" line: not a kgen assembly "
	    "codelet");
	return 0;
}

/* The text of file path (malloc'd); fails when it cannot be read. */
char *
asmread_load(const char *path)
{
	enum { MAX = 64 << 20 };
	FILE *f;
	char *text;
	size_t len;

	if (!(f = fopen(path, "r")))
		fail("verify %s: cannot read: %s", path, strerror(errno));
	text = emalloc(MAX);
	len = fread(text, 1, MAX - 1, f);
	if (ferror(f))
		fail("verify %s: cannot read: %s", path, strerror(errno));
	if (!feof(f) && fgetc(f) != EOF)
		fail("verify %s: larger than 64 MB", path);
	fclose(f);
	text[len] = 0;
	if (strlen(text) != len)
		fail("verify %s: a NUL byte; expected assembly text", path);
	return text;
}
