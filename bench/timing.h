/* timing.h: the benchmarks' clock (now()) and median(): runtime/clock.h. */
#include "../runtime/clock.h"
