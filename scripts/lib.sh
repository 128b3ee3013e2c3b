# shellcheck shell=sh
# Shell functions shared by the scripts (sourced, not run).
# shellcheck disable=SC2034,SC2154 # failed is read, here and prog set, by the caller

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
	[ "$2" -gt 0 ] || { echo "${prog:-lib}: $1/series lists no patches" >&2; return 1; }
	echo $(($2 + 0))
}
