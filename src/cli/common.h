/* SPDX-License-Identifier: MIT
 * What the subcommands share: building a field from options, the point-count budget,
 * refusing an output that would overwrite an input, and printing errors. */
#ifndef DP_CLI_COMMON_H
#define DP_CLI_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/opts.h"
#include "dapple.h"
#include "io/atomic_file.h" /* dp_atomic_prepare, which every command calls */
#include "io/points_write.h"
#include "render/texture.h"

/* Exit codes: 0 success (bail-out included), 1 runtime or input error, 2 usage error. */
enum { DP_EXIT_OK = 0, DP_EXIT_FAIL = 1, DP_EXIT_USAGE = 2 };

/** Prints "dapple: MESSAGE" on stderr and returns code. */
int dp_cli_report(const dapple_error *err, int code);

/** What every subcommand does first: parse argv into *o, answer --help, and set stb's
 * JPEG quality global (on the main thread, before any worker runs). Returns DP_CLI_GO
 * to carry on, else the exit code (2 after a reported usage error, 0 after help). */
enum { DP_CLI_GO = -1 };

int dp_cli_start(unsigned command, int argc, char **argv, const char *usage, dp_cli_opts *o);

/** -j N, or the number of online cores (1 .. 256): sampling threads or pack workers. */
int dp_cli_threads(const dp_cli_opts *o);

/** Fills field options (and an unresolved image path) from --radius / --rmin --rmax
 * --field, --invert, --dilate, --seed, --periodic. */
DAPPLE_USERESULT dapple_status dp_cli_field_opts(const dp_cli_opts *o, dapple_field_opts *fo,
                                                 char *image, size_t cap, dapple_error *err);

/** Copies the paths of --exclude image:PATH into paths[0 .. o->n_exclude). */
void dp_cli_exclude_paths(const dp_cli_opts *o, char paths[][DP_PATH_MAX]);

/** DAPPLE_E_INVALID ("-o: 'PATH' is also an input; ...") when 'output' names the field
 * image or an --exclude image of the options. */
DAPPLE_USERESULT dapple_status dp_cli_check_field_inputs(const dp_cli_opts *o, const char *output,
                                                         dapple_error *err);

/** Builds the field the options describe (refusing an -o that names one of its images);
 * *out is the caller's to free. */
/** One stderr line when an image of size[0] x size[1] (0: none) stretched over a w x h
 * domain changes its aspect ratio by more than 1 %: "dapple: warning: OPTION PATH is ...". */
void dp_cli_warn_aspect(const char *option, const char *path, const int size[2], int w, int h);

DAPPLE_USERESULT dapple_status dp_cli_make_field(const dp_cli_opts *o, dapple_field **out,
                                                 dapple_error *err);

/** Refuses a run whose expected point count exceeds the limit when the user has not set
 * --max-points: an explicit limit means "stop there", the default one "do not start". */
DAPPLE_USERESULT dapple_status dp_cli_check_budget(const dp_cli_opts *o, double expected,
                                                   dapple_error *err);

/** DAPPLE_E_INVALID if 'output' names the same existing file as 'input' (either NULL: ok). */
DAPPLE_USERESULT dapple_status dp_cli_check_distinct(const char *option, const char *output,
                                                     const char *input, dapple_error *err);

/** Two outputs of one run never share a path: DAPPLE_E_INVALID "-o and --height both name
 * 'x.png': ..." naming both options, checked before any work. NULL paths are skipped. */
DAPPLE_USERESULT dapple_status dp_cli_check_outputs(int n, const char *const option[],
                                                    const char *const path[], dapple_error *err);

/** "point" for 1, "points" otherwise: messages say "1 point", "2 points". */
const char *dp_cli_points_word(size_t n);

/** The summary line on stderr: points, seconds and the stop reason (complete or limit). */
void dp_cli_print_summary(size_t n, double seconds, dapple_stop stop, size_t limit);

/** With --count, the line saying which spacing factor reached it (on stderr). */
void dp_cli_print_count(const dp_cli_opts *o, double scale);

/** The points file 'path' as the options ask: the format from --format or the extension,
 * the domain and seed, and the columns and origin --rotation, --scale-jitter, --variants,
 * --y-up and --relative (x and y from the --region's corner) ask for; no layer column. */
dp_points_file dp_cli_points_file(const dp_cli_opts *o, const char *path);

/** Writes one set of points to 'path' as `points` does: format from --format or the
 * extension, and the columns --rotation, --scale-jitter, --variants and --y-up ask for. */
DAPPLE_USERESULT dapple_status dp_cli_write_points(const dp_cli_opts *o, const char *path,
                                                   const dapple_point *p, size_t n,
                                                   dapple_error *err);

/** Whether a single command shows its live progress line: stderr is a terminal and no
 * --quiet. */
bool dp_cli_show_progress(const dp_cli_opts *o);

#endif
