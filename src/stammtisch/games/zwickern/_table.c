/* Compiled Zwickern play within a round (ZW-3 ... ZW-7): a port of games/zwickern/state.py.
 *
 * A Table holds the part of a ZwickernState that changes from move to move (hands, table,
 * pile, capture piles, the seat to move, the last capturer, what each hand is known to
 * lack, the last move) as small integers; table.py keeps the rest in Python and turns the
 * state pure (its Python fields filled from export()) the first time anything else is read.
 * The pure engine stays the specification: tests/games/zwickern/test_zwickern_table.py
 * plays seeded games on both and compares them after every move.
 *
 * table(n, forced, dealer, current, last_capturer, hands, table, deck, captured, lacks, last)
 *   -> a Table (current, last_capturer: -1 for None; last: None or (seat, card, taken))
 * Table.legal() -> the legal plays (the PlayCard objects bound with bind())
 * Table.play(card) -> 0, or 1 when the round is over (every hand and the pile are empty:
 *   ZW-7 and the scoring are left to Python, see table.py)
 * Table.copy(), Table.export(), Table.current
 *
 * Plain C against the CPython limited API (abi3), as the Dog core. The hard bot's search has
 * its own rules of a round (bots/_zwickern_rules.c), on a position that keeps capture piles
 * as points and hands unordered; this one keeps the state field for field (hand and table
 * order, the piles, the last move), which views, events and the record need, so the two do
 * not share code.
 */
#define Py_LIMITED_API 0x030B0000
#include <Python.h>
#include <string.h>

#define MAXP 4
#define NCARDS 34 /* 32 cards with a rank and 2 Jokers */
#define JOKER 32
#define HANDMAX 8
#define RANK_BIT(c) ((c) == JOKER ? 0 : 1 << ((c) >> 2))

typedef struct {
    PyObject_HEAD
    int n, forced, dealer, current, last_capturer;
    signed char hands[MAXP][HANDMAX];
    int hsize[MAXP];
    signed char table[NCARDS];
    int tsize;
    signed char deck[NCARDS]; /* the next card dealt is the last one */
    int dsize;
    signed char cap[MAXP][NCARDS];
    int csize[MAXP];
    int lacks[MAXP];
    int last_seat, last_card; /* last_seat -1: no last move */
    signed char last_taken[NCARDS];
    int last_ntaken;
} Table;

static PyObject *TableType;
static PyObject *Plays; /* PLAYS: the PlayCard of each card (bind()) */

static Table *table_alloc(void) { return PyObject_New(Table, (PyTypeObject *)TableType); }

static void table_dealloc(PyObject *self) {
    PyObject *tp = (PyObject *)Py_TYPE(self);
    PyObject_Free(self);
    Py_DECREF(tp);
}

/* ---------------------------------------------------------------- the rules */
/* ZW-6: up to 4 each, one card at a time from the seat left of the dealer, until the
 * pile is out; new hands, so nothing is known about them. */
static void redeal(Table *t) {
    for (int s = 0; s < t->n; s++) t->lacks[s] = 0;
    for (int r = 0; r < 4; r++)
        for (int k = 1; k <= t->n; k++) {
            if (!t->dsize) return;
            int s = (t->dealer + k) % t->n;
            t->hands[s][t->hsize[s]++] = t->deck[--t->dsize];
        }
}

/* The next seat with cards after ``seat`` (``seat`` itself last), or -1. */
static int next_seat(const Table *t, int seat) {
    for (int k = 1; k <= t->n; k++) {
        int s = (seat + k) % t->n;
        if (t->hsize[s]) return s;
    }
    return -1;
}

/* _apply_in_place and _advance of state.py: 0, or 1 when the round is over. */
static int play(Table *t, int card) {
    int seat = t->current;
    signed char *hand = t->hands[seat];
    int hs = t->hsize[seat], at = -1;
    for (int i = 0; i < hs; i++)
        if (hand[i] == card) {
            at = i;
            break;
        }
    if (at < 0) {
        PyErr_SetString(PyExc_ValueError, "the card is not in the hand");
        return -1;
    }
    memmove(hand + at, hand + at + 1, (size_t)(hs - at - 1)); /* list.remove: order kept */
    t->hsize[seat] = hs - 1;
    int ntaken = 0;
    if (card == JOKER) { /* ZW-4: the whole table (table Jokers too); on an empty table it stays */
        memcpy(t->last_taken, t->table, (size_t)t->tsize);
        ntaken = t->tsize;
        t->tsize = 0;
    } else { /* ZW-3: every table card of its rank; table Jokers have no rank */
        int bit = RANK_BIT(card), k = 0;
        for (int i = 0; i < t->tsize; i++) {
            int c = t->table[i];
            if (RANK_BIT(c) == bit)
                t->last_taken[ntaken++] = (signed char)c;
            else
                t->table[k++] = (signed char)c;
        }
        t->tsize = k;
    }
    if (ntaken) {
        signed char *pile = t->cap[seat];
        memcpy(pile + t->csize[seat], t->last_taken, (size_t)ntaken);
        t->csize[seat] += ntaken;
        pile[t->csize[seat]++] = (signed char)card;
        t->last_capturer = seat;
    } else {
        if (card != JOKER && t->forced) { /* ZW-5: this hand holds none of the table's ranks */
            int mask = 0;
            for (int i = 0; i < t->tsize; i++) mask |= RANK_BIT(t->table[i]);
            t->lacks[seat] |= mask;
        }
        t->table[t->tsize++] = (signed char)card;
    }
    t->last_seat = seat;
    t->last_card = card;
    t->last_ntaken = ntaken;
    int nxt = next_seat(t, seat);
    if (nxt < 0 && t->dsize) {
        redeal(t);
        nxt = next_seat(t, seat);
    }
    if (nxt < 0) return 1; /* the round is over: ZW-7 and the scoring in Python */
    t->current = nxt;
    return 0;
}

/* ---------------------------------------------------------------- reading Python values */
static int read_cards(PyObject *seq, signed char *dst, int maxn, int *len) {
    PyObject *tup = PySequence_Tuple(seq);
    if (!tup) return -1;
    Py_ssize_t n = PyTuple_Size(tup);
    if (n > maxn) {
        Py_DECREF(tup);
        PyErr_SetString(PyExc_ValueError, "too many cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(PyTuple_GetItem(tup, i));
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(tup);
            return -1;
        }
        if (c < 0 || c > JOKER) {
            Py_DECREF(tup);
            PyErr_SetString(PyExc_ValueError, "no such card");
            return -1;
        }
        dst[i] = (signed char)c;
    }
    *len = (int)n;
    Py_DECREF(tup);
    return 0;
}

/* The per-seat lists of a sequence of n card sequences. */
static int read_seats(PyObject *seq, int n, signed char (*dst)[NCARDS], int *sizes, int maxn) {
    PyObject *tup = PySequence_Tuple(seq);
    if (!tup) return -1;
    if (PyTuple_Size(tup) != n) {
        Py_DECREF(tup);
        PyErr_SetString(PyExc_ValueError, "one entry per seat");
        return -1;
    }
    for (int s = 0; s < n; s++)
        if (read_cards(PyTuple_GetItem(tup, s), dst[s], maxn, &sizes[s]) < 0) {
            Py_DECREF(tup);
            return -1;
        }
    Py_DECREF(tup);
    return 0;
}

static PyObject *make_table(PyObject *self, PyObject *args) {
    int n, forced, dealer, current, last_capturer;
    PyObject *hands, *tab, *deck, *captured, *lacks, *last;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiiiiOOOOOO", &n, &forced, &dealer, &current, &last_capturer, &hands, &tab, &deck,
                          &captured, &lacks, &last))
        return NULL;
    if (n < 2 || n > MAXP || dealer < 0 || dealer >= n || current < 0 || current >= n || last_capturer < -1 ||
        last_capturer >= n) {
        PyErr_SetString(PyExc_ValueError, "the compiled table cannot hold this position");
        return NULL;
    }
    Table *t = table_alloc();
    if (!t) return NULL;
    memset((char *)t + sizeof(PyObject), 0, sizeof(Table) - sizeof(PyObject));
    t->n = n;
    t->forced = forced;
    t->dealer = dealer;
    t->current = current;
    t->last_capturer = last_capturer;
    t->last_seat = -1;
    signed char hs[MAXP][NCARDS];
    int lk[MAXP];
    if (read_seats(hands, n, hs, t->hsize, HANDMAX) < 0) goto fail;
    for (int s = 0; s < n; s++) memcpy(t->hands[s], hs[s], (size_t)t->hsize[s]);
    if (read_cards(tab, t->table, NCARDS, &t->tsize) < 0) goto fail;
    if (read_cards(deck, t->deck, NCARDS, &t->dsize) < 0) goto fail;
    if (read_seats(captured, n, t->cap, t->csize, NCARDS) < 0) goto fail;
    PyObject *lt = PySequence_Tuple(lacks);
    if (!lt) goto fail;
    if (PyTuple_Size(lt) != n) {
        Py_DECREF(lt);
        PyErr_SetString(PyExc_ValueError, "one entry per seat");
        goto fail;
    }
    for (int s = 0; s < n; s++) lk[s] = (int)PyLong_AsLong(PyTuple_GetItem(lt, s));
    Py_DECREF(lt);
    if (PyErr_Occurred()) goto fail;
    memcpy(t->lacks, lk, sizeof(int) * (size_t)n);
    if (last != Py_None) {
        PyObject *taken;
        if (!PyArg_ParseTuple(last, "iiO", &t->last_seat, &t->last_card, &taken)) goto fail;
        if (read_cards(taken, t->last_taken, NCARDS, &t->last_ntaken) < 0) goto fail;
    }
    if (!t->hsize[current]) {
        PyErr_SetString(PyExc_ValueError, "the seat to move has no cards");
        goto fail;
    }
    return (PyObject *)t;
fail:
    Py_DECREF(t);
    return NULL;
}

/* ---------------------------------------------------------------- methods */
static PyObject *t_legal(PyObject *self, PyObject *noargs) {
    Table *t = (Table *)self;
    (void)noargs;
    if (!Plays) {
        PyErr_SetString(PyExc_RuntimeError, "bind() was not called");
        return NULL;
    }
    int present[NCARDS - 1] = {0}; /* card ids 0 .. JOKER */
    const signed char *hand = t->hands[t->current];
    for (int i = 0; i < t->hsize[t->current]; i++) present[(int)hand[i]] = 1;
    int out[HANDMAX], k = 0;
    if (t->tsize && t->forced) { /* ZW-5: a matching card must capture (or a Joker) */
        int ranks = 0;
        for (int i = 0; i < t->tsize; i++) ranks |= RANK_BIT(t->table[i]);
        for (int c = 0; c < JOKER; c++)
            if (present[c] && (ranks & RANK_BIT(c))) out[k++] = c;
        if (k && present[JOKER]) out[k++] = JOKER;
    }
    if (!k)
        for (int c = 0; c <= JOKER; c++)
            if (present[c]) out[k++] = c;
    PyObject *l = PyList_New(k);
    if (!l) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *p = PyTuple_GetItem(Plays, out[i]);
        if (!p) {
            Py_DECREF(l);
            return NULL;
        }
        Py_INCREF(p);
        PyList_SetItem(l, i, p);
    }
    return l;
}

static PyObject *t_play(PyObject *self, PyObject *arg) {
    long card = PyLong_AsLong(arg);
    if (card == -1 && PyErr_Occurred()) return NULL;
    if (card < 0 || card > JOKER) {
        PyErr_SetString(PyExc_ValueError, "no such card");
        return NULL;
    }
    int status = play((Table *)self, (int)card);
    return status < 0 ? NULL : PyLong_FromLong(status);
}

static PyObject *t_copy(PyObject *self, PyObject *noargs) {
    (void)noargs;
    Table *t = table_alloc();
    if (!t) return NULL;
    memcpy((char *)t + sizeof(PyObject), (char *)self + sizeof(PyObject), sizeof(Table) - sizeof(PyObject));
    return (PyObject *)t;
}

static PyObject *card_list(const signed char *c, int n) {
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (int i = 0; i < n; i++) PyList_SetItem(l, i, PyLong_FromLong(c[i]));
    return l;
}

static PyObject *card_tuple(const signed char *c, int n) {
    PyObject *l = PyTuple_New(n);
    if (!l) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SetItem(l, i, PyLong_FromLong(c[i]));
    return l;
}

/* export() -> (hands, table, deck, captured, current, last_capturer, lacks, last) as the
 * state keeps them (lists of cards, tuples for the capture piles and lacks; None for no
 * seat, no last capturer or no last move). */
static PyObject *t_export(PyObject *self, PyObject *noargs) {
    Table *t = (Table *)self;
    (void)noargs;
    int n = t->n;
    PyObject *hands = PyList_New(n), *cap = PyList_New(n), *lacks = PyTuple_New(n);
    if (!hands || !cap || !lacks) goto fail;
    for (int s = 0; s < n; s++) {
        PyObject *h = card_list(t->hands[s], t->hsize[s]);
        PyObject *c = card_tuple(t->cap[s], t->csize[s]);
        if (!h || !c) {
            Py_XDECREF(h);
            Py_XDECREF(c);
            goto fail;
        }
        PyList_SetItem(hands, s, h);
        PyList_SetItem(cap, s, c);
        PyTuple_SetItem(lacks, s, PyLong_FromLong(t->lacks[s]));
    }
    PyObject *last;
    if (t->last_seat < 0) {
        last = Py_None;
        Py_INCREF(last);
    } else {
        last = Py_BuildValue("(iiN)", t->last_seat, t->last_card, card_tuple(t->last_taken, t->last_ntaken));
        if (!last) goto fail;
    }
    PyObject *cur = t->current < 0 ? Py_None : PyLong_FromLong(t->current);
    PyObject *lc = t->last_capturer < 0 ? Py_None : PyLong_FromLong(t->last_capturer);
    if (cur == Py_None) Py_INCREF(cur);
    if (lc == Py_None) Py_INCREF(lc);
    return Py_BuildValue("(NNNNNNNN)", hands, card_list(t->table, t->tsize), card_list(t->deck, t->dsize), cap, cur,
                         lc, lacks, last);
fail:
    Py_XDECREF(hands);
    Py_XDECREF(cap);
    Py_XDECREF(lacks);
    return NULL;
}

static PyObject *t_get_current(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(((Table *)self)->current);
}

static PyMethodDef table_methods[] = {
    {"legal", t_legal, METH_NOARGS, "legal() -> the legal plays, in ascending card order (ZW-5)."},
    {"play", t_play, METH_O, "play(card) -> 0, or 1 when the round is over."},
    {"copy", t_copy, METH_NOARGS, "copy() -> a Table with the same position."},
    {"export", t_export, METH_NOARGS, "export() -> the state's fields (see the module)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef table_getset[] = {
    {"current", t_get_current, NULL, "The seat to move.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot table_slots[] = {
    {Py_tp_dealloc, (void *)table_dealloc},
    {Py_tp_methods, table_methods},
    {Py_tp_getset, table_getset},
    {Py_tp_doc, (void *)"A Zwickern round in play as integers (see _table.c)."},
    {0, NULL},
};

static PyType_Spec table_spec = {
    "stammtisch.games.zwickern._table.Table", sizeof(Table), 0, Py_TPFLAGS_DEFAULT, table_slots,
};

/* ---------------------------------------------------------------- the module */
static PyObject *bind(PyObject *self, PyObject *plays) {
    (void)self;
    if (!PyTuple_Check(plays) || PyTuple_Size(plays) != JOKER + 1) {
        PyErr_SetString(PyExc_ValueError, "bind(PLAYS): one PlayCard per card");
        return NULL;
    }
    Py_INCREF(plays);
    Py_XDECREF(Plays);
    Plays = plays;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"table", make_table, METH_VARARGS, "table(n, forced, dealer, current, ...) -> a Table (see the module)."},
    {"bind", bind, METH_O, "bind(PLAYS): the PlayCard objects legal() hands out."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_table", "Compiled Zwickern play within a round.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__table(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    TableType = PyType_FromSpec(&table_spec);
    if (!TableType || PyModule_AddObject(m, "Table", TableType) < 0) {
        Py_XDECREF(TableType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(TableType); /* the module holds one reference, this file another */
    if (PyModule_AddIntConstant(m, "API", 1) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
