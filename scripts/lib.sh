# shellcheck shell=sh
# Shell functions shared by the scripts (sourced, not run).
# shellcheck disable=SC2034,SC2154 # failed is read, here and prog set, by the caller

# One quilt series per kernel base (BASE 6.1: Debian's linux-source-6.1):
# REPO/patches/BASE/series.  Its entries are paths under REPO/patches/
# ("6.1/0001-....patch"), so a later base's series lists a patch it shares
# with an earlier one without a copy of it.

# bases REPO: the bases REPO has a series for, oldest first, in version
# order (6.12 after 6.9 after 6.1).
bases() {
	for f in "$1"/patches/*/series; do
		[ -f "$f" ] || continue
		f=${f%/series}
		echo "${f##*/}"
	done | sort -V
}

# default_base REPO: the newest base whose series has no "# not-default:"
# line (a base being brought up), the Makefile's default.
default_base() {
	for b in $(bases "$1"); do
		grep -q '^# not-default:' "$1/patches/$b/series" || echo "$b"
	done | tail -n 1
}

# use_base REPO: set and export BASE: the caller's (the Makefile exports
# it), else default_base.  Fails, naming the bases there are, when REPO
# has no series for it.
use_base() {
	[ -n "${BASE:-}" ] || BASE=$(default_base "$1")
	if [ -z "$BASE" ] || [ ! -f "$1/patches/$BASE/series" ]; then
		echo "${prog:-lib}: BASE=$BASE: there is no $1/patches/${BASE:-BASE}/series;" \
		     "the bases with a series: $(bases "$1" | paste -sd ' ' -)" >&2
		return 1
	fi
	export BASE
}

# series_file REPO: the series of the base (use_base first; without BASE,
# the default base's).
series_file() {
	[ -n "${BASE:-}" ] || use_base "$1" || return
	echo "$1/patches/$BASE/series"
}

# base_version REPO: the Debian package version the base's series is
# verified against, its "# base-version:" line.
base_version() {
	sed -n 's/^# base-version: *//p' "$(series_file "$1")"
}

# mbox_check REPO WORKDIR: push WORKDIR/src/series, mail it with a test
# identity (make mbox writes the mbox to send) and check that b4 + git am
# of that mbox give the quilt tree (check-mbox.sh); the base's series
# (use_base first).  Needs here= (scripts/); fails if any step does.
mbox_check() {
	if "$here/tree.sh" "$1" "$2" series all &&
	   FROM="Dyntick Harness <harness@example.invalid>" \
		"$here/mbox.sh" "$1" "$2/check-mbox.mbox" "$(base_version "$1")" \
		"$2/src/pristine"; then
		"$here/check-mbox.sh" "$2/src/pristine" "$2/src/series" "$1" \
			"$2/check-mbox.mbox"
	else
		"$here/tap-summary.sh" add "${RESULTS:--}" fail "mbox: made from the quilt tree"
		return 1
	fi
}

# end_of_base REPO: the last patch of Con Kolivas's base, the one before
# the "# end-of-base" line of the series; empty if there is no marker.
end_of_base() {
	awk '/^# end-of-base/ { print last; exit } /^[^#]/ && NF { last = $1 }' \
		"$(series_file "$1")"
}

# data_lines FILE: the lines of a data file (series, boot matrix, bench
# rows) without comments and blank lines.
data_lines() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1"
}

# series_names REPO: the series' entries in order (comments, blank lines
# and quilt options dropped): paths under REPO/patches/.
series_names() {
	data_lines "$(series_file "$1")" | awk '{ print $1 }'
}

# result pass|fail TEXT: one result to "tap-summary.sh add" in $RESULTS
# (default: printed); a failure sets the caller's failed=1.  Needs here=
# (scripts/).
result() {
	[ "$1" = pass ] || failed=1
	"$here/tap-summary.sh" add "${RESULTS:--}" "$@"
}

# load_series REPO FILE: write REPO's patch names to FILE and print how
# many there are (total=$(load_series ...)); fails if there are none.
load_series() {
	series_names "$1" >"$2"
	set -- "$1" "$(wc -l <"$2")"
	[ "$2" -gt 0 ] || { echo "${prog:-lib}: $(series_file "$1") lists no patches" >&2; return 1; }
	echo $(($2 + 0))
}
