#!/bin/sh
# Host-side checks of the series, each recording results in RESULTS:
# apply/pop/checkpatch/headers, bisectability, the mbox, shellcheck, and
# the harness's own judges (check-harness.sh).
#
# usage: host-checks.sh REPO WORKDIR RESULTS
set -eu

repo=$(cd "$1" && pwd) work=$2 results=$3
here=$(dirname "$0")
frag=$repo/kconfig-fragments
export RESULTS="$results"
status=0

"$here/check-series.sh" "$work/src/pristine" "$work/check-series" "$repo" || status=1
"$here/check-shell.sh" "$repo" || status=1
"$here/check-harness.sh" "$repo" || status=1

# mbox: git am of the mailed series must give the quilt-pushed tree
"$here/tree.sh" "$repo" "$work" series all
base=$(sed -n 's/^# base-version: *//p' "$repo/series")
"$here/mbox.sh" "$repo" "$work/dyntick.mbox" "$base"
"$here/check-mbox.sh" "$work/src/pristine" "$work/src/series" "$repo" "$work/dyntick.mbox" || status=1

# bisect: every prefix builds the dyntick config, incrementally, in its
# own tree and build dir
qp=$work/src/bisect/.pc/.quilt_patches
if [ -f "$qp" ] && [ "$(cat "$qp")" != "$repo/patches" ]; then
	rm -rf "$work/src/bisect"	# pushed from another clone
fi
# a tree left with patches the series no longer lists cannot be popped
ap=$work/src/bisect/.pc/applied-patches
if [ -s "$ap" ]; then
	(cd "$work/src/bisect" && QUILT_PATCHES=$repo/patches \
		QUILT_SERIES=$repo/series quilt --quiltrc - pop -a -q) \
		>/dev/null 2>&1 || true
	if [ -s "$ap" ]; then
		echo "host-checks: cannot pop $work/src/bisect, recreating it"
		rm -rf "$work/src/bisect"
	fi
fi
if [ ! -d "$work/src/bisect" ]; then
	cp -a "$work/src/pristine" "$work/src/bisect.tmp"
	mv "$work/src/bisect.tmp" "$work/src/bisect"
fi
"$here/check-bisect.sh" "$work/src/bisect" "$work/build/bisect" "$repo" \
	"$frag/base.config" "$frag/dyntick.config" || status=1
exit $status
