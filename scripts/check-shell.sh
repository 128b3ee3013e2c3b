#!/bin/sh
# Run "shellcheck -S style" on every shell script of the repository:
# scripts/*.sh, initramfs/init, .ci/run, tests/guest/*.sh, and any other
# file under scripts/, initramfs/, tests/ or .ci/ whose #! line runs sh.
#
# usage: check-shell.sh REPO
# One result "shell: shellcheck -S style clean" to
# tap-summary.sh add "$RESULTS" (default: printed).  Exit 1 on failure.
set -eu

prog=check-shell
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 2; }
[ $# -eq 1 ] || die "usage: $0 REPO"
repo=$1
[ -d "$repo" ] || die "REPO $repo is not a directory"
command -v shellcheck >/dev/null || die "shellcheck is not installed"
name="shell: shellcheck -S style clean"

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

cd "$repo"
for f in scripts/*.sh initramfs/init .ci/run tests/guest/*.sh; do
	[ -f "$f" ] && echo "$f"
done >"$tmp" || true
for d in scripts initramfs tests .ci; do
	[ -d "$d" ] || continue
	find "$d" -type f | while IFS= read -r f; do
		head -n 1 "$f" | grep -qE '^#!.*[/ ](ba|da|busybox |)sh([[:space:]]|$)' && echo "$f"
	done
done >>"$tmp" || true
sort -u "$tmp" -o "$tmp"
for f in initramfs/init .ci/run; do
	[ -f "$f" ] || echo "$prog: note: $repo/$f does not exist"
done

count=$(wc -l <"$tmp")
if [ "$count" -eq 0 ]; then
	echo "$prog: no shell scripts found in $repo"
	"$here/tap-summary.sh" add "${RESULTS:--}" fail "$name"
	exit 1
fi
if xargs shellcheck -S style <"$tmp"; then
	echo "$prog: $count script(s) clean"
	"$here/tap-summary.sh" add "${RESULTS:--}" pass "$name"
else
	echo "$prog: shellcheck found problems (above) in $repo"
	"$here/tap-summary.sh" add "${RESULTS:--}" fail "$name"
	exit 1
fi
