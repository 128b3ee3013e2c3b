#!/bin/sh
# Build the guest initramfs: busybox-static with its applet links, /init,
# the suite lists, our tests (tests/guest/*.c) and the kernel's own timer
# selftests, all linked static, as a gzip'ed newc cpio.
#
# usage: mkinitramfs.sh OUT.cpio.gz KSRC
#   KSRC: a kernel tree (for tools/testing/selftests/timers)
set -eu

[ $# -eq 2 ] || { echo "usage: $0 OUT.cpio.gz KSRC" >&2; exit 2; }
out=$1 ksrc=$2
repo=$(cd "$(dirname "$0")/.." && pwd)
sel=$ksrc/tools/testing/selftests
# the kernel's timer selftests we run (see initramfs/suites/full)
ktests="posix_timers nanosleep mqueue-lat inconsistency-check threadtest"

die() { echo "mkinitramfs: $*" >&2; exit 1; }

bb=$(command -v busybox) || die "no busybox: install busybox-static"
# a dynamically linked busybox (Debian's "busybox") cannot run in the guest
if readelf -l "$bb" 2>/dev/null | grep -q 'program interpreter'; then
	die "$bb is dynamically linked: install busybox-static"
fi
command -v gcc >/dev/null || die "no gcc: install gcc"
command -v cpio >/dev/null || die "no cpio: install cpio"
[ -d "$sel/timers" ] || die "$ksrc: no tools/testing/selftests/timers"

outdir=$(dirname "$out")
mkdir -p "$outdir"
tmp=$(mktemp -d "$outdir/mkinitramfs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
root=$tmp/root
mkdir -p "$root/bin" "$root/dev" "$root/proc" "$root/sys" "$root/tmp" \
	"$root/suites" "$root/tests"

cp "$bb" "$root/bin/busybox"
for applet in $("$bb" --list); do
	[ "$applet" = busybox ] || ln -s busybox "$root/bin/$applet"
done
install -m 0755 "$repo/initramfs/init" "$root/init"
cp "$repo/initramfs/known-failures.awk" "$root/"
cp "$repo"/initramfs/suites/* "$root/suites/"

for src in "$repo"/tests/guest/*.c; do
	name=$(basename "$src" .c)
	gcc -static -s -O2 -Wall -Wextra -Werror -I "$repo/tests/guest" \
		-I "$sel" -o "$root/tests/$name" "$src" -lrt -lpthread -lm ||
		die "tests/guest/$name.c does not compile"
done

# As their Makefile builds them (CFLAGS, LDLIBS), plus -static -s.
for name in $ktests; do
	gcc -static -s -O3 -Wl,-no-as-needed -Wall -I "$sel" \
		-o "$root/tests/$name" "$sel/timers/$name.c" \
		-lrt -lpthread -lm ||
		die "kernel selftest timers/$name.c does not compile against" \
		    "this libc; fix the tree, not this script"
done

# every test named in a suite list must exist
for suite in "$root"/suites/*; do
	grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$suite" |
	while read -r prog _; do
		[ -x "$root/tests/$prog" ] ||
			die "suite $(basename "$suite") names '$prog'," \
			    "which is not built"
	done
done

(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) |
	gzip -9n >"$tmp/initramfs.cpio.gz"
mv "$tmp/initramfs.cpio.gz" "$out"
echo "mkinitramfs: wrote $out"
