/* SPDX-License-Identifier: MIT
 * The preview server (see server.h). Every request is answered from a fixed list of
 * routes; anything else gets a status and one line saying why. Renders read the preset
 * file afresh, apply the page's changes to its text with the editor that saving uses, and
 * parse the result: what the page shows is what the saved file renders. */
#define _DEFAULT_SOURCE
#include "preview/server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "preset/scale_look.h"
#include "core/dp.h"
#include "preset/params.h"
#include "preset/preset.h"
#include "preview/conn_guard.h"
#include "preview/ini_edit.h"
#include "preview/json_text.h"
#include "preview/layout_json.h"
#include "preview/render_job.h"
#include "preview/render_query.h"
#include "preview/save_file.h"
#include "preview/spec_json.h"
#include "preview/token.h"
#include "preview_page.h" /* generated from PAGE_FILES: page_html and page_files[] */

#define MAX_EDITS       256
#define MAX_CONNECTIONS 64 /* answered at once; more get 503 */
#define MAX_WAITING     32 /* connections still sending their headers; the oldest is cut */
#define HEADER_SECONDS  10 /* the time a connection has to send its headers */

struct dp_preview {
    struct MHD_Daemon *daemon;
    dp_preview_opts o;
    int port;
    char token[DP_TOKEN_HEX + 1];
    char cookie[40]; /* the cookie's name: one per port, as cookies ignore ports */
    atomic_int active;
    pthread_mutex_t save_lock;
    dp_conn_guard guard;
};

/* One request's state across libmicrohttpd's calls: the body as it arrives. */
typedef struct request {
    char *body;
    size_t len;
    bool too_big;
} request;

/* ---------------------------------------------------------------- responses */

/* The page's script or style sheet at 'url' ("/page.js"), or NULL. */
static const page_file *page_file_at(const char *url)
{
    for (size_t i = 0; i < sizeof page_files / sizeof page_files[0]; i++)
        if (url[0] == '/' && strcmp(url + 1, page_files[i].name) == 0)
            return &page_files[i];
    return NULL;
}

/* 'cookie' (may be NULL) goes in a Set-Cookie header. */
static enum MHD_Result send_page(struct MHD_Connection *c, unsigned status, const char *type,
                                 const void *data, size_t len, enum MHD_ResponseMemoryMode mode,
                                 const char *cookie)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)(uintptr_t)data, mode);
    if (r == NULL)
        return MHD_NO;
    if (cookie != NULL)
        MHD_add_response_header(r, "Set-Cookie", cookie);
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    /* the page loads nothing from elsewhere, and nothing else may frame it */
    MHD_add_response_header(
            r, "Content-Security-Policy",
            "default-src 'self'; img-src 'self' blob: data:; frame-ancestors 'none'");
    enum MHD_Result ret = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result send_bytes(struct MHD_Connection *c, unsigned status, const char *type,
                                  const void *data, size_t len, enum MHD_ResponseMemoryMode mode)
{
    return send_page(c, status, type, data, len, mode, NULL);
}

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    size_t len = n < 0 ? 0 : (size_t)n < sizeof buf - 1 ? (size_t)n : sizeof buf - 2;
    buf[len++] = '\n';
    return send_bytes(c, status, "text/plain; charset=utf-8", buf, len, MHD_RESPMEM_MUST_COPY);
}

/* Sends v (taken) as compact JSON; 'ok' false (building it ran out of memory) sends 500. */
static enum MHD_Result send_json(struct MHD_Connection *c, unsigned status, json_t *v, bool ok)
{
    char *s = ok && v != NULL ? json_dumps(v, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(v);
    if (s == NULL)
        return send_text(c, 500, "out of memory");
    return send_bytes(c, status, "application/json", s, strlen(s), MHD_RESPMEM_MUST_FREE);
}

/* {"error": MESSAGE, "key": "SECTION.KEY" or null}: the key the message is about, so the
 * page can show it beside that key's control. */
static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *msg,
                                  const char *key)
{
    bool ok = true;
    json_t *o = json_object();
    dp_json_set(o, "error", dp_json_str(msg), &ok);
    dp_json_set(o, "key", dp_json_str(key != NULL && key[0] != '\0' ? key : NULL), &ok);
    return send_json(c, status, o, ok);
}

/* ---------------------------------------------------------------- the preset */

/* The "SECTION.KEY" a failure is about: the key on the line the parse named ('line', as
 * data; 0 for none), or for an editor failure ('edit') the "SECTION.KEY: " its message
 * starts with. */
static void key_of_message(const char *msg, bool edit, int line, const char *text, size_t len,
                           char *key, size_t cap)
{
    key[0] = '\0';
    if (!edit) {
        if (text != NULL && line > 0)
            dp_ini_key_at_line(text, len, line, key, cap);
        return;
    }
    const char *colon = strchr(msg, ':'), *dot = strchr(msg, '.');
    if (colon != NULL && dot != NULL && dot < colon && strchr(msg, ' ') > colon)
        snprintf(key, cap, "%.*s", (int)(colon - msg), msg);
}

/* The file's identity for "has it changed on disk": mtime, size and inode. */
static void file_stamp(const char *path, char *out, size_t cap)
{
    struct stat st;
    if (stat(path, &st) != 0)
        snprintf(out, cap, "missing");
    else
        snprintf(out, cap, "%lld.%09ld-%lld-%llu", (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
                 (long long)st.st_size, (unsigned long long)st.st_ino);
}

/* The preset's text with the request's changes applied: *text (free it), *len. */
static dapple_status edited_text(const dp_preview *p, request *r, char **text, size_t *len,
                                 dapple_error *err)
{
    dp_ini_edit *e = dp_calloc_n(MAX_EDITS, sizeof *e);
    char *file = NULL;
    size_t file_len = 0, n = 0;
    dapple_status st = e != NULL ? DAPPLE_OK : dp_fail(err, DAPPLE_E_NOMEM, "out of memory");
    if (st == DAPPLE_OK)
        st = dp_preset_read(p->o.preset, &file, &file_len, err);
    if (st == DAPPLE_OK && r->body != NULL)
        st = dp_ini_parse_edits(r->body, e, MAX_EDITS, &n, err);
    if (st == DAPPLE_OK)
        st = dp_ini_apply(file, file_len, e, n, text, len, err);
    free(file);
    free(e);
    return st;
}

/* ---------------------------------------------------------------- routes */

static enum MHD_Result get_spec(dp_preview *p, struct MHD_Connection *c)
{
    char *text = NULL, stamp[96];
    size_t len = 0;
    dapple_error err;
    file_stamp(p->o.preset, stamp, sizeof stamp);
    if (dp_preset_read(p->o.preset, &text, &len, &err) != DAPPLE_OK)
        return send_error(c, 500, err.message, NULL);
    bool ok = true;
    json_t *o = json_object();
    dp_json_set(o, "file", dp_json_str(p->o.preset), &ok);
    dp_json_set(o, "stamp", dp_json_str(stamp), &ok);
    dp_json_set(o, "cap", json_integer(p->o.size_cap), &ok);
    dp_json_set(o, "gen", json_integer((json_int_t)dp_jobs_newest_gen()), &ok);
    dp_json_set(o, "spec", dp_spec_json(text, len), &ok);
    free(text);
    return send_json(c, 200, o, ok);
}

static enum MHD_Result get_stamp(dp_preview *p, struct MHD_Connection *c)
{
    char stamp[96];
    file_stamp(p->o.preset, stamp, sizeof stamp);
    return send_text(c, 200, "%s", stamp);
}

static int client_socket(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    return ci != NULL ? ci->connect_fd : 0;
}

/* The picture's answer: the PNG and what the page needs to place it (docs/preview.md). */
static enum MHD_Result send_picture(struct MHD_Connection *c, const dp_render_query *q,
                                    unsigned char *png, size_t len, int w, int h, double seconds,
                                    double cpu)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(len, png, MHD_RESPMEM_MUST_FREE);
    if (resp == NULL) {
        free(png);
        return MHD_NO;
    }
    char secs[32], size[32], tiles[16];
    snprintf(secs, sizeof secs, "%.3f", seconds);
    snprintf(size, sizeof size, "%dx%d", w, h);
    /* the processor time, not the wall time, sets the next quick pass: it does not grow
       with the load of the machine, nor with the lower priority of an exact pass */
    snprintf(tiles, sizeof tiles, "%d", q->tiles > 1 ? q->tiles : dp_job_quick_tiles(cpu, w, h));
    MHD_add_response_header(resp, "Content-Type", "image/png");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    MHD_add_response_header(resp, "X-Render-Seconds", secs);
    MHD_add_response_header(resp, "X-Picture-Size", size);
    MHD_add_response_header(resp, q->tiles > 1 ? "X-Tiles" : "X-Quick-Tiles", tiles);
    enum MHD_Result ret = MHD_queue_response(c, 200, resp);
    MHD_destroy_response(resp);
    return ret;
}

/* The preset text a render request asks for (the file with the request's edits), and the
 * size it draws at. */
typedef struct edited_preset {
    char *text;
    size_t len;
    int w, h;
} edited_preset;

/* The edited preset parsed and capped as the job will draw it, into *e; 422 with the
 * message and its key otherwise (ret set, nothing left to free). */
static bool edited_size(dp_preview *p, struct MHD_Connection *c, request *r, int cap,
                        edited_preset *e, enum MHD_Result *ret)
{
    char key[2 * DP_INI_NAME_MAX + 2];
    dapple_error err;
    dp_texture_spec *t = dp_calloc_n(1, sizeof *t);
    if (t == NULL) {
        *ret = send_text(c, 500, "out of memory");
        return false;
    }
    int line = 0;
    bool edited = edited_text(p, r, &e->text, &e->len, &err) == DAPPLE_OK;
    bool ok = edited &&
              dp_preset_parse_where(e->text, e->len, p->o.preset, t, &line, &err) == DAPPLE_OK &&
              dp_texture_cap_size(t, cap, &err) == DAPPLE_OK;
    e->w = t->width, e->h = t->height;
    free(t);
    if (!ok) {
        key_of_message(err.message, !edited, line, e->text, e->len, key, sizeof key);
        free(e->text);
        e->text = NULL;
        *ret = send_error(c, 422, err.message, key);
    }
    return ok;
}

static enum MHD_Result post_render(dp_preview *p, struct MHD_Connection *c, request *r)
{
    dp_render_query q;
    char msg[256];
    if (!dp_render_query_parse(c, &q, msg, sizeof msg))
        return send_text(c, 400, "%s", msg);
    edited_preset e = { 0 };
    int cap = q.full ? 0 : p->o.size_cap;
    enum MHD_Result refused;
    if (!edited_size(p, c, r, cap, &e, &refused))
        return refused;
    dp_job_spec job = { .preset = p->o.preset,
                        .text = e.text,
                        .len = e.len,
                        .size_cap = cap,
                        .threads = p->o.threads,
                        .view = q.view,
                        .mask = q.mask,
                        .tiles = q.tiles,
                        .nice = q.nice,
                        .client_fd = client_socket(c),
                        .limit_seconds = p->o.time_limit };
    unsigned char *png;
    size_t png_len;
    double seconds, cpu;
    dapple_error err;
    dp_job_result res = dp_job_render(&job, q.gen, &png, &png_len, &seconds, &cpu, &err);
    free(e.text);
    switch (res) {
    case DP_JOB_OK:
        return send_picture(c, &q, png, png_len, e.w, e.h, seconds, cpu);
    case DP_JOB_CANCELLED:
        return send_error(c, 409, "cancelled: a newer edit is rendering", NULL);
    case DP_JOB_BUSY:
        return send_error(c, 503, "busy: too many renders at once, try again", NULL);
    case DP_JOB_FAILED:
        break;
    }
    return send_error(c, 422, err.message, NULL);
}

static enum MHD_Result get_layout(struct MHD_Connection *c)
{
    size_t len;
    char *text = dp_layout_json(&len);
    if (text == NULL)
        return send_text(c, 500, "out of memory");
    return send_bytes(c, 200, "application/json", text, len, MHD_RESPMEM_MUST_FREE);
}

/* Saves the changes into the file, once the changed text parses (a change the preset
 * would refuse is never written). */
static enum MHD_Result post_save(dp_preview *p, struct MHD_Connection *c, request *r)
{
    char *text = NULL, key[2 * DP_INI_NAME_MAX + 2], stamp[96];
    size_t len = 0;
    int line = 0;
    dapple_error err;
    dp_texture_spec *t = dp_calloc_n(1, sizeof *t);
    if (t == NULL)
        return send_text(c, 500, "out of memory");
    pthread_mutex_lock(&p->save_lock);
    dapple_status st = edited_text(p, r, &text, &len, &err);
    bool edited = st == DAPPLE_OK;
    if (st == DAPPLE_OK)
        st = dp_preset_parse_where(text, len, p->o.preset, t, &line, &err);
    if (st == DAPPLE_OK)
        st = dp_save_in_place(p->o.preset, text, len, &err);
    pthread_mutex_unlock(&p->save_lock);
    free(t);
    if (st != DAPPLE_OK) {
        key_of_message(err.message, !edited, line, text, len, key, sizeof key);
        free(text);
        return send_error(c, st == DAPPLE_E_IO ? 500 : 422, err.message, key);
    }
    free(text);
    file_stamp(p->o.preset, stamp, sizeof stamp);
    return send_json(c, 200, json_pack("{s:b, s:s}", "saved", true, "stamp", stamp), true);
}

/* "ADDR:PORT" of the address a connection came in on ("[ADDR]:PORT" for IPv6), the name
 * a browser that reached it by number sends as Host; false when it cannot be read. */
static bool local_address(struct MHD_Connection *c, char *out, size_t cap, bool *loopback)
{
    const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    struct sockaddr_storage ss;
    socklen_t n = sizeof ss;
    char ip[INET6_ADDRSTRLEN];
    if (ci == NULL || getsockname(ci->connect_fd, (struct sockaddr *)&ss, &n) != 0)
        return false;
    if (ss.ss_family == AF_INET) {
        const struct sockaddr_in *a = (const struct sockaddr_in *)&ss;
        inet_ntop(AF_INET, &a->sin_addr, ip, sizeof ip);
        *loopback = (ntohl(a->sin_addr.s_addr) >> 24) == 127;
        snprintf(out, cap, "%s:%d", ip, ntohs(a->sin_port));
        return true;
    }
    const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)&ss;
    if (IN6_IS_ADDR_V4MAPPED(&a->sin6_addr)) { /* an IPv4 client of a dual-stack socket */
        inet_ntop(AF_INET, &a->sin6_addr.s6_addr[12], ip, sizeof ip);
        *loopback = a->sin6_addr.s6_addr[12] == 127;
        snprintf(out, cap, "%s:%d", ip, ntohs(a->sin6_port));
        return true;
    }
    inet_ntop(AF_INET6, &a->sin6_addr, ip, sizeof ip);
    *loopback = IN6_IS_ADDR_LOOPBACK(&a->sin6_addr);
    snprintf(out, cap, "[%s]:%d", ip, ntohs(a->sin6_port));
    return true;
}

/* A page that can be loaded only from its own address: the Host header must name the
 * address the request came in on, by number ("localhost" too on loopback), so a page of
 * another name that resolves to it (DNS rebinding) is refused, on any --host. */
static bool host_ok(const dp_preview *p, struct MHD_Connection *c)
{
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    char local[INET6_ADDRSTRLEN + 16], name[32];
    bool loopback = false;
    if (host == NULL) /* HTTP/1.0 without one: no browser sends that; the token still holds */
        return true;
    if (!local_address(c, local, sizeof local, &loopback))
        return false;
    snprintf(name, sizeof name, "localhost:%d", p->port);
    return strcmp(host, local) == 0 || (loopback && strcmp(host, name) == 0);
}

static enum MHD_Result count_host(void *cls, enum MHD_ValueKind kind, const char *key,
                                  const char *value)
{
    (void)kind, (void)value;
    if (strcasecmp(key, "Host") == 0)
        (*(int *)cls)++;
    return MHD_YES;
}

/* Two Host headers: the first decides for us, the second perhaps for a proxy in between. */
static bool one_host(struct MHD_Connection *c)
{
    int n = 0;
    MHD_get_connection_values(c, MHD_HEADER_KIND, count_host, &n);
    return n <= 1;
}

/* The owner's request: the token in the query (?token=, the printed address) or in the
 * cookie the page got from it. */
static bool token_ok(const dp_preview *p, struct MHD_Connection *c)
{
    const char *q = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
    const char *k = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, p->cookie);
    return dp_token_equal(q, p->token) || dp_token_equal(k, p->token);
}

/* Who may be answered at all, checked once the headers are in and before anything is read,
 * written or rendered: NULL, or the refusal sent. */
static bool refuse_stranger(const dp_preview *p, struct MHD_Connection *c, enum MHD_Result *ret)
{
    if (!one_host(c))
        *ret = send_text(c, 400, "refused: more than one Host header");
    else if (!host_ok(p, c))
        *ret = send_text(c, 403,
                         "refused: this preview answers only to its own address, "
                         "by number (Host: ADDR:%d)",
                         p->port);
    else if (!token_ok(p, c))
        *ret = send_text(c, 403,
                         "refused: this preview answers only to the address it printed, "
                         "with its token (?token=...)");
    else
        return false;
    return true;
}

static bool origin_ok(struct MHD_Connection *c)
{
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    if (origin == NULL)
        return true;
    return host != NULL && strncmp(origin, "http://", 7) == 0 && strcmp(origin + 7, host) == 0;
}

/* The page loaded from the printed address (?token=) gets the token as a cookie, which its
 * script's requests then carry: HttpOnly (no script reads it), SameSite=Strict (no other
 * site's page sends it), for this session only. NULL when the token came as a cookie. */
static const char *set_cookie(const dp_preview *p, struct MHD_Connection *c, char *out, size_t cap)
{
    const char *q = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
    if (!dp_token_equal(q, p->token))
        return NULL;
    snprintf(out, cap, "%s=%s; Path=/; HttpOnly; SameSite=Strict", p->cookie, p->token);
    return out;
}

static enum MHD_Result route(dp_preview *p, struct MHD_Connection *c, const char *url,
                             const char *method, request *r)
{
    bool get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    bool post = strcmp(method, "POST") == 0;
    char cookie[160];
    if (strstr(url, "..") != NULL)
        return send_text(c, 400,
                         "refused: a path with '..' (only the page and its renders are served)");
    if (url[0] != '/' || url[1] == '/')
        return send_text(c, 400,
                         "refused: an absolute path (only the page and its renders are served)");
    if (r->too_big)
        return send_text(c, 413, "refused: a request over %d bytes", DP_PREVIEW_MAX_BODY);
    if (get && (strcmp(url, "/") == 0 || strcmp(url, "/index.html") == 0))
        return send_page(c, 200, "text/html; charset=utf-8", page_html, sizeof page_html,
                         MHD_RESPMEM_PERSISTENT, set_cookie(p, c, cookie, sizeof cookie));
    const page_file *f = get ? page_file_at(url) : NULL;
    if (f != NULL)
        return send_bytes(c, 200, f->type, f->data, f->len, MHD_RESPMEM_PERSISTENT);
    if (get && strcmp(url, "/api/layout") == 0)
        return get_layout(c);
    if (get && strcmp(url, "/api/spec") == 0)
        return get_spec(p, c);
    if (get && strcmp(url, "/api/stamp") == 0)
        return get_stamp(p, c);
    bool api_post = strcmp(url, "/api/render") == 0 || strcmp(url, "/api/save") == 0;
    if (api_post && !post)
        return send_text(c, 405, "use POST for %s", url);
    if (api_post && !origin_ok(c))
        return send_text(c, 403, "refused: a request from another page");
    if (strcmp(url, "/api/render") == 0)
        return post_render(p, c, r);
    if (strcmp(url, "/api/save") == 0)
        return post_save(p, c, r);
    if (!get && !post)
        return send_text(c, 405, "method %s not allowed", method);
    return send_text(c, 404, "not found: %s (only the page and its renders are served)", url);
}

static int guard_slot(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci != NULL ? (int)(intptr_t)ci->socket_context : 0;
}

/* Every connection is watched until its headers are in (conn_guard.h). */
static void on_connection(void *cls, struct MHD_Connection *c, void **ctx,
                          enum MHD_ConnectionNotificationCode code)
{
    dp_preview *p = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED)
        *ctx = (void *)(intptr_t)dp_guard_open(&p->guard, client_socket(c));
    else
        dp_guard_close(&p->guard, (int)(intptr_t)*ctx);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_size, void **state)
{
    dp_preview *p = cls;
    (void)version;
    request *r = *state;
    if (r == NULL) { /* the headers are in; the body, if any, comes next */
        r = calloc(1, sizeof *r);
        if (r == NULL)
            return MHD_NO;
        *state = r;
        dp_guard_waiting(&p->guard, guard_slot(c), false);
        if (atomic_fetch_add(&p->active, 1) >= MAX_CONNECTIONS)
            return send_text(c, 503, "busy: more than %d requests at once", MAX_CONNECTIONS);
        enum MHD_Result refused;
        if (refuse_stranger(p, c, &refused))
            return refused;
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (cl != NULL && strtoull(cl, NULL, 10) > DP_PREVIEW_MAX_BODY)
            return send_text(c, 413, "refused: a request over %d bytes", DP_PREVIEW_MAX_BODY);
        return MHD_YES;
    }
    if (*upload_size > 0) {
        size_t n = *upload_size;
        *upload_size = 0;
        if (r->too_big || r->len + n > DP_PREVIEW_MAX_BODY) {
            r->too_big = true;
            return MHD_YES;
        }
        char *b = realloc(r->body, r->len + n + 1);
        if (b == NULL)
            return MHD_NO;
        memcpy(b + r->len, upload_data, n);
        r->body = b;
        r->len += n;
        r->body[r->len] = '\0';
        return MHD_YES;
    }
    if (r->body != NULL && strlen(r->body) != r->len)
        return send_text(c, 400, "refused: a NUL byte in the request");
    return route(p, c, url, method, r);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **state,
                         enum MHD_RequestTerminationCode why)
{
    dp_preview *p = cls;
    request *r = *state;
    (void)why;
    if (r == NULL)
        return;
    dp_guard_waiting(&p->guard, guard_slot(c), true); /* for its next request, if any */
    atomic_fetch_sub(&p->active, 1);
    free(r->body);
    free(r);
    *state = NULL;
}

dapple_status dp_preview_start(const dp_preview_opts *o, dp_preview **out, char *url, size_t cap,
                               bool *remote, dapple_error *err)
{
    struct sockaddr_in a4 = { .sin_family = AF_INET, .sin_port = htons((uint16_t)o->port) };
    struct sockaddr_in6 a6 = { .sin6_family = AF_INET6, .sin6_port = htons((uint16_t)o->port) };
    bool v6 = false;
    const char *host = o->host != NULL ? o->host : "127.0.0.1";
    if (inet_pton(AF_INET, host, &a4.sin_addr) != 1) {
        if (inet_pton(AF_INET6, host, &a6.sin6_addr) != 1)
            return dp_fail(err, DAPPLE_E_INVALID,
                           "--host: expected a numeric IPv4 or IPv6 "
                           "address, got '%s'",
                           host);
        v6 = true;
    }
    bool loopback =
            v6 ? IN6_IS_ADDR_LOOPBACK(&a6.sin6_addr) : (ntohl(a4.sin_addr.s_addr) >> 24) == 127;
    *remote = !loopback;
    if (!loopback && !o->allow_remote)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "--host %s: other machines could reach the preview there; add "
                       "--allow-remote to mean it",
                       host);
    dp_preview *p = dp_calloc_n(1, sizeof *p);
    if (p == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory");
    p->o = *o;
    if (dp_token_new(p->token, err) != DAPPLE_OK) {
        free(p);
        return err->status;
    }
    pthread_mutex_init(&p->save_lock, NULL);
    dp_guard_init(&p->guard, MAX_WAITING, HEADER_SECONDS);
    if (dp_jobs_init(NULL, err) != DAPPLE_OK) {
        free(p);
        return err->status;
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION |
                     MHD_USE_AUTO | (v6 ? MHD_USE_IPv6 : 0);
    p->daemon = MHD_start_daemon(
            flags, (uint16_t)o->port, NULL, NULL, on_request, p, MHD_OPTION_SOCK_ADDR,
            v6 ? (struct sockaddr *)&a6 : (struct sockaddr *)&a4, MHD_OPTION_NOTIFY_COMPLETED,
            on_completed, p, MHD_OPTION_NOTIFY_CONNECTION, on_connection, p,
            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30, MHD_OPTION_CONNECTION_LIMIT,
            (unsigned)DP_GUARD_SLOTS, MHD_OPTION_END);
    if (p->daemon == NULL) {
        dp_jobs_shutdown();
        free(p);
        return dp_fail(err, DAPPLE_E_IO,
                       "cannot listen on %s port %d (in use, or not an "
                       "address of this machine)",
                       host, o->port);
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(p->daemon, MHD_DAEMON_INFO_BIND_PORT);
    p->port = info != NULL ? info->port : o->port;
    snprintf(p->cookie, sizeof p->cookie, "dapple_preview_%d", p->port);
    snprintf(url, cap, v6 ? "http://[%s]:%d/?token=%s" : "http://%s:%d/?token=%s", host, p->port,
             p->token);
    *out = p;
    return DAPPLE_OK;
}

void dp_preview_stop(dp_preview *p)
{
    if (p == NULL)
        return;
    dp_jobs_shutdown();
    MHD_stop_daemon(p->daemon);
    pthread_mutex_destroy(&p->save_lock);
    dp_guard_fini(&p->guard);
    free(p);
}
