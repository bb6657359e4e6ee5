#!/bin/sh
# Installs the Debian packages dapple builds with, only those that are missing.
# --ci adds what CI's extra checks use: clang and its fuzzer runtime, valgrind, clang-format.
set -eu
pkgs="build-essential pkg-config zlib1g-dev libpng-dev libstb-dev libcairo2-dev libcriterion-dev libjansson-dev libyajl-dev"
# dapple preview's server; its tests: curl, and a real browser driven from node
pkgs="$pkgs libmicrohttpd-dev curl chromium"
[ "${1:-}" = "--ci" ] && pkgs="$pkgs clang libclang-rt-14-dev valgrind clang-format"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# node and npm by command: a node of another source (with its own npm) will do
command -v node >/dev/null || missing="$missing nodejs"
command -v npm >/dev/null || missing="$missing npm"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
if [ -n "$missing" ]; then
    echo "dapple: installing$missing" >&2
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
# the browser test's node packages, pinned by tests/browser/package-lock.json (again only
# when the lockfile is newer than what npm installed)
cd "$(dirname "$0")/../tests/browser"
[ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund --loglevel=error
