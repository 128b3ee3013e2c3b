#!/bin/sh
# Write the quilt series as an mbox, ready for git am or a mail client:
# "[PATCH 0/N] title" cover letter, then "[PATCH n/N] subject" per patch,
# threaded to the cover letter.
#
# usage: mbox.sh REPO OUTFILE BASEVERSION KSRC
#   REPO has patches/BASE/series (BASE from the environment, default the
#   newest base with a series) and the patches it lists under patches/.
#   BASEVERSION is the Debian package version of linux-source-BASE the
#   series is verified against.  KSRC is that unpacked kernel tree: its
#   scripts/get_maintainer.pl (--no-git) gives each patch its Cc: lines,
#   the cover letter the union of them.  Each patch starts with "From:" and
#   "Subject:" lines (and optionally "Date:"); other header lines, such as
#   "Originally-by:", are moved into the body right before the first
#   Signed-off-by: so git am keeps them in the commit message.
#   Cover letter: title = first line of
#   REPO/patches/BASE/cover-letter.txt, then its "Cc: " lines (headers of
#   every mail, beside get_maintainer.pl's), blurb = the rest (a generic
#   one without that file); it ends with the upstream stable release the
#   series applies to ("base-commit:", see below).
#   The patches carry the project's placeholder identity; in the mbox,
#   From: and Signed-off-by: carry the sender's own (a DCO sign-off is a
#   real person's): FROM="Name <email>", else git config user.name and
#   user.email.  Without one the mbox is not written.
# Environment: SUBJECT_PREFIX (default "PATCH"), e.g. "RFC PATCH v2"; FROM.
set -eu

prog=mbox
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 1; }
[ $# -eq 4 ] || { echo "usage: $0 REPO OUTFILE BASEVERSION KSRC" >&2; exit 2; }
repo=$1 out=$2 base=$3 ksrc=$4
[ -n "$base" ] || die "BASEVERSION is empty"
getmaint=$ksrc/scripts/get_maintainer.pl
if [ ! -r "$getmaint" ] || [ ! -r "$ksrc/MAINTAINERS" ]; then
	die "$ksrc has no scripts/get_maintainer.pl and MAINTAINERS (not the unpacked kernel tree? make src)"
fi
command -v perl >/dev/null || die "perl is missing (get_maintainer.pl; make deps)"
repo=$(cd "$repo" && pwd)
prefix=${SUBJECT_PREFIX:-PATCH}
placeholder="Dyntick Project <dyntick-devel@example.org>"
sender=${FROM:-}
if [ -z "$sender" ]; then
	gname=$(git -C "$repo" config user.name 2>/dev/null || true)
	gmail=$(git -C "$repo" config user.email 2>/dev/null || true)
	[ -n "$gname" ] && [ -n "$gmail" ] && sender="$gname <$gmail>"
fi
[ -n "$sender" ] ||
	die "no sender identity for From: and Signed-off-by: (DCO): set FROM='Your Name <you@example.org>' or git config user.name and user.email"
case $sender in
*"<"*@*">") ;;
*) die "FROM='$sender' is not of the form 'Name <email>'" ;;
esac
[ "$sender" != "$placeholder" ] ||
	die "FROM is the project's placeholder identity; a sign-off must be yours"

# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
use_base "$repo" || exit 1
series=$(series_file "$repo")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

total=$(load_series "$repo" "$tmp/series")
while read -r p; do
	[ -f "$repo/patches/$p" ] || die "$series lists $p, but $repo/patches/$p does not exist"
done <"$tmp/series"

# split PATCHFILE DIR: DIR/from, DIR/subject, DIR/date (may be empty) and
# DIR/body (explanation + diff, extra header lines moved before the first
# Signed-off-by:).
split() {
	mkdir -p "$2"
	awk -v dir="$2" -v name="$1" '
	function fail(msg) { printf "mbox: %s: %s\n", name, msg > "/dev/stderr"; bad = 1; exit 1 }
	BEGIN { state = "hdr"; from = ""; subject = ""; date = ""; nextra = 0 }
	FNR == 1 && /^From [^ ]+ / { next }		# mbox separator line
	state == "hdr" {
		if ($0 ~ /^[ \t]/ && key != "") {	# folded header line
			sub(/^[ \t]+/, " ")
			if (key == "from") from = from $0
			else if (key == "subject") subject = subject $0
			else if (key == "date") date = date $0
			else extra[nextra] = extra[nextra] $0
			next
		}
		if (match($0, /^[A-Za-z][A-Za-z0-9-]*: /)) {
			key = tolower(substr($0, 1, RLENGTH - 2))
			val = substr($0, RLENGTH + 1)
			if (key == "from") from = val
			else if (key == "subject") subject = val
			else if (key == "date") date = val
			else extra[++nextra] = $0
			next
		}
		state = "body"
		if ($0 == "") next
	}
	{
		if (state == "body" && /^From /)
			fail("line " FNR " starts with \"From \": an mbox would split the message there; reword it")
		if (state == "body" && ($0 == "---" || /^diff / || /^Index: / || /^--- /))
			state = "diff"
		if (state == "body" && !placed && nextra && /^Signed-off-by: /) {
			for (i = 1; i <= nextra; i++) print extra[i] > (dir "/body")
			placed = 1
		}
		if (state == "diff" && !placed && nextra) {
			for (i = 1; i <= nextra; i++) print extra[i] > (dir "/body")
			placed = 1
		}
		print > (dir "/body")
	}
	END {
		if (bad) exit 1
		if (from == "") fail("no From: line at the top of the patch")
		if (subject == "") fail("no Subject: line at the top of the patch")
		sub(/^\[[^]]*\] */, "", subject)
		print from > (dir "/from")
		print subject > (dir "/subject")
		print date > (dir "/date")
	}' "$1"
}

n=0
while read -r p; do
	n=$((n + 1))
	split "$repo/patches/$p" "$tmp/$n" || die "cannot use $repo/patches/$p (see above)"
	# who the kernel's MAINTAINERS says should see it
	(cd "$ksrc" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
		--no-rolestats --no-tree "$repo/patches/$p") >"$tmp/$n/maint" ||
		die "get_maintainer.pl failed on $p"
	# the sender's identity for the project's placeholder
	for f in from body; do
		awk -v ph="$placeholder" -v me="$sender" '
			$0 == ph { $0 = me }
			$0 == "Signed-off-by: " ph { $0 = "Signed-off-by: " me }
			{ print }' "$tmp/$n/$f" >"$tmp/$n/$f.new"
		mv "$tmp/$n/$f.new" "$tmp/$n/$f"
	done
done <"$tmp/series"

# [PATCH n/N], n zero-padded to the width of N as git format-patch does.
width=${#total}
label() { printf "[%s %0${width}d/%d]" "$prefix" "$1" "$total"; }

now=$(date +%s)
msgid() { echo "<dyntick.$now.$$.$1@localhost>"; }
maildate() { LC_ALL=C date -R -d "@$((now + $1))"; }

# cc N: the Cc: lines of mail N (0: the cover letter), without the sender
# and without repeats: the cover letter's own, then get_maintainer.pl's
cc() {
	if [ "$1" = 0 ]; then
		cat "$tmp/cc" "$tmp"/[0-9]*/maint
	else
		cat "$tmp/cc" "$tmp/$1/maint"
	fi | sed 's/^Cc: //' | awk -v me="$sender" 'NF && $0 != me && !seen[$0]++ { print "Cc: " $0 }'
}

# header N FROM DATE SUBJECT
header() {
	echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
	echo "From: $2"
	echo "Date: $3"
	echo "Subject: $(label "$1") $4"
	echo "Message-Id: $(msgid "$1")"
	if [ "$1" -ne 0 ]; then
		echo "In-Reply-To: $(msgid 0)"
		echo "References: $(msgid 0)"
	fi
	cc "$1"
	echo "MIME-Version: 1.0"
	echo "Content-Type: text/plain; charset=UTF-8"
	echo "Content-Transfer-Encoding: 8bit"
	echo
}

cover=$repo/patches/$BASE/cover-letter.txt
: >"$tmp/cc"
[ ! -f "$cover" ] || sed -n '2,$p' "$cover" | awk '/^Cc: / { print; next } NF { exit }' >"$tmp/cc"
{
	if [ -f "$cover" ]; then
		title=$(head -n 1 "$cover")
		[ -n "$title" ] || die "$cover: the first line (the title) is empty"
	else
		title="Linux $BASE patch series ($(basename "$repo"))"
	fi
	header 0 "$(cat "$tmp/1/from")" "$(maildate 0)" "$title"
	if [ -f "$cover" ]; then
		# blurb: everything after the title and the Cc: lines
		sed '1d' "$cover" | awk '!go && (/^Cc: / || !NF) { next } { go = 1; print }'
	else
		echo "This series applies with quilt to the Linux $BASE sources below."
	fi
	echo
	echo "Base: Debian linux-source-$BASE $base"
	echo
	i=0
	while [ "$i" -lt "$total" ]; do
		i=$((i + 1))
		echo "  $(label "$i") $(cat "$tmp/$i/subject")"
	done
	echo
	sed "s|^|$repo/patches/|" "$tmp/series" >"$tmp/files"
	if command -v diffstat >/dev/null; then
		xargs cat <"$tmp/files" | diffstat -p1
	else
		# (from $tmp: inside a git work tree, paths get its prefix)
		xargs cat <"$tmp/files" | (cd "$tmp" && git apply --stat)
	fi
	echo
	i=0
	while [ "$i" -lt "$total" ]; do
		i=$((i + 1))
		date=$(cat "$tmp/$i/date")
		[ -n "$date" ] || date=$(maildate "$i")
		header "$i" "$(cat "$tmp/$i/from")" "$date" "$(cat "$tmp/$i/subject")"
		cat "$tmp/$i/body"
		echo
	done
} >"$tmp/mbox"
mkdir -p "$(dirname "$out")"
mv "$tmp/mbox" "$out"
echo "$prog: wrote $out: cover letter + $total patches"
