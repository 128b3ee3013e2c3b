#!/bin/sh
# Write OBJDIR/.config for a kernel configured as Debian configures its
# cloud-amd64 flavour (package linux-config-BASE), with only the changes
# needed to build it here and to select the tick mode, each printed:
#   - the tick mode: NO_IDLE_HZ (dyntick, plus the test hook
#     DYN_TICK_SELFTEST) or NO_HZ_IDLE (nohz), instead of NO_HZ_FULL;
#   - modules off (make mod2noconfig): what Debian builds as a module is
#     left out rather than built in, which keeps the build time sane;
#   - no signing keys, BTF or debug info: they need Debian's build
#     environment (certificates, pahole) or only slow the build down;
#   - PM_DEBUG, for its pm_test: the suspend test (suspend_core) runs the
#     suspend path up to the core without firmware.  Debian has SUSPEND.
# Everything else, HIGH_RES_TIMERS and CPU_IDLE included, stays as Debian
# has it.
#
# usage: debian-config.sh SRCDIR OBJDIR dyntick|nohz
# Environment: BASE, the kernel base of SRCDIR (default: the newest base
# with a series); DEBIAN_FLAVOUR (default cloud-amd64).
set -eu

prog=debian-config
die() { echo "$prog: $*" >&2; exit 1; }
[ $# -eq 3 ] || die "usage: $0 SRCDIR OBJDIR dyntick|nohz"
src=$1 obj=$2 mode=$3
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
use_base "$(cd "$(dirname "$0")/.." && pwd)" || exit 1
flavour=${DEBIAN_FLAVOUR:-cloud-amd64}
cfg=/usr/src/linux-config-$BASE/config.amd64_none_$flavour.xz
[ -r "$cfg" ] || die "no $cfg: install the package linux-config-$BASE (make deps BASE=$BASE)"
[ -x "$src/scripts/config" ] || die "$src is not a kernel tree"

mkdir -p "$obj"
xzcat "$cfg" >"$obj/.config"
set_opts() { "$src/scripts/config" --file "$obj/.config" "$@"; }
echo "$prog: Debian's $flavour config ($cfg), changed:"
case $mode in
dyntick)
	set_opts -d NO_HZ_FULL -d NO_HZ_IDLE -e NO_IDLE_HZ -e DYN_TICK_SELFTEST
	echo "$prog:   tick mode NO_IDLE_HZ instead of NO_HZ_FULL, DYN_TICK_SELFTEST=y" ;;
nohz)
	set_opts -d NO_HZ_FULL -e NO_HZ_IDLE
	echo "$prog:   tick mode NO_HZ_IDLE instead of NO_HZ_FULL" ;;
*)	die "unknown mode '$mode' (dyntick|nohz)" ;;
esac
set_opts --set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
	-d MODULE_SIG -d DEBUG_INFO_BTF -d DEBUG_INFO -d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT \
	-e DEBUG_INFO_NONE
echo "$prog:   no trusted/revocation keys, MODULE_SIG, DEBUG_INFO or DEBUG_INFO_BTF"
set_opts -e PM_DEBUG
echo "$prog:   PM_DEBUG=y (pm_test, for the suspend test)"
make -s -C "$src" O="$obj" ARCH=x86_64 olddefconfig >/dev/null
before=$(grep -c '=m$' "$obj/.config" || true)
make -s -C "$src" O="$obj" ARCH=x86_64 mod2noconfig >/dev/null
echo "$prog:   modules off (mod2noconfig): $before options that were =m are now off"

bad=0
for want in CONFIG_HIGH_RES_TIMERS=y CONFIG_CPU_IDLE=y CONFIG_SERIAL_8250_CONSOLE=y \
	    CONFIG_BLK_DEV_INITRD=y CONFIG_DEVTMPFS=y CONFIG_SUSPEND=y \
	    CONFIG_PM_DEBUG=y; do
	grep -qxF "$want" "$obj/.config" || { echo "$prog: $want is missing" >&2; bad=1; }
done
case $mode in
dyntick) want="CONFIG_NO_IDLE_HZ=y CONFIG_DYN_TICK_SELFTEST=y" ;;
nohz)	want="CONFIG_NO_HZ_IDLE=y" ;;
esac
for w in $want; do
	grep -qxF "$w" "$obj/.config" || { echo "$prog: $w did not survive" >&2; bad=1; }
done
[ "$bad" = 0 ] || die "the config is not what was asked for ($obj/.config)"
echo "$prog: $(grep -c '=y$' "$obj/.config") options built in"
