/* Move generation: the store of 7s, each card's plans, the bodies and their canonical
 * keys, and the single cards (start, forward, backward 4, the Jack's swaps).
 * Part of the one translation unit _core.c (see there). */
#include "_core.h"

static Seven sevens[MAXSEVEN];
static int nsevens;

/* ---------------------------------------------------------------- plans */
typedef struct {
    int use, value;
} Plan;
static Plan plans[14][20];
static int nplans[14];

static void add_plan(int card, int use, int value) {
    plans[card][nplans[card]].use = use;
    plans[card][nplans[card]].value = value;
    nplans[card]++;
}

/* USES of each rank as lists of use ids; "S" first where the pure engine lists it. */
static const int USES[13][3] = {
    {U_START, 1, 11}, {2, -1, -1},  {3, -1, -1},      {4, U_BACK, -1}, {5, -1, -1},
    {6, -1, -1},      {U_SEVEN, -1, -1}, {8, -1, -1}, {9, -1, -1},     {10, -1, -1},
    {U_JACK, -1, -1}, {12, -1, -1}, {U_START, 13, -1},
};

static void init_plans(void) {
    for (int card = 0; card < 13; card++)
        for (int u = 0; u < 3 && USES[card][u] >= 0; u++) add_plan(card, USES[card][u], card);
    for (int value = 0; value < 13; value++)
        for (int u = 0; u < 3 && USES[value][u] >= 0; u++) {
            int use = USES[value][u];
            if (use == U_START) {
                if (value == 0) add_plan(JOKER, use, JOKER);
            } else {
                add_plan(JOKER, use, value);
            }
        }
}

/* ---------------------------------------------------------------- helpers */
static int add_body(Gen *g, int use, int kind, int a, int b, int c, int canon, int sv) {
    if (g->nb[use] >= MAXBODY) {
        g->overflow = 1;
        return 0;
    }
    Body *bd = &g->bodies[use][g->nb[use]++];
    bd->kind = (int8_t)kind;
    bd->a = (int8_t)a;
    bd->b = (int8_t)b;
    bd->c = (int8_t)c;
    bd->canon = (int8_t)canon;
    bd->sv = (int16_t)sv;
    return 1;
}

static int new_seven(Gen *g) {
    if (nsevens >= MAXSEVEN) {
        g->overflow = 1;
        return -1;
    }
    return nsevens++;
}

static int push_seven(Gen *g, const int8_t (*steps)[3], int nsteps, const int8_t *pos, uint32_t fm, int hit) {
    int s = new_seven(g);
    if (s < 0) return -1;
    Seven *sv = &sevens[s];
    memcpy(sv->steps, steps, (size_t)nsteps * 3);
    sv->nsteps = (int8_t)nsteps;
    memcpy(sv->pos, pos, (size_t)g->npeg);
    sv->fresh = fm;
    sv->hit = (int8_t)hit;
    return add_body(g, U_SEVEN, KSPLIT, s, -1, 0, hit, s) ? s : -1;
}

static inline int mod(int a, int m) {
    a %= m;
    return a < 0 ? a + m : a;
}

static inline int in_team(Gen *g, int j) {
    int o = j >> 2;
    for (int t = 0; t < g->nteam; t++)
        if (o == g->team[t]) return 1;
    return 0;
}

/* A non-7 body applied to peg places ``p`` in place (actions.body_after): a swap trades
 * pegs a and c; a move or start puts peg a on field b and sends a hit peg c home. Returns
 * the fresh mask after it. The one place this is written: the generator, the Table's play
 * and the bots' evaluation (_core_eval.c) all call it. */
static inline uint32_t apply_body(int8_t *p, uint32_t fresh, int kind, int a, int b, int c) {
    if (kind == KSWAP) {
        p[c] = p[a];
        p[a] = (int8_t)b;
        return fresh;
    }
    p[a] = (int8_t)b;
    if (c >= 0) p[c] = -1;
    if (kind == KSTART) return fresh | (1u << a);
    return fresh & ~(1u << a);
}

/* The position after a non-7 body. */
static uint32_t body_after(Gen *g, const Body *bd, int8_t *p) {
    memcpy(p, g->pos, (size_t)g->npeg);
    return apply_body(p, g->fresh, bd->kind, bd->a, bd->b, bd->c);
}


static void canon_key(Gen *g, const int8_t *p, uint32_t fresh, Key *k) {
    memset(k, 0, sizeof(*k));
    for (int b = 0; b < g->npeg; b += 4) {
        int8_t v[4] = {p[b], p[b + 1], p[b + 2], p[b + 3]};
        for (int x = 1; x < 4; x++) {
            int8_t t = v[x];
            int y = x - 1;
            while (y >= 0 && v[y] > t) {
                v[y + 1] = v[y];
                y--;
            }
            v[y + 1] = t;
        }
        memcpy(&k->places[b], v, 4);
        if ((fresh >> b) & 15) k->seats |= 1u << (b >> 2);
    }
}

static void body_key(Gen *g, const Body *bd, Key *k) {
    if (bd->kind == KSPLIT) {
        canon_key(g, sevens[bd->sv].pos, sevens[bd->sv].fresh, k);
    } else {
        int8_t p[MAXPEG];
        uint32_t f = body_after(g, bd, p);
        canon_key(g, p, f, k);
    }
}

/* ---------------------------------------------------------------- single cards */
static void gen_start(Gen *g) {
    int c = g->ctrl, i;
    for (i = 4 * c; i < 4 * c + 4; i++)
        if (g->pos[i] < 0) break;
    if (i == 4 * c + 4) return;
    int s = g->starts[c];
    int j = g->occ[s];
    if (j >= 0 && ((g->fresh >> j) & 1)) return;
    add_body(g, U_START, KSTART, i, s, j, 0, -1);
}

static int blocked_step(Gen *g, int x) {
    /* the first step forward from x that meets a fresh peg; track + 1 if none */
    int track = g->track, blocked = track + 1;
    uint32_t f = g->fresh;
    for (int i = 0; f; i++, f >>= 1) {
        if (!(f & 1)) continue;
        int b = g->starts[i >> 2] - x;
        if (b <= 0) b += track;
        if (b < blocked) blocked = b;
    }
    return blocked;
}

static void gen_forward(Gen *g, int k) {
    int track = g->track, c = g->ctrl, start = g->starts[c], hm = g->hm;
    for (int m = 0; m < g->nmovers; m++) {
        int i = g->movers[m], x = g->pos[i];
        if (x >= track) {
            int ahead = hm >> (x - track + 1);
            int room = track + 3 - x;
            if (k <= room && !(ahead & ((1 << k) - 1))) add_body(g, k, KMOVE, i, x + k, -1, 0, -1);
            continue;
        }
        int blocked = blocked_step(g, x);
        int d = start - x;
        if (d < 0) d += track;
        int turn = d < blocked && (d || !((g->fresh >> i) & 1));
        if (blocked > k) {
            int y = x + k;
            if (y >= track) y -= track;
            int j = g->occ[y];
            int cn = j >= 0 && (j >> 2) == c;
            if (cn) g->canonuse[k] = 1;
            add_body(g, k, KMOVE, i, y, j, cn, -1);
        }
        if (turn && d < k) {
            int r = k - d - 1;
            if (r <= 3 && !(hm & ((2 << r) - 1))) add_body(g, k, KMOVE, i, track + r, -1, 0, -1);
        }
    }
}

static void gen_backward(Gen *g) {
    int track = g->track, c = g->ctrl;
    for (int m = 0; m < g->nmovers; m++) {
        int i = g->movers[m], x = g->pos[i];
        if (x >= track) continue;
        int bad = 0;
        uint32_t f = g->fresh;
        for (int q = 0; f; q++, f >>= 1) {
            if (!(f & 1)) continue;
            int d = x - g->pos[q];
            if (d < 0) d += track;
            if (d > 0 && d <= 4) {
                bad = 1;
                break;
            }
        }
        if (bad) continue;
        int y = x - 4;
        if (y < 0) y += track;
        int j = g->occ[y];
        add_body(g, U_BACK, KMOVE, i, y, j, j >= 0 && (j >> 2) == c, -1);
    }
}

static void gen_swaps(Gen *g) {
    int track = g->track, c = g->ctrl;
    int others[MAXPEG], no = 0;
    for (int j = 0; j < g->npeg; j++) {
        int y = g->pos[j];
        if (y >= 0 && y < track && (j >> 2) != c && !((g->fresh >> j) & 1)) others[no++] = j;
    }
    for (int m = 0; m < g->nmovers; m++) {
        int i = g->movers[m], x = g->pos[i];
        if (x >= track || ((g->fresh >> i) & 1)) continue;
        for (int q = 0; q < no; q++) add_body(g, U_JACK, KSWAP, i, g->pos[others[q]], others[q], 0, -1);
    }
}
