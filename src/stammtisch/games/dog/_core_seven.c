/* The 7 (DOG-4) without a search: one peg that walks alone, or pegs too far apart to
 * meet, shared out as seven.py does.
 * Part of the one translation unit _core.c (see there). */
#include "_core.h"

/* ---------------------------------------------------------------- the 7: one peg's walk */
/* A peg's walk from x over at most 7 track places: per step k the place reached, how many
 * pegs it has sent home by then and whether one was the team's (k = 0: still at x). It
 * stops before the first fresh peg: blocked is that step, 8 when there is none. */
typedef struct {
    int8_t dest[8], ns[8], hit[8], sent[7];
    int blocked;
} Walk;

static void walk7(Gen *g, int x, Walk *w) {
    int f = x, ns = 0, hit = 0;
    w->dest[0] = (int8_t)x;
    w->ns[0] = 0;
    w->hit[0] = 0;
    w->blocked = 8;
    for (int k = 1; k < 8; k++) {
        f++;
        if (f == g->track) f = 0;
        int j = g->occ[f];
        if (j >= 0) {
            if ((g->fresh >> j) & 1) {
                w->blocked = k;
                return;
            }
            w->sent[ns++] = (int8_t)j;
            hit = hit || in_team(g, j);
        }
        w->dest[k] = (int8_t)f;
        w->ns[k] = (int8_t)ns;
        w->hit[k] = (int8_t)hit;
    }
}

/* The 7 of peg i alone from x to dest, sending home the first ns pegs of sent. */
static void push_single(Gen *g, int i, int x, int dest, const int8_t *sent, int ns, uint32_t fm, int hit) {
    int8_t p[MAXPEG];
    int8_t st[1][3] = {{(int8_t)i, (int8_t)x, (int8_t)dest}};
    memcpy(p, g->pos, (size_t)g->npeg);
    p[i] = (int8_t)dest;
    for (int q = 0; q < ns; q++) p[sent[q]] = -1;
    push_seven(g, (const int8_t(*)[3])st, 1, p, fm, hit);
}

/* ---------------------------------------------------------------- the 7: single peg */
/* returns 1 if handled (bodies added, possibly none), 0 for "None" (go on) */
static int seven_single(Gen *g, int i) {
    int track = g->track, hm = g->hm, x = g->pos[i];
    int start = g->starts[g->ctrl];
    int d = start - x;
    if (d < 0) d += track;
    int turn = d < 7 && (d || !((g->fresh >> i) & 1));
    if (turn && (hm == 7 || hm == 11 || hm == 13 || hm == 14)) return 0;
    uint32_t fm = g->fresh & ~(1u << i);
    Walk w;
    walk7(g, x, &w);
    /* turning in at step d, the rest of the 7 into the Himmel (its places up to there free) */
    int home = turn && d >= 3 && d < w.blocked && !(hm & ((2 << (6 - d)) - 1));
    int home_dest = track + 6 - d;
    if (w.blocked < 8) { /* a fresh peg in the way: only the turn in, if any */
        if (home) push_single(g, i, x, home_dest, w.sent, w.ns[d], fm, w.hit[d]);
        return 1;
    }
    if (home && hm) push_single(g, i, x, home_dest, w.sent, w.ns[d], fm, w.hit[d]);
    push_single(g, i, x, w.dest[7], w.sent, w.ns[7], fm, w.hit[7]);
    if (home && !hm) push_single(g, i, x, home_dest, w.sent, w.ns[d], fm, w.hit[d]);
    return 1;
}

/* ---------------------------------------------------------------- the 7: pegs apart */
typedef struct {
    int8_t dest;
    int8_t nsent;
    int8_t sent[7];
    int8_t hit;
} Opt;

typedef struct {
    Opt o[8][6];
    int no[8];
} Opts;

static int apart(Gen *g, int stuck) {
    int track = g->track, start = g->starts[g->ctrl], hm = g->hm;
    int xs[4], nx = 0;
    for (int m = 0; m < g->nmovers; m++) {
        int x = g->pos[g->movers[m]];
        if (x < track) xs[nx++] = x;
    }
    for (int a = 0; a < nx; a++)
        for (int b = a + 1; b < nx; b++) {
            int d = mod(xs[b] - xs[a], track);
            if (d <= 7 || d >= track - 7) return 0;
        }
    int near = 0, free_ = 0;
    for (int m = 0; m < g->nmovers; m++) {
        int i = g->movers[m], x = g->pos[i];
        if (x >= track) {
            if (!stuck)
                near++;
            else if ((hm >> (x - track + 1)) != (8 >> (x - track)) - 1)
                free_++;
        } else if (mod(start - x, track) < 7 && (x != start || !((g->fresh >> i) & 1))) {
            near++;
        }
    }
    return !(stuck ? (near || free_ > 1) : near > 1);
}

static void add_opt(Opts *op, int k, int dest, const int8_t *sent, int nsent, int hit) {
    Opt *o = &op->o[k][op->no[k]++];
    o->dest = (int8_t)dest;
    o->nsent = (int8_t)nsent;
    if (nsent) memcpy(o->sent, sent, (size_t)nsent);
    o->hit = (int8_t)hit;
}

static void apart_options(Gen *g, int stuck, Opts *options) {
    int track = g->track, start = g->starts[g->ctrl], hm = g->hm;
    for (int m = 0; m < g->nmovers; m++) {
        int i = g->movers[m], x = g->pos[i];
        Opts *op = &options[m];
        memset(op->no, 0, sizeof(op->no));
        add_opt(op, 0, x, NULL, 0, 0);
        if (x >= track) {
            if (!stuck) {
                for (int k = 1; k < track + 4 - x; k++) add_opt(op, k, x + k, NULL, 0, 0);
                continue;
            }
            int k = 1;
            while (x + k < track + 4 && !((hm >> (x + k - track)) & 1)) {
                add_opt(op, k, x + k, NULL, 0, 0);
                k++;
            }
            continue;
        }
        Walk w;
        walk7(g, x, &w);
        for (int k = 1; k < w.blocked; k++) add_opt(op, k, w.dest[k], w.sent, w.ns[k], w.hit[k]);
        int d = mod(start - x, track);
        if (d < w.blocked && (d || !((g->fresh >> i) & 1))) {
            for (int r = 0; r < 4; r++)
                if (d + 1 + r <= 7) add_opt(op, d + 1 + r, track + r, w.sent, w.ns[d], w.hit[d]);
        }
    }
}

typedef struct {
    Gen *g;
    Opts *options;
    int descending, last;
    int8_t p[MAXPEG];
    int8_t steps[4][3];
    int nsteps;
} Share;

/* Peg i moves from x as option o: its place, the pegs it sends home, the next step. */
static inline void share_place(Share *s, int i, int x, const Opt *o) {
    s->p[i] = o->dest;
    for (int t = 0; t < o->nsent; t++) s->p[o->sent[t]] = -1;
    s->steps[s->nsteps][0] = (int8_t)i;
    s->steps[s->nsteps][1] = (int8_t)x;
    s->steps[s->nsteps][2] = o->dest;
}

/* The pegs option o sent home are back (the moving peg is put back by the caller). */
static inline void share_undo(Share *s, const Opt *o) {
    for (int t = 0; t < o->nsent; t++) s->p[o->sent[t]] = s->g->pos[o->sent[t]];
}

static void share_go(Share *s, int idx, int rem, uint32_t fm, int hit) {
    Gen *g = s->g;
    int i = g->movers[idx];
    int x = g->pos[i];
    Opts *opts = &s->options[idx];
    if (g->overflow) return;
    if (idx == s->last) {
        if (!rem) {
            push_seven(g, (const int8_t(*)[3])s->steps, s->nsteps, s->p, fm, hit);
            return;
        }
        fm &= ~(1u << i);
        for (int q = 0; q < opts->no[rem]; q++) {
            Opt *o = &opts->o[rem][q];
            share_place(s, i, x, o);
            push_seven(g, (const int8_t(*)[3])s->steps, s->nsteps + 1, s->p, fm, hit || o->hit);
            share_undo(s, o);
        }
        s->p[i] = (int8_t)x;
        return;
    }
    if (!s->descending) share_go(s, idx + 1, rem, fm, hit);
    uint32_t moved = fm & ~(1u << i);
    for (int kk = 0; kk < rem; kk++) {
        int k = s->descending ? rem - kk : kk + 1;
        for (int q = 0; q < opts->no[k]; q++) {
            Opt *o = &opts->o[k][q];
            share_place(s, i, x, o);
            s->nsteps++;
            share_go(s, idx + 1, rem - k, moved, hit || o->hit);
            s->nsteps--;
            share_undo(s, o);
        }
    }
    s->p[i] = (int8_t)x;
    if (s->descending) share_go(s, idx + 1, rem, fm, hit);
}

static int seven_apart(Gen *g, int stuck) {
    if (!apart(g, stuck)) return 0;
    Opts options[4];
    apart_options(g, stuck, options);
    Share s;
    s.g = g;
    s.options = options;
    s.descending = stuck;
    s.last = g->nmovers - 1;
    memcpy(s.p, g->pos, (size_t)g->npeg);
    s.nsteps = 0;
    if (g->nmovers) share_go(&s, 0, 7, g->fresh, 0);
    return 1;
}
