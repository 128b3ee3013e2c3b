#!/bin/sh
# Build one kernel variant into WORKDIR/build/VARIANT (its own O= dir).
#
# Every variant has high resolution timers (highres=off on the command line
# turns them off) except those built at the bisect check's prefixes, which
# are low resolution only.
#
#   periodic       pristine linux-source-BASE, HZ_PERIODIC
#   nohz           pristine linux-source-BASE, mainline NO_HZ_IDLE
#   periodic-patched  the whole series, HZ_PERIODIC (the series must not
#                  change the mainline tick modes)
#   nohz-patched   the whole series, mainline NO_HZ_IDLE, with PCI MSI
#   dyntick        the whole series, NO_IDLE_HZ, in the tree and build dir
#                  the bisect check of host-checks.sh leaves at the top of
#                  the series (src/bisect, build/dyntick)
#   dyntick-debug  the whole series, NO_IDLE_HZ + debug + self-test hooks
#   dyntick-hres   the whole series, NO_IDLE_HZ, no debug, with PCI MSI
#                  (make bench; the per-channel HPET boots need MSI, which
#                  changes nothing where QEMU's HPET raises none)
#   dyntick-base   the series up to the end of Con Kolivas's base
#   debian         the whole series, Debian's cloud-amd64 config with
#                  NO_IDLE_HZ (scripts/debian-config.sh says what changed)
#   debian-nohz    the same with mainline NO_HZ_IDLE, for comparison
#   dyntick-trace  dyntick-hres with the function graph tracer, and
#   nohz-trace     nohz-patched with it (make hook-cost)
#
# The .config is regenerated only when a fragment or the tree changed.
# A bzImage and .config left in the build dir with a matching
# .dyntick-prebuilt stamp (the bisect check of host-checks.sh saves the
# end-of-base prefix as dyntick-base) are taken as they are.
#
# usage: build-kernel.sh [-s] REPO WORKDIR VARIANT
#   -s  print the variant's stamp (fragments + tree) and exit
#   WORKDIR is the kernel base's own (the Makefile's WORKDIR/BASE); BASE,
#   from the environment, matters only to the debian variants' config.
set -eu

stamp_only=0
if [ "${1:-}" = -s ]; then
	stamp_only=1
	shift
fi
repo=$(cd "$1" && pwd) work=$2 variant=$3
frag=$repo/kconfig-fragments
here=$(dirname "$0")

case $variant in
periodic)	tree=pristine; frags="base hres periodic" ;;
nohz)		tree=pristine; frags="base hres nohz-idle" ;;
periodic-patched) tree=series; frags="base hres periodic" ;;
nohz-patched)	tree=series;   frags="base hres nohz-idle msi" ;;
dyntick)	tree=bisect;   frags="base lowres dyntick" ;;
dyntick-debug)	tree=series;   frags="base hres dyntick debug selftest" ;;
dyntick-hres)	tree=series;   frags="base hres dyntick msi" ;;
dyntick-base)	tree=base;     frags="base lowres dyntick" ;;
debian)		tree=series;   frags="" debian=dyntick ;;
dyntick-trace)	tree=series;   frags="base hres dyntick msi ftrace" ;;
nohz-trace)	tree=series;   frags="base hres nohz-idle msi ftrace" ;;
debian-nohz)	tree=series;   frags="" debian=nohz ;;
*)	echo "build-kernel: unknown variant '$variant'" >&2; exit 1 ;;
esac

src=$work/src/$tree
obj=$work/build/$variant
mkdir -p "$obj" "$work/logs"

files=""
for f in $frags; do
	files="$files $frag/$f.config"
done

# shellcheck disable=SC2086 # $files: paths without blanks; none for debian*
stamp=$( { cat $files </dev/null; [ -z "${debian:-}" ] || cat "$here/debian-config.sh";
	   echo "${debian:-}"; cat "$src/.dyntick-stamp" 2>/dev/null || echo pristine; } |
	sha1sum | cut -d' ' -f1)
[ "$stamp_only" = 0 ] || { echo "$stamp"; exit 0; }
bz=$obj/arch/x86/boot/bzImage
if [ -f "$bz" ] && [ -f "$obj/.config" ] &&
   [ "$(cat "$obj/.dyntick-prebuilt" 2>/dev/null)" = "$stamp" ]; then
	echo "build: $variant: $bz is current (saved by the bisect check)"
	exit 0
fi
rm -f "$obj/.dyntick-prebuilt"
if [ ! -f "$obj/.config" ] || [ "$(cat "$obj/.dyntick-config" 2>/dev/null)" != "$stamp" ]; then
	if [ -n "${debian:-}" ]; then
		"$here/debian-config.sh" "$src" "$obj" "$debian"
	else
		# shellcheck disable=SC2086
		"$here/kconfig.sh" "$src" "$obj" $files
	fi
	echo "$stamp" >"$obj/.dyntick-config"
fi

cc=gcc
command -v ccache >/dev/null 2>&1 && cc="ccache gcc"
log=$work/logs/build-$variant.log
echo "build: $variant (O=$obj, log $log)"
# A failed build must not leave the previous bzImage to be booted.
rm -f "$bz"
if ! make -C "$src" O="$obj" ARCH=x86_64 CC="$cc" -j"$(nproc)" bzImage >"$log" 2>&1; then
	echo "build: $variant failed:" >&2
	grep -E "error|Error" "$log" | head -n 20 >&2
	exit 1
fi
if grep -q "warning:" "$log"; then
	echo "build: $variant: compiler warnings:" >&2
	grep "warning:" "$log" | grep -v "changes choice state" | head -n 20 >&2
fi
echo "build: $bz ($(wc -c <"$bz") bytes)"
