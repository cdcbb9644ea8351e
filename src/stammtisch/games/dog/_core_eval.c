/* Eval: the bots' Dog evaluation (stammtisch.bots.heuristics.dog_eval.DogEval) in C.
 * Part of the one translation unit _core.c (see there).
 *
 * DogEval stays the specification: it builds this object from its own tables (progress
 * per place, the Himmel values, the risk per number of threats, the teams), and the C
 * makes the same floating-point operations in the same order, so every value is the same
 * double as the Python one (tests/bots/test_dog_eval.py compares them bit for bit). Only
 * the memos are left out: a position is one pass over at most 24 pegs here.
 *
 *   Eval(team_of_peg, starts, teams, track, heaven, risk, risk_start, keeps, out, block)
 *   ev.leads(places, fresh) -> per team: its value minus the mean of the other teams'
 *   ev.gains(move_set, team) -> per move of the MoveSet: the team's lead after it minus
 *       now, minus the card's keep value (DogEval.play_gains of the move codes)
 */
#include "_core.h"

#define EV_REACH 13
#define EV_MAXRISK (MAXPEG + 1)

typedef struct {
    PyObject_HEAD
    int npeg, n, track, nteams;
    int team_of_peg[MAXPEG];
    int starts[6];
    int team_seats[6][6], team_len[6];
    int8_t seat_of_start[MAXTRACK]; /* the seat whose start the field is, or -1 */
    uint8_t seat_in_team[6][6];
    double progress_base; /* OUT */
    double heaven[4];
    double risk[EV_MAXRISK], risk_start[EV_MAXRISK];
    double keeps[16];
    double block;
} Eval;

static PyObject *EvalType;

/* Per seat: progress minus what is at risk plus blocks (DogEval._compute). */
static void ev_values(const Eval *ev, const int8_t *places, uint32_t fresh, double *values) {
    int track = ev->track;
    int8_t occ[MAXTRACK]; /* team + 1 of the peg on a track field, 0 when empty */
    uint8_t kennel[6] = {0};
    memset(occ, 0, (size_t)track);
    for (int s = 0; s < ev->n; s++) values[s] = 0.0;
    for (int i = 0; i < ev->npeg; i++) {
        int p = places[i];
        if (p < 0)
            kennel[i >> 2] = 1;
        else if (p < track)
            occ[p] = (int8_t)(ev->team_of_peg[i] + 1);
    }
    for (int i = 0; i < ev->npeg; i++) {
        int place = places[i];
        if (place < 0) continue;
        int owner = i >> 2;
        if (place >= track) {
            values[owner] += ev->heaven[place - track];
            continue;
        }
        int rel = (place - ev->starts[owner]) % track;
        if (rel < 0) rel += track;
        double prog = ev->progress_base + (double)rel;
        values[owner] += prog;
        int t = ev->team_of_peg[i];
        int k = 0;
        for (int d = 1; d <= EV_REACH; d++) {
            int f = place - d;
            if (f < 0) f += track;
            if (occ[f] && occ[f] - 1 != t) k++;
        }
        if (fresh >> i & 1) {
            for (int q = 0; q < k; q++) values[owner] += ev->block; /* blocks every peg behind */
            continue;
        }
        int s = ev->seat_of_start[place];
        if (s >= 0 && kennel[s] && !ev->seat_in_team[t][s])
            values[owner] -= ev->risk_start[k] * prog;
        else
            values[owner] -= ev->risk[k] * prog;
    }
}

/* Per team: its value minus the mean value of the other teams (DogEval.team_leads). */
static void ev_leads(const Eval *ev, const int8_t *places, uint32_t fresh, double *leads) {
    double values[6], totals[6];
    ev_values(ev, places, fresh, values);
    int nt = ev->nteams;
    for (int t = 0; t < nt; t++) {
        double sum = 0.0;
        for (int q = 0; q < ev->team_len[t]; q++) sum += values[ev->team_seats[t][q]];
        totals[t] = sum;
    }
    if (nt == 2) {
        leads[0] = totals[0] - totals[1];
        leads[1] = totals[1] - totals[0];
        return;
    }
    for (int t = 0; t < nt; t++) {
        double others = 0.0;
        for (int j = 0; j < nt; j++)
            if (j != t) others += totals[j];
        leads[t] = totals[t] - others / (double)(nt - 1);
    }
}

static int ev_double_list(PyObject *seq, double *out, int max, const char *what) {
    PyObject *fast = PySequence_Tuple(seq);
    if (!fast) return -1;
    Py_ssize_t n = PyTuple_Size(fast);
    if (n > max) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "too many %s", what);
        return -1;
    }
    for (Py_ssize_t q = 0; q < n; q++) {
        double v = PyFloat_AsDouble(PyTuple_GetItem(fast, q));
        if (v == -1.0 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[q] = v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static PyObject *eval_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *team_of_peg, *starts, *teams, *heaven, *risk, *risk_start, *keeps;
    int track;
    double out_value, block;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "OOOiOOOOdd", &team_of_peg, &starts, &teams, &track, &heaven, &risk, &risk_start,
                          &keeps, &out_value, &block))
        return NULL;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    Eval *ev = (Eval *)alloc(type, 0);
    if (!ev) return NULL;
    int npeg = read_ints(team_of_peg, ev->team_of_peg, MAXPEG);
    int n = npeg < 0 ? -1 : read_ints(starts, ev->starts, 6);
    if (n < 0) goto fail;
    if (npeg != 4 * n || n < 2 || track < 2 * EV_REACH || track > MAXTRACK) {
        PyErr_SetString(PyExc_ValueError, "not a Dog board");
        goto fail;
    }
    ev->npeg = npeg;
    ev->n = n;
    ev->track = track;
    PyObject *tt = PySequence_Tuple(teams);
    if (!tt) goto fail;
    Py_ssize_t nt = PyTuple_Size(tt);
    if (nt < 2 || nt > 6) {
        Py_DECREF(tt);
        PyErr_SetString(PyExc_ValueError, "a Dog board has 2 to 6 teams");
        goto fail;
    }
    ev->nteams = (int)nt;
    memset(ev->seat_in_team, 0, sizeof(ev->seat_in_team));
    for (Py_ssize_t t = 0; t < nt; t++) {
        int len = read_ints(PyTuple_GetItem(tt, t), ev->team_seats[t], 6);
        if (len < 0) {
            Py_DECREF(tt);
            goto fail;
        }
        ev->team_len[t] = len;
        for (int q = 0; q < len; q++) {
            int s = ev->team_seats[t][q];
            if (s < 0 || s >= n) {
                Py_DECREF(tt);
                PyErr_SetString(PyExc_ValueError, "no such seat");
                goto fail;
            }
            ev->seat_in_team[t][s] = 1;
        }
    }
    Py_DECREF(tt);
    for (int i = 0; i < npeg; i++)
        if (ev->team_of_peg[i] < 0 || ev->team_of_peg[i] >= nt) {
            PyErr_SetString(PyExc_ValueError, "no such team");
            goto fail;
        }
    memset(ev->seat_of_start, -1, sizeof(ev->seat_of_start));
    for (int s = 0; s < n; s++) {
        if (ev->starts[s] < 0 || ev->starts[s] >= track) {
            PyErr_SetString(PyExc_ValueError, "a start off the track");
            goto fail;
        }
        ev->seat_of_start[ev->starts[s]] = (int8_t)s;
    }
    if (ev_double_list(heaven, ev->heaven, 4, "Himmel values") != 4 ||
        ev_double_list(risk, ev->risk, EV_MAXRISK, "risks") < npeg + 1 ||
        ev_double_list(risk_start, ev->risk_start, EV_MAXRISK, "risks") < npeg + 1 ||
        ev_double_list(keeps, ev->keeps, 16, "keep values") != 16) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "tables of the wrong size");
        goto fail;
    }
    ev->progress_base = out_value;
    ev->block = block;
    return (PyObject *)ev;
fail:
    Py_DECREF(ev);
    return NULL;
}

static void eval_dealloc(PyObject *self) {
    PyObject *tp = (PyObject *)Py_TYPE(self);
    freefunc tp_free = (freefunc)PyType_GetSlot(Py_TYPE(self), Py_tp_free);
    tp_free(self);
    Py_DECREF(tp);
}

static PyObject *ev_float_list(const double *v, int n) {
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (int q = 0; q < n; q++) {
        PyObject *f = PyFloat_FromDouble(v[q]);
        if (!f) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SetItem(l, q, f);
    }
    return l;
}

static PyObject *eval_leads(PyObject *self, PyObject *args) {
    Eval *ev = (Eval *)self;
    PyObject *places;
    unsigned long fresh;
    if (!PyArg_ParseTuple(args, "Ok", &places, &fresh)) return NULL;
    int p[MAXPEG];
    int np = read_ints(places, p, MAXPEG);
    if (np < 0) return NULL;
    if (np != ev->npeg) {
        PyErr_SetString(PyExc_ValueError, "pegs of another board");
        return NULL;
    }
    int8_t pos[MAXPEG];
    for (int q = 0; q < np; q++) {
        if (p[q] < -1 || p[q] >= ev->track + 4) {
            PyErr_SetString(PyExc_ValueError, "a peg off the board");
            return NULL;
        }
        pos[q] = (int8_t)p[q];
    }
    double leads[6];
    ev_leads(ev, pos, (uint32_t)fresh, leads);
    return ev_float_list(leads, ev->nteams);
}

static PyObject *eval_gains(PyObject *self, PyObject *args) {
    Eval *ev = (Eval *)self;
    PyObject *msobj;
    int team;
    if (!PyArg_ParseTuple(args, "Oi", &msobj, &team)) return NULL;
    if (Py_TYPE(msobj) != (PyTypeObject *)MoveSetType) {
        PyErr_SetString(PyExc_TypeError, "gains() wants the core's MoveSet");
        return NULL;
    }
    const MoveSet *ms = (const MoveSet *)msobj;
    if (ms->npeg != ev->npeg || ms->track != ev->track || team < 0 || team >= ev->nteams) {
        PyErr_SetString(PyExc_ValueError, "moves of another board");
        return NULL;
    }
    double leads[6];
    ev_leads(ev, ms->pos, ms->fresh, leads);
    double now = leads[team];
    PyObject *l = PyList_New(ms->ncodes);
    if (!l) return NULL;
    int8_t p[MAXPEG];
    for (int q = 0; q < ms->ncodes; q++) {
        uint32_t code = ms->codes[q];
        int kind = code >> 8 & 3;
        const int8_t *after = p;
        uint32_t fresh = ms->fresh;
        if (kind == KSPLIT) {
            const Seven *sv = &ms->sv[code >> 10 & 4095];
            after = sv->pos;
            fresh = sv->fresh;
        } else {
            memcpy(p, ms->pos, (size_t)ms->npeg);
            fresh = apply_body(p, fresh, kind, code >> 10 & 63, (int)(code >> 16 & 127) - 1, (int)(code >> 23 & 127) - 1);
        }
        ev_leads(ev, after, fresh, leads);
        PyObject *f = PyFloat_FromDouble(leads[team] - now - ev->keeps[code & 15]);
        if (!f) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SetItem(l, q, f);
    }
    return l;
}

static PyMethodDef eval_methods[] = {
    {"leads", eval_leads, METH_VARARGS, "leads(places, fresh) -> per team: its lead (DogEval.team_leads)."},
    {"gains", eval_gains, METH_VARARGS,
     "gains(move_set, team) -> per move: the team's gain (DogEval.play_gains of the codes)."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot eval_slots[] = {
    {Py_tp_new, (void *)eval_new},
    {Py_tp_dealloc, (void *)eval_dealloc},
    {Py_tp_methods, (void *)eval_methods},
    {Py_tp_doc, (void *)"The bots' Dog evaluation of one board (see dog_eval.DogEval)."},
    {0, NULL},
};

static PyType_Spec eval_spec = {
    "stammtisch.games.dog._core.Eval", sizeof(Eval), 0, Py_TPFLAGS_DEFAULT, eval_slots,
};
