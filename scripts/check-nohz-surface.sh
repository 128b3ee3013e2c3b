#!/bin/sh
# The NO_HZ_COMMON surface of a kernel base: every line outside
# kernel/time/tick-sched.c that tests CONFIG_NO_HZ_COMMON or
# tick_nohz_active or calls a tick_nohz_*() function, counted per file in
# the pristine tree (kernel/, drivers/cpuidle/, drivers/cpufreq/,
# arch/x86/, include/linux/, mm/), must be what tests/nohz-surface/BASE
# lists.  Each of those sites is audited in the table of
# Documentation/timers/dyn-tick.rst (the series' documentation patch):
# what dyn-tick does there, or why it need not.  A base that grows a new
# site, or loses one, fails until the table and the list are brought up
# to date.
#
# usage: check-nohz-surface.sh REPO PRISTINE
# Environment: BASE (default: the newest base with a series), RESULTS.
set -eu

# shellcheck disable=SC2034 # read by lib.sh's use_base
prog=check-nohz-surface
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 REPO PRISTINE" >&2; exit 2; }
repo=$(cd "$1" && pwd) pristine=$2
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
use_base "$repo" || exit 2
failed=0
list=$repo/tests/nohz-surface/$BASE
name="nohz-surface: the NO_HZ_COMMON sites of $BASE are those the audit lists"
[ -d "$pristine/kernel" ] || { echo "$prog: $pristine is not a kernel tree" >&2; exit 2; }
if [ ! -r "$list" ]; then
	echo "$prog: no $list: audit the NO_HZ_COMMON surface of $BASE first" >&2
	result fail "$name"
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$pristine" &&
 grep -rEc --include='*.c' --include='*.h' --include=Makefile \
	'CONFIG_NO_HZ_COMMON|tick_nohz_active|tick_nohz_[a-z_]+\(' \
	kernel drivers/cpuidle drivers/cpufreq arch/x86 include/linux mm) |
	awk -F: '$2 > 0 && $1 != "kernel/time/tick-sched.c" { print $1 "\t" $2 }' |
	LC_ALL=C sort >"$tmp/now"
LC_ALL=C sort "$list" >"$tmp/listed"
if cmp -s "$tmp/now" "$tmp/listed"; then
	result pass "$name"
else
	echo "$prog: the NO_HZ_COMMON sites of $pristine differ from $list" \
		"(< listed, > in the tree, per file: path, lines):" >&2
	diff "$tmp/listed" "$tmp/now" | grep '^[<>]' | sed 's/^/    /' >&2 || true
	echo "$prog: audit them in Documentation/timers/dyn-tick.rst, then update $list" >&2
	result fail "$name"
fi
exit $failed
