#!/bin/sh
# Host-side checks of the series, each recording results in RESULTS:
# the ./series link, apply/pop/checkpatch/headers, bisectability, sparse,
# the mbox, the shell scripts (check-shell.sh), the harness's own judges
# and the base's NO_HZ_COMMON sites against the audit's list.
#
# usage: host-checks.sh REPO WORKDIR RESULTS
#   WORKDIR is the kernel base's own (the Makefile's WORKDIR/BASE).
# Environment: BASE (default: the newest base with a series), passed on.
set -eu

# shellcheck disable=SC2034 # read by lib.sh's use_base
prog=host-checks
repo=$(cd "$1" && pwd) work=$2 results=$3
here=$(dirname "$0")
frag=$repo/kconfig-fragments
export RESULTS="$results"
status=0
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
use_base "$repo" || exit 1

# ./series, what quilt reads without QUILT_SERIES: the default base's
name="series: ./series links to the default base's series"
want=patches/$(default_base "$repo")/series
if [ "$(readlink "$repo/series" || true)" = "$want" ]; then
	"$here/tap-summary.sh" add "$results" pass "$name"
else
	echo "$prog: $repo/series should be a link to $want" >&2
	"$here/tap-summary.sh" add "$results" fail "$name"
	status=1
fi

"$here/check-series.sh" "$work/src/pristine" "$work/check-series" "$repo" || status=1
"$here/check-shell.sh" "$repo" || status=1
"$here/check-harness.sh" "$repo" "$work/src/pristine" || status=1
"$here/check-nohz-surface.sh" "$repo" "$work/src/pristine" || status=1

# mbox: git am of the mailed series must give the quilt-pushed tree.
mbox_check "$repo" "$work" || status=1

# bisect: every prefix builds the lowres dyntick config, incrementally, in
# tree and build dir of the "dyntick" kernel variant (src/bisect,
# build/dyntick): the last prefix is that kernel, and the end of Con's
# base is the "dyntick-base" kernel (same fragments), saved with the stamp
# build-kernel.sh checks, so make test builds neither again.  The tree's
# stamp is set aside while the check pops and pushes it, and put back
# only when every prefix applied and built.
"$here/tree.sh" "$repo" "$work" bisect all || status=1
"$here/tree.sh" "$repo" "$work" base base || status=1
stamp=$work/src/bisect/.dyntick-stamp
mv "$stamp" "$stamp.saved" 2>/dev/null || true
# the check writes its own .config: build-kernel.sh must write it again
rm -f "$work/build/dyntick/.dyntick-config"
based=$work/build/dyntick-base
mkdir -p "$based/arch/x86/boot"
rm -f "$based/.dyntick-prebuilt"
if SAVE_AFTER=$(end_of_base "$repo") SAVE_TO=$based/arch/x86/boot/bzImage \
   SAVE_CONFIG_TO=$based/.config \
   "$here/check-bisect.sh" "$work/src/bisect" "$work/build/dyntick" "$repo" \
	"$frag/base.config" "$frag/lowres.config" "$frag/dyntick.config"; then
	mv "$stamp.saved" "$stamp" 2>/dev/null || true
	"$here/build-kernel.sh" -s "$repo" "$work" dyntick-base \
		>"$based/.dyntick-prebuilt"
	# sparse on the files the series changes, whole series built
	"$here/check-sparse.sh" "$work/src/bisect" "$work/build/dyntick" "$repo" ||
		status=1
else
	rm -f "$stamp.saved"
	status=1
fi
exit $status
