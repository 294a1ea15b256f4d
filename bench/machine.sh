#!/bin/sh
# machine.sh NAME: one line naming the machine a benchmark ran on (CPU
# model and CPUID family/model, CPUs, the vector ISA kgen runs there,
# load average, UTC time), printed and written to bench/out/NAME.machine
# beside the benchmark's CSV, so that every recorded run says where it
# ran (the shared machine's CPU changed under the runs of 2026-11-26).
name=${1:?usage: machine.sh NAME}
field() {
	sed -n "s/^$1[[:space:]]*: //p" /proc/cpuinfo 2>/dev/null | head -1
}
cpu=$(field 'model name')
fam=$(field 'cpu family')
mod=$(field model)
flags=$(field flags)
isa=sse2
case " $flags " in *" avx2 "*) isa=avx2 ;; esac
case " $flags " in *" avx512f "*) isa=avx512 ;; esac
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)
line="machine: ${cpu:-unknown CPU} (family ${fam:-?} model ${mod:-?}),"
line="$line $(nproc) CPUs, widest ISA $isa, load $load,"
line="$line $(date -u '+%Y-%m-%d %H:%M UTC')"
mkdir -p bench/out
echo "$line" > "bench/out/$name.machine"
echo "$line"
