# shellcheck shell=sh
# Shell functions shared by the scripts (sourced, not run).
# shellcheck disable=SC2034,SC2154 # failed is read, here set, by the caller

# end_of_base REPO: the last patch of Con Kolivas's base, the one before
# the "# end-of-base" line of REPO/series; empty if there is no marker.
end_of_base() {
	awk '/^# end-of-base/ { print last; exit } /^[^#]/ && NF { last = $1 }' \
		"$1/series"
}

# data_lines FILE: the lines of a data file (series, boot matrix, bench
# rows) without comments and blank lines.
data_lines() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1"
}

# series_names REPO: the patch names of REPO/series in order (comments,
# blank lines and quilt options dropped).
series_names() {
	data_lines "$1/series" | awk '{ print $1 }'
}

# use_tmpdir: tmp=a new temporary directory, removed when the script exits.
use_tmpdir() {
	tmp=$(mktemp -d)
	# shellcheck disable=SC2064 # $tmp is meant to be expanded now
	trap "rm -rf '$tmp'" EXIT
}

# result pass|fail TEXT: one result to "tap-summary.sh add" in $RESULTS
# (default: printed); a failure sets failed=1.  Needs here= (scripts/).
failed=0
result() {
	[ "$1" = pass ] || failed=1
	"$here/tap-summary.sh" add "${RESULTS:--}" "$@"
}

# load_series REPO: $tmp/series lists REPO's patch names, total counts
# them; the caller's die() if there are none.
load_series() {
	series_names "$1" >"$tmp/series"
	total=$(wc -l <"$tmp/series")
	total=$((total + 0))
	[ "$total" -gt 0 ] || die "$1/series lists no patches"
}
