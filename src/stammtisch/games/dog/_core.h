/* The compiled Dog core's internal header: limits, constants and the types every part
 * of the one translation unit _core.c shares (see there). Not a public interface. */
#ifndef STAMMTISCH_DOG_CORE_H
#define STAMMTISCH_DOG_CORE_H

#define Py_LIMITED_API 0x030B0000
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* What the Python side expects of this module (backend.py refuses an older build). */
#define CORE_API 6
#define MAXPEG 24
#define MAXTRACK 96
#define KMOVE 0
#define KSTART 1
#define KSWAP 2
#define KSPLIT 3
#define JOKER 13

/* uses: 0 start, 1..13 forward k, 14 backward 4, 15 seven, 16 jack */
#define U_START 0
#define U_BACK 14
#define U_SEVEN 15
#define U_JACK 16
#define NUSES 17

typedef struct {
    int8_t kind, a, b, c, canon;
    int16_t sv; /* index of the 7 in the sevens store */
} Body;

typedef struct {
    int8_t steps[28][3]; /* parts or single steps (peg, from, to) */
    int8_t nsteps;
    int8_t pos[MAXPEG];
    uint32_t fresh;
    int8_t hit;
} Seven;

#define MAXSEVEN 4096
#define MAXBODY 4096
#define MAXOUT 8192
#define SEVEN_REC (1 + 28 * 3 + MAXPEG + 4)

/* One position's move generation. The board (DOG-1, DOG-21, DOG-22): starts[s] is seat
 * s's start field; team[0 .. nteam-1] the mover's team, the mover first, then the
 * teammates in the direction of play (alone: the mover only); ctrl the seat whose pegs
 * are moved (DOG-19). movers: ctrl's pegs out of the kennel; movers7 the pegs a 7 may
 * move (with DOG-23 every team peg out of the kennel, else movers). */
typedef struct {
    int n, npeg, track, seat, ctrl;
    int starts[6];
    int team[3], nteam, partner7;
    int8_t pos[MAXPEG];
    int8_t occ[MAXTRACK];
    uint32_t fresh;
    int movers[4], nmovers;
    int movers7[12], nmovers7;
    int hm;
    int done[NUSES];
    int canonuse[NUSES];
    Body bodies[NUSES][MAXBODY];
    int nb[NUSES];
    int overflow;
} Gen;

/* Canonical key: each seat's places sorted, one fresh bit per seat. */
typedef struct {
    int8_t places[MAXPEG];
    uint32_t seats;
} Key;

/* One legal play found: its body, the card and the value the card is played as. */
typedef struct {
    const Body *bd;
    int card, value;
} Out;

/* ---------------------------------------------------------------- the table state
 *
 * Table: a whole Dog position (any table, DOG-21/22, DOG-23, DOG-25, DOG-26; not the thefts of
 * DOG-24) as integers (the pure engine's DogState field by field, see state.py): peg
 * places and fresh mask, hands as sorted ranks, draw pile (dealt from the end) and
 * discards in order, round, dealer, phase, seat to move, the exchange (given / known /
 * folded as seat bit masks, gave per seat), winner, the swap lock and the RNG state. copy() is a struct copy; play / give / fold apply one action, with the
 * advance to the next seat and the next round's deal, exactly as DogState does.
 * A deal that needs the discards shuffled in returns 1 and waits: the shuffle is the
 * pure engine's (Rng.shuffle, in Python; see coretable.py), then deal() goes on.
 */
#define NCARDS 110
#define MAXSEAT 6
#define MAXHAND 8
#define PH_EXCHANGE 0
#define PH_PLAY 1
#define PH_OVER 2

typedef struct {
    PyObject_HEAD
    int n, round, dealer;
    int nteams, team_size, partner7, track; /* the board (board.py) and DOG-23 */
    int no_reswap, no_joker_last;           /* DOG-25, DOG-26 */
    int lock_a, lock_b;                     /* DOG-25: the pegs of the last swap, -1: none */
    int phase, current, winner; /* current, winner: -1 for None */
    int8_t pos[MAXPEG];
    uint32_t fresh;
    uint8_t hands[MAXSEAT][MAXHAND];
    uint8_t hlen[MAXSEAT];
    uint8_t pile[NCARDS];
    uint8_t disc[NCARDS];
    int npile, ndisc;
    unsigned given, known, folded;
    int8_t gave[MAXSEAT];
    unsigned long long rng;
} Table;

/* The legal plays of one position (see _core_moves.c). */
typedef struct {
    PyObject_HEAD
    int npeg, track, ncodes, nsv;
    int8_t pos[MAXPEG];
    uint32_t fresh;
    uint32_t *codes;
    Seven *sv;
    PyObject *base; /* (places, fresh) as DogAction.base wants it; NULL until asked */
    uint32_t inl[16];
} MoveSet;

/* A slot of a bound Python class, read and written at its offset in the object: found
 * once by setting it through its member descriptor on a probe object and looking for
 * the value (see member_init). Only ever used on objects of that class or a subclass
 * (every caller checks the type first), so the offset holds. */
typedef struct {
    Py_ssize_t off;
} Member;

#define SETREF(dst, v)                      \
    do {                                    \
        PyObject *old_ = (PyObject *)(dst); \
        (dst) = (v);                        \
        Py_XDECREF(old_);                   \
    } while (0)

#define SLOT_AT(obj, off) (*(PyObject **)((char *)(obj) + (off)))

#endif
