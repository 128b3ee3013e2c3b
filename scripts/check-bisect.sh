#!/bin/sh
# Bisectability: every prefix of the series must build.
#
# usage: check-bisect.sh TREE OBJDIR REPO FRAGMENT...
#   TREE    quilt tree of the series (copy of pristine, patches from REPO);
#           it is popped to pristine, then pushed one patch at a time and
#           left with the whole series pushed.
#   OBJDIR  build directory (O=), reused between prefixes: builds are
#           incremental.  Logs: OBJDIR/../bisect-logs/<patch>.log
#   FRAGMENT...  kconfig fragments, passed to scripts/kconfig.sh.  While an
#           option a fragment asks for is not defined by any Kconfig file
#           of the tree yet (e.g. CONFIG_NO_IDLE_HZ before the patch that
#           adds it), that prefix is built without those options, with
#           REPO/kconfig-fragments/periodic.config added.  Options that
#           exist but do not survive still fail.
# Environment: BASE, the base whose series (REPO/patches/BASE/series) is
#   checked (default: the newest base with a series).
#   SAVE_AFTER=<patch> SAVE_TO=<path>: copy the bzImage built
#   with the series up to <patch> to <path>, and its .config to
#   SAVE_CONFIG_TO (if set).  BISECT_MAKE (default make)
#   and KCONFIG_SH (default scripts/kconfig.sh) exist for dry runs.
#   BISECT_CACHE: where the prefixes that built are recorded (default
#   OBJDIR/../bisect-ok), one file per prefix named by the hash of its
#   inputs: the tree's version, the fragments, kconfig.sh, the compiler
#   and make, and every patch of the prefix in order.  A prefix recorded
#   there is pushed (it must still apply) but not built again, as ccache
#   would hand back the same objects; its result says so.  The last
#   prefix (the whole series, which the later steps build on) and the
#   SAVE_AFTER one are always built.  BISECT_CACHE=off builds every one;
#   it is off by default when BISECT_MAKE is set (a dry run).
#   Results go to tap-summary.sh add "$RESULTS" (default: printed).
# One result per patch: "bisect: <patch> builds".  Exit 1 on any failure.
set -eu

prog=check-bisect
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 2; }
[ $# -ge 4 ] || die "usage: $0 TREE OBJDIR REPO FRAGMENT..."
tree=$1 obj=$2 repo=$3
shift 3
[ -f "$tree/Makefile" ] || die "TREE $tree is not a kernel source tree (no Makefile)"
for frag do
	[ -r "$frag" ] || die "cannot read kconfig fragment $frag"
done
tree=$(cd "$tree" && pwd) repo=$(cd "$repo" && pwd)
mkdir -p "$obj"
obj=$(cd "$obj" && pwd)
logs=$(dirname "$obj")/bisect-logs
mkdir -p "$logs"
make=${BISECT_MAKE:-make}
kconfig=${KCONFIG_SH:-$here/kconfig.sh}
periodic=$repo/kconfig-fragments/periodic.config
command -v quilt >/dev/null || die "quilt is not installed"
if [ -n "${SAVE_AFTER:-}" ] && [ -z "${SAVE_TO:-}" ]; then
	die "SAVE_AFTER=$SAVE_AFTER needs SAVE_TO=<path for the bzImage>"
fi

# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
use_base "$repo" || exit 2
series=$(series_file "$repo")
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Patch names in series order (comments, blank lines and options dropped).
total=$(load_series "$repo" "$tmp/series")

QUILT_PATCHES=$repo/patches QUILT_SERIES=$series
export QUILT_PATCHES QUILT_SERIES
q() { (cd "$tree" && quilt --quiltrc - "$@"); }

# quilt prefers the patch directory and series recorded in .pc over
# QUILT_PATCHES and QUILT_SERIES.
for f in "patches:$QUILT_PATCHES" "series:$QUILT_SERIES"; do
	[ -r "$tree/.pc/.quilt_${f%%:*}" ] || continue
	rec=$(cat "$tree/.pc/.quilt_${f%%:*}")
	case $rec in /*) ;; *) rec=$tree/$rec ;; esac
	want=${f#*:}
	[ "$(readlink -f "$rec")" = "$(readlink -f "$want")" ] ||
		die "$tree/.pc/.quilt_${f%%:*} says the tree uses $rec, not $want: give the quilt tree of this repository and base ($BASE)"
done

if q applied >/dev/null 2>&1; then
	echo "$prog: popping all patches in $tree"
	q pop -a >"$tmp/pop" 2>&1 ||
		{ cat "$tmp/pop" >&2; die "quilt pop -a failed in $tree (see above)"; }
fi

# defined OPTION: does any Kconfig file of the tree define OPTION?
defined() {
	grep -rqsE --include='Kconfig*' \
		"^[[:space:]]*(menu)?config[[:space:]]+$1[[:space:]]*\$" "$tree"
}

# added_later OPTION: does a patch of the series add "config OPTION"?
added_later() {
	sed "s|^|$repo/patches/|" "$tmp/series" | xargs cat 2>/dev/null |
		grep -qE "^\+[[:space:]]*(menu)?config[[:space:]]+$1[[:space:]]*\$"
}

# make_config FRAGMENT...: write OBJDIR/.config for the current prefix,
# logging to $log.
make_config() {
	if "$kconfig" "$tree" "$obj" "$@" >"$tmp/kconfig" 2>&1; then
		cat "$tmp/kconfig" >>"$log"
		return 0
	fi
	cat "$tmp/kconfig" >>"$log"
	# Only "requested 'CONFIG_X=...' did not survive" for an X that no
	# Kconfig file defines yet may be waived; anything else is an error.
	grep -E '^kconfig: ' "$tmp/kconfig" |
		grep -vE '^kconfig: [0-9]+ requested option\(s\) missing from ' >"$tmp/why" || true
	[ -s "$tmp/why" ] || return 1
	: >"$tmp/undef"
	while IFS= read -r line; do
		opt=$(printf '%s\n' "$line" |
			sed -n "s/^kconfig: .*: requested 'CONFIG_\([A-Za-z0-9_]*\)=.*' did not survive .*/\1/p")
		if [ -z "$opt" ] || defined "$opt"; then
			return 1
		fi
		if ! added_later "$opt"; then
			echo "$prog: $patch: CONFIG_$opt is defined neither in the tree nor by any patch of the series (a typo?)" |
				tee -a "$log"
			return 1
		fi
		echo "$opt" >>"$tmp/undef"
	done <"$tmp/why"
	# Rebuild the fragment list without the undefined options.
	set --
	for frag in $frags; do
		out=$tmp/frag.$#
		grep -vE "^CONFIG_($(paste -sd'|' "$tmp/undef"))=" "$frag" >"$out" || true
		set -- "$@" "$out"
	done
	[ ! -r "$periodic" ] || set -- "$@" "$periodic"
	echo "$prog: $patch: $(paste -sd' ' "$tmp/undef" | sed 's/[^ ]*/CONFIG_&/g') not defined yet: building with the other options and periodic ticks" |
		tee -a "$log"
	"$kconfig" "$tree" "$obj" "$@" >>"$log" 2>&1
}

jobs=$(nproc 2>/dev/null || echo 2)
for f do
	case $f in
	*[[:space:]]*) die "fragment path '$f' must not contain white space" ;;
	esac
done
frags=$*
if command -v ccache >/dev/null; then cc="ccache gcc"; else cc=gcc; fi
saved=0 n=0
stop=
if [ -n "${BISECT_MAKE:-}" ]; then
	cache=${BISECT_CACHE:-off}
else
	cache=${BISECT_CACHE:-$(dirname "$obj")/bisect-ok}
fi
[ "$cache" = off ] || mkdir -p "$cache"
# The hash of everything a prefix's build depends on besides its patches
key=$({
	cat "$tree/.dyntick-version" 2>/dev/null || echo "no version"
	for f in $frags "$periodic" "$kconfig"; do
		[ ! -r "$f" ] || cat "$f"
	done
	$cc --version 2>&1 | head -n 1
	"$make" --version 2>&1 | head -n 1
} | sha256sum | cut -d' ' -f1)

while read -r patch; do
	n=$((n + 1))
	name="bisect: $patch builds"
	if [ -n "$stop" ]; then
		result fail "$name (not tried: $stop)"
		continue
	fi
	log=$logs/$(printf '%s' "$patch" | tr '/' '_').log
	: >"$log"
	echo "$prog: [$n/$total] $patch"
	if ! q push --fuzz=0 >>"$log" 2>&1; then
		echo "$prog: $patch does not apply with --fuzz=0; quilt said:"
		tail -n 20 "$log" | sed 's/^/    /'
		result fail "$name (does not apply)"
		stop="$patch does not apply"
		continue
	fi
	key=$({ echo "$key"; cat "$repo/patches/$patch"; } | sha256sum | cut -d' ' -f1)
	case ${SAVE_AFTER:-} in
	"$patch" | "$patch.patch" | "${patch%.patch}") save=1 ;;
	*) save=0 ;;
	esac
	if [ "$cache" != off ] && [ "$save" = 0 ] && [ "$n" -lt "$total" ] &&
	   [ -e "$cache/$key" ]; then
		echo "$prog: $patch: built before with the same inputs ($(cat "$cache/$key")), not built again" |
			tee -a "$log"
		result pass "$name (built before with the same inputs)"
		continue
	fi
	# shellcheck disable=SC2086 # fragment paths, checked for spaces above
	if ! make_config $frags; then
		echo "$prog: $patch: no .config (kconfig.sh failed); tail of $log:"
		tail -n 20 "$log" | sed 's/^/    /'
		result fail "$name (kconfig failed)"
		continue
	fi
	start=$(date +%s)
	if ! "$make" -C "$tree" O="$obj" ARCH=x86_64 CC="$cc" -j"$jobs" bzImage >>"$log" 2>&1; then
		echo "$prog: $patch: build failed after $(($(date +%s) - start)) s; tail of $log:"
		tail -n 30 "$log" | sed 's/^/    /'
		result fail "$name"
		continue
	fi
	echo "$prog: $patch: built in $(($(date +%s) - start)) s"
	result pass "$name"
	[ "$cache" = off ] || date -u '+%Y-%m-%d %H:%M UTC' >"$cache/$key"
	if [ "$save" = 1 ]; then
		cp "$obj/arch/x86/boot/bzImage" "$SAVE_TO"
		[ -z "${SAVE_CONFIG_TO:-}" ] || cp "$obj/.config" "$SAVE_CONFIG_TO"
		echo "$prog: saved the bzImage built up to $patch as $SAVE_TO"
		saved=1
	fi
done <"$tmp/series"

if [ -n "${SAVE_AFTER:-}" ] && [ "$saved" = 0 ]; then
	echo "$prog: SAVE_AFTER=$SAVE_AFTER: no bzImage saved (no such patch in the series, or it did not build)" >&2
	failed=1
fi
exit "$failed"
