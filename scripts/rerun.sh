#!/bin/sh
# Boot one boot of a recorded run again (qemu-test.sh's run record): the
# same kernel, initramfs and QEMU command, its console log next to the
# first one as NAME.rerun.log, scanned and its results printed.
#
# usage: rerun.sh RUN_DIR BOOT
# Environment: BOOT_TIMEOUT, the wall-clock limit (default 1200 s).
# Exit 0 if the boot ran clean and every test passed or was a known defect.
set -eu

prog=rerun
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 RUN_DIR BOOT (make rerun RUN=... BOOT=...)" >&2; exit 2; }
run=$1 name=$2
if [ ! -r "$run/$name.sh" ]; then
	echo "$prog: no boot '$name' recorded in $run; its boots:" >&2
	for f in "$run"/*.sh; do
		[ -e "$f" ] && basename "$f" .sh >&2
	done
	exit 2
fi
log=$run/$name.rerun.log
results=$run/$name.rerun.txt
: >"$results"
echo "$prog: $name of $run (console log $log)"
rc=0
timeout -k 10 "${BOOT_TIMEOUT:-1200}" sh "$run/$name.sh" </dev/null >"$log" 2>&1 || rc=$?
status=0
clean="$name: console clean (no panic/WARN/BUG/lockdep/stall)"
if [ "$rc" -ne 0 ]; then
	echo "$prog: $name: qemu exited with status $rc (124: timeout); last lines:" >&2
	tail -n 5 "$log" | tr -d '\r' | sed 's/^/  /' >&2
	"$here/tap-summary.sh" add "$results" fail "$clean"
	status=1
elif "$here/scan-log.sh" "$log"; then
	"$here/tap-summary.sh" add "$results" pass "$clean"
else
	"$here/tap-summary.sh" add "$results" fail "$clean"
	status=1
fi
cp "$log" "$run/$name"
"$here/tap-summary.sh" parse "$results" "$run/$name" || status=1
rm -f "$run/$name"
"$here/tap-summary.sh" report "$results" || status=1
exit $status
