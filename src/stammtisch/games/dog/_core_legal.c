/* The legal plays of a position: gen_moves over the hand's plans, and the module's
 * legal() and seven() that hand them to Python (see the top of _core.c).
 * Part of the one translation unit _core.c (see there). */
#include "_core.h"

static void gen_use(Gen *g, int use) {
    if (g->done[use]) return;
    g->done[use] = 1;
    g->nb[use] = 0;
    if (use == U_SEVEN ? !g->nmovers7 : !g->nmovers && use != U_START) return;
    if (use == U_START)
        gen_start(g);
    else if (use == U_SEVEN)
        gen_seven(g);
    else if (use == U_JACK)
        gen_swaps(g);
    else if (use == U_BACK)
        gen_backward(g);
    else
        gen_forward(g, use);
    if (use < 1 || use > 13) /* forward counts mark canon as they go */
        for (int q = 0; q < g->nb[use]; q++)
            if (g->bodies[use][q].canon) {
                g->canonuse[use] = 1;
                break;
            }
}

/* ---------------------------------------------------------------- output */
static Out out[MAXOUT];
static Key seenk[MAXOUT];

static PyObject *steps_list(const Seven *sv) {
    PyObject *l = PyList_New(sv->nsteps);
    if (!l) return NULL;
    for (int q = 0; q < sv->nsteps; q++) {
        PyObject *t = Py_BuildValue("(iii)", sv->steps[q][0], sv->steps[q][1], sv->steps[q][2]);
        if (!t) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SetItem(l, q, t);
    }
    return l;
}

static PyObject *pos_tuple(const int8_t *p, int npeg) {
    PyObject *t = PyTuple_New(npeg);
    if (!t) return NULL;
    for (int q = 0; q < npeg; q++) PyTuple_SetItem(t, q, PyLong_FromLong(p[q]));
    return t;
}

static int read_ints(PyObject *seq, int *dst, int maxn) {
    PyObject *fast = PySequence_Tuple(seq);
    if (!fast) return -1;
    Py_ssize_t len = PyTuple_Size(fast);
    if (len > maxn) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "too many values");
        return -1;
    }
    for (Py_ssize_t q = 0; q < len; q++) {
        long v = PyLong_AsLong(PyTuple_GetItem(fast, q));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        dst[q] = (int)v;
    }
    Py_DECREF(fast);
    return (int)len;
}

static int gen_moves(const int *posi, int np, uint32_t fresh, int seat, int players, int team_size, int partner7,
                     const int *ranks, int nr);
static PyObject *legal_output(int nout);

/* The plays of a position given as legal()'s and moves()'s arguments (pos, fresh, seat,
 * players, ranks, team_size, partner7): gen_moves on them; its result, or -1 with a Python
 * error set. */
static int gen_args(PyObject *pos_o, unsigned long fresh, int seat, int players, PyObject *ranks_o, int team_size,
                    int partner7) {
    if (players < 2 || players > MAXSEAT) {
        PyErr_SetString(PyExc_ValueError, "the compiled core plays 2 to 6 players");
        return -1;
    }
    int posi[MAXPEG], ranks[16];
    int np = read_ints(pos_o, posi, MAXPEG);
    if (np < 0) return -1;
    int nr = read_ints(ranks_o, ranks, 16);
    if (nr < 0) return -1;
    return gen_moves(posi, np, (uint32_t)fresh, seat, players, team_size, partner7, ranks, nr);
}

static PyObject *legal(PyObject *self, PyObject *args) {
    PyObject *pos_o, *ranks_o;
    unsigned long fresh;
    int seat, players, team_size = 0, partner7 = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "OkiiO|ip", &pos_o, &fresh, &seat, &players, &ranks_o, &team_size, &partner7))
        return NULL;
    int nout = gen_args(pos_o, fresh, seat, players, ranks_o, team_size, partner7);
    if (nout == -1) return NULL;
    if (nout == -2) Py_RETURN_NONE;
    return legal_output(nout);
}

/* The legal plays of a position (see legal()); posi: np peg places. Fills out[] and
 * sevens[]; returns their number, -1 with a Python error set, -2 when a buffer overflowed. */
static Gen gen;
static int gen_moves(const int *posi, int np, uint32_t fresh, int seat, int players, int team_size, int partner7,
                     const int *ranks, int nr) {
    Gen *g = &gen;
    /* the board (board.py): 16 fields a seat, the 64-field board for two (DOG-21) */
    if (!team_size) team_size = players == 4 || players == 6 ? 2 : 1;
    if (team_size < 1 || team_size > 3 || players % team_size || (team_size > 1 && players < 4)) {
        PyErr_SetString(PyExc_ValueError, "bad team size");
        return -1;
    }
    g->n = players;
    g->npeg = 4 * players;
    g->track = players == 2 ? 64 : 16 * players;
    for (int q = 0; q < players; q++) g->starts[q] = players == 2 ? 32 * q : 16 * q;
    if (np != g->npeg || seat < 0 || seat >= players) {
        PyErr_SetString(PyExc_ValueError, "bad position");
        return -1;
    }
    g->seat = seat;
    /* the team: the mover, then the teammates in the direction of play (DOG-22) */
    int nteams = players / team_size;
    g->nteam = team_size;
    for (int t = 0; t < team_size; t++) g->team[t] = (seat + t * nteams) % players;
    g->partner7 = partner7 && team_size > 1;
    g->fresh = fresh;
    g->overflow = 0;
    memset(g->occ, -1, sizeof(g->occ));
    for (int q = 0; q < g->npeg; q++) {
        int x = posi[q];
        if (x < -1 || x >= g->track + 4) {
            PyErr_SetString(PyExc_ValueError, "peg off the board");
            return -1;
        }
        g->pos[q] = (int8_t)x;
        if (x >= 0 && x < g->track) g->occ[x] = (int8_t)q;
    }
    for (int q = 0; q < nr; q++)
        if (ranks[q] < 0 || ranks[q] > JOKER) {
            PyErr_SetString(PyExc_ValueError, "bad rank");
            return -1;
        }
    /* the seat whose pegs move: the own, or once all of them are home the next teammate's
     * with a peg outside (DOG-19, DOG-22; the last teammate's if none) */
    int track = g->track, c = 4 * seat;
    for (int t = 1; t < g->nteam; t++) {
        if (g->pos[c] < track || g->pos[c + 1] < track || g->pos[c + 2] < track || g->pos[c + 3] < track) break;
        c = 4 * g->team[t];
    }
    g->ctrl = c >> 2;
    g->nmovers = 0;
    g->hm = 0;
    for (int i = c; i < c + 4; i++) {
        int x = g->pos[i];
        if (x >= 0) {
            g->movers[g->nmovers++] = i;
            if (x >= track) g->hm |= 1 << (x - track);
        }
    }
    g->nmovers7 = 0;
    if (g->partner7) {
        for (int t = 0; t < g->nteam; t++)
            for (int i = 4 * g->team[t]; i < 4 * g->team[t] + 4; i++)
                if (g->pos[i] >= 0) g->movers7[g->nmovers7++] = i;
    } else {
        memcpy(g->movers7, g->movers, sizeof(g->movers));
        g->nmovers7 = g->nmovers;
    }
    memset(g->done, 0, sizeof(g->done));
    memset(g->canonuse, 0, sizeof(g->canonuse));
    nsevens = 0;

    int nout = 0;
    if (!g->nmovers7) {
        for (int r = 0; r < nr; r++) {
            int card = ranks[r];
            if (card != 0 && card != 12 && card != JOKER) continue;
            gen_use(g, U_START);
            for (int q = 0; q < g->nb[U_START]; q++) {
                out[nout].bd = &g->bodies[U_START][q];
                out[nout].card = card;
                out[nout].value = card;
                nout++;
            }
        }
    } else {
        for (int r = 0; r < nr; r++) {
            int card = ranks[r];
            int nseen = 0;
            Key *seen = &seenk[nout];
            (void)seen;
            int seen_base = nout; /* keys of this card go to seenk[seen_base ...] */
            for (int pl = 0; pl < nplans[card]; pl++) {
                int use = plans[card][pl].use;
                gen_use(g, use);
                if (g->overflow) return -2;
                for (int q = 0; q < g->nb[use]; q++) {
                    const Body *bd = &g->bodies[use][q];
                    if (g->canonuse[use] && bd->canon) {
                        Key k;
                        body_key(g, bd, &k);
                        int dup = 0;
                        for (int t = 0; t < nseen; t++)
                            if (!memcmp(&seenk[seen_base + t], &k, sizeof(k))) {
                                dup = 1;
                                break;
                            }
                        if (dup) continue;
                        if (seen_base + nseen >= MAXOUT) return -2;
                        seenk[seen_base + nseen++] = k;
                    }
                    if (nout >= MAXOUT) return -2;
                    out[nout].bd = bd;
                    out[nout].card = card;
                    out[nout].value = plans[card][pl].value;
                    nout++;
                }
            }
        }
        /* _joker_once: exactly one peg of the team outside its Himmel */
        if (nr && ranks[nr - 1] == JOKER) {
            int outside = 0;
            for (int t = 0; t < g->nteam; t++)
                for (int i = 4 * g->team[t]; i < 4 * g->team[t] + 4; i++)
                    if (g->pos[i] < track) outside++;
            if (outside == 1) {
                int w = 0, nk = 0;
                for (int q = 0; q < nout; q++) {
                    if (out[q].card == JOKER) {
                        Key k;
                        body_key(g, out[q].bd, &k);
                        int dup = 0;
                        for (int t = 0; t < nk; t++)
                            if (!memcmp(&seenk[t], &k, sizeof(k))) {
                                dup = 1;
                                break;
                            }
                        if (dup) continue;
                        seenk[nk++] = k;
                    }
                    out[w++] = out[q];
                }
                nout = w;
            }
        }
    }

    return nout;
}

/* DOG-25 and DOG-26 on the nout plays in out[] (house_rules.filter_plays): no swap of the
 * two pegs of the last swap (lock_a, lock_b; -1: none), and with no_joker_last no Joker
 * play after which the whole team is in its Himmel. Returns the plays kept. */
static int house_filter(Gen *g, int nout, int lock_a, int lock_b, int no_joker_last) {
    int w = 0;
    for (int q = 0; q < nout; q++) {
        const Body *bd = out[q].bd;
        if (lock_a >= 0 && bd->kind == KSWAP &&
            ((bd->a == lock_a && bd->c == lock_b) || (bd->a == lock_b && bd->c == lock_a)))
            continue;
        if (no_joker_last && out[q].card == JOKER) {
            int8_t p[MAXPEG];
            const int8_t *res = p;
            if (bd->kind == KSPLIT)
                res = sevens[bd->sv].pos;
            else
                body_after(g, bd, p);
            int home = 1;
            for (int t = 0; t < g->nteam && home; t++)
                for (int i = 4 * g->team[t]; i < 4 * g->team[t] + 4; i++)
                    if (res[i] < g->track) {
                        home = 0;
                        break;
                    }
            if (home) continue;
        }
        out[w++] = out[q];
    }
    return w;
}

/* (codes, sevens) for legal(): see the top of the file. */
static PyObject *legal_output(int nout) {
    /* The 7s, packed for seven(): per 7 a record of SEVEN_REC bytes. */
    int nsv = 0;
    for (int q = 0; q < nout; q++)
        if (out[q].bd->kind == KSPLIT) nsv++;
    PyObject *codes = PyList_New(nout);
    if (!codes) return NULL;
    PyObject *packed = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)nsv * SEVEN_REC);
    if (!packed) {
        Py_DECREF(codes);
        return NULL;
    }
    char *buf = PyBytes_AsString(packed);
    int k7 = 0;
    for (int q = 0; q < nout; q++) {
        const Body *bd = out[q].bd;
        long a = bd->a, b = bd->b, cc = bd->c;
        if (bd->kind == KSPLIT) {
            const Seven *sv = &sevens[bd->sv];
            char *r = buf + (size_t)k7 * SEVEN_REC;
            memset(r, 0, SEVEN_REC);
            r[0] = sv->nsteps;
            memcpy(r + 1, sv->steps, (size_t)sv->nsteps * 3);
            memcpy(r + 1 + 28 * 3, sv->pos, MAXPEG);
            memcpy(r + 1 + 28 * 3 + MAXPEG, &sv->fresh, 4);
            a = k7++;
            b = -1;
            cc = -1;
        }
        long code = (long)out[q].card | (long)out[q].value << 4 | (long)bd->kind << 8 | a << 10 |
                    (b + 1) << 16 | (cc + 1) << 23 | (long)(bd->canon ? 1 : 0) << 30;
        PyObject *co = PyLong_FromLong(code);
        if (!co) {
            Py_DECREF(codes);
            Py_DECREF(packed);
            return NULL;
        }
        PyList_SetItem(codes, q, co);
    }
    return Py_BuildValue("(NN)", codes, packed);
}

/* seven(packed, index, npeg, canon) -> the 7's body tuple (see actions.py). */
static PyObject *seven(PyObject *self, PyObject *args) {
    const char *buf;
    Py_ssize_t len;
    int idx, npeg, canon;
    PyObject *packed;
    (void)self;
    if (!PyArg_ParseTuple(args, "Siip", &packed, &idx, &npeg, &canon)) return NULL;
    buf = PyBytes_AsString(packed);
    len = PyBytes_Size(packed);
    if (!buf || idx < 0 || (Py_ssize_t)(idx + 1) * SEVEN_REC > len || npeg < 0 || npeg > MAXPEG) {
        PyErr_SetString(PyExc_ValueError, "no such 7");
        return NULL;
    }
    const char *r = buf + (size_t)idx * SEVEN_REC;
    Seven sv;
    sv.nsteps = r[0];
    memcpy(sv.steps, r + 1, (size_t)sv.nsteps * 3);
    memcpy(sv.pos, r + 1 + 28 * 3, MAXPEG);
    memcpy(&sv.fresh, r + 1 + 28 * 3 + MAXPEG, 4);
    PyObject *steps = steps_list(&sv);
    if (!steps) return NULL;
    PyObject *pt = pos_tuple(sv.pos, npeg);
    if (!pt) {
        Py_DECREF(steps);
        return NULL;
    }
    return Py_BuildValue("(iN(NI)iO)", KSPLIT, steps, pt, (unsigned int)sv.fresh, 0, canon ? Py_True : Py_False);
}
