#!/bin/sh
# Boot a kernel + initramfs in QEMU, run one guest test suite, keep the
# console log and scan it.
#
# usage: qemu-run.sh [-i] [-t TIMEOUT_SECS] [-a "extra append"] BZIMAGE INITRAMFS SUITE LOG
#   -i  count instructions: "-icount shift=0,sleep=off", guest time is one
#       ns per instruction executed and skips ahead while the CPU sleeps;
#       deterministic, whatever the host load (the benchmark's cost
#       figures; TCG only).  One CPU unless QEMU_SMP says otherwise: QEMU
#       7.2 never brings up secondary CPUs under -icount with a fixed
#       shift.  lpj= on the command line: no delay-loop calibration
#       against a clock that counts instructions.
#   -t  host wall-clock limit (default 900 s); qemu is killed when it expires
#   -a  extra kernel command line, appended after the harness's own
# Environment: QEMU_ACCEL=tcg (default) or kvm (opt-in; nested KVM hangs on
# some hosts), QEMU_CMD_OUT (a file to write the QEMU command to, as a
# script), QEMU_KCONFIG (the kernel's .config, for dt.hz=, when the image
# is not in its build directory), QEMU (default qemu-system-x86_64),
# QEMU_SMP (default 4: the guest's cpus_online test requires that many
# CPUs online), QEMU_EXTRA (more QEMU options, split on blanks: qemu-test.sh
# passes "-global hpet.msi=on -global hpet.timers=6" for qemu:hpet=msi),
# QEMU_NAME (the name this script's messages give the boot; default the
# suite's: qemu-test.sh passes the boot's, as several boots share a suite).
# The guest's HZ (dt.hz=) is CONFIG_HZ of that .config; without one the
# guest measures it.
# Suite "shell" boots interactively: no time limit, no log, no scanning.
# Exit 0 if qemu exited by itself and scan-log.sh finds the log clean;
# 3 if qemu crashed (died of SIGSEGV, SIGBUS, SIGABRT, SIGILL or SIGFPE):
# an emulator fault, whatever the guest was doing (qemu-test.sh boots
# again once); 1 for anything else.
set -eu

prog='qemu-run'
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 1; }
usage() {
	echo "usage: $0 [-i] [-t TIMEOUT_SECS] [-a \"extra append\"] BZIMAGE INITRAMFS SUITE LOG" >&2
	exit 2
}

timeout_s=900 extra='' icount=''
while getopts it:a: opt; do
	case $opt in
	i) icount='shift=0,sleep=off' ;;
	t) timeout_s=$OPTARG ;;
	a) extra=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 4 ] || usage
kernel=$1 initrd=$2 suite=$3 log=$4
name=${QEMU_NAME:-$suite}

case $timeout_s in
'' | *[!0-9]* | 0) die "-t $timeout_s: the timeout must be a positive number of seconds" ;;
esac
case $suite in
'' | *[!A-Za-z0-9_.-]*) die "suite name '$suite' must be non-empty and contain only [A-Za-z0-9_.-]" ;;
esac
[ -r "$kernel" ] || die "kernel image $kernel does not exist or is not readable"
[ -r "$initrd" ] || die "initramfs $initrd does not exist or is not readable"
qemu=${QEMU:-qemu-system-x86_64}
command -v "$qemu" >/dev/null || die "$qemu not found (install qemu-system-x86)"
accel=${QEMU_ACCEL:-tcg}
case $accel in
tcg) ;;
kvm) [ -w /dev/kvm ] || die "QEMU_ACCEL=kvm but /dev/kvm is missing or not writable" ;;
*) die "QEMU_ACCEL=$accel: use tcg or kvm" ;;
esac
[ -z "$icount" ] || [ "$accel" = tcg ] ||
	die "-i (instruction counting) needs QEMU_ACCEL=tcg, not $accel"

smp=${QEMU_SMP:-4}
[ -z "$icount" ] || smp=${QEMU_SMP:-1}
case $smp in
'' | *[!0-9]* | 0) die "QEMU_SMP=$smp: want a positive number of CPUs" ;;
esac
# QEMU_KCONFIG, else O=build/VARIANT/arch/x86/boot/bzImage -> build/VARIANT/.config
kconfig=${QEMU_KCONFIG:-$(dirname "$kernel")/../../../.config}
hz=$(sed -n 's/^CONFIG_HZ=//p' "$kconfig" 2>/dev/null || true)

# cpuidle_haltpoll.force=1: the haltpoll cpuidle driver (poll + halt) under
# TCG too, so the idle governor runs (kernels without it ignore the option).
# tsc=unstable: TCG's virtual CPUs do not keep their TSCs in step.  6.1
# finds out at boot ("Marking TSC unstable due to TSCs unsynchronized")
# and runs on the HPET; 6.12's boot check passes, then its clocksource
# watchdog marks the TSC unstable at some random later time (skews of
# about 6 ms against the HPET, on mainline NO_HZ_IDLE too), which
# scan-log rightly fails.  So every base keeps time with the HPET from the
# start.  Not with one CPU (-i): nothing to get out of step there.
tsc=''
[ "$accel" != tcg ] || [ "$smp" -lt 2 ] || tsc=' tsc=unstable'
append="console=ttyS0 panic=-1 cpuidle_haltpoll.force=1$tsc dt.suite=$suite${hz:+ dt.hz=$hz} dt.ncpus=$smp${icount:+ lpj=4000000}${extra:+ $extra}"

# -no-reboot with panic=-1: a guest panic ends qemu at once.
set -- "$qemu" -accel "$accel" -smp "$smp" -m 512 -nographic -no-reboot \
	-kernel "$kernel" -initrd "$initrd" -append "$append"
[ -z "$icount" ] || set -- "$@" -icount "$icount"
# shellcheck disable=SC2086 # QEMU_EXTRA: options split on blanks
[ -z "${QEMU_EXTRA:-}" ] || set -- "$@" $QEMU_EXTRA

# QEMU_CMD_OUT: write the exact command there, as a script that runs it
# again (qemu-test.sh's run record; scripts/rerun.sh)
if [ -n "${QEMU_CMD_OUT:-}" ]; then
	{
		echo "#!/bin/sh"
		echo "# $suite boot, recorded $(date -u '+%Y-%m-%d %H:%M:%S UTC'); console on stdout"
		printf 'exec'
		for a do
			printf " '%s'" "$(printf '%s' "$a" | sed "s/'/'\\\\''/g")"
		done
		echo
	} >"$QEMU_CMD_OUT"
fi

if [ "$suite" = shell ]; then
	echo "$prog: interactive shell; quit with Ctrl-A X" >&2
	exec "$@"
fi

mkdir -p "$(dirname "$log")"
rm -f "$log"	# never scan a previous boot's log
echo "$prog: $name: booting $kernel (accel $accel${icount:+, icount $icount}, limit ${timeout_s}s)"
echo "$prog: append: $append"
start=$(date +%s)
rc=0
# -k: if qemu ignores SIGTERM, SIGKILL 10 s later.  stdin from /dev/null so
# the monitor cannot read the terminal.
timeout -k 10 "$timeout_s" "$@" </dev/null >"$log" 2>&1 || rc=$?
elapsed=$(($(date +%s) - start))
echo "console log: $log"

# the console's last lines, for a boot that did not end by itself
last_lines() {
	tail -n 5 "$log" | tr -d '\r' | sed 's/^/  /' >&2
}

case $rc in
0) ;;
124 | 137)
	echo "$prog: $name: timeout after $timeout_s s: qemu killed (guest hung or too slow); last lines:" >&2
	last_lines
	exit 1 ;;
132 | 134 | 135 | 136 | 139)
	# timeout(1) gives 128 + N when qemu died of signal N: SIGILL, SIGABRT,
	# SIGBUS, SIGFPE or SIGSEGV is QEMU's own fault (QEMU 7.2's
	# multi-threaded TCG has crashed in memory_region_dispatch_write
	# while a guest probed its PCI BARs).
	echo "$prog: $name: qemu crashed: killed by signal $((rc - 128)) after $elapsed s (an emulator fault, not a guest result; the host's dmesg names the QEMU function); last lines:" >&2
	last_lines
	exit 3 ;;
*)
	echo "$prog: $name: qemu exited with status $rc after $elapsed s; last lines:" >&2
	last_lines
	exit 1 ;;
esac
echo "$prog: $name: qemu exited after $elapsed s"
"$here/scan-log.sh" "$log"
