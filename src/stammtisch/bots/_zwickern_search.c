/* Determinization, tree, rollout and the search loop: a port of bots/ismcts.py and
 * games/zwickern/sample.py. Part of _zwickern.c. */
/* ---------------------------------------------------------------- determinization */
typedef struct {
    Pos base;          /* the seat's own hand, the table, the captures; other hands empty */
    int sizes[MAXP];   /* per other seat: the cards of its hand to deal (not known) */
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

/* An information node (``split``) is found by (parent, key) in a hash table, not in its
 * parent's list: a node may have thousands of them, one per hand met there. */
typedef struct {
    int parent, key, node; /* node -1: an empty slot */
} Slot;

typedef struct {
    Node *nodes;
    int size, cap;
    Slot *slots;
    int slot_cap, slot_used;
} Tree;

static void tree_free(Tree *t) {
    free(t->nodes);
    free(t->slots);
    t->nodes = NULL;
    t->slots = NULL;
}

static unsigned slot_hash(int parent, int key) {
    uint64_t h = ((uint64_t)(uint32_t)parent << 32 | (uint32_t)key) * 0x9E3779B97F4A7C15ULL;
    return (unsigned)(h >> 32);
}

static int info_find(const Tree *t, int parent, int key) {
    if (!t->slot_cap) return -1;
    unsigned mask = (unsigned)t->slot_cap - 1, i = slot_hash(parent, key) & mask;
    for (; t->slots[i].node >= 0; i = (i + 1) & mask)
        if (t->slots[i].parent == parent && t->slots[i].key == key) return t->slots[i].node;
    return -1;
}

static void slot_put(Slot *slots, int cap, Slot entry) {
    unsigned mask = (unsigned)cap - 1, i = slot_hash(entry.parent, entry.key) & mask;
    while (slots[i].node >= 0) i = (i + 1) & mask;
    slots[i] = entry;
}

static int info_insert(Tree *t, int parent, int key, int node) {
    if ((t->slot_used + 1) * 2 > t->slot_cap) {
        int cap = t->slot_cap ? t->slot_cap * 2 : 1024;
        Slot *grown = (Slot *)malloc((size_t)cap * sizeof(Slot));
        if (!grown) return -1;
        for (int i = 0; i < cap; i++) grown[i].node = -1;
        for (int i = 0; i < t->slot_cap; i++)
            if (t->slots[i].node >= 0) slot_put(grown, cap, t->slots[i]);
        free(t->slots);
        t->slots = grown;
        t->slot_cap = cap;
    }
    Slot entry = {parent, key, node};
    slot_put(t->slots, t->slot_cap, entry);
    t->slot_used++;
    return 0;
}

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
                int key = hand_key(&p, player), info = info_find(t, node, key);
                if (info < 0) {
                    if ((info = tree_add(t, key, 1.0, n)) < 0 || info_insert(t, node, key, info) < 0) return -1;
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
