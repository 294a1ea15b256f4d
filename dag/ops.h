/* ops.h: the operation table, one line per operation.
 * X(name, arity, commutative, flop kind, C format)
 * arity counts value operands; a STORE may carry one more, ordering-only
 * operand (the load it must follow, for in-place codelets).
 * flop kind: 0 none, 1 add, 2 mul, 3 fma, 4 negation.
 * C format: %0 %1 %2 name the operands; the emitter substitutes them.
 * BYI, i times a complex value, exists only in complex-lane DAGs (cx.h);
 * it is a shuffle, not a flop. */
X(LOAD,  0, 0, 0, "")
X(CONST, 0, 0, 0, "")
X(ADD,   2, 1, 1, "%0 + %1")
X(SUB,   2, 0, 1, "%0 - %1")
X(MUL,   2, 1, 2, "%0 * %1")
X(NEG,   1, 0, 4, "-%0")
X(FMA,   3, 0, 3, "%0 * %1 + %2")
X(FMS,   3, 0, 3, "%0 * %1 - %2")
X(FNMS,  3, 0, 3, "%2 - %0 * %1")
X(BYI,   1, 0, 0, "kgen_byi(%0)")
X(STORE, 1, 0, 0, "")
