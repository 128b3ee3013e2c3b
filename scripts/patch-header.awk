# The mail header of one patch of the series (scripts/check-series.sh,
# check "headers"): From:, "Subject: subsys: summary", at least 3 lines
# of explanation, a Signed-off-by: before the ---, one --- (not two in a
# row), and none of the 2005 authors in From:/Signed-off-by:/
# Co-developed-by: (they are credited with Originally-by:).  Prints one
# "PATCH: problem" line per problem, exit 1 if there was any.
#
# usage: awk -v patch=NAME -f patch-header.awk PATCHFILE
function problem(msg) { printf "%s: %s\n", patch, msg; bad = 1 }
BEGIN { state = "hdr" }
FNR == 1 && /^From [^ ]+ / { next }		# mbox separator line
state == "hdr" {
	if ($0 ~ /^[ \t]/ && last != "") { hdr[last] = hdr[last] " " $0; next }
	if (match($0, /^[A-Za-z][A-Za-z0-9-]*: /)) {
		last = tolower(substr($0, 1, RLENGTH - 2))
		hdr[last] = $0
		next
	}
	state = "body"
	if ($0 == "") next
}
state == "end" && sep {
	sep = 0
	if ($0 == "---")
		problem("two --- lines in a row: the mail would show an empty section; keep one")
}
state == "body" {
	if ($0 == "---") { state = "end"; sep = 1; next }
	if (/^diff / || /^Index: / || /^--- /) { state = "end"; next }
	if ($0 ~ /^Signed-off-by: /) { sob++; tags = tags "\n" $0; next }
	if ($0 ~ /^[A-Za-z-]+-by: / || $0 ~ /^(Cc|Link|Fixes|Closes): /) {
		tags = tags "\n" $0; next
	}
	if ($0 !~ /^[ \t]*$/) text++
}
END {
	if (!("from" in hdr)) problem("no From: header")
	if (!("subject" in hdr)) problem("no Subject: header")
	else if (hdr["subject"] !~ /^Subject: (\[PATCH[^]]*\] )?[A-Za-z0-9_\/.-]+(: [A-Za-z0-9_\/.-]+)*: .+/)
		problem("Subject is not \"subsys: summary\": " hdr["subject"])
	if (text < 3)
		problem("only " text + 0 " non-empty line(s) of explanation before the ---; want at least 3")
	if (!sob) problem("no Signed-off-by: line before the ---")
	who = hdr["from"] tags
	n = split(who, l, "\n")
	for (i = 1; i <= n; i++)
		if (l[i] ~ /^(From|Signed-off-by|Co-developed-by): / &&
		    tolower(l[i]) ~ /con kolivas|tony lindgren|srivatsa vaddagiri|vaddagiri|kolivas|atomide|vatsa@/)
			problem("2005 author in \"" l[i] "\": credit them with Originally-by: instead")
	exit bad
}
