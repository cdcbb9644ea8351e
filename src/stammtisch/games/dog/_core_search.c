/* The 7 by search (the general case of seven.py), the renamings it marks canonical,
 * and gen_seven, which picks the way a position's 7s are made.
 * Part of the one translation unit _core.c (see there). */
#include "_core.h"

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
    int track, npeg;
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
    int team = j >= 0 && in_team(s->g, j);
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
    Gen *g = s->g;
    if (g->overflow) return;
    /* the team is home: the game ends with this step (DOG-9) */
    int home = 0, first = -1;
    for (int t = 0; t < g->nteam; t++) {
        int o = g->team[t];
        home += s->inh[o];
        if (first < 0 && s->inh[o] < 4) first = o;
    }
    if (home == 4 * g->nteam) {
        record(s, fm);
        return;
    }
    /* the first of the team with a peg outside its Himmel moves (DOG-19, DOG-22); with
     * DOG-23 every team peg may move at any step */
    int lo = 0, hi = 1;
    if (g->partner7) hi = g->nteam;
    for (int t = lo; t < hi; t++) {
        int base = 4 * (g->partner7 ? g->team[t] : first);
        for (int i = base; i < base + 4; i++) {
            int x = s->pos[i];
            if (x < 0) continue;
            if (x >= s->track) {
                himmel_step(s, i, x, rem, fm);
                continue;
            }
            int o = i >> 2;
            if (x == g->starts[o] && !((fm >> i) & 1) && !(s->hm[o] & 1)) turn_in(s, i, x, rem, fm);
            track_step(s, i, x, rem, fm);
        }
    }
}

static void seven_search(Gen *g) {
    Search s;
    memset(&s, 0, sizeof(s));
    s.g = g;
    s.track = g->track;
    s.npeg = g->npeg;
    memcpy(s.pos, g->pos, (size_t)g->npeg);
    memcpy(s.occ, g->occ, (size_t)g->track);
    for (int q = 0; q < g->npeg; q++) s.code[q] = (uint8_t)(g->pos[q] + 1);
    for (int t = 0; t < g->nteam; t++) {
        int o = g->team[t];
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
    int turning[12], nt = 0;
    for (int m = 0; m < g->nmovers7; m++) {
        int i = g->movers7[m], x = g->pos[i];
        if (x < track && mod(g->starts[i >> 2] - x, track) <= 6) turning[nt++] = i;
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
    if (g->partner7) { /* DOG-23: the team's pegs may meet, so search */
        seven_search(g);
        mark_renamings(g, 0);
        return;
    }
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
