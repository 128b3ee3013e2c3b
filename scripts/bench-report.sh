#!/bin/sh
# The benchmark's report, from the logs scripts/bench-run.sh left: collect
# the BENCH lines into WORKDIR/bench/data.txt, let scripts/bench-report.awk
# compute and render every figure (table on stdout, results.md,
# results.json, chart data), check the JSON, and draw loc.png and cost.png
# with gnuplot.
#
# usage: bench-report.sh REPO WORKDIR
# Exit 1 if there are no logs, the JSON is not valid or gnuplot fails; 3
# if any target is "missed" (after the whole report and the charts), so
# that a regression shows in the exit status of make bench; else 0.
set -eu

prog=bench-report
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 1; }
[ $# -eq 2 ] || { echo "usage: $0 REPO WORKDIR" >&2; exit 2; }
repo=$(cd "$1" && pwd) || die "REPO $1 is not a directory"
work=$2
logs=$work/logs
out=$work/bench
mkdir -p "$out"
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
variants=$(data_lines "$repo/tests/bench-rows" | awk '{ print $1 }' | tr '\n' ' ')

# --- parse: "VARIANT TOPOLOGY RUN KEY VALUE", one line per figure ------
data=$out/data.txt
: >"$data"
for v in $variants; do
	for t in lapic pit cost menu latency; do
		sfx=-$t
		[ "$t" = lapic ] && sfx=
		for log in "$logs/bench-$v$sfx".r*.log; do
			[ -f "$log" ] || continue
			run=${log##*.r}
			run=${run%.log}
			tr -d '\r' <"$log" | awk -v v="$v" -v t="$t" -v r="$run" '
			/^# dt: init-uptime / { print v, t, r, "boot.init_uptime_s", $4 }
			/^BENCH scenario=/ {
				scen = ""; sub_ = ""; m = 0
				for (i = 2; i <= NF; i++) {
					eq = index($i, "=")
					k = substr($i, 1, eq - 1)
					val = substr($i, eq + 1)
					if (k == "scenario") scen = val
					else if (k == "cpu") sub_ = ".cpu" val
					else if (k == "req_ms") sub_ = ".req" val
					else if (val ~ /^-?[0-9.]+$/) { mk[++m] = k; mv[m] = val }
				}
				for (i = 1; i <= m; i++)
					print v, t, r, scen sub_ "." mk[i], mv[i]
			}' >>"$data"
		done
	done
done
[ -s "$data" ] || die "no BENCH figures in $logs/bench-*.r*.log (run scripts/bench-run.sh)"

# --- the facts of the header --------------------------------------------
commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ "$commit" != unknown ] &&
	[ -n "$(git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
	commit=$commit-dirty
fi
awk -v variants="$variants" -v out="$out" \
	-v date="$(date -u '+%Y-%m-%dT%H:%M:%SZ')" \
	-v host="$(uname -m) $(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -n 1), nproc $(nproc)" \
	-v qemu="$(qemu-system-x86_64 --version 2>/dev/null | head -n 1)" \
	-v kver="$(cat "$work/src/pristine/.dyntick-version" 2>/dev/null || echo unknown)" \
	-v commit="$commit" \
	-v builds="$(cat "$out/builds.txt" 2>/dev/null || echo 'not recorded')" \
	-v boots="$(cat "$out"/boots-*.txt 2>/dev/null | paste -s -d ';' - | sed 's/;/; /g')" \
	-f "$here/stats.awk" -f "$here/bench-report.awk" "$data"

if command -v python3 >/dev/null 2>&1; then
	python3 -m json.tool "$out/results.json" >/dev/null ||
		die "$out/results.json is not valid JSON"
fi
echo ""
echo "$prog: results: $out/results.md $out/results.json"

# the exit status for the targets: 3 if one is missed
verdict() {
	missed=$(grep -c '^- .*: \*\*missed\*\*' "$out/results.md" || true)
	if [ "$missed" -gt 0 ]; then
		echo "$prog: $missed target(s) missed (see $out/results.md)" >&2
		exit 3
	fi
	exit 0
}

command -v gnuplot >/dev/null 2>&1 || {
	echo "$prog: gnuplot not installed: no charts (data in $out/*.dat)"
	verdict
}
term="png size 1000,480"
gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1 && term="pngcairo size 1000,480"
# has_data FILE COLUMN...: some row has a figure in one of those columns
# (a run with BENCH_ONLY=cost has no TCG figures to draw)
has_data() {
	f=$1
	shift
	awk -v cols="$*" 'BEGIN { n = split(cols, c, " ") }
		NR > 1 { for (i = 1; i <= n; i++) if ($c[i] != "-" && $c[i] != "") found = 1 }
		END { exit !found }' "$f" 2>/dev/null
}
charts=''
style="set terminal $term
set datafile missing '-'
set style fill solid 0.8 border -1
set key inside top right
set xtics rotate by -30"
if has_data "$out/loc.dat" 2 5 8; then
	charts="$out/loc.png"
	gnuplot <<EOF || die "gnuplot failed to draw $out/loc.png"
$style
set yrange [0:*]
set output '$out/loc.png'
set title 'Idle timer interrupts/s, sum over the 4 CPUs (bars: min..max over runs)'
set ylabel 'interrupts/s'
set logscale y
set yrange [0.1:*]
set style data histograms
set style histogram clustered gap 1
set bars 2
# error bars at the bar centres of a 3-bar (then 2-bar) cluster, gap 1
plot '$out/loc.dat' using 2:xtic(1) title 'all idle (LOC)', \
     '' using 5 title 'CPU0 busy, CPUs 1-3 (LOC)', \
     '' using 8 title 'PIT topology, all idle (IRQ0+LOC)', \
     '' using (\$0 - 0.25):2:3:4 with yerrorbars lc 'black' pt 0 notitle, \
     '' using (\$0):5:6:7 with yerrorbars lc 'black' pt 0 notitle, \
     '' using (\$0 + 0.25):8:9:10 with yerrorbars lc 'black' pt 0 notitle
EOF
else
	echo "$prog: no TCG idle figures: $out/loc.png not drawn"
fi
if has_data "$out/cost.dat" 2 5; then
	charts="${charts:+$charts }$out/cost.png"
	gnuplot <<EOF || die "gnuplot failed to draw $out/cost.png"
$style
set style data histograms
set style histogram clustered gap 1
set bars 2
set key outside right top
set output '$out/cost.png'
set title 'Busy-path cost against periodic under -icount (bars: min..max over runs)'
set ylabel 'instructions / periodic'
set yrange [*:*]
plot '$out/cost.dat' using 2:xtic(1) title 'compute loop', \
     '' using 5 title 'pipe ping-pong', \
     '' using (\$0 - 1.0 / 6):2:3:4 with yerrorbars lc 'black' pt 0 notitle, \
     '' using (\$0 + 1.0 / 6):5:6:7 with yerrorbars lc 'black' pt 0 notitle
EOF
else
	echo "$prog: no -icount figures: $out/cost.png not drawn"
fi
echo "$prog: charts: ${charts:-none}"
verdict
