#!/bin/sh
# tests/fftw/mpi.sh OBJ: FFTW's MPI transforms on two ranks of the local
# machine (make check-fftw; OBJ: an FFTW build dir configured with
# --enable-mpi, its source in OBJ/../src):
#   - FFTW's own mpi/mpi-bench --verify on a 2-D and a 3-D complex and a
#     2-D real problem, distributed over the ranks;
#   - tests/fftw/mpi2d.c: fftw_mpi_plan_dft_2d/3d against a serial FFTW
#     plan and a direct DFT of the same data (fails above 1e-10).
# As root, mpirun needs --allow-run-as-root (OMPI_ALLOW_RUN_AS_ROOT and
# its confirmation variable are set here).  Exit nonzero on a failure.
set -u
obj=$1
src=$obj/../src
here=$(dirname "$0")
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# two ranks even where the machine has fewer cores; no network probing
run="mpirun -np 2 --oversubscribe --mca btl self,vader"
bad=0
for p in ocf48x40 icb16x12x10 orf32x24; do
	if $run "$obj/mpi/mpi-bench" --verify "$p" \
	    > "$obj/../mpi-$p.log" 2>&1; then
		echo "check-fftw: MPI: mpirun -np 2 mpi-bench --verify $p: ok"
	else
		tail -5 "$obj/../mpi-$p.log"
		echo "check-fftw: FAILED: MPI: mpirun -np 2 mpi-bench" \
		    "--verify $p"
		bad=1
	fi
done
exe=$obj/../mpi2d
if mpicc -std=c11 -O2 -Wall -I"$src/api" -I"$src/mpi" \
    -o "$exe" "$here/mpi2d.c" "$obj/mpi/.libs/libfftw3_mpi.a" \
    "$obj/.libs/libfftw3.a" -lm; then
	$run "$exe" || { echo "check-fftw: FAILED: MPI: mpi2d"; bad=1; }
else
	echo "check-fftw: FAILED: MPI: mpi2d.c does not compile"
	bad=1
fi
exit $bad
