#!/bin/sh
# The series checks of other kernel bases, without kernel builds: for each
# BASE given, its linux-source package installed and unpacked, then the
# series applied with zero fuzz and popped, checkpatch --strict with that
# base's checkpatch.pl, the patch headers (check-series.sh), the mailed
# series taken by b4 and git am (check-mbox.sh), and the base's
# NO_HZ_COMMON sites against the audit's list (check-nohz-surface.sh).
# make test runs it for every base but the one it builds and boots (README
# "Kernel bases").
# Each result is named "BASE=<base>: ...".
#
# usage: series-checks.sh REPO WORKDIR RESULTS BASE...
#   WORKDIR is the root work directory; each base works in WORKDIR/BASE.
set -eu

prog=series-checks
repo=$(cd "$1" && pwd) root=$2 results=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
status=0
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"

for base do
	work=$root/$base
	export BASE="$base" RESULTS="$results" RESULT_PREFIX="BASE=$base: "
	if ! "$here/deps.sh" || ! "$here/unpack.sh" "$repo" "$work"; then
		"$here/tap-summary.sh" add "$results" fail "series checks ran"
		status=1
		continue
	fi
	"$here/check-series.sh" "$work/src/pristine" "$work/check-series" "$repo" ||
		status=1
	mbox_check "$repo" "$work" || status=1
	"$here/check-nohz-surface.sh" "$repo" "$work/src/pristine" || status=1
done
[ "$status" -eq 0 ] || echo "$prog: a check of another base failed (see above)" >&2
exit $status
