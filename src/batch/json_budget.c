/* SPDX-License-Identifier: MIT
 * See json_budget.h. The counting allocator serves every jansson call in the process (the
 * allocator is global), so outside a budget it is plain malloc and free. The count is of
 * bytes asked for, not held: jansson frees little while it parses, so the two are close. */
#include "batch/json_budget.h"

#include <jansson.h>
#include <pthread.h>
#include <stdlib.h>

static _Thread_local bool open_budget;
static _Thread_local bool over;
static _Thread_local size_t left;
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void *counted_malloc(size_t n)
{
    if (open_budget) {
        if (n > left) {
            over = true;
            return NULL;
        }
        left -= n;
    }
    return malloc(n);
}

static void install(void)
{
    json_set_alloc_funcs(counted_malloc, free);
}

void dp_json_budget_begin(size_t bytes)
{
    pthread_once(&installed, install);
    left = bytes;
    over = false;
    open_budget = true;
}

bool dp_json_budget_end(void)
{
    open_budget = false;
    return over;
}
