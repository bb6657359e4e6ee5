#!/bin/sh
# Installs the Debian packages dapple builds with, only those that are missing.
# --ci adds what CI's extra checks use: clang and its fuzzer runtime, valgrind, clang-format.
set -eu
pkgs="build-essential pkg-config zlib1g-dev libpng-dev libstb-dev libcairo2-dev libinih-dev libcriterion-dev libjansson-dev libyajl-dev"
[ "${1:-}" = "--ci" ] && pkgs="$pkgs clang libclang-rt-14-dev valgrind clang-format"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "dapple: installing$missing" >&2
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
