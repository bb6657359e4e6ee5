/* SPDX-License-Identifier: MIT
 * A memory budget for reading a manifest with jansson. jansson builds the whole tree, and a
 * tree costs far more than its text: a 60 MiB manifest of "{}" took 3.7 GB, then failed
 * with an empty message. While a budget is open on a thread, every allocation jansson makes
 * on that thread is counted, and one past the budget fails, so the read stops with "out of
 * memory" and the caller can say why, naming the file. Other threads are not counted. */
#ifndef DP_BATCH_JSON_BUDGET_H
#define DP_BATCH_JSON_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

/* A manifest may cost this many times its size in memory, plus a MiB. */
#define DP_JSON_BUDGET_RATIO 10

/** Opens a budget of 'bytes' on this thread (jansson's allocator is set to the counting
 * one the first time). */
void dp_json_budget_begin(size_t bytes);

/** Closes it; true when an allocation was refused for going over it. */
bool dp_json_budget_end(void);

#endif
