#!/bin/sh
# Unpack Debian's linux-source-BASE into WORKDIR/src/pristine, once
# (BASE from the environment, default the newest base with a series; the
# Makefile passes WORKDIR per base).  Installs nothing: make deps does.
# Checks the installed package version against the one the base's series
# was verified with (its "# base-version:" line).
#
# usage: unpack.sh REPO WORKDIR
set -eu

# shellcheck disable=SC2034 # read by lib.sh's use_base
prog=unpack
repo=$(cd "$1" && pwd) work=$2
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
use_base "$repo" || exit 1
pkg=linux-source-$BASE
tarball=/usr/src/$pkg.tar.xz
want=$(base_version "$repo")
have=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || true)

[ -n "$want" ] || { echo "unpack: no '# base-version:' line in $(series_file "$repo")" >&2; exit 1; }
[ -n "$have" ] || { echo "unpack: $pkg is not installed (run: make deps BASE=$BASE)" >&2; exit 1; }
[ -r "$tarball" ] || { echo "unpack: $tarball missing although $pkg $have is installed" >&2; exit 1; }
if [ "$have" != "$want" ]; then
	echo "unpack: WARNING: the series is verified against $pkg $want," \
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
[ -d "$dst.tmp/$pkg" ] || { echo "unpack: $tarball has no top directory $pkg" >&2; exit 1; }
mv "$dst.tmp/$pkg" "$dst"
rmdir "$dst.tmp"
echo "$have" >"$dst/.dyntick-version"
