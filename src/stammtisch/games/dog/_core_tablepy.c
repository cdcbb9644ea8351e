/* The Table as Python sees it: play, fold, give, copy, export, legal, ranks, stock,
 * restock, deal, the module's table(), shuffle_test() and use_c_shuffle(), and its type.
 * Part of the one translation unit _core.c (see there). */
#include "_core.h"

static long get_long(PyObject *tup, Py_ssize_t k) {
    PyObject *o = PyTuple_GetItem(tup, k);
    if (!o) return -1;
    return PyLong_AsLong(o);
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
            if (x < -1 || x >= t->track + 4) {
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
 * gave, known, folded, winner, rng, swap_lock): the DogState fields (phase 0/1/2, -1 for
 * None; swap_lock a pair of pegs or None). */
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
    PyObject *lock = t->lock_a < 0 ? Py_None : Py_BuildValue("(ii)", t->lock_a, t->lock_b);
    if (!lock) {
        Py_DECREF(hands);
        Py_DECREF(gave);
        return NULL;
    }
    if (lock == Py_None) Py_INCREF(lock);
    return Py_BuildValue("(NkNNNiiiiNNNNiKN)", pos_list(t), (unsigned long)t->fresh, hands,
                         bytes_list(t->pile, t->npile), bytes_list(t->disc, t->ndisc), t->round, t->dealer,
                         t->phase, t->current, mask_list(t->given, n), gave, mask_list(t->known, n),
                         mask_list(t->folded, n), t->winner, t->rng, lock);
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
    int nout = gen_moves(posi, npeg, t->fresh, t->current, t->n, t->team_size, t->partner7, ranks, nr);
    if (nout == -1) return NULL;
    if (nout == -2) Py_RETURN_NONE;
    if (t->lock_a >= 0 || t->no_joker_last) nout = house_filter(&gen, nout, t->lock_a, t->lock_b, t->no_joker_last);
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
    int n, round, dealer, phase, current, winner, team_size = 0, partner7 = 0, no_reswap = 0, no_joker_last = 0;
    unsigned long fresh;
    unsigned long long rng;
    PyObject *pos, *hands, *pile, *disc, *given, *gave, *known, *folded, *lock = Py_None;
    (void)self;
    if (!PyArg_ParseTuple(args, "iOkOOOiiiiOOOOiK|ippOp", &n, &pos, &fresh, &hands, &pile, &disc, &round, &dealer,
                          &phase, &current, &given, &gave, &known, &folded, &winner, &rng, &team_size, &partner7,
                          &no_reswap, &lock, &no_joker_last))
        return NULL;
    int lock_a = -1, lock_b = -1;
    if (lock != Py_None && !PyArg_ParseTuple(lock, "ii", &lock_a, &lock_b)) return NULL;
    if (lock_a < -1 || lock_a >= 4 * n || lock_b < -1 || lock_b >= 4 * n || (lock_a < 0) != (lock_b < 0)) {
        PyErr_SetString(PyExc_ValueError, "the compiled core cannot hold this position");
        return NULL;
    }
    if (n >= 2 && n <= MAXSEAT && !team_size) team_size = n == 4 || n == 6 ? 2 : 1;
    if (n < 2 || n > MAXSEAT || team_size < 1 || team_size > 3 || n % team_size || (team_size > 1 && n < 4) ||
        round < 0 || dealer < 0 || dealer >= n || phase < 0 || phase > 2 || current < -1 || current >= n ||
        winner < -1 || winner >= n / team_size) {
        PyErr_SetString(PyExc_ValueError, "the compiled core cannot hold this position");
        return NULL;
    }
    Table *t = table_new();
    if (!t) return NULL;
    memset((char *)t + sizeof(PyObject), 0, sizeof(Table) - sizeof(PyObject));
    t->n = n;
    t->team_size = team_size;
    t->nteams = n / team_size;
    t->partner7 = partner7 && team_size > 1;
    t->track = n == 2 ? 64 : 16 * n;
    t->no_reswap = no_reswap;
    t->no_joker_last = no_joker_last;
    t->lock_a = lock_a;
    t->lock_b = lock_b;
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
        if (posi[q] < -1 || posi[q] >= t->track + 4) goto bad;
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
    {Py_tp_doc, (void *)"A Dog position as integers (see _core.c)."},
    {0, NULL},
};

static PyType_Spec table_spec = {
    "stammtisch.games.dog._core.Table", sizeof(Table), 0, Py_TPFLAGS_DEFAULT, table_slots,
};
