# Bubbles from the command line (issue #36): every layer's count in the summary is the rows
# of --points for it (a train layer's bubbles are its points); the same bytes for any -j on
# a canvas cut in several bands; the cluster key refused by file and line where it is wrong.
. "$(dirname "$0")/lib.sh"

OUT=$TMP/out
mkdir -p "$OUT"

# The summary's "layer 'NAME': N points" lines as "INDEX N", one per layer in order.
summary_counts() {
    awk -F"[':]" '/^dapple: layer / { n = $5; sub(/^ /, "", n); sub(/ .*/, "", n); print i++, n }' "$1"
}

# The rows of a points CSV per layer index, as "INDEX N".
csv_counts() {
    awk -F, 'NR > 1 { c[$4]++ } END { for (k in c) print k, c[k] }' "$1" | sort -n
}

case_summary_counts_are_the_points_written() {
    for p in fizzy-bubbles soap-bubbles foam; do
        "$DAPPLE" render "presets/$p.ini" -o "$OUT/$p.png" --points "$OUT/$p.csv" 2>"$OUT/$p.log" ||
            fail "$p: exit $?"
        [ "$(summary_counts "$OUT/$p.log")" = "$(csv_counts "$OUT/$p.csv")" ] ||
            fail "$p: summary '$(summary_counts "$OUT/$p.log" | tr '\n' ' ')' vs points '$(csv_counts "$OUT/$p.csv" | tr '\n' ' ')'"
    done
    grep -q "layer 'trains': 0 points" "$OUT/fizzy-bubbles.log" && fail "fizzy-bubbles: trains counted 0"
    return 0
}

case_same_bytes_for_any_jobs() {
    for p in foam soap-bubbles fizzy-bubbles; do
        "$DAPPLE" render "presets/$p.ini" --size 1024x1024 -o "$OUT/$p-1.png" -j 1 --quiet
        "$DAPPLE" render "presets/$p.ini" --size 1024x1024 -o "$OUT/$p-3.png" -j 3 --quiet
        cmp -s "$OUT/$p-1.png" "$OUT/$p-3.png" || fail "$p: -j 1 and -j 3 differ"
    done
}

case_cluster_out_of_range() {
    printf '[texture]\nsize = 64x64\n[layer a]\nstyle = bubbles\nradius = 6\ncluster = 2\n' >"$TMP/c.ini"
    expect_error 1 "dapple: $TMP/c.ini:6: cluster: expected a number in [0, 1], got '2'" \
        "$OUT/x.png" -- "$DAPPLE" render "$TMP/c.ini" -o "$OUT/x.png"
}

case_cluster_is_for_bubbles() {
    printf '[texture]\nsize = 64x64\n[layer a]\nstyle = circles\nradius = 4\ncluster = 0.5\n' >"$TMP/d.ini"
    expect_error 1 "dapple: $TMP/d.ini:6: cluster: applies only to bubbles layers, not to circles" \
        "$OUT/y.png" -- "$DAPPLE" render "$TMP/d.ini" -o "$OUT/y.png"
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
