/* Compiled Dog move generation (base rules: 4 or 6 players, teams of two).
 *
 * A line-by-line port of stammtisch.games.dog.moves / seven / tables (the pure-Python
 * engine stays the specification): the same moves, in the same order, with the same
 * bodies, so that a seeded game plays out identically on both backends. The
 * differential tests in tests/games/dog/test_dog_core.py hold the two together.
 *
 * Plain C against the CPython limited API (abi3): no build dependency beyond a C
 * compiler, one binary for every Python >= 3.11.
 *
 * legal(pos, fresh, seat, players, ranks) -> (codes, sevens)
 *   pos:    list of peg places (-1 kennel, 0..L-1 track, L..L+3 Himmel)
 *   fresh:  bit mask of fresh pegs
 *   ranks:  the distinct ranks of the hand, sorted
 *   codes:  one int per legal move: card | value << 4 | kind << 8 | a << 10 |
 *           (b + 1) << 16 | (c + 1) << 23 | canon << 30 (value: the Joker's value, 13
 *           for the Joker's start; a, b, c as in the body; for a 7, a is the index of
 *           the 7 among this call's 7s, 12 bits, and b, c are -1)
 *   sevens: the 7s packed (bytes); seven(sevens, index, npeg, canon) makes the body
 *           tuple of one, as the pure engine has it (see actions.py); the other moves'
 *           bodies are (kind, a, b, c, canon) straight from the code
 * Returns None when a buffer would overflow (the caller then uses the pure engine).
 */
#define Py_LIMITED_API 0x030B0000
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* What the Python side expects of this module (backend.py refuses an older build). */
#define CORE_API 2
#define MAXPEG 24
#define MAXTRACK 96
#define KMOVE 0
#define KSTART 1
#define KSWAP 2
#define KSPLIT 3
#define JOKER 13

/* uses: 0 start, 1..13 forward k, 14 backward 4, 15 seven, 16 jack */
#define U_START 0
#define U_BACK 14
#define U_SEVEN 15
#define U_JACK 16
#define NUSES 17

typedef struct {
    int8_t kind, a, b, c, canon;
    int16_t sv; /* index of the 7 in the sevens store */
} Body;

typedef struct {
    int8_t steps[28][3]; /* parts or single steps (peg, from, to) */
    int8_t nsteps;
    int8_t pos[MAXPEG];
    uint32_t fresh;
    int8_t hit;
} Seven;

#define MAXSEVEN 4096
#define MAXBODY 4096
#define MAXOUT 8192
#define SEVEN_REC (1 + 28 * 3 + MAXPEG + 4)

typedef struct {
    int n, npeg, track, seat, partner, ctrl;
    int8_t pos[MAXPEG];
    int8_t occ[MAXTRACK];
    uint32_t fresh;
    int movers[4], nmovers;
    int hm;
    int done[NUSES];
    int canonuse[NUSES];
    Body bodies[NUSES][MAXBODY];
    int nb[NUSES];
    int overflow;
} Gen;

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
    return o == g->seat || o == g->partner;
}

/* The position after a non-7 body. */
static uint32_t body_after(Gen *g, const Body *bd, int8_t *p) {
    memcpy(p, g->pos, (size_t)g->npeg);
    int i = bd->a, j = bd->c;
    if (bd->kind == KSWAP) {
        p[j] = p[i];
        p[i] = bd->b;
        return g->fresh;
    }
    p[i] = bd->b;
    if (j >= 0) p[j] = -1;
    if (bd->kind == KSTART) return g->fresh | (1u << i);
    return g->fresh & ~(1u << i);
}

/* Canonical key: each seat's places sorted, one fresh bit per seat. */
typedef struct {
    int8_t places[MAXPEG];
    uint32_t seats;
} Key;

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
    int s = 16 * c;
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
        int b = 16 * (i >> 2) - x;
        if (b <= 0) b += track;
        if (b < blocked) blocked = b;
    }
    return blocked;
}

static void gen_forward(Gen *g, int k) {
    int track = g->track, c = g->ctrl, start = 16 * c, hm = g->hm;
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

/* ---------------------------------------------------------------- the 7: single peg */
/* returns 1 if handled (bodies added, possibly none), 0 for "None" (go on) */
static int seven_single(Gen *g, int i) {
    int track = g->track, hm = g->hm, x = g->pos[i];
    int start = 16 * g->ctrl;
    int d = start - x;
    if (d < 0) d += track;
    int turn = d < 7 && (d || !((g->fresh >> i) & 1));
    if (turn && (hm == 7 || hm == 11 || hm == 13 || hm == 14)) return 0;
    uint32_t fm = g->fresh & ~(1u << i);
    int sent[8], ns = 0, hit = 0;
    int have_home = 0, home_dest = 0, home_hit = 0, home_ns = 0;
    int f = x;
    for (int k = 1; k < 8; k++) {
        f++;
        if (f == track) f = 0;
        int j = g->occ[f];
        if (j >= 0) {
            if ((g->fresh >> j) & 1) {
                if (have_home) goto emit_home_only;
                return 1;
            }
            sent[ns++] = j;
            if (in_team(g, j)) hit = 1;
        }
        if (turn && k == d && d >= 3) {
            int r = 6 - d;
            if (!(hm & ((2 << r) - 1))) {
                have_home = 1;
                home_dest = track + r;
                home_hit = hit;
                home_ns = ns;
            }
        }
    }
    {
        int8_t p[MAXPEG];
        int8_t st[1][3];
        int8_t hp[MAXPEG];
        memcpy(p, g->pos, (size_t)g->npeg);
        p[i] = (int8_t)f;
        for (int q = 0; q < ns; q++) p[sent[q]] = -1;
        if (have_home) {
            memcpy(hp, g->pos, (size_t)g->npeg);
            hp[i] = (int8_t)home_dest;
            for (int q = 0; q < home_ns; q++) hp[sent[q]] = -1;
        }
        st[0][0] = (int8_t)i;
        st[0][1] = (int8_t)x;
        if (have_home && hm) {
            st[0][2] = (int8_t)home_dest;
            push_seven(g, (const int8_t(*)[3])st, 1, hp, fm, home_hit);
        }
        st[0][2] = (int8_t)f;
        push_seven(g, (const int8_t(*)[3])st, 1, p, fm, hit);
        if (have_home && !hm) {
            st[0][2] = (int8_t)home_dest;
            push_seven(g, (const int8_t(*)[3])st, 1, hp, fm, home_hit);
        }
        return 1;
    }
emit_home_only: {
    int8_t hp[MAXPEG];
    int8_t st[1][3];
    memcpy(hp, g->pos, (size_t)g->npeg);
    hp[i] = (int8_t)home_dest;
    for (int q = 0; q < home_ns; q++) hp[sent[q]] = -1;
    st[0][0] = (int8_t)i;
    st[0][1] = (int8_t)x;
    st[0][2] = (int8_t)home_dest;
    push_seven(g, (const int8_t(*)[3])st, 1, hp, fm, home_hit);
    return 1;
}
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
    int track = g->track, start = 16 * g->ctrl, hm = g->hm;
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
    int track = g->track, start = 16 * g->ctrl, hm = g->hm;
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
        int8_t sent[7];
        int ns = 0, hit = 0;
        int hns[8], hhit[8];
        hns[0] = 0;
        hhit[0] = 0;
        int blocked = 8, f = x;
        for (int k = 1; k < 8; k++) {
            f++;
            if (f == track) f = 0;
            int j = g->occ[f];
            if (j >= 0) {
                if ((g->fresh >> j) & 1) {
                    blocked = k;
                    break;
                }
                sent[ns++] = (int8_t)j;
                hit = hit || in_team(g, j);
            }
            hns[k] = ns;
            hhit[k] = hit;
            add_opt(op, k, f, sent, ns, hit);
        }
        int d = mod(start - x, track);
        if (d < blocked && (d || !((g->fresh >> i) & 1))) {
            for (int r = 0; r < 4; r++)
                if (d + 1 + r <= 7) add_opt(op, d + 1 + r, track + r, sent, hns[d], hhit[d]);
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
            s->p[i] = o->dest;
            for (int t = 0; t < o->nsent; t++) s->p[o->sent[t]] = -1;
            s->steps[s->nsteps][0] = (int8_t)i;
            s->steps[s->nsteps][1] = (int8_t)x;
            s->steps[s->nsteps][2] = o->dest;
            push_seven(g, (const int8_t(*)[3])s->steps, s->nsteps + 1, s->p, fm, hit || o->hit);
            for (int t = 0; t < o->nsent; t++) s->p[o->sent[t]] = g->pos[o->sent[t]];
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
            s->p[i] = o->dest;
            for (int t = 0; t < o->nsent; t++) s->p[o->sent[t]] = -1;
            s->steps[s->nsteps][0] = (int8_t)i;
            s->steps[s->nsteps][1] = (int8_t)x;
            s->steps[s->nsteps][2] = o->dest;
            s->nsteps++;
            share_go(s, idx + 1, rem - k, moved, hit || o->hit);
            s->nsteps--;
            for (int t = 0; t < o->nsent; t++) s->p[o->sent[t]] = g->pos[o->sent[t]];
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

/* ---------------------------------------------------------------- the 7: search */
#define HBITS 15
#define HSIZE (1 << HBITS)
typedef struct {
    uint32_t stamp;
    uint8_t key[MAXPEG + 1];
    int32_t val;
} Slot;
static Slot seen_tab[HSIZE];
static Slot found_tab[HSIZE];
static uint32_t stamp;

typedef struct {
    Gen *g;
    int track, seat, partner, npeg;
    int8_t pos[MAXPEG];
    int8_t occ[MAXTRACK];
    uint8_t code[MAXPEG];
    int hm[6], inh[6];
    int8_t path[7][3];
    int npath;
    int homed;
    int nseen;
    int first, nfound;
} Search;

static uint32_t hash_key(const uint8_t *k, int len) {
    uint32_t h = 2166136261u;
    for (int q = 0; q < len; q++) h = (h ^ k[q]) * 16777619u;
    return h ^ (h >> 15);
}

/* Look ``key`` up; insert it when absent. Returns the slot, sets *isnew. */
static Slot *lookup(Slot *tab, const uint8_t *key, int len, int *isnew, int *count, Gen *g) {
    uint32_t h = hash_key(key, len) & (HSIZE - 1);
    for (;;) {
        Slot *s = &tab[h];
        if (s->stamp != stamp) {
            if (*count >= HSIZE / 2) {
                g->overflow = 1;
                *isnew = 0;
                return NULL;
            }
            s->stamp = stamp;
            memcpy(s->key, key, (size_t)len);
            (*count)++;
            *isnew = 1;
            return s;
        }
        if (!memcmp(s->key, key, (size_t)len)) {
            *isnew = 0;
            return s;
        }
        h = (h + 1) & (HSIZE - 1);
    }
}

static int found_has(Search *s) {
    uint32_t h = hash_key(s->code, s->npeg) & (HSIZE - 1);
    for (;;) {
        Slot *sl = &found_tab[h];
        if (sl->stamp != stamp) return 0;
        if (!memcmp(sl->key, s->code, (size_t)s->npeg)) return 1;
        h = (h + 1) & (HSIZE - 1);
    }
}

static void record(Search *s, uint32_t fm) {
    int isnew;
    Slot *sl = lookup(found_tab, s->code, s->npeg, &isnew, &s->nfound, s->g);
    if (!isnew) return;
    (void)sl;
    push_seven(s->g, (const int8_t(*)[3])s->path, s->npath, s->pos, fm, s->homed > 0);
}

static int visit(Search *s, int rem) {
    if (rem == 1) return !found_has(s);
    uint8_t key[MAXPEG + 1];
    memcpy(key, s->code, (size_t)s->npeg);
    key[s->npeg] = (uint8_t)(rem - 1);
    int isnew;
    lookup(seen_tab, key, s->npeg + 1, &isnew, &s->nseen, s->g);
    return isnew;
}

static void rec(Search *s, int rem, uint32_t fm);

static void go_on(Search *s, int rem, uint32_t fm) {
    if (rem == 1)
        record(s, fm);
    else
        rec(s, rem - 1, fm);
}

static void himmel_step(Search *s, int i, int x, int rem, uint32_t fm) {
    int o = i >> 2, h = x - s->track;
    if (h < 3 && !((s->hm[o] >> (h + 1)) & 1)) {
        s->code[i] += 1;
        if (!visit(s, rem)) {
            s->code[i] -= 1;
            return;
        }
        s->hm[o] ^= 3 << h;
        s->pos[i] = (int8_t)(x + 1);
        s->path[s->npath][0] = (int8_t)i;
        s->path[s->npath][1] = (int8_t)x;
        s->path[s->npath][2] = (int8_t)(x + 1);
        s->npath++;
        go_on(s, rem, fm);
        s->npath--;
        s->pos[i] = (int8_t)x;
        s->hm[o] ^= 3 << h;
        s->code[i] -= 1;
    }
}

static void turn_in(Search *s, int i, int x, int rem, uint32_t fm) {
    int track = s->track;
    s->code[i] = (uint8_t)(s->code[i] + (track - x));
    if (!visit(s, rem)) {
        s->code[i] = (uint8_t)(s->code[i] - (track - x));
        return;
    }
    int o = i >> 2;
    s->occ[x] = -1;
    s->pos[i] = (int8_t)track;
    s->hm[o] |= 1;
    s->inh[o] += 1;
    s->path[s->npath][0] = (int8_t)i;
    s->path[s->npath][1] = (int8_t)x;
    s->path[s->npath][2] = (int8_t)track;
    s->npath++;
    go_on(s, rem, fm);
    s->npath--;
    s->inh[o] -= 1;
    s->hm[o] &= ~1;
    s->pos[i] = (int8_t)x;
    s->occ[x] = (int8_t)i;
    s->code[i] = (uint8_t)(s->code[i] - (track - x));
}

static void track_step(Search *s, int i, int x, int rem, uint32_t fm) {
    int y = x + 1;
    if (y == s->track) y = 0;
    int j = s->occ[y];
    if (j >= 0 && ((fm >> j) & 1)) return;
    s->code[i] += 1;
    if (j >= 0) s->code[j] = (uint8_t)(s->code[j] - (y + 1));
    if (!visit(s, rem)) {
        s->code[i] -= 1;
        if (j >= 0) s->code[j] = (uint8_t)(s->code[j] + (y + 1));
        return;
    }
    int team = j >= 0 && ((j >> 2) == s->seat || (j >> 2) == s->partner);
    if (j >= 0) {
        s->pos[j] = -1;
        if (team) s->homed++;
    }
    s->occ[x] = -1;
    s->occ[y] = (int8_t)i;
    s->pos[i] = (int8_t)y;
    s->path[s->npath][0] = (int8_t)i;
    s->path[s->npath][1] = (int8_t)x;
    s->path[s->npath][2] = (int8_t)y;
    s->npath++;
    go_on(s, rem, fm & ~(1u << i));
    s->npath--;
    if (j >= 0) {
        s->pos[j] = (int8_t)y;
        s->occ[y] = (int8_t)j;
        if (team) s->homed--;
    } else {
        s->occ[y] = -1;
    }
    s->occ[x] = (int8_t)i;
    s->pos[i] = (int8_t)x;
    s->code[i] -= 1;
    if (j >= 0) s->code[j] = (uint8_t)(s->code[j] + (y + 1));
}

static void rec(Search *s, int rem, uint32_t fm) {
    if (s->g->overflow) return;
    int seat = s->seat;
    if (s->inh[seat] + s->inh[s->partner] == 8) {
        record(s, fm);
        return;
    }
    int base = 4 * (s->inh[seat] < 4 ? seat : s->partner);
    for (int i = base; i < base + 4; i++) {
        int x = s->pos[i];
        if (x < 0) continue;
        if (x >= s->track) {
            himmel_step(s, i, x, rem, fm);
            continue;
        }
        int o = i >> 2;
        if (x == 16 * o && !((fm >> i) & 1) && !(s->hm[o] & 1)) turn_in(s, i, x, rem, fm);
        track_step(s, i, x, rem, fm);
    }
}

static void seven_search(Gen *g) {
    Search s;
    memset(&s, 0, sizeof(s));
    s.g = g;
    s.track = g->track;
    s.seat = g->seat;
    s.partner = g->partner;
    s.npeg = g->npeg;
    memcpy(s.pos, g->pos, (size_t)g->npeg);
    memcpy(s.occ, g->occ, (size_t)g->track);
    for (int q = 0; q < g->npeg; q++) s.code[q] = (uint8_t)(g->pos[q] + 1);
    int seats[2] = {g->seat, g->partner};
    for (int t = 0; t < 2; t++) {
        int o = seats[t];
        for (int i = 4 * o; i < 4 * o + 4; i++) {
            int x = g->pos[i];
            if (x >= g->track) {
                s.hm[o] |= 1 << (x - g->track);
                s.inh[o]++;
            }
        }
    }
    stamp++;
    if (stamp == 0) { /* wrapped: clear the tables once */
        memset(seen_tab, 0, sizeof(seen_tab));
        memset(found_tab, 0, sizeof(found_tab));
        stamp = 1;
    }
    rec(&s, 7, g->fresh);
}

static void mark_renamings(Gen *g, int first) {
    int track = g->track;
    int turning[4], nt = 0;
    for (int m = 0; m < g->nmovers; m++) {
        int i = g->movers[m], x = g->pos[i];
        if (x < track && mod(16 * (i >> 2) - x, track) <= 6) turning[nt++] = i;
    }
    if (!nt) return;
    for (int q = first; q < g->nb[U_SEVEN]; q++) {
        Body *bd = &g->bodies[U_SEVEN][q];
        if (bd->canon) continue;
        const int8_t *res = sevens[bd->sv].pos;
        for (int t = 0; t < nt; t++) {
            int i = turning[t], b = i & ~3;
            if (res[i] < track) continue;
            int moved = 0;
            for (int o = b; o < b + 4; o++)
                if (o != i && res[o] != g->pos[o]) moved = 1;
            if (moved) {
                bd->canon = 1;
                break;
            }
        }
    }
}

static void gen_seven(Gen *g) {
    int track = g->track, hm = g->hm;
    int live = 0, single = -1;
    for (int m = 0; m < g->nmovers; m++) {
        int i = g->movers[m], x = g->pos[i];
        if (x >= track && (hm >> (x - track + 1)) == (8 >> (x - track)) - 1) continue;
        live++;
        single = i;
    }
    int handled = 0;
    if (live == 1) {
        if (g->pos[single] >= track) return;
        handled = seven_single(g, single);
    } else if (!live) {
        return;
    }
    if (!handled) {
        handled = seven_apart(g, 0);
        if (!handled && hm) handled = seven_apart(g, 1);
        if (!handled) seven_search(g);
    }
    mark_renamings(g, 0);
}

static void gen_use(Gen *g, int use) {
    if (g->done[use]) return;
    g->done[use] = 1;
    g->nb[use] = 0;
    if (!g->nmovers && use != U_START) return;
    if (use == U_START)
        gen_start(g);
    else if (use == U_SEVEN)
        gen_seven(g);
    else if (use == U_JACK)
        gen_swaps(g);
    else if (use == U_BACK)
        gen_backward(g);
    else
        gen_forward(g, use);
    if (use < 1 || use > 13) /* forward counts mark canon as they go */
        for (int q = 0; q < g->nb[use]; q++)
            if (g->bodies[use][q].canon) {
                g->canonuse[use] = 1;
                break;
            }
}

/* ---------------------------------------------------------------- output */
typedef struct {
    const Body *bd;
    int card, value;
} Out;
static Out out[MAXOUT];
static Key seenk[MAXOUT];

static PyObject *steps_list(const Seven *sv) {
    PyObject *l = PyList_New(sv->nsteps);
    if (!l) return NULL;
    for (int q = 0; q < sv->nsteps; q++) {
        PyObject *t = Py_BuildValue("(iii)", sv->steps[q][0], sv->steps[q][1], sv->steps[q][2]);
        if (!t) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SetItem(l, q, t);
    }
    return l;
}

static PyObject *pos_tuple(const int8_t *p, int npeg) {
    PyObject *t = PyTuple_New(npeg);
    if (!t) return NULL;
    for (int q = 0; q < npeg; q++) PyTuple_SetItem(t, q, PyLong_FromLong(p[q]));
    return t;
}

static int read_ints(PyObject *seq, int *dst, int maxn) {
    PyObject *fast = PySequence_Tuple(seq);
    if (!fast) return -1;
    Py_ssize_t len = PyTuple_Size(fast);
    if (len > maxn) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "too many values");
        return -1;
    }
    for (Py_ssize_t q = 0; q < len; q++) {
        long v = PyLong_AsLong(PyTuple_GetItem(fast, q));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        dst[q] = (int)v;
    }
    Py_DECREF(fast);
    return (int)len;
}

static int gen_moves(const int *posi, int np, uint32_t fresh, int seat, int players, const int *ranks, int nr);
static PyObject *legal_output(int nout);

static PyObject *legal(PyObject *self, PyObject *args) {
    PyObject *pos_o, *ranks_o;
    unsigned long fresh;
    int seat, players;
    (void)self;
    if (!PyArg_ParseTuple(args, "OkiiO", &pos_o, &fresh, &seat, &players, &ranks_o)) return NULL;
    if (players != 4 && players != 6) {
        PyErr_SetString(PyExc_ValueError, "the compiled core plays 4 or 6 players");
        return NULL;
    }
    int posi[MAXPEG], ranks[16];
    int np = read_ints(pos_o, posi, MAXPEG);
    if (np < 0) return NULL;
    int nr = read_ints(ranks_o, ranks, 16);
    if (nr < 0) return NULL;
    int nout = gen_moves(posi, np, (uint32_t)fresh, seat, players, ranks, nr);
    if (nout == -1) return NULL;
    if (nout == -2) Py_RETURN_NONE;
    return legal_output(nout);
}

/* The legal plays of a position (see legal()); posi: np peg places. Fills out[] and
 * sevens[]; returns their number, -1 with a Python error set, -2 when a buffer overflowed. */
static Gen gen;
static int gen_moves(const int *posi, int np, uint32_t fresh, int seat, int players, const int *ranks, int nr) {
    Gen *g = &gen;
    g->n = players;
    g->npeg = 4 * players;
    g->track = 16 * players;
    if (np != g->npeg || seat < 0 || seat >= players) {
        PyErr_SetString(PyExc_ValueError, "bad position");
        return -1;
    }
    g->seat = seat;
    g->partner = (seat + players / 2) % players;
    g->fresh = fresh;
    g->overflow = 0;
    memset(g->occ, -1, sizeof(g->occ));
    for (int q = 0; q < g->npeg; q++) {
        int x = posi[q];
        if (x < -1 || x >= g->track + 4) {
            PyErr_SetString(PyExc_ValueError, "peg off the board");
            return -1;
        }
        g->pos[q] = (int8_t)x;
        if (x >= 0 && x < g->track) g->occ[x] = (int8_t)q;
    }
    for (int q = 0; q < nr; q++)
        if (ranks[q] < 0 || ranks[q] > JOKER) {
            PyErr_SetString(PyExc_ValueError, "bad rank");
            return -1;
        }
    int c = 4 * seat, track = g->track;
    if (g->pos[c] >= track && g->pos[c + 1] >= track && g->pos[c + 2] >= track && g->pos[c + 3] >= track)
        c = 4 * g->partner;
    g->ctrl = c >> 2;
    g->nmovers = 0;
    g->hm = 0;
    for (int i = c; i < c + 4; i++) {
        int x = g->pos[i];
        if (x >= 0) {
            g->movers[g->nmovers++] = i;
            if (x >= track) g->hm |= 1 << (x - track);
        }
    }
    memset(g->done, 0, sizeof(g->done));
    memset(g->canonuse, 0, sizeof(g->canonuse));
    nsevens = 0;

    int nout = 0;
    if (!g->nmovers) {
        for (int r = 0; r < nr; r++) {
            int card = ranks[r];
            if (card != 0 && card != 12 && card != JOKER) continue;
            gen_use(g, U_START);
            for (int q = 0; q < g->nb[U_START]; q++) {
                out[nout].bd = &g->bodies[U_START][q];
                out[nout].card = card;
                out[nout].value = card;
                nout++;
            }
        }
    } else {
        for (int r = 0; r < nr; r++) {
            int card = ranks[r];
            int nseen = 0;
            Key *seen = &seenk[nout];
            (void)seen;
            int seen_base = nout; /* keys of this card go to seenk[seen_base ...] */
            for (int pl = 0; pl < nplans[card]; pl++) {
                int use = plans[card][pl].use;
                gen_use(g, use);
                if (g->overflow) return -2;
                for (int q = 0; q < g->nb[use]; q++) {
                    const Body *bd = &g->bodies[use][q];
                    if (g->canonuse[use] && bd->canon) {
                        Key k;
                        body_key(g, bd, &k);
                        int dup = 0;
                        for (int t = 0; t < nseen; t++)
                            if (!memcmp(&seenk[seen_base + t], &k, sizeof(k))) {
                                dup = 1;
                                break;
                            }
                        if (dup) continue;
                        if (seen_base + nseen >= MAXOUT) return -2;
                        seenk[seen_base + nseen++] = k;
                    }
                    if (nout >= MAXOUT) return -2;
                    out[nout].bd = bd;
                    out[nout].card = card;
                    out[nout].value = plans[card][pl].value;
                    nout++;
                }
            }
        }
        /* _joker_once: exactly one peg of the team outside its Himmel */
        if (nr && ranks[nr - 1] == JOKER) {
            int outside = 0;
            int seats[2] = {g->seat, g->partner};
            for (int t = 0; t < 2; t++)
                for (int i = 4 * seats[t]; i < 4 * seats[t] + 4; i++)
                    if (g->pos[i] < track) outside++;
            if (outside == 1) {
                int w = 0, nk = 0;
                for (int q = 0; q < nout; q++) {
                    if (out[q].card == JOKER) {
                        Key k;
                        body_key(g, out[q].bd, &k);
                        int dup = 0;
                        for (int t = 0; t < nk; t++)
                            if (!memcmp(&seenk[t], &k, sizeof(k))) {
                                dup = 1;
                                break;
                            }
                        if (dup) continue;
                        seenk[nk++] = k;
                    }
                    out[w++] = out[q];
                }
                nout = w;
            }
        }
    }

    return nout;
}

/* (codes, sevens) for legal(): see the top of the file. */
static PyObject *legal_output(int nout) {
    /* The 7s, packed for seven(): per 7 a record of SEVEN_REC bytes. */
    int nsv = 0;
    for (int q = 0; q < nout; q++)
        if (out[q].bd->kind == KSPLIT) nsv++;
    PyObject *codes = PyList_New(nout);
    if (!codes) return NULL;
    PyObject *packed = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)nsv * SEVEN_REC);
    if (!packed) {
        Py_DECREF(codes);
        return NULL;
    }
    char *buf = PyBytes_AsString(packed);
    int k7 = 0;
    for (int q = 0; q < nout; q++) {
        const Body *bd = out[q].bd;
        long a = bd->a, b = bd->b, cc = bd->c;
        if (bd->kind == KSPLIT) {
            const Seven *sv = &sevens[bd->sv];
            char *r = buf + (size_t)k7 * SEVEN_REC;
            memset(r, 0, SEVEN_REC);
            r[0] = sv->nsteps;
            memcpy(r + 1, sv->steps, (size_t)sv->nsteps * 3);
            memcpy(r + 1 + 28 * 3, sv->pos, MAXPEG);
            memcpy(r + 1 + 28 * 3 + MAXPEG, &sv->fresh, 4);
            a = k7++;
            b = -1;
            cc = -1;
        }
        long code = (long)out[q].card | (long)out[q].value << 4 | (long)bd->kind << 8 | a << 10 |
                    (b + 1) << 16 | (cc + 1) << 23 | (long)(bd->canon ? 1 : 0) << 30;
        PyObject *co = PyLong_FromLong(code);
        if (!co) {
            Py_DECREF(codes);
            Py_DECREF(packed);
            return NULL;
        }
        PyList_SetItem(codes, q, co);
    }
    return Py_BuildValue("(NN)", codes, packed);
}

/* seven(packed, index, npeg, canon) -> the 7's body tuple (see actions.py). */
static PyObject *seven(PyObject *self, PyObject *args) {
    const char *buf;
    Py_ssize_t len;
    int idx, npeg, canon;
    PyObject *packed;
    (void)self;
    if (!PyArg_ParseTuple(args, "Siip", &packed, &idx, &npeg, &canon)) return NULL;
    buf = PyBytes_AsString(packed);
    len = PyBytes_Size(packed);
    if (!buf || idx < 0 || (Py_ssize_t)(idx + 1) * SEVEN_REC > len || npeg < 0 || npeg > MAXPEG) {
        PyErr_SetString(PyExc_ValueError, "no such 7");
        return NULL;
    }
    const char *r = buf + (size_t)idx * SEVEN_REC;
    Seven sv;
    sv.nsteps = r[0];
    memcpy(sv.steps, r + 1, (size_t)sv.nsteps * 3);
    memcpy(sv.pos, r + 1 + 28 * 3, MAXPEG);
    memcpy(&sv.fresh, r + 1 + 28 * 3 + MAXPEG, 4);
    PyObject *steps = steps_list(&sv);
    if (!steps) return NULL;
    PyObject *pt = pos_tuple(sv.pos, npeg);
    if (!pt) {
        Py_DECREF(steps);
        return NULL;
    }
    return Py_BuildValue("(iN(NI)iO)", KSPLIT, steps, pt, (unsigned int)sv.fresh, 0, canon ? Py_True : Py_False);
}

/* ---------------------------------------------------------------- the table state
 *
 * Table: a whole Dog position of the base rules as integers (the pure engine's DogState
 * field by field, see state.py): peg places and fresh mask, hands as sorted ranks, draw
 * pile (dealt from the end) and discards in order, round, dealer, phase, seat to move,
 * the exchange (given / known / folded as seat bit masks, gave per seat), winner and the
 * RNG state. copy() is a struct copy; play / give / fold apply one action, with the
 * advance to the next seat and the next round's deal, exactly as DogState does.
 * A deal that needs the discards shuffled in returns 1 and waits: the shuffle is the
 * pure engine's (Rng.shuffle, in Python; see coretable.py), then deal() goes on.
 */
#define NCARDS 110
#define MAXSEAT 6
#define MAXHAND 8
#define PH_EXCHANGE 0
#define PH_PLAY 1
#define PH_OVER 2

typedef struct {
    PyObject_HEAD
    int n, round, dealer;
    int phase, current, winner; /* current, winner: -1 for None */
    int8_t pos[MAXPEG];
    uint32_t fresh;
    uint8_t hands[MAXSEAT][MAXHAND];
    uint8_t hlen[MAXSEAT];
    uint8_t pile[NCARDS];
    uint8_t disc[NCARDS];
    int npile, ndisc;
    unsigned given, known, folded;
    int8_t gave[MAXSEAT];
    unsigned long long rng;
} Table;

static PyObject *TableType;
static const int HAND_SIZES[5] = {6, 5, 4, 3, 2};

static Table *table_new(void) {
    Table *t = PyObject_New(Table, (PyTypeObject *)TableType);
    return t;
}

static void table_dealloc(PyObject *self) {
    PyObject *tp = (PyObject *)Py_TYPE(self);
    PyObject_Free(self);
    Py_DECREF(tp);
}

static inline int t_partner(const Table *t, int seat) { return (seat + t->n / 2) % t->n; }
static inline int t_start_seat(const Table *t) { return (t->dealer + 1 + t->round) % t->n; }

static int hand_remove(Table *t, int seat, int card) {
    uint8_t *h = t->hands[seat];
    int len = t->hlen[seat];
    for (int q = 0; q < len; q++)
        if (h[q] == card) {
            memmove(h + q, h + q + 1, (size_t)(len - q - 1));
            t->hlen[seat] = (uint8_t)(len - 1);
            return 0;
        }
    PyErr_SetString(PyExc_ValueError, "the card is not in the hand");
    return -1;
}

static int hand_insert(Table *t, int seat, int card) {
    uint8_t *h = t->hands[seat];
    int len = t->hlen[seat];
    if (len >= MAXHAND) {
        PyErr_SetString(PyExc_ValueError, "hand overflow");
        return -1;
    }
    int q = len;
    while (q > 0 && h[q - 1] > card) {
        h[q] = h[q - 1];
        q--;
    }
    h[q] = (uint8_t)card;
    t->hlen[seat] = (uint8_t)(len + 1);
    return 0;
}

static void sort_hand(uint8_t *h, int len) {
    for (int x = 1; x < len; x++) {
        uint8_t v = h[x];
        int y = x - 1;
        while (y >= 0 && h[y] > v) {
            h[y + 1] = h[y];
            y--;
        }
        h[y + 1] = v;
    }
}

/* DOG-5, DOG-6, DOG-7: deal the round's hands and open the exchange; 1 if the pile is
 * short (the discards must be shuffled in first, see deal()). */
static int begin_round(Table *t) {
    int n = t->n, size = HAND_SIZES[t->round % 5];
    if (t->npile < n * size) return 1;
    int start = t_start_seat(t);
    for (int r = 0; r < size; r++)
        for (int k = 0; k < n; k++) {
            int s = (start + k) % n;
            t->hands[s][t->hlen[s]++] = t->pile[--t->npile];
        }
    for (int s = 0; s < n; s++) sort_hand(t->hands[s], t->hlen[s]);
    t->given = 0;
    t->known = 0;
    t->folded = 0;
    for (int s = 0; s < n; s++) t->gave[s] = -1;
    t->phase = PH_EXCHANGE;
    t->current = start;
    return 0;
}

/* DOG-6 in C: the pure engine's Rng.shuffle (core/rng.py), bit for bit: one SplitMix64
 * draw seeds a Mersenne Twister as random.Random(seed) does (init_by_array over the
 * seed's 32-bit words), then random.shuffle's Fisher-Yates with _randbelow by
 * getrandbits. coretable.py checks it against Python's random once at import and
 * switches it on (use_c_shuffle) only if they agree; else the Python shuffle runs. */
#define MT_N 624
#define MT_M 397
typedef struct {
    uint32_t mt[MT_N];
    int index;
} MT;

static int c_shuffle_ok;

static void mt_seed(MT *r, uint64_t seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    int klen = key[1] ? 2 : 1, i = 1, j = 0;
    uint32_t *mt = r->mt;
    mt[0] = 19650218U;
    for (int q = 1; q < MT_N; q++) mt[q] = 1812433253U * (mt[q - 1] ^ (mt[q - 1] >> 30)) + (uint32_t)q;
    for (int k = MT_N > klen ? MT_N : klen; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= klen) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
    r->index = MT_N;
}

static uint32_t mt_next(MT *r) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = r->mt, y;
    if (r->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1U];
        r->index = 0;
    }
    y = mt[r->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static uint64_t splitmix_next(unsigned long long *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* random.Random(seed).shuffle(x) for len(x) <= 256. */
static void mt_shuffle(uint64_t seed, uint8_t *x, int len) {
    MT r;
    mt_seed(&r, seed);
    for (int i = len - 1; i > 0; i--) {
        uint32_t n = (uint32_t)i + 1, k = 0;
        while ((n >> k) && k < 32) k++; /* n.bit_length() */
        uint32_t v;
        do v = mt_next(&r) >> (32 - k);
        while (v >= n);
        uint8_t tmp = x[i];
        x[i] = x[v];
        x[v] = tmp;
    }
}

/* The deal of a round, with the discards shuffled in first when the pile is short. */
static int deal_round(Table *t) {
    int r = begin_round(t);
    if (r != 1 || !c_shuffle_ok) return r;
    uint8_t all[2 * NCARDS];
    int len = t->npile + t->ndisc;
    memcpy(all, t->pile, (size_t)t->npile);
    memcpy(all + t->npile, t->disc, (size_t)t->ndisc);
    mt_shuffle(splitmix_next(&t->rng), all, len);
    memcpy(t->pile, all, (size_t)len);
    t->npile = len;
    t->ndisc = 0;
    return begin_round(t);
}

static int advance(Table *t, int seat) {
    int n = t->n, s = seat;
    for (int k = 0; k < n; k++) {
        if (++s == n) s = 0;
        if (t->hlen[s]) {
            t->current = s;
            return 0;
        }
    }
    t->round++;
    return deal_round(t);
}

static int team_home_t(const Table *t, int seat) {
    int track = 16 * t->n, seats[2] = {seat, t_partner(t, seat)};
    for (int k = 0; k < 2; k++)
        for (int i = 4 * seats[k]; i < 4 * seats[k] + 4; i++)
            if (t->pos[i] < track) return 0;
    return 1;
}

static int check_playing(Table *t) {
    if (t->phase != PH_PLAY || t->current < 0) {
        PyErr_SetString(PyExc_ValueError, "no play in this phase");
        return -1;
    }
    return 0;
}

static long get_long(PyObject *tup, Py_ssize_t k) {
    PyObject *o = PyTuple_GetItem(tup, k);
    if (!o) return -1;
    return PyLong_AsLong(o);
}

/* One play on the table: card, and the body's kind, a, b, c (see actions.py); for a 7
 * (kind SPLIT) p7 and fresh7 are the resulting position. Returns 0, 1 when the next
 * deal waits for a shuffle, -1 with a Python error set. */
static int table_play(Table *t, int card, long kind, long a, long b, long c, const int8_t *p7, uint32_t fresh7) {
    if (check_playing(t) < 0) return -1;
    int seat = t->current, track = 16 * t->n, npeg = 4 * t->n;
    int8_t p[MAXPEG];
    uint32_t fresh = t->fresh;
    memcpy(p, t->pos, sizeof(p));
    int into_himmel = 0;
    if (kind == KSPLIT) {
        for (int q = 0; q < npeg; q++) {
            if (p7[q] < -1 || p7[q] >= track + 4) {
                PyErr_SetString(PyExc_ValueError, "peg off the board");
                return -1;
            }
            p[q] = p7[q];
        }
        fresh = fresh7;
        into_himmel = 1;
    } else {
        if (a < 0 || a >= npeg || c < -1 || c >= npeg || b < -1 || b >= track + 4 || kind < 0 || kind > KSWAP) {
            PyErr_SetString(PyExc_ValueError, "bad move");
            return -1;
        }
        if (kind == KSWAP) {
            if (c < 0) {
                PyErr_SetString(PyExc_ValueError, "bad swap");
                return -1;
            }
            p[c] = p[a];
            p[a] = (int8_t)b;
        } else {
            p[a] = (int8_t)b;
            if (c >= 0) p[c] = -1;
            if (kind == KSTART)
                fresh |= 1u << a;
            else
                fresh &= ~(1u << a);
            into_himmel = kind == KMOVE && b >= track;
        }
    }
    if (hand_remove(t, seat, card) < 0) return -1;
    t->disc[t->ndisc++] = (uint8_t)card;
    int giver = t_partner(t, seat);
    if ((t->known >> giver & 1) && t->gave[giver] == card) t->known &= ~(1u << giver);
    memcpy(t->pos, p, sizeof(p));
    t->fresh = fresh;
    if (into_himmel && team_home_t(t, seat)) { /* DOG-9 */
        t->winner = seat % (t->n / 2);
        t->phase = PH_OVER;
        t->current = -1;
        return 0;
    }
    return advance(t, seat);
}

/* play(card, body) -> 0, or 1 when the next deal waits for a shuffle.
 * body as the pure engine's (actions.py): (kind, a, b, c, canon), a 7 (SPLIT, steps,
 * (places, fresh), 0, canon). */
static PyObject *t_play(PyObject *self, PyObject *args) {
    Table *t = (Table *)self;
    int card;
    PyObject *body;
    if (!PyArg_ParseTuple(args, "iO!", &card, &PyTuple_Type, &body)) return NULL;
    int npeg = 4 * t->n;
    long kind = get_long(body, 0);
    if (kind == -1 && PyErr_Occurred()) return NULL;
    int8_t p[MAXPEG];
    uint32_t fresh = 0;
    long a = 0, b = 0, c = 0;
    if (kind == KSPLIT) {
        PyObject *res = PyTuple_GetItem(body, 2);
        if (!res || !PyTuple_Check(res)) return NULL;
        PyObject *places = PyTuple_GetItem(res, 0);
        if (!places) return NULL;
        unsigned long f = PyLong_AsUnsignedLongMask(PyTuple_GetItem(res, 1));
        if (PyErr_Occurred()) return NULL;
        if (!PyTuple_Check(places) || PyTuple_Size(places) != npeg) {
            PyErr_SetString(PyExc_ValueError, "bad 7");
            return NULL;
        }
        for (int q = 0; q < npeg; q++) {
            long x = get_long(places, q);
            if (x == -1 && PyErr_Occurred()) return NULL;
            if (x < -1 || x >= 16 * t->n + 4) {
                PyErr_SetString(PyExc_ValueError, "peg off the board");
                return NULL;
            }
            p[q] = (int8_t)x;
        }
        fresh = (uint32_t)f;
    } else {
        a = get_long(body, 1);
        b = get_long(body, 2);
        c = get_long(body, 3);
        if (PyErr_Occurred()) return NULL;
    }
    int status = table_play(t, card, kind, a, b, c, p, fresh);
    return status < 0 ? NULL : PyLong_FromLong(status);
}

/* fold: DOG-8, the hand face up on the discards; 0 or 1 as table_play. */
static int table_fold(Table *t) {
    if (check_playing(t) < 0) return -1;
    int seat = t->current, giver = t_partner(t, seat);
    if (t->known >> giver & 1)
        for (int q = 0; q < t->hlen[seat]; q++)
            if (t->hands[seat][q] == t->gave[giver]) {
                t->known &= ~(1u << giver);
                break;
            }
    for (int q = 0; q < t->hlen[seat]; q++) t->disc[t->ndisc++] = t->hands[seat][q];
    t->hlen[seat] = 0;
    t->folded |= 1u << seat;
    return advance(t, seat);
}

/* give: DOG-7, the exchange; 0, or -1 with a Python error set. */
static int table_give(Table *t, int card) {
    if (t->phase != PH_EXCHANGE || t->current < 0) {
        PyErr_SetString(PyExc_ValueError, "no exchange in this phase");
        return -1;
    }
    int seat = t->current, n = t->n, mate = t_partner(t, seat);
    if (hand_remove(t, seat, card) < 0) return -1;
    t->given |= 1u << seat;
    t->gave[seat] = (int8_t)card;
    if (t->given >> mate & 1) {
        if (hand_insert(t, mate, t->gave[seat]) < 0 || hand_insert(t, seat, t->gave[mate]) < 0) return -1;
        t->known |= 1u << seat | 1u << mate;
    }
    int nxt = (seat + 1) % n;
    if (t->given >> nxt & 1) {
        t->phase = PH_PLAY;
        t->current = t_start_seat(t);
    } else {
        t->current = nxt;
    }
    return 0;
}

/* fold() -> 0 or 1 (see play). */
static PyObject *t_fold(PyObject *self, PyObject *noargs) {
    (void)noargs;
    int status = table_fold((Table *)self);
    return status < 0 ? NULL : PyLong_FromLong(status);
}

/* give(card) -> 0. */
static PyObject *t_give(PyObject *self, PyObject *args) {
    int card;
    if (!PyArg_ParseTuple(args, "i", &card)) return NULL;
    int status = table_give((Table *)self, card);
    return status < 0 ? NULL : PyLong_FromLong(status);
}

static PyObject *t_copy(PyObject *self, PyObject *noargs) {
    (void)noargs;
    Table *t = table_new();
    if (!t) return NULL;
    memcpy((char *)t + sizeof(PyObject), (char *)self + sizeof(PyObject), sizeof(Table) - sizeof(PyObject));
    return (PyObject *)t;
}

static PyObject *bytes_list(const uint8_t *b, int len) {
    PyObject *l = PyList_New(len);
    if (!l) return NULL;
    for (int q = 0; q < len; q++) PyList_SetItem(l, q, PyLong_FromLong(b[q]));
    return l;
}

static PyObject *pos_list(const Table *t) {
    int npeg = 4 * t->n;
    PyObject *l = PyList_New(npeg);
    if (!l) return NULL;
    for (int q = 0; q < npeg; q++) PyList_SetItem(l, q, PyLong_FromLong(t->pos[q]));
    return l;
}

static PyObject *mask_list(unsigned m, int n) {
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (int s = 0; s < n; s++) {
        PyObject *b = (m >> s & 1) ? Py_True : Py_False;
        Py_INCREF(b);
        PyList_SetItem(l, s, b);
    }
    return l;
}

/* export() -> (pos, fresh, hands, pile, discards, round, dealer, phase, current, given,
 * gave, known, folded, winner, rng): the DogState fields (phase 0/1/2, -1 for None). */
static PyObject *t_export(PyObject *self, PyObject *noargs) {
    Table *t = (Table *)self;
    (void)noargs;
    int n = t->n;
    PyObject *hands = PyList_New(n);
    if (!hands) return NULL;
    for (int s = 0; s < n; s++) {
        PyObject *h = bytes_list(t->hands[s], t->hlen[s]);
        if (!h) {
            Py_DECREF(hands);
            return NULL;
        }
        PyList_SetItem(hands, s, h);
    }
    PyObject *gave = PyList_New(n);
    if (!gave) {
        Py_DECREF(hands);
        return NULL;
    }
    for (int s = 0; s < n; s++) PyList_SetItem(gave, s, PyLong_FromLong(t->gave[s]));
    return Py_BuildValue("(NkNNNiiiiNNNNiK)", pos_list(t), (unsigned long)t->fresh, hands,
                         bytes_list(t->pile, t->npile), bytes_list(t->disc, t->ndisc), t->round, t->dealer,
                         t->phase, t->current, mask_list(t->given, n), gave, mask_list(t->known, n),
                         mask_list(t->folded, n), t->winner, t->rng);
}

/* legal() -> (codes, sevens, pos, fresh) as legal() for the seat to move, or None when a
 * buffer overflowed; ranks() -> the distinct ranks of the hand to move. */
static int distinct_ranks(const Table *t, int *ranks) {
    int nr = 0, seat = t->current;
    for (int q = 0; q < t->hlen[seat]; q++)
        if (!nr || ranks[nr - 1] != t->hands[seat][q]) ranks[nr++] = t->hands[seat][q];
    return nr;
}

static PyObject *t_legal(PyObject *self, PyObject *noargs) {
    Table *t = (Table *)self;
    (void)noargs;
    if (check_playing(t) < 0) return NULL;
    int ranks[MAXHAND], posi[MAXPEG], npeg = 4 * t->n;
    int nr = distinct_ranks(t, ranks);
    for (int q = 0; q < npeg; q++) posi[q] = t->pos[q];
    int nout = gen_moves(posi, npeg, t->fresh, t->current, t->n, ranks, nr);
    if (nout == -1) return NULL;
    if (nout == -2) Py_RETURN_NONE;
    PyObject *got = legal_output(nout);
    if (!got) return NULL;
    PyObject *res = Py_BuildValue("(OONk)", PyTuple_GetItem(got, 0), PyTuple_GetItem(got, 1), pos_list(t),
                                  (unsigned long)t->fresh);
    Py_DECREF(got);
    return res;
}

static PyObject *t_ranks(PyObject *self, PyObject *noargs) {
    Table *t = (Table *)self;
    (void)noargs;
    if (t->current < 0) return PyList_New(0);
    int ranks[MAXHAND];
    int nr = distinct_ranks(t, ranks);
    PyObject *l = PyList_New(nr);
    if (!l) return NULL;
    for (int q = 0; q < nr; q++) PyList_SetItem(l, q, PyLong_FromLong(ranks[q]));
    return l;
}

/* stock() -> the pile, then the discards (what a short deal shuffles). */
static PyObject *t_stock(PyObject *self, PyObject *noargs) {
    Table *t = (Table *)self;
    (void)noargs;
    uint8_t all[2 * NCARDS];
    memcpy(all, t->pile, (size_t)t->npile);
    memcpy(all + t->npile, t->disc, (size_t)t->ndisc);
    return bytes_list(all, t->npile + t->ndisc);
}

static int read_cards(PyObject *seq, uint8_t *dst, int maxn) {
    int tmp[2 * NCARDS];
    int len = read_ints(seq, tmp, maxn);
    if (len < 0) return -1;
    for (int q = 0; q < len; q++) {
        if (tmp[q] < 0 || tmp[q] > JOKER) {
            PyErr_SetString(PyExc_ValueError, "bad card");
            return -1;
        }
        dst[q] = (uint8_t)tmp[q];
    }
    return len;
}

/* restock(pile, rng): the shuffled pile (discards taken in) and the RNG after it. */
static PyObject *t_restock(PyObject *self, PyObject *args) {
    Table *t = (Table *)self;
    PyObject *pile;
    unsigned long long rng;
    if (!PyArg_ParseTuple(args, "OK", &pile, &rng)) return NULL;
    int np = read_cards(pile, t->pile, NCARDS);
    if (np < 0) return NULL;
    t->npile = np;
    t->ndisc = 0;
    t->rng = rng;
    Py_RETURN_NONE;
}

/* deal() -> 0, or 1 while the pile is still short. */
static PyObject *t_deal(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return PyLong_FromLong(begin_round((Table *)self));
}

static unsigned read_mask(PyObject *seq, int n, int *ok) {
    int v[MAXSEAT];
    int len = read_ints(seq, v, MAXSEAT);
    *ok = len == n;
    unsigned m = 0;
    for (int s = 0; s < len; s++)
        if (v[s]) m |= 1u << s;
    return m;
}

/* table(n, pos, fresh, hands, pile, discards, round, dealer, phase, current, given, gave,
 * known, folded, winner, rng): a Table from the DogState fields (as export()). */
static PyObject *make_table(PyObject *self, PyObject *args) {
    int n, round, dealer, phase, current, winner;
    unsigned long fresh;
    unsigned long long rng;
    PyObject *pos, *hands, *pile, *disc, *given, *gave, *known, *folded;
    (void)self;
    if (!PyArg_ParseTuple(args, "iOkOOOiiiiOOOOiK", &n, &pos, &fresh, &hands, &pile, &disc, &round, &dealer,
                          &phase, &current, &given, &gave, &known, &folded, &winner, &rng))
        return NULL;
    if ((n != 4 && n != 6) || round < 0 || dealer < 0 || dealer >= n || phase < 0 || phase > 2 || current < -1 ||
        current >= n || winner < -1 || winner >= n / 2) {
        PyErr_SetString(PyExc_ValueError, "the compiled core cannot hold this position");
        return NULL;
    }
    Table *t = table_new();
    if (!t) return NULL;
    memset((char *)t + sizeof(PyObject), 0, sizeof(Table) - sizeof(PyObject));
    t->n = n;
    t->round = round;
    t->dealer = dealer;
    t->phase = phase;
    t->current = current;
    t->winner = winner;
    t->fresh = (uint32_t)fresh;
    t->rng = rng;
    int posi[MAXPEG], gv[MAXSEAT], ok = 1, ok2;
    int np = read_ints(pos, posi, MAXPEG);
    if (np < 0) goto fail;
    if (np != 4 * n) goto bad;
    for (int q = 0; q < np; q++) {
        if (posi[q] < -1 || posi[q] >= 16 * n + 4) goto bad;
        t->pos[q] = (int8_t)posi[q];
    }
    PyObject *hs = PySequence_Tuple(hands);
    if (!hs) goto fail;
    if (PyTuple_Size(hs) != n) {
        Py_DECREF(hs);
        goto bad;
    }
    for (int s = 0; s < n; s++) {
        int len = read_cards(PyTuple_GetItem(hs, s), t->hands[s], MAXHAND);
        if (len < 0) {
            Py_DECREF(hs);
            goto fail;
        }
        t->hlen[s] = (uint8_t)len;
    }
    Py_DECREF(hs);
    if ((t->npile = read_cards(pile, t->pile, NCARDS)) < 0) goto fail;
    if ((t->ndisc = read_cards(disc, t->disc, NCARDS)) < 0) goto fail;
    if (t->npile + t->ndisc > NCARDS) goto bad;
    t->given = read_mask(given, n, &ok2);
    ok &= ok2;
    t->known = read_mask(known, n, &ok2);
    ok &= ok2;
    t->folded = read_mask(folded, n, &ok2);
    ok &= ok2;
    if (PyErr_Occurred()) goto fail;
    int ng = read_ints(gave, gv, MAXSEAT);
    if (ng < 0) goto fail;
    if (!ok || ng != n) goto bad;
    for (int s = 0; s < n; s++) {
        if (gv[s] < -1 || gv[s] > JOKER) goto bad;
        t->gave[s] = (int8_t)gv[s];
    }
    return (PyObject *)t;
bad:
    PyErr_SetString(PyExc_ValueError, "the compiled core cannot hold this position");
fail:
    Py_DECREF(t);
    return NULL;
}

/* ---------------------------------------------------------------- moves and the fast state
 *
 * What a random playout or a search does in every step, without Python frames:
 *
 * MoveSet: the legal plays of one position as codes (see legal()) and the 7s' records.
 *   ms.code(i), ms.codes(), ms.body(code) (the body tuple, see actions.py), ms.base() (the
 *   peg places and fresh mask the plays start from), ms.track, ms.npeg.
 * MoveList: a mixin for coded.CodedActions (a list whose items are move codes until
 *   read): indexing and ``in`` in C; reading an item makes a coded.CodedAction (kind,
 *   card, _ms, _code set; text, body and result made by Python when asked).
 * TableBase: a mixin for coretable.TableState: is_terminal, current_player,
 *   legal_actions(), apply_unchecked(action, *, events=True) and clone() in C on the
 *   state's Table; anything else (a state without its table, events, actions not made
 *   by the core) goes to the Python methods _legal_slow, _apply_slow and _clone_slow.
 *
 * The Python classes are bound once by bind_actions() and bind_state(): their slots are
 * read and written through their member descriptors, found by name.
 */
typedef struct {
    PyObject_HEAD
    int npeg, track, ncodes, nsv;
    int8_t pos[MAXPEG];
    uint32_t fresh;
    uint32_t *codes;
    Seven *sv;
    PyObject *base; /* (places, fresh) as DogAction.base wants it; NULL until asked */
    uint32_t inl[16];
} MoveSet;

static PyObject *MoveSetType;

/* A slot of a bound Python class, read and written at its offset in the object: found
 * once by setting it through its member descriptor on a probe object and looking for
 * the value (see member_init). Only ever used on objects of that class or a subclass
 * (every caller checks the type first), so the offset holds. */
typedef struct {
    Py_ssize_t off;
} Member;

static Member M_kind, M_card, M_act_ms, M_act_code, M_list_ms;
static Member M_c, M_legal, M_by_text, M_last, M_game, M_board, M_n;
static PyTypeObject *DogActionT, *CodedActionT, *CodedActionsT, *TableStateT;
static allocfunc action_alloc, list_alloc;
static binaryfunc list_subscript;
static PyObject *GiveActions, *FoldAction, *FoldText;

#define SETREF(dst, v)                      \
    do {                                    \
        PyObject *old_ = (PyObject *)(dst); \
        (dst) = (v);                        \
        Py_XDECREF(old_);                   \
    } while (0)

#define SLOT_AT(obj, off) (*(PyObject **)((char *)(obj) + (off)))

static int member_init(Member *m, PyObject *type, const char *name) {
    PyObject *d = PyObject_GetAttrString(type, name);
    if (!d) return -1;
    PyObject *tn = PyType_GetName(Py_TYPE(d));
    int ok = tn && PyUnicode_CompareWithASCIIString(tn, "member_descriptor") == 0;
    Py_XDECREF(tn);
    descrsetfunc set = (descrsetfunc)PyType_GetSlot(Py_TYPE(d), Py_tp_descr_set);
    PyObject *size = PyObject_GetAttrString(type, "__basicsize__");
    Py_ssize_t basic = size ? PyLong_AsSsize_t(size) : -1;
    Py_XDECREF(size);
    allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)type, Py_tp_alloc);
    PyObject *probe = ok && set && basic > 0 && alloc ? alloc((PyTypeObject *)type, 0) : NULL;
    PyObject *mark = probe ? PyList_New(0) : NULL;
    m->off = -1;
    if (mark && set(d, probe, mark) == 0) {
        int found = 0;
        for (Py_ssize_t k = sizeof(PyObject); k + (Py_ssize_t)sizeof(PyObject *) <= basic; k += sizeof(PyObject *))
            if (SLOT_AT(probe, k) == mark) {
                m->off = k;
                found++;
            }
        if (found != 1) m->off = -1;
        set(d, probe, NULL);
    }
    Py_XDECREF(mark);
    Py_XDECREF(probe);
    Py_DECREF(d);
    if (m->off < 0) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "%s is not a slot", name);
        return -1;
    }
    return 0;
}

static inline PyObject *mget(const Member *m, PyObject *obj) {
    PyObject *v = SLOT_AT(obj, m->off);
    if (!v) {
        PyErr_SetString(PyExc_AttributeError, "slot not set");
        return NULL;
    }
    Py_INCREF(v);
    return v;
}

static inline int mset(const Member *m, PyObject *obj, PyObject *v) {
    PyObject *old = SLOT_AT(obj, m->off);
    Py_XINCREF(v);
    SLOT_AT(obj, m->off) = v;
    Py_XDECREF(old);
    return 0;
}

static inline int mset_long(const Member *m, PyObject *obj, long v) {
    PyObject *o = PyLong_FromLong(v);
    if (!o) return -1;
    int r = mset(m, obj, o);
    Py_DECREF(o);
    return r;
}

/* ---- MoveSet */
static void moveset_dealloc(PyObject *self) {
    MoveSet *ms = (MoveSet *)self;
    PyObject *tp = (PyObject *)Py_TYPE(self);
    if (ms->codes != ms->inl) PyMem_Free(ms->codes);
    PyMem_Free(ms->sv);
    Py_XDECREF(ms->base);
    PyObject_Free(self);
    Py_DECREF(tp);
}

/* A MoveSet of the nout moves in out[] (after gen_moves), from places pos. */
static MoveSet *moveset_new(int nout, const int8_t *pos, int npeg, uint32_t fresh, PyObject *base) {
    MoveSet *ms = PyObject_New(MoveSet, (PyTypeObject *)MoveSetType);
    if (!ms) return NULL;
    ms->npeg = npeg;
    ms->track = 4 * npeg;
    ms->ncodes = nout;
    ms->nsv = 0;
    memset(ms->pos, 0, sizeof(ms->pos));
    memcpy(ms->pos, pos, (size_t)npeg);
    ms->fresh = fresh;
    ms->sv = NULL;
    ms->base = base;
    Py_XINCREF(base);
    ms->codes = nout <= 16 ? ms->inl : PyMem_Malloc((size_t)nout * sizeof(uint32_t));
    int nsv = 0;
    for (int q = 0; q < nout; q++)
        if (out[q].bd->kind == KSPLIT) nsv++;
    if (nsv) ms->sv = PyMem_Malloc((size_t)nsv * sizeof(Seven));
    if (!ms->codes || (nsv && !ms->sv)) {
        if (!ms->codes) ms->codes = ms->inl;
        Py_DECREF(ms);
        PyErr_NoMemory();
        return NULL;
    }
    for (int q = 0; q < nout; q++) {
        const Body *bd = out[q].bd;
        uint32_t a = (uint32_t)bd->a, b = (uint32_t)(bd->b + 1), c = (uint32_t)(bd->c + 1);
        if (bd->kind == KSPLIT) {
            ms->sv[ms->nsv] = sevens[bd->sv];
            a = (uint32_t)ms->nsv++;
            b = 0;
            c = 0;
        }
        ms->codes[q] = (uint32_t)out[q].card | (uint32_t)out[q].value << 4 | (uint32_t)bd->kind << 8 | a << 10 |
                       b << 16 | c << 23 | (uint32_t)(bd->canon ? 1 : 0) << 30;
    }
    return ms;
}

static int ms_index(MoveSet *ms, PyObject *arg) {
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred()) return -1;
    if (i < 0 || i >= ms->ncodes) {
        PyErr_SetString(PyExc_IndexError, "no such move");
        return -1;
    }
    return (int)i;
}

static PyObject *ms_code(PyObject *self, PyObject *arg) {
    MoveSet *ms = (MoveSet *)self;
    int i = ms_index(ms, arg);
    return i < 0 ? NULL : PyLong_FromUnsignedLong(ms->codes[i]);
}

static PyObject *ms_codes(PyObject *self, PyObject *noargs) {
    MoveSet *ms = (MoveSet *)self;
    (void)noargs;
    PyObject *l = PyList_New(ms->ncodes);
    if (!l) return NULL;
    for (int q = 0; q < ms->ncodes; q++) {
        PyObject *o = PyLong_FromUnsignedLong(ms->codes[q]);
        if (!o) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SetItem(l, q, o);
    }
    return l;
}

/* The code's 7 record, NULL with an error set when the code is not one of ms's 7s. */
static const Seven *ms_seven(const MoveSet *ms, uint32_t code) {
    uint32_t k = code >> 10 & 4095;
    if ((code >> 8 & 3) != KSPLIT || k >= (uint32_t)ms->nsv) {
        PyErr_SetString(PyExc_ValueError, "not a 7 of this position");
        return NULL;
    }
    return &ms->sv[k];
}

static int read_code(PyObject *arg, uint32_t *code) {
    unsigned long v = PyLong_AsUnsignedLong(arg);
    if (v == (unsigned long)-1 && PyErr_Occurred()) return -1;
    if (v >> 31) {
        PyErr_SetString(PyExc_ValueError, "not a move code");
        return -1;
    }
    *code = (uint32_t)v;
    return 0;
}

static PyObject *ms_body(PyObject *self, PyObject *arg) {
    MoveSet *ms = (MoveSet *)self;
    uint32_t code;
    if (read_code(arg, &code) < 0) return NULL;
    int kind = code >> 8 & 3;
    PyObject *canon = (code >> 30 & 1) ? Py_True : Py_False;
    if (kind != KSPLIT)
        return Py_BuildValue("(iiiiO)", kind, (int)(code >> 10 & 63), (int)(code >> 16 & 127) - 1,
                             (int)(code >> 23 & 127) - 1, canon);
    const Seven *sv = ms_seven(ms, code);
    if (!sv) return NULL;
    PyObject *steps = steps_list(sv);
    if (!steps) return NULL;
    PyObject *pt = pos_tuple(sv->pos, ms->npeg);
    if (!pt) {
        Py_DECREF(steps);
        return NULL;
    }
    return Py_BuildValue("(iN(NI)iO)", KSPLIT, steps, pt, (unsigned int)sv->fresh, 0, canon);
}

static PyObject *ms_base(PyObject *self, PyObject *noargs) {
    MoveSet *ms = (MoveSet *)self;
    (void)noargs;
    if (!ms->base) {
        PyObject *l = PyList_New(ms->npeg);
        if (!l) return NULL;
        for (int q = 0; q < ms->npeg; q++) PyList_SetItem(l, q, PyLong_FromLong(ms->pos[q]));
        ms->base = Py_BuildValue("(Nk)", l, (unsigned long)ms->fresh);
        if (!ms->base) return NULL;
    }
    Py_INCREF(ms->base);
    return ms->base;
}

static PyObject *ms_get_track(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(((MoveSet *)self)->track);
}

static PyObject *ms_get_npeg(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(((MoveSet *)self)->npeg);
}

static Py_ssize_t ms_len(PyObject *self) { return ((MoveSet *)self)->ncodes; }

static PyMethodDef moveset_methods[] = {
    {"code", ms_code, METH_O, "code(i) -> the packed code of move i (see legal())."},
    {"codes", ms_codes, METH_NOARGS, "codes() -> the packed codes, in the order of the moves."},
    {"body", ms_body, METH_O, "body(code) -> the body tuple of a move code (see actions.py)."},
    {"base", ms_base, METH_NOARGS, "base() -> (places, fresh): the position the moves start from."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef moveset_getset[] = {
    {"track", ms_get_track, NULL, "the track's length", NULL},
    {"npeg", ms_get_npeg, NULL, "the number of pegs", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot moveset_slots[] = {
    {Py_tp_dealloc, (void *)moveset_dealloc},
    {Py_tp_methods, moveset_methods},
    {Py_tp_getset, moveset_getset},
    {Py_sq_length, (void *)ms_len},
    {Py_tp_doc, (void *)"The legal plays of one position as packed codes (see _core.c)."},
    {0, NULL},
};

static PyType_Spec moveset_spec = {
    "stammtisch.games.dog._core.MoveSet", sizeof(MoveSet), 0, Py_TPFLAGS_DEFAULT, moveset_slots,
};

/* ---- MoveList: CodedActions' indexing and membership */
static PyObject *make_action(PyObject *ms, PyObject *code_o, uint32_t code) {
    if (!CodedActionT) {
        PyErr_SetString(PyExc_RuntimeError, "bind_actions() was not called");
        return NULL;
    }
    PyObject *a = action_alloc(CodedActionT, 0);
    if (!a) return NULL;
    if (mset_long(&M_kind, a, 0 /* PLAY */) < 0 || mset_long(&M_card, a, (long)(code & 15)) < 0 ||
        mset(&M_act_ms, a, ms) < 0 || mset(&M_act_code, a, code_o) < 0) {
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

/* Item q of a CodedActions, made into its action if it still is an index. */
static int is_coded_list(PyObject *self) {
    if (CodedActionsT && PyObject_TypeCheck(self, CodedActionsT)) return 1;
    PyErr_SetString(PyExc_TypeError, "not a CodedActions");
    return 0;
}

static PyObject *ml_item(PyObject *self, Py_ssize_t q) {
    if (!is_coded_list(self)) return NULL;
    PyObject *item = PyList_GetItem(self, q);
    if (!item) return NULL;
    if (!PyLong_CheckExact(item)) {
        Py_INCREF(item);
        return item;
    }
    uint32_t code;
    if (read_code(item, &code) < 0) return NULL;
    PyObject *ms = mget(&M_list_ms, self);
    if (!ms) return NULL;
    if (Py_TYPE(ms) != (PyTypeObject *)MoveSetType) {
        Py_DECREF(ms);
        PyErr_SetString(PyExc_ValueError, "not a list of moves");
        return NULL;
    }
    PyObject *a = make_action(ms, item, code);
    Py_DECREF(ms);
    if (!a) return NULL;
    Py_INCREF(a);
    if (PyList_SetItem(self, q, a) < 0) {
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

static int ml_fill_all(PyObject *self) {
    Py_ssize_t n = PyList_Size(self);
    for (Py_ssize_t q = 0; q < n; q++) {
        PyObject *item = PyList_GetItem(self, q);
        if (!item) return -1;
        if (PyLong_CheckExact(item)) {
            PyObject *a = ml_item(self, q);
            if (!a) return -1;
            Py_DECREF(a);
        }
    }
    return 0;
}

static PyObject *ml_fill(PyObject *self, PyObject *noargs) {
    (void)noargs;
    if (ml_fill_all(self) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *ml_subscript(PyObject *self, PyObject *key) {
    if (PyIndex_Check(key)) {
        Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
        if (i == -1 && PyErr_Occurred()) return NULL;
        Py_ssize_t n = PyList_Size(self);
        if (i < 0) i += n;
        if (i < 0 || i >= n) {
            PyErr_SetString(PyExc_IndexError, "list index out of range");
            return NULL;
        }
        return ml_item(self, i);
    }
    if (ml_fill_all(self) < 0) return NULL;
    return list_subscript(self, key);
}

static int ml_contains(PyObject *self, PyObject *x) {
    Py_ssize_t n = PyList_Size(self);
    for (Py_ssize_t q = 0; q < n; q++) /* identity first, without making any action */
        if (PyList_GetItem(self, q) == x && !PyLong_CheckExact(x)) return 1;
    if (ml_fill_all(self) < 0) return -1;
    for (Py_ssize_t q = 0; q < PyList_Size(self); q++) {
        PyObject *item = PyList_GetItem(self, q);
        Py_INCREF(item);
        int r = PyObject_RichCompareBool(item, x, Py_EQ);
        Py_DECREF(item);
        if (r) return r;
    }
    return 0;
}

static PyObject *ml_codes(PyObject *self, PyObject *noargs) {
    if (!is_coded_list(self)) return NULL;
    PyObject *ms = mget(&M_list_ms, self);
    if (!ms) return NULL;
    PyObject *r = ms_codes(ms, noargs);
    Py_DECREF(ms);
    return r;
}

static PyMethodDef movelist_methods[] = {
    {"_fill", ml_fill, METH_NOARGS, "_fill(): make every action not made yet."},
    {"codes", ml_codes, METH_NOARGS, "codes() -> the packed move codes, in order."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot movelist_slots[] = {
    {Py_mp_subscript, (void *)ml_subscript},
    {Py_sq_contains, (void *)ml_contains},
    {Py_tp_methods, movelist_methods},
    {Py_tp_doc, (void *)"Indexing and membership of coded.CodedActions (see _core.c)."},
    {0, NULL},
};

static PyType_Spec movelist_spec = {
    "stammtisch.games.dog._core.MoveList", 0, 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, movelist_slots,
};

/* A CodedActions of the moves in out[] (nout > 0). */
static PyObject *coded_list(int nout, const int8_t *pos, int npeg, uint32_t fresh, PyObject *base) {
    if (!CodedActionsT) {
        PyErr_SetString(PyExc_RuntimeError, "bind_actions() was not called");
        return NULL;
    }
    MoveSet *ms = moveset_new(nout, pos, npeg, fresh, base);
    if (!ms) return NULL;
    PyObject *l = list_alloc(CodedActionsT, 0);
    if (!l || mset(&M_list_ms, l, (PyObject *)ms) < 0) {
        Py_XDECREF(l);
        Py_DECREF(ms);
        return NULL;
    }
    Py_DECREF(ms);
    for (int q = 0; q < nout; q++) {
        PyObject *o = PyLong_FromUnsignedLong(ms->codes[q]);
        if (!o || PyList_Append(l, o) < 0) {
            Py_XDECREF(o);
            Py_DECREF(l);
            return NULL;
        }
        Py_DECREF(o);
    }
    return l;
}

/* moves(pos, fresh, seat, players, ranks, base) -> a CodedActions, [] when nothing can be
 * played, None when a buffer overflowed; base: what the actions give as DogAction.base. */
static PyObject *moves(PyObject *self, PyObject *args) {
    PyObject *pos_o, *ranks_o, *base;
    unsigned long fresh;
    int seat, players;
    (void)self;
    if (!PyArg_ParseTuple(args, "OkiiOO", &pos_o, &fresh, &seat, &players, &ranks_o, &base)) return NULL;
    if (players != 4 && players != 6) {
        PyErr_SetString(PyExc_ValueError, "the compiled core plays 4 or 6 players");
        return NULL;
    }
    int posi[MAXPEG], ranks[16];
    int np = read_ints(pos_o, posi, MAXPEG);
    if (np < 0) return NULL;
    int nr = read_ints(ranks_o, ranks, 16);
    if (nr < 0) return NULL;
    int nout = gen_moves(posi, np, (uint32_t)fresh, seat, players, ranks, nr);
    if (nout == -1) return NULL;
    if (nout == -2) Py_RETURN_NONE;
    if (!nout) return PyList_New(0);
    return coded_list(nout, gen.pos, gen.npeg, gen.fresh, base);
}

/* ---- TableBase: TableState's hot path */
static PyObject *state_table(PyObject *self) {
    /* the state's Table (new reference), Py_None when it has none, NULL on error */
    if (!TableStateT || !PyObject_TypeCheck(self, TableStateT)) {
        PyErr_SetString(PyExc_TypeError, "not a bound TableState (bind_state)");
        return NULL;
    }
    PyObject *c = mget(&M_c, self);
    if (c && c != Py_None && Py_TYPE(c) != (PyTypeObject *)TableType) {
        Py_DECREF(c);
        PyErr_SetString(PyExc_TypeError, "_c is not a Table");
        return NULL;
    }
    return c;
}

/* The legal actions of a table: a CodedActions, [FOLD], gives, [] or None (overflow). */
static PyObject *table_actions(Table *t) {
    if (t->current < 0 || t->phase == PH_OVER) return PyList_New(0);
    int ranks[MAXHAND];
    int nr = distinct_ranks(t, ranks);
    if (t->phase == PH_EXCHANGE) {
        PyObject *l = PyList_New(nr);
        if (!l) return NULL;
        for (int q = 0; q < nr; q++) {
            PyObject *g = PyTuple_GetItem(GiveActions, ranks[q]);
            if (!g) {
                Py_DECREF(l);
                return NULL;
            }
            Py_INCREF(g);
            PyList_SetItem(l, q, g);
        }
        return l;
    }
    int posi[MAXPEG], npeg = 4 * t->n;
    for (int q = 0; q < npeg; q++) posi[q] = t->pos[q];
    int nout = gen_moves(posi, npeg, t->fresh, t->current, t->n, ranks, nr);
    if (nout == -1) return NULL;
    if (nout == -2) Py_RETURN_NONE;
    if (!nout) return Py_BuildValue("[O]", FoldAction); /* DOG-8 */
    return coded_list(nout, t->pos, npeg, t->fresh, NULL);
}

static PyObject *st_legal_actions(PyObject *self, PyObject *noargs) {
    (void)noargs;
    PyObject *c = state_table(self);
    if (!c) return NULL;
    PyObject *legal = mget(&M_legal, self);
    if (!legal || legal != Py_None) {
        Py_DECREF(c);
        return legal;
    }
    Py_DECREF(legal);
    if (c == Py_None) {
        Py_DECREF(c);
        return PyObject_CallMethod(self, "_legal_slow", NULL);
    }
    legal = table_actions((Table *)c);
    Py_DECREF(c);
    if (legal == Py_None) {
        Py_DECREF(legal);
        return PyObject_CallMethod(self, "_legal_slow", NULL);
    }
    if (legal && mset(&M_legal, self, legal) < 0) Py_CLEAR(legal);
    return legal;
}

/* A TableState like self (game, board, n, _last) on table nt (stolen). */
static PyObject *state_like(PyObject *self, PyObject *nt, PyObject *last) {
    PyTypeObject *tp = Py_TYPE(self);
    allocfunc alloc = (allocfunc)PyType_GetSlot(tp, Py_tp_alloc);
    PyObject *s = alloc(tp, 0);
    if (!s) {
        Py_DECREF(nt);
        return NULL;
    }
    const Member *copied[3] = {&M_game, &M_board, &M_n};
    for (int k = 0; k < 3; k++) {
        PyObject *v = mget(copied[k], self);
        if (!v || mset(copied[k], s, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(nt);
            Py_DECREF(s);
            return NULL;
        }
        Py_DECREF(v);
    }
    int bad = mset(&M_c, s, nt) < 0 || mset(&M_legal, s, Py_None) < 0 || mset(&M_by_text, s, Py_None) < 0 ||
              mset(&M_last, s, last) < 0;
    Py_DECREF(nt);
    if (bad) {
        Py_DECREF(s);
        return NULL;
    }
    return s;
}

static PyObject *st_clone(PyObject *self, PyObject *noargs) {
    (void)noargs;
    PyObject *c = state_table(self);
    if (!c) return NULL;
    if (c == Py_None) {
        Py_DECREF(c);
        return PyObject_CallMethod(self, "_clone_slow", NULL);
    }
    PyObject *nt = t_copy(c, NULL);
    Py_DECREF(c);
    if (!nt) return NULL;
    PyObject *last = mget(&M_last, self);
    if (!last) {
        Py_DECREF(nt);
        return NULL;
    }
    PyObject *s = state_like(self, nt, last);
    Py_DECREF(last);
    return s;
}

/* Play a move code of ms on t; 0 or 1 as table_play. */
static int table_play_move(Table *t, MoveSet *ms, uint32_t code) {
    if (ms->npeg != 4 * t->n) {
        PyErr_SetString(PyExc_ValueError, "not a move of this table");
        return -1;
    }
    int card = code & 15, kind = code >> 8 & 3;
    if (kind == KSPLIT) {
        const Seven *sv = ms_seven(ms, code);
        if (!sv) return -1;
        return table_play(t, card, KSPLIT, 0, 0, 0, sv->pos, sv->fresh);
    }
    return table_play(t, card, kind, code >> 10 & 63, (long)(code >> 16 & 127) - 1, (long)(code >> 23 & 127) - 1,
                      NULL, 0);
}

/* play_move(ms, code) -> 0 or 1 (see play): a move code of a MoveSet. */
static PyObject *t_play_move(PyObject *self, PyObject *args) {
    PyObject *ms, *code_o;
    uint32_t code;
    if (!PyArg_ParseTuple(args, "O!O", (PyTypeObject *)MoveSetType, &ms, &code_o)) return NULL;
    if (read_code(code_o, &code) < 0) return NULL;
    int status = table_play_move((Table *)self, (MoveSet *)ms, code);
    return status < 0 ? NULL : PyLong_FromLong(status);
}

#define A_MOVE 0
#define A_GIVE 1
#define A_FOLD 2
#define A_SLOW 3

/* What apply_unchecked does with an action: A_MOVE (*ms, *code set), A_GIVE (*card), A_FOLD,
 * A_SLOW (the Python path), -1 on error. */
static int action_mode(PyObject *action, PyObject **ms, uint32_t *code, long *card) {
    PyTypeObject *at = Py_TYPE(action);
    if (at == CodedActionT) {
        *ms = mget(&M_act_ms, action);
        if (!*ms) return -1;
        PyObject *co = mget(&M_act_code, action);
        int bad = !co || read_code(co, code) < 0;
        Py_XDECREF(co);
        if (bad) {
            Py_CLEAR(*ms);
            return -1;
        }
        if (Py_TYPE(*ms) != (PyTypeObject *)MoveSetType) {
            Py_CLEAR(*ms);
            return A_SLOW;
        }
        return A_MOVE;
    }
    if (at != DogActionT) return A_SLOW;
    PyObject *ko = mget(&M_kind, action);
    if (!ko) return -1;
    long kind = PyLong_AsLong(ko);
    Py_DECREF(ko);
    if (kind == 2) return A_FOLD; /* FOLD */
    if (kind != 1) return A_SLOW; /* not GIVE */
    PyObject *co = mget(&M_card, action);
    if (!co) return -1;
    *card = PyLong_AsLong(co);
    Py_DECREF(co);
    return A_GIVE;
}

/* apply_unchecked(action, *, events=True) -> the state after action (see State). */
static PyObject *st_apply_unchecked(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    Py_ssize_t nkw = kwnames ? PyTuple_Size(kwnames) : 0;
    int events = 1;
    if (nargs != 1) {
        PyErr_SetString(PyExc_TypeError, "apply_unchecked(action, *, events=True)");
        return NULL;
    }
    for (Py_ssize_t k = 0; k < nkw; k++) {
        if (PyUnicode_CompareWithASCIIString(PyTuple_GetItem(kwnames, k), "events") != 0) {
            PyErr_SetString(PyExc_TypeError, "apply_unchecked(action, *, events=True)");
            return NULL;
        }
        events = PyObject_IsTrue(args[nargs + k]);
        if (events < 0) return NULL;
    }
    PyObject *action = args[0];
    PyObject *c = state_table(self);
    if (!c) return NULL;
    PyObject *ms = NULL;
    uint32_t code = 0;
    long card = 0;
    int mode = c == Py_None || events ? A_SLOW : action_mode(action, &ms, &code, &card);
    if (mode < 0 || mode == A_SLOW) {
        Py_DECREF(c);
        if (mode < 0) return NULL;
        return PyObject_CallMethod(self, "_apply_slow", "OO", action, events ? Py_True : Py_False);
    }
    Table *t = (Table *)c;
    PyObject *last;
    if (mode == A_GIVE) {
        last = mget(&M_last, self);
    } else if ((last = PyTuple_New(2))) {
        PyObject *what = mode == A_MOVE ? action : FoldText;
        Py_INCREF(what);
        PyTuple_SetItem(last, 0, PyLong_FromLong(t->current));
        PyTuple_SetItem(last, 1, what);
    }
    PyObject *nt = last ? t_copy(c, NULL) : NULL;
    Py_DECREF(c);
    PyObject *s = nt ? state_like(self, nt, last) : NULL;
    Py_XDECREF(last);
    if (!s) {
        Py_XDECREF(ms);
        return NULL;
    }
    PyObject *st = mget(&M_c, s);
    int status;
    if (mode == A_MOVE)
        status = table_play_move((Table *)st, (MoveSet *)ms, code);
    else if (mode == A_FOLD)
        status = table_fold((Table *)st);
    else
        status = table_give((Table *)st, (int)card);
    Py_DECREF(st);
    Py_XDECREF(ms);
    if (status == 1) {
        PyObject *r = PyObject_CallMethod(s, "_shuffle_in", NULL);
        if (!r) status = -1;
        Py_XDECREF(r);
    }
    if (status < 0) {
        Py_DECREF(s);
        return NULL;
    }
    return s;
}

static PyObject *st_is_terminal(PyObject *self, void *closure) {
    (void)closure;
    PyObject *c = state_table(self);
    if (!c) return NULL;
    if (c != Py_None) {
        int over = ((Table *)c)->current < 0;
        Py_DECREF(c);
        return PyBool_FromLong(over);
    }
    Py_DECREF(c);
    PyObject *cur = PyObject_GetAttrString(self, "current");
    if (!cur) return NULL;
    int over = cur == Py_None;
    Py_DECREF(cur);
    return PyBool_FromLong(over);
}

static PyObject *st_current_player(PyObject *self, void *closure) {
    (void)closure;
    PyObject *c = state_table(self);
    if (!c) return NULL;
    if (c != Py_None) {
        int seat = ((Table *)c)->current;
        Py_DECREF(c);
        if (seat < 0) Py_RETURN_NONE;
        return PyLong_FromLong(seat);
    }
    Py_DECREF(c);
    return PyObject_GetAttrString(self, "current");
}

static PyMethodDef tablebase_methods[] = {
    {"legal_actions", st_legal_actions, METH_NOARGS, "legal_actions() -> the legal actions (see State)."},
    {"apply_unchecked", (PyCFunction)(void (*)(void))st_apply_unchecked, METH_FASTCALL | METH_KEYWORDS,
     "apply_unchecked(action, *, events=True) -> the next state (see State)."},
    {"clone", st_clone, METH_NOARGS, "clone() -> a copy (the table copied, see DogState.clone)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef tablebase_getset[] = {
    {"is_terminal", st_is_terminal, NULL, "whether the game is over", NULL},
    {"current_player", st_current_player, NULL, "the seat to act, None when over", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot tablebase_slots[] = {
    {Py_tp_methods, tablebase_methods},
    {Py_tp_getset, tablebase_getset},
    {Py_tp_doc, (void *)"The hot path of coretable.TableState (see _core.c)."},
    {0, NULL},
};

static PyType_Spec tablebase_spec = {
    "stammtisch.games.dog._core.TableBase", 0, 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, tablebase_slots,
};

/* shuffle_test(seed, n) -> random.Random(seed).shuffle(list(range(n))) as the C does it. */
static PyObject *shuffle_test(PyObject *self, PyObject *args) {
    unsigned long long seed;
    int n;
    (void)self;
    if (!PyArg_ParseTuple(args, "Ki", &seed, &n)) return NULL;
    if (n < 0 || n > 2 * NCARDS) {
        PyErr_SetString(PyExc_ValueError, "n out of range");
        return NULL;
    }
    uint8_t x[2 * NCARDS];
    for (int q = 0; q < n; q++) x[q] = (uint8_t)q;
    mt_shuffle(seed, x, n);
    return bytes_list(x, n);
}

/* use_c_shuffle(on): deal short rounds with the C shuffle (see deal_round). */
static PyObject *use_c_shuffle(PyObject *self, PyObject *arg) {
    (void)self;
    int on = PyObject_IsTrue(arg);
    if (on < 0) return NULL;
    c_shuffle_ok = on;
    Py_RETURN_NONE;
}

/* bind_actions(DogAction, CodedAction, CodedActions): the classes MoveList makes. */
static PyObject *bind_actions(PyObject *self, PyObject *args) {
    PyObject *dog, *coded, *list;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyType_Type, &dog, &PyType_Type, &coded, &PyType_Type, &list))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)coded, (PyTypeObject *)dog) ||
        !PyType_IsSubtype((PyTypeObject *)list, &PyList_Type)) {
        PyErr_SetString(PyExc_TypeError, "bind_actions(DogAction, CodedAction, CodedActions)");
        return NULL;
    }
    if (member_init(&M_kind, dog, "kind") < 0 || member_init(&M_card, dog, "card") < 0 ||
        member_init(&M_act_ms, coded, "_ms") < 0 || member_init(&M_act_code, coded, "_code") < 0 ||
        member_init(&M_list_ms, list, "_ms") < 0)
        return NULL;
    list_subscript = (binaryfunc)PyType_GetSlot(&PyList_Type, Py_mp_subscript);
    action_alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)coded, Py_tp_alloc);
    list_alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)list, Py_tp_alloc);
    Py_INCREF(dog);
    Py_INCREF(coded);
    Py_INCREF(list);
    SETREF(DogActionT, (PyTypeObject *)dog);
    SETREF(CodedActionT, (PyTypeObject *)coded);
    SETREF(CodedActionsT, (PyTypeObject *)list);
    Py_RETURN_NONE;
}

/* bind_state(TableState, give_actions, fold_action): the class TableBase serves, the 14
 * gives by rank and the fold. */
static PyObject *bind_state(PyObject *self, PyObject *args) {
    PyObject *st, *gives, *fold;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O", &PyType_Type, &st, &PyTuple_Type, &gives, &fold)) return NULL;
    if (PyTuple_Size(gives) != JOKER + 1) {
        PyErr_SetString(PyExc_ValueError, "one give per rank");
        return NULL;
    }
    const char *names[7] = {"_c", "_legal", "_by_text", "_last", "game", "board", "n"};
    Member *ms[7] = {&M_c, &M_legal, &M_by_text, &M_last, &M_game, &M_board, &M_n};
    for (int k = 0; k < 7; k++)
        if (member_init(ms[k], st, names[k]) < 0) return NULL;
    if (!FoldText && !(FoldText = PyUnicode_FromString("fold"))) return NULL;
    Py_INCREF(st);
    Py_INCREF(gives);
    Py_INCREF(fold);
    SETREF(TableStateT, (PyTypeObject *)st);
    SETREF(GiveActions, gives);
    SETREF(FoldAction, fold);
    Py_RETURN_NONE;
}

static PyObject *t_get_current(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(((Table *)self)->current);
}
static PyObject *t_get_phase(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(((Table *)self)->phase);
}
static PyObject *t_get_winner(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(((Table *)self)->winner);
}
static PyObject *t_get_rng(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(((Table *)self)->rng);
}

static PyGetSetDef table_getset[] = {
    {"current", t_get_current, NULL, "the seat to act, -1 when the game is over", NULL},
    {"phase", t_get_phase, NULL, "0 exchange, 1 play, 2 over", NULL},
    {"winner", t_get_winner, NULL, "the winning team, -1 while the game runs", NULL},
    {"rng", t_get_rng, NULL, "the RNG state", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef table_methods[] = {
    {"copy", t_copy, METH_NOARGS, "copy() -> a Table equal to this one."},
    {"play", t_play, METH_VARARGS, "play(card, body) -> 0, or 1 when the deal waits for a shuffle."},
    {"fold", t_fold, METH_NOARGS, "fold() -> 0, or 1 when the deal waits for a shuffle."},
    {"give", t_give, METH_VARARGS, "give(card) -> 0: the exchange."},
    {"legal", t_legal, METH_NOARGS, "legal() -> (codes, sevens, pos, fresh) or None."},
    {"ranks", t_ranks, METH_NOARGS, "ranks() -> the distinct ranks in the hand to move."},
    {"export", t_export, METH_NOARGS, "export() -> the DogState fields."},
    {"stock", t_stock, METH_NOARGS, "stock() -> the pile, then the discards."},
    {"restock", t_restock, METH_VARARGS, "restock(pile, rng): the pile after the shuffle."},
    {"deal", t_deal, METH_NOARGS, "deal() -> 0, or 1 while the pile is short."},
    {"play_move", t_play_move, METH_VARARGS, "play_move(moveset, i) -> 0 or 1 (see play): move i of a MoveSet."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot table_slots[] = {
    {Py_tp_dealloc, (void *)table_dealloc},
    {Py_tp_methods, table_methods},
    {Py_tp_getset, table_getset},
    {Py_tp_doc, (void *)"A Dog position of the base rules as integers (see _core.c)."},
    {0, NULL},
};

static PyType_Spec table_spec = {
    "stammtisch.games.dog._core.Table", sizeof(Table), 0, Py_TPFLAGS_DEFAULT, table_slots,
};

static PyMethodDef methods[] = {
    {"legal", legal, METH_VARARGS,
     "legal(pos, fresh, seat, players, ranks) -> (codes, sevens) or None: the legal plays."},
    {"seven", seven, METH_VARARGS, "seven(sevens, index, npeg, canon) -> the body of a 7."},
    {"table", make_table, METH_VARARGS, "table(n, pos, fresh, hands, ...) -> a Table (see export)."},
    {"moves", moves, METH_VARARGS,
     "moves(pos, fresh, seat, players, ranks, base) -> a CodedActions, [] or None: the legal plays."},
    {"bind_actions", bind_actions, METH_VARARGS, "bind_actions(DogAction, CodedAction, CodedActions)."},
    {"bind_state", bind_state, METH_VARARGS, "bind_state(TableState, give_actions, fold_action)."},
    {"shuffle_test", shuffle_test, METH_VARARGS, "shuffle_test(seed, n) -> range(n) shuffled as the C does it."},
    {"use_c_shuffle", use_c_shuffle, METH_O, "use_c_shuffle(on): shuffle short deals in C."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "Compiled Dog move generation (base rules).", -1, methods,
    NULL, NULL, NULL, NULL,
};

static int add_type(PyObject *m, const char *name, PyType_Spec *spec, PyObject **slot) {
    PyObject *tp = PyType_FromSpec(spec);
    if (!tp) return -1;
    *slot = tp;
    Py_INCREF(tp);
    if (PyModule_AddObject(m, name, tp) < 0) {
        Py_DECREF(tp);
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC PyInit__core(void) {
    init_plans();
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    PyObject *movelist, *tablebase;
    if (PyModule_AddIntConstant(m, "API", CORE_API) < 0 || add_type(m, "Table", &table_spec, &TableType) < 0 || add_type(m, "MoveSet", &moveset_spec, &MoveSetType) < 0 ||
        add_type(m, "MoveList", &movelist_spec, &movelist) < 0 ||
        add_type(m, "TableBase", &tablebase_spec, &tablebase) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
