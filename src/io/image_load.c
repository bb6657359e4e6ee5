/* SPDX-License-Identifier: MIT
 * Untrusted image input. The format is found from the magic bytes, never the extension.
 * PNG goes through libpng (checksums checked, user limits, ancillary chunks skipped, errors
 * copied into our message, setjmp confined to png_run); grey PGM through pgm_load.c;
 * anything else through stb_image, which is not built for hostile input, so stbi_info must
 * pass our pixel limit, and image_trunc.c find the whole image in the file, before a byte
 * is decoded.
 * Grey output is luminance with Rec. 709 weights applied to the encoded (gamma) values,
 * gAMA/sRGB chunks are ignored: a field image is data, not a photograph. */
#include "io/image_load.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <png.h>
#include <stb/stb_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dp.h"
#include "io/image_trunc.h"
#include "io/pgm_load.h"
#include "io/stb_guard.h"

/* The formats we read, for "not a ... image". */
#define DP_READ_FORMATS "PNG, JPEG, PGM, BMP, TGA, PSD or GIF"

/* Heap libpng may take for one chunk (a second line behind skipping them all). */
#define DP_PNG_CHUNK_MAX ((png_alloc_size_t)1 << 20)

/* A byte source read by both decoders: an open file or a buffer in memory. Both keep
 * their own position and size, so the end of the data is known without asking stdio:
 * fseek clears a stream's end-of-file flag, and stb, which stops reading once a read
 * came back short, would then wait for that flag forever. */
typedef struct source {
    FILE *fp; /* NULL for a memory buffer */
    const uint8_t *mem;
    size_t size, pos; /* size: from fstat for a file */
    bool ended;       /* a read came back short */
} source;

/* What the caller wants back, and where messages go. */
typedef struct request {
    const char *name; /* the path, or a label for a memory buffer */
    uint64_t max_pixels;
    bool rgba; /* straight RGBA8, else grey 0..65535 */
    dapple_error *err;
} request;

/* A decoded image: uint16_t grey or RGBA8 pixels, malloc'ed. */
typedef struct image {
    void *pixels;
    int width, height;
} image;

/* ---------------------------------------------------------------- byte sources */

static size_t src_read(source *s, void *buf, size_t n)
{
    size_t got = 0;
    if (s->fp != NULL) {
        got = fread(buf, 1, n, s->fp);
    } else if (s->pos < s->size) {
        got = DP_MIN(n, s->size - s->pos);
        memcpy(buf, s->mem + s->pos, got);
    }
    s->pos += got;
    s->ended |= got < n;
    return got;
}

static void src_rewind(source *s)
{
    if (s->fp != NULL)
        rewind(s->fp);
    s->pos = 0;
    s->ended = false;
}

static int stb_read(void *user, char *data, int size)
{
    return (int)src_read(user, data, size > 0 ? (size_t)size : 0);
}

/* stb only skips forwards (it handles n < 0 in its own buffer); a skip stops at the end. */
static void stb_skip(void *user, int n)
{
    source *s = user;
    if (n <= 0)
        return;
    size_t step = s->pos < s->size ? DP_MIN((size_t)n, s->size - s->pos) : 0;
    s->pos += step;
    s->ended |= step < (size_t)n;
    if (s->fp != NULL && fseeko(s->fp, (off_t)s->pos, SEEK_SET) != 0)
        s->ended = true;
}

static int stb_eof(void *user)
{
    source *s = user;
    return s->ended || s->pos >= s->size || (s->fp != NULL && ferror(s->fp));
}

/* ---------------------------------------------------------------- pixel conversion */

/* Rec. 709 luma weights scaled to 2^16; they sum to 65536 so white stays 65535. */
enum { W_R = 13933, W_G = 46871, W_B = 4732 };

static uint16_t luma16(uint32_t r, uint32_t g, uint32_t b)
{
    return (uint16_t)((W_R * r + W_G * g + W_B * b + 32768) >> 16);
}

/* One row of 1 or 3 channels, 8 bits or 16 bits in host order, to grey 0..65535. */
static void grey_row(uint16_t *dst, const uint8_t *src, int width, int channels, int depth)
{
    const uint16_t *s16 = (const uint16_t *)(const void *)src;
    for (int x = 0; x < width; x++) {
        if (channels == 1 && depth == 8)
            dst[x] = (uint16_t)(src[x] * 257);
        else if (channels == 1)
            dst[x] = s16[x];
        else if (depth == 8)
            dst[x] = luma16(src[3 * x] * 257u, src[3 * x + 1] * 257u, src[3 * x + 2] * 257u);
        else
            dst[x] = luma16(s16[3 * x], s16[3 * x + 1], s16[3 * x + 2]);
    }
}

static dapple_status check_size(const request *rq, uint64_t w, uint64_t h)
{
    if (w == 0 || h == 0)
        return dp_fail(rq->err, DAPPLE_E_FORMAT,
                       "%s: image has zero width or height (%" PRIu64 "x%" PRIu64 ")", rq->name, w,
                       h);
    if (w * h > rq->max_pixels)
        return dp_fail(rq->err, DAPPLE_E_LIMIT,
                       "%s: %" PRIu64 "x%" PRIu64 " pixels exceeds the limit of %" PRIu64 " pixels",
                       rq->name, w, h, rq->max_pixels);
    return DAPPLE_OK;
}

static bool host_is_little_endian(void)
{
    uint16_t one = 1;
    uint8_t first;
    memcpy(&first, &one, 1);
    return first == 1;
}

/* ---------------------------------------------------------------- PNG via libpng */

/* Everything png_run touches lives here, reached through a pointer, so nothing it
 * changes is an automatic variable of the function that called setjmp. */
typedef struct png_job {
    source *src;
    const request *rq;
    png_structp png;
    png_infop info;
    uint8_t *out;     /* the result, handed to the caller on success */
    uint8_t *scratch; /* decoded rows that still need converting to grey */
    png_uint_32 width, height;
    char ihdr_warning[128];
    dapple_status status; /* set by whichever handler reported first */
} png_job;

static void on_png_error(png_structp png, png_const_charp msg)
{
    png_job *job = png_get_error_ptr(png);
    const char *name = job->rq->name, *warning = job->ihdr_warning;
    if (job->status != DAPPLE_OK) {
        /* a read or limit failure already said what went wrong */
    } else if (strstr(warning, "user limit") != NULL) {
        job->status = dp_fail(job->rq->err, DAPPLE_E_LIMIT,
                              "%s: a side exceeds the limit of %" PRIu64 " pixels (libpng: %s)",
                              name, job->rq->max_pixels, warning);
    } else if (warning[0] != '\0') {
        job->status = dp_fail(job->rq->err, DAPPLE_E_FORMAT, "%s: corrupt PNG: %s (%s)", name, msg,
                              warning);
    } else {
        job->status = dp_fail(job->rq->err, DAPPLE_E_FORMAT, "%s: corrupt PNG: %s", name, msg);
    }
    png_longjmp(png, 1);
}

/* libpng prints warnings to stderr by default; a library must not. IHDR warnings are kept
 * because the error that follows them ("Invalid IHDR data") does not say what was wrong. */
static void on_png_warning(png_structp png, png_const_charp msg)
{
    png_job *job = png_get_error_ptr(png);
    if (strstr(msg, "IHDR") != NULL && job->ihdr_warning[0] == '\0')
        snprintf(job->ihdr_warning, sizeof job->ihdr_warning, "%s", msg);
}

static void on_png_read(png_structp png, png_bytep data, size_t n)
{
    png_job *job = png_get_io_ptr(png);
    if (src_read(job->src, data, n) == n)
        return;
    if (job->src->fp != NULL && ferror(job->src->fp))
        job->status = dp_fail(job->rq->err, DAPPLE_E_IO, "%s: %s", job->rq->name, strerror(errno));
    else
        job->status = dp_fail(job->rq->err, DAPPLE_E_FORMAT,
                              "%s: truncated PNG: unexpected end of file", job->rq->name);
    png_error(png, "read failed");
}

/* Asks libpng for rows that are 8/16-bit grey or RGB (grey output) or RGBA8. */
static void set_transforms(png_job *job)
{
    png_structp png = job->png;
    int type = png_get_color_type(png, job->info);
    if (type == PNG_COLOR_TYPE_PALETTE)
        png_set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && png_get_bit_depth(png, job->info) < 8)
        png_set_expand_gray_1_2_4_to_8(png);
    if (job->rq->rgba) {
        if (png_get_valid(png, job->info, PNG_INFO_tRNS))
            png_set_tRNS_to_alpha(png);
        png_set_scale_16(png); /* rounds, where strip_16 would truncate */
        png_set_gray_to_rgb(png);
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    } else {
        png_set_strip_alpha(png);
        if (host_is_little_endian())
            png_set_swap(png);
    }
}

/* Reads every pass; rows land in 'out' when no conversion is needed, else in scratch
 * (the whole image when interlaced, since later passes fill in earlier rows). */
static void read_rows(png_job *job, int passes, size_t rowbytes, int channels, int depth)
{
    bool direct = job->rq->rgba || (channels == 1 && depth == 16);
    size_t out_row = (size_t)job->width * (job->rq->rgba ? 4 : 2);
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < job->height; y++) {
            uint8_t *row = direct ? job->out + y * out_row
                                  : job->scratch + (passes > 1 ? y * rowbytes : 0);
            png_read_row(job->png, row, NULL);
            if (!direct && passes == 1)
                grey_row((uint16_t *)(void *)(job->out + y * out_row), row, (int)job->width,
                         channels, depth);
        }
    }
    for (png_uint_32 y = 0; !direct && passes > 1 && y < job->height; y++)
        grey_row((uint16_t *)(void *)(job->out + y * out_row), job->scratch + y * rowbytes,
                 (int)job->width, channels, depth);
}

static dapple_status png_alloc(png_job *job, int passes, size_t rowbytes)
{
    size_t n = (size_t)job->width * job->height;
    job->out = dp_calloc_n(n, job->rq->rgba ? 4 : 2);
    job->scratch = dp_calloc_n(passes > 1 ? job->height : 1, rowbytes);
    if (job->out == NULL || job->scratch == NULL)
        return dp_fail(job->rq->err, DAPPLE_E_NOMEM,
                       "%s: out of memory for %" PRIu32 "x%" PRIu32 " pixels", job->rq->name,
                       job->width, job->height);
    return DAPPLE_OK;
}

/* Only the pixels are read. libpng would allocate a text, sPLT or eXIf chunk's declared
 * length (up to 2 GiB) before reading it, so every ancillary chunk but tRNS (which stamps
 * need, 256 bytes at most) is skipped, read through a small stack buffer to check its CRC;
 * unknown chunks too. The caps below are then a second line: no ancillary chunk is kept
 * (cache 1), and no chunk or decompressed chunk may exceed 1 MiB of heap. */
static void limit_chunks(png_structp png)
{
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_chunk_cache_max(png, 1);
    png_set_chunk_malloc_max(png, DP_PNG_CHUNK_MAX);
}

/* The one function that calls setjmp: every libpng call that can fail happens below it. */
static dapple_status png_run(png_job *job)
{
    if (setjmp(png_jmpbuf(job->png)))
        return job->status != DAPPLE_OK ? job->status : DAPPLE_E_FORMAT;

    png_uint_32 side = (png_uint_32)DP_MIN(job->rq->max_pixels, (uint64_t)PNG_UINT_31_MAX);
    png_set_user_limits(job->png, side, side);
    limit_chunks(job->png);
    png_set_read_fn(job->png, job, on_png_read);
    png_read_info(job->png, job->info);
    job->width = png_get_image_width(job->png, job->info);
    job->height = png_get_image_height(job->png, job->info);
    dapple_status st = check_size(job->rq, job->width, job->height);
    if (st != DAPPLE_OK)
        return st; /* before any row is allocated */

    set_transforms(job);
    int passes = png_set_interlace_handling(job->png);
    png_read_update_info(job->png, job->info);
    int channels = png_get_channels(job->png, job->info);
    int depth = png_get_bit_depth(job->png, job->info);
    size_t rowbytes = png_get_rowbytes(job->png, job->info);
    if (job->rq->rgba ? channels != 4 || depth != 8
                      : (channels != 1 && channels != 3) || (depth != 8 && depth != 16))
        return dp_fail(job->rq->err, DAPPLE_E_FORMAT,
                       "%s: unsupported PNG layout (%d channels,"
                       " %d bits)",
                       job->rq->name, channels, depth);
    st = png_alloc(job, passes, rowbytes);
    if (st != DAPPLE_OK)
        return st;
    read_rows(job, passes, rowbytes, channels, depth);
    png_read_end(job->png, NULL); /* reaches IEND: checks the last CRCs, refuses truncation */
    return DAPPLE_OK;
}

static dapple_status load_png(source *src, const request *rq, image *img)
{
    png_job job = { .src = src, .rq = rq };
    job.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &job, on_png_error, on_png_warning);
    job.info = job.png != NULL ? png_create_info_struct(job.png) : NULL;
    if (job.info == NULL) {
        png_destroy_read_struct(job.png != NULL ? &job.png : NULL, NULL, NULL);
        return dp_fail(rq->err, DAPPLE_E_NOMEM, "%s: out of memory", rq->name);
    }
    dapple_status st = png_run(&job);
    png_destroy_read_struct(&job.png, &job.info, NULL);
    free(job.scratch);
    if (st != DAPPLE_OK) {
        free(job.out);
        return st;
    }
    img->pixels = job.out;
    img->width = (int)job.width;
    img->height = (int)job.height;
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- other formats via stb */

static const stbi_io_callbacks stb_callbacks = { stb_read, stb_skip, stb_eof };

/* What a file is, by the magic bytes stb itself tests (and PGM, read by pgm_load.c). TGA
 * has no magic: it is what remains, and no valid TGA starts like the others (its second
 * byte is 0 or 1). */
static const char *magic_format(const uint8_t m[4], size_t got)
{
    if (got >= 2 && m[0] == 0xff && (m[1] == 0xd8 || m[1] == 0xff)) /* stb skips fill 0xFFs */
        return "JPEG";
    if (got >= 2 && m[0] == 'B' && m[1] == 'M')
        return "BMP";
    if (got >= 4 && memcmp(m, "GIF8", 4) == 0)
        return "GIF";
    if (got >= 4 && memcmp(m, "8BPS", 4) == 0)
        return "PSD";
    if (got >= 2 && m[0] == 'P' && (m[1] == '2' || m[1] == '5'))
        return "PGM";
    return "TGA";
}

/* Formats stb would read that we refuse, named for the message: other netpbm kinds (colour,
 * bitmap, PAM) and Radiance HDR and Softimage PIC, whose stb readers had memory-safety bugs
 * (CVE-2021-42715, CVE-2021-42716) and which nobody asked for. NULL: not one of these. */
static const char *refused_format(const uint8_t m[4], size_t got)
{
    static const char *const netpbm[] = { "PBM", "PGM", "PPM", "PBM", "PGM", "PPM", "PAM" };
    if (got >= 2 && m[0] == 'P' && m[1] >= '1' && m[1] <= '7' && m[1] != '2' && m[1] != '5')
        return netpbm[m[1] - '1'];
    if (got >= 2 && m[0] == '#' && m[1] == '?')
        return "Radiance HDR";
    if (got >= 4 && memcmp(m, "S\x80\xf6\x34", 4) == 0)
        return "Softimage PIC";
    return NULL;
}

static dapple_status stb_failed(const request *rq, const char *format)
{
    const char *why = stbi_failure_reason();
    return dp_fail(rq->err, DAPPLE_E_FORMAT, "%s: corrupt %s: %s", rq->name, format,
                   why != NULL ? why : "unknown error");
}

/* The decoder must produce what stbi_info promised, or the size check meant nothing. */
static dapple_status dims_changed(const request *rq)
{
    return dp_fail(rq->err, DAPPLE_E_FORMAT,
                   "%s: corrupt image: decoded size differs from "
                   "its header",
                   rq->name);
}

/* Grey from stb: 1 channel when the file is grey (alpha dropped by stb), else RGB that we
 * weigh ourselves, so every format gets the same Rec. 709 luminance. */
static dapple_status stb_grey(source *src, const request *rq, const char *format, int comp,
                              image *img)
{
    int want = comp <= 2 ? 1 : 3, w = img->width, h = img->height, c;
    src_rewind(src);
    bool wide = stbi_is_16_bit_from_callbacks(&stb_callbacks, src);
    src_rewind(src);
    uint8_t *raw =
            wide ? (uint8_t *)stbi_load_16_from_callbacks(&stb_callbacks, src, &w, &h, &c, want)
                 : stbi_load_from_callbacks(&stb_callbacks, src, &w, &h, &c, want);
    if (raw == NULL)
        return stb_failed(rq, format);
    if (w != img->width || h != img->height) {
        stbi_image_free(raw);
        return dims_changed(rq);
    }
    uint16_t *out = dp_calloc_n((size_t)w * (size_t)h, sizeof *out);
    if (out == NULL) {
        stbi_image_free(raw);
        return dp_fail(rq->err, DAPPLE_E_NOMEM, "%s: out of memory", rq->name);
    }
    size_t row = (size_t)w * (size_t)want * (wide ? 2 : 1);
    for (int y = 0; y < h; y++)
        grey_row(out + (size_t)y * (size_t)w, raw + (size_t)y * row, w, want, wide ? 16 : 8);
    stbi_image_free(raw);
    img->pixels = out;
    img->width = w;
    img->height = h;
    return DAPPLE_OK;
}

static size_t guard_read(void *ctx, void *buf, size_t n)
{
    return src_read(ctx, buf, n);
}

/* Refuses a file that ends before its pixels do (see image_trunc.h). */
static dapple_status check_complete(source *src, const request *rq, const char *format)
{
    src_rewind(src);
    return dp_image_check_complete(format, guard_read, src, src->size, rq->name, rq->err);
}

/* stbi_info refused the file. One that starts like a BMP, GIF, PSD or JPEG but was cut
 * inside its header is named as truncated; anything else is not an image we read. */
static dapple_status not_an_image(source *src, const request *rq, const char *format)
{
    const char *why = stbi_failure_reason();
    dapple_status st = strcmp(format, "TGA") != 0 ? check_complete(src, rq, format) : DAPPLE_OK;
    if (st != DAPPLE_OK)
        return st;
    return dp_fail(rq->err, DAPPLE_E_FORMAT, "%s: not a %s image (%s)", rq->name, DP_READ_FORMATS,
                   why != NULL ? why : "unknown");
}

static dapple_status load_stb(source *src, const request *rq, const char *format, image *img)
{
    int w, h, comp;
    src_rewind(src);
    /* before stbi_info, which already parses the tables before the frame header */
    dapple_status st = dp_stb_guard_jpeg(guard_read, src, rq->name, rq->err);
    if (st != DAPPLE_OK)
        return st;
    src_rewind(src);
    if ((st = dp_stb_guard_psd(guard_read, src, rq->name, rq->err)) != DAPPLE_OK)
        return st;
    src_rewind(src);
    if (!stbi_info_from_callbacks(&stb_callbacks, src, &w, &h, &comp))
        return not_an_image(src, rq, format);
    if (h < 0 && h > INT_MIN && strcmp(format, "BMP") == 0)
        h = -h; /* stbi_info passes on a top-down BMP's negative height; stbi_load does not */
    st = check_size(rq, w > 0 ? (uint64_t)w : 0, h > 0 ? (uint64_t)h : 0);
    if (st == DAPPLE_OK)
        st = check_complete(src, rq, format);
    if (st != DAPPLE_OK)
        return st;
    img->width = w;
    img->height = h;
    if (!rq->rgba)
        return stb_grey(src, rq, format, comp, img);

    src_rewind(src);
    /* stb allocates with malloc (Debian builds it with the default STBI_MALLOC), so the
     * caller's free() is the right release. */
    img->pixels = stbi_load_from_callbacks(&stb_callbacks, src, &w, &h, &comp, 4);
    if (img->pixels == NULL)
        return stb_failed(rq, format);
    if (w != img->width || h != img->height) {
        stbi_image_free(img->pixels);
        img->pixels = NULL;
        return dims_changed(rq);
    }
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- PGM (pgm_load.c) */

/* RGBA8 from grey 0..65535, rounded to 8 bits as libpng's png_set_scale_16 does, so a
 * 16-bit PGM stamp looks like the same 16-bit PNG. Frees grey. */
static uint8_t *grey_to_rgba(uint16_t *grey, size_t n)
{
    uint8_t *rgba = dp_calloc_n(n, 4);
    for (size_t i = 0; rgba != NULL && i < n; i++) {
        uint8_t v = (uint8_t)((grey[i] * 255u + 32895u) >> 16);
        memset(rgba + 4 * i, v, 3);
        rgba[4 * i + 3] = 255;
    }
    free(grey);
    return rgba;
}

static dapple_status load_pgm(source *src, const request *rq, image *img)
{
    dp_byte_reader r;
    dp_pgm pgm;
    dp_byte_reader_init(&r, guard_read, src);
    dapple_status st = dp_pgm_header(&r, &pgm, rq->name, rq->err);
    if (st == DAPPLE_OK)
        st = check_size(rq, (uint64_t)pgm.width, (uint64_t)pgm.height);
    if (st != DAPPLE_OK)
        return st;
    size_t n = (size_t)pgm.width * (size_t)pgm.height;
    uint16_t *grey = dp_calloc_n(n, sizeof *grey);
    if (grey == NULL)
        return dp_fail(rq->err, DAPPLE_E_NOMEM, "%s: out of memory", rq->name);
    st = dp_pgm_raster_into(&r, &pgm, src->size, grey, rq->name, rq->err);
    if (st != DAPPLE_OK) {
        free(grey);
        return st;
    }
    img->pixels = rq->rgba ? (void *)grey_to_rgba(grey, n) : grey;
    img->width = pgm.width;
    img->height = pgm.height;
    return img->pixels != NULL ? DAPPLE_OK
                               : dp_fail(rq->err, DAPPLE_E_NOMEM, "%s: out of memory", rq->name);
}

/* ---------------------------------------------------------------- entry points */

static dapple_status decode(source *src, const request *rq, image *img)
{
    static const uint8_t png_magic[4] = { 0x89, 'P', 'N', 'G' };
    uint8_t magic[4];
    img->pixels = NULL;
    size_t got = src_read(src, magic, sizeof magic);
    src_rewind(src);
    if (got == 0)
        return dp_fail(rq->err, DAPPLE_E_FORMAT, "%s: empty file", rq->name);
    /* The first four bytes decide; libpng then checks the full 8-byte signature itself
     * and names the damage (e.g. a file mangled by a text-mode transfer). */
    if (got == sizeof magic && memcmp(magic, png_magic, sizeof magic) == 0)
        return load_png(src, rq, img);
    const char *refused = refused_format(magic, got), *format = magic_format(magic, got);
    if (refused != NULL)
        return dp_fail(rq->err, DAPPLE_E_FORMAT,
                       "%s: not a %s image (%s is not read; convert it to PNG)", rq->name,
                       DP_READ_FORMATS, refused);
    if (strcmp(format, "PGM") == 0)
        return load_pgm(src, rq, img);
    return load_stb(src, rq, format, img);
}

static dapple_status open_source(source *src, const char *path, dapple_error *err)
{
    struct stat st;
    /* non-blocking, and checked before the first read: opening a FIFO for reading would
     * otherwise wait for a writer forever */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path, strerror(errno));
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        bool dir = S_ISDIR(st.st_mode);
        close(fd);
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path,
                       dir ? "is a directory, not an image" : "not a regular file");
    }
    src->size = (size_t)st.st_size;
    src->fp = fdopen(fd, "rb");
    if (src->fp == NULL) {
        close(fd);
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path, strerror(errno));
    }
    return DAPPLE_OK;
}

static dapple_status load_file(const char *path, uint64_t max_pixels, bool rgba, image *img,
                               dapple_error *err)
{
    img->pixels = NULL;
    if (path == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "no image path given");
    source src = { 0 };
    dapple_status st = open_source(&src, path, err);
    if (st != DAPPLE_OK)
        return st;
    request rq = { path, max_pixels != 0 ? max_pixels : DP_DEFAULT_MAX_PIXELS, rgba, err };
    st = decode(&src, &rq, img);
    fclose(src.fp);
    return st;
}

static dapple_status load_mem(const void *data, size_t size, const char *name, uint64_t max_pixels,
                              bool rgba, image *img, dapple_error *err)
{
    source src = { NULL, data, data != NULL ? size : 0, 0, false };
    request rq = { name != NULL ? name : "(memory)",
                   max_pixels != 0 ? max_pixels : DP_DEFAULT_MAX_PIXELS, rgba, err };
    return decode(&src, &rq, img);
}

static dapple_status hand_over(dapple_status st, const image *img, void **pixels, int *width,
                               int *height)
{
    *pixels = st == DAPPLE_OK ? img->pixels : NULL;
    *width = st == DAPPLE_OK ? img->width : 0;
    *height = st == DAPPLE_OK ? img->height : 0;
    return st;
}

dapple_status dp_image_load_grey16(const char *path, uint64_t max_pixels, uint16_t **pixels,
                                   int *width, int *height, dapple_error *err)
{
    image img;
    void *p;
    dapple_status st =
            hand_over(load_file(path, max_pixels, false, &img, err), &img, &p, width, height);
    *pixels = p;
    return st;
}

dapple_status dp_image_load_rgba8(const char *path, uint64_t max_pixels, uint8_t **rgba, int *width,
                                  int *height, dapple_error *err)
{
    image img;
    void *p;
    dapple_status st =
            hand_over(load_file(path, max_pixels, true, &img, err), &img, &p, width, height);
    *rgba = p;
    return st;
}

dapple_status dp_image_load_grey16_mem(const void *data, size_t size, const char *name,
                                       uint64_t max_pixels, uint16_t **pixels, int *width,
                                       int *height, dapple_error *err)
{
    image img;
    void *p;
    dapple_status st = hand_over(load_mem(data, size, name, max_pixels, false, &img, err), &img, &p,
                                 width, height);
    *pixels = p;
    return st;
}

dapple_status dp_image_load_rgba8_mem(const void *data, size_t size, const char *name,
                                      uint64_t max_pixels, uint8_t **rgba, int *width, int *height,
                                      dapple_error *err)
{
    image img;
    void *p;
    dapple_status st = hand_over(load_mem(data, size, name, max_pixels, true, &img, err), &img, &p,
                                 width, height);
    *rgba = p;
    return st;
}
