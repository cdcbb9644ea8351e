/* Compiled Dog move generation and a whole position (the Table), for every table: 2 to 6
 * players, alone or in teams of two or three (DOG-21, DOG-22), the 7 with the partner
 * (DOG-23), the swap lock (DOG-25) and no Joker for the last peg (DOG-26), which the
 * Table's moves are filtered by (house_filter). Module-level moves()/legal() are
 * unfiltered: the pure state filters them in Python (house_rules.py), and the thefts of
 * DOG-24 keep the pure engine's state (backend.py).
 *
 * A line-by-line port of stammtisch.games.dog.moves / seven / tables (the pure-Python
 * engine stays the specification): the same moves, in the same order, with the same
 * bodies, so that a seeded game plays out identically on both backends. The
 * differential tests in tests/games/dog/test_dog_core.py hold the two together.
 *
 * Plain C against the CPython limited API (abi3): no build dependency beyond a C
 * compiler, one binary for every Python >= 3.11.
 *
 * legal(pos, fresh, seat, players, ranks[, team_size, partner7]) -> (codes, sevens)
 *   pos:    list of peg places (-1 kennel, 0..L-1 track, L..L+3 Himmel)
 *   team_size: players per team (0: the usual for the table size); partner7: DOG-23
 *   fresh:  bit mask of fresh pegs
 *   ranks:  the distinct ranks of the hand, sorted
 *   codes:  one int per legal move: card | value << 4 | kind << 8 | a << 10 |
 *           (b + 1) << 16 | (c + 1) << 23 | canon << 30 (value: the Joker's value, 13
 *           for the Joker's start; a, b, c as in the body; for a 7, a is the index of
 *           the 7 among this call's 7s, 12 bits, and b, c are -1)
 *   sevens: the 7s packed (bytes); seven(sevens, index, npeg, canon) makes the body
 *           tuple of one, as the pure engine has it (see actions.py); the other moves'
 *           bodies are (kind, a, b, c, canon) straight from the code
 * Returns None when a buffer would overflow (the caller then uses the pure engine).
 *
 * The source is one translation unit in parts, included below in the order they build
 * on each other; _core.h holds the types they share. Every function stays static to the
 * one object file, so the compiler sees (and inlines across) the whole core as before.
 */
#include "_core.h"

#include "_core_gen.c"    /* the 7s' store, plans, bodies, single cards */
#include "_core_seven.c"  /* the 7: one peg alone, pegs apart */
#include "_core_search.c" /* the 7: the search, gen_seven */
#include "_core_legal.c"  /* gen_moves, legal(), seven() */
#include "_core_table.c"  /* the Table's rules: deal, shuffle, exchange, play, fold */
#include "_core_moves.c"  /* MoveSet, MoveList, moves() */
#include "_core_tablepy.c" /* the Table's Python methods and type, table(), play_move */
#include "_core_state.c"  /* TableBase, bind_actions(), bind_state() */
#include "_core_eval.c"   /* Eval: the bots' evaluation (dog_eval.DogEval) */

static PyMethodDef methods[] = {
    {"legal", legal, METH_VARARGS,
     "legal(pos, fresh, seat, players, ranks[, team_size, partner7]) -> (codes, sevens) or None."},
    {"seven", seven, METH_VARARGS, "seven(sevens, index, npeg, canon) -> the body of a 7."},
    {"table", make_table, METH_VARARGS, "table(n, pos, fresh, hands, ...) -> a Table (see export)."},
    {"moves", moves, METH_VARARGS,
     "moves(pos, fresh, seat, players, ranks, base[, team_size, partner7]) -> CodedActions, [] or None."},
    {"bind_actions", bind_actions, METH_VARARGS, "bind_actions(DogAction, CodedAction, CodedActions)."},
    {"bind_state", bind_state, METH_VARARGS, "bind_state(TableState, give_actions, fold_action)."},
    {"shuffle_test", shuffle_test, METH_VARARGS, "shuffle_test(seed, n) -> range(n) shuffled as the C does it."},
    {"use_c_shuffle", use_c_shuffle, METH_O, "use_c_shuffle(on): shuffle short deals in C."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "Compiled Dog move generation and position.", -1, methods,
    NULL, NULL, NULL, NULL,
};

static int add_type(PyObject *m, const char *name, PyType_Spec *spec, PyObject **slot) {
    PyObject *tp = PyType_FromSpec(spec);
    if (!tp) return -1;
    *slot = tp;
    Py_INCREF(tp);
    if (PyModule_AddObject(m, name, tp) < 0) {
        Py_DECREF(tp);
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC PyInit__core(void) {
    init_plans();
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    PyObject *movelist, *tablebase;
    if (PyModule_AddIntConstant(m, "API", CORE_API) < 0 || add_type(m, "Table", &table_spec, &TableType) < 0 || add_type(m, "MoveSet", &moveset_spec, &MoveSetType) < 0 ||
        add_type(m, "MoveList", &movelist_spec, &movelist) < 0 ||
        add_type(m, "TableBase", &tablebase_spec, &tablebase) < 0 ||
        add_type(m, "Eval", &eval_spec, &EvalType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
