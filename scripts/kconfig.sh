#!/bin/sh
# Write a .config for one variant: tinyconfig + fragments, merged with the
# tree's merge_config.sh, then check that every requested option survived
# (the idea of rcutorture's configcheck.sh).
#
# usage: kconfig.sh SRCDIR OBJDIR FRAGMENT...
set -eu

src=$1 obj=$2
shift 2
[ -x "$src/scripts/kconfig/merge_config.sh" ] ||
	{ echo "kconfig: $src is not a kernel tree" >&2; exit 1; }
mkdir -p "$obj"
src=$(cd "$src" && pwd) obj=$(cd "$obj" && pwd)

make -s -C "$src" O="$obj" ARCH=x86_64 tinyconfig >/dev/null
# -m: merge only, -O: output dir; olddefconfig afterwards resolves the rest.
(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$obj" "$obj/.config" "$@") \
	>"$obj/merge_config.log" 2>&1 ||
	{ cat "$obj/merge_config.log" >&2; exit 1; }
make -s -C "$src" O="$obj" ARCH=x86_64 olddefconfig >>"$obj/merge_config.log" 2>&1

bad=0
for frag in "$@"; do
	[ -r "$frag" ] || { echo "kconfig: no fragment $frag" >&2; echo x; continue; }
	grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' "$frag" |
	while IFS= read -r want; do
		case $want in
		"# "*)	opt=${want#\# }; opt=${opt%% *}
			if grep -q "^$opt=" "$obj/.config"; then
				echo "kconfig: $frag: $opt was asked to be off but is on" >&2
				echo x
			fi ;;
		*)	if ! grep -qxF "$want" "$obj/.config"; then
				opt=${want%%=*}
				have=$(grep -E "^$opt=|^# $opt is not set" "$obj/.config" || true)
				echo "kconfig: $frag: requested '$want' did not survive" \
				     "(.config has: '${have:-nothing, the option does not exist or its dependencies are unmet}')" >&2
				echo x
			fi ;;
		esac
	done
done >"$obj/configcheck.out"
bad=$(grep -c x "$obj/configcheck.out" || true)
if [ "$bad" -ne 0 ]; then
	echo "kconfig: $bad requested option(s) missing from $obj/.config" >&2
	exit 1
fi
