# dapple — plain GNU make. `make`, `make test`, `make test-quick`, `make check`, `make bench`, `make samples`,
# `make install PREFIX=... DESTDIR=...`, `make fuzz`, `make deps`.
SHELL := /bin/bash
# Every core by default: a fresh clone's `make test` builds some 400 files before its tests
# (1.5 min on one core of two). A -j on the command line still wins.
MAKEFLAGS += -j$(shell nproc)
PREFIX  ?= /usr/local
BUILD   ?= build
PKGS    := cairo libpng stb jansson yajl
OPT     ?= -O2 -g
WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wwrite-strings -Wformat=2 -Wvla -Wcast-qual -Wundef -Wdouble-promotion
ifeq ($(WERROR),1)
WARN += -Werror
endif
# Our flags first, the user's CFLAGS last, so `make CFLAGS=-O0` keeps the warnings.
DP_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(OPT) -Isrc -pthread \
            $(shell pkg-config --cflags $(PKGS)) -MMD -MP $(CFLAGS)
DP_LIBS   = $(shell pkg-config --libs $(PKGS)) -lz -lm -pthread
# The core needs none of them: stb_perlin is compiled in from its header (core/perlin.c).
CORE_LIBS = -lm -pthread
# A machine without the packages gets their names and the one command that installs them,
# not a screen of compiler errors (criterion only for the tests).
ifeq ($(filter deps clean format format-check,$(MAKECMDGOALS)),)
NEED_PKGS := $(PKGS) libmicrohttpd $(if $(filter test test-quick unit check fuzz,$(MAKECMDGOALS)),criterion)
MISSING_PKGS := $(shell command -v pkg-config >/dev/null 2>&1 || { echo pkg-config; exit; }; \
                  for p in $(NEED_PKGS); do pkg-config --exists $$p || echo $$p; done)
ifneq ($(strip $(MISSING_PKGS)),)
$(error missing packages (pkg-config): $(strip $(MISSING_PKGS)). Install them with: make deps)
endif
endif
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

LIB_SRC := $(sort $(wildcard src/core/*.c src/io/*.c src/render/*.c src/preset/*.c src/stats/*.c))
# The batch engine (pack, tiles) goes with the CLI: the library does not need jansson.
CLI_SRC := $(sort $(wildcard src/batch/*.c src/cli/*.c))
# `dapple preview`'s server (libmicrohttpd), linked into the CLI only: the library has no
# HTTP in it.
PREVIEW_SRC := $(sort $(wildcard src/preview/*.c))
PREVIEW_OBJ := $(PREVIEW_SRC:%.c=$(BUILD)/%.o)
PREVIEW_LIBS = $(shell pkg-config --libs libmicrohttpd)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/%.o)
# The CLI's code minus main(), so tests can call the option parser directly.
CLI_LIB_OBJ := $(filter-out $(BUILD)/src/cli/main.o,$(CLI_OBJ)) $(PREVIEW_OBJ)
# The core alone (fields, sampler, worlds: libc, libm, pthreads) for programs that want
# points without cairo or libpng: libdapple-core.{a,so}, pkg-config module dapple-core.
CORE_OBJ := $(filter $(BUILD)/src/core/%,$(LIB_OBJ))
# libdapple is what dapple.h exports and nothing more: the core and the image loader
# (libpng, stb_image). The renderer, presets, stats and point files are the CLI's, in
# libdapple-internal.a, so the library links no cairo or yajl and keeps no global
# state (the JPEG quality and temp-file table live with the CLI's writers).
IMAGE_OBJ := $(addprefix $(BUILD)/src/io/,image_api.o image_load.o image_trunc.o pgm_load.o \
                 stb_guard.o byte_reader.o regular_file.o)
PUBLIC_OBJ := $(CORE_OBJ) $(IMAGE_OBJ)
PUBLIC_LIBS = $(shell pkg-config --libs libpng stb) -lz -lm -pthread
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

# Small C helpers the CLI tests use (PNG inspection, an independent pair-rule check, a
# road image for exclusions, the tone of a rendering against its source picture, whether a
# mask tile is a window of a whole mask, the peak memory of a command, the inked share of a
# texture on a transparent ground).
TOOLS := $(BUILD)/tools/pnginfo $(BUILD)/tools/ptcheck $(BUILD)/tools/roadpng $(BUILD)/tools/tonecheck \
         $(BUILD)/tools/pngtiles $(BUILD)/tools/peakrss $(BUILD)/tools/alphacover $(BUILD)/tools/litpreview \
         $(BUILD)/tools/bondcheck $(BUILD)/tools/areacheck $(BUILD)/tools/lenscheck \
         $(BUILD)/tools/cellcheck $(BUILD)/tools/reliefcheck $(BUILD)/tools/seamcheck \
         $(BUILD)/tools/pbrcheck

.PHONY: FORCE all tools test test-quick unit cli-test check bench samples pack install uninstall clean deps fuzz format format-check
.DELETE_ON_ERROR:

# Shared libraries: libdapple.so.VERSION with the soname libdapple.so.SOVERSION. SOVERSION
# changes only when the ABI breaks (see "ABI" in docs/library.md); VERSION is dapple.h's.
VERSION   := $(shell sed -n 's/^\#define DAPPLE_VERSION "\(.*\)"/\1/p' src/dapple.h)
SOVERSION := 0
SHARED    := $(BUILD)/libdapple.so $(BUILD)/libdapple-core.so
LIBS_ALL  := $(BUILD)/libdapple.a $(BUILD)/libdapple-core.a $(SHARED)

all: $(BUILD)/dapple $(LIBS_ALL)

$(BUILD)/%.o: %.c $(BUILD)/.cflags
	@mkdir -p $(dir $@)
	$(CC) $(DP_CFLAGS) -c $< -o $@

# The compiler and its flags, rewritten only when they change: objects depend on it, so a
# build folder made before a flag changed (OPT=..., -fPIC) is rebuilt, not linked stale.
LIB_FLAGS := -fPIC -fvisibility=hidden
$(BUILD)/.cflags: FORCE
	@mkdir -p $(BUILD)
	@echo '$(CC) $(DP_CFLAGS) $(LIB_FLAGS)' | cmp -s - $@ || echo '$(CC) $(DP_CFLAGS) $(LIB_FLAGS)' >$@
FORCE:

# The build identity (`dapple --version`, pack manifests): the sha256 of every file under
# src/, names and bytes, in byte order. Not a hand-set version: any change to the code that
# makes the outputs gives another id, and the same sources give the same id on every machine.
ID_SRC := $(sort $(wildcard src/*.h src/*/*.c src/*/*.h))
SHA256SUM := $(shell command -v sha256sum >/dev/null 2>&1 && echo sha256sum || echo 'shasum -a 256')

$(BUILD)/gen/gen_build_id.h: $(ID_SRC)
	@mkdir -p $(dir $@)
	@id=$$(for f in $(ID_SRC); do printf '%s\n' "$$f"; cat "$$f"; done | $(SHA256SUM) | cut -c1-64); \
	    case $$id in *[!0-9a-f]* | "") echo "build id: no sha256sum or shasum" >&2; exit 1;; esac; \
	    [ $${#id} -eq 64 ] || exit 1; \
	    printf '#define DP_BUILD_ID "%s"\n' "$$id" >$@.tmp && mv $@.tmp $@

$(BUILD)/src/batch/build_id.o: $(BUILD)/gen/gen_build_id.h
$(BUILD)/src/batch/build_id.o: DP_CFLAGS += -I$(BUILD)/gen

# Everything the CLI, the tests and the bench link: the library's code and the rest.
$(BUILD)/libdapple-internal.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# A public static library is one relocatable object whose hidden symbols (every dp_ name
# and stb_perlin's, built with -fvisibility=hidden) are made local: a program that links it
# sees only the dapple_ names, as with the shared library, and cannot collide with ours.
$(BUILD)/libdapple.a: $(BUILD)/libdapple.o
	@rm -f $@
	$(AR) rcs $@ $<
$(BUILD)/libdapple-core.a: $(BUILD)/libdapple-core.o
	@rm -f $@
	$(AR) rcs $@ $<
$(BUILD)/libdapple.o: $(PUBLIC_OBJ)
	$(LD) -r -o $@ $^ && objcopy --localize-hidden $@
$(BUILD)/libdapple-core.o: $(CORE_OBJ)
	$(LD) -r -o $@ $^ && objcopy --localize-hidden $@

# Library objects are position-independent, for the .so files, and export only what
# dapple.h marks DAPPLE_API (the static library and the CLI keep the same code).
$(LIB_OBJ): DP_CFLAGS += $(LIB_FLAGS)

# -z defs: a library that misses a symbol fails here, not in a user's program.
$(BUILD)/libdapple.so.$(VERSION): $(PUBLIC_OBJ)
	$(CC) -shared -Wl,-soname,libdapple.so.$(SOVERSION) -Wl,-z,defs -Wl,--as-needed $(LDFLAGS) \
	    -o $@ $^ $(PUBLIC_LIBS)

$(BUILD)/libdapple-core.so.$(VERSION): $(CORE_OBJ)
	$(CC) -shared -Wl,-soname,libdapple-core.so.$(SOVERSION) -Wl,-z,defs $(LDFLAGS) -o $@ $^ \
	    $(CORE_LIBS)

# libX.so -> libX.so.SOVERSION -> libX.so.VERSION, as ldconfig would link them.
$(BUILD)/%.so: $(BUILD)/%.so.$(VERSION)
	ln -sf $(<F) $@.$(SOVERSION)
	ln -sf $(@F).$(SOVERSION) $@

$(BUILD)/libdapplecli.a: $(CLI_LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/dapple: $(BUILD)/src/cli/main.o $(BUILD)/libdapplecli.a $(BUILD)/libdapple-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(DP_LIBS) $(PREVIEW_LIBS)

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(BUILD)/libdapplecli.a $(BUILD)/libdapple-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(DP_LIBS) $(PREVIEW_LIBS) $(shell pkg-config --libs criterion)

# The preview page (HTML, CSS, JavaScript) as byte arrays compiled into the binary: it
# needs no file at run time. od and sed, not xxd (which comes with vim). page.html is
# page_html; the other files are rows of page_files[], served at /NAME.
PAGE_FILES := src/preview/page.html src/preview/page.css src/preview/controls.js \
              src/preview/viewer.js src/preview/page.js
$(BUILD)/gen/preview_page.h: $(PAGE_FILES)
	@mkdir -p $(dir $@)
	@set -e; n=0; rows=; { \
	echo "typedef struct page_file { const char *name, *type; const unsigned char *data; size_t len; } page_file;"; \
	for f in $(PAGE_FILES); do \
	    case $$f in *.html) name=page_html ;; *) n=$$((n + 1)); name=page_file_$$n ;; esac; \
	    case $$f in *.css) type=text/css ;; *.js) type=text/javascript ;; *) type= ;; esac; \
	    [ -z "$$type" ] || rows="$$rows { \"$${f##*/}\", \"$$type; charset=utf-8\", $$name, sizeof $$name },"; \
	    echo "static const unsigned char $$name[] = {"; \
	    od -An -v -tx1 "$$f" | sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'; echo "};"; \
	done; \
	echo "static const page_file page_files[] = {$$rows };"; } >$@.tmp && mv $@.tmp $@
$(BUILD)/src/preview/server.o: $(BUILD)/gen/preview_page.h
$(PREVIEW_OBJ): DP_CFLAGS += -I$(BUILD)/gen $(shell pkg-config --cflags libmicrohttpd)

$(BUILD)/tools/%: tests/cli/tools/%.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -g -o $@ $< $(shell pkg-config --cflags --libs libpng) -lm

# The browser test's node packages (puppeteer-core), as the lockfile pins them (defined
# before the rules that need them: make expands prerequisites as it reads them).
BROWSER_DEPS := tests/browser/node_modules/.package-lock.json

# Unit programs and CLI scripts together, TEST_JOBS at a time (default: every core).
CLI_TESTS = $(sort $(wildcard tests/cli/test_*.sh))
test: $(UNIT_BIN) $(BUILD)/dapple $(LIBS_ALL) $(TOOLS) $(BROWSER_DEPS)
	@DAPPLE=$(BUILD)/dapple TOOLS=$(BUILD)/tools bash tests/run_all.sh $(BUILD)/test-logs $(UNIT_BIN) $(CLI_TESTS)

unit: $(UNIT_BIN)
	@bash tests/run_all.sh $(BUILD)/test-logs $(UNIT_BIN)

$(BROWSER_DEPS): tests/browser/package.json tests/browser/package-lock.json
	@command -v npm >/dev/null || { echo "npm is missing: sh scripts/install-deps.sh" >&2; exit 1; }
	cd tests/browser && npm ci --no-audit --no-fund --loglevel=error

# The test tools alone, for running one CLI script (README: "make test takes several minutes").
tools: $(TOOLS)

cli-test: $(BUILD)/dapple $(LIBS_ALL) $(TOOLS) $(BROWSER_DEPS)
	@DAPPLE=$(BUILD)/dapple TOOLS=$(BUILD)/tools bash tests/run_all.sh $(BUILD)/test-logs $(CLI_TESTS)

# Everything but the browser test, which needs chromium and npm's packages: no network.
QUICK_SKIP := tests/cli/test_preview_browser.sh
test-quick: $(UNIT_BIN) $(BUILD)/dapple $(LIBS_ALL) $(TOOLS)
	@NO_BROWSER=1 DAPPLE=$(BUILD)/dapple TOOLS=$(BUILD)/tools bash tests/run_all.sh $(BUILD)/test-logs \
	    $(UNIT_BIN) $(filter-out $(QUICK_SKIP),$(CLI_TESTS))

check:
	$(MAKE) BUILD=build/check OPT="-O1 -g $(SAN)" LDFLAGS="$(SAN)" test

# libFuzzer harnesses (clang): each runs FUZZ_SECONDS on a copy of its seed corpus.
FUZZ_SECONDS ?= 30
FUZZ_SAN := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_HARNESSES := $(sort $(wildcard tests/fuzz/fuzz_*.c))
fuzz:
	@# clang reads -Wdouble-promotion more widely than gcc (every float-to-double
	@# initialisation); gcc, the reference build, keeps that warning.
	$(MAKE) BUILD=build/fuzz CC=clang OPT="-O1 -g $(FUZZ_SAN)" CFLAGS=-Wno-double-promotion \
	    build/fuzz/libdapple-internal.a build/fuzz/libdapplecli.a
	@set -e; for h in $(FUZZ_HARNESSES); do \
	    name=$$(basename $$h .c); corpus=tests/fuzz/corpus_$${name#fuzz_}; \
	    clang -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Isrc $(shell pkg-config --cflags $(PKGS)) \
	        -fsanitize=fuzzer,address,undefined $$h build/fuzz/libdapplecli.a build/fuzz/libdapple-internal.a \
	        $(DP_LIBS) -o build/fuzz/$$name; \
	    rm -rf build/fuzz/corpus-$$name; mkdir -p build/fuzz/corpus-$$name; \
	    cp -r $$corpus/. build/fuzz/corpus-$$name/ 2>/dev/null || true; \
	    echo "== $$name ($(FUZZ_SECONDS) s)"; \
	    dict=tests/fuzz/$${name#fuzz_}.dict; [ -f $$dict ] && dict=-dict=$$dict || dict=; \
	    build/fuzz/$$name $$dict -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
	        -artifact_prefix=build/fuzz/$$name- build/fuzz/corpus-$$name 2>&1 | grep -E "^stat::number_of_executed_units|ERROR|SUMMARY|Done" ; \
	    test $${PIPESTATUS[0]} -eq 0; \
	done

$(BUILD)/bench: $(BUILD)/tests/bench/bench.o $(BUILD)/tests/bench/bench_render.o $(BUILD)/tests/bench/bench_world.o \
                $(BUILD)/tests/bench/bench_morph.o $(BUILD)/tests/bench/bench_stats.o \
                $(BUILD)/tests/bench/bench_preview.o \
                $(BUILD)/libdapplecli.a $(BUILD)/libdapple-internal.a
	$(CC) $(LDFLAGS) -o $@ $^ $(DP_LIBS) $(PREVIEW_LIBS)

bench: $(BUILD)/bench $(BUILD)/dapple
	$(BUILD)/bench

# The main job: every preset in presets/ rendered into out/.
pack: $(BUILD)/dapple
	$(BUILD)/dapple pack presets -o out

samples: $(BUILD)/dapple
	$(BUILD)/dapple pack presets -o samples --size-cap 512 --force

deps:
	sh scripts/install-deps.sh

# Images the presets read, kept in presets/images/ so that the folder works wherever it goes.
PRESET_IMAGES := $(sort $(wildcard presets/images/*.png))

LIBDIR = $(DESTDIR)$(PREFIX)/lib

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(LIBDIR)/pkgconfig $(DESTDIR)$(PREFIX)/include \
	    $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/dapple/presets
	install -m 755 $(BUILD)/dapple $(DESTDIR)$(PREFIX)/bin/dapple
	install -m 644 $(BUILD)/libdapple.a $(BUILD)/libdapple-core.a $(LIBDIR)/
	set -e; for l in libdapple libdapple-core; do \
	    install -m 755 $(BUILD)/$$l.so.$(VERSION) $(LIBDIR)/; \
	    ln -sf $$l.so.$(VERSION) $(LIBDIR)/$$l.so.$(SOVERSION); \
	    ln -sf $$l.so.$(SOVERSION) $(LIBDIR)/$$l.so; \
	done
	install -m 644 src/dapple.h $(DESTDIR)$(PREFIX)/include/dapple.h
	install -m 644 docs/dapple.1 $(DESTDIR)$(PREFIX)/share/man/man1/dapple.1
	install -m 644 presets/*.ini $(DESTDIR)$(PREFIX)/share/dapple/presets/
	install -d $(DESTDIR)$(PREFIX)/share/dapple/presets/images
	install -m 644 $(PRESET_IMAGES) $(DESTDIR)$(PREFIX)/share/dapple/presets/images/
	install -d $(DESTDIR)$(PREFIX)/share/dapple/examples
	install -m 644 docs/example.c docs/density.c $(DESTDIR)$(PREFIX)/share/dapple/examples/
	install -m 755 docs/density.py $(DESTDIR)$(PREFIX)/share/dapple/examples/
	set -e; for m in dapple dapple-core; do \
	    sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' $$m.pc.in >$(LIBDIR)/pkgconfig/$$m.pc; \
	done

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/dapple $(DESTDIR)$(PREFIX)/include/dapple.h \
	    $(DESTDIR)$(PREFIX)/share/man/man1/dapple.1
	for l in libdapple libdapple-core; do \
	    rm -f $(LIBDIR)/$$l.a $(LIBDIR)/$$l.so $(LIBDIR)/$$l.so.$(SOVERSION) $(LIBDIR)/$$l.so.$(VERSION) \
	        $(LIBDIR)/pkgconfig/$${l#lib}.pc; \
	done
	rm -rf $(DESTDIR)$(PREFIX)/share/dapple

# Every C file of the tree, tests and tools included, follows .clang-format.
FORMATTED := $(wildcard src/*.h src/*/*.c src/*/*.h tests/unit/*.c tests/unit/*.h tests/bench/*.c \
                        tests/bench/*.h tests/cli/*.c tests/cli/tools/*.c docs/*.c)

format:
	clang-format -i $(FORMATTED)

format-check:
	clang-format --dry-run --Werror $(FORMATTED)

clean:
	rm -rf build

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

