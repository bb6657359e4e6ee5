# `make install` and `make uninstall`: every file lands where the docs say, the installed
# binary and presets work from there, docs/example.c builds through pkg-config against
# the installed copy (staged with DESTDIR, and in a plain prefix), against the shared and
# the static library and the core-only module, and finds the same points as `dapple
# points`; the shared libraries carry their sonames and export only dapple_* symbols; the
# core-only program needs no cairo; uninstall removes every file again. Runs from the repo root.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.." || exit 1

# The build folder of the binary under test, so `make check` installs its own build.
BUILD=$(dirname "$DAPPLE")
VERSION=$(sed -n 's/^#define DAPPLE_VERSION "\(.*\)"/\1/p' src/dapple.h)
CC=${CC:-cc}
# The field and seed of docs/example.c, as `dapple points` options.
REF_ARGS=(--size 256x256 --rmin 2 --rmax 8 --field perlin:scale=80 --seed 7)

# A sub-make of its own (a parent make's jobserver and variables do not apply) that installs
# the build under test as it is: `-o all` keeps make from rebuilding it with other flags
# (make check's sanitizer build would be relinked without them, and deleted on failure).
run_make() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory -o all BUILD="$BUILD" "$@" \
        >"$TMP/make.log" 2>&1 || { fail "make $*: $(tail -5 "$TMP/make.log")"; return 1; }
}

# The files `make install` must create under PREFIX (relative), presets listed separately.
SOVERSION=$(sed -n 's/^SOVERSION := //p' Makefile)
INSTALLED=(bin/dapple include/dapple.h share/man/man1/dapple.1 lib/pkgconfig/dapple.pc lib/pkgconfig/dapple-core.pc
    share/dapple/examples/example.c share/dapple/examples/density.c share/dapple/examples/density.py)
for l in libdapple libdapple-core; do
    INSTALLED+=("lib/$l.a" "lib/$l.so" "lib/$l.so.$SOVERSION" "lib/$l.so.$VERSION")
done

check_installed_files() {
    local p=$1
    for f in "${INSTALLED[@]}"; do
        [ -f "$p/$f" ] || fail "install: $p/$f missing"
    done
    [ -x "$p/bin/dapple" ] || fail "install: bin/dapple is not executable"
    cmp -s src/dapple.h "$p/include/dapple.h" || fail "install: include/dapple.h differs from src/dapple.h"
    cmp -s docs/dapple.1 "$p/share/man/man1/dapple.1" || fail "install: the man page differs from docs/dapple.1"
    local n=0
    for f in presets/*.ini; do
        n=$((n + 1))
        cmp -s "$f" "$p/share/dapple/presets/$(basename "$f")" || fail "install: preset $(basename "$f") missing or different"
    done
    [ "$n" -gt 0 ] || fail "install: presets/ has no *.ini to install"
    "$p/bin/dapple" --version | grep -qx "dapple $VERSION (build [0-9a-f]\{12\})" || fail "install: bin/dapple --version"
}

check_pc_file() {
    local pc=$1 prefix=$2
    ! grep -q '@' "$pc" || fail "dapple.pc: a placeholder was not substituted: $(grep '@' "$pc")"
    grep -qxF "prefix=$prefix" "$pc" || fail "dapple.pc: want prefix=$prefix"
    grep -qxF "Version: $VERSION" "$pc" || fail "dapple.pc: want Version: $VERSION"
}

# Each installed preset renders from its installed folder: no path points back into the
# source tree. Small, so that it is quick.
check_installed_presets() {
    local p=$1
    for f in "$p"/share/dapple/presets/*.ini; do
        "$p/bin/dapple" render "$f" --size 64x64 -o "$TMP/preset.png" 2>"$TMP/preset.log" ||
            fail "installed preset $(basename "$f") does not render: $(tail -1 "$TMP/preset.log")"
    done
}

# The installed library may carry sanitizers (make check): the program must link them too.
san_flags() {
    # grep reads everything: with -q, nm would die of SIGPIPE and pipefail say "no"
    if nm "$1" 2>/dev/null | grep '__asan_\|__ubsan_' >/dev/null; then
        echo "-fsanitize=address,undefined"
    fi
}

# The shared libraries under LIBDIR: each names its soname, exports only the public
# dapple_* functions, and the core needs neither cairo nor libpng.
check_shared_libs() {
    local d=$1 l
    for l in libdapple libdapple-core; do
        readelf -d "$d/$l.so.$VERSION" | grep -q "(SONAME) *Library soname: \[$l.so.$SOVERSION\]" ||
            fail "$l.so.$VERSION: no SONAME $l.so.$SOVERSION"
        local other
        other=$(nm -D --defined-only "$d/$l.so.$VERSION" | awk '$2 == "T" && $3 !~ /^dapple_/ { print $3 }' | head -3)
        [ -z "$other" ] || fail "$l.so exports more than dapple_*: $other"
    done
    nm -D --defined-only "$d/libdapple.so.$VERSION" | grep -q ' T dapple_image_load_grey$' ||
        fail "libdapple.so does not export dapple_image_load_grey"
    ! readelf -d "$d/libdapple-core.so.$VERSION" | grep -q 'NEEDED.*\(cairo\|png\)' ||
        fail "libdapple-core.so needs cairo or libpng: $(readelf -d "$d/libdapple-core.so.$VERSION" | grep NEEDED)"
    # libdapple is what dapple.h exports: image loading needs libpng and stb, nothing draws
    ! readelf -d "$d/libdapple.so.$VERSION" | grep -q 'NEEDED.*\(cairo\|X11\|inih\|yajl\|jansson\)' ||
        fail "libdapple.so needs more than dapple.h exports: $(readelf -d "$d/libdapple.so.$VERSION" | grep NEEDED)"
}

# The static libraries show a program only the dapple_* names: no dp_ helper, no
# stb_perlin_*, that could collide with the program's own.
check_static_libs() {
    local d=$1 l other
    for l in libdapple libdapple-core; do
        other=$(nm -g --defined-only "$d/$l.a" | awk 'NF == 3 && $3 !~ /^dapple_/ && $3 !~ /^__(a|ub)san/ { print $3 }' | head -3)
        [ -z "$other" ] || fail "$l.a exports more than dapple_*: $other"
    done
}

# The NEEDED entries of the example just built must include $1 and none of $2 (regexes).
check_needed() {
    local label=$1 want=$2 refuse=$3 needed
    needed=$(readelf -d "$TMP/example" | grep NEEDED || true)
    [ -z "$want" ] || echo "$needed" | grep -q "$want" || fail "$label: the program does not need $want: $needed"
    ! echo "$needed" | grep -q "$refuse" || fail "$label: the program needs $refuse: $needed"
}

# build_and_run_example LABEL SANITIZER_FLAGS PKG_CONFIG_FLAGS [LIBDIR]: builds docs/example.c,
# runs it (with LD_LIBRARY_PATH=LIBDIR) and checks what it prints against `dapple points`
# with the same field and seed, and against the output docs/library.md shows.
build_and_run_example() {
    local label=$1 san=$2 flags=$3 libdir=${4:-}
    # shellcheck disable=SC2086 # the flags are words
    "$CC" -std=c11 -Wall -Wextra -Wpedantic -Werror $san docs/example.c $flags -o "$TMP/example" \
        2>"$TMP/cc.log" || { fail "$label: example does not build: $(head -c 600 "$TMP/cc.log")"; return; }
    LD_LIBRARY_PATH=$libdir "$TMP/example" >"$TMP/example.out" 2>"$TMP/example.err" ||
        { fail "$label: example failed: $(cat "$TMP/example.err")"; return; }
    $DAPPLE points "${REF_ARGS[@]}" -o "$TMP/ref.csv" 2>/dev/null
    {
        echo "$(($(wc -l <"$TMP/ref.csv") - 1)) points (complete)"
        awk -F, 'NR > 1 && NR <= 6 { printf "%d: x=%.3f y=%.3f r=%.3f\n", NR - 2, $1, $2, $3 }' "$TMP/ref.csv"
    } >"$TMP/example.want"
    cmp -s "$TMP/example.want" "$TMP/example.out" ||
        fail "$label: example output differs from dapple points: $(diff "$TMP/example.want" "$TMP/example.out" | head -6)"
    # docs/library.md shows this output: the first ```output block after the example is run
    awk '/\.\/example/ { on = 1 } on && /^```output/ { inside = 1; next } inside && /^```/ { exit } inside' \
        docs/library.md >"$TMP/library.out"
    cmp -s "$TMP/library.out" "$TMP/example.out" ||
        fail "$label: docs/library.md shows another output: $(diff "$TMP/library.out" "$TMP/example.out" | head -6)"
}

# make install PREFIX=/usr DESTDIR=...: the packager's way. pkg-config finds the staged
# copy through PKG_CONFIG_PATH and maps /usr into the stage with PKG_CONFIG_SYSROOT_DIR.
install_destdir() {
    local dest=$TMP/root
    run_make install PREFIX=/usr DESTDIR="$dest" || return
    check_installed_files "$dest/usr"
    check_pc_file "$dest/usr/lib/pkgconfig/dapple.pc" /usr
    check_installed_presets "$dest/usr"
    local pc=(env PKG_CONFIG_SYSROOT_DIR="$dest" PKG_CONFIG_PATH="$dest/usr/lib/pkgconfig" pkg-config)
    [ "$("${pc[@]}" --modversion dapple)" = "$VERSION" ] || fail "pkg-config --modversion dapple"
    local flags static
    flags=$("${pc[@]}" --cflags --libs dapple) || { fail "pkg-config --cflags --libs dapple failed"; return; }
    case " $flags " in *" -I$dest/usr/include "*) ;; *) fail "pkg-config --cflags: no -I$dest/usr/include in '$flags'" ;; esac
    case " $flags " in *" -L$dest/usr/lib -ldapple "*) ;; *) fail "pkg-config --libs: no -L$dest/usr/lib -ldapple in '$flags'" ;; esac
    case " $flags " in *" -lcairo "*) fail "pkg-config --libs dapple: the shared library's users get -lcairo: '$flags'" ;; esac
    local san lib=$dest/usr/lib
    san=$(san_flags "$lib/libdapple.a")
    check_shared_libs "$lib"
    check_static_libs "$lib"
    build_and_run_example "DESTDIR install, shared" "$san" "$flags" "$lib"
    check_needed "shared" "libdapple\.so\.$SOVERSION" "libdapple-core"
    # the static library, through --static flags (-l:libdapple.a: the .so sits beside it)
    static=$("${pc[@]}" --static --cflags --libs dapple) || { fail "pkg-config --static failed"; return; }
    build_and_run_example "DESTDIR install, static" "$san" "$(echo " $static " | sed "s/ -ldapple / -l:libdapple.a /")"
    check_needed "static" "" "libdapple"
    # the sampler alone: dapple-core, shared and static, no cairo anywhere
    flags=$("${pc[@]}" --cflags --libs dapple-core) || { fail "pkg-config dapple-core failed"; return; }
    build_and_run_example "DESTDIR install, dapple-core" "$san" "$flags" "$lib"
    check_needed "dapple-core" "libdapple-core\.so\.$SOVERSION" "cairo\|png\|libdapple\.so"
    static=$("${pc[@]}" --static --cflags --libs dapple-core) || { fail "pkg-config --static dapple-core failed"; return; }
    build_and_run_example "DESTDIR install, dapple-core static" "$san" "$(echo " $static " | sed "s/ -ldapple-core / -l:libdapple-core.a /")"
    check_needed "dapple-core static" "" "cairo\|png\|libdapple"

    run_make uninstall PREFIX=/usr DESTDIR="$dest" || return
    for f in "${INSTALLED[@]}" share/dapple; do
        [ ! -e "$dest/usr/$f" ] || fail "uninstall: $dest/usr/$f is still there"
    done
    local left
    left=$(find "$dest" ! -type d)
    [ -z "$left" ] || fail "uninstall left files behind: $left"
}

# library.md's ```output block after the first line that runs PROGRAM ("./density", ...).
doc_output() {
    awk -v p="$1" 'index($0, p) { on = 1 } on && /^```output/ { inside = 1; next } inside && /^```/ { exit } inside' \
        docs/library.md
}

# The documented way for a prefix the loader does not search (docs/library.md, "Building
# against it"): the rpath pkg-config's libdir gives, then the program runs from another
# folder with no LD_LIBRARY_PATH; and docs/density.py finds the library and the header
# through pkg-config alone, from another folder too. Both print what library.md shows.
run_from_elsewhere() {
    local prefix=$1 away=$TMP/elsewhere san root=$PWD
    mkdir -p "$away"
    san=$(san_flags "$prefix/lib/libdapple.a")
    local pc=(env PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config) mod prog
    for mod in dapple:example dapple-core:density; do
        prog=${mod#*:} mod=${mod%:*}
        # shellcheck disable=SC2046,SC2086 # the flags are words
        "$CC" -std=c11 $san "docs/$prog.c" $("${pc[@]}" --cflags --libs "$mod") \
            -Wl,-rpath,"$("${pc[@]}" --variable=libdir "$mod")" -o "$away/$prog" 2>"$TMP/cc.log" ||
            { fail "$prog.c with an rpath: $(head -c 600 "$TMP/cc.log")"; continue; }
        (cd "$away" && env -u LD_LIBRARY_PATH "./$prog") >"$TMP/$prog.out" 2>"$TMP/$prog.err" ||
            { fail "installed $prog (rpath) does not run from another folder: $(head -3 "$TMP/$prog.err")"; continue; }
        doc_output "./$prog" >"$TMP/$prog.want"
        [ -s "$TMP/$prog.want" ] || fail "docs/library.md shows no output of ./$prog"
        cmp -s "$TMP/$prog.want" "$TMP/$prog.out" ||
            fail "installed $prog prints another output than library.md: $(diff "$TMP/$prog.want" "$TMP/$prog.out" | head -4)"
    done
    local preload=()
    [ -z "$san" ] || preload=("LD_PRELOAD=$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)" ASAN_OPTIONS=detect_leaks=0)
    # the installed copy (#39: make install left density.py out)
    cmp -s "$root/docs/density.py" "$prefix/share/dapple/examples/density.py" || fail "install: density.py differs"
    (cd "$away" && env -u LD_LIBRARY_PATH PKG_CONFIG_PATH="$prefix/lib/pkgconfig" "${preload[@]}" \
        python3 "$prefix/share/dapple/examples/density.py") >"$TMP/py.out" 2>"$TMP/py.err" ||
        { fail "docs/density.py against the install: $(tail -3 "$TMP/py.err")"; return; }
    cmp -s "$TMP/density.want" "$TMP/py.out" ||
        fail "docs/density.py prints another output than library.md: $(diff "$TMP/density.want" "$TMP/py.out" | head -4)"
}

# make install PREFIX=$TMP/prefix: a user's own prefix, found through PKG_CONFIG_PATH only.
install_prefix() {
    local prefix=$TMP/prefix
    run_make install PREFIX="$prefix" || return
    check_installed_files "$prefix"
    check_pc_file "$prefix/lib/pkgconfig/dapple.pc" "$prefix"
    local flags
    flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs dapple) ||
        { fail "pkg-config with PKG_CONFIG_PATH=$prefix/lib/pkgconfig failed"; return; }
    build_and_run_example "prefix install" "$(san_flags "$prefix/lib/libdapple.a")" "$flags" "$prefix/lib"
    run_from_elsewhere "$prefix"
    run_make uninstall PREFIX="$prefix" || return
    local left
    left=$(find "$prefix" ! -type d)
    [ -z "$left" ] || fail "uninstall left files behind: $left"
}

install_destdir
install_prefix
finish
