#!/bin/sh
# Install the Debian packages the project needs, only those missing:
# linux-source-BASE and linux-config-BASE for the kernel base (BASE from
# the environment, default the newest base with a series) and the tools.
# Runs apt-get as root (or through sudo); prints what it installs.
set -eu

# shellcheck disable=SC2034 # read by lib.sh's use_base
prog=deps
repo=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/lib.sh
. "$repo/scripts/lib.sh"
use_base "$repo" || exit 1

pkgs="linux-source-$BASE linux-config-$BASE quilt qemu-system-x86 busybox-static cpio gzip xz-utils
bc bison flex libelf-dev libssl-dev make gcc libc6-dev perl ccache shellcheck
gnuplot-nox git diffstat python3 sparse b4"

missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "deps: installing:$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086 # word splitting of the package list is wanted
if ! $sudo apt-get update -qq ||
   ! $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
	echo "deps: apt-get could not install:$missing" >&2
	exit 1
fi
