"""The Dog heuristic: judge each move by the position it leaves, for the whole team.

Every legal Dog play carries the position it leads to (``DogAction.result``: peg places
and fresh flags), so a move is valued as ``eval(after) - eval(now)`` from the mover's
team's point of view, minus what the card itself was worth keeping. The evaluation:

* **Progress.** A peg out of the kennel is worth ``OUT``; then one point per field
  travelled from its start; a peg in the Himmel is worth a full lap plus ``IN``, deeper
  fields more (they leave room for the pegs behind).
* **Safety from being sent home.** A peg on the track loses its progress if an opponent
  lands on it: each opponent peg 1-13 fields behind it (reachable by one card) and an
  opponent start field it stands on while that opponent has pegs in the kennel count as
  threats. A fresh peg (DOG-11) cannot be touched and counts none.
* **The fresh peg as a block.** A fresh peg on one's own start cannot be passed
  (DOG-11): each opponent peg that it holds up within 13 fields behind it earns ``BLOCK``.
* **Helping the partner / sending opponents home.** The value is team against
  opponents: moving the partner's pegs (DOG-19) counts like one's own, and every
  opponent peg sent back to its kennel counts as their lost progress.
* **Card economy.** Jokers, 7s, 4s and start cards are the flexible cards; spending one
  where an ordinary card would do costs ``KEEP[card]``.
* **Thefts (DOG-24).** Taking a random card for a 2 is worth ``THEFT``.
* **Variants.** Teams come from the view (alone, two or three to a team); the partner 7
  (DOG-23) is valued like any move by the position it leaves.
* **The exchange (DOG-7).** Give the card whose value to the partner (start cards when
  the partner has pegs in the kennel; a 4 near the own start; otherwise its flexibility)
  most exceeds its value to oneself.

The numbers are computed on integers by :mod:`.dog_eval` (peg places and the fresh mask).
The search's fast path (:meth:`DogHeuristic.state_values`, :meth:`~DogHeuristic.evaluate_state`)
reads them from the state and the core's move codes; the view path (``action_values``,
``evaluate``: the ``heuristic`` bot, hints) reads them from the view once per position.
Both give the same values (``tests/bots/test_dog_eval.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from stammtisch.bots.heuristics import BotProfile, GameHeuristic, SearchSettings
from stammtisch.bots.heuristics.dog_eval import (
    BLOCK,
    HIMMEL_DEPTH,
    IN,
    KEEP,
    OUT,
    START_THREAT,
    THEFT,
    THREAT,
    DogEval,
    SevenBody,
    evaluator,
)
from stammtisch.bots.heuristics.dog_sample import DogDeals
from stammtisch.games.dog.actions import GIVE, SPLIT, DogAction
from stammtisch.games.dog.board import KENNEL, Board
from stammtisch.games.dog.cards import ACE, FOUR, JOKER, KING, RANK_TEXT, parse_card
from stammtisch.games.dog.coded import CodedActions, code_body
from stammtisch.games.dog.coretable import TableState, on_table
from stammtisch.games.dog.game import DogGame

if TYPE_CHECKING:
    import random

    from stammtisch.core.game import Game, State

EVAL_SCALE = 40.0  # progress difference that makes a team a clear favourite

__all__ = [
    "BLOCK",
    "EVAL_SCALE",
    "HEURISTIC",
    "HIMMEL_DEPTH",
    "IN",
    "KEEP",
    "OUT",
    "PROFILE",
    "START_THREAT",
    "THEFT",
    "THREAT",
    "DogHeuristic",
    "coded_plays",
    "view_board",
]


def view_board(view: Mapping[str, Any]) -> Board:
    """The board and teams of a view (2 … 6 players, teams of 1, 2 or 3)."""
    teams = view.get("teams") or [[0, 0]]
    return Board(int(view["players"]), len(teams[0]))


def _places(pegs: Sequence[Sequence[Any]], board: Board) -> tuple[list[int], int]:
    """View tokens to (places, fresh mask) in the engine's encoding."""
    places: list[int] = []
    fresh = 0
    for seat, row in enumerate(pegs):
        for token in row:
            place, is_fresh = board.parse_token(seat, token)
            if is_fresh:
                fresh |= 1 << len(places)
            places.append(place)
    return places, fresh


def coded_plays(legal: Sequence[Any]) -> tuple[Sequence[int], int, list[Any], SevenBody] | None:
    """The plays of a core-made legal list as they are held (move codes, or the actions
    already made from them), with the position they start from; ``None`` for any other
    list. Reading them makes no action and no text."""
    if not isinstance(legal, CodedActions):
        return None
    pos, fresh = legal.origin
    sevens = legal.move_set
    core = legal.core
    npeg = len(pos)

    def seven(code: int) -> tuple[Any, ...]:
        return code_body(code, sevens, npeg, core)

    return pos, fresh, list(list.__iter__(legal)), seven


# A move code without its canon bit (bit 30, a property of the position): the tree's key
# of a play that is not a 7 (card, value, kind and the pegs and fields, see coded.py).
KEY_MASK = (1 << 30) - 1
# The low byte (card | value << 4) of a play's code by its notation's head: a card that is
# not a Joker takes its own value; a Joker's start is value 13.
_HEAD_LOW: dict[str, int] = {
    **{text: r | r << 4 for r, text in enumerate(RANK_TEXT) if r != JOKER},
    **{f"Jo={text}": JOKER | r << 4 for r, text in enumerate(RANK_TEXT) if r != JOKER},
    "Jo": JOKER | JOKER << 4,
}


def play_key(item: Any, seven: SevenBody) -> Hashable:
    """The search key of one play, the same for a move code and for the action made from
    it: a play's code without the canon bit; a 7 by its card and the position it leaves
    (its code holds its index among the position's 7s, which depends on the hand; and two
    step orders to the same position are one move); a give, fold or theft by its text."""
    if type(item) is int:
        if item >> 8 & 3 == SPLIT:
            return (item & 255, seven(item)[2])
        return item & KEY_MASK
    body = item.body
    if body is None or item.head not in _HEAD_LOW:
        text: str = item.text
        return text
    low = _HEAD_LOW[item.head]
    if body[0] == SPLIT:
        return (low, tuple(body[2]))
    code: int = low | body[0] << 8 | body[1] << 10 | (body[2] + 1) << 16 | (body[3] + 1) << 23
    return code


def _no_seven(code: int) -> tuple[Any, ...]:
    raise AssertionError(f"a move code {code} outside a core-made list")


def _readable(state: State[Any]) -> Any:
    """A state whose position fields can be read without dropping a compiled table that
    the search still plays on (reading them from a clone unpacks the clone only)."""
    if isinstance(state, TableState) and state.compiled is not None:
        return state.clone()
    return state


class DogHeuristic(GameHeuristic):
    game = "dog"
    temperature = 4.0
    _last: tuple[Board, DogEval] | None = None  # the evaluator last used, by its board

    def _eval(self, board: Board) -> DogEval:
        """``evaluator(board)``, without hashing the board when it is the last one's."""
        last = self._last
        if last is not None and last[0] is board:
            return last[1]
        ev = evaluator(board)
        self._last = (board, ev)
        return ev

    # --- position evaluation --------------------------------------------------------
    def team_value(self, places: Sequence[int], fresh: int, board: Board, seat: int) -> float:
        """The seat's team's value minus the mean value of the other teams."""
        return self._eval(board).team_value(places, fresh, seat)

    # --- protocol -------------------------------------------------------------------
    def sampler(self, game: Game[Any], view: Mapping[str, Any]) -> Callable[[random.Random], State[Any]]:
        """The view read once (:class:`~.dog_sample.DogDeals`), each state dealt onto the
        compiled core's table where it can hold it (the same game as the pure engine's)."""
        deals = DogDeals(cast(DogGame, game), view)

        def sample(rng: random.Random) -> State[Any]:
            return on_table(deals.deal(rng))

        return sample

    def action_keys(self, legal: Sequence[Any]) -> list[Hashable]:
        if not isinstance(legal, CodedActions):
            return [play_key(a, _no_seven) for a in legal]
        # The codes (or the actions already made from them), without making any action.
        items: list[Any] = list(list.__iter__(legal))
        if any(type(item) is not int or item >> 8 & 3 == SPLIT for item in items):
            raw = coded_plays(legal)
            assert raw is not None
            seven = raw[3]
            return [
                item & KEY_MASK if type(item) is int and item >> 8 & 3 != SPLIT else play_key(item, seven)
                for item in items
            ]
        return [item & KEY_MASK for item in items]

    def action_values(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[float]:
        board = view_board(view)
        seat = int(view["seat"])
        places, fresh = _places(view["pegs"], board)
        if view.get("phase") == "exchange":
            hand = [parse_card(c) for c in view.get("hand", [])]
            return self._give_values(places, board, seat, hand, legal)
        raw = coded_plays(legal)
        if raw is not None:
            return self._eval(board).coded_gains(legal.move_set, places, fresh, raw[2], seat, raw[3])  # type: ignore[attr-defined]
        return self._eval(board).play_gains(places, fresh, list(legal), seat, _no_seven)

    def state_values(self, state: State[Any], player: int, legal: Sequence[Any]) -> list[float]:
        """``action_values`` of ``player``'s view, read from the state and the move codes:
        the public position and, in the exchange, ``player``'s own hand."""
        raw = coded_plays(legal)
        board: Board = state.board  # type: ignore[attr-defined]
        if raw is not None:
            pos, fresh, items, seven = raw
            return self._eval(board).coded_gains(legal.move_set, pos, fresh, items, player, seven)  # type: ignore[attr-defined]
        if not legal:
            return []
        if legal[0].kind == GIVE:
            if isinstance(state, TableState) and state.compiled is not None:
                places, _fresh, hands = state.compiled.export()[:3]  # read without unpacking
            else:
                places, hands = state.pos, state.hands  # type: ignore[attr-defined]
            return self._give_values(places, board, player, hands[player], legal)
        readable = _readable(state)
        return self._eval(board).play_gains(readable.pos, readable.fresh, list(legal), player, _no_seven)

    @staticmethod
    def _give_values(
        places: Sequence[int], board: Board, seat: int, hand: Sequence[int], legal: Sequence[Any]
    ) -> list[float]:
        """Per give: how much the partner needs the card minus how much ``seat`` does."""
        starts_in_hand = sum(1 for c in hand if c in (ACE, KING, JOKER))
        mine = _needs(places, board, seat)
        theirs = _needs(places, board, board.partner(seat))
        out: list[float] = []
        for action in legal:
            assert isinstance(action, DogAction) and action.kind == GIVE
            card = action.card
            out.append(
                _card_use(card, theirs, starts_in_hand, True) - _card_use(card, mine, starts_in_hand, False)
            )
        return out

    def evaluate(self, view: Mapping[str, Any]) -> list[float]:
        """Win estimate per seat from the team progress difference (a logistic)."""
        board = view_board(view)
        places, fresh = _places(view["pegs"], board)
        return _win_chances(board, places, fresh)

    def evaluate_state(self, state: State[Any]) -> list[float]:
        """``evaluate`` of the spectator view, read from the state's public position."""
        readable = _readable(state)
        return _win_chances(readable.board, readable.pos, readable.fresh)


def _needs(places: Sequence[int], board: Board, seat: int) -> tuple[int, int]:
    """The seat's pegs in the kennel and its pegs on the track at most 3 fields past its
    start (what its need of a start card or a 4 depends on)."""
    track = board.track_len
    start = board.start(seat)
    kennel = sum(1 for i in range(4 * seat, 4 * seat + 4) if places[i] == KENNEL)
    near = sum(
        1
        for i in range(4 * seat, 4 * seat + 4)
        if 0 <= places[i] < track and (places[i] - start) % track <= 3
    )
    return kennel, near


def _card_use(card: int, needs: tuple[int, int], starts_in_hand: int, giving: bool) -> float:
    """How much a seat with ``needs`` (see :func:`_needs`) needs ``card``, roughly in
    progress points; ``starts_in_hand``: the start cards in the giver's hand."""
    kennel, near = needs
    value = KEEP.get(card, 0.0)
    if card in (ACE, KING, JOKER) and kennel:
        # Start cards are worth most to a seat with pegs in the kennel and few starts.
        spare = starts_in_hand - (1 if not giving else 0)
        value += 8.0 * kennel / 4 + (4.0 if spare <= 0 else 0.0)
    if card == FOUR:
        value += 3.0 * near
    if card == JOKER:
        value += 4.0
    return value


def _win_chances(board: Board, places: Sequence[int], fresh: int) -> list[float]:
    ev = evaluator(board)
    chances = [1.0 / (1.0 + math.exp(-lead / EVAL_SCALE)) for lead in ev.team_leads(places, fresh)]
    return [chances[t] for t in ev.seat_team]


HEURISTIC = DogHeuristic()

# ``hard``: 2400 iterations, about 0.45 s of CPU time per move on the shared benchmark
# machine before the evaluation ran in the compiled core, about 0.2 s since
# (benchmarks/ismcts_speed.txt, dog_variants_speed.txt; 280 before the search read the
# integer state, 1500 before it memoized the evaluation, the same time then). Twice the
# iterations in the old time did not play measurably better (benchmarks/strength.md,
# "dog-hard-eval"), so the bot keeps the budget and moves faster. Search settings are first
# choices, not tuned optima.
PROFILE = BotProfile(HEURISTIC, SearchSettings(rollout_depth=8), hard_iterations=2400, win_chance=True)
