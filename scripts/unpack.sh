#!/bin/sh
# Unpack Debian's linux-source-6.1 into WORKDIR/src/pristine, once.
# Checks the installed package version against the one the series was
# verified with (the "# base-version:" line of the series file).
#
# usage: unpack.sh REPO WORKDIR
set -eu

repo=$1 work=$2
tarball=/usr/src/linux-source-6.1.tar.xz
want=$(sed -n 's/^# base-version: *//p' "$repo/series")
have=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || true)

[ -n "$have" ] || { echo "unpack: linux-source-6.1 is not installed (run: make deps)" >&2; exit 1; }
[ -r "$tarball" ] || { echo "unpack: $tarball missing although linux-source-6.1 $have is installed" >&2; exit 1; }
if [ "$have" != "$want" ]; then
	echo "unpack: WARNING: the series is verified against linux-source-6.1 $want," \
	     "apt installed $have; trying it anyway (patches must still apply with zero fuzz)" >&2
fi

dst=$work/src/pristine
if [ -f "$dst/.dyntick-version" ] && [ "$(cat "$dst/.dyntick-version")" = "$have" ]; then
	exit 0
fi
rm -rf "$dst" "$dst.tmp"
mkdir -p "$dst.tmp"
echo "unpack: $tarball ($have) -> $dst"
tar -C "$dst.tmp" -xJf "$tarball"
mv "$dst.tmp/linux-source-6.1" "$dst"
rmdir "$dst.tmp"
echo "$have" >"$dst/.dyntick-version"
