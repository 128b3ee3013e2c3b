#!/bin/sh
# Make WORKDIR/src/NAME a copy of the pristine tree with the series of the
# base (REPO/patches/BASE/series) pushed, all of it or up to the end of Con
# Kolivas's base ("# end-of-base" in the series file).  When the series or
# a patch it lists changed since the last push the tree is popped back to
# pristine and pushed again, never patched twice.
#
# usage: tree.sh REPO WORKDIR NAME all|base
# Environment: BASE (default: the newest base with a series).
set -eu

# shellcheck disable=SC2034 # read by lib.sh's use_base
prog=tree
repo=$(cd "$1" && pwd) work=$2 name=$3 upto=$4
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
use_base "$repo" || exit 1
series=$(series_file "$repo")
pristine=$work/src/pristine
tree=$work/src/$name
version=$(cat "$pristine/.dyntick-version")

export QUILT_PATCHES="$repo/patches" QUILT_SERIES="$series" QUILT_PC=.pc
export QUILTRC=-   # ignore the user's ~/.quiltrc: the result must not depend on it

case $upto in
all)	target="" ;;
base)	target=$(end_of_base "$repo")
	[ -n "$target" ] || { echo "tree: no '# end-of-base' marker in $series" >&2; exit 1; } ;;
*)	echo "tree: bad target '$upto' (all|base)" >&2; exit 1 ;;
esac

# What this tree should contain: the pristine version plus the series and
# the patches it lists (another base's among them, if it shares some).
stamp=$( { echo "$version $upto"; cat "$series"
	   series_names "$repo" | while IFS= read -r p; do cat "$repo/patches/$p"; done; } 2>/dev/null |
	sha1sum | cut -d' ' -f1)

# quilt prefers the patch directory and the series file recorded in .pc
# over QUILT_PATCHES and QUILT_SERIES.  A tree pushed from another clone
# of this repository (CI's) with the same content (stamp) only has them
# recorded again: its files and its .pc backups are what this clone would
# push.  One pushed with another content (or another base's series) is
# popped below from its .pc backups, whatever its patch files say now.
fresh=0
[ -f "$tree/.dyntick-stamp" ] && [ "$(cat "$tree/.dyntick-stamp")" = "$stamp" ] && fresh=1
for f in "patches:$QUILT_PATCHES" "series:$QUILT_SERIES"; do
	rec=$tree/.pc/.quilt_${f%%:*}
	if [ ! -f "$rec" ] || [ "$(cat "$rec")" = "${f#*:}" ]; then
		continue
	fi
	if [ "$fresh" = 1 ]; then
		echo "tree: $tree was pushed with $(cat "$rec"), same series and patches: recording ${f#*:}"
	else
		echo "tree: $tree was pushed with $(cat "$rec"), not ${f#*:}: popping it from its backups"
	fi
	echo "${f#*:}" >"$rec"
done
[ "$fresh" = 1 ] && [ -d "$tree" ] && exit 0

if [ -d "$tree" ] && [ "$(cat "$tree/.dyntick-version" 2>/dev/null)" = "$version" ]; then
	# quilt pop checks that each patch, as its file says now, reverses
	# cleanly; a patch changed since the push (or renamed, or dropped)
	# does not, and -f restores the files from the .pc backups instead,
	# which are what the push found.  .pc/applied-patches tells what is
	# still pushed.
	(cd "$tree" && { quilt pop -a -q >/dev/null 2>&1 ||
		quilt pop -a -f -q >/dev/null 2>&1 || true; })
	if [ -s "$tree/.pc/applied-patches" ]; then
		echo "tree: cannot pop $tree back to pristine, recreating it" >&2
		rm -rf "$tree"
	fi
else
	rm -rf "$tree"
fi
if [ ! -d "$tree" ]; then
	echo "tree: copying $pristine -> $tree"
	cp -a "$pristine" "$tree.tmp"
	mv "$tree.tmp" "$tree"
fi
rm -f "$tree/.dyntick-stamp"

log=$work/logs/quilt-$name.log
mkdir -p "$work/logs"
cd "$tree"
if [ -z "$(sed -e '/^#/d' -e '/^[[:space:]]*$/d' "$QUILT_SERIES")" ]; then
	echo "tree: the series is empty, $tree stays pristine"
elif [ -z "$target" ]; then
	quilt push -a --fuzz=0 >"$log" 2>&1 || rc=$?
else
	quilt push --fuzz=0 "$target" >"$log" 2>&1 || rc=$?
fi
if [ "${rc:-0}" -ne 0 ]; then
	failed=$(sed -n 's/^Applying patch //p' "$log" | tail -n 1)
	if [ -n "$failed" ]; then
		echo "tree: patch $failed does not apply to linux-source-$BASE $version with zero fuzz:" >&2
	else
		echo "tree: quilt push failed in $tree:" >&2
	fi
	tail -n 15 "$log" >&2
	exit 1
fi
if grep -q "with fuzz" "$log"; then
	echo "tree: fuzz while applying the series (see $log)" >&2
	exit 1
fi
echo "$stamp" >.dyntick-stamp
echo "tree: $tree at $(quilt top 2>/dev/null || echo pristine)"
