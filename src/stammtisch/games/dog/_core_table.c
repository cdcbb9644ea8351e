/* The Table's rules: hands, the deal with its shuffle (DOG-5, DOG-6), the exchange
 * (DOG-7), a play, a fold (DOG-8) and the advance to the next seat or round.
 * Part of the one translation unit _core.c (see there). */
#include "_core.h"

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

/* Who gave ``seat`` its exchange card (board.giver); the next teammate is seat + nteams. */
static inline int t_giver(const Table *t, int seat) { return (seat - t->nteams + t->n) % t->n; }
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
    if (t->team_size == 1) { /* DOG-21: no exchange when everyone plays alone */
        t->given = (1u << n) - 1;
        t->phase = PH_PLAY;
    }
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
    for (int k = 0; k < t->team_size; k++) {
        int s = (seat + k * t->nteams) % t->n;
        for (int i = 4 * s; i < 4 * s + 4; i++)
            if (t->pos[i] < t->track) return 0;
    }
    return 1;
}

static int check_playing(Table *t) {
    if (t->phase != PH_PLAY || t->current < 0) {
        PyErr_SetString(PyExc_ValueError, "no play in this phase");
        return -1;
    }
    return 0;
}

/* One play on the table: card, and the body's kind, a, b, c (see actions.py); for a 7
 * (kind SPLIT) p7 and fresh7 are the resulting position. Returns 0, 1 when the next
 * deal waits for a shuffle, -1 with a Python error set. */
static int table_play(Table *t, int card, long kind, long a, long b, long c, const int8_t *p7, uint32_t fresh7) {
    if (check_playing(t) < 0) return -1;
    int seat = t->current, track = t->track, npeg = 4 * t->n;
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
        } else {
            into_himmel = kind == KMOVE && b >= track;
        }
        fresh = apply_body(p, fresh, (int)kind, (int)a, (int)b, (int)c);
    }
    if (hand_remove(t, seat, card) < 0) return -1;
    t->disc[t->ndisc++] = (uint8_t)card;
    if (t->no_reswap) { /* DOG-25: a swap locks its two pegs; a move of either unlocks */
        if (kind == KSWAP) {
            t->lock_a = (int)(a < c ? a : c);
            t->lock_b = (int)(a < c ? c : a);
        } else if (t->lock_a >= 0 && (p[t->lock_a] != t->pos[t->lock_a] || p[t->lock_b] != t->pos[t->lock_b])) {
            t->lock_a = t->lock_b = -1;
        }
    }
    int giver = t_giver(t, seat);
    if ((t->known >> giver & 1) && t->gave[giver] == card) t->known &= ~(1u << giver);
    memcpy(t->pos, p, sizeof(p));
    t->fresh = fresh;
    if (into_himmel && team_home_t(t, seat)) { /* DOG-9 */
        t->winner = seat % t->nteams;
        t->phase = PH_OVER;
        t->current = -1;
        return 0;
    }
    return advance(t, seat);
}

/* fold: DOG-8, the hand face up on the discards; 0 or 1 as table_play. */
static int table_fold(Table *t) {
    if (check_playing(t) < 0) return -1;
    int seat = t->current, giver = t_giver(t, seat);
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
    int seat = t->current, n = t->n, k = t->nteams;
    if (hand_remove(t, seat, card) < 0) return -1;
    t->given |= 1u << seat;
    t->gave[seat] = (int8_t)card;
    /* DOG-7, DOG-22: once the whole team has chosen, each card goes to the next teammate */
    int all = 1;
    for (int q = 1; q < t->team_size; q++)
        if (!(t->given >> ((seat + q * k) % n) & 1)) all = 0;
    if (all) {
        for (int q = 0; q < t->team_size; q++) {
            int s = (seat + q * k) % n;
            if (hand_insert(t, (s + k) % n, t->gave[s]) < 0) return -1;
            t->known |= 1u << s;
        }
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
