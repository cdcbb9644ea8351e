"""Himmel's fixed integer actions and observation tensor, for learning code.

Actions: one token per turn, ``num_actions == 357``.

Observation: floats in ``[0, 1]`` from one seat's view. Seats are *relative*: slot 0 is the
observing seat, slot 1 the next seat clockwise, and so on up to 6 slots; unused slots are 0.
A *card set* is 73 units: number cards 1..70 (unit c - 1), then the count of direction
change, steal and raise cards divided by their copies in the pack (6, 5, 4). Facts the
seat knows about hidden cards (e.g. the card a thief took from it) appear in ``known_*``
when they name a single place; wider facts and ``known_by`` are not encoded.

The tables of tokens and observation indices (index, size, meaning) are in the docstring of
:mod:`stammtisch.rl.himmel`, the environments' documentation; a test keeps them in step with
``Codec.observation_fields``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any

import numpy as np

from stammtisch.games.himmel.actions import Action, Play, Raise, Steal, Take, Turn
from stammtisch.games.himmel.cards import (
    NUM_CARDS,
    NUM_NUMBERS,
    RAISE,
    SPECIAL_COPIES,
    STEAL,
    TURN,
    card_text,
)
from stammtisch.games.himmel.game import HimmelGame
from stammtisch.games.himmel.knowledge import DECK
from stammtisch.games.himmel.state import HimmelState

SPECIALS = (TURN, STEAL, RAISE)
MAX_SEATS = 6
SET = NUM_NUMBERS + 3
CARDS_PER_GAME = NUM_CARDS

PLAY0, TURN_T, STEAL0, RAISE0, TAKE0, TAKE_BARE = 0, 140, 140, 146, 285, 356

FIELDS: tuple[tuple[str, int, str], ...] = (
    ("hand", SET, "own hand (card set)"),
    ("target_a", NUM_NUMBERS, "pile A: current target (one-hot number)"),
    ("top_a", NUM_NUMBERS, "pile A: top card (one-hot number; all 0 when the pile has no cards)"),
    ("target_b", NUM_NUMBERS, "pile B: current target (one-hot number)"),
    ("top_b", NUM_NUMBERS, "pile B: top card (one-hot number; all 0 when the pile has no cards)"),
    ("pile_cost", 2, "cards on pile A / B including targets (what taking costs) / 20, at most 1"),
    ("marker", 2, "marked pile (one-hot A, B)"),
    ("clockwise", 1, "direction of play is clockwise"),
    ("unseen", SET, "cards unseen by this seat: other hands and draw pile (card set)"),
    (
        "known_hands",
        SET * (MAX_SEATS - 1),
        "cards known to be in a hand, 73 per relative seat 1..5 (card set)",
    ),
    ("known_deck", SET, "cards known to be in the draw pile (card set)"),
    ("hand_sizes", MAX_SEATS, "hand size / 10, per relative seat, at most 1"),
    ("deck_size", 1, "draw pile size / 85"),
    ("penalty_game", MAX_SEATS, "penalty cards this game / 30, per relative seat, at most 1"),
    ("penalty_match", MAX_SEATS, "penalty cards of the match / (85 * games), per relative seat"),
    ("seats", MAX_SEATS, "seat is in the game, per relative seat (a player-count marker)"),
    ("to_move", MAX_SEATS, "seat to move (one-hot relative seat; all 0 when the match is over)"),
    ("starter", MAX_SEATS, "seat that started this game (one-hot relative seat)"),
    ("game_progress", 1, "games already finished / games in the match"),
    ("last_seat", MAX_SEATS, "last action: its seat (one-hot relative seat)"),
    ("last_kind", 5, "last action: play, turn, steal, raise, take (one-hot)"),
    ("stolen", SET, "last action: the stolen card, if this seat was thief or victim (card set)"),
    ("revealed", SET, "cards turned up by the latest search for a target (card set)"),
)

_SPECIAL_UNIT = {card_text(TURN): (70, 1 / SPECIAL_COPIES[TURN])}
_SPECIAL_UNIT[card_text(STEAL)] = (71, 1 / SPECIAL_COPIES[STEAL])
_SPECIAL_UNIT[card_text(RAISE)] = (72, 1 / SPECIAL_COPIES[RAISE])
_KINDS = {"turn": 1, "steal": 2, "raise": 3, "take": 4}


def _accumulated(start: float, step: float, copies: int) -> tuple[float, ...]:
    """The float32 values ``start``, ``start + step``, … (``copies`` steps) as :func:`_add_set`
    and :meth:`Codec.encode` make them, one ``+=`` at a time on a float32 array, then
    clipped to ``[0, 1]`` as ``encode`` clips them at its end."""
    cell = np.full(1, start, dtype=np.float32)
    values = [float(np.clip(cell, 0.0, 1.0)[0])]
    for _ in range(copies + MAX_SEATS * 2):  # facts may name a special card more often
        cell[0] += step
        values.append(float(np.clip(cell, 0.0, 1.0)[0]))
    return tuple(values)


# Unit of a special card in a card set -> its value after k additions (from 0) and after
# k subtractions (from 1, the "unseen" block), as the view path computes them.
_SPECIAL_ADD = {c: _accumulated(0.0, 1 / SPECIAL_COPIES[c], SPECIAL_COPIES[c]) for c in SPECIALS}
_SPECIAL_SUB = {c: _accumulated(1.0, -1 / SPECIAL_COPIES[c], SPECIAL_COPIES[c]) for c in SPECIALS}
_KIND_OF = {Play: 0, Turn: 1, Steal: 2, Raise: 3, Take: 4}
_OFFSETS = {name: sum(size for _, size, _ in FIELDS[:i]) for i, (name, _, _) in enumerate(FIELDS)}
_O_HAND, _O_UNSEEN, _O_STOLEN, _O_REVEALED = (_OFFSETS[k] for k in ("hand", "unseen", "stolen", "revealed"))
_O_TARGET_A, _O_TOP_A, _O_TARGET_B, _O_TOP_B = (
    _OFFSETS[k] for k in ("target_a", "top_a", "target_b", "top_b")
)
_O_COST, _O_MARKER, _O_CLOCKWISE = (_OFFSETS[k] for k in ("pile_cost", "marker", "clockwise"))
_O_SIZES, _O_PEN_GAME, _O_PEN_MATCH, _O_SEATS, _O_DECK = (
    _OFFSETS[k] for k in ("hand_sizes", "penalty_game", "penalty_match", "seats", "deck_size")
)
_O_TO_MOVE, _O_STARTER, _O_PROGRESS = (_OFFSETS[k] for k in ("to_move", "starter", "game_progress"))
_O_LAST_SEAT, _O_LAST_KIND = _OFFSETS["last_seat"], _OFFSETS["last_kind"]


def _card_units(ones: list[int], out: Any, base: int, cards: Any) -> None:
    """Card numbers as :func:`_add_set` writes them: a number card's unit into ``ones``
    (written as 1 at the end), a special card's count as its float32 sum into ``out``."""
    specials = 0
    for c in cards:
        if c <= NUM_NUMBERS:
            ones.append(base + c - 1)
        else:
            specials += 1
    if specials:
        _specials(out, base, cards)


def _specials(out: Any, base: int, cards: Any) -> None:
    """The special cards among ``cards``: each one's count as its float32 sum."""
    for c in SPECIALS:
        k = cards.count(c)
        if k:
            out[base + c - 1] = _SPECIAL_ADD[c][k]


def _add_set(out: Any, base: int, cards: list[str]) -> None:
    for text in cards:
        special = _SPECIAL_UNIT.get(text)
        if special is None:
            out[base + int(text) - 1] = 1.0
        else:
            out[base + special[0]] += special[1]


class Codec:
    """Himmel codec; see the module docstring for the tables."""

    max_tokens = 1
    num_actions = 357
    observation_fields = FIELDS
    observation_size = sum(size for _, size, _ in FIELDS)

    def __init__(self, game: HimmelGame) -> None:
        self.game = game
        self.players = game.num_players
        self.games = int(game.options["games"])
        # Every move plays a hand card for good or takes a pile holding a target card that
        # no later move brings back, so a game has at most 2 * 85 moves.
        self.max_moves: int | None = 2 * NUM_CARDS * self.games
        # returns() is a win share: 1 split among the seats with the fewest penalties.
        self.returns_range: tuple[float, float, float | None] = (0.0, 1.0, 1.0)
        self._off: dict[str, int] = {}
        start = 0
        for name, size, _ in FIELDS:
            self._off[name] = start
            start += size

    def tokens(self, action: Action, seat: int) -> tuple[int, ...]:
        if isinstance(action, Play):
            return ((action.card - 1) * 2 + action.pile,)
        if isinstance(action, Turn):
            return (TURN_T,)
        if isinstance(action, Steal):
            k = (action.victim - seat) % self.players
            return (STEAL0 + k,)
        if isinstance(action, Raise):
            return (RAISE0 + (action.card - 1) * 2 + action.pile,)
        if isinstance(action, Take):
            return (TAKE_BARE,) if action.target is None else (TAKE0 + action.target,)
        raise TypeError(f"not a Himmel action: {action!r}")

    def legal_tokens(self, legal: Sequence[Action], seat: int) -> list[tuple[int, ...]]:
        """``[self.tokens(a, seat) for a in legal]``, by the action's type."""
        n = self.players
        out: list[tuple[int, ...]] = []
        for a in legal:
            kind = type(a)
            if kind is Play:
                out.append(((a.card - 1) * 2 + a.pile,))  # type: ignore[union-attr]
            elif kind is Raise:
                out.append((RAISE0 + (a.card - 1) * 2 + a.pile,))  # type: ignore[union-attr]
            elif kind is Take:
                target = a.target  # type: ignore[union-attr]
                out.append((TAKE_BARE,) if target is None else (TAKE0 + target,))
            elif kind is Steal:
                out.append((STEAL0 + (a.victim - seat) % n,))  # type: ignore[union-attr]
            else:
                out.append(self.tokens(a, seat))
        return out

    def token_text(self, token: int) -> str:
        pile = "AB"
        if token < TURN_T:
            return f"{token // 2 + 1}>{pile[token % 2]}"
        if token == TURN_T:
            return "turn"
        if token < RAISE0:
            return f"steal +{token - STEAL0}"
        if token <= TAKE0:
            t = token - RAISE0
            return f"raise {pile[t % 2]} {t // 2 + 1}"
        if token < TAKE_BARE:
            return f"take {token - TAKE0}"
        if token == TAKE_BARE:
            return "take"
        raise ValueError(f"token {token} outside 0..{self.num_actions - 1}")

    def encode(self, view: Mapping[str, Any], out: Any) -> None:
        o = self._off
        n = self.players
        out[:] = 0.0
        seat = view["seat"]
        me = 0 if seat is None else int(seat)
        hand = view.get("hand", [])
        _add_set(out, o["hand"], hand)
        seen = list(hand)
        for p, (target, top) in enumerate((("target_a", "top_a"), ("target_b", "top_b"))):
            pile = view["piles"][p]
            if pile["target"] is not None:
                out[o[target] + int(pile["target"]) - 1] = 1.0
            if pile["cards"]:
                out[o[top] + int(pile["cards"][-1]) - 1] = 1.0
            out[o["pile_cost"] + p] = min(1.0, (len(pile["cards"]) + len(pile["targets"])) / 20)
            seen += pile["cards"]
            seen += pile["targets"]
        out[o["marker"] + "AB".index(view["marker"])] = 1.0
        out[o["clockwise"]] = 1.0 if view["direction"] == 1 else 0.0
        for pile in view["penalty"]:
            seen += pile
        unseen = o["unseen"]
        out[unseen : unseen + NUM_NUMBERS] = 1.0
        out[unseen + 70 : unseen + 73] = 1.0
        for text in seen:
            special = _SPECIAL_UNIT.get(text)
            if special is None:
                out[unseen + int(text) - 1] = 0.0
            else:
                out[unseen + special[0]] -= special[1]
        for fact in view.get("known", []):
            seats = fact["seats"]
            if fact["deck"] and not seats:
                _add_set(out, o["known_deck"], [fact["card"]])
            elif len(seats) == 1 and not fact["deck"]:
                r = (seats[0] - me) % n
                if r > 0:
                    _add_set(out, o["known_hands"] + SET * (r - 1), [fact["card"]])
        scale = CARDS_PER_GAME * self.games
        for s in range(n):
            r = (s - me) % n
            out[o["hand_sizes"] + r] = min(1.0, view["hand_sizes"][s] / 10)
            out[o["penalty_game"] + r] = min(1.0, view["penalty_counts"][s] / 30)
            out[o["penalty_match"] + r] = view["penalties"][s] / scale
            out[o["seats"] + r] = 1.0
        out[o["deck_size"]] = view["deck_size"] / CARDS_PER_GAME
        cur = view["current_player"]
        if cur is not None:
            out[o["to_move"] + (cur - me) % n] = 1.0
        out[o["starter"] + (view["start"] - me) % n] = 1.0
        out[o["game_progress"]] = len(view["results"]) / self.games
        last = view["last"]
        if last is not None:
            out[o["last_seat"] + (last["seat"] - me) % n] = 1.0
            word = last["action"].split(" ", 1)[0]
            out[o["last_kind"] + _KINDS.get(word, 0)] = 1.0
            if "stolen" in last:
                _add_set(out, o["stolen"], [last["stolen"]])
        _add_set(out, o["revealed"], view["revealed"])
        # Floating-point sums of 1/6 etc. may land a hair outside [0, 1].
        out.clip(0.0, 1.0, out=out)

    def encode_state(self, state: HimmelState, seat: int, out: Any) -> None:
        """What :meth:`encode` writes for ``state.observe(seat)``, read straight from the
        state (no view is built): only the fields that view holds are read. Every value is
        in [0, 1] already (the special cards' sums are clipped in their tables), so
        ``encode``'s final clip has nothing to do here."""
        me = seat
        out[:] = 0.0
        hand = state.hands[me]
        ones = [_O_HAND - 1 + c for c in hand if c <= NUM_NUMBERS]
        if len(ones) < len(hand):
            _specials(out, _O_HAND, hand)
        pa, pb = state.piles
        ta, tb = state.targets
        if ta:
            ones.append(_O_TARGET_A - 1 + ta[-1])
        if pa:
            ones.append(_O_TOP_A - 1 + pa[-1])
        if tb:
            ones.append(_O_TARGET_B - 1 + tb[-1])
        if pb:
            ones.append(_O_TOP_B - 1 + pb[-1])
        out[_O_COST] = min(1.0, (len(pa) + len(ta)) / 20)
        out[_O_COST + 1] = min(1.0, (len(pb) + len(tb)) / 20)
        ones.append(_O_MARKER + state.marker)
        if state.direction == 1:
            ones.append(_O_CLOCKWISE)
        # The unseen block: a number card not seen is 1; the specials' float32 differences.
        counts = np.bincount(
            np.fromiter(chain(hand, pa, pb, ta, tb, *state.penalty), np.intp), minlength=RAISE + 1
        )
        out[_O_UNSEEN : _O_UNSEEN + NUM_NUMBERS] = 1 - counts[1 : NUM_NUMBERS + 1]
        for c in SPECIALS:
            out[_O_UNSEEN + c - 1] = _SPECIAL_SUB[c][counts[c]]
        self._known(ones, out, state, me)
        self._seats(ones, out, state, me)
        last = state.last
        if last is not None:
            who, action, stolen = last
            ones.append(_O_LAST_SEAT + (who - me) % self.players)
            ones.append(_O_LAST_KIND + _KIND_OF[type(action)])
            if stolen is not None and isinstance(action, Steal) and me in (who, action.victim):
                _card_units(ones, out, _O_STOLEN, (stolen,))
        if state.revealed:
            _card_units(ones, out, _O_REVEALED, state.revealed)
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0

    def _known(self, ones: list[int], out: Any, state: HimmelState, me: int) -> None:
        facts = state.known[me]
        if not facts:
            return
        o = self._off
        n = self.players
        deck_cards: list[int] = []
        hand_cards: list[list[int]] = [[] for _ in range(n)]
        for c, m in facts:
            seats = m & 63
            if m & DECK:
                if not seats:
                    deck_cards.append(c)
            elif seats and not seats & (seats - 1):  # exactly one seat
                r = (seats.bit_length() - 1 - me) % n
                if r > 0:
                    hand_cards[r].append(c)
        if deck_cards:
            _card_units(ones, out, o["known_deck"], deck_cards)
        for r in range(1, n):
            if hand_cards[r]:
                _card_units(ones, out, o["known_hands"] + SET * (r - 1), hand_cards[r])

    def _seats(self, ones: list[int], out: Any, state: HimmelState, me: int) -> None:
        n = self.players
        scale = CARDS_PER_GAME * self.games
        penalties = state.penalties()
        hands = state.hands
        penalty = state.penalty
        for s in range(n):
            r = (s - me) % n
            out[_O_SIZES + r] = min(1.0, len(hands[s]) / 10)
            out[_O_PEN_GAME + r] = min(1.0, len(penalty[s]) / 30)
            out[_O_PEN_MATCH + r] = penalties[s] / scale
            ones.append(_O_SEATS + r)
        out[_O_DECK] = state.deck_size / CARDS_PER_GAME
        cur = state.current
        if cur is not None:
            ones.append(_O_TO_MOVE + (cur - me) % n)
        ones.append(_O_STARTER + (state.start - me) % n)
        out[_O_PROGRESS] = len(state.results) / self.games
