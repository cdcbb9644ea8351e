/* Shared by the parts of the compiled Zwickern search (one translation unit: _zwickern.c). */
#ifndef STAMMTISCH_ZWICKERN_H
#define STAMMTISCH_ZWICKERN_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define API 2
#define JOKER 32
#define NCARDS 34
#define MAXP 4
#define HAND 4
#define TABLE_MAX NCARDS

static const int RANK_POINTS[8] = {0, 0, 0, 10, 2, 3, 4, 11};
#define POINTS(c) ((c) == JOKER ? 0 : RANK_POINTS[(c) >> 2])

/* Heuristic constants (bots/heuristics/zwickern.py). */
#define CARD_WEIGHT 0.6
#define JOKER_KEEP 9.0
#define ROUND_CARDS 26
#define ROUND_SD 20.0
#define MOST_CARDS_BONUS 10

/* ---------------------------------------------------------------- random numbers */
typedef struct {
    uint64_t s;
} Rng; /* splitmix64 */

static uint64_t rng_next(Rng *r) {
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static int rng_below(Rng *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }
static double rng_double(Rng *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

#endif
