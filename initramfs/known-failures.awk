# Is a test's failure its known defect?  Reads the test's output; subs
# (awk -v) lists the subtests its known mark names, "/" between them, "+"
# for a blank in a name.  Exit 0 if it printed at least one kselftest
# "not ok N NAME" line and every such NAME is one of them; otherwise
# exit 1, with a "# not a known failure:" line for each other one.
BEGIN {
	n = split(subs, s, "/")
	for (i = 1; i <= n; i++)
		gsub(/\+/, " ", s[i])
}
{ sub(/^#[ \t]*/, "") }
/^not ok [0-9]+ / {
	bad++
	line = $0
	sub(/^not ok [0-9]+ /, "", line)
	sub(/[ \t]*(#.*)?$/, "", line)
	for (i = 1; i <= n; i++)
		if (line == s[i])
			break
	if (i <= n)
		known++
	else
		print "# not a known failure: " $0
}
END { exit !(bad > 0 && bad == known) }
