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
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.heuristics import BotProfile, GameHeuristic, SearchSettings
from stammtisch.games.dog.actions import FOLD, GIVE, STEAL, DogAction
from stammtisch.games.dog.board import KENNEL, Board
from stammtisch.games.dog.cards import ACE, FOUR, JOKER, KING, SEVEN, parse_card

OUT = 12.0  # a peg out of the kennel
IN = 10.0  # a peg in the Himmel, on top of a full lap
HIMMEL_DEPTH = 2.0  # per Himmel field deeper in
THREAT = 0.12  # chance that one opponent peg behind (within 13) hits
START_THREAT = 0.25  # standing on an opponent's start while it has kennel pegs
BLOCK = 2.0
KEEP: dict[int, float] = {JOKER: 6.0, SEVEN: 3.0, FOUR: 1.5, ACE: 1.5, KING: 1.5}
THEFT = 3.0  # DOG-24: a stolen card (random) for the 2 played
EVAL_SCALE = 40.0  # progress difference that makes a team a clear favourite


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


class DogHeuristic(GameHeuristic):
    game = "dog"
    temperature = 4.0

    # --- position evaluation --------------------------------------------------------
    def peg_values(self, places: Sequence[int], fresh: int, board: Board) -> list[float]:
        """Per seat: the progress of its pegs minus what is at risk, plus blocks."""
        n = board.players
        track = board.track_len
        half = board.num_teams  # team of seat s: s % half (DOG-3, DOG-21, DOG-22)
        values = [0.0] * n
        kennel_pegs = [sum(1 for i in range(4 * s, 4 * s + 4) if places[i] == KENNEL) for s in range(n)]
        # Per team: the places of the other teams' pegs on the track (in peg order), and
        # the start fields of other teams' seats that still have pegs in the kennel.
        on_track = [(j >> 2) % half for j, other in enumerate(places) if 0 <= other < track]
        track_places = [other for other in places if 0 <= other < track]
        rivals = [
            [p for p, t in zip(track_places, on_track, strict=True) if t != team] for team in range(half)
        ]
        open_starts = [
            [board.start(s) for s in range(n) if s % half != team and kennel_pegs[s]] for team in range(half)
        ]
        for i, place in enumerate(places):
            owner = i >> 2
            if place == KENNEL:
                continue
            if place >= track:
                values[owner] += OUT + track + IN + HIMMEL_DEPTH * (place - track)
                continue
            dist = (place - board.start(owner)) % track
            progress = OUT + dist
            values[owner] += progress
            team = owner % half
            if fresh >> i & 1:
                # A fresh peg blocks every opponent peg behind it.
                for other in rivals[team]:
                    if 0 < (place - other) % track <= 13:
                        values[owner] += BLOCK
                continue
            risk = 0.0
            for other in rivals[team]:
                if 0 < (place - other) % track <= 13:
                    risk += THREAT
            for start in open_starts[team]:
                if place == start:
                    risk += START_THREAT
            values[owner] -= min(0.9, risk) * progress
        return values

    def team_value(self, places: Sequence[int], fresh: int, board: Board, seat: int) -> float:
        """The seat's team's value minus the mean value of the other teams."""
        per_seat = self.peg_values(places, fresh, board)
        teams = board.teams()
        mine = board.team(seat)
        totals = [sum(per_seat[s] for s in team) for team in teams]
        others = [t for k, t in enumerate(totals) if k != mine]
        return totals[mine] - (sum(others) / len(others) if others else 0.0)

    # --- protocol -------------------------------------------------------------------
    def action_values(self, view: Mapping[str, Any], legal: Sequence[Any]) -> list[float]:
        board = view_board(view)
        seat = int(view["seat"])
        places, fresh = _places(view["pegs"], board)
        if view.get("phase") == "exchange":
            return [self._give_value(view, places, board, seat, a) for a in legal]
        now = self.team_value(places, fresh, board, seat)
        out: list[float] = []
        for action in legal:
            assert isinstance(action, DogAction)
            if action.kind == STEAL:  # DOG-24: a card for a card, and the victim one short
                out.append(THEFT - KEEP.get(action.card, 0.0))
                continue
            if action.kind == FOLD or action.result is None:
                out.append(0.0)
                continue
            after_places, after_fresh = action.result
            gain = self.team_value(after_places, after_fresh, board, seat) - now
            out.append(gain - KEEP.get(action.card, 0.0))
        return out

    def _give_value(
        self, view: Mapping[str, Any], places: Sequence[int], board: Board, seat: int, action: Any
    ) -> float:
        assert isinstance(action, DogAction) and action.kind == GIVE
        partner = board.partner(seat)
        hand = [parse_card(c) for c in view.get("hand", [])]
        return self._card_use(action.card, places, board, partner, hand, giving=True) - self._card_use(
            action.card, places, board, seat, hand, giving=False
        )

    @staticmethod
    def _card_use(
        card: int, places: Sequence[int], board: Board, seat: int, hand: list[int], giving: bool
    ) -> float:
        """How much ``seat`` needs ``card``, roughly in progress points."""
        kennel = sum(1 for i in range(4 * seat, 4 * seat + 4) if places[i] == KENNEL)
        starts_in_hand = sum(1 for c in hand if c in (ACE, KING, JOKER))
        value = KEEP.get(card, 0.0)
        if card in (ACE, KING, JOKER) and kennel:
            # Start cards are worth most to a seat with pegs in the kennel and few starts.
            spare = starts_in_hand - (1 if not giving else 0)
            value += 8.0 * kennel / 4 + (4.0 if spare <= 0 else 0.0)
        if card == FOUR:
            near = sum(
                1
                for i in range(4 * seat, 4 * seat + 4)
                if 0 <= places[i] < board.track_len and (places[i] - board.start(seat)) % board.track_len <= 3
            )
            value += 3.0 * near
        if card == JOKER:
            value += 4.0
        return value

    def evaluate(self, view: Mapping[str, Any]) -> list[float]:
        """Win estimate per seat from the team progress difference (a logistic)."""
        board = view_board(view)
        places, fresh = _places(view["pegs"], board)
        out: list[float] = []
        for seat in range(board.players):
            lead = self.team_value(places, fresh, board, seat)
            out.append(1.0 / (1.0 + math.exp(-lead / EVAL_SCALE)))
        return out


HEURISTIC = DogHeuristic()

# ``hard``: about 0.65 s of CPU time per move (benchmarks/strength.md); search settings are
# first choices, not tuned optima.
PROFILE = BotProfile(HEURISTIC, SearchSettings(rollout_depth=8), hard_iterations=280, win_chance=True)
