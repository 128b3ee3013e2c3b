#!/bin/sh
# The guest test suite: run every boot of the boot matrix (tests/boots) in
# QEMU (-smp 4 unless the boot says qemu:smp=N) and record every KTAP
# result in RESULTS (each log also read by the kernel's KTAP parser,
# check-ktap.sh), then the comparisons the matrix asks for.
#
# usage: qemu-test.sh WORKDIR RESULTS [BOOTS]
#   BOOTS: the boot matrix (default: tests/boots of this repository)
# Each run is recorded in WORKDIR/runs/DATE-COMMIT/ (the newest 5 are
# kept): the commit and the diff stat of what was not committed, the
# matrix, the kernels and initramfs booted, each boot's console log
# (NAME.log) and its exact QEMU command (NAME.sh; make rerun RUN=DIR
# BOOT=NAME boots it again), and the results.
# Environment: BASE, the kernel base (its "known" lines apply); DT_APPEND,
# appended to every boot's command line (make soak:
# dt.soak=); BOOT_TIMEOUT, each boot's wall-clock limit (default 1200 s).
set -eu

# shellcheck disable=SC2034 # read by lib.sh's use_base
prog=qemu-test
work=$1 results=$2
here=$(cd "$(dirname "$0")" && pwd)
boots=${3:-$here/../tests/boots}
suites=$here/../initramfs/suites
initrd=$work/initramfs.cpio.gz
export RESULTS="$results"
status=0
[ -r "$boots" ] || { echo "qemu-test: no boot matrix $boots" >&2; exit 2; }

# boot NAME VARIANT SUITE [qemu:smp=N] [qemu:hpet=msi] [qemu:icount] [APPEND...]
#   qemu:smp=N: the guest's CPUs (default 4), not passed to the kernel
#   qemu:hpet=msi: an HPET with six channels that can each raise an MSI
#     (per-CPU tick devices hpet2..hpet5 with CONFIG_PCI_MSI)
#   qemu:icount: guest time counts instructions (qemu-run.sh -i), the same
#     figures whatever the host does; one CPU (QEMU 7.2 brings up no
#     other under -icount)
boot() {
	name=$1 variant=$2 suite=$3 smp=4 append='' qemu_extra='' icount=''
	shift 3
	for a do
		case $a in
		qemu:smp=*) smp=${a#qemu:smp=} ;;
		qemu:icount) icount=-i smp=1 ;;
		qemu:hpet=msi) qemu_extra='-global hpet.msi=on -global hpet.timers=6' ;;
		*) append="${append:+$append }$a" ;;
		esac
	done
	# shellcheck disable=SC2086 # the command line's words, split again
	set -- $append
	log=$work/logs/guest-$name.log
	bz=$work/build/$variant/arch/x86/boot/bzImage
	mkdir -p "$work/logs"
	rm -f "$log" "$work/logs/$name"	# never parse a previous run's log
	echo "qemu-test: $name: $variant kernel, -smp $smp, suite $suite${*:+, append \"$*\"}"
	clean="$name: console clean (no panic/WARN/BUG/lockdep/stall)"
	if [ ! -r "$bz" ] || [ ! -r "$work/build/$variant/.config" ]; then
		echo "qemu-test: $name: no kernel $bz or no .config beside it (its build failed?)" >&2
		"$here/tap-summary.sh" add "$results" fail "$name: $variant kernel built"
		status=1
		return 0
	fi
	[ -r "$run/bzImage-$variant" ] || cp "$bz" "$run/bzImage-$variant"
	[ -r "$run/config-$variant" ] || cp "$work/build/$variant/.config" "$run/config-$variant"
	rc=0
	qemu_boot "$@" || rc=$?
	if [ "$rc" -eq 3 ]; then
		# QEMU itself crashed (qemu-run.sh's exit 3): boot once more and
		# judge that boot; the crash stays in the report, and a second
		# crash of the same boot is a failure.
		cp "$log" "$run/$name.crash.log"
		"$here/tap-summary.sh" add "$results" rerun \
			"$name: booted again after QEMU crashed (log of the crashed boot: $run/$name.crash.log)"
		rc=0
		qemu_boot "$@" || rc=$?
	fi
	if [ "$rc" -eq 0 ]; then
		"$here/tap-summary.sh" add "$results" pass "$clean"
	else
		"$here/tap-summary.sh" add "$results" fail "$clean"
		status=1
	fi
	[ -r "$log" ] || return 0
	cp "$log" "$work/logs/$name"
	cp "$log" "$run/$name.log"
	"$here/tap-summary.sh" parse "$results" "$work/logs/$name" || status=1
	"$here/check-ktap.sh" "$work/src/pristine" "$work/logs/$name" || status=1
}

# qemu_boot APPEND...: boot $name's kernel with qemu-run.sh (its exit status)
# shellcheck disable=SC2086 # $icount: -i or nothing
qemu_boot() {
	QEMU_NAME=$name QEMU_SMP=$smp QEMU_EXTRA=$qemu_extra QEMU_CMD_OUT=$run/$name.sh \
		QEMU_KCONFIG=$run/config-$variant \
		"$here/qemu-run.sh" $icount -t "${BOOT_TIMEOUT:-1200}" \
		-a "$* ${base_known:+dt.known=$base_known} ${DT_APPEND:-}" \
		"$run/bzImage-$variant" "$run/initramfs.cpio.gz" "$suite" "$log"
}

compare() {
	"$here/compare-results.sh" "$results" "$suites/$1" "$2" "$3" || status=1
}

# compare-idle|compare-soak|compare-lateness|compare-icount BOOT_A BOOT_B: the two logs
# side by side.  A failed comparison is repeated once, as the boots ran
# one after the other under whatever the host did meanwhile: both boots
# again, the control B first, and the second comparison is the verdict.
# The first is named in the report ("RUN AGAIN"); the second boots'
# test results count only where they fail.  A pair is booted again once
# a run: a second failed comparison of it counts at once.  compare-icount
# (two boots under -icount, whose figures do not depend on the host) is
# never repeated: booted again, they would give the same figures.
compare_logs() {
	kind=${1#compare-} cmp_a=$2 cmp_b=$3
	first=$work/compare-first.txt
	: >"$first"
	if "$here/compare-logs.sh" "$kind" "$first" "$work/logs" "$cmp_a" "$cmp_b"; then
		cat "$first" >>"$results"
		return 0
	fi
	case "$kind: $again " in
	icount:* | *" $cmp_a/$cmp_b "*)
		cat "$first" >>"$results"
		status=1
		return 0 ;;
	esac
	again="$again $cmp_a/$cmp_b"
	echo "qemu-test: compare-$kind $cmp_a $cmp_b failed: both boots again, $cmp_b first; the second comparison counts"
	"$here/tap-summary.sh" add "$results" rerun \
		"$cmp_a, $cmp_b: booted again, $cmp_b first, after compare-$kind failed (first logs: $run/$cmp_a.first.log, $run/$cmp_b.first.log)"
	boot_again "$cmp_b"
	boot_again "$cmp_a"
	"$here/compare-logs.sh" "$kind" "$results" "$work/logs" "$cmp_a" "$cmp_b" || status=1
}

# boot_again NAME: boot NAME of the matrix once more; of its results only
# failures (and a QEMU crash) go to the report ("NAME (again): TEST")
boot_again() {
	[ -r "$run/$1.first.log" ] || cp "$run/$1.log" "$run/$1.first.log" 2>/dev/null || true
	main_results=$results results=$work/again.txt RESULTS=$work/again.txt
	: >"$results"
	: >"$results.detail"
	# shellcheck disable=SC2046 # the matrix line's fields, split again
	boot $(awk -v n="$1" '$1 == "boot" && $2 == n { $1 = ""; print; exit }' "$work/boots.run")
	results=$main_results RESULTS=$main_results
	awk -F '\t' -v OFS='\t' -v n="$1" '$1 == "fail" || $1 == "rerun" {
		sub("^" n ": ", "", $2); print $1, n " (again): " $2 }' "$work/again.txt" >>"$results"
	awk -F '\t' -v OFS='\t' -v n="$1" '{ sub("^" n ": ", "", $1); $1 = n " (again): " $1; print }' \
		"$work/again.txt.detail" >>"$results.detail"
}

# Parse the whole matrix before the first boot: a bad line fails at once.
sed -e 's/#.*//' "$boots" | while read -r kind args; do
	case $kind in
	'') ;;
	boot)	for a in $args; do
			case $a in
			qemu:smp=[1-9] | qemu:smp=[1-9][0-9] | qemu:hpet=msi | qemu:icount) ;;
			qemu:*) echo "qemu-test: $boots: '$a' in '$kind $args' (only qemu:smp=N, qemu:hpet=msi, qemu:icount)" >&2
				exit 2 ;;
			esac
		done
		echo "$kind $args" ;;
	compare | compare-idle | compare-soak | compare-lateness | compare-icount | known) echo "$kind $args" ;;
	report-idle) ;;	# make results' table only (scripts/results.sh)
	*) echo "qemu-test: $boots: unknown line '$kind $args'" >&2; exit 2 ;;
	esac
done >"$work/boots.run"
# "known BASE TEST WHY [SUBTEST...]": TEST fails on this base's pristine
# kernel too, in the SUBTESTs named (kselftest result lines by their whole
# names, '+' for a blank), a known defect (dt.known=) in every boot of that
# base (BASE: the Makefile's,
# else the default base, as lib.sh's use_base gives it).
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
use_base "$here/.." || exit 2
base_known=$(awk -v base="$BASE" '$1 == "known" && $2 == base {
	printf "%s%s:%s", sep, $3, $4; sep = ","
	for (i = 5; i <= NF; i++) printf "%s%s", i == 5 ? ":" : "/", $i }' "$work/boots.run")
# The run's record: WORKDIR/runs/DATE-COMMIT, the newest 5 kept
repo=$(cd "$here/.." && pwd)
commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -z "$(git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null)" ] ||
	commit=$commit-dirty
run=$work/runs/$(date -u '+%Y%m%d-%H%M%S')-$commit
mkdir -p "$run"
find "$work/runs" -mindepth 1 -maxdepth 1 -type d | sort -r | tail -n +6 |
	while IFS= read -r old; do rm -rf "$old"; done
{
	echo "commit: $(git -C "$repo" log -1 --format='%H %s' 2>/dev/null || echo unknown)"
	echo "base: $BASE ($(cat "$work/src/pristine/.dyntick-version" 2>/dev/null || echo unknown))"
	echo "qemu: $(${QEMU:-qemu-system-x86_64} --version 2>/dev/null | head -n 1)"
	echo "not committed:"
	git -C "$repo" diff --stat HEAD 2>/dev/null | sed 's/^/  /'
} >"$run/commit.txt"
cp "$work/boots.run" "$run/boots"
[ ! -r "$initrd" ] || cp "$initrd" "$run/initramfs.cpio.gz"
echo "qemu-test: recording the run in $run"

again=''
while read -r kind args; do
	# shellcheck disable=SC2086 # the matrix's fields are split on purpose
	case $kind in
	boot) boot $args ;;
	compare) compare $args ;;
	compare-idle | compare-soak | compare-lateness | compare-icount) compare_logs "$kind" $args ;;
	esac
done <"$work/boots.run"
cp "$results" "$run/results.txt"
echo "qemu-test: run recorded in $run (make rerun RUN=$run BOOT=NAME)"
exit $status
