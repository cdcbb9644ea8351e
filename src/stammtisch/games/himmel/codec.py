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

from collections.abc import Mapping
from typing import Any

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
