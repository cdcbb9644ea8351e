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
#include "_zwickern.h"

/* The parts, in order (one translation unit, as the Dog core). */
#include "_zwickern_rules.c"
#include "_zwickern_eval.c"
#include "_zwickern_search.c"

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

/* ``read_ints`` of cards: each one checked, and counted in ``counts``. */
static int read_cards(PyObject *seq, int *out, int cap, const char *what, int counts[NCARDS]) {
    int k = read_ints(seq, out, cap, what);
    for (int i = 0; i < k; i++) {
        if (out[i] < 0 || out[i] > JOKER) {
            PyErr_SetString(PyExc_ValueError, "not a card");
            return -1;
        }
        counts[out[i]]++;
    }
    return k;
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
        int k = read_cards(h, buf, HAND, "cards in a hand", counts);
        Py_DECREF(h);
        if (k < 0) return -1;
        for (int i = 0; i < k; i++) p->hands[s][i] = (signed char)buf[i];
        p->hsize[s] = k;
        PyObject *c = PySequence_GetItem(captured, s);
        if (!c) return -1;
        k = read_cards(c, buf, NCARDS, "captured cards", counts);
        Py_DECREF(c);
        if (k < 0) return -1;
        for (int i = 0; i < k; i++) capture(p, s, buf[i]);
    }
    if ((p->tsize = read_cards(table, buf, TABLE_MAX, "table cards", counts)) < 0) return -1;
    for (int i = 0; i < p->tsize; i++) p->table[i] = (signed char)buf[i];
    if ((p->dsize = read_cards(deck, buf, NCARDS, "cards in the pile", counts)) < 0) return -1;
    for (int i = 0; i < p->dsize; i++) p->deck[i] = (signed char)buf[i];
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
 * ``position`` holds what the seat sees: its own hand and no pile; another hand holds the
 * cards known to be in it (none for a bot), the rest of it is dealt from the unseen cards. */
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
            /* Cards the position holds in another hand are known to be there (none for a
             * bot; a diagnostic may give them): only the rest of that hand is dealt. */
            if (d.base.hsize[o] > d.sizes[o]) {
                PyErr_SetString(PyExc_ValueError, "more known cards than the hand holds");
                return NULL;
            }
            d.sizes[o] -= d.base.hsize[o];
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
    Tree t = {NULL, 0, 0, NULL, 0, 0};
    long done = 0;
    int rc;
    PyThreadState *saved = PyEval_SaveThread();
    rc = run_search(&d, &m, &s, iterations, seconds, &rng, &t, &done);
    PyEval_RestoreThread(saved);
    if (rc == -1) {
        tree_free(&t);
        return PyErr_NoMemory();
    }
    if (rc == -2) {
        tree_free(&t);
        PyErr_SetString(PyExc_LookupError, "no dealing of the unseen cards fits the ranks the hands lack");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (!out) {
        tree_free(&t);
        return NULL;
    }
    for (int c = t.nodes[0].child; c >= 0; c = t.nodes[c].sibling) {
        Node *nd = &t.nodes[c];
        PyObject *row = Py_BuildValue("(iiddd)", nd->key, nd->visits, nd->totals[m.seat], nd->points, nd->prior);
        if (!row || PyList_Append(out, row) < 0) {
            Py_XDECREF(row);
            Py_DECREF(out);
            tree_free(&t);
            return NULL;
        }
        Py_DECREF(row);
    }
    tree_free(&t);
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
