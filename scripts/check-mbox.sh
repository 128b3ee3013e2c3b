#!/bin/sh
# Prove the mbox: b4 am must take it as one series of N patches, and
# git am of what b4 made of it, onto the pristine files, must give exactly
# the files of the quilt tree.
#
# usage: check-mbox.sh PRISTINE QUILTED_TREE REPO MBOX
#   PRISTINE      unpacked kernel sources, only read
#   QUILTED_TREE  the same sources with the whole series of REPO's base
#                 pushed (REPO/patches/BASE/series; BASE from the
#                 environment, default the newest base with a series)
#   MBOX          made by mbox.sh: a "[PATCH 0/N]" cover letter + N patches
# A temporary git repository gets the pristine versions of the files the
# series touches, b4's am-ready mbox (b4 --offline-mode am: cover letter
# dropped, Link: trailers added) is applied with git am, then every touched
# file is compared with QUILTED_TREE's (cmp).  b4 reports "Base: not
# specified": the base is a Debian source package, not a public commit.
# One result "mbox: b4 am + git am reproduce the quilt tree" to
# tap-summary.sh add "$RESULTS" (default: printed).  Exit 1 on failure.
set -eu

prog=check-mbox
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 2; }
[ $# -eq 4 ] || die "usage: $0 PRISTINE QUILTED_TREE REPO MBOX"
pristine=$1 quilted=$2 repo=$3 mbox=$4
[ -f "$pristine/Makefile" ] || die "PRISTINE $pristine is not a kernel source tree"
[ -f "$quilted/Makefile" ] || die "QUILTED_TREE $quilted is not a kernel source tree"
[ -r "$mbox" ] || die "cannot read mbox $mbox"
mbox=$(cd "$(dirname "$mbox")" && pwd)/$(basename "$mbox")
pristine=$(cd "$pristine" && pwd) quilted=$(cd "$quilted" && pwd)
repo=$(cd "$repo" && pwd)

command -v b4 >/dev/null || die "b4 is not installed (scripts/deps.sh)"
name="mbox: b4 am + git am reproduce the quilt tree"
fail() {
	echo "$prog: $*"
	"$here/tap-summary.sh" add "${RESULTS:--}" fail "$name"
	exit 1
}

# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
use_base "$repo" || exit 2
series=$(series_file "$repo")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

total=$(load_series "$repo" "$tmp/series")

# The quilt tree must have the whole series pushed.
applied=$tmp/applied
if [ -r "$quilted/.pc/applied-patches" ]; then
	cp "$quilted/.pc/applied-patches" "$applied"
else
	: >"$applied"
fi
cmp -s "$applied" "$tmp/series" ||
	die "$quilted does not have exactly the series of $series pushed ($(wc -l <"$applied") of $total applied): run quilt push -a there first"

# Files the series touches.
while read -r p; do
	[ -f "$repo/patches/$p" ] || die "$series lists $p, but $repo/patches/$p does not exist"
	# (from $tmp: inside a git work tree, paths get its prefix)
	(cd "$tmp" && git apply --numstat "$repo/patches/$p") | cut -f3-
done <"$tmp/series" | sort -u >"$tmp/touched"

git=$tmp/git
mkdir "$git"
while IFS= read -r f; do
	[ -e "$pristine/$f" ] || continue	# created by the series
	mkdir -p "$git/$(dirname "$f")"
	cp -p "$pristine/$f" "$git/$f"
done <"$tmp/touched"

g() {
	git -C "$git" -c user.name="$prog" -c user.email="$prog@localhost" \
		-c commit.gpgsign=false "$@"
}
g init -q
g add -A
g commit -q --allow-empty -m "pristine files touched by the series"

# Split the mbox; the first message must be the cover letter.
mkdir "$tmp/msgs"
n=$(git mailsplit -o"$tmp/msgs" "$mbox") || fail "git mailsplit could not read $mbox"
set -- "$tmp"/msgs/*
[ -e "$1" ] || fail "$mbox holds no messages"
grep -qE '^Subject: \[[^]]* 0+/[0-9]+\]' "$1" ||
	fail "the first message of $mbox is not a [PATCH 0/N] cover letter"
rm "$1"
[ "$((n - 1))" -eq "$total" ] ||
	fail "$mbox holds $((n - 1)) patches after the cover letter, the series $total"

# b4: one series, every patch, in order
mkdir "$tmp/b4"
(cd "$tmp" && b4 --offline-mode am -m "$mbox" -o "$tmp/b4") >"$tmp/b4.log" 2>&1 ||
	{ sed 's/^/    /' "$tmp/b4.log"; fail "b4 am could not take $mbox"; }
set -- "$tmp"/b4/*.mbx
if [ "$#" -ne 1 ] || [ ! -f "$1" ]; then
	fail "b4 am made no single am-ready mbox of $mbox ($*)"
fi
b4n=$(grep -c '^From ' "$1")
[ "$b4n" -eq "$total" ] || fail "b4 am kept $b4n of the $total patches of $mbox"

if ! g am -q "$1" >"$tmp/am" 2>&1; then
	sed 's/^/    /' "$tmp/am"
	fail "git am of $mbox failed (see above)"
fi
commits=$(g rev-list --count HEAD)
[ "$commits" -eq "$((total + 1))" ] ||
	fail "git am made $((commits - 1)) commits, the series has $total patches"

bad=0
while IFS= read -r f; do
	if [ -e "$quilted/$f" ]; then
		if [ ! -e "$git/$f" ]; then
			echo "$prog: $f: in the quilt tree but not after git am"
			bad=1
		elif ! cmp -s "$quilted/$f" "$git/$f"; then
			echo "$prog: $f: differs between git am and the quilt tree:"
			diff -u "$quilted/$f" "$git/$f" | head -n 20 | sed 's/^/    /'
			bad=1
		fi
	elif [ -e "$git/$f" ]; then
		echo "$prog: $f: exists after git am but not in the quilt tree"
		bad=1
	fi
done <"$tmp/touched"
[ "$bad" = 0 ] || fail "git am of $mbox does not reproduce $quilted"
"$here/tap-summary.sh" add "${RESULTS:--}" pass "$name"
