#!/bin/sh
# Run sparse (make C=2) on the C files the series changes, in a tree with
# the whole series pushed and its build dir (the bisect check's, whose
# last prefix is the whole series), and require no sparse warning in
# them but those mainline has there too, listed per base in
# tests/sparse-known.  hrtimer.c is left out: mainline 6.1 has four
# context-imbalance warnings there (lock_hrtimer_base() and its callers)
# that the series does not touch; the scheduler files are built through
# build_policy.c and build_utility.c and carry mainline's warnings too,
# none added by the series (checked by hand against pristine 6.1: 100 and
# 99 lines).
#
# usage: check-sparse.sh TREE BUILDDIR REPO
#   the files are those of the patches of REPO's base (BASE from the
#   environment, default the newest base with a series)
# One result "sparse: no warnings in the series' files" to tap-summary.sh
# add "$RESULTS" (default: printed).  Exit 1 on failure.
set -eu

prog=check-sparse
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 2; }
[ $# -eq 3 ] || die "usage: $0 TREE BUILDDIR REPO"
tree=$1 obj=$2 repo=$3
[ -f "$obj/.config" ] || die "$obj has no .config (run the bisect check first)"
command -v sparse >/dev/null || die "sparse is not installed (scripts/deps.sh)"
name="sparse: no warnings in the series' files"
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
use_base "$repo" || exit 2

# the .c files the series changes, minus the excluded ones
objs=$(series_names "$repo" | while IFS= read -r p; do cat "$repo/patches/$p"; done |
	sed -n 's|^+++ b/\(.*\.c\)$|\1|p' | sort -u |
	grep -v -e '^kernel/time/hrtimer\.c$' -e '^kernel/sched/' |
	sed 's/\.c$/.o/' | tr '\n' ' ')
[ -n "$objs" ] || die "no C files in the patches of $(series_file "$repo")"
out=$obj/sparse.log
# shellcheck disable=SC2086 # $objs: object paths without blanks
make -s -C "$tree" O="$obj" ARCH=x86_64 C=2 $objs >"$out" 2>&1 ||
	{ cat "$out" >&2; die "make C=2 failed"; }
# every warning, path from the tree's top and without line:column, minus
# this base's known ones
known=$repo/tests/sparse-known
[ -r "$known" ] || die "no list of mainline's sparse warnings $known"
tab=$(printf '\t')
all=$(grep -E 'warning:|error:' "$out" | sed -e "s|^$tree/||" -e "s|^$(cd "$tree" && pwd -P)/||" \
	-e 's/^\([^:]*\):[0-9]*:[0-9]*:/\1:/' | sort -u || true)
base_known=$(sed -n "s/^$BASE$tab//p" "$known" | sort -u)
new=$(printf '%s\n' "$all" | grep -vxF -e "$base_known" | grep . || true)
if [ -n "$new" ]; then
	printf '%s\n' "$new"
	echo "$prog: sparse warnings above, not in $known for $BASE ($out)"
	"$here/tap-summary.sh" add "${RESULTS:--}" fail "$name"
	exit 1
fi
nknown=$(printf '%s\n' "$all" | grep -c . || true)
echo "$prog: sparse clean but for $nknown of mainline's warnings ($known): $objs"
"$here/tap-summary.sh" add "${RESULTS:--}" pass "$name"
