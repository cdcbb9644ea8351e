"""Zwickern's fixed integer actions and observation tensor, for learning code.

Actions: one token per turn, the card played: ``rank * 4 + suit`` (0..31, see
:mod:`~stammtisch.games.zwickern.cards`) or 32 for a Joker, so ``num_actions == 33``.

Observation: 372 floats in ``[0, 1]`` from one seat's view. Seats are *relative*: slot 0 is
the observing seat, slot 1 the next seat clockwise (who plays after it), and so on; slots
beyond the number of players stay 0, so the size does not depend on the player count. A
*card set* is 34 units: the 32 Skat cards (``rank * 4 + suit``), then "at least one
Joker", then "both Jokers".

The tables of tokens and observation indices (index, size, meaning) are in the docstring of
:mod:`stammtisch.rl.zwickern`, the environments' documentation; a test keeps them in step with
``Codec.observation_fields``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from stammtisch.games.zwickern.actions import PlayCard
from stammtisch.games.zwickern.cards import CARD_POINTS, JOKER, RANKS, card_text
from stammtisch.games.zwickern.game import ZwickernGame
from stammtisch.games.zwickern.state import ZwickernState
from stammtisch.games.zwickern.table import round_fields

MAX_SEATS = 4
SET = 34
ROUND_MAX = 130.0  # 120 card points + 10 for most cards (ZW-8)

FIELDS: tuple[tuple[str, int, str], ...] = (
    ("hand", SET, "own hand (card set)"),
    ("table", SET, "table (card set)"),
    ("captured", SET * MAX_SEATS, "capture piles of this round, 34 per relative seat 0..3 (card set)"),
    ("unseen", SET, "cards unseen by this seat: other hands and draw pile (card set)"),
    ("hand_sizes", MAX_SEATS, "hand size / 4, per relative seat"),
    ("deck_size", 1, "draw pile size / 34"),
    ("seats", MAX_SEATS, "seat is in the game, per relative seat (a player-count marker)"),
    ("to_move", MAX_SEATS, "seat to move (one-hot relative seat; all 0 when the match is over)"),
    ("dealer", MAX_SEATS, "dealer (one-hot relative seat)"),
    ("last_capturer", MAX_SEATS, "last capturer this round (one-hot relative seat; all 0 if nobody yet)"),
    ("match_points", MAX_SEATS, "match points of finished rounds / (130 * rounds), per relative seat"),
    ("round_points", MAX_SEATS, "card points captured this round / 120, per relative seat"),
    ("round_progress", 1, "rounds already finished / rounds in the match"),
    ("last_seat", MAX_SEATS, "last move: seat that played (one-hot relative seat)"),
    ("last_card", SET, "last move: card played (card set)"),
    ("last_captured", SET, "last move: cards it captured (card set)"),
    ("lacks", 8 * MAX_SEATS, "ranks 7..A shown not to be in the hand (ZW-5), 8 per relative seat"),
)

# Card notation -> (index in a card set, card points); every spelling the view uses.
_INDEX: dict[str, int] = {card_text(c): c for c in range(32)}
_POINTS: dict[str, int] = {card_text(c): CARD_POINTS[c] for c in range(32)}
_INDEX[card_text(JOKER)] = 32
_POINTS[card_text(JOKER)] = 0
_RANK_INDEX: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
# Card points by card (the Joker's are 0), for encoding straight from a state.
_CARD_POINTS: tuple[int, ...] = (*(CARD_POINTS[c] for c in range(32)), 0)


def _card_units(idx: list[int], base: int, cards: Any) -> None:
    """Append the card-set units of ``cards`` (card numbers; the second Joker to its own unit)."""
    jokers = 0
    for c in cards:
        if c == JOKER:
            idx.append(base + 32 + jokers)
            jokers += 1
        else:
            idx.append(base + c)


def _set_indices(idx: list[int], base: int, cards: list[str]) -> None:
    """Append the card-set units of ``cards`` as the view spells them."""
    _card_units(idx, base, [_INDEX[text] for text in cards])


def _unseen_units(idx: list[int], base: int, seen: list[int]) -> None:
    """Append the units of the card set that holds every card not in ``seen`` (card
    numbers; two Jokers in the pack)."""
    jokers = seen.count(JOKER)
    seen_set = set(seen)
    idx += [base + c for c in range(32) if c not in seen_set]
    if jokers == 0:
        idx += [base + 32, base + 33]
    elif jokers == 1:
        idx.append(base + 32)


class Codec:
    """Zwickern codec; see the module docstring for the tables."""

    max_tokens = 1
    num_actions = 33
    observation_fields = FIELDS
    observation_size = sum(size for _, size, _ in FIELDS)

    def __init__(self, game: ZwickernGame) -> None:
        self.game = game
        self.players = game.num_players
        self.rounds = game.rounds
        # Each round deals 30 cards into hands and every move plays one of them.
        self.max_moves: int | None = (SET - 4) * self.rounds
        # returns() is a win share: 1 split among the leaders.
        self.returns_range: tuple[float, float, float | None] = (0.0, 1.0, 1.0)
        self._offsets: dict[str, int] = {}
        start = 0
        for name, size, _ in FIELDS:
            self._offsets[name] = start
            start += size

    def tokens(self, action: PlayCard, seat: int) -> tuple[int, ...]:
        return (action.card,)

    def legal_tokens(self, legal: Sequence[PlayCard], seat: int) -> list[tuple[int, ...]]:
        """``[self.tokens(a, seat) for a in legal]``."""
        return [(a.card,) for a in legal]

    def token_text(self, token: int) -> str:
        return str(PlayCard(token))

    def action(self, token: int) -> PlayCard:
        """The action of a token (single-token game, so every token is a whole action)."""
        if not 0 <= token < self.num_actions:
            raise ValueError(f"token {token} outside 0..{self.num_actions - 1}")
        return PlayCard(token)

    def encode(self, view: Mapping[str, Any], out: Any) -> None:
        o = self._offsets
        n = self.players
        out[:] = 0.0
        seat = view["seat"]
        me = 0 if seat is None else int(seat)
        ones: list[int] = []  # indices set to 1, written in one go

        hand = view.get("hand", [])
        table = view["table"]
        _set_indices(ones, o["hand"], hand)
        _set_indices(ones, o["table"], table)
        seen = [_INDEX[c] for c in hand]
        seen += [_INDEX[c] for c in table]
        captured = view["captured"]
        sizes = view["hand_sizes"]
        match_points = view["match_points"]
        scale = ROUND_MAX * self.rounds
        for s in range(n):
            pile = captured[s]
            r = (s - me) % n
            _set_indices(ones, o["captured"] + SET * r, pile)
            seen += [_INDEX[c] for c in pile]
            out[o["round_points"] + r] = sum(_POINTS[c] for c in pile) / 120.0
            out[o["hand_sizes"] + r] = sizes[s] / 4.0
            out[o["match_points"] + r] = match_points[s] / scale
            ones.append(o["seats"] + r)
        _unseen_units(ones, o["unseen"], seen)
        out[o["deck_size"]] = view["deck_size"] / 34.0
        cur = view["current_player"]
        if cur is not None:
            ones.append(o["to_move"] + (cur - me) % n)
        ones.append(o["dealer"] + (view["dealer"] - me) % n)
        lc = view["last_capturer"]
        if lc is not None:
            ones.append(o["last_capturer"] + (lc - me) % n)
        out[o["round_progress"]] = len(view["round_results"]) / self.rounds
        last = view["last"]
        if last is not None:
            ones.append(o["last_seat"] + (last["seat"] - me) % n)
            _set_indices(ones, o["last_card"], [last["card"]])
            _set_indices(ones, o["last_captured"], last["captured"])
        for s, ranks in enumerate(view.get("lacks") or ()):
            base = o["lacks"] + 8 * ((s - me) % n)
            ones += [base + _RANK_INDEX[r] for r in ranks]
        out[ones] = 1.0

    def encode_state(self, state: ZwickernState, seat: int, out: Any) -> None:
        """What :meth:`encode` writes for ``state.observe(seat)``, read straight from the
        state (no view is built): only the fields that view holds are read (from the
        compiled table without leaving it, where the state is on one)."""
        o = self._offsets
        n = self.players
        me = seat
        ones: list[int] = []
        hands, table, deck, captured, cur, lc, lacks, last = round_fields(state)
        hand = hands[me]
        _card_units(ones, o["hand"], hand)
        _card_units(ones, o["table"], table)
        seen = [*hand, *table]
        match_points = state.match_points
        scale = ROUND_MAX * self.rounds
        points = _CARD_POINTS.__getitem__
        out[:] = 0.0
        for s in range(n):
            pile = captured[s]
            r = (s - me) % n
            _card_units(ones, o["captured"] + SET * r, pile)
            seen += pile
            out[o["round_points"] + r] = sum(map(points, pile)) / 120.0
            out[o["hand_sizes"] + r] = len(hands[s]) / 4.0
            out[o["match_points"] + r] = match_points[s] / scale
            ones.append(o["seats"] + r)
        _unseen_units(ones, o["unseen"], seen)
        out[o["deck_size"]] = len(deck) / 34.0
        out[o["round_progress"]] = len(state.round_results) / self.rounds
        if cur is not None:
            ones.append(o["to_move"] + (cur - me) % n)
        ones.append(o["dealer"] + (state.dealer - me) % n)
        if lc is not None:
            ones.append(o["last_capturer"] + (lc - me) % n)
        if last is not None:
            ones.append(o["last_seat"] + (last[0] - me) % n)
            _card_units(ones, o["last_card"], (last[1],))
            _card_units(ones, o["last_captured"], last[2])
        for s, mask in enumerate(lacks):
            if mask:
                base = o["lacks"] + 8 * ((s - me) % n)
                ones += [base + r for r in range(8) if mask >> r & 1]
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0
