# Untrusted images, round two (issue #14): no input file makes dapple allocate more than a
# bounded amount beyond its pixels (item 2), a truncated image is refused by name (item 3),
# stamps past cairo's side limit are refused with the path and the limit (item 4), grey PGM
# is read exactly (item 8), and nothing that is not a regular file is waited on (item 1).
# One function per case; every function named case_* runs. The fixtures are committed in
# tests/data/images/, written by tests/data/make_images.py (its comments say what each is).
. "$(dirname "$0")/lib.sh"
shopt -s extglob

IMGS=$(cd "$(dirname "$0")/../data/images" && pwd)
OUT=$TMP/out # outputs go here alone, so a temporary file left behind is seen
mkdir -p "$OUT"

# Every fixture of this file is at most 7x5 pixels (the wide stamps aside), so the pixel
# budget is nothing next to the bound of 64 MiB peak resident memory that the crafted
# files are held to (docs/hardening.md).
RSS_MAX_KB=$((64 * 1024))

# within_memory CODE "stderr line or empty" -- CMD...: CMD exits CODE (0|1: either) within
# 60 s, prints that line (when given), and its peak resident memory stays under RSS_MAX_KB.
within_memory() {
    local want=$1 msg=$2 code=0 kb
    shift 3
    "$TOOLS/peakrss" "$TMP/rss" timeout 60 "$@" >"$TMP/stdout" 2>"$TMP/stderr" || code=$?
    [[ "$code" == @($want) ]] || fail "$*: exit $code, want $want ($(head -c 300 "$TMP/stderr"))"
    [ -z "$msg" ] || grep -qxF -- "$msg" "$TMP/stderr" ||
        fail "$*: stderr was '$(head -c 300 "$TMP/stderr")', want '$msg'"
    kb=$(cat "$TMP/rss")
    [ "$kb" -lt "$RSS_MAX_KB" ] || fail "$*: peak resident memory $kb KiB, over $RSS_MAX_KB KiB"
}

# stamp_preset IMAGE: $TMP/stamp.ini, a 32x32 texture whose stamps layer 'a' draws IMAGE.
stamp_preset() {
    printf '[texture]\nsize = 32x32\n[layer a]\nstyle = stamps\nradius = 4\nstamp = %s\n' \
        "$1" >"$TMP/stamp.ini"
}

# three_ways CODE "message" IMAGE: IMAGE as the field of `points` and `field` and as a
# preset's stamp; each exits CODE (see within_memory) with "dapple: message" (with
# "layer 'a': " for the stamp) unless the message is empty, stays within the memory bound,
# and writes nothing when CODE is 1.
three_ways() {
    local code=$1 msg=$2 img=$3 p="" s=""
    [ -z "$msg" ] || p="dapple: $msg" s="dapple: layer 'a': $msg"
    within_memory "$code" "$p" -- $DAPPLE points --size 16x16 --rmin 1 --rmax 4 \
        --field "image:$img" -o "$OUT/p.csv"
    within_memory "$code" "$p" -- $DAPPLE field --size 16x16 --rmin 1 --rmax 4 \
        --field "image:$img" -o "$OUT/f.png"
    stamp_preset "$img"
    within_memory "$code" "$s" -- $DAPPLE render "$TMP/stamp.ini" -o "$OUT/t.png"
    if [ "$code" = 1 ]; then
        [ -z "$(ls -A "$OUT")" ] || fail "$img: left $(ls -A "$OUT" | head -3) in the output folder"
    fi
    rm -f "$OUT"/*
}

# bad_image IMAGE "message": `points` and `field` refuse IMAGE as --field image:IMAGE with
# "dapple: message", exit 1, and write nothing.
bad_image() {
    expect_error 1 "dapple: $2" "$OUT/p.csv" -- \
        timeout 60 $DAPPLE points --size 16x16 --rmin 1 --rmax 4 --field "image:$1" -o "$OUT/p.csv"
    expect_error 1 "dapple: $2" "$OUT/f.png" -- \
        timeout 60 $DAPPLE field --size 16x16 --rmin 1 --rmax 4 --field "image:$1" -o "$OUT/f.png"
}

# bad_image IMAGE "message": `points` and `field` refuse IMAGE as --field image:IMAGE with
# "dapple: message", exit 1 within 60 s, and write nothing.
bad_image() {
    expect_error 1 "dapple: $2" "$OUT/p.csv" -- \
        timeout 60 $DAPPLE points --size 16x16 --rmin 1 --rmax 4 --field "image:$1" -o "$OUT/p.csv"
    expect_error 1 "dapple: $2" "$OUT/f.png" -- \
        timeout 60 $DAPPLE field --size 16x16 --rmin 1 --rmax 4 --field "image:$1" -o "$OUT/f.png"
}

# ---------------------------------------------------------------- item 2: PNG chunks

case_png_chunk_declaring_2_gib() { # 61 bytes each; text, sPLT and eXIf took 2.1 GB before
    local kind
    for kind in tEXt zTXt iTXt sPLT eXIf iCCP abCd; do
        three_ways 1 "$IMGS/png_2g_$kind.png: truncated PNG: unexpected end of file" \
            "$IMGS/png_2g_$kind.png"
    done
}

case_png_compressed_chunk_bombs() { # whole files: 4 x 7.9 MB of inflated text, a 7.9 MB ICC
    local f
    for f in png_ztxt_bomb.png png_itxt_bomb.png png_iccp_bomb.png; do
        three_ways 0 "" "$IMGS/$f"
    done
}

case_every_fixture_within_memory() { # accepted or refused, each within the bound
    local f
    for f in "$IMGS"/*; do
        three_ways "0|1" "" "$f"
    done
}

# ---------------------------------------------------------------- item 3: truncation

case_truncated_bmp() {
    bad_image "$IMGS/cut_bmp24_pixels.bmp" \
        "$IMGS/cut_bmp24_pixels.bmp: truncated BMP: the file has 144 bytes, its header promises 171"
    bad_image "$IMGS/cut_bmp_header.bmp" \
        "$IMGS/cut_bmp_header.bmp: truncated BMP: the file ends inside its header"
}

case_truncated_tga() {
    bad_image "$IMGS/cut_tga_raw.tga" \
        "$IMGS/cut_tga_raw.tga: truncated TGA: the file has 60 bytes, its header promises 123"
    bad_image "$IMGS/cut_tga_rle.tga" \
        "$IMGS/cut_tga_rle.tga: truncated TGA: the file ends inside its pixel data"
}

# A PSD with an alpha channel: stb 2.27 un-premultiplies it with a float-to-uchar cast that
# is undefined for this file's black at alpha 128 (UBSan: -253 is outside unsigned char),
# so it is refused before stb decodes it, as a field and as a stamp.
case_psd_with_alpha() {
    three_ways 1 "$IMGS/psd_alpha.psd: PSD with 4 channels (an alpha channel) is not read: stb_image's matte removal is undefined for some of its pixels; save it without alpha, or as PNG" \
        "$IMGS/psd_alpha.psd"
}

case_truncated_psd() {
    bad_image "$IMGS/cut_psd_raw.psd" \
        "$IMGS/cut_psd_raw.psd: truncated PSD: the file has 80 bytes, its header promises 149"
    bad_image "$IMGS/cut_psd_rle.psd" \
        "$IMGS/cut_psd_rle.psd: truncated PSD: the file ends inside its pixel data"
    bad_image "$IMGS/cut_psd_header.psd" \
        "$IMGS/cut_psd_header.psd: truncated PSD: the file ends inside its header"
}

case_truncated_gif() {
    bad_image "$IMGS/cut_gif_image.gif" \
        "$IMGS/cut_gif_image.gif: truncated GIF: the file ends inside its first image"
    bad_image "$IMGS/cut_gif_palette.gif" \
        "$IMGS/cut_gif_palette.gif: truncated GIF: the file ends inside its header"
}

# Every cut of every whole fixture: tests/unit/test_image_input.c (in-process, fast).

# ---------------------------------------------------------------- whole files, read exactly

v8() { echo $((((37 * $1 + 11 * $2 + 5) % 256) * 257)); } # make_images.py's grey, 16-bit
v1() { echo $((((37 * $1 + 11 * $2 + 5) % 256) >> 7 ? 65535 : 0)); }
v_rle() { v8 $(($1 == 1 ? 0 : $1)) "$2"; } # tga_rle.tga: column 1 repeats column 0

# good_image IMAGE FORMULA: `dapple field --depth 16` at the image's own 7x5 size puts every
# pixel centre on a sample; each output pixel must equal FORMULA X Y.
good_image() {
    local x y got bad=0
    $DAPPLE field --size 7x5 --rmin 1 --rmax 2 --field "image:$IMGS/$1" --depth 16 \
        -o "$OUT/g.png" 2>"$TMP/log" || { fail "$1 refused: $(cat "$TMP/log")"; return; }
    for ((y = 0; y < 5; y++)); do
        for ((x = 0; x < 7; x++)); do
            got=$("$TOOLS/pnginfo" "$OUT/g.png" $x $y | awk '{print $6}')
            [ "$got" = "$($2 $x $y)" ] || bad=$((bad + 1))
        done
    done
    [ $bad -eq 0 ] || fail "$1: $bad of 35 pixels differ from $2"
    rm -f "$OUT/g.png"
}

case_whole_files_read_exactly() {
    local f
    for f in bmp8.bmp bmp24.bmp bmp32_topdown.bmp tga_raw.tga tga_indexed.tga psd_raw.psd \
        psd_rle.psd psd16_raw.psd gif.gif gif_ext.gif; do
        good_image "$f" v8
    done
    good_image bmp1.bmp v1
    good_image tga_rle.tga v_rle
}


# ---------------------------------------------------------------- item 8: grey PGM

v4() { echo $((((37 * $1 + 11 * $2 + 5) % 256 * 15 / 255) * 4369)); } # maxval 15, scaled
v10() { local s=$(((37 * $1 + 11 * $2 + 5) % 256 * 1023 / 255)); echo $(((s * 65535 + 511) / 1023)); }
g16() { echo $((($1 * 4099 + $2 * 8191) & 65535)); } # 16-bit samples, kept as they are

case_pgm_read_exactly() {
    good_image pgm8.pgm v8
    good_image pgm_plain.pgm v8
    good_image pgm16.pgm g16
    good_image pgm10.pgm v10
    good_image pgm4.pgm v4
    local want="0 16448 32896 65535" got="" xy # tests/data/pgm.png: a PGM named .png
    $DAPPLE field --size 2x2 --rmin 1 --rmax 2 --field "image:$IMGS/../pgm.png" --depth 16 \
        -o "$OUT/g.png" 2>"$TMP/log" || fail "pgm.png refused: $(cat "$TMP/log")"
    for xy in "0 0" "1 0" "0 1" "1 1"; do
        got="$got $("$TOOLS/pnginfo" "$OUT/g.png" $xy | awk '{print $6}')"
    done
    [ "${got# }" = "$want" ] || fail "pgm.png read as '${got# }', want '$want'"
    rm -f "$OUT/g.png"
}

case_pgm_stamp() { # a 16-bit PGM as a stamp: read as RGBA, drawn
    stamp_preset "$IMGS/pgm16.pgm"
    $DAPPLE render "$TMP/stamp.ini" -o "$OUT/t.png" 2>"$TMP/log" ||
        fail "a PGM stamp was refused: $(cat "$TMP/log")"
    rm -f "$OUT/t.png"
}

case_pgm_refused() {
    bad_image "$IMGS/cut_pgm16.pgm" \
        "$IMGS/cut_pgm16.pgm: truncated PGM: the file has 107 bytes, its header promises 108"
    bad_image "$IMGS/cut_pgm_plain.pgm" \
        "$IMGS/cut_pgm_plain.pgm: truncated PGM: the file ends inside its pixel data"
    bad_image "$IMGS/pgm_over_maxval.pgm" \
        "$IMGS/pgm_over_maxval.pgm: corrupt PGM: a sample (16) exceeds the maximum value 15"
    bad_image "$IMGS/pgm_huge.pgm" \
        "$IMGS/pgm_huge.pgm: 100000x100000 pixels exceeds the limit of 67108864 pixels"
    bad_image "$IMGS/pgm_width_overflow.pgm" \
        "$IMGS/pgm_width_overflow.pgm: corrupt PGM: the width is not a number from 0 to 2147483647"
    bad_image "$IMGS/pgm_maxval_zero.pgm" \
        "$IMGS/pgm_maxval_zero.pgm: corrupt PGM: the maximum value is not a number from 1 to 65535"
    bad_image "$IMGS/pgm_plain_junk.pgm" \
        "$IMGS/pgm_plain_junk.pgm: corrupt PGM: sample 2 is not a number"
    bad_image "$IMGS/ppm.ppm" \
        "$IMGS/ppm.ppm: not a PNG, JPEG, PGM, BMP, TGA, PSD or GIF image (PPM is not read; convert it to PNG)"
    printf 'P5\n2 1\n255' >"$TMP/head.pgm"
    bad_image "$TMP/head.pgm" "$TMP/head.pgm: truncated PGM: the file ends inside its header"
}

# ---------------------------------------------------------------- item 4: cairo's side limit

case_stamp_past_cairo_side_limit() { # 1-bit PNGs of a few hundred bytes, within 64 Mpixel
    local f limit="an image drawn with cairo may have at most 32767 pixels on a side"
    stamp_preset "$IMGS/wide_32767.png"
    $DAPPLE render "$TMP/stamp.ini" -o "$OUT/t.png" 2>"$TMP/log" ||
        fail "a 32767x1 stamp was refused: $(cat "$TMP/log")"
    rm -f "$OUT/t.png"
    for f in wide_32768.png:32768x1 tall_40000.png:1x40000; do
        stamp_preset "$IMGS/${f%%:*}"
        expect_error 1 "dapple: layer 'a': $IMGS/${f%%:*}: ${f#*:} pixels: $limit" "$OUT/t.png" -- \
            $DAPPLE render "$TMP/stamp.ini" -o "$OUT/t.png"
    done
    printf '[texture]\nsize = 32x32\nbackground = image\nbackground_image = %s\n%s\n' \
        "$IMGS/wide_32768.png" '[layer a]
style = circles
radius = 4' >"$TMP/bg.ini"
    expect_error 1 "dapple: $IMGS/wide_32768.png: 32768x1 pixels: $limit" "$OUT/t.png" -- \
        $DAPPLE render "$TMP/bg.ini" -o "$OUT/t.png"
}

# ---------------------------------------------------------------- item 1: not a regular file

# A FIFO with no writer would block an ordinary open() forever. Each image input is
# refused at once (within 10 s) with its path: --field and --exclude of points, field and
# mask by the loader (non-blocking open, then fstat), the preset's image keys when the
# preset is read. A symlink to a FIFO and a device are refused the same way.
case_fifo_as_image() {
    local cmd img
    mkfifo "$TMP/fifo.png"
    ln -s "$TMP/fifo.png" "$TMP/link.png"
    for img in "$TMP/fifo.png" "$TMP/link.png" /dev/null; do
        for cmd in points field mask; do
            expect_error 1 "dapple: $img: not a regular file" "$OUT/o" -- \
                timeout 10 $DAPPLE $cmd --size 16x16 --rmin 1 --rmax 4 --field "image:$img" -o "$OUT/o"
            expect_error 1 "dapple: --exclude: $img: not a regular file" "$OUT/o" -- \
                timeout 10 $DAPPLE $cmd --size 16x16 --radius 2 --exclude "image:$img" -o "$OUT/o"
        done
    done
}

# fifo_preset LINE KEY: the preset on stdin, which names $TMP/fifo.png under KEY at LINE,
# is refused there, at once.
fifo_preset() {
    cat >"$TMP/fifo.ini"
    expect_error 1 "dapple: $TMP/fifo.ini:$1: $2: cannot open '$TMP/fifo.png': not a regular file" \
        "$OUT/t.png" -- timeout 10 $DAPPLE render "$TMP/fifo.ini" -o "$OUT/t.png"
}

case_fifo_in_preset() {
    local head='[texture]
size = 16x16'
    [ -p "$TMP/fifo.png" ] || mkfifo "$TMP/fifo.png"
    printf '%s\n[layer a]\nstyle = stamps\nradius = 3\nstamp = %s\n' "$head" "$TMP/fifo.png" |
        fifo_preset 6 stamp
    printf '%s\n[layer a]\nstyle = circles\nrmin = 2\nrmax = 4\nfield = image:%s\n' "$head" \
        "$TMP/fifo.png" | fifo_preset 7 field
    printf '%s\n[layer a]\nstyle = circles\nradius = 3\nexclude = image:%s\n' "$head" \
        "$TMP/fifo.png" | fifo_preset 6 exclude
    printf '%s\nbackground = image\nbackground_image = %s\n[layer a]\nstyle = circles\nradius = 3\n' \
        "$head" "$TMP/fifo.png" | fifo_preset 4 background_image
}

# ---------------------------------------------------------------- no hang on a short file

case_jpeg_cut_in_a_header_does_not_hang() { # SOI and half an APP0 header: stb spun forever
    printf '\377\330\377\340\000\020' >"$TMP/six.jpg"
    bad_image "$TMP/six.jpg" \
        "$TMP/six.jpg: truncated JPEG: the file ends before its end-of-image marker"
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
