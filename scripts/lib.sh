# shellcheck shell=sh
# Shell functions shared by the scripts (sourced, not run).

# end_of_base REPO: the last patch of Con Kolivas's base, the one before
# the "# end-of-base" line of REPO/series; empty if there is no marker.
end_of_base() {
	awk '/^# end-of-base/ { print last; exit } /^[^#]/ && NF { last = $1 }' \
		"$1/series"
}
