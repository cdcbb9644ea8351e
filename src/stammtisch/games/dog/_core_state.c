/* TableBase (TableState's hot path) and the bind_actions() / bind_state() that bind
 * the Python classes.
 * Part of the one translation unit _core.c (see there). */
#include "_core.h"

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
    int nout = gen_moves(posi, npeg, t->fresh, t->current, t->n, t->team_size, t->partner7, ranks, nr);
    if (nout == -1) return NULL;
    if (nout == -2) Py_RETURN_NONE;
    if (t->lock_a >= 0 || t->no_joker_last) nout = house_filter(&gen, nout, t->lock_a, t->lock_b, t->no_joker_last);
    if (!nout) return Py_BuildValue("[O]", FoldAction); /* DOG-8 */
    return coded_list(nout, t->pos, npeg, t->track, t->fresh, NULL);
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
