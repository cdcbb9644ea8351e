/* Compiled Himmel move generator: a port of legal_actions in games/himmel/moves.py, and
 * the loop of the deal's shuffle (shuffle.py).
 *
 * legal(hands, seat, targets, piles, deck_size) -> the list of legal actions, the same
 * action objects in the same order as the pure function (HAZ-3 ... HAZ-8): the plays
 * card by card (pile A before pile B), then turn, the steals, the raises on A, the raises
 * on B, and the takes (or the bare take). The action objects are the shared ones of
 * actions.py, handed over once with bind().
 *
 * Anything it does not expect (a hand that is no tuple of cards, a pile without a target,
 * more seats than steals) goes to the pure function, bound as the fallback: that one
 * gives the answer or raises exactly as the engine without this module. The pure
 * function stays the specification: tests/games/himmel/test_haz_fast_paths.py compares
 * both on every position of seeded games.
 *
 * Plain C against the CPython limited API (abi3), as the Dog core and the Zwickern table.
 */
#define Py_LIMITED_API 0x030B0000
#include <Python.h>

#define NUM_NUMBERS 70
#define TURN 71
#define STEAL 72
#define RAISE 73
#define HAND_MAX 16

/* bind(): PLAY_A, PLAY_B, TAKES, RAISE_A, RAISE_B (tuples indexed by card), STEALS
 * (indexed by seat), TURN_ACTION, TAKE_BARE and the pure legal_actions. */
static PyObject *PlayA, *PlayB, *Takes, *RaiseA, *RaiseB, *Steals, *TurnAction, *TakeBare, *Pure;
static Py_ssize_t NumSteals;

/* The cards of a hand (a sorted tuple of ints 1..73), or -1 when it is anything else. */
static Py_ssize_t read_hand(PyObject *hand, long *cards) {
    if (!PyTuple_Check(hand)) return -1;
    Py_ssize_t n = PyTuple_Size(hand);
    if (n < 0 || n > HAND_MAX) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyTuple_GetItem(hand, i);
        if (!item || !PyLong_CheckExact(item)) return -1;
        long c = PyLong_AsLong(item);
        if (c < 1 || c > RAISE || (i && c < cards[i - 1])) return -1;
        cards[i] = c;
    }
    return n;
}

/* The last card of a pair's tuple ``p`` (0 or 1): -1 when the tuple is empty, -2 when the
 * pair is not a pair of tuples of ints. */
static long last_of(PyObject *pair, Py_ssize_t p) {
    if (!PyTuple_Check(pair) || PyTuple_Size(pair) != 2) return -2;
    PyObject *t = PyTuple_GetItem(pair, p);
    if (!t || !PyTuple_Check(t)) return -2;
    Py_ssize_t n = PyTuple_Size(t);
    if (n == 0) return -1;
    PyObject *item = PyTuple_GetItem(t, n - 1);
    if (!item || !PyLong_CheckExact(item)) return -2;
    long c = PyLong_AsLong(item);
    return (c < 0 || c > RAISE) ? -2 : c;
}

static int add(PyObject *list, PyObject *table, long i) {
    return PyList_Append(list, PyTuple_GetItem(table, i)); /* borrowed, appended with a ref */
}

static PyObject *fallback(PyObject *const *args) {
    PyErr_Clear();
    return PyObject_CallFunctionObjArgs(Pure, args[0], args[1], args[2], args[3], args[4], NULL);
}

static PyObject *legal(PyObject *mod, PyObject *const *args, Py_ssize_t nargs) {
    (void)mod;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "legal() takes hands, seat, targets, piles, deck_size");
        return NULL;
    }
    if (!Pure) {
        PyErr_SetString(PyExc_RuntimeError, "bind() first");
        return NULL;
    }
    PyObject *hands = args[0], *seat_obj = args[1];
    if (seat_obj == Py_None) return PyList_New(0);
    if (!PyList_Check(hands) || !PyLong_CheckExact(seat_obj)) return fallback(args);
    Py_ssize_t nseats = PyList_Size(hands);
    long seat = PyLong_AsLong(seat_obj);
    if (seat < 0 || seat >= nseats || nseats > NumSteals) return fallback(args);
    long hand[HAND_MAX];
    Py_ssize_t n = read_hand(PyList_GetItem(hands, seat), hand);
    if (n < 0) return fallback(args);
    PyObject *acts = PyList_New(0);
    if (!acts) return NULL;
    if (n == 0) { /* HAZ-8 */
        if (PyList_Append(acts, TakeBare) < 0) goto fail;
        return acts;
    }
    long t0 = last_of(args[2], 0), t1 = last_of(args[2], 1);
    long lo0 = last_of(args[3], 0), lo1 = last_of(args[3], 1);
    if (t0 < 0 || t1 < 0 || lo0 < -1 || lo1 < -1) {
        Py_DECREF(acts);
        return fallback(args);
    }
    if (lo0 < 0) lo0 = 0; /* HAZ-3: an empty pile has no lower bound */
    if (lo1 < 0) lo1 = 0;
    int deck = PyObject_IsTrue(args[4]);
    if (deck < 0) goto fail;
    Py_ssize_t nums = 0; /* hands are sorted: the number cards come first */
    for (; nums < n && hand[nums] <= NUM_NUMBERS; nums++) {
        long c = hand[nums];
        if (lo0 < c && c < t0 && add(acts, PlayA, c) < 0) goto fail;
        if (lo1 < c && c < t1 && add(acts, PlayB, c) < 0) goto fail;
    }
    if (hand[n - 1] > NUM_NUMBERS) {
        int turn = 0, steal = 0;
        for (Py_ssize_t i = nums; i < n; i++) {
            turn |= hand[i] == TURN;
            steal |= hand[i] == STEAL;
        }
        if (turn && PyList_Append(acts, TurnAction) < 0) goto fail;
        if (steal) /* HAZ-5: only an opponent with at least one hand card can be robbed */
            for (Py_ssize_t v = 0; v < nseats; v++) {
                if (v == seat) continue;
                int has = PyObject_IsTrue(PyList_GetItem(hands, v));
                if (has < 0) goto fail;
                if (has && add(acts, Steals, (long)v) < 0) goto fail;
            }
        if (hand[n - 1] == RAISE) { /* the highest card */
            for (Py_ssize_t i = 0; i < nums; i++)
                if (hand[i] > t0 && add(acts, RaiseA, hand[i]) < 0) goto fail;
            for (Py_ssize_t i = 0; i < nums; i++)
                if (hand[i] > t1 && add(acts, RaiseB, hand[i]) < 0) goto fail;
        }
    }
    /* HAZ-4/HAZ-7: taking is always allowed; the taker names the new target from hand
     * unless the draw pile is empty or the hand has no number card. */
    if (nums && deck) {
        for (Py_ssize_t i = 0; i < nums; i++)
            if (add(acts, Takes, hand[i]) < 0) goto fail;
    } else if (PyList_Append(acts, TakeBare) < 0) {
        goto fail;
    }
    return acts;
fail:
    Py_DECREF(acts);
    return NULL;
}

/* shuffle(getrandbits, items): the Fisher-Yates walk of games/himmel/shuffle.py (and of
 * random.Random.shuffle) on the list ``items``, drawing with ``getrandbits`` (the bound
 * method of a random.Random): the same calls with the same bit counts, so the same order. */
static PyObject *shuffle(PyObject *mod, PyObject *args) {
    (void)mod;
    PyObject *getrandbits, *items;
    if (!PyArg_ParseTuple(args, "OO", &getrandbits, &items)) return NULL;
    if (!PyList_Check(items)) {
        PyErr_SetString(PyExc_TypeError, "shuffle() needs a list");
        return NULL;
    }
    for (Py_ssize_t i = PyList_Size(items) - 1; i > 0; i--) {
        long k = 0; /* the bits of i + 1, as random.Random._randbelow draws them */
        for (Py_ssize_t m = i + 1; m; m >>= 1) k++;
        PyObject *bits = PyLong_FromLong(k);
        if (!bits) return NULL;
        Py_ssize_t j;
        do {
            PyObject *r = PyObject_CallFunctionObjArgs(getrandbits, bits, NULL);
            if (!r) {
                Py_DECREF(bits);
                return NULL;
            }
            j = PyLong_AsSsize_t(r);
            Py_DECREF(r);
            if (j == -1 && PyErr_Occurred()) {
                Py_DECREF(bits);
                return NULL;
            }
        } while (j > i || j < 0);
        Py_DECREF(bits);
        if (i >= PyList_Size(items)) { /* getrandbits changed the list: not ours to shuffle */
            PyErr_SetString(PyExc_RuntimeError, "shuffle(): the list changed");
            return NULL;
        }
        PyObject *a = PyList_GetItem(items, i), *b = PyList_GetItem(items, j);
        Py_INCREF(a);
        Py_INCREF(b);
        PyList_SetItem(items, i, b); /* steals b, drops the list's a */
        PyList_SetItem(items, j, a); /* steals a, drops the list's b */
    }
    Py_RETURN_NONE;
}

static int table_of(PyObject *t, Py_ssize_t size) {
    if (!PyTuple_Check(t) || PyTuple_Size(t) < size) {
        PyErr_SetString(PyExc_ValueError, "bind(): a table is too short");
        return -1;
    }
    return 0;
}

static PyObject *bind(PyObject *mod, PyObject *args) {
    (void)mod;
    PyObject *pa, *pb, *tk, *ra, *rb, *st, *turn, *bare, *pure;
    if (!PyArg_ParseTuple(args, "OOOOOOOOO", &pa, &pb, &tk, &ra, &rb, &st, &turn, &bare, &pure)) return NULL;
    if (table_of(pa, NUM_NUMBERS + 1) < 0 || table_of(pb, NUM_NUMBERS + 1) < 0 || table_of(tk, NUM_NUMBERS + 1) < 0 ||
        table_of(ra, NUM_NUMBERS + 1) < 0 || table_of(rb, NUM_NUMBERS + 1) < 0 || table_of(st, 1) < 0)
        return NULL;
    PyObject **slots[] = {&PlayA, &PlayB, &Takes, &RaiseA, &RaiseB, &Steals, &TurnAction, &TakeBare, &Pure};
    PyObject *values[] = {pa, pb, tk, ra, rb, st, turn, bare, pure};
    for (int i = 0; i < 9; i++) {
        PyObject *old = *slots[i];
        Py_INCREF(values[i]);
        *slots[i] = values[i];
        Py_XDECREF(old);
    }
    NumSteals = PyTuple_Size(st);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"legal", (PyCFunction)(void (*)(void))legal, METH_FASTCALL, "The legal actions (see moves.legal_actions)."},
    {"bind", bind, METH_VARARGS, "Hand over the action tables and the pure legal_actions."},
    {"shuffle", shuffle, METH_VARARGS, "Shuffle a list with a getrandbits (see shuffle.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_moves", "Compiled Himmel move generator (see moves.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__moves(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "API", 2) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
