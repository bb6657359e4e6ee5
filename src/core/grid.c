/* SPDX-License-Identifier: MIT
 * Grid set-up and storage. Cells of at least the largest interaction distance mean a
 * query of reach R <= cell touches at most 3 x 3 cells. A wrapping axis needs a whole
 * number of cells, so its cell is W / floor(W / min_cell). */
#include "core/grid.h"

#include <stdlib.h>
#include <string.h>

static int cells_along(double extent, double min_cell, bool periodic)
{
    double n = periodic ? floor(extent / min_cell) : ceil(extent / min_cell);
    return n < 1 ? 1 : (n > 1e9 ? 1000000000 : (int)n);
}

dapple_status dp_grid_init(dp_grid *g, double width, double height, double min_cell, dp_wrap wrap,
                           size_t max_cells, dapple_error *err)
{
    memset(g, 0, sizeof *g);
    g->gw = cells_along(width, min_cell, wrap.x);
    g->gh = cells_along(height, min_cell, wrap.y);
    if ((double)g->gw * (double)g->gh > (double)max_cells)
        return dp_fail(err, DAPPLE_E_LIMIT,
                       "a %gx%g domain with cells of %g needs %.0f grid cells (limit %zu): "
                       "raise the radius or shrink the domain",
                       width, height, min_cell, (double)g->gw * (double)g->gh, max_cells);
    g->wrap = wrap;
    g->cw = wrap.x ? width / g->gw : min_cell;
    g->ch = wrap.y ? height / g->gh : min_cell;
    g->inv_cw = 1.0 / g->cw;
    g->inv_ch = 1.0 / g->ch;
    g->head = malloc((size_t)g->gw * (size_t)g->gh * sizeof *g->head);
    if (g->head == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d grid", g->gw, g->gh);
    dp_grid_clear(g);
    return DAPPLE_OK;
}

void dp_grid_fini(dp_grid *g)
{
    free(g->head);
    free(g->next);
    g->head = NULL;
    g->next = NULL;
    g->next_cap = 0;
}

void dp_grid_clear(dp_grid *g)
{
    memset(g->head, 0, (size_t)g->gw * (size_t)g->gh * sizeof *g->head);
}

bool dp_grid_reserve(dp_grid *g, size_t n)
{
    if (n + 1 <= g->next_cap)
        return true;
    uint32_t *p = dp_realloc_n(g->next, n + 1, sizeof *p);
    if (p == NULL)
        return false;
    p[0] = DP_GRID_NONE;
    g->next = p;
    g->next_cap = n + 1;
    return true;
}

size_t dp_grid_bytes(const dp_grid *g)
{
    return ((size_t)g->gw * (size_t)g->gh + g->next_cap) * sizeof(uint32_t);
}
