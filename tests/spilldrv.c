/* spilldrv.c: a window on sched/ for tests/test_spill.py.
 * usage:
 *   spilldrv belady R L < dag     Belady's counts for the order given
 *   spilldrv exhaustive R < dag   least Belady loads over all orders
 *   spilldrv minregs < dag        belady_minregs
 *   spilldrv exact R LIMIT < dag  bound_exact: "loads
 *                                 exact" then, when exact, "check loads
 *                                 stores": order_check of the optimal
 *                                 order and its Belady counts
 *   spilldrv fftexact N R LIMIT   the same for the size-N FFT, then one
 *                                 line per schedule: name loads stores
 *   spilldrv cut < dag            bound_cut: W, or -1
 *   spilldrv fftcut N             bound_cut of the size-N FFT: W
 *   spilldrv fftdag N             the size-N FFT's DAG, in the text form
 *                                 below
 *   spilldrv orders N R           each schedule of the size-N FFT at R:
 *                                 name, order_check, then the node ids
 * A dag on standard input is one node per line, "OP a b c k" with OP an
 * ops.h name, operands as earlier line numbers (from 0, -1 for none) and
 * k the slot (LOAD, STORE) or the value (CONST); a STORE's b is the load
 * it overwrites in place, or -1.  A last line "order i j ..." lists the
 * line numbers in schedule order.  Counts are printed as
 * "loads stores cloads cstores maxlive stalls inloads".  Asserts live
 * in Python. */
#include <stdlib.h>
#include <string.h>
#include "all.h"

enum { MAXNODE = 4096 };

static int map[MAXNODE];

static Dag *
readdag(Arena *ar, int **order, int *norder)
{
	Dag *d;
	char line[4096], name[16], *p, *end;
	int a, b, c, op, n, nn;
	double k;

	d = dag_new(ar);
	d->nin = d->nout = MAXNODE;
	d->inplace = 1;
	*order = arena_alloc(ar, MAXNODE * sizeof **order);
	*norder = 0;
	nn = 0;
	while (fgets(line, sizeof line, stdin)) {
		if (!strncmp(line, "order", 5)) {
			for (p = line + 5; ; p = end) {
				n = (int)strtol(p, &end, 10);
				if (end == p)
					break;
				(*order)[(*norder)++] = map[n];
			}
			continue;
		}
		if (sscanf(line, "%15s %d %d %d %lf", name, &a, &b, &c, &k)
		    != 5)
			continue;
		for (op = 0; op < NOP && strcmp(optab[op].name, name); op++)
			;
		if (op == NOP || nn == MAXNODE) {
			fprintf(stderr, "spilldrv: bad line: %s", line);
			exit(1);
		}
		a = a >= 0 ? map[a] : -1;
		b = b >= 0 ? map[b] : -1;
		c = c >= 0 ? map[c] : -1;
		if (op == OP_CONST)
			map[nn++] = dag_const(d, k);
		else
			map[nn++] = dag_node(d, op, a, b, c, (int)k);
	}
	return d;
}

static void
exact(Dag *d, Arena *ar, int r, long limit)
{
	Spill sp;
	int *o, n, ex;
	long v;

	v = bound_exact(d, r, limit, ar, &o, &n, &ex);
	printf("%ld %d\n", v, ex);
	if (ex) {
		sp = belady_run(d, o, n, r, 0);
		printf("%d %d %d\n", order_check(d, o, n), sp.loads,
		    sp.stores);
	}
}

static void
print(Spill s)
{
	printf("%d %d %d %d %d %ld %d\n", s.loads, s.stores, s.cloads,
	    s.cstores, s.maxlive, s.stalls, s.inloads);
}

int
main(int argc, char **argv)
{
	Arena *ar;
	Dag *d;
	int *o, n, i, s, r;

	if (argc < 2)
		return 1;
	ar = arena_new();
	if (!strcmp(argv[1], "orders") && argc == 4) {
		d = simp_run(fft_build(ar, atoi(argv[2]), -1), 0);
		r = atoi(argv[3]);
		for (s = 0; s < NSCHED; s++) {
			o = order_make(d, ar, s, r, 0, &n);
			printf("%s %d %d\n", order_names[s], order_check(d, o, n),
			    n);
			for (i = 0; i < n; i++)
				printf("%d%c", o[i], i + 1 < n ? ' ' : '\n');
		}
	} else if (!strcmp(argv[1], "belady") && argc == 4) {
		d = readdag(ar, &o, &n);
		if (!order_check(d, o, n)) {
			printf("invalid order\n");
			return 0;
		}
		print(belady_run(d, o, n, atoi(argv[2]), atoi(argv[3])));
	} else if (!strcmp(argv[1], "exhaustive") && argc == 3) {
		d = readdag(ar, &o, &n);
		printf("%ld\n", bound_exhaustive(d, atoi(argv[2]), 2000000));
	} else if (!strcmp(argv[1], "exact") && argc == 4) {
		d = readdag(ar, &o, &n);
		exact(d, ar, atoi(argv[2]), atol(argv[3]));
	} else if (!strcmp(argv[1], "fftexact") && argc == 5) {
		d = simp_run(fft_build(ar, atoi(argv[2]), -1), 0);
		r = atoi(argv[3]);
		exact(d, ar, r, atol(argv[4]));
		for (s = 0; s < NSCHED; s++) {
			Spill sp;

			o = order_make(d, ar, s, r, 0, &n);
			sp = belady_run(d, o, n, r, 0);
			printf("%s %d %d\n", order_names[s], sp.loads,
			    sp.stores);
		}
	} else if (!strcmp(argv[1], "cut") && argc == 2) {
		d = readdag(ar, &o, &n);
		printf("%ld\n", bound_cut(d));
	} else if (!strcmp(argv[1], "fftdag") && argc == 3) {
		d = simp_run(fft_build(ar, atoi(argv[2]), -1), 0);
		for (i = 0; i < d->nnode; i++)
			printf("%s %d %d %d %.17g\n", optab[d->node[i].op].name,
			    d->node[i].a[0], d->node[i].a[1], d->node[i].a[2],
			    d->node[i].op == OP_CONST
			    ? (double)d->con[d->node[i].k] : d->node[i].k);
	} else if (!strcmp(argv[1], "fftcut") && argc == 3) {
		d = simp_run(fft_build(ar, atoi(argv[2]), -1), 0);
		printf("%ld\n", bound_cut(d));
	} else if (!strcmp(argv[1], "minregs")) {
		d = readdag(ar, &o, &n);
		printf("%d\n", belady_minregs(d));
	} else {
		return 1;
	}
	arena_free(ar);
	return 0;
}
