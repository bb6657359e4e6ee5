#!/usr/bin/env bash
# valgrind over a small pack: every room (field, sampler, render, io, pack) on real
# presets, shrunk with --size-cap so the run takes seconds. Fails on any memory error or
# definite leak.
set -euo pipefail
cd "$(dirname "$0")/.."
make -s build/dapple
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
    --show-leak-kinds=definite --quiet \
    build/dapple pack presets -o "$out" -j 2 --size-cap 96 2>&1 | tail -n 20
echo "ok: valgrind pack"
