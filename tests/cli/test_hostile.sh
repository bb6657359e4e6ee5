# Hostile input (issue #5): every bad image, preset and command line below is refused with
# its exit code (1 input or runtime, 2 usage) and one exact stderr line, and leaves neither
# the output nor a temporary .NAME.XXXXXX behind; valid but unusual images are read exactly.
# One function per case; every function named case_* runs. docs/hardening.md lists them.
. "$(dirname "$0")/lib.sh"

OUT=$TMP/out # outputs go here alone, so a temporary file left behind is seen
IMG=$TMP/img
mkdir -p "$OUT" "$IMG"

# The image fixtures come from tests/data/make_fixtures.c (its comments give every pixel's
# formula), compiled here; without a compiler, from its committed output in tests/data.
make_images() {
    local src
    src=$(dirname "$0")/../data
    if cc -std=c11 -D_POSIX_C_SOURCE=200809L -o "$TMP/mkfix" "$src/make_fixtures.c" \
        $(pkg-config --cflags --libs libpng stb) -lz 2>"$TMP/cc.log" && "$TMP/mkfix" "$IMG"; then
        return
    fi
    echo "note: cannot build make_fixtures.c ($(head -1 "$TMP/cc.log")); using tests/data" >&2
    cp "$src"/*.png "$src"/*.jpg "$src"/*.gif "$src"/*.bmp "$src"/*.psd "$src"/*.tga "$IMG"/
}
make_images

# bad_image IMAGE "message" [OPTION...]: `points` and `field` both refuse IMAGE given as
# --field image:IMAGE (with the options), exit 1, nothing written.
bad_image() {
    local img=$1 msg=$2
    shift 2
    expect_error 1 "dapple: $msg" "$OUT/p.csv" -- \
        $DAPPLE points --size 32x32 --rmin 1 --rmax 4 --field "image:$img" "$@" -o "$OUT/p.csv"
    expect_error 1 "dapple: $msg" "$OUT/f.png" -- \
        $DAPPLE field --size 32x32 --rmin 1 --rmax 4 --field "image:$img" "$@" -o "$OUT/f.png"
}

# damaged FROM OFFSET TO: a copy of FROM with the byte at OFFSET inverted.
damaged() {
    local from=$1 offset=$2 to=$3 byte
    cp "$from" "$to"
    byte=$(od -An -tu1 -j "$offset" -N1 "$from" | tr -d ' ')
    printf "\\$(printf %03o $((byte ^ 255)))" | dd of="$to" bs=1 seek="$offset" conv=notrunc 2>/dev/null
}

# ---------------------------------------------------------------- images that must be refused

case_image_zero_bytes() {
    : >"$TMP/zero.png"
    bad_image "$TMP/zero.png" "$TMP/zero.png: empty file"
}

case_image_text_named_png() {
    printf 'This is not a PNG file.\n' >"$TMP/text.png"
    bad_image "$TMP/text.png" \
        "$TMP/text.png: not a PNG, JPEG, PGM, BMP, TGA, PSD or GIF image (unknown image type)"
}

case_image_directory() {
    mkdir -p "$TMP/dir.png"
    bad_image "$TMP/dir.png" "$TMP/dir.png: is a directory, not an image"
}

case_image_missing() {
    bad_image "$TMP/none.png" "$TMP/none.png: No such file or directory"
}

case_image_pnm_refused() { # stb reads colour PNM, HDR and PIC (CVEs): refused by magic
    printf 'P6\n1 1\n255\n\0\0\0' >"$TMP/ppm.png" # grey PGM is read: test_images.sh
    bad_image "$TMP/ppm.png" \
        "$TMP/ppm.png: not a PNG, JPEG, PGM, BMP, TGA, PSD or GIF image (PPM is not read; convert it to PNG)"
}

case_png_header_only() {
    bad_image "$IMG/trunc_header.png" "$IMG/trunc_header.png: truncated PNG: unexpected end of file"
}

case_png_cut_inside_idat() {
    bad_image "$IMG/trunc_idat.png" "$IMG/trunc_idat.png: truncated PNG: unexpected end of file"
}

case_png_no_iend() {
    bad_image "$IMG/trunc_no_iend.png" "$IMG/trunc_no_iend.png: truncated PNG: unexpected end of file"
}

case_png_bad_idat_crc() {
    bad_image "$IMG/bad_crc.png" "$IMG/bad_crc.png: corrupt PNG: IDAT: CRC error"
}

case_png_bad_ihdr_crc() { # the IHDR's CRC is bytes 29..32
    damaged "$IMG/grey8.png" 32 "$TMP/ihdr_crc.png"
    bad_image "$TMP/ihdr_crc.png" "$TMP/ihdr_crc.png: corrupt PNG: IHDR: CRC error"
}

case_png_bad_zlib_data() { # data damaged under a recomputed CRC: zlib's own check
    bad_image "$IMG/bad_zlib.png" "$IMG/bad_zlib.png: corrupt PNG: IDAT: incorrect data check"
}

case_png_text_mode_transfer() {
    bad_image "$IMG/bad_signature.png" \
        "$IMG/bad_signature.png: corrupt PNG: PNG file corrupted by ASCII conversion"
}

case_png_zero_width() {
    bad_image "$IMG/zero_width.png" \
        "$IMG/zero_width.png: corrupt PNG: Invalid IHDR data (Image width is zero in IHDR)"
}

case_png_claims_billions_of_pixels() { # 66 bytes claiming 100000x100000
    bad_image "$IMG/huge.png" "$IMG/huge.png: 100000x100000 pixels exceeds the limit of 67108864 pixels"
}

case_png_claims_huge_width() { # 2000000000x1: libpng's user limit stops it in the IHDR
    bad_image "$IMG/huge_width.png" "$IMG/huge_width.png: a side exceeds the limit of 67108864 pixels (libpng: Image width exceeds user limit in IHDR)"
}

case_image_over_max_pixels() { # grey8.png is 16x8 = 128 pixels
    bad_image "$IMG/grey8.png" "$IMG/grey8.png: 16x8 pixels exceeds the limit of 100 pixels" \
        --max-pixels 100
    bad_image "$IMG/huge.bmp" "$IMG/huge.bmp: 100000x100000 pixels exceeds the limit of 127 pixels" \
        --max-pixels 127
    $DAPPLE field --size 16x8 --rmin 1 --rmax 2 --field "image:$IMG/grey8.png" --max-pixels 128 \
        -o "$OUT/f.png" 2>/dev/null || fail "--max-pixels 128 refused a 128-pixel image"
    rm -f "$OUT/f.png"
    expect_error 2 "dapple: --max-pixels: expected an integer in [1, 1099511627776], got '0'" \
        "$OUT/f.png" -- $DAPPLE field --size 8x8 --radius 2 --max-pixels 0 -o "$OUT/f.png"
}

case_jpeg_header_only() {
    bad_image "$IMG/trunc_header.jpg" \
        "$IMG/trunc_header.jpg: truncated JPEG: the file ends before its end-of-image marker"
}

case_jpeg_cut_inside_scan() {
    bad_image "$IMG/trunc_scan.jpg" \
        "$IMG/trunc_scan.jpg: truncated JPEG: the file ends before its end-of-image marker"
}

case_jpeg_bad_huffman_table() {
    bad_image "$IMG/bad_huffman.jpg" "$IMG/bad_huffman.jpg: corrupt JPEG: bad DHT header"
}

case_jpeg_huffman_overflow() { # 510 codes in a table: stb 2.27 would write past it
    bad_image "$IMG/dht_overflow.jpg" \
        "$IMG/dht_overflow.jpg: corrupt JPEG: a Huffman table has more than 256 codes"
}

case_jpeg_garbage_after_soi() {
    printf '\377\330\377\376\000\003xx garbage, not a JPEG' >"$TMP/soi.jpg"
    bad_image "$TMP/soi.jpg" \
        "$TMP/soi.jpg: not a PNG, JPEG, PGM, BMP, TGA, PSD or GIF image (unknown image type)"
}

case_gif_claims_huge() {
    bad_image "$IMG/huge.gif" "$IMG/huge.gif: 65535x65535 pixels exceeds the limit of 67108864 pixels"
}

case_bmp_claims_huge() {
    bad_image "$IMG/huge.bmp" "$IMG/huge.bmp: 100000x100000 pixels exceeds the limit of 67108864 pixels"
}

case_psd_claims_huge() {
    bad_image "$IMG/huge.psd" "$IMG/huge.psd: 30000x30000 pixels exceeds the limit of 67108864 pixels"
}

# ---------------------------------------------------------------- unusual images, read exactly

luma() { # Rec. 709 on 16-bit values, weighed as the loader does
    echo $(((13933 * $1 + 46871 * $2 + 4732 * $3 + 32768) >> 16))
}
g16() { echo $((($1 * 4099 + $2 * 8191) & 65535)); }
g8a() { echo $(((($1 * 17 + $2 * 31) & 255) * 257)); }
g1() { echo $((($1 + $2) % 2 * 65535)); }
pal_i() { luma $(($3 * 60 * 257)) $(((255 - $3 * 60) * 257)) $(($3 * 30 * 257)); }
pal5() { pal_i "$1" "$2" $((($1 + $2) % 5)); }
pal2() { pal_i "$1" "$2" $((($1 + $2) % 2)); }
rgb8() { luma $(($1 * 16 % 256 * 257)) $(($2 * 16 % 256 * 257)) $((($1 + $2) * 8 % 256 * 257)); }
rgb16() {
    local lo=$((($1 * 7 + $2) % 256))
    luma $(($1 * 16 % 256 * 256 + lo)) $(($2 * 16 % 256 * 256 + lo)) $((($1 + $2) * 8 % 256 * 256 + lo))
}

# good_image IMAGE W H FORMULA: accepted by points, and `dapple field --depth 16` at the
# image's own size (pixel centres fall on its samples) gives FORMULA X Y at every pixel.
good_image() {
    local img=$IMG/$1 w=$2 h=$3 fn=$4 x y got want bad=0
    $DAPPLE field --size "${w}x$h" --rmin 1 --rmax 2 --field "image:$img" --depth 16 \
        -o "$OUT/g.png" 2>"$TMP/log" || { fail "$1 refused: $(cat "$TMP/log")"; return; }
    for ((y = 0; y < h; y++)); do
        for ((x = 0; x < w; x++)); do
            got=$("$TOOLS/pnginfo" "$OUT/g.png" $x $y | awk '{print $6}')
            want=$($fn $x $y)
            [ "$got" = "$want" ] || bad=$((bad + 1))
        done
    done
    [ $bad -eq 0 ] || fail "$1: $bad of $((w * h)) pixels differ from $fn"
    $DAPPLE points --size 64x64 --rmin 1 --rmax 4 --field "image:$img" -o "$OUT/g.csv" \
        2>/dev/null || fail "points refused $1"
    rm -f "$OUT/g.png" "$OUT/g.csv"
}

case_png_16bit_grey() { good_image grey16.png 16 8 g16; }
case_png_16bit_grey_interlaced() { good_image grey16_interlaced.png 13 11 g16; }
case_png_palette() { good_image palette.png 9 7 pal5; }
case_png_palette_1bit() { good_image palette1.png 9 7 pal2; }
case_png_grey_1bit() { good_image grey1.png 13 5 g1; }
case_png_grey_alpha() { good_image grey_alpha.png 16 16 g8a; }
case_png_rgba() { good_image rgba8.png 16 16 rgb8; }
case_png_rgba_interlaced() { good_image rgba8_interlaced.png 16 16 rgb8; }
case_png_rgb_16bit() { good_image rgb16.png 16 16 rgb16; }
case_bmp_rgb() { good_image rgb.bmp 16 16 rgb8; }
case_tga_rgba() { good_image rgba.tga 16 16 rgb8; }

case_jpeg_and_gif_accepted() { # lossy or paletted: accepted, values not compared
    $DAPPLE points --size 32x32 --rmin 1 --rmax 4 --field "image:$IMG/rgb.jpg" -o "$OUT/j.csv" \
        2>/dev/null || fail "rgb.jpg refused"
    $DAPPLE points --size 32x32 --rmin 1 --rmax 4 --field "image:$IMG/one.gif" -o "$OUT/j.csv" \
        2>/dev/null || fail "one.gif refused"
    rm -f "$OUT/j.csv"
}

# ---------------------------------------------------------------- presets

# bad_preset NAME "message after the preset's path", the preset text on stdin.
bad_preset() {
    cat >"$TMP/$1.ini"
    expect_error 1 "dapple: $TMP/$1.ini$2" "$OUT/t.png" -- $DAPPLE render "$TMP/$1.ini" -o "$OUT/t.png"
}

# layer LINE...: an 8x8 texture with one circles layer 'a' holding the LINEs.
layer() {
    printf '[texture]\nsize = 8x8\n[layer a]\nstyle = circles\n'
    printf '%s\n' "$@"
}

# render_error "message" PRESET [OPTION...]: render refuses, exit 1, no texture.
render_error() {
    local msg=$1 ini=$2
    shift 2
    expect_error 1 "dapple: $msg" "$OUT/t.png" -- $DAPPLE render "$ini" -o "$OUT/t.png" "$@"
}

case_preset_empty() {
    bad_preset empty ": no [texture] section" </dev/null
}

case_preset_binary_garbage() {
    printf '\x89PNG\r\n\x1a\n\x00\x00' | bad_preset binary ":2: control character 0x1a (not a text file?)"
    printf '[texture]\nsize = 8x8\x00\n' | bad_preset nul ":2: NUL byte (not a text file?)"
}

case_preset_very_long_line() {
    { layer "radius = 3"; printf 'colours = #fff'; head -c 5000 /dev/zero | tr '\0' ,; echo; } |
        bad_preset long ":6: line too long (5014 bytes, max 199 not counting the line break)"
}

case_preset_unterminated_value() {
    layer 'radius = "3' | bad_preset quote ":5: radius: values are taken as written; remove the quotes"
}

case_preset_garbled_section() {
    printf '[texture]\nsize = 8x8\n[layer a\nstyle = circles\n' |
        bad_preset garbled ":3: section header without closing ']'"
    printf '[texture]\nsize = 8x8\n[foo]\n' |
        bad_preset foo ":3: unknown section [foo] (expected [texture] or [layer NAME])"
    layer "radius = 3" "radius" | bad_preset nokv ":6: expected 'key = value', a [section] or a comment"
}

case_preset_duplicate_section() {
    { printf '[texture]\nsize = 8x8\n'; layer "radius = 3"; } |
        bad_preset dupsec ":3: duplicate section [texture] (first at line 1)"
    layer "radius = 3" "[layer a]" | bad_preset duplayer ":6: duplicate section [layer a] (first at line 3)"
}

case_preset_duplicate_key() {
    layer "radius = 3" "radius = 4" |
        bad_preset dupkey ":6: duplicate key 'radius' in [layer a] (first at line 5)"
}

case_preset_unknown_key() {
    layer "radius = 3" "shape = round" |
        bad_preset unknown ":6: unknown key 'shape' in [layer a] (did you mean 'scale'?)"
}

case_preset_missing_required_key() {
    printf '[texture]\nseed = 3\n[layer a]\nstyle = circles\nradius = 3\n' |
        bad_preset nosize ":1: [texture] needs size = WxH"
    printf '[texture]\nsize = 8x8\n[layer a]\nradius = 3\n' |
        bad_preset nostyle ":3: [layer a] needs style = circles, outlines, droplets, bubbles, stamps, ellipses, chips, blades, cells, crystals, stars, splatter or snow"
    layer | bad_preset noradius ":3: [layer a] needs radius, or rmin and rmax"
    printf '[texture]\nsize = 8x8\n' |
        bad_preset nolayer ": no [layer NAME] section (a texture needs at least one layer)"
}

case_preset_bad_numbers() { # NaN, inf, negative, zero, absurdly large, hex, trailing text
    local v i=0
    for v in nan NaN inf -inf -3 0 1e308 1e999 99999999999999999999 0x10 '3;x' '3 px' ''; do
        layer "radius = $v" | bad_preset "num$i" ":5: radius: expected a number in [0.25, 4096], got '$v'"
        i=$((i + 1))
    done
    printf '[texture]\nsize = 8x8\nseed = -1\n' |
        bad_preset seed ":3: seed: expected an integer in [0, 18446744073709551615], got '-1'"
    layer "radius = 3" "max_points = 1e9" |
        bad_preset maxp ":6: max_points: expected an integer in [1, 1000000000], got '1e9' (write it out: 1000000000)"
}

case_preset_size_limits() {
    local v
    for v in 0x0 32768x10 10x40000 -5x5 8x; do
        layer "radius = 3" | sed "s/^size = .*/size = $v/" |
            bad_preset size ":2: size: expected WxH with sides in [1, 32767], got '$v'"
    done
    layer "radius = 3" | sed "s/^size = .*/size = 9000x9000/" |
        bad_preset mem ":2: size: 9000x9000 is 81000000 pixels, over the memory limit of 67108864 (64 Mpixel)"
    layer "radius = 3" | sed "s/^size = .*/size = 32767x32767/" |
        bad_preset mem2 ":2: size: 32767x32767 is 1073676289 pixels, over the memory limit of 67108864 (64 Mpixel)"
}

case_preset_rmin_above_rmax() {
    layer "rmin = 5" "rmax = 2" "field = perlin" | bad_preset rminmax ":6: rmax: 2 is below rmin (5)"
}

case_preset_avoid() {
    layer "radius = 3" "avoid = a" |
        bad_preset self ":6: avoid: 'a' is not an earlier layer (avoid must name earlier layers)"
    layer "radius = 3" "avoid = b" "[layer b]" "style = circles" "radius = 3" "avoid = a" |
        bad_preset cycle ":6: avoid: 'b' is not an earlier layer (avoid must name earlier layers)"
    layer "radius = 3" "avoid = zz" | bad_preset nolayer ":6: avoid: no layer 'zz' (did you mean 'a'?)"
}

case_preset_missing_stamp() {
    layer "radius = 3" "stamp = nope.png" | sed 's/circles/stamps/' |
        bad_preset stamp ":6: stamp: cannot open '$TMP/nope.png' (the path is relative to the preset's folder): No such file or directory"
}

case_preset_stamp_not_an_image() { # it exists, so the preset loads; refused when rendered
    printf 'hello\n' >"$TMP/notimage.png"
    layer "radius = 3" "stamp = notimage.png" | sed 's/circles/stamps/' >"$TMP/s.ini"
    render_error "layer 'a': $TMP/notimage.png: not a PNG, JPEG, PGM, BMP, TGA, PSD or GIF image (unknown image type)" "$TMP/s.ini"
    layer "radius = 3" "stamp = img/huge.png" | sed 's/circles/stamps/' >"$TMP/h.ini"
    render_error "layer 'a': $IMG/huge.png: 100000x100000 pixels exceeds the limit of 67108864 pixels" "$TMP/h.ini"
    layer "radius = 3" "stamp = img/rgba8.png" | sed 's/circles/stamps/' >"$TMP/m.ini"
    render_error "layer 'a': $IMG/rgba8.png: 16x16 pixels exceeds the limit of 255 pixels" "$TMP/m.ini" --max-pixels 255
}

case_preset_field_and_background_not_images() {
    printf 'hello\n' >"$TMP/notimage.png"
    layer "rmin = 1" "rmax = 3" "field = image:notimage.png" >"$TMP/f.ini"
    render_error "layer 'a': $TMP/notimage.png: not a PNG, JPEG, PGM, BMP, TGA, PSD or GIF image (unknown image type)" "$TMP/f.ini"
    layer "radius = 3" | sed 's/^size = 8x8/&\nbackground = image\nbackground_image = img\/trunc_idat.png/' >"$TMP/b.ini"
    render_error "$IMG/trunc_idat.png: truncated PNG: unexpected end of file" "$TMP/b.ini"
}

case_preset_runaway_layer() { # refused with the estimate unless max_points is set
    layer "radius = 0.25" | sed 's/^size = .*/size = 4000x4000/' >"$TMP/r.ini"
    render_error "layer 'a': about 1.79e+08 points expected, over the default limit of 20000000: use a larger radius, or set max_points (sampling then stops at that limit)" "$TMP/r.ini"
    layer "radius = 0.25" "max_points = 1000" | sed 's/^size = .*/size = 4000x4000/' >"$TMP/r.ini"
    $DAPPLE render "$TMP/r.ini" -o "$OUT/t.png" 2>"$TMP/log" || fail "max_points = 1000 refused: $(cat "$TMP/log")"
    grep -qxF "dapple: layer 'a': 1000 points (limit)" "$TMP/log" || fail "not stopped at 1000 points"
    rm -f "$OUT/t.png"
}

# ---------------------------------------------------------------- command lines

case_cli_missing_values() {
    expect_error 2 "dapple: --radius: missing value (R)" "" -- $DAPPLE points --size 10x10 --radius
    expect_error 2 "dapple: --output: missing value (FILE)" "" -- $DAPPLE points --size 10x10 --radius 1 -o
    expect_error 2 "dapple: --radius: expected a number in [0.25, 4096], got '-o'" "$OUT/p.csv" -- \
        $DAPPLE points --size 10x10 --radius -o "$OUT/p.csv"
    expect_error 2 "dapple: missing -o FILE" "" -- $DAPPLE field --size 10x10 --radius 1
    expect_error 2 "dapple: missing -o FILE (or --height, --normal, --mask, --points, --albedo, --roughness or --ao alone)" "" -- \
        $DAPPLE render presets/grass-clumps.ini
    # render with only another output: that output alone
    $DAPPLE render presets/grass-clumps.ini --mask "$OUT/m.png" --quiet ||
        fail "render --mask without -o: exit $?"
    [ "$(ls "$OUT" | grep -c '\.png$')" = 1 ] && [ -s "$OUT/m.png" ] ||
        fail "render --mask without -o wrote: $(ls "$OUT")"
    rm -f "$OUT/m.png"
    expect_error 2 "dapple: --field: image: expected a path after 'image:'" "$OUT/f.png" -- \
        $DAPPLE field --size 10x10 --rmin 1 --rmax 2 --field image: -o "$OUT/f.png"
}

case_cli_partly_numeric() {
    local o=$OUT/p.csv
    expect_error 2 "dapple: --radius: expected a number in [0.25, 4096], got '10abc'" "$o" -- \
        $DAPPLE points --size 10x10 --radius 10abc -o "$o"
    expect_error 2 "dapple: --size: expected WxH with sides in [1, 2097152], got '10abcx10'" "$o" -- \
        $DAPPLE points --size 10abcx10 --radius 1 -o "$o"
    expect_error 2 "dapple: --seed: expected an integer in [0, 18446744073709551615], got '10abc'" "$o" -- \
        $DAPPLE points --size 10x10 --radius 1 --seed 10abc -o "$o"
    expect_error 2 "dapple: --max-points: expected an integer in [1, 1000000000], got '10abc'" "$o" -- \
        $DAPPLE points --size 10x10 --radius 1 --max-points 10abc -o "$o"
    expect_error 2 "dapple: --dilate: expected a number in [-1024, 1024], got '10abc'" "$OUT/f.png" -- \
        $DAPPLE field --size 10x10 --radius 1 --dilate 10abc -o "$OUT/f.png"
}

case_cli_size_zero() {
    local m="dapple: --size: expected WxH with sides in [1, 32767], got '0x0'"
    # points, field and mask take a world's size (to 2^21); their images are checked apart
    local w="dapple: --size: expected WxH with sides in [1, 2097152], got '0x0'"
    expect_error 2 "$w" "$OUT/p.csv" -- $DAPPLE points --size 0x0 --radius 1 -o "$OUT/p.csv"
    expect_error 2 "$w" "$OUT/f.png" -- $DAPPLE field --size 0x0 --radius 1 -o "$OUT/f.png"
    layer "radius = 3" >"$TMP/ok.ini"
    expect_error 2 "$m" "$OUT/t.png" -- $DAPPLE render "$TMP/ok.ini" --size 0x0 -o "$OUT/t.png"
    expect_error 2 "dapple: --size: 9000x9000 is 81000000 pixels, over the memory limit of 67108864 (64 Mpixel)" \
        "$OUT/f.png" -- $DAPPLE field --size 9000x9000 --radius 1 -o "$OUT/f.png"
}

case_cli_negative_seed() {
    local m="dapple: --seed: expected an integer in [0, 18446744073709551615], got"
    expect_error 2 "$m '-1'" "$OUT/p.csv" -- $DAPPLE points --size 10x10 --radius 1 --seed -1 -o "$OUT/p.csv"
    expect_error 2 "$m '18446744073709551616'" "$OUT/p.csv" -- \
        $DAPPLE points --size 10x10 --radius 1 --seed 18446744073709551616 -o "$OUT/p.csv"
}

case_cli_output_in_missing_directory() {
    local o=$OUT/nodir/x
    expect_error 1 "dapple: cannot create $o.csv: No such file or directory" "$o.csv" -- \
        $DAPPLE points --size 10x10 --radius 1 -o "$o.csv"
    expect_error 1 "dapple: cannot create $o.png: No such file or directory" "$o.png" -- \
        $DAPPLE field --size 10x10 --radius 1 -o "$o.png"
    layer "radius = 3" >"$TMP/ok.ini"
    expect_error 1 "dapple: cannot create $o.png: No such file or directory" "$o.png" -- \
        $DAPPLE render "$TMP/ok.ini" -o "$o.png"
}

case_cli_later_output_in_missing_directory() { # found before the first output is written
    local o=$OUT/nodir/x
    layer "radius = 3" >"$TMP/ok.ini"
    expect_error 1 "dapple: cannot create $o.png: No such file or directory" "$OUT/t.png" -- \
        $DAPPLE render "$TMP/ok.ini" -o "$OUT/t.png" --height "$o.png"
    expect_error 1 "dapple: cannot create $o.csv: No such file or directory" "$OUT/t.png" -- \
        $DAPPLE render "$TMP/ok.ini" -o "$OUT/t.png" --normal "$OUT/n.png" --points "$o.csv"
    [ ! -e "$OUT/n.png" ] || fail "render wrote --normal although --points failed"
    expect_error 1 "dapple: cannot create $o.csv: No such file or directory" "$OUT/m.png" -- \
        $DAPPLE mask --size 16x16 --radius 2 -o "$OUT/m.png" --points "$o.csv"
}

case_cli_output_under_a_file() { # ENOTDIR
    : >"$OUT/file"
    local o=$OUT/file/x
    expect_error 1 "dapple: cannot create $o.csv: Not a directory" "$o.csv" -- \
        $DAPPLE points --size 10x10 --radius 1 -o "$o.csv"
    expect_error 1 "dapple: cannot create $o.png: Not a directory" "$o.png" -- \
        $DAPPLE field --size 10x10 --radius 1 -o "$o.png"
    layer "radius = 3" >"$TMP/ok.ini"
    expect_error 1 "dapple: cannot create $o.png: Not a directory" "$o.png" -- \
        $DAPPLE render "$TMP/ok.ini" -o "$o.png" --height "$OUT/h.png"
    [ ! -e "$OUT/h.png" ] || fail "render wrote --height although -o failed"
    rm -f "$OUT/file"
}

case_cli_output_is_a_directory() {
    mkdir -p "$OUT/d"
    expect_error 1 "dapple: cannot create $OUT/d: Is a directory" "$OUT/d/.none" -- \
        $DAPPLE points --size 10x10 --radius 1 -o "$OUT/d"
    rmdir "$OUT/d"
}

case_cli_output_in_unwritable_directory() { # root writes anywhere: only tested as a user
    if [ "$(id -u)" = 0 ]; then
        return
    fi
    mkdir -p "$OUT/ro" && chmod 555 "$OUT/ro"
    expect_error 1 "dapple: cannot create $OUT/ro/p.csv: Permission denied" "$OUT/ro/p.csv" -- \
        $DAPPLE points --size 10x10 --radius 1 -o "$OUT/ro/p.csv"
    chmod 755 "$OUT/ro" && rmdir "$OUT/ro"
}

case_cli_output_is_the_field_image() {
    cp "$IMG/grey8.png" "$OUT/in.png"
    local m="dapple: -o: '$OUT/in.png' is also an input; refusing to overwrite it"
    expect_error 1 "$m" "" -- $DAPPLE points --size 10x10 --rmin 1 --rmax 2 --field "image:$OUT/in.png" -o "$OUT/in.png"
    expect_error 1 "$m" "" -- $DAPPLE field --size 10x10 --rmin 1 --rmax 2 --field "image:$OUT/in.png" -o "$OUT/in.png"
    ln -s in.png "$OUT/link.png" # the same file under another name
    expect_error 1 "dapple: -o: '$OUT/link.png' is also an input; refusing to overwrite it" "" -- \
        $DAPPLE field --size 10x10 --rmin 1 --rmax 2 --field "image:$OUT/in.png" -o "$OUT/link.png"
    cmp -s "$IMG/grey8.png" "$OUT/in.png" || fail "the field image was changed"
    rm -f "$OUT/in.png" "$OUT/link.png"
}

case_cli_output_is_the_preset_or_its_images() {
    cp "$IMG/grey8.png" "$OUT/field.png"
    cp "$IMG/rgba8.png" "$OUT/stamp.png"
    cp "$IMG/rgb8.png" "$OUT/bg.png"
    { layer "rmin = 1" "rmax = 3" "field = image:field.png"; printf '[layer b]\nstyle = stamps\nradius = 3\nstamp = stamp.png\n'; } |
        sed 's/^size = 8x8/&\nbackground = image\nbackground_image = bg.png/' >"$OUT/p.ini"
    cp "$OUT/p.ini" "$TMP/p.ini.orig"
    local name opt
    expect_error 1 "dapple: -o: '$OUT/p.ini' is also an input; refusing to overwrite it" "" -- \
        $DAPPLE render "$OUT/p.ini" -o "$OUT/p.ini"
    expect_error 1 "dapple: --height: '$OUT/p.ini' is also an input; refusing to overwrite it" "" -- \
        $DAPPLE render "$OUT/p.ini" -o "$OUT/t.png" --height "$OUT/p.ini"
    for name in field stamp bg; do
        expect_error 1 "dapple: -o: '$OUT/$name.png' is also an input; refusing to overwrite it" "" -- \
            $DAPPLE render "$OUT/p.ini" -o "$OUT/$name.png"
        for opt in --normal --mask; do
            expect_error 1 "dapple: $opt: '$OUT/$name.png' is also an input; refusing to overwrite it" "" -- \
                $DAPPLE render "$OUT/p.ini" -o "$OUT/t.png" $opt "$OUT/$name.png"
        done
    done
    [ ! -e "$OUT/t.png" ] || fail "render wrote -o although another output named an input"
    cmp -s "$OUT/p.ini" "$TMP/p.ini.orig" || fail "the preset was changed"
    cmp -s "$IMG/grey8.png" "$OUT/field.png" || fail "the field image was changed"
    cmp -s "$IMG/rgba8.png" "$OUT/stamp.png" || fail "the stamp was changed"
    cmp -s "$IMG/rgb8.png" "$OUT/bg.png" || fail "the background image was changed"
    $DAPPLE render "$OUT/p.ini" -o "$OUT/t.png" 2>/dev/null || fail "the preset itself does not render"
    rm -f "$OUT"/*.png "$OUT/p.ini"
}

case_cli_runaway_refused_with_estimate() {
    expect_error 1 "dapple: about 1.01e+10 points expected, over the default limit of 20000000: use a larger radius, or raise --max-points (the run then stops at that limit)" \
        "$OUT/p.csv" -- $DAPPLE points --size 30000x30000 --radius 0.25 -o "$OUT/p.csv"
    # --max-points lifts the estimate; the world is sampled in chunks, so memory is bounded
    # by the chunks run before the limit, not by the domain: it stops there, promptly
    $DAPPLE points --size 30000x30000 --radius 0.25 --max-points 1000 -o "$OUT/p.csv" 2>"$OUT/log" ||
        fail "a 30000x30000 world with --max-points 1000 failed: $(cat "$OUT/log")"
    grep -qx 'dapple: stopped at the limit of 1000 points (--max-points)' "$OUT/log" ||
        fail "no bail-out line: $(cat "$OUT/log")"
    [ "$(wc -l <"$OUT/p.csv")" = 1001 ] || fail "the limit of 1000 points wrote $(wc -l <"$OUT/p.csv") lines"
    rm -f "$OUT/p.csv"
}

case_cli_runaway_accepted_with_max_points() {
    expect_error 1 "dapple: about 2.52e+07 points expected, over the default limit of 20000000: use a larger radius, or raise --max-points (the run then stops at that limit)" \
        "$OUT/p.csv" -- $DAPPLE points --size 6000x6000 --radius 1 -o "$OUT/p.csv"
    $DAPPLE points --size 6000x6000 --radius 1 --max-points 1000 -o "$OUT/p.csv" 2>"$TMP/log" ||
        fail "--max-points 1000 did not let the run start: $(cat "$TMP/log")"
    [ "$(($(wc -l <"$OUT/p.csv") - 1))" = 1000 ] || fail "not stopped at 1000 points"
    grep -qxF "dapple: stopped at the limit of 1000 points (--max-points)" "$TMP/log" || fail "no stop line"
    rm -f "$OUT/p.csv"
}

# device NAME MINOR: a character device to write to: our own node when we may make one (so a
# regression replaces $TMP/NAME, not /dev/NAME), else /dev/NAME, which a user cannot replace.
device() {
    if [ "$(id -u)" = 0 ] && mknod "$TMP/$1" c 1 "$2" 2>/dev/null; then
        echo "$TMP/$1"
    elif [ "$(id -u)" != 0 ] && [ -c "/dev/$1" ]; then
        echo "/dev/$1"
    fi
}

case_cli_failed_write_disk_full() {
    local full
    full=$(device full 7)
    [ -n "$full" ] || { echo "note: no /dev/full-like device: failed-write case skipped" >&2; return; }
    expect_error 1 "dapple: $full: No space left on device" "" -- $DAPPLE points --size 10x10 --radius 1 -o "$full"
    expect_error 1 "dapple: $full: No space left on device" "" -- $DAPPLE field --size 64x64 --radius 1 -o "$full"
    layer "radius = 3" >"$TMP/ok.ini"
    expect_error 1 "dapple: $full: No space left on device" "" -- $DAPPLE render "$TMP/ok.ini" -o "$full"
    [ -c "$full" ] || fail "$full was replaced by a regular file"
    if ls -a "$(dirname "$full")" | grep -q '^\.full\.'; then
        fail "a temporary file was left beside $full"
    fi
}

case_cli_output_to_null_device() { # written in place: the device stays a device
    local null
    null=$(device null 3)
    [ -n "$null" ] || return
    $DAPPLE points --size 10x10 --radius 1 -o "$null" 2>/dev/null || fail "-o $null failed"
    $DAPPLE field --size 10x10 --radius 1 -o "$null" 2>/dev/null || fail "-o $null failed"
    [ -c "$null" ] || fail "$null was replaced by a regular file"
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
