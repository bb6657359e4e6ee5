#!/bin/bash
# Remakes docs/stats/*.png and prints the rows of docs/stats.md's table "dapple's sets
# beside white noise and a jittered grid". Run from the repo root after `make`:
#   bash scripts/stats-figures.sh
set -euo pipefail
D=${DAPPLE:-build/dapple}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for m in default dense maximal relax; do
    flag=()
    [ $m = default ] || flag=(--$m)
    "$D" points --size 400x400 --radius 4 --periodic "${flag[@]}" --quiet -o "$T/$m.csv"
done
# 7000 uniform random points; a 100 x 100 jittered grid (one random point per 4 x 4 cell)
awk 'BEGIN { srand(1); print "x,y"; for (i = 0; i < 7000; i++) printf "%.4f,%.4f\n", 400 * rand(), 400 * rand() }' >"$T/white.csv"
awk 'BEGIN { srand(2); print "x,y"; for (j = 0; j < 100; j++) for (i = 0; i < 100; i++)
             printf "%.4f,%.4f\n", 4 * (i + rand()), 4 * (j + rand()) }' >"$T/jitter.csv"
for m in default dense maximal relax white jitter; do
    "$D" stats "$T/$m.csv" --size 400x400 --periodic --radius 4 --plot "$T/$m" >"$T/$m.txt"
    mv "$T/$m-spectrum.png" "$T/$m-radial.png" docs/stats/
    awk -v set="$m" '
        /relative radius rho/ { rho = $4 }
        /nearest neighbour/ { nn = $6 " (" $8 ")"; sub(/,/, "", nn) }
        /uncovered fraction/ { unc = $3 }
        /^  peak/ { peak = $4 " at " $8 }
        /low-frequency power/ { low = $3 }
        /^  anisotropy/ { an = $3 " dB" }
        END { printf "| %s | %s | %s | %s | %s | %s | %s |\n", set, rho, nn, unc, peak, low, an }' "$T/$m.txt"
done
