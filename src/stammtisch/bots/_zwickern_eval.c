/* The heuristic and the values where a rollout stops: a port of bots/heuristics/zwickern.py.
 * Part of _zwickern.c. */
/* ---------------------------------------------------------------- the heuristic */
static double chance_any(int k, int hidden_total, int holding) {
    if (k <= 0 || holding <= 0 || hidden_total <= 0) return 0.0;
    double p_none = 1.0;
    int m = holding < hidden_total ? holding : hidden_total;
    for (int i = 0; i < m; i++) {
        double f = (double)(hidden_total - k - i) / (double)(hidden_total - i);
        p_none *= f > 0.0 ? f : 0.0;
    }
    return 1.0 - p_none;
}

/* ZwickernHeuristic._values for the seat to move, one value per card of ``cards``. */
static void heuristic_values(const Pos *p, int seat, const int *cards, int k, double *out) {
    int rank_seen[8], jokers_seen = p->cap_jokers;
    memcpy(rank_seen, p->cap_rank, sizeof rank_seen);
    const signed char *hand = p->hands[seat];
    int hsize = p->hsize[seat];
    for (int i = 0; i < hsize; i++) {
        if (hand[i] == JOKER)
            jokers_seen++;
        else
            rank_seen[hand[i] >> 2]++;
    }
    int table_points = 0;
    for (int i = 0; i < p->tsize; i++) {
        if (p->table[i] == JOKER)
            jokers_seen++;
        else
            rank_seen[p->table[i] >> 2]++;
        table_points += POINTS(p->table[i]);
    }
    int others_hold = 0;
    for (int i = 0; i < p->n; i++)
        if (i != seat) others_hold += p->hsize[i];
    int hidden = others_hold + p->dsize;
    int unseen_jokers = 2 - jokers_seen;
    int endgame = p->dsize == 0;
    double to_come = (double)(p->dsize + hsize - 1) / ROUND_CARDS;
    if (to_come > 1.0) to_come = 1.0;
    double p_joker_out = chance_any(unseen_jokers, hidden, others_hold);
    double p_keep_sweep = endgame ? pow(0.75, others_hold) : 0.0;
    for (int a = 0; a < k; a++) {
        int card = cards[a];
        if (card == JOKER) {
            if (!p->tsize) {
                out[a] = -JOKER_KEEP - 2.0;
                continue;
            }
            int only_jokers = 1;
            for (int i = 0; i < hsize; i++)
                if (hand[i] != JOKER) only_jokers = 0;
            double keep = only_jokers ? 0.0 : JOKER_KEEP * to_come;
            double gain = table_points + CARD_WEIGHT * (p->tsize + 1);
            out[a] = gain - keep;
            continue;
        }
        int r = card >> 2, taken = 0, taken_points = 0;
        for (int i = 0; i < p->tsize; i++) {
            int c = p->table[i];
            if (c != JOKER && (c >> 2) == r) {
                taken++;
                taken_points += POINTS(c);
            }
        }
        if (taken) {
            double gain = (double)(taken_points + POINTS(card));
            gain += CARD_WEIGHT * (taken + 1);
            int left = table_points - taken_points;
            gain += left * p_keep_sweep;
            out[a] = gain;
            continue;
        }
        int unseen_rank = 4 - rank_seen[r];
        int lacking = 0;
        for (int o = 0; o < p->n; o++)
            if (o != seat && (p->lacks[o] >> r & 1)) lacking += p->hsize[o];
        double p_rank = chance_any(unseen_rank, hidden - lacking, others_hold - lacking);
        double exposure = POINTS(card) + CARD_WEIGHT;
        double risk = p_rank > p_joker_out ? p_rank : p_joker_out;
        double value = -exposure * risk;
        int same = 0, same_rank = 0;
        for (int i = 0; i < hsize; i++) {
            if (hand[i] == card) same++;
            if (hand[i] != JOKER && (hand[i] >> 2) == r) same_rank++;
        }
        if (same == 1 && same_rank > 1) value += 0.4 * (exposure + CARD_WEIGHT) * (1.0 - p_rank);
        if (endgame) value += p->last_capturer == seat ? POINTS(card) * 0.5 : 0.0;
        out[a] = value - 0.01 * POINTS(card);
    }
}

/* ---------------------------------------------------------------- match values */
typedef struct {
    int n, seat;
    double match_points[MAXP];
    int round, rounds, rounds_done, extra;
    double score_weight, score_scale;
} Match;

static void lead_values(const double *s, int n, double scale, double *out) {
    for (int i = 0; i < n; i++) {
        double best = -INFINITY;
        for (int j = 0; j < n; j++)
            if (j != i && s[j] > best) best = s[j];
        out[i] = 1.0 / (1.0 + exp(-(s[i] - best) / scale));
    }
}

/* The values of a position where the rollout stops (ZwickernHeuristic.evaluate_state,
 * or terminal_value when the round just ended was the match's last); ``points``: the
 * searching seat's match points there. */
static double stop_values(const Pos *p, const Match *m, double *out) {
    int n = m->n;
    double s[MAXP];
    if (p->current >= 0) { /* cut inside the round: match points plus card points so far */
        for (int i = 0; i < n; i++) s[i] = m->match_points[i] + p->cap_points[i];
        lead_values(s, n, ROUND_SD * sqrt((double)(m->rounds - m->round > 1 ? m->rounds - m->round : 1)), out);
        return s[m->seat];
    }
    double pts[MAXP];
    round_points(p, pts);
    double top = -INFINITY;
    for (int i = 0; i < n; i++) {
        s[i] = m->match_points[i] + pts[i];
        if (s[i] > top) top = s[i];
    }
    int tied = 0;
    for (int i = 0; i < n; i++) tied += s[i] == top;
    int over = m->rounds_done + 1 >= m->rounds && !(m->extra && tied > 1);
    if (!over) {
        int left = m->rounds - (m->round + 1);
        lead_values(s, n, ROUND_SD * sqrt((double)(left > 1 ? left : 1)), out);
        return s[m->seat];
    }
    double lead[MAXP];
    double w = m->score_weight;
    if (w > 0.0) lead_values(s, n, m->score_scale, lead);
    for (int i = 0; i < n; i++) {
        double share = s[i] == top ? 1.0 / tied : 0.0;
        out[i] = w > 0.0 ? (1.0 - w) * share + w * lead[i] : share;
    }
    return s[m->seat];
}
