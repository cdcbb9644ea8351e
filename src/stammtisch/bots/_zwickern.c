/* The Zwickern search at compiled speed: the hard bot's ISMCTS, rules and heuristic in C.
 *
 * A port of three pure-Python specifications, which stay the reference and the fallback:
 *   - the rules of a round (ZW-3 ... ZW-8): stammtisch/games/zwickern/state.py
 *   - the heuristic's action values and round-end values: bots/heuristics/zwickern.py
 *   - the search (determinize, PUCT select, expand, heuristic rollout, vector backup):
 *     bots/ismcts.py
 * tests/bots/test_zwickern_compiled.py checks the values, the playouts and the search's
 * statistics against them. The one difference in the search: a round's end is a leaf here
 * (the next round is a fresh shuffle, so the tree does not grow past it), where the pure
 * search would keep descending into a guessed next deal once a path there is visited.
 *
 * Plain C against the CPython limited API (as the Dog core), built at install where a C
 * compiler is available; stammtisch.bots.compiled says whether it is in use.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define API 1
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

/* ---------------------------------------------------------------- the position */
typedef struct {
    int n, dealer, current; /* current -1: the round is over */
    int forced;
    signed char hands[MAXP][HAND];
    int hsize[MAXP];
    signed char table[TABLE_MAX];
    int tsize;
    signed char deck[NCARDS]; /* the next card dealt is the last one */
    int dsize;
    int cap_points[MAXP], cap_count[MAXP];
    int cap_rank[8], cap_jokers; /* captured cards of each rank, all seats together */
    int last_capturer;           /* -1: nobody yet */
    int lacks[MAXP];
} Pos;

/* Legal cards in ascending order (ZW-5), as state.py's _generate. */
static int legal_cards(const Pos *p, int out[HAND]) {
    int seat = p->current, k = 0;
    int present[NCARDS - 1];
    memset(present, 0, sizeof present);
    for (int i = 0; i < p->hsize[seat]; i++) present[(int)p->hands[seat][i]] = 1;
    if (p->tsize && p->forced) {
        int ranks = 0;
        for (int i = 0; i < p->tsize; i++)
            if (p->table[i] != JOKER) ranks |= 1 << (p->table[i] >> 2);
        int matching = 0;
        for (int c = 0; c < JOKER; c++)
            if (present[c] && (ranks >> (c >> 2) & 1)) matching = 1;
        if (matching) {
            for (int c = 0; c < JOKER; c++)
                if (present[c] && (ranks >> (c >> 2) & 1)) out[k++] = c;
            if (present[JOKER]) out[k++] = JOKER;
            return k;
        }
    }
    for (int c = 0; c <= JOKER; c++)
        if (present[c]) out[k++] = c;
    return k;
}

static void capture(Pos *p, int seat, int card) {
    p->cap_points[seat] += POINTS(card);
    p->cap_count[seat] += 1;
    if (card == JOKER)
        p->cap_jokers++;
    else
        p->cap_rank[card >> 2]++;
}

/* Play ``card`` for the seat to move (ZW-3, ZW-4), then move on (ZW-6, ZW-7). */
static void apply_card(Pos *p, int card) {
    int seat = p->current;
    signed char *hand = p->hands[seat];
    for (int i = 0; i < p->hsize[seat]; i++)
        if (hand[i] == card) {
            hand[i] = hand[--p->hsize[seat]];
            break;
        }
    int took = 0;
    if (card == JOKER) {
        if (p->tsize) {
            for (int i = 0; i < p->tsize; i++) capture(p, seat, p->table[i]);
            p->tsize = 0;
            took = 1;
        }
    } else {
        int r = card >> 2, k = 0;
        for (int i = 0; i < p->tsize; i++) {
            int c = p->table[i];
            if (c != JOKER && (c >> 2) == r) {
                capture(p, seat, c);
                took = 1;
            } else
                p->table[k++] = (signed char)c;
        }
        p->tsize = k;
    }
    if (took) {
        capture(p, seat, card);
        p->last_capturer = seat;
    } else {
        if (card != JOKER && p->forced) {
            int mask = 0;
            for (int i = 0; i < p->tsize; i++)
                if (p->table[i] != JOKER) mask |= 1 << (p->table[i] >> 2);
            p->lacks[seat] |= mask;
        }
        p->table[p->tsize++] = (signed char)card;
    }
    int n = p->n;
    for (int k = 1; k <= n; k++) {
        int nxt = (seat + k) % n;
        if (p->hsize[nxt]) {
            p->current = nxt;
            return;
        }
    }
    if (p->dsize) { /* ZW-6 */
        for (int i = 0; i < n; i++) p->lacks[i] = 0;
        for (int round = 0; round < HAND && p->dsize; round++)
            for (int k = 1; k <= n && p->dsize; k++) {
                int s = (p->dealer + k) % n;
                p->hands[s][p->hsize[s]++] = p->deck[--p->dsize];
            }
        for (int k = 1; k <= n; k++) {
            int nxt = (seat + k) % n;
            if (p->hsize[nxt]) {
                p->current = nxt;
                return;
            }
        }
    }
    /* ZW-7: the table goes to the last capturer. */
    if (p->tsize && p->last_capturer >= 0) {
        for (int i = 0; i < p->tsize; i++) capture(p, p->last_capturer, p->table[i]);
        p->tsize = 0;
    }
    p->current = -1;
}

/* ZW-8: card points plus the bonus for strictly the most cards. */
static void round_points(const Pos *p, double out[MAXP]) {
    int best = 0, count = 0, who = -1;
    for (int i = 0; i < p->n; i++) {
        out[i] = p->cap_points[i];
        if (p->cap_count[i] > best) {
            best = p->cap_count[i];
            count = 1;
            who = i;
        } else if (p->cap_count[i] == best)
            count++;
    }
    if (best > 0 && count == 1) out[who] += MOST_CARDS_BONUS;
}

/* ---------------------------------------------------------------- the heuristic */
static double chance_any(int k, int hidden_total, int holding) {
    if (k <= 0 || holding <= 0 || hidden_total <= 0) return 0.0;
    double p_none = 1.0;
    int m = holding < hidden_total ? holding : hidden_total;
    for (int i = 0; i < m; i++) {
        double f = (double)(hidden_total - k - i) / (double)(hidden_total - i);
        p_none *= f > 0.0 ? f : 0.0;
    }
    return 1.0 - p_none;
}

/* ZwickernHeuristic._values for the seat to move, one value per card of ``cards``. */
static void heuristic_values(const Pos *p, int seat, const int *cards, int k, double *out) {
    int rank_seen[8], jokers_seen = p->cap_jokers;
    memcpy(rank_seen, p->cap_rank, sizeof rank_seen);
    const signed char *hand = p->hands[seat];
    int hsize = p->hsize[seat];
    for (int i = 0; i < hsize; i++) {
        if (hand[i] == JOKER)
            jokers_seen++;
        else
            rank_seen[hand[i] >> 2]++;
    }
    int table_points = 0;
    for (int i = 0; i < p->tsize; i++) {
        if (p->table[i] == JOKER)
            jokers_seen++;
        else
            rank_seen[p->table[i] >> 2]++;
        table_points += POINTS(p->table[i]);
    }
    int others_hold = 0;
    for (int i = 0; i < p->n; i++)
        if (i != seat) others_hold += p->hsize[i];
    int hidden = others_hold + p->dsize;
    int unseen_jokers = 2 - jokers_seen;
    int endgame = p->dsize == 0;
    double to_come = (double)(p->dsize + hsize - 1) / ROUND_CARDS;
    if (to_come > 1.0) to_come = 1.0;
    double p_joker_out = chance_any(unseen_jokers, hidden, others_hold);
    double p_keep_sweep = endgame ? pow(0.75, others_hold) : 0.0;
    for (int a = 0; a < k; a++) {
        int card = cards[a];
        if (card == JOKER) {
            if (!p->tsize) {
                out[a] = -JOKER_KEEP - 2.0;
                continue;
            }
            int only_jokers = 1;
            for (int i = 0; i < hsize; i++)
                if (hand[i] != JOKER) only_jokers = 0;
            double keep = only_jokers ? 0.0 : JOKER_KEEP * to_come;
            double gain = table_points + CARD_WEIGHT * (p->tsize + 1);
            out[a] = gain - keep;
            continue;
        }
        int r = card >> 2, taken = 0, taken_points = 0;
        for (int i = 0; i < p->tsize; i++) {
            int c = p->table[i];
            if (c != JOKER && (c >> 2) == r) {
                taken++;
                taken_points += POINTS(c);
            }
        }
        if (taken) {
            double gain = (double)(taken_points + POINTS(card));
            gain += CARD_WEIGHT * (taken + 1);
            int left = table_points - taken_points;
            gain += left * p_keep_sweep;
            out[a] = gain;
            continue;
        }
        int unseen_rank = 4 - rank_seen[r];
        int lacking = 0;
        for (int o = 0; o < p->n; o++)
            if (o != seat && (p->lacks[o] >> r & 1)) lacking += p->hsize[o];
        double p_rank = chance_any(unseen_rank, hidden - lacking, others_hold - lacking);
        double exposure = POINTS(card) + CARD_WEIGHT;
        double risk = p_rank > p_joker_out ? p_rank : p_joker_out;
        double value = -exposure * risk;
        int same = 0, same_rank = 0;
        for (int i = 0; i < hsize; i++) {
            if (hand[i] == card) same++;
            if (hand[i] != JOKER && (hand[i] >> 2) == r) same_rank++;
        }
        if (same == 1 && same_rank > 1) value += 0.4 * (exposure + CARD_WEIGHT) * (1.0 - p_rank);
        if (endgame) value += p->last_capturer == seat ? POINTS(card) * 0.5 : 0.0;
        out[a] = value - 0.01 * POINTS(card);
    }
}

/* ---------------------------------------------------------------- match values */
typedef struct {
    int n, seat;
    double match_points[MAXP];
    int round, rounds, rounds_done, extra;
    double score_weight, score_scale;
} Match;

static void lead_values(const double *s, int n, double scale, double *out) {
    for (int i = 0; i < n; i++) {
        double best = -INFINITY;
        for (int j = 0; j < n; j++)
            if (j != i && s[j] > best) best = s[j];
        out[i] = 1.0 / (1.0 + exp(-(s[i] - best) / scale));
    }
}

/* The values of a position where the rollout stops (ZwickernHeuristic.evaluate_state,
 * or terminal_value when the round just ended was the match's last); ``points``: the
 * searching seat's match points there. */
static double stop_values(const Pos *p, const Match *m, double *out) {
    int n = m->n;
    double s[MAXP];
    if (p->current >= 0) { /* cut inside the round: match points plus card points so far */
        for (int i = 0; i < n; i++) s[i] = m->match_points[i] + p->cap_points[i];
        lead_values(s, n, ROUND_SD * sqrt((double)(m->rounds - m->round > 1 ? m->rounds - m->round : 1)), out);
        return s[m->seat];
    }
    double pts[MAXP];
    round_points(p, pts);
    double top = -INFINITY;
    for (int i = 0; i < n; i++) {
        s[i] = m->match_points[i] + pts[i];
        if (s[i] > top) top = s[i];
    }
    int tied = 0;
    for (int i = 0; i < n; i++) tied += s[i] == top;
    int over = m->rounds_done + 1 >= m->rounds && !(m->extra && tied > 1);
    if (!over) {
        int left = m->rounds - (m->round + 1);
        lead_values(s, n, ROUND_SD * sqrt((double)(left > 1 ? left : 1)), out);
        return s[m->seat];
    }
    double lead[MAXP];
    double w = m->score_weight;
    if (w > 0.0) lead_values(s, n, m->score_scale, lead);
    for (int i = 0; i < n; i++) {
        double share = s[i] == top ? 1.0 / tied : 0.0;
        out[i] = w > 0.0 ? (1.0 - w) * share + w * lead[i] : share;
    }
    return s[m->seat];
}

/* ---------------------------------------------------------------- determinization */
typedef struct {
    Pos base;          /* the seat's own hand, the table, the captures; other hands empty */
    int sizes[MAXP];   /* hand sizes of the others */
    signed char pool[NCARDS];
    int pool_size;     /* the cards the seat cannot see */
    int order[MAXP];   /* the other seats, most lacks first */
    int others;
} Dealer;

static int allowed(int card, int lacks) { return card == JOKER || !(lacks >> (card >> 2) & 1); }

static int popcount(int x) {
    int k = 0;
    for (; x; x &= x - 1) k++;
    return k;
}

/* Deal the unseen cards at random into the other hands (respecting what they lack, ZW-5)
 * and the pile, as sample.py does; 0 when no dealing fitted after many tries. */
static int determinize(const Dealer *d, Rng *rng, Pos *out) {
    signed char pool[NCARDS];
    int order[MAXP];
    memcpy(order, d->order, sizeof order);
    for (int attempt = 0; attempt < 200; attempt++) {
        memcpy(pool, d->pool, (size_t)d->pool_size);
        for (int i = d->pool_size - 1; i > 0; i--) {
            int j = rng_below(rng, i + 1);
            signed char t = pool[i];
            pool[i] = pool[j];
            pool[j] = t;
        }
        *out = d->base;
        int size = d->pool_size, ok = 1;
        for (int o = 0; o < d->others && ok; o++) {
            int seat = order[o], need = d->sizes[seat], lacks = out->lacks[seat];
            for (int i = size - 1; i >= 0 && need; i--) {
                if (!allowed(pool[i], lacks)) continue;
                out->hands[seat][out->hsize[seat]++] = pool[i];
                memmove(pool + i, pool + i + 1, (size_t)(size - i - 1));
                size--;
                need--;
            }
            if (need) ok = 0;
        }
        if (ok) {
            memcpy(out->deck, pool, (size_t)size);
            out->dsize = size;
            return 1;
        }
        for (int i = d->others - 1; i > 0; i--) {
            int j = rng_below(rng, i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- the tree */
typedef struct {
    int child, sibling; /* first child, next sibling: indices into the pool, -1 none */
    int visits, avail;
    int key; /* the card played to reach this node */
    double prior, points;
    double totals[MAXP];
} Node;

typedef struct {
    Node *nodes;
    int size, cap;
} Tree;

static int tree_add(Tree *t, int key, double prior, int n) {
    if (t->size == t->cap) {
        int cap = t->cap ? t->cap * 2 : 1024;
        Node *grown = (Node *)realloc(t->nodes, (size_t)cap * sizeof(Node));
        if (!grown) return -1;
        t->nodes = grown;
        t->cap = cap;
    }
    Node *nd = &t->nodes[t->size];
    nd->child = nd->sibling = -1;
    nd->visits = nd->avail = 0;
    nd->key = key;
    nd->prior = prior;
    nd->points = 0.0;
    for (int i = 0; i < n; i++) nd->totals[i] = 0.0;
    return t->size++;
}

static int find_child(const Tree *t, int node, int key) {
    for (int c = t->nodes[node].child; c >= 0; c = t->nodes[c].sibling)
        if (t->nodes[c].key == key) return c;
    return -1;
}

typedef struct {
    double c, temperature, epsilon;
    int horizon; /* rollout length from the root; -1: to the end of the round */
    int split;   /* key each decision below the root by the mover's hand as well */
} Settings;

/* The mover's hand as one key (sorted cards, 6 bits each), negative: never a card. */
static int hand_key(const Pos *p, int seat) {
    int c[HAND], k = p->hsize[seat];
    for (int i = 0; i < k; i++) c[i] = p->hands[seat][i];
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && c[j] < c[j - 1]; j--) {
            int t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    int key = 0;
    for (int i = 0; i < k; i++) key = key << 6 | (c[i] + 1);
    return -2 - key;
}

static void softmax(const double *v, int k, double temperature, double *out) {
    double top = -INFINITY, total = 0.0, t = temperature > 1e-9 ? temperature : 1e-9;
    for (int i = 0; i < k; i++)
        if (v[i] > top) top = v[i];
    for (int i = 0; i < k; i++) total += out[i] = exp((v[i] - top) / t);
    for (int i = 0; i < k; i++) out[i] /= total;
}

/* Children for every legal card of ``node`` (priors from the mover's own view). */
static int expand(Tree *t, int node, const Pos *p, const int *cards, int k, const Settings *s, int n, int *kids) {
    int missing = 0;
    for (int a = 0; a < k; a++)
        if ((kids[a] = find_child(t, node, cards[a])) < 0) missing = 1;
    if (!missing) return 0;
    double priors[HAND];
    if (k == 1)
        priors[0] = 1.0;
    else {
        double values[HAND];
        heuristic_values(p, p->current, cards, k, values);
        softmax(values, k, s->temperature, priors);
    }
    for (int a = 0; a < k; a++) {
        if (kids[a] >= 0) continue;
        int c = tree_add(t, cards[a], priors[a], n);
        if (c < 0) return -1;
        t->nodes[c].sibling = t->nodes[node].child;
        t->nodes[node].child = c;
        kids[a] = c;
    }
    return 0;
}

static int pick_best(const double *values, int k, Rng *rng) {
    double top = -INFINITY;
    for (int i = 0; i < k; i++)
        if (values[i] > top) top = values[i];
    int best[HAND], m = 0;
    for (int i = 0; i < k; i++)
        if (values[i] >= top - 1e-9) best[m++] = i;
    return m == 1 ? best[0] : best[rng_below(rng, m)];
}

/* A heuristic rollout of ``depth`` plays (-1: to the end of the round) from ``p``. */
static double rollout(Pos *p, const Match *m, const Settings *s, int depth, Rng *rng, double *values,
                      int *played, int *nplayed) {
    int steps = 0, cards[HAND];
    double v[HAND];
    while (p->current >= 0) {
        if (depth >= 0 && steps >= depth) break;
        int k = legal_cards(p, cards), a = 0;
        if (k > 1) {
            if (s->epsilon > 0.0 && rng_double(rng) < s->epsilon)
                a = rng_below(rng, k);
            else {
                heuristic_values(p, p->current, cards, k, v);
                a = pick_best(v, k, rng);
            }
        }
        if (played) played[(*nplayed)++] = cards[a];
        apply_card(p, cards[a]);
        steps++;
    }
    return stop_values(p, m, values);
}

static double now_seconds(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The search: ``iterations`` (or until ``seconds`` pass); 0 on success, -1 out of memory,
 * -2 when no dealing of the unseen cards fits the view. */
static int run_search(const Dealer *d, const Match *m, const Settings *s, long iterations, double seconds,
                      Rng *rng, Tree *t, long *done) {
    int n = m->n, cards[HAND], kids[HAND], path[2 * NCARDS + 4];
    double deadline = seconds > 0.0 ? now_seconds() + seconds : 0.0;
    Pos p;
    if (tree_add(t, -1, 1.0, n) < 0) return -1;
    if (!determinize(d, rng, &p)) return -2;
    int k = legal_cards(&p, cards);
    if (expand(t, 0, &p, cards, k, s, n, kids) < 0) return -1;
    *done = 0;
    for (;;) {
        if (iterations >= 0 && *done >= iterations) break;
        if (seconds > 0.0 && *done > 0 && (*done & 15) == 0 && now_seconds() >= deadline) break;
        if (!determinize(d, rng, &p)) return -2;
        int node = 0, len = 1;
        path[0] = 0;
        while (p.current >= 0) {
            int player = p.current;
            if (s->split && node != 0) {
                /* The mover knows its own hand: its choices are its own per hand. */
                int key = hand_key(&p, player), info = find_child(t, node, key);
                if (info < 0) {
                    if ((info = tree_add(t, key, 1.0, n)) < 0) return -1;
                    t->nodes[info].sibling = t->nodes[node].child;
                    t->nodes[node].child = info;
                }
                node = info;
                path[len++] = node;
            }
            k = legal_cards(&p, cards);
            if (expand(t, node, &p, cards, k, s, n, kids) < 0) return -1;
            Node *nd = &t->nodes[node];
            double fpu = nd->visits ? nd->totals[player] / nd->visits : 0.5;
            double total_prior = 0.0;
            for (int a = 0; a < k; a++) {
                t->nodes[kids[a]].avail++;
                total_prior += t->nodes[kids[a]].prior;
            }
            int best = 0;
            double best_score = -INFINITY;
            for (int a = 0; a < k; a++) {
                Node *ch = &t->nodes[kids[a]];
                double q = ch->visits ? ch->totals[player] / ch->visits : fpu;
                double score = q + s->c * (ch->prior / total_prior) * sqrt((double)ch->avail) / (1 + ch->visits);
                if (score > best_score) {
                    best_score = score;
                    best = a;
                }
            }
            node = kids[best];
            apply_card(&p, cards[best]);
            path[len++] = node;
            if (t->nodes[node].visits == 0) break;
        }
        int plies = 0;
        for (int i = 1; i < len; i++) plies += t->nodes[path[i]].key >= 0;
        int depth = s->horizon < 0 ? -1 : (s->horizon - plies > 0 ? s->horizon - plies : 0);
        double values[MAXP];
        double points = rollout(&p, m, s, depth, rng, values, NULL, NULL);
        for (int i = 0; i < len; i++) {
            Node *nd = &t->nodes[path[i]];
            nd->visits++;
            for (int j = 0; j < n; j++) nd->totals[j] += values[j];
            nd->points += points;
        }
        (*done)++;
    }
    return 0;
}

/* ---------------------------------------------------------------- Python glue */
static int read_ints(PyObject *seq, int *out, int cap, const char *what) {
    Py_ssize_t len = PySequence_Size(seq);
    if (len < 0) return -1;
    if (len > cap) {
        PyErr_Format(PyExc_ValueError, "too many %s", what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *item = PySequence_GetItem(seq, i);
        if (!item) return -1;
        long v = PyLong_AsLong(item);
        Py_DECREF(item);
        if (v == -1 && PyErr_Occurred()) return -1;
        out[i] = (int)v;
    }
    return (int)len;
}

static int check_card(int c) {
    if (c < 0 || c > JOKER) {
        PyErr_SetString(PyExc_ValueError, "not a card");
        return -1;
    }
    return 0;
}

/* Read a position: (n, dealer, current, forced, hands, table, deck, captured, last, lacks).
 * Unknown hands may be given as empty lists. Returns 0, or -1 with an exception set. */
static int read_pos(PyObject *tuple, Pos *p, int counts[NCARDS]) {
    PyObject *hands, *table, *deck, *captured, *lacks;
    int n, dealer, current, forced, last;
    if (!PyArg_ParseTuple(tuple, "iiiiOOOOiO", &n, &dealer, &current, &forced, &hands, &table, &deck, &captured,
                          &last, &lacks))
        return -1;
    if (n < 2 || n > MAXP) {
        PyErr_SetString(PyExc_ValueError, "2 to 4 players");
        return -1;
    }
    memset(p, 0, sizeof *p);
    memset(counts, 0, NCARDS * sizeof(int));
    p->n = n;
    p->dealer = dealer;
    p->current = current;
    p->forced = forced;
    p->last_capturer = last;
    int buf[NCARDS];
    for (int s = 0; s < n; s++) {
        PyObject *h = PySequence_GetItem(hands, s);
        if (!h) return -1;
        int k = read_ints(h, buf, HAND, "cards in a hand");
        Py_DECREF(h);
        if (k < 0) return -1;
        for (int i = 0; i < k; i++) {
            if (check_card(buf[i]) < 0) return -1;
            p->hands[s][i] = (signed char)buf[i];
            counts[buf[i]]++;
        }
        p->hsize[s] = k;
        PyObject *c = PySequence_GetItem(captured, s);
        if (!c) return -1;
        k = read_ints(c, buf, NCARDS, "captured cards");
        Py_DECREF(c);
        if (k < 0) return -1;
        for (int i = 0; i < k; i++) {
            if (check_card(buf[i]) < 0) return -1;
            capture(p, s, buf[i]);
            counts[buf[i]]++;
        }
    }
    int k = read_ints(table, buf, TABLE_MAX, "table cards");
    if (k < 0) return -1;
    for (int i = 0; i < k; i++) {
        if (check_card(buf[i]) < 0) return -1;
        p->table[i] = (signed char)buf[i];
        counts[buf[i]]++;
    }
    p->tsize = k;
    k = read_ints(deck, buf, NCARDS, "cards in the pile");
    if (k < 0) return -1;
    for (int i = 0; i < k; i++) {
        if (check_card(buf[i]) < 0) return -1;
        p->deck[i] = (signed char)buf[i];
        counts[buf[i]]++;
    }
    p->dsize = k;
    if (read_ints(lacks, p->lacks, MAXP, "seats") < 0) return -1;
    return 0;
}

static PyObject *floats(const double *v, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyFloat_FromDouble(v[i]);
        if (!x) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SetItem(out, i, x);
    }
    return out;
}

static PyObject *py_values(PyObject *self, PyObject *args) {
    PyObject *pos, *cards_obj;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &pos, &cards_obj)) return NULL;
    Pos p;
    int counts[NCARDS], cards[NCARDS];
    if (read_pos(pos, &p, counts) < 0) return NULL;
    int k = read_ints(cards_obj, cards, NCARDS, "cards");
    if (k < 0) return NULL;
    if (p.current < 0 || p.current >= p.n) {
        PyErr_SetString(PyExc_ValueError, "nobody to move");
        return NULL;
    }
    double v[NCARDS];
    heuristic_values(&p, p.current, cards, k, v);
    return floats(v, k);
}

static int read_match(PyObject *tuple, Match *m, int n) {
    PyObject *points;
    m->n = n;
    if (!PyArg_ParseTuple(tuple, "iOiiiidd", &m->seat, &points, &m->round, &m->rounds, &m->rounds_done, &m->extra,
                          &m->score_weight, &m->score_scale))
        return -1;
    if (m->seat < 0 || m->seat >= n) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        PyObject *x = PySequence_GetItem(points, i);
        if (!x) return -1;
        m->match_points[i] = PyFloat_AsDouble(x);
        Py_DECREF(x);
        if (PyErr_Occurred()) return -1;
    }
    return 0;
}

/* playout(position, match, depth, epsilon, seed) -> (cards played, values, points) */
static PyObject *py_playout(PyObject *self, PyObject *args) {
    PyObject *pos, *match;
    int depth;
    double epsilon;
    unsigned long long seed;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOidK", &pos, &match, &depth, &epsilon, &seed)) return NULL;
    Pos p;
    Match m;
    int counts[NCARDS];
    if (read_pos(pos, &p, counts) < 0 || read_match(match, &m, p.n) < 0) return NULL;
    Settings s = {0.0, 1.0, epsilon, depth, 0};
    Rng rng = {seed};
    int played[NCARDS], nplayed = 0;
    double values[MAXP];
    double points = rollout(&p, &m, &s, depth, &rng, values, played, &nplayed);
    PyObject *cards = PyList_New(nplayed);
    if (!cards) return NULL;
    for (int i = 0; i < nplayed; i++) PyList_SetItem(cards, i, PyLong_FromLong(played[i]));
    PyObject *vals = floats(values, p.n);
    if (!vals) {
        Py_DECREF(cards);
        return NULL;
    }
    return Py_BuildValue("(NNd)", cards, vals, points);
}

/* search(position, hand_sizes, deck_size, match, settings, iterations, seconds, seed)
 * -> (iterations done, [(card, visits, value_sum, points_sum, prior), ...] for the root)
 * ``position`` holds only what the seat sees: its own hand (other hands empty) and no pile. */
static PyObject *py_search(PyObject *self, PyObject *args) {
    PyObject *pos, *sizes_obj, *match, *settings;
    int deck_size;
    long iterations;
    double seconds;
    unsigned long long seed;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOiOOldK", &pos, &sizes_obj, &deck_size, &match, &settings, &iterations, &seconds,
                          &seed))
        return NULL;
    Dealer d;
    Match m;
    Settings s;
    int counts[NCARDS];
    memset(&d, 0, sizeof d);
    if (read_pos(pos, &d.base, counts) < 0 || read_match(match, &m, d.base.n) < 0) return NULL;
    s.split = 0;
    if (!PyArg_ParseTuple(settings, "dddi|i", &s.c, &s.temperature, &s.epsilon, &s.horizon, &s.split)) return NULL;
    int n = d.base.n;
    if (d.base.current != m.seat) {
        PyErr_SetString(PyExc_ValueError, "the seat is not to move");
        return NULL;
    }
    if (read_ints(sizes_obj, d.sizes, MAXP, "seats") != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one hand size per seat");
        return NULL;
    }
    /* The unseen cards: the pack minus what the seat sees. */
    int hidden = deck_size;
    for (int c = 0; c <= JOKER; c++) {
        int have = c == JOKER ? 2 : 1;
        if (counts[c] > have) {
            PyErr_SetString(PyExc_ValueError, "a card shows more often than the pack has it");
            return NULL;
        }
        for (int i = counts[c]; i < have; i++) d.pool[d.pool_size++] = (signed char)c;
    }
    for (int o = 0; o < n; o++)
        if (o != m.seat) {
            if (d.sizes[o] < 0 || d.sizes[o] > HAND) {
                PyErr_SetString(PyExc_ValueError, "a hand holds 0 to 4 cards");
                return NULL;
            }
            hidden += d.sizes[o];
            d.order[d.others++] = o;
        }
    if (hidden != d.pool_size || d.base.hsize[m.seat] != d.sizes[m.seat]) {
        PyErr_SetString(PyExc_ValueError, "hand sizes and pile do not add up to the pack");
        return NULL;
    }
    for (int i = 1; i < d.others; i++) /* most lacks first, as sample.py */
        for (int j = i; j > 0 && popcount(d.base.lacks[d.order[j]]) > popcount(d.base.lacks[d.order[j - 1]]); j--) {
            int t = d.order[j];
            d.order[j] = d.order[j - 1];
            d.order[j - 1] = t;
        }
    Rng rng = {seed};
    Tree t = {NULL, 0, 0};
    long done = 0;
    int rc;
    PyThreadState *saved = PyEval_SaveThread();
    rc = run_search(&d, &m, &s, iterations, seconds, &rng, &t, &done);
    PyEval_RestoreThread(saved);
    if (rc == -1) {
        free(t.nodes);
        return PyErr_NoMemory();
    }
    if (rc == -2) {
        free(t.nodes);
        PyErr_SetString(PyExc_LookupError, "no dealing of the unseen cards fits the ranks the hands lack");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (!out) {
        free(t.nodes);
        return NULL;
    }
    for (int c = t.nodes[0].child; c >= 0; c = t.nodes[c].sibling) {
        Node *nd = &t.nodes[c];
        PyObject *row = Py_BuildValue("(iiddd)", nd->key, nd->visits, nd->totals[m.seat], nd->points, nd->prior);
        if (!row || PyList_Append(out, row) < 0) {
            Py_XDECREF(row);
            Py_DECREF(out);
            free(t.nodes);
            return NULL;
        }
        Py_DECREF(row);
    }
    free(t.nodes);
    return Py_BuildValue("(lN)", done, out);
}

static PyMethodDef METHODS[] = {
    {"values", py_values, METH_VARARGS, "values(position, cards): the heuristic's value of each card for the seat to move."},
    {"playout", py_playout, METH_VARARGS, "playout(position, match, depth, epsilon, seed): a heuristic rollout."},
    {"search", py_search, METH_VARARGS, "search(position, sizes, deck_size, match, settings, iterations, seconds, seed)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_zwickern", "The Zwickern search at compiled speed.", -1,
                                    METHODS, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__zwickern(void) {
    PyObject *m = PyModule_Create(&MODULE);
    if (m && PyModule_AddIntConstant(m, "API", API) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
