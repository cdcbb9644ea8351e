/* MoveSet and MoveList (the coded actions), the bound classes' slots, and moves().
 * Part of the one translation unit _core.c (see there). */
#include "_core.h"

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
static PyObject *MoveSetType;


static Member M_kind, M_card, M_act_ms, M_act_code, M_list_ms;
static Member M_c, M_legal, M_by_text, M_last, M_game, M_board, M_n;
static PyTypeObject *DogActionT, *CodedActionT, *CodedActionsT, *TableStateT;
static allocfunc action_alloc, list_alloc;
static binaryfunc list_subscript;
static PyObject *GiveActions, *FoldAction, *FoldText;


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
static MoveSet *moveset_new(int nout, const int8_t *pos, int npeg, int track, uint32_t fresh, PyObject *base) {
    MoveSet *ms = PyObject_New(MoveSet, (PyTypeObject *)MoveSetType);
    if (!ms) return NULL;
    ms->npeg = npeg;
    ms->track = track;
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
static PyObject *coded_list(int nout, const int8_t *pos, int npeg, int track, uint32_t fresh, PyObject *base) {
    if (!CodedActionsT) {
        PyErr_SetString(PyExc_RuntimeError, "bind_actions() was not called");
        return NULL;
    }
    MoveSet *ms = moveset_new(nout, pos, npeg, track, fresh, base);
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

/* moves(pos, fresh, seat, players, ranks, base[, team_size, partner7]) -> a CodedActions,
 * [] when nothing can be played, None when a buffer overflowed; base: what the actions give
 * as DogAction.base; team_size: players per team (0: the usual for the table size, board.py);
 * partner7: DOG-23, a 7 over all the team's pegs. */
static PyObject *moves(PyObject *self, PyObject *args) {
    PyObject *pos_o, *ranks_o, *base;
    unsigned long fresh;
    int seat, players, team_size = 0, partner7 = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "OkiiOO|ip", &pos_o, &fresh, &seat, &players, &ranks_o, &base, &team_size,
                          &partner7))
        return NULL;
    int nout = gen_args(pos_o, fresh, seat, players, ranks_o, team_size, partner7);
    if (nout == -1) return NULL;
    if (nout == -2) Py_RETURN_NONE;
    if (!nout) return PyList_New(0);
    return coded_list(nout, gen.pos, gen.npeg, gen.track, gen.fresh, base);
}
