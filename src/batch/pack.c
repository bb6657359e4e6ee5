/* SPDX-License-Identifier: MIT
 * `dapple pack` (see pack.h). The main thread loads every preset, decides what is up to
 * date, then hands the rest to a pool of workers, biggest first (longest-processing-time
 * scheduling: the pack ends when its last big job does). Workers only render and hash;
 * the main thread alone prints and writes the manifest, after every finished job and in
 * file order, so a pack killed at any moment keeps its progress and a rerun completes it.
 * Outputs, manifest and sheet are all written through atomic files. Every line for the
 * user goes through the caller's dp_pack_events, from the main thread. */
#include "batch/pack.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch/build_id.h"
#include "batch/folder.h"
#include "batch/inputs.h"
#include "batch/manifest.h"
#include "render/outputs.h"
#include "batch/pack_manifest.h"
#include "batch/plan.h"
#include "batch/pool.h"
#include "preset/scale_look.h"
#include "core/dp.h"
#include "io/same_file.h"
#include "io/sha256.h"
#include "io/temps.h"
#include "preset/preset.h"
#include "render/contact_sheet.h"
#include "render/render.h"

#define OUT_PATH_MAX DP_BATCH_PATH_MAX
#define BASE_MAX     (DP_NAME_MAX + 24) /* "NAME-s18446744073709551615" */

typedef enum job_state { JOB_PENDING, JOB_SKIPPED, JOB_DONE, JOB_FAILED } job_state;

/* One preset file: its spec is shared, read-only, by the jobs of all its seeds. */
typedef struct pack_preset {
    char path[DP_PATH_MAX];
    const char *file;      /* the base name inside path */
    dp_texture_spec *spec; /* owned; NULL when loading failed (err says why) */
    dapple_error err;
    char sha256[DP_SHA256_HEX];
    char inputs_sha256[DP_SHA256_HEX]; /* the images it reads: dp_inputs_sha256 */
    bool mine;                         /* a job of it is this shard's: loaded */
} pack_preset;

/* One render: a preset at one seed, and the files it makes. */
typedef struct pack_job {
    const pack_preset *preset;
    uint64_t seed;
    char base[BASE_MAX]; /* output names start with it */
    double cost;
    job_state state; /* written by the main thread only */
    bool rendered;   /* the worker's verdict, read by the main thread once it reports back */
    dapple_error err;
    dp_batch_entry out[DP_KIND_COUNT]; /* the manifest's entries; meta owned */
    dp_output_kind kind[DP_KIND_COUNT];
    int n_out;
    double seconds; /* the render's, for the progress line */
    int sheet_out;  /* index into out of the file shown on the contact sheet, -1: none */
    dp_thumb thumb; /* made by the worker when the pack draws a sheet */
} pack_job;

typedef struct pack {
    const dp_pack_opts *o;
    char dir[DP_PATH_MAX];       /* where outputs go: OUT_DIR, or the --check folder */
    char manifest[OUT_PATH_MAX]; /* manifest.json or manifest-shard-I-of-N.json */
    pack_preset *presets;
    size_t n_presets;
    pack_job *jobs;
    size_t n_jobs;
    dp_batch_manifest old; /* what the last run wrote: resume asks it */
    dp_batch_lock lock;
    bool manifest_failed;
    dp_batch_saver saver;   /* the manifest's rhythm: at most a third of the main thread's time */
    bool thumbs;            /* workers make the sheet's thumbnails while they are in parallel */
    size_t *order, n_order; /* jobs to render, biggest first */
    const dp_pack_events *ev;
} pack;

/* ------------------------------------------------------------------------- the folder */

/* OUT_DIR itself is created (one level, like mkdir); a missing parent is an error. */
static dapple_status prepare_out_dir(pack *p, dapple_error *err)
{
    if (dp_batch_make_dir(p->o->out_dir, err) != DAPPLE_OK)
        return err->status;
    return dp_batch_lock_take(&p->lock, p->o->out_dir, err);
}

/* ------------------------------------------------------------------------- presets */

/* By name alone: a "x.ini" that cannot be read (a dangling or looping link, a FIFO) is a
 * preset that failed, reported with the rest, not one to pass over in silence. */
static bool is_preset_name(const char *dir, const char *name)
{
    size_t n = strlen(name);
    (void)dir;
    return name[0] != '.' && n >= 5 && strcmp(name + n - 4, ".ini") == 0;
}

/* --scale F with render's meaning (preset/scale_look.c): the whole look x F, each side
 * rounded to whole pixels as render rounds it, and said (768 x 1.33333 = 1023.99744: it
 * was refused, and no F short of 16 digits packed a 768 px preset at 1024 px); --scale-to
 * WxH gives that size exactly, and fails a preset of another aspect ratio, naming it. */
static dapple_status scale_preset(const pack *p, dp_texture_spec *t, const char *path,
                                  dapple_error *err)
{
    const dp_pack_opts *o = p->o;
    double w, h;
    if (o->scale_to_w > 0 &&
        dp_texture_scale_to(t, o->scale_to_w, o->scale_to_h, NULL, err) != DAPPLE_OK)
        return dp_fail_prefix(err, err->status, "%s: --scale-to", path);
    if (o->scale_to_w > 0 || o->scale <= 0 || o->scale == 1)
        return DAPPLE_OK;
    if (dp_texture_scale_rounds(t, o->scale, &w, &h)) /* the main thread: it may print */
        dp_batch_say(p->ev->say, p->ev->user,
                     "pack: %s: --scale %g gives %.9gx%.9g pixels, rounded to %ldx%ld "
                     "(--scale-to WxH for an exact size)",
                     path, o->scale, w, h, DP_MAX(1, lround(w)), DP_MAX(1, lround(h)));
    if (dp_texture_scale_look(t, o->scale, err) != DAPPLE_OK)
        return dp_fail_prefix(err, err->status, "%s: --scale %g", path, o->scale);
    return DAPPLE_OK;
}

/* The preset's hash covers its bytes (those parsed, not a second read) and the options
 * that change what it renders, so changing either re-renders. With no such option it is
 * the file's plain sha256. */
static void hash_preset(pack_preset *pr, const char *text, size_t len, const dp_pack_opts *o)
{
    char file_hex[DP_SHA256_HEX], extra[96];
    dp_sha256 h;
    dp_sha256_init(&h);
    dp_sha256_update(&h, text, len);
    dp_sha256_final_hex(&h, file_hex);
    bool scaled = o->scale > 0 && o->scale != 1;
    if (o->size_cap == 0 && !scaled && o->scale_to_w == 0) {
        memcpy(pr->sha256, file_hex, sizeof file_hex);
        return;
    }
    if (o->scale_to_w > 0)
        snprintf(extra, sizeof extra, "\nsize-cap=%d\nscale-to=%dx%d", o->size_cap, o->scale_to_w,
                 o->scale_to_h);
    else if (!scaled) /* as before --scale was: those hashes stay */
        snprintf(extra, sizeof extra, "\nsize-cap=%d", o->size_cap);
    else
        snprintf(extra, sizeof extra, "\nsize-cap=%d\nscale=%.17g", o->size_cap, o->scale);
    dp_sha256_init(&h);
    dp_sha256_update(&h, file_hex, 64);
    dp_sha256_update(&h, extra, strlen(extra));
    dp_sha256_final_hex(&h, pr->sha256);
}

/* A preset that cannot be read or loaded keeps spec NULL and err, and fails as a job. */
static void load_preset(const pack *p, pack_preset *pr)
{
    const dp_pack_opts *o = p->o;
    char *text = NULL;
    size_t len = 0;
    dp_texture_spec *t = malloc(sizeof *t);
    if (t == NULL) {
        dp_fail(&pr->err, DAPPLE_E_NOMEM, "%s: out of memory", pr->path);
        return;
    }
    bool ok = dp_preset_read(pr->path, &text, &len, &pr->err) == DAPPLE_OK &&
              dp_preset_parse_string(text, len, pr->path, t, &pr->err) == DAPPLE_OK &&
              scale_preset(p, t, pr->path, &pr->err) == DAPPLE_OK &&
              dp_texture_cap_size(t, o->size_cap, &pr->err) == DAPPLE_OK &&
              dp_batch_inputs_sha256(t, pr->inputs_sha256, &pr->err) == DAPPLE_OK;
    if (ok)
        hash_preset(pr, text, len, o);
    free(text);
    if (!ok)
        free(t);
    pr->spec = ok ? t : NULL;
}

/* Seeds per preset: jobs are numbered preset by preset, seed by seed. */
static size_t seed_count(const dp_pack_opts *o)
{
    return o->have_seeds ? (size_t)(o->seed_last - o->seed_first) + 1 : 1;
}

/* Whether job 'job' (preset index x seeds + seed index, in sorted preset order) is this
 * shard's: --shard splits jobs, not presets, so 8 seeds of one preset spread over
 * machines. A preset that fails to load is one job, numbered as its first seed's. */
static bool job_mine(const dp_pack_opts *o, size_t job)
{
    return dp_batch_shard_mine(job, o->shard_index, o->shard_count);
}

/* Whether any job of preset i is this shard's (then it is loaded). */
static bool preset_mine(const dp_pack_opts *o, size_t i)
{
    size_t seeds = seed_count(o), n = (size_t)o->shard_count;
    if (o->shard_count <= 0 || seeds >= n)
        return true;
    size_t first = i * seeds, want = (size_t)(o->shard_index - 1);
    return (want + n - first % n) % n < seeds;
}

/* Loads the presets with a job in this shard; the others keep their index, spec NULL. */
static dapple_status load_presets(pack *p, char **names, size_t n, dapple_error *err)
{
    const dp_pack_opts *o = p->o;
    p->presets = dp_calloc_n(n, sizeof *p->presets);
    if (p->presets == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu presets", n);
    p->n_presets = n;
    for (size_t i = 0; i < n; i++) {
        pack_preset *pr = &p->presets[i];
        dp_batch_join(pr->path, sizeof pr->path, o->preset_dir, names[i]);
        pr->file = pr->path + strlen(pr->path) - strlen(names[i]);
        pr->mine = preset_mine(o, i);
        if (pr->mine)
            load_preset(p, pr);
    }
    return DAPPLE_OK;
}

static dapple_status find_presets(pack *p, dapple_error *err)
{
    char **names;
    size_t n;
    if (dp_batch_list_dir(p->o->preset_dir, is_preset_name, &names, &n, err) != DAPPLE_OK)
        return err->status;
    dapple_status st = DAPPLE_OK;
    if (n == 0)
        st = dp_fail(err, DAPPLE_E_INVALID, "pack: no *.ini presets in %s", p->o->preset_dir);
    else
        st = load_presets(p, names, n, err);
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return st;
}

/* ------------------------------------------------------------------------- jobs */

/* The files a spec asks for, named from base, each with its kind, its job hash and the
 * manifest keys known before rendering. */
static int plan_outputs(pack_job *j, const pack_preset *pr)
{
    static const char *const suffix[DP_KIND_COUNT] = { ".png",           "-height.png",
                                                       "-normal.png",    "-mask.png",
                                                       "-points",        "-albedo.png",
                                                       "-roughness.png", "-ao.png" };
    const dp_texture_spec *t = pr->spec;
    bool want[DP_KIND_COUNT] = { t->want_texture,       t->want_height,
                                 t->want_normal,        t->mask != DP_MASK_NONE,
                                 t->points_format >= 0, t->want_albedo,
                                 t->want_roughness,     t->want_ao };
    int depth[DP_KIND_COUNT] = { 8, 16, 8, t->mask_depth, 0, 8, 8, 8 };
    int n = 0;
    for (int k = 0; k < DP_KIND_COUNT; k++) {
        if (!want[k])
            continue;
        dp_batch_entry *e = &j->out[n];
        j->kind[n++] = (dp_output_kind)k;
        snprintf(e->file, sizeof e->file, "%s%s%s", j->base, suffix[k],
                 k != DP_KIND_POINTS     ? ""
                 : t->points_format == 1 ? ".json"
                                         : ".csv");
        dp_pack_job_sha256(pr->sha256, pr->inputs_sha256, j->seed, (dp_output_kind)k,
                           e->job_sha256);
        e->meta = dp_pack_meta_new(t->name, pr->sha256, pr->inputs_sha256, j->seed);
        dp_pack_meta_format(e->meta, (dp_output_kind)k, t->width, t->height, depth[k], t->wrap,
                            k == DP_KIND_HEIGHT ? dp_height_unit(t) : 0);
    }
    return n;
}

/* Work estimate for scheduling, in pixel-equivalents: every image written costs its pixels
 * (mostly the PNG encoder), every layer a share of the pixels by how dear its style is to
 * draw, and every expected point (~0.7 per r^2 of area) a few pixels more. Fitted on the
 * presets/ library, where it tracks the measured seconds within about 30 %. */
static double job_cost(const dp_texture_spec *t, int n_out)
{
    static const double style_weight[] = { [DP_STYLE_CIRCLES] = 0.5,
                                           [DP_STYLE_OUTLINES] = 0.5,
                                           [DP_STYLE_DROPLETS] = 1,
                                           [DP_STYLE_BUBBLES] = 1,
                                           [DP_STYLE_STAMPS] = 2 };
    double area = (double)t->width * t->height, points = 0, draw = 0;
    for (int i = 0; i < t->n_layers; i++) {
        const dp_layer_spec *l = &t->layers[i];
        points += l->count > 0 ? (double)l->count
                               : 0.7 * area / (l->field.rmin * dapple_field_opts_rmax(&l->field));
        draw += (unsigned)l->style <= DP_STYLE_STAMPS ? style_weight[l->style] : 1;
    }
    return area * (n_out + draw) + 10 * points;
}

static void make_job(pack_job *j, const pack_preset *pr, uint64_t seed, bool seeded)
{
    memset(j, 0, sizeof *j);
    j->preset = pr;
    if (pr->spec == NULL) {
        j->state = JOB_FAILED;
        j->err = pr->err;
        snprintf(j->base, sizeof j->base, "%s", pr->file);
        return;
    }
    j->seed = seeded ? seed : pr->spec->seed;
    if (seeded)
        snprintf(j->base, sizeof j->base, "%s-s%llu", pr->spec->name, (unsigned long long)seed);
    else
        snprintf(j->base, sizeof j->base, "%s", pr->spec->name);
    j->n_out = plan_outputs(j, pr);
    j->cost = job_cost(pr->spec, j->n_out);
    if (j->n_out == 0) {
        j->state = JOB_FAILED;
        dp_fail(&j->err, DAPPLE_E_INVALID,
                "%s: asks for no output (texture = false, no height, normal, mask, points, "
                "albedo, roughness or ao)",
                pr->path);
    }
    j->sheet_out = -1;
    for (int k = j->n_out - 1; k >= 0; k--) /* the texture, else the mask */
        if (j->kind[k] == DP_KIND_TEXTURE || j->kind[k] == DP_KIND_MASK)
            j->sheet_out = k;
}

/* One job per preset and seed, this shard's only; a preset that failed to load is one
 * failed job (numbered as its first seed's). */
static dapple_status make_jobs(pack *p, dapple_error *err)
{
    const dp_pack_opts *o = p->o;
    size_t seeds = seed_count(o);
    p->jobs = dp_calloc_n(p->n_presets * seeds, sizeof *p->jobs);
    if (p->jobs == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu jobs", p->n_presets * seeds);
    for (size_t i = 0; i < p->n_presets; i++) {
        const pack_preset *pr = &p->presets[i];
        for (size_t s = 0; pr->mine && s < (pr->spec ? seeds : 1); s++)
            if (job_mine(o, i * seeds + s))
                make_job(&p->jobs[p->n_jobs++], pr, o->seed_first + s, o->have_seeds);
    }
    return DAPPLE_OK;
}

/* An output name claimed by two jobs (preset "a" makes a-mask.png, preset "a-mask" makes
 * a-mask.png too) would be written twice at once with a manifest telling half the story:
 * the later preset fails instead. The contact sheet's name is reserved the same way. */
static bool refuse_job(void *ctx, const char *file, size_t owner, size_t job)
{
    pack *p = ctx;
    pack_job *j = &p->jobs[job];
    if (j->state == JOB_FAILED)
        return true;
    j->state = JOB_FAILED;
    dp_fail(&j->err, DAPPLE_E_INVALID, "%s: its output %s is also written by %s", j->preset->path,
            file, owner < p->n_jobs ? p->jobs[owner].preset->file : "the pack (its contact sheet)");
    return true;
}

static dapple_status refuse_collisions(pack *p, dapple_error *err)
{
    static const char *const sheet[] = { "contact-sheet.png" };
    size_t n = 0;
    const char **file = dp_calloc_n(p->n_jobs * DP_KIND_COUNT + 1, sizeof *file);
    size_t *job = dp_calloc_n(p->n_jobs * DP_KIND_COUNT + 1, sizeof *job);
    dapple_status st = DAPPLE_OK;
    if (file == NULL || job == NULL)
        st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu jobs", p->n_jobs);
    for (size_t i = 0; i < p->n_jobs && st == DAPPLE_OK; i++)
        for (int k = 0; k < p->jobs[i].n_out && p->jobs[i].state != JOB_FAILED; k++)
            file[n] = p->jobs[i].out[k].file, job[n++] = i;
    if (st == DAPPLE_OK && !dp_batch_claims(file, job, n, sheet, 1, refuse_job, p, err))
        st = err->status;
    free(file);
    free(job);
    return st;
}

/* An output that names an image some preset reads (a.ini with field = image:a.png, packed
 * into its own folder) would overwrite it before it is read: that job fails instead. */
static bool overwrites_input(const pack *p, pack_job *j, const char *out)
{
    for (size_t q = 0; q < p->n_presets; q++) {
        const char *in[DP_BATCH_MAX_INPUTS];
        const pack_preset *pr = &p->presets[q];
        int n = pr->spec != NULL ? dp_batch_spec_images(pr->spec, in) : 0;
        for (int m = 0; m < n; m++) {
            if (!dp_same_file(out, in[m]))
                continue;
            j->state = JOB_FAILED;
            dp_fail(&j->err, DAPPLE_E_INVALID, "%s: its output %s would overwrite %s, read by %s",
                    j->preset->path, out, in[m], pr->file);
            return true;
        }
    }
    return false;
}

static void refuse_input_overwrites(pack *p)
{
    char out[OUT_PATH_MAX];
    for (size_t i = 0; i < p->n_jobs; i++) {
        pack_job *j = &p->jobs[i];
        for (int k = 0; k < j->n_out && j->state != JOB_FAILED; k++) {
            snprintf(out, sizeof out, "%s/%s", p->o->out_dir, j->out[k].file);
            if (overwrites_input(p, j, out))
                break;
        }
    }
}

/* Up to date: the last manifest was written by this very build (version and sources), and
 * every output is in it with this preset hash, inputs hash, seed and kind, and the file on
 * disk still has the recorded checksum. */
static bool up_to_date(const pack *p, const pack_job *j)
{
    if (j->n_out == 0)
        return false;
    for (int i = 0; i < j->n_out; i++)
        if (!dp_batch_fresh(&p->old, dp_build_id(), p->dir, j->out[i].file, j->out[i].job_sha256,
                            NULL))
            return false;
    return true;
}

static void mark_skips(pack *p)
{
    for (size_t i = 0; i < p->n_jobs; i++) {
        pack_job *j = &p->jobs[i];
        if (j->state != JOB_PENDING || !up_to_date(p, j))
            continue;
        j->state = JOB_SKIPPED;
        for (int k = 0; k < j->n_out; k++) { /* its entry as the last run recorded it */
            const dp_batch_entry *e = dp_batch_manifest_find(&p->old, j->out[k].file);
            memcpy(j->out[k].sha256, e->sha256, sizeof e->sha256);
            json_decref(j->out[k].meta);
            j->out[k].meta = json_incref(e->meta);
        }
    }
}

/* ------------------------------------------------------------------------- rendering */

/* The manifest's kinds are named as the render room names its outputs. */
static void set_path(dp_output_paths *op, dp_output_kind k, const char *path)
{
    const char **slot = dp_output_slot(op, dp_output_kind_name(k));
    if (slot != NULL)
        *slot = path;
}

static dapple_status hash_outputs(const pack *p, pack_job *j, const dp_render_stats *stats)
{
    char path[OUT_PATH_MAX];
    for (int i = 0; i < j->n_out; i++) { /* the job's own metas: no other thread reads them */
        dp_batch_entry *e = &j->out[i];
        snprintf(path, sizeof path, "%s/%s", p->dir, e->file);
        if (dp_sha256_file(path, e->sha256, &j->err) != DAPPLE_OK)
            return j->err.status;
        dp_pack_meta_rendered(e->meta, stats->points, stats->n_layers, stats->seconds);
    }
    j->seconds = stats->seconds;
    return DAPPLE_OK;
}

/* Runs on a worker: a private copy of the spec (only the seed differs), then the files.
 * It leaves j->state alone: the main thread reads the states of all jobs while writing
 * the manifest and sets this one when the worker reports back. */
static void render_job(const pack *p, pack_job *j)
{
    char path[DP_KIND_COUNT][OUT_PATH_MAX];
    dp_output_paths op = { .phase = p->ev->phase };
    dp_render_stats stats;
    dp_texture_spec *t = malloc(sizeof *t);
    if (t == NULL) {
        dp_fail(&j->err, DAPPLE_E_NOMEM, "%s: out of memory", j->preset->path);
        return;
    }
    *t = *j->preset->spec;
    t->seed = j->seed;
    t->max_pixels = p->o->max_pixels;
    if (p->o->jobs > 1)
        t->render_threads = 1; /* the workers already fill the cores */
    for (int i = 0; i < j->n_out; i++) {
        snprintf(path[i], sizeof path[i], "%s/%s", p->dir, j->out[i].file);
        set_path(&op, j->kind[i], path[i]);
    }
    int slot[DP_KIND_COUNT];
    for (int i = 0; i < j->n_out; i++) /* --check's outputs: temporary once complete, too */
        slot[i] = p->o->check ? dp_temps_add(DP_TEMP_OUTPUT, path[i], -1) : -1;
    bool ok = dp_render_outputs(t, &op, &stats, &j->err) == DAPPLE_OK &&
              hash_outputs(p, j, &stats) == DAPPLE_OK;
    j->rendered = ok;
    if (ok && p->thumbs && j->sheet_out >= 0)
        dp_thumb_load(&j->thumb, path[j->sheet_out]);
    for (int i = 0; i < j->n_out && p->o->check; i++) { /* compared by their hashes alone */
        unlink(path[i]);
        dp_temps_forget(slot[i]);
    }
    free(t);
}

static bool run_one(void *ctx, size_t job)
{
    pack *p = ctx;
    render_job(p, &p->jobs[job]);
    return true; /* a failed preset is reported; the others render on */
}

/* ------------------------------------------------------------------------- manifest */

/* The entries of every job done or skipped so far, in file order, into an inited m (their
 * metas shared with the jobs'). */
static dapple_status collect_manifest(const pack *p, dp_batch_manifest *m, dapple_error *err)
{
    dapple_status st = DAPPLE_OK;
    for (size_t i = 0; i < p->n_jobs && st == DAPPLE_OK; i++) {
        const pack_job *j = &p->jobs[i];
        for (int k = 0; k < j->n_out && (j->state == JOB_DONE || j->state == JOB_SKIPPED); k++) {
            const dp_batch_entry *e = &j->out[k];
            st = dp_batch_manifest_add(m, e->file, e->job_sha256, e->sha256, json_incref(e->meta),
                                       err);
        }
    }
    dp_batch_manifest_sort(m);
    return st;
}

static void write_manifest(pack *p)
{
    dp_batch_manifest m;
    dapple_error err;
    double t0 = dp_batch_now();
    dp_batch_manifest_init(&m, "pack", dp_build_id());
    m.shard_index = p->o->shard_index, m.shard_count = p->o->shard_count;
    dapple_status st = collect_manifest(p, &m, &err);
    if (st == DAPPLE_OK)
        st = dp_batch_manifest_write(&m, p->manifest, &err);
    if (st != DAPPLE_OK && !p->manifest_failed)
        p->ev->note(p->ev->user, err.message); /* once, not after every job */
    p->manifest_failed |= st != DAPPLE_OK;
    dp_batch_manifest_fini(&m);
    dp_batch_saver_wrote(&p->saver, t0);
}

/* Main thread, after each job: report it and (outside --check) save the progress. */
static bool job_finished(void *ctx, size_t job)
{
    pack *p = ctx;
    pack_job *j = &p->jobs[job];
    j->state = j->rendered ? JOB_DONE : JOB_FAILED;
    if (j->state == JOB_FAILED) {
        p->ev->failed(p->ev->user, j->err.message, j->cost);
        return true;
    }
    /* saved before it is said: a run interrupted once a job's line is out keeps that job */
    if (!p->o->check && dp_batch_saver_due(&p->saver))
        write_manifest(p);
    p->ev->finished(p->ev->user, j->base, j->n_out, j->seconds, j->cost);
    return true;
}

static void job_started(void *ctx, size_t job)
{
    pack *p = ctx;
    p->ev->started(p->ev->user, p->jobs[job].base);
}

static void tick(void *ctx)
{
    pack *p = ctx;
    p->ev->tick(p->ev->user);
}

/* ------------------------------------------------------------------------- the pool */

static double job_cost_of(void *ctx, size_t i)
{
    return ((pack *)ctx)->jobs[i].cost;
}

static bool job_pending(void *ctx, size_t i)
{
    return ((pack *)ctx)->jobs[i].state == JOB_PENDING;
}

/* Progress counts the jobs to render; presets that failed to load are reported first. */
static void start_progress(pack *p)
{
    double cost = 0;
    int skipped = 0;
    for (size_t i = 0; i < p->n_order; i++)
        cost += p->jobs[p->order[i]].cost;
    for (size_t i = 0; i < p->n_jobs; i++)
        skipped += p->jobs[i].state == JOB_SKIPPED;
    p->ev->begin(p->ev->user, skipped, (int)p->n_jobs, p->o->have_seeds, (int)p->n_order, cost);
    for (size_t i = 0; i < p->n_jobs; i++)
        if (p->jobs[i].state == JOB_FAILED)
            p->ev->note(p->ev->user, p->jobs[i].err.message);
}

static dapple_status run_pool(pack *p, dapple_error *err)
{
    if (dp_batch_schedule(p->n_jobs, job_cost_of, job_pending, p, &p->order, &p->n_order, err) !=
        DAPPLE_OK)
        return err->status;
    start_progress(p);
    /* a quarter-second tick on a terminal, so the bar's clock keeps moving */
    dp_batch_pool_ops ops = { p, run_one, job_started, job_finished, tick };
    return dp_batch_pool_run(p->order, p->n_order, p->o->jobs, p->ev->ticks, &ops, err);
}

/* ------------------------------------------------------------------------- --check */

static dapple_status make_check_dir(pack *p, dapple_error *err)
{
    int slot; /* an interrupt removes it; after remove_temp, an rmdir that fails harmlessly */
    dp_batch_join(p->dir, sizeof p->dir, p->o->out_dir, ".check.XXXXXX");
    if (dp_temps_mkdtemp(p->dir, &slot) == NULL)
        return dp_fail(err, DAPPLE_E_IO, "%s: cannot make a folder for --check: %s", p->o->out_dir,
                       strerror(errno));
    return DAPPLE_OK;
}

static void print_difference(void *ctx, const char *file, const char *sha, const char *old_sha)
{
    const pack *p = ctx;
    if (old_sha == NULL)
        dp_batch_say(p->ev->say, p->ev->user, "check: %s: not in the manifest", file);
    else if (sha == NULL)
        dp_batch_say(p->ev->say, p->ev->user, "check: %s: in the manifest but no preset makes it",
                     file);
    else
        dp_batch_say(p->ev->say, p->ev->user,
                     "check: %s: differs (sha256 %.12s..., manifest %.12s...)", file, sha, old_sha);
}

/* Every rendered output against the manifest, and (when nothing failed) every manifest
 * entry against the outputs, so a deleted preset shows too. Returns the differences. */
static size_t compare_all(pack *p, size_t *n_checked)
{
    dp_batch_manifest fresh;
    dapple_error err;
    bool any_failed = false;
    dp_batch_manifest_init(&fresh, "pack", "");
    for (size_t i = 0; i < p->n_jobs; i++)
        any_failed |= p->jobs[i].state == JOB_FAILED;
    size_t bad = collect_manifest(p, &fresh, &err) != DAPPLE_OK;
    if (bad == 0)
        bad = dp_batch_compare(&p->old, &fresh, !any_failed, print_difference, p);
    *n_checked = fresh.n;
    dp_batch_manifest_fini(&fresh);
    return bad;
}

/* ------------------------------------------------------------------------- running */

static void pack_init(pack *p, const dp_pack_opts *o, const dp_pack_events *ev)
{
    char name[64];
    memset(p, 0, sizeof *p);
    p->o = o;
    p->ev = ev;
    p->lock.fd = -1;
    p->saver.ratio = 2;
    dp_batch_manifest_init(&p->old, "pack", "");
    snprintf(p->dir, sizeof p->dir, "%s", o->out_dir);
    dp_batch_manifest_name(name, sizeof name, "manifest", o->shard_index, o->shard_count);
    dp_batch_join(p->manifest, sizeof p->manifest, o->out_dir, name);
}

static void pack_fini(pack *p)
{
    for (size_t i = 0; i < p->n_presets; i++)
        free(p->presets[i].spec);
    for (size_t i = 0; i < p->n_jobs; i++) {
        dp_thumb_fini(&p->jobs[i].thumb);
        for (int k = 0; k < p->jobs[i].n_out; k++)
            json_decref(p->jobs[i].out[k].meta);
    }
    free(p->presets);
    free(p->jobs);
    free(p->order);
    dp_batch_manifest_fini(&p->old);
    dp_batch_lock_release(&p->lock);
}

static dapple_status check_preset_dir(const char *dir, dapple_error *err)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", dir, strerror(ENOTDIR));
    return DAPPLE_OK;
}

/* Room for every output of this run at 2 KiB an entry (the longest names escaped), and
 * 64 MiB for outputs of earlier runs (other seeds, deleted presets) beside them. */
static uint64_t manifest_bound(const pack *p)
{
    return ((uint64_t)64 << 20) + (uint64_t)p->n_jobs * DP_KIND_COUNT * 2048;
}

/* The last manifest: required by --check; otherwise a missing one means a first run and
 * an unreadable one is reported and ignored (everything renders again). */
static dapple_status read_old_manifest(pack *p, dapple_error *err)
{
    if (!p->o->check && access(p->manifest, F_OK) != 0)
        return DAPPLE_OK;
    dapple_status st = dp_pack_manifest_read(&p->old, p->manifest, manifest_bound(p), err);
    size_t bad = st == DAPPLE_OK ? p->old.n_skipped : 0;
    if (bad > 0 && p->o->check) /* --check compares with every entry: none may be lost */
        return dp_fail(err, DAPPLE_E_FORMAT, "%s", p->old.skipped);
    if (bad > 0) /* the outputs of the bad entries render again, no others */
        dp_batch_say(p->ev->say, p->ev->user, "%s (%zu bad entr%s): their outputs render again",
                     p->old.skipped, bad, bad == 1 ? "y" : "ies");
    if (st == DAPPLE_OK || p->o->check)
        return st;
    dp_batch_say(p->ev->say, p->ev->user, "%s (ignored: rendering everything)",
                 err->message); /* p->old is empty again */
    return DAPPLE_OK;
}

static dapple_status prepare(pack *p, dapple_error *err)
{
    if (check_preset_dir(p->o->preset_dir, err) != DAPPLE_OK || find_presets(p, err) != DAPPLE_OK ||
        prepare_out_dir(p, err) != DAPPLE_OK || make_jobs(p, err) != DAPPLE_OK ||
        refuse_collisions(p, err) != DAPPLE_OK || read_old_manifest(p, err) != DAPPLE_OK)
        return err->status;
    refuse_input_overwrites(p);
    if (p->o->check)
        return make_check_dir(p, err);
    if (!p->o->force)
        mark_skips(p);
    /* Beyond one sheet's worth the sheet loads the few files it shows itself. */
    p->thumbs = p->o->shard_count == 0 && p->n_jobs <= DP_SHEET_MAX;
    return DAPPLE_OK;
}

/* Preset files that failed, each named once: "dapple: pack: 2 failed: a.ini, b.ini". */
static void print_failures(const pack *p)
{
    char list[1024] = "";
    const pack_preset *last = NULL;
    size_t used = 0;
    int n = 0;
    for (size_t i = 0; i < p->n_jobs; i++) {
        if (p->jobs[i].state != JOB_FAILED || p->jobs[i].preset == last)
            continue;
        last = p->jobs[i].preset;
        if (used < sizeof list)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", n ? ", " : "",
                                     last->file);
        n++;
    }
    if (n > 0)
        dp_batch_say(p->ev->say, p->ev->user, "pack: %d failed: %s%s", n, list,
                     used >= sizeof list ? "..." : "");
}

static void count_states(const pack *p, int count[4], size_t *up_to_date)
{
    memset(count, 0, 4 * sizeof *count);
    *up_to_date = 0;
    for (size_t i = 0; i < p->n_jobs; i++) {
        count[p->jobs[i].state]++;
        if (p->jobs[i].state == JOB_SKIPPED)
            *up_to_date += (size_t)p->jobs[i].n_out;
    }
}

/* Whether an output belongs on the contact sheet: a texture, or a mask whose preset (same
 * base name) makes no texture. m must be sorted. */
static bool sheet_wants(const dp_batch_manifest *m, const dp_batch_entry *e, dp_output_kind kind)
{
    char texture[DP_BATCH_FILE_MAX];
    size_t n = strlen(e->file);
    if (kind == DP_KIND_TEXTURE)
        return true;
    if (kind != DP_KIND_MASK)
        return false;
    if (n < 9 || strcmp(e->file + n - 9, "-mask.png") != 0)
        return true;
    snprintf(texture, sizeof texture, "%.*s.png", (int)(n - 9), e->file);
    return dp_batch_manifest_find(m, texture) == NULL;
}

/* Fills items (up to DP_SHEET_MAX) from a sorted manifest, in file order; returns the
 * count and sets *total to how many outputs wanted a cell. */
static int sheet_pick(const dp_batch_manifest *m, dp_sheet_item *items, int *total)
{
    int n = 0;
    *total = 0;
    for (size_t i = 0; i < m->n; i++) {
        const dp_batch_entry *e = &m->entries[i];
        dp_output_kind kind = dp_pack_entry_kind(e);
        if (!sheet_wants(m, e, kind))
            continue;
        if (n < DP_SHEET_MAX)
            items[n++] = (dp_sheet_item){ e->file, kind == DP_KIND_MASK, NULL };
        (*total)++;
    }
    return n;
}

static dapple_status write_sheet(const dp_batch_manifest *m, const pack *p, const char *out_dir,
                                 dapple_error *err)
{
    char path[OUT_PATH_MAX];
    int total;
    dp_sheet_item *items = dp_calloc_n(DP_SHEET_MAX, sizeof *items);
    if (items == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for the contact sheet");
    int n = sheet_pick(m, items, &total);
    for (size_t i = 0; p != NULL && i < p->n_jobs; i++) {
        const pack_job *j = &p->jobs[i];
        for (int k = 0; k < n && j->thumb.surface != NULL; k++)
            if (strcmp(items[k].file, j->out[j->sheet_out].file) == 0)
                items[k].thumb = &j->thumb;
    }
    dp_batch_join(path, sizeof path, out_dir, "contact-sheet.png");
    dapple_status st = dp_contact_sheet_write(items, n, total, out_dir, path, err);
    free(items);
    return st;
}

/* Whether m lists other files or bytes than the manifest the run started from. */
static bool outputs_changed(const dp_batch_manifest *m, const dp_batch_manifest *old)
{
    if (m->n != old->n)
        return true;
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->entries[i].file, old->entries[i].file) != 0 ||
            strcmp(m->entries[i].sha256, old->entries[i].sha256) != 0)
            return true;
    return false;
}

/* The sheet is redrawn when the outputs changed (something rendered, a preset deleted) or
 * it is missing; shards leave it to --merge, which sees every shard's outputs. */
static dapple_status update_sheet(const pack *p, dapple_error *err)
{
    char path[OUT_PATH_MAX];
    dp_batch_manifest m;
    if (p->o->shard_count > 0)
        return DAPPLE_OK;
    dp_batch_join(path, sizeof path, p->o->out_dir, "contact-sheet.png");
    dp_batch_manifest_init(&m, "pack", "");
    dapple_status st = collect_manifest(p, &m, err);
    if (st == DAPPLE_OK && (outputs_changed(&m, &p->old) || access(path, F_OK) != 0))
        st = write_sheet(&m, p, p->o->out_dir, err);
    dp_batch_manifest_fini(&m);
    return st;
}

static bool finish_pack(pack *p, double t0)
{
    int count[4];
    size_t up;
    dapple_error err;
    bool sheet_failed = false;
    count_states(p, count, &up);
    write_manifest(p); /* again: covers a run with nothing rendered and deleted presets */
    p->ev->end(p->ev->user);
    if (update_sheet(p, &err) != DAPPLE_OK) {
        dp_batch_say(p->ev->say, p->ev->user, "%s", err.message);
        sheet_failed = true;
    }
    if (p->n_jobs == 0 && p->o->shard_count > 0) /* not "nothing to do": no work was its */
        dp_batch_say(p->ev->say, p->ev->user,
                     "pack: shard %d/%d has no jobs (%zu in all: %zu %s x %zu %s)",
                     p->o->shard_index, p->o->shard_count, p->n_presets * seed_count(p->o),
                     p->n_presets, p->n_presets == 1 ? "preset" : "presets", seed_count(p->o),
                     seed_count(p->o) == 1 ? "seed" : "seeds");
    else if (count[JOB_DONE] == 0 && count[JOB_FAILED] == 0)
        dp_batch_say(p->ev->say, p->ev->user, "pack: nothing to do, %zu outputs up to date", up);
    else
        dp_batch_say(p->ev->say, p->ev->user, "pack: %d rendered, %d skipped, %d failed in %.1f s",
                     count[JOB_DONE], count[JOB_SKIPPED], count[JOB_FAILED], dp_batch_now() - t0);
    print_failures(p);
    return count[JOB_FAILED] == 0 && !p->manifest_failed && !sheet_failed;
}

static bool finish_check(pack *p)
{
    int count[4];
    size_t up, checked, bad = compare_all(p, &checked);
    dp_batch_remove_temp(p->dir);
    count_states(p, count, &up);
    p->ev->end(p->ev->user);
    if (bad == 0 && count[JOB_FAILED] == 0)
        dp_batch_say(p->ev->say, p->ev->user, "check: all %zu outputs match the manifest", checked);
    else if (bad > 0)
        dp_batch_say(p->ev->say, p->ev->user, "check: %zu difference%s from the manifest", bad,
                     bad == 1 ? "" : "s");
    print_failures(p);
    return bad == 0 && count[JOB_FAILED] == 0;
}

bool dp_pack_run(const dp_pack_opts *o, const dp_pack_events *ev)
{
    pack p;
    dapple_error err;
    double t0 = dp_batch_now();
    bool ok = false;
    pack_init(&p, o, ev);
    if (prepare(&p, &err) != DAPPLE_OK) {
        dp_batch_say(ev->say, ev->user, "%s", err.message);
    } else if (run_pool(&p, &err) != DAPPLE_OK) {
        dp_batch_say(ev->say, ev->user, "%s", err.message);
        if (o->check)
            dp_batch_remove_temp(p.dir);
    } else {
        ok = o->check ? finish_check(&p) : finish_pack(&p, t0);
    }
    pack_fini(&p);
    return ok;
}

/* A shard manifest --merge reads: no preset list bounds it, so a fixed 256 MiB does (some
 * 100000 outputs), far below what would exhaust memory. */
#define MERGE_BOUND ((uint64_t)256 << 20)

bool dp_pack_merge(const char *out_dir, const dp_pack_events *ev)
{
    char path[OUT_PATH_MAX];
    dp_batch_manifest m;
    dapple_error err;
    int shards = 0;
    dp_batch_manifest_init(&m, "pack", dp_build_id());
    dp_batch_join(path, sizeof path, out_dir, "manifest.json");
    dapple_status st = dp_pack_manifest_merge(&m, out_dir, MERGE_BOUND, &shards, &err);
    if (st == DAPPLE_OK)
        st = dp_batch_manifest_write(&m, path, &err);
    bool written = st == DAPPLE_OK;
    if (st == DAPPLE_OK)
        st = write_sheet(&m, NULL, out_dir, &err);
    if (st == DAPPLE_OK)
        dp_batch_say(ev->say, ev->user, "pack: merged %d shard manifest%s: %zu outputs", shards,
                     shards == 1 ? "" : "s", m.n);
    dp_batch_manifest_fini(&m);
    /* With shards about, an old manifest.json describes an earlier pack: none is better. */
    if (st != DAPPLE_OK && !written && shards > 0)
        unlink(path);
    if (st != DAPPLE_OK)
        dp_batch_say(ev->say, ev->user, "%s", err.message);
    return st == DAPPLE_OK;
}
