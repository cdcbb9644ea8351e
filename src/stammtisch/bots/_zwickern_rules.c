/* The rules of a round (ZW-3 ... ZW-8): a port of games/zwickern/state.py. Part of _zwickern.c. */
/* ---------------------------------------------------------------- the position */
typedef struct {
    int n, dealer, current; /* current -1: the round is over */
    int forced;
    signed char hands[MAXP][HAND];
    int hsize[MAXP];
    signed char table[TABLE_MAX];
    int tsize;
    signed char deck[NCARDS]; /* the next card dealt is the last one */
    int dsize;
    int cap_points[MAXP], cap_count[MAXP];
    int cap_rank[8], cap_jokers; /* captured cards of each rank, all seats together */
    int last_capturer;           /* -1: nobody yet */
    int lacks[MAXP];
} Pos;

/* Legal cards in ascending order (ZW-5), as state.py's _generate. */
static int legal_cards(const Pos *p, int out[HAND]) {
    int seat = p->current, k = 0;
    int present[NCARDS - 1];
    memset(present, 0, sizeof present);
    for (int i = 0; i < p->hsize[seat]; i++) present[(int)p->hands[seat][i]] = 1;
    if (p->tsize && p->forced) {
        int ranks = 0;
        for (int i = 0; i < p->tsize; i++)
            if (p->table[i] != JOKER) ranks |= 1 << (p->table[i] >> 2);
        int matching = 0;
        for (int c = 0; c < JOKER; c++)
            if (present[c] && (ranks >> (c >> 2) & 1)) matching = 1;
        if (matching) {
            for (int c = 0; c < JOKER; c++)
                if (present[c] && (ranks >> (c >> 2) & 1)) out[k++] = c;
            if (present[JOKER]) out[k++] = JOKER;
            return k;
        }
    }
    for (int c = 0; c <= JOKER; c++)
        if (present[c]) out[k++] = c;
    return k;
}

static void capture(Pos *p, int seat, int card) {
    p->cap_points[seat] += POINTS(card);
    p->cap_count[seat] += 1;
    if (card == JOKER)
        p->cap_jokers++;
    else
        p->cap_rank[card >> 2]++;
}

/* Play ``card`` for the seat to move (ZW-3, ZW-4), then move on (ZW-6, ZW-7). */
static void apply_card(Pos *p, int card) {
    int seat = p->current;
    signed char *hand = p->hands[seat];
    for (int i = 0; i < p->hsize[seat]; i++)
        if (hand[i] == card) {
            hand[i] = hand[--p->hsize[seat]];
            break;
        }
    int took = 0;
    if (card == JOKER) {
        if (p->tsize) {
            for (int i = 0; i < p->tsize; i++) capture(p, seat, p->table[i]);
            p->tsize = 0;
            took = 1;
        }
    } else {
        int r = card >> 2, k = 0;
        for (int i = 0; i < p->tsize; i++) {
            int c = p->table[i];
            if (c != JOKER && (c >> 2) == r) {
                capture(p, seat, c);
                took = 1;
            } else
                p->table[k++] = (signed char)c;
        }
        p->tsize = k;
    }
    if (took) {
        capture(p, seat, card);
        p->last_capturer = seat;
    } else {
        if (card != JOKER && p->forced) {
            int mask = 0;
            for (int i = 0; i < p->tsize; i++)
                if (p->table[i] != JOKER) mask |= 1 << (p->table[i] >> 2);
            p->lacks[seat] |= mask;
        }
        p->table[p->tsize++] = (signed char)card;
    }
    int n = p->n;
    for (int k = 1; k <= n; k++) {
        int nxt = (seat + k) % n;
        if (p->hsize[nxt]) {
            p->current = nxt;
            return;
        }
    }
    if (p->dsize) { /* ZW-6 */
        for (int i = 0; i < n; i++) p->lacks[i] = 0;
        for (int round = 0; round < HAND && p->dsize; round++)
            for (int k = 1; k <= n && p->dsize; k++) {
                int s = (p->dealer + k) % n;
                p->hands[s][p->hsize[s]++] = p->deck[--p->dsize];
            }
        for (int k = 1; k <= n; k++) {
            int nxt = (seat + k) % n;
            if (p->hsize[nxt]) {
                p->current = nxt;
                return;
            }
        }
    }
    /* ZW-7: the table goes to the last capturer. */
    if (p->tsize && p->last_capturer >= 0) {
        for (int i = 0; i < p->tsize; i++) capture(p, p->last_capturer, p->table[i]);
        p->tsize = 0;
    }
    p->current = -1;
}

/* ZW-8: card points plus the bonus for strictly the most cards. */
static void round_points(const Pos *p, double out[MAXP]) {
    int best = 0, count = 0, who = -1;
    for (int i = 0; i < p->n; i++) {
        out[i] = p->cap_points[i];
        if (p->cap_count[i] > best) {
            best = p->cap_count[i];
            count = 1;
            who = i;
        } else if (p->cap_count[i] == best)
            count++;
    }
    if (best > 0 && count == 1) out[who] += MOST_CARDS_BONUS;
}
