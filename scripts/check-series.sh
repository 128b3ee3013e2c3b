#!/bin/sh
# Host checks of the quilt series of the base BASE in REPO
# (REPO/patches/BASE/series, its entries paths under REPO/patches/):
#   files      every patch listed exists (another base's directory too),
#              every patches/BASE/*.patch is listed
#   apply      the series applies to PRISTINE with `quilt push --fuzz=0`
#              (fuzz fails, offsets are reported as warnings)
#   pop        `quilt pop -a` gives back byte-identical pristine files and
#              leaves no stray files
#   checkpatch checkpatch.pl --strict: 0 errors, 0 warnings, 0 checks
#   headers    From:, "Subject: subsys: summary", >= 3 lines of explanation,
#              Signed-off-by:, no 2005 author in From:/Signed-off-by:
#              (Originally-by: credit is fine)
#
# usage: check-series.sh PRISTINE_SRC WORKTREE_DIR REPO_DIR
#   PRISTINE_SRC is only read.  WORKTREE_DIR is scratch space: it is
#   (re)created holding copies of just the pristine files the series
#   touches; an existing WORKTREE_DIR is replaced only if this script made
#   it.  Results go to tap-summary.sh add "$RESULTS" (default: printed).
# Environment: BASE (default: the newest base with a series).
# Exit 1 if any check failed.
set -eu

prog=check-series
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 2; }
[ $# -eq 3 ] || die "usage: $0 PRISTINE_SRC WORKTREE_DIR REPO_DIR"
pristine=$1 wt=$2 repo=$3
if [ ! -f "$pristine/Makefile" ] || [ ! -d "$pristine/kernel" ]; then
	die "PRISTINE_SRC $pristine is not a kernel source tree"
fi
[ -d "$repo/patches" ] || die "no patch directory $repo/patches"
pristine=$(cd "$pristine" && pwd) repo=$(cd "$repo" && pwd)
command -v quilt >/dev/null || die "quilt is not installed"

# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
use_base "$repo" || exit 2
series=$(series_file "$repo")
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The series as "NAME STRIP" lines: comments and blank lines dropped,
# "-pN" honoured, any other option refused.
awk '
{ sub(/#.*/, "") }
NF == 0 { next }
{
	p = 1
	for (i = 2; i <= NF; i++) {
		if ($i ~ /^-p[0-9]+$/) p = substr($i, 3)
		else { printf "%s line %d: option %s of %s is not supported\n", \
		       FILENAME, FNR, $i, $1 > "/dev/stderr"; bad = 1 }
	}
	print $1, p
}
END { exit bad }' "$series" >"$tmp/series" ||
	die "cannot use $series (see above)"

##### (a) series <-> patches/BASE/
# An entry may name another base's patch (6.1/NNNN-... in a later base's
# series): it must exist.  The base's own directory holds nothing unlisted.
ok=1
if [ ! -s "$tmp/series" ]; then
	echo "$prog: $series lists no patches"
	ok=0
fi
dups=$(cut -d' ' -f1 "$tmp/series" | sort | uniq -d)
for p in $dups; do
	echo "$prog: $p is listed more than once in $series"
	ok=0
done
while read -r p _; do
	[ -f "$repo/patches/$p" ] || { echo "$prog: $series lists $p, but $repo/patches/$p does not exist"; ok=0; }
done <"$tmp/series"
for f in "$repo/patches/$BASE"/*.patch; do
	[ -e "$f" ] || continue
	p=${f#"$repo/patches/"}
	cut -d' ' -f1 "$tmp/series" | grep -qxF "$p" ||
		{ echo "$prog: $f is not listed in $series"; ok=0; }
done
if [ "$ok" = 1 ]; then
	result pass "series: every listed patch exists and every patch is listed"
else
	result fail "series: every listed patch exists and every patch is listed"
fi

# The patches that exist, in series order.
while read -r p s; do
	[ -f "$repo/patches/$p" ] && echo "$p $s"
done <"$tmp/series" >"$tmp/present" || true

##### (b) apply with --fuzz=0 in a scratch tree of the touched files
# Files the series touches (new files included), from git apply --numstat.
while read -r p s; do
	# (from $tmp: inside a git work tree, paths get its prefix)
	(cd "$tmp" && git apply --numstat -p"$s" "$repo/patches/$p") >"$tmp/numstat" 2>"$tmp/err" ||
		{ echo "$prog: $p: cannot parse the patch: $(cat "$tmp/err")"; continue; }
	cut -f3- "$tmp/numstat"
done <"$tmp/present" | sort -u >"$tmp/touched"

if [ -e "$wt" ]; then
	[ -f "$wt/.check-series-worktree" ] ||
		die "WORKTREE_DIR $wt exists and was not made by $prog: give a scratch directory (it is deleted and recreated)"
	rm -rf "$wt"
fi
mkdir -p "$wt"
: >"$wt/.check-series-worktree"
while IFS= read -r f; do
	[ -e "$pristine/$f" ] || continue	# created by the series
	mkdir -p "$wt/$(dirname "$f")"
	cp -a "$pristine/$f" "$wt/$f"
done <"$tmp/touched"

QUILT_PATCHES=$repo/patches QUILT_SERIES=$series
export QUILT_PATCHES QUILT_SERIES
quilt_in_wt() { (cd "$wt" && quilt --quiltrc - "$@"); }

ok=1 warned=0
if [ "$(wc -l <"$tmp/present")" -ne "$(wc -l <"$tmp/series")" ]; then
	echo "$prog: not pushing: $series lists patches that do not exist (see above)"
	: >"$tmp/push-list"
else
	cp "$tmp/present" "$tmp/push-list"
fi
while read -r p s; do
	if ! quilt_in_wt push --fuzz=0 >"$tmp/push" 2>&1; then
		echo "$prog: $p does not apply with --fuzz=0 to $pristine; quilt said:"
		sed 's/^/    /' "$tmp/push"
		# Say whether it is only fuzz (stale context) or a real conflict.
		if (cd "$wt" && patch -p"$s" --dry-run --fuzz=3 -s \
			<"$repo/patches/$p") >"$tmp/fuzz" 2>&1; then
			echo "$prog: $p would apply with fuzz (context lines differ):" \
			     "refresh it against $pristine"
		fi
		ok=0
		break
	fi
	if grep -q 'with fuzz' "$tmp/push"; then
		echo "$prog: $p applies only with fuzz; quilt said:"
		sed 's/^/    /' "$tmp/push"
		ok=0
	fi
	if grep -q '(offset' "$tmp/push"; then
		echo "$prog: warning: $p applies at an offset (refresh it):"
		grep '(offset' "$tmp/push" | sed 's/^/    /'
		warned=1
	fi
	if grep -qi 'warning' "$tmp/push"; then
		echo "$prog: warning: quilt warns about $p:"
		grep -i 'warning' "$tmp/push" | sed 's/^/    /'
		warned=1
	fi
done <"$tmp/push-list"
if [ -s "$tmp/push-list" ] && [ "$(quilt_in_wt applied 2>/dev/null | wc -l)" -ne "$(wc -l <"$tmp/push-list")" ]; then
	ok=0
fi
[ "$warned" = 0 ] || echo "$prog: (offsets are allowed, fuzz is not)"
if [ "$ok" = 1 ] && [ -s "$tmp/push-list" ]; then
	result pass "series: applies to pristine with quilt push --fuzz=0"
else
	result fail "series: applies to pristine with quilt push --fuzz=0"
fi

##### (c) quilt pop -a restores pristine, no stray files
ok=1
if quilt_in_wt applied >/dev/null 2>&1 && ! quilt_in_wt pop -a >"$tmp/pop" 2>&1; then
	echo "$prog: quilt pop -a failed in $wt:"
	sed 's/^/    /' "$tmp/pop"
	ok=0
fi
while IFS= read -r f; do
	if [ -e "$pristine/$f" ]; then
		if [ ! -e "$wt/$f" ]; then
			echo "$prog: after quilt pop -a, $f is missing"
			ok=0
		elif ! diff -r --no-dereference "$pristine/$f" "$wt/$f" >"$tmp/diff" 2>&1; then
			echo "$prog: after quilt pop -a, $f differs from $pristine/$f:"
			head -n 20 "$tmp/diff" | sed 's/^/    /'
			ok=0
		fi
	elif [ -e "$wt/$f" ] || [ -L "$wt/$f" ]; then
		echo "$prog: after quilt pop -a, $f (created by the series) is still there"
		ok=0
	fi
done <"$tmp/touched"
# Anything else in the tree is a stray: *.orig, *.rej, leftovers in .pc.
(cd "$wt" && find . ! -type d ! -name .check-series-worktree \
	! -path './.pc/.version' ! -path './.pc/.quilt_patches' \
	! -path './.pc/.quilt_series' -print) | sed 's|^\./||' | sort >"$tmp/files"
comm -23 "$tmp/files" "$tmp/touched" >"$tmp/stray"
if [ -s "$tmp/stray" ]; then
	echo "$prog: stray files left in $wt after quilt pop -a:"
	sed 's/^/    /' "$tmp/stray"
	ok=0
fi
if [ "$ok" = 1 ]; then
	result pass "series: quilt pop -a restores the pristine files"
else
	result fail "series: quilt pop -a restores the pristine files"
fi

##### (d) checkpatch --strict, run inside the pristine tree
ok=1
[ -f "$pristine/scripts/checkpatch.pl" ] || die "no $pristine/scripts/checkpatch.pl"
while read -r p _; do
	(cd "$pristine" && perl scripts/checkpatch.pl --strict --no-color \
		--no-summary-file "$repo/patches/$p") >"$tmp/cp" 2>&1 || true
	total=$(grep -E '^total: [0-9]+ errors, [0-9]+ warnings, ' "$tmp/cp" | tail -n 1)
	case $total in
	"total: 0 errors, 0 warnings, 0 checks,"*) ;;
	"")	echo "$prog: $p: checkpatch.pl gave no verdict:"
		sed 's/^/    /' "$tmp/cp"
		ok=0 ;;
	*)	echo "$prog: $p: checkpatch.pl --strict: $total"
		sed -n '/^\(ERROR\|WARNING\|CHECK\):/,/^$/p' "$tmp/cp" | sed 's/^/    /'
		ok=0 ;;
	esac
done <"$tmp/present"
if [ "$ok" = 1 ] && [ -s "$tmp/present" ]; then
	result pass "series: checkpatch.pl --strict: no errors, warnings or checks"
else
	result fail "series: checkpatch.pl --strict: no errors, warnings or checks"
fi

##### (e) patch headers
ok=1
while read -r p _; do
	awk -v patch="$p" -f "$here/patch-header.awk" \
		"$repo/patches/$p" >"$tmp/hdr" || ok=0
	sed "s/^/$prog: /" "$tmp/hdr"
done <"$tmp/present"
if [ "$ok" = 1 ] && [ -s "$tmp/present" ]; then
	result pass "series: patch headers (From, Subject, explanation, Signed-off-by, authorship)"
else
	result fail "series: patch headers (From, Subject, explanation, Signed-off-by, authorship)"
fi

exit "$failed"
