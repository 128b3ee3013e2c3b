#!/bin/sh
# Collect test results in one file and print the final summary.
#
# usage: tap-summary.sh parse RESULTS LOG...
#          read the KTAP lines ("ok N name", "not ok N name", "... # SKIP why",
#          "ok N name # XFAIL why" for a negative control that failed as
#          it must: a pass; "ok N name # XFAIL known defect: why" and
#          "ok N name # known defect did not show this run: why" for a
#          known open defect, recorded as "todo", as is the "# TODO why"
#          of logs from before KTAP version 1)
#          of each console LOG and append one result per test; a test's name
#          is prefixed with the log's name ("periodic: timer-latency").
#          A log without a KTAP plan, with an empty plan "1..0", or with
#          fewer results than its plan "1..N" promises, adds a failure.
#          A failed test's last diagnostics (up to 8 "# " lines since the
#          result before it), after its first 4 earlier lines that say
#          "FAIL" or "failed" (the reason a long test gave before its
#          summary), are printed under it and kept in RESULTS.detail
#          ("name<TAB>line"), for the report.
#        tap-summary.sh add RESULTS pass|fail|skip|todo|rerun NAME...
#          append one result (for host-side checks; "rerun": a boot run
#          again after QEMU crashed, or a pair of boots run again after
#          their comparison failed, counted and named in the report,
#          neither a pass nor a failure); RESULT_PREFIX in the
#          environment, if set, is put before NAME (series-checks.sh names
#          another base's results "BASE=6.1: ...").
#        tap-summary.sh report RESULTS [BOOTS]
#          with BOOTS (the boot matrix, tests/boots): first add a failure
#          for every boot that recorded no "NAME: console clean" result or
#          no "NAME: kernel_not_tainted" (the guest suite's last test), so
#          that a boot that never ran or stopped early cannot go unseen;
#          then name every failed test (each with its diagnostics from
#          RESULTS.detail: a CI that keeps only the tail of the output
#          still says why), every known defect (todo) and every
#          boot run again, print "N boot(s) run again" (if any), "N
#          skipped", "N known defects (KTAP XFAIL)" and, as the last
#          line, "N passed, N failed"; exits 1 on any failure or if no test
#          passed or failed at all.
#
# RESULTS is a text file, one result a line: "pass|fail|skip|todo<TAB>name".
# RESULTS "-" means: print the result only, record it nowhere.
set -eu

prog=tap-summary
die() { echo "$prog: $*" >&2; exit 2; }
usage() {
	die "usage: $0 parse RESULTS LOG... | add RESULTS pass|fail|skip|todo|rerun NAME... | report RESULTS [BOOTS]"
}

tab=$(printf '\t')

# record STATUS NAME: append to $results and show it; the name recorded
# stays in $recorded (for detail lines)
record() {
	name=$(printf '%s' "$2" | tr '\t\r\n' '   ')
	recorded=$name
	case $1 in
	pass) echo "PASS  $name" ;;
	fail) echo "FAIL  $name" ;;
	skip) echo "SKIP  $name" ;;
	todo) echo "TODO  $name" ;;
	rerun) echo "RERUN $name" ;;
	*) die "result '$1' for '$name' is not pass, fail, skip, todo or rerun" ;;
	esac
	[ "$results" = - ] || printf '%s\t%s\n' "$1" "$name" >>"$results"
}

[ $# -ge 2 ] || usage
mode=$1 results=$2
shift 2
if [ "$results" != - ]; then
	dir=$(dirname "$results")
	[ -d "$dir" ] || die "directory of results file $results does not exist"
fi

case $mode in
add)
	[ $# -ge 2 ] || usage
	status=$1
	shift
	record "$status" "${RESULT_PREFIX:-}$*"
	;;
parse)
	[ $# -ge 1 ] || usage
	for log do
		[ -r "$log" ] || die "cannot read console log $log"
		suite=$(basename "$log")
		suite=${suite%.log}
		# One "STATUS<TAB>name" line per top-level KTAP result; a missing
		# or short plan adds a failure.  Serial consoles end lines in \r.
		tr -d '\r' <"$log" | awk -v logname="$log" '
		/^1\.\.[0-9]+[ \t]*$/ { plan = substr($0, 4) + 0; next }
		# the diagnostics since the last result, the last 8 kept, and
		# the first 4 that say FAIL or failed, wherever they are
		/^#/ {
			if (tolower($0) ~ /fail/ && nf < 4) { fl[nf] = $0; fat[nf++] = nd }
			diag[nd++ % 8] = $0
			next
		}
		/^(not )?ok [0-9]+( |$)/ {
			st = ($1 == "not") ? "fail" : "pass"
			line = $0
			sub(/^(not )?ok [0-9]+ */, "", line)
			# a "not ok" stays a failure whatever its directive says
			if (line ~ /#[ \t]*[Ss][Kk][Ii][Pp]/ && st == "pass") st = "skip"
			# a known defect keeps its reason and outcome in the name
			if (line ~ /#[ \t]*TODO/) {
				st = "todo"
				sub(/[ \t]*#[ \t]*TODO[ \t]*/, " (known defect: ", line)
				line = line ", " ($1 == "not" ? "failed" : "passed") " this run)"
			} else if (st == "pass" && line ~ /# XFAIL known defect: /) {
				st = "todo"
				sub(/ *# XFAIL known defect: /, " (known defect: ", line)
				line = line ", failed this run)"
			} else if (st == "pass" && line ~ /# known defect did not show this run: /) {
				st = "todo"
				sub(/ *# known defect did not show this run: /, " (known defect: ", line)
				line = line ", passed this run)"
			} else if (line ~ /# XFAIL /) {
				# a negative control; "not ok" stays a failure
				sub(/ *# XFAIL /, " (expected failure: ", line)
				line = line ")"
			}
			sub(/[ \t]*#[ \t]*[Ss][Kk][Ii][Pp].*$/, "", line)
			if (line == "") line = "(unnamed test)"
			print st "\t" line
			if (st == "fail") {
				first = nd > 8 ? nd - 8 : 0
				for (j = 0; j < nf; j++)
					if (fat[j] < first)
						print "detail\t" fl[j]
				for (i = first; i < nd; i++)
					print "detail\t" diag[i % 8]
			}
			nd = 0
			nf = 0
			n++
		}
		END {
			if (plan == "")
				print "fail\tno KTAP plan line (1..N) in " logname
			else if (plan == 0)
				print "fail\tempty KTAP plan 1..0 in " logname
			else if (n < plan)
				print "fail\tKTAP plan 1.." plan " but only " n+0 \
				    " result(s) in " logname " (guest stopped early?)"
		}' |
		while IFS="$tab" read -r status name; do
			if [ "$status" != detail ]; then
				record "$status" "$suite: $name"
				continue
			fi
			echo "      $name"
			[ "$results" = - ] ||
				printf '%s\t%s\n' "$recorded" "$name" >>"$results.detail"
		done
	done
	;;
report)
	[ $# -le 1 ] || usage
	[ -r "$results" ] || die "no results file $results (nothing ran?)"
	if [ $# -eq 1 ]; then
		[ -r "$1" ] || die "cannot read boot matrix $1"
		awk '$1 == "boot" { n++ } END { exit n == 0 }' "$1" ||
			record fail "boot matrix $1 lists no boot: no guest test ran"
		awk '$1 == "boot" { print $2 }' "$1" | while read -r b; do
			for t in "console clean" kernel_not_tainted; do
				grep -q "^[a-z]*$tab$b: $t" "$results" ||
					record fail "$b: recorded no '$t' result (the boot did not run, or its guest stopped early)"
			done
		done
	fi
	pass=0 fail=0 skip=0 todo=0 rerun=0
	while IFS="$tab" read -r status name; do
		case $status in
		pass) pass=$((pass + 1)) ;;
		fail) fail=$((fail + 1)); echo "FAILED: $name"
			[ ! -r "$results.detail" ] ||
				awk -F "$tab" -v n="$name" '$1 == n { sub(/^[^\t]*\t/, ""); print "    " $0 }' \
					"$results.detail" ;;
		skip) skip=$((skip + 1)) ;;
		todo) todo=$((todo + 1)); echo "KNOWN DEFECT: $name" ;;
		rerun) rerun=$((rerun + 1)); echo "RUN AGAIN: $name" ;;
		*) die "$results: bad line '$status$tab$name'" ;;
		esac
	done <"$results"
	[ "$rerun" -eq 0 ] || echo "$rerun boot(s) run again (QEMU crashed, or a comparison failed and was repeated)"
	echo "$skip skipped"
	echo "$todo known defects (KTAP XFAIL)"
	echo "$pass passed, $fail failed"
	if [ $((pass + fail)) -eq 0 ]; then
		echo "$prog: no test ran (only skips or nothing in $results)" >&2
		exit 1
	fi
	[ "$fail" -eq 0 ]
	;;
*)
	usage
	;;
esac
