"""Dog's codec straight from the state: observations and token sequences without text.

:func:`encode_state` writes what ``Codec.encode(state.observe(seat))`` writes, reading only
the fields that seat's view is made of, and for a state on the compiled core reading the
table's fields (``export()``) so the state stays on the core. :func:`legal_tokens` gives
the token sequences of the legal actions from their move codes (or, for the pure engine's
actions, their bodies) without building their notation. The view and the notation stay
the reference: ``tests/rl`` checks that both paths agree bit for bit.

The token and observation layout constants live here so that both modules share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from stammtisch.games.dog.actions import FOLD as FOLD_KIND
from stammtisch.games.dog.actions import GIVE, MOVE, PLAY, SPLIT, SWAP, DogAction, parse_action
from stammtisch.games.dog.actions import START as START_KIND
from stammtisch.games.dog.actions import STEAL as THEFT
from stammtisch.games.dog.cards import COPIES, JOKER, NUM_CARDS, NUM_RANKS, RANK_TEXT, SEVEN
from stammtisch.games.dog.coded import CodedAction, CodedActions
from stammtisch.games.dog.coretable import PHASES
from stammtisch.games.dog.moves import controlled_seat
from stammtisch.games.dog.rounds import EXCHANGE, HAND_SIZES, PLAYING
from stammtisch.games.dog.state import DogState

if TYPE_CHECKING:
    from stammtisch.games.dog.codec import Codec

MAX_SEATS = 6
TRACK = 96
FOLD, GIVE0, CARD0, VALUE0, START, PEG0, FIELD0, END = 0, 1, 15, 29, 42, 43, 67, 167
HIMMEL0 = FIELD0 + TRACK
STEAL, VICTIM0 = 168, 169  # DOG-24: ``card [value] steal victim`` (victim: relative seat)
HOUSE_RULES = ("seven_with_partner", "two_steals", "no_jack_reswap", "last_peg_no_joker")

_RANK = {t: r for r, t in enumerate(RANK_TEXT)}


# --- token sequences ----------------------------------------------------------------------
def legal_tokens(codec: Codec, legal: Sequence[DogAction], seat: int) -> list[tuple[int, ...]]:
    """``[codec.tokens(a, seat) for a in legal]`` without building any notation: a play
    from the core by its move code (no action is made), a pure engine's play by its body."""
    if isinstance(legal, CodedActions):
        ms = legal._ms
        out: list[tuple[int, ...]] = []
        items: Any = list.__iter__(legal)  # move codes, or the actions made so far
        for item in items:
            if type(item) is int:
                out.append(_code_tokens(codec, item, ms, seat))
            elif type(item) is CodedAction:
                out.append(_code_tokens(codec, item._code, ms, seat))
            else:
                out.append(_action_tokens(codec, item, seat))
        return out
    return [_action_tokens(codec, a, seat) for a in legal]


def _code_tokens(codec: Codec, code: int, ms: Any, seat: int) -> tuple[int, ...]:
    """A core play's tokens from its move code (fields: see ``_core.c`` and
    :func:`~.coded.code_body`)."""
    card = code & 15
    kind = code >> 8 & 3
    if kind == SPLIT:
        body: tuple[Any, ...] = ms.body(code)
    else:
        body = (kind, code >> 10 & 63, (code >> 16 & 127) - 1, (code >> 23 & 127) - 1)
    return _body_tokens(codec, card, code >> 4 & 15, body, seat)


def _action_tokens(codec: Codec, action: DogAction, seat: int) -> tuple[int, ...]:
    kind = action.kind
    if kind == FOLD_KIND:
        return (FOLD,)
    if kind == GIVE:
        return (GIVE0 + action.card,)
    body = action.body
    if kind != PLAY or body is None:  # a theft, or an action made from text
        return codec.tokens(action, seat)
    head = action.head
    value = _RANK[head[3:]] if head.startswith("Jo=") else action.card
    return _body_tokens(codec, action.card, value, body, seat)


def _body_tokens(codec: Codec, card: int, value: int, body: tuple[Any, ...], seat: int) -> tuple[int, ...]:
    kind = body[0]
    if kind == START_KIND:
        return (CARD0 + card, START)
    out = [CARD0 + card]
    effective = card
    if card == JOKER:
        out.append(VALUE0 + value)
        effective = value
    pegs = codec.pegs
    if kind == SWAP:
        out += (PEG0 + (body[1] - 4 * seat) % pegs, PEG0 + (body[3] - 4 * seat) % pegs)
        return tuple(out)
    track = codec.track
    start = codec.board.start(seat)
    if kind == MOVE:
        parts = [(body[1], body[2])]
    else:  # a 7's single steps: consecutive steps of one peg are one part
        parts = []
        for peg, _, to in body[1]:
            if parts and parts[-1][0] == peg:
                parts[-1] = (peg, to)
            else:
                parts.append((peg, to))
    for peg, to in parts:
        out.append(PEG0 + (peg - 4 * seat) % pegs)
        out.append(HIMMEL0 + to - track if to >= track else FIELD0 + (to - start) % track)
    if effective == SEVEN:
        out.append(END)
    return tuple(out)


# --- observation --------------------------------------------------------------------------
def _fields(state: DogState) -> tuple[Any, ...]:
    """The fields a view is made of, from the compiled table when the state has one
    (without making the state pure) or else from the pure state."""
    c = getattr(state, "_c", None)
    if c is not None:
        (
            pos,
            fresh,
            hands,
            pile,
            discards,
            rnd,
            dealer,
            phase,
            cur,
            given,
            gave,
            known,
            folded,
            _,
            _,
            lock,
        ) = c.export()
        cur = None if cur < 0 else cur
        return (
            pos,
            fresh,
            hands,
            len(pile),
            discards,
            rnd,
            dealer,
            PHASES[phase],
            cur,
            given,
            gave,
            known,
            folded,
            lock,
        )
    return (
        state.pos,
        state.fresh,
        state.hands,
        len(state.pile),
        state.discards,
        state.round,
        state.dealer,
        state.phase,
        state.current,
        state.given,
        state.gave,
        state.gave_known,
        state.folded,
        state.swap_lock,
    )


def encode_state(codec: Codec, state: DogState, seat: int, out: Any) -> None:
    """What ``codec.encode(state.observe(seat), out)`` writes, from the state itself.

    The units that are 1 are gathered and written in one go, the card counts per rank as
    arrays, the few other fractions one by one: the same float64 quotients as the view
    path, rounded to float32 alike."""
    (pos, fresh, hands, deck, discards, rnd, dealer, phase, cur, given, gave, known, folded, lock) = _fields(
        state
    )
    o = codec._off
    n = codec.players
    me = seat
    out[:] = 0.0
    ones: list[int] = []
    _cards(o, out, hands[me], discards)
    _exchange(codec, ones, me, given, gave, known)
    _pegs(codec, ones, out, me, pos, fresh)
    options = codec.game.options
    for k, rule in enumerate(HOUSE_RULES):
        if options.get(rule):
            ones.append(o["rules"] + k)
    if lock is not None and codec.game.no_jack_reswap:
        for peg in lock:
            ones.append(o["swap_lock"] + (peg - 4 * me) % codec.pegs)
    team = codec.seat_teams
    mine = team[me]
    sizes, seats, teams, folds, gives = o["hand_sizes"], o["seats"], o["team"], o["folded"], o["given"]
    for s in range(n):
        r = (s - me) % n
        out[sizes + r] = len(hands[s]) / 6
        ones.append(seats + r)
        if team[s] == mine:
            ones.append(teams + r)
        if folded[s]:
            ones.append(folds + r)
        if given[s]:
            ones.append(gives + r)
    out[o["deck_size"]] = deck / NUM_CARDS
    out[o["round_hand"]] = HAND_SIZES[rnd % len(HAND_SIZES)] / 6
    if phase == EXCHANGE:
        ones.append(o["phase"])
    elif phase == PLAYING:
        ones.append(o["phase"] + 1)
    if cur is not None:
        ones.append(o["to_move"] + (cur - me) % n)
        ones.append(o["moves_for"] + (controlled_seat(pos, cur, codec.board) - me) % n)
    ones.append(o["dealer"] + (dealer - me) % n)
    ones.append(o["starter"] + ((dealer + 1 + rnd) % n - me) % n)
    _last(codec, ones, state._last, me)
    out[np.fromiter(ones, np.intp, len(ones))] = 1.0


_COPIES = np.asarray(COPIES, dtype=np.int64)


def _cards(o: dict[str, int], out: Any, hand: Any, discarded: Any) -> None:
    counts = np.bincount(np.asarray(hand, dtype=np.intp), minlength=NUM_RANKS)
    discards = np.bincount(np.asarray(discarded, dtype=np.intp), minlength=NUM_RANKS)
    h, d, u = o["hand"], o["discards"], o["unseen"]
    out[h : h + NUM_RANKS] = counts / 6
    out[d : d + NUM_RANKS] = discards / _COPIES
    out[u : u + NUM_RANKS] = (_COPIES - discards - counts) / _COPIES


def _exchange(codec: Codec, ones: list[int], me: int, given: Any, gave: Any, known: Any) -> None:
    o = codec._off
    board = codec.board
    if given[me] and gave[me] >= 0:
        ones.append(o["gave"] + gave[me])
    delivered = given[me] and all(given[t] for t in board.teammates(me))
    got = gave[board.giver(me)] if delivered and not board.alone else -1
    if got >= 0:
        ones.append(o["received"] + got)
    if known[me]:
        ones.append(o["gave_known"])


def _pegs(codec: Codec, ones: list[int], out: Any, me: int, pos: Any, fresh: int) -> None:
    o = codec._off
    n = codec.players
    track = codec.track
    board = codec.board
    starts = board.starts
    seat_team = codec.seat_teams
    origin = starts[me]
    kennels, fields, homes, fresh0, teams = o["kennel"], o["track"], o["himmel"], o["fresh"], o["himmel_team"]
    himmel = [0] * board.num_teams
    for s in range(n):
        r = (s - me) % n
        kennel = 0
        row = fields + TRACK * r
        for i in range(4 * s, 4 * s + 4):
            place = pos[i]
            if place < 0:
                kennel += 1
            elif place >= track:
                ones.append(homes + 4 * r + place - track)
                himmel[seat_team[s]] += 1
            elif fresh >> i & 1:
                ones.append(fresh0 + r)
                ones.append(row + (starts[s] - origin) % track)
            else:
                ones.append(row + (place - origin) % track)
        out[kennels + r] = kennel / 4
    full = 4 * board.team_size
    for s in range(n):
        out[teams + (s - me) % n] = float(himmel[seat_team[s]]) / full


def _last(codec: Codec, ones: list[int], last: Any, me: int) -> None:
    if last is None:
        return
    o = codec._off
    seat, action = last
    ones.append(o["last_seat"] + (seat - me) % codec.players)
    if isinstance(action, str):
        action = None if action == "fold" or action.startswith("give") else parse_action(action, codec.board)
    elif action.kind not in (PLAY, THEFT):
        action = None
    if action is not None:
        ones.append(o["last_card"] + action.card)
