"""Zwickern position and rules (ZW-1 … ZW-9).

The state covers a whole match: ``rounds`` rounds, the dealer moving one seat clockwise
each round (ZW-9). Everything between two player decisions (dealing, the final sweep,
scoring, the next round's deal) happens inside ``apply``, driven by the state's own RNG.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stammtisch.core.game import JSON
from stammtisch.core.package import PackageState
from stammtisch.core.rng import Rng
from stammtisch.games.zwickern import events as _events
from stammtisch.games.zwickern.actions import PLAYS, PlayCard, parse_action
from stammtisch.games.zwickern.cards import (
    CARD_POINTS,
    CARD_TEXT,
    FULL_DECK,
    JOKER,
    MOST_CARDS_BONUS,
    NUM_CARDS,
    RANKS,
    TOTAL_POINTS,
    card_text,
)

if TYPE_CHECKING:
    from stammtisch.games.zwickern.game import ZwickernGame

HAND_SIZE = 4
TABLE_SIZE = 4


# Rank of each card, -1 for the Joker (it has no rank, ZW-4).
RANK: tuple[int, ...] = (*(c >> 2 for c in range(JOKER)), -1)
# Bit ``rank`` of each card, 0 for the Joker (it neither matches nor is matched, ZW-4).
RANK_BIT: tuple[int, ...] = (*(1 << (c >> 2) for c in range(JOKER)), 0)


class ZwickernState(PackageState[PlayCard]):
    events_module = _events  # events_of, describe, card_census

    __slots__ = (
        "_legal",
        "captured",
        "current",
        "dealer",
        "deck",
        "game",
        "hands",
        "lacks",
        "last",
        "last_capturer",
        "match_points",
        "n",
        "rng",
        "round",
        "round_results",
        "table",
    )

    game: ZwickernGame

    def __init__(self, game: ZwickernGame) -> None:
        self.game = game
        self.n: int = game.num_players
        self.dealer = 0
        self.round = 0
        self.deck: list[int] = []  # draw pile; the next card dealt is the last one
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.table: list[int] = []  # in the order laid
        self.captured: list[tuple[int, ...]] = [() for _ in range(self.n)]  # this round
        self.current: int | None = None
        self.last_capturer: int | None = None
        self.match_points: tuple[int, ...] = (0,) * self.n  # rounds already finished
        self.round_results: list[list[int]] = []
        self.last: tuple[int, int, tuple[int, ...]] | None = None  # seat, card, captured
        # Per seat, a mask of the ranks (bit ``rank``) it has shown it does not hold since
        # its hand was last filled: public knowledge from the forced capture (ZW-5).
        self.lacks: tuple[int, ...] = (0,) * self.n
        self.rng = Rng(0)  # part of the hidden state: same seed, same deals
        self._legal: list[PlayCard] | None = None

    # --- protocol -------------------------------------------------------------------------
    def clone(self) -> ZwickernState:
        s = ZwickernState.__new__(ZwickernState)
        s.game = self.game
        s.n = self.n
        s.dealer = self.dealer
        s.round = self.round
        # Copy on write: the pile, the table, each hand and the capture piles are shared
        # with the copy and replaced (never mutated) by whichever state changes them.
        s.deck = self.deck
        s.hands = self.hands[:]
        s.table = self.table
        s.captured = self.captured  # replaced (never mutated) when a pile grows
        s.current = self.current
        s.last_capturer = self.last_capturer
        s.match_points = self.match_points  # immutable, replaced at the end of a round
        s.round_results = self.round_results  # only ever replaced, never mutated
        s.last = self.last
        s.lacks = self.lacks  # immutable, replaced when it changes
        s.rng = self.rng  # shared until a deal draws from it (_deal copies it first)
        s._legal = None
        return s

    def legal_actions(self) -> list[PlayCard]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def _generate(self) -> list[PlayCard]:
        if self.current is None:
            return []
        hand = sorted(self.hands[self.current])
        if not hand:
            return []
        if hand[-1] == JOKER and len(hand) > 1 and hand[-2] == JOKER:
            del hand[-1]  # the two Jokers are one play
        table = self.table
        if table and self.game.forced_capture:
            # ZW-5: if a non-Joker hand card matches a table card's rank, capture is forced
            # (with a matching card or a Joker; a Joker may always be played). A Joker has no
            # rank (ZW-4), so it neither matches nor is matched here.
            ranks = 0
            for c in table:
                ranks |= RANK_BIT[c]
            matching = [PLAYS[c] for c in hand if ranks & RANK_BIT[c]]
            if matching:
                if hand[-1] == JOKER:
                    matching.append(PLAYS[JOKER])
                return matching
        return [PLAYS[c] for c in hand]

    def parse_action(self, text: str) -> PlayCard:
        return parse_action(text)

    def _apply_in_place(self, action: PlayCard) -> None:
        seat = self.current
        assert seat is not None
        card = action.card
        hands = self.hands  # this state's own list (clone copies it)
        hand = hands[seat][:]
        hand.remove(card)
        hands[seat] = hand
        table = self.table
        taken: list[int]
        if card == JOKER:
            # ZW-4: a Joker takes the whole table (table Jokers too); on an empty table it stays.
            taken = table
            self.table = []
        else:
            # ZW-3: a card takes every table card of its rank; table Jokers have no rank.
            bit = RANK_BIT[card]
            taken = [c for c in table if RANK_BIT[c] == bit]
            if taken:
                self.table = [c for c in table if RANK_BIT[c] != bit]
        if taken:
            captured = self.captured = self.captured[:]
            captured[seat] = (*captured[seat], *taken, card)
            self.last_capturer = seat
        else:
            if card != JOKER and self.game.forced_capture:
                # ZW-5: laying a card is allowed only when no hand card matches the table,
                # so everybody now knows this hand holds none of the table's ranks (a hand
                # only shrinks until the next deal, so this stays true until then).
                mask = 0
                for c in table:
                    mask |= RANK_BIT[c]
                if mask & ~self.lacks[seat]:
                    lacks = list(self.lacks)
                    lacks[seat] |= mask
                    self.lacks = tuple(lacks)
            self.table = [*table, card]
        self.last = (seat, card, tuple(taken))
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        nxt = self._next_seat(seat)
        if nxt is None and self.deck:  # all hands are empty
            self._redeal()  # ZW-6
            nxt = self._next_seat(seat)
        if nxt is None:
            self._end_round()
        else:
            self.current = nxt

    def _next_seat(self, seat: int) -> int | None:
        """The next seat with cards after ``seat`` (``seat`` itself last), or ``None``."""
        hands = self.hands
        n = self.n
        nxt = seat
        for _ in range(n):
            nxt += 1
            if nxt == n:
                nxt = 0
            if hands[nxt]:
                return nxt
        return None

    def _redeal(self) -> None:
        # ZW-6: up to 4 each, one card at a time from the seat left of the dealer, until the
        # pile is out; no table cards are added.
        deck = self.deck[:]
        hands = self.hands = [h[:] for h in self.hands]
        self.deck = deck
        self.lacks = (0,) * self.n  # new hands: nothing is known about them
        for _ in range(HAND_SIZE):
            for k in range(1, self.n + 1):
                if not deck:
                    return
                hands[(self.dealer + k) % self.n].append(deck.pop())

    def _end_round(self) -> None:
        # ZW-7: the table goes to the last player who captured (none if nobody did).
        if self.table and self.last_capturer is not None:
            captured = self.captured = self.captured[:]
            captured[self.last_capturer] += tuple(self.table)
            self.table = []
        points = self.round_points()
        self.round_results = [*self.round_results, points]
        self.match_points = tuple(m + p for m, p in zip(self.match_points, points, strict=True))
        if len(self.round_results) >= self.game.rounds and not self._tie_to_break():
            self.current = None
            return
        # ZW-9 (and ZW-10: an extra round is dealt the same way): the dealer moves one seat clockwise and deals the next round.
        self.round += 1
        self.dealer = (self.dealer + 1) % self.n
        self._deal()

    def _tie_to_break(self) -> bool:
        """ZW-10 with ``tie_break=extra_round``: two or more seats tied for the most
        match points play on."""
        if not self.game.extra_rounds:
            return False
        return self.match_points.count(max(self.match_points)) > 1

    def _deal(self) -> None:
        """Shuffle all 34 cards; 4 to each player, 4 open to the table (ZW-2)."""
        deck = list(FULL_DECK)
        rng = self.rng = self.rng.clone()  # clones share the generator until it is used
        rng.shuffle(deck)
        self.hands = [[] for _ in range(self.n)]
        self.captured = [() for _ in range(self.n)]
        for _ in range(HAND_SIZE):
            for k in range(1, self.n + 1):
                self.hands[(self.dealer + k) % self.n].append(deck.pop())
        self.table = [deck.pop() for _ in range(TABLE_SIZE)]
        self.deck = deck
        self.last_capturer = None
        self.last = None
        self.lacks = (0,) * self.n
        self.current = (self.dealer + 1) % self.n  # ZW-1: the seat left of the dealer starts

    # --- scoring --------------------------------------------------------------------------
    def round_points(self) -> list[int]:
        """Card points of this round's capture piles, plus the most-cards bonus (ZW-8)."""
        pts = [sum(CARD_POINTS[c] for c in pile) for pile in self.captured]
        counts = [len(pile) for pile in self.captured]
        best = max(counts)
        if best > 0 and counts.count(best) == 1:
            pts[counts.index(best)] += MOST_CARDS_BONUS
        return pts

    def scores(self) -> list[float]:
        """Match points: finished rounds, plus the running round while it is played."""
        if self.current is None:
            return [float(p) for p in self.match_points]
        points = CARD_POINTS.__getitem__
        running = [sum(map(points, pile)) for pile in self.captured]
        return [float(m + r) for m, r in zip(self.match_points, running, strict=True)]

    def winners(self) -> list[int]:
        if self.current is not None:
            return []
        best = max(self.match_points)
        return [s for s, p in enumerate(self.match_points) if p == best]

    def returns(self) -> list[float]:
        """Win share: the ``k`` seats tied for most points get ``1/k`` each, the rest 0."""
        w = self.winners()
        return [1.0 / len(w) if s in w else 0.0 for s in range(self.n)]

    # --- invariants -----------------------------------------------------------------------
    def check_invariants(self) -> None:
        cards = self.deck + self.table + [c for h in self.hands for c in h]
        cards += [c for p in self.captured for c in p]
        assert len(cards) == NUM_CARDS, f"{len(cards)} cards instead of {NUM_CARDS}"
        assert sorted(cards) == list(FULL_DECK), "the cards are not the 34 of the pack"
        assert sum(CARD_POINTS[c] for c in cards) == TOTAL_POINTS
        for r in self.round_results:
            # Below 120 only when nobody captured and the table stayed unclaimed (ZW-7).
            assert sum(r) <= TOTAL_POINTS + MOST_CARDS_BONUS, r
        assert list(self.match_points) == [sum(col) for col in zip(*self.round_results, strict=True)] or (
            not self.round_results and self.match_points == (0,) * self.n
        )
        if self.current is not None:
            assert self.hands[self.current], "the seat to move has no card"
        for hand, lacks in zip(self.hands, self.lacks, strict=True):
            assert not any(c != JOKER and lacks >> RANK[c] & 1 for c in hand), "a hand holds a rank it lacks"

    # --- JSON -----------------------------------------------------------------------------
    def to_json(self) -> JSON:
        return {
            "game": "zwickern",
            "options": dict(self.game.options),
            "round": self.round,
            "dealer": self.dealer,
            "current": self.current,
            "deck": [card_text(c) for c in self.deck],
            "hands": [[card_text(c) for c in sorted(h)] for h in self.hands],
            "table": [card_text(c) for c in self.table],
            "captured": [[card_text(c) for c in p] for p in self.captured],
            "last_capturer": self.last_capturer,
            "match_points": list(self.match_points),
            "round_results": [list(r) for r in self.round_results],
            "last": _last_json(self.last),
            "lacks": lacks_json(self.lacks),
            "rng": self.rng.state,
        }


def lacks_json(lacks: tuple[int, ...]) -> list[list[str]]:
    """Per seat, the ranks it is known not to hold (``["7", "K"]``)."""
    return [[RANKS[r] for r in range(len(RANKS)) if mask >> r & 1] for mask in lacks]


def _last_json(last: tuple[int, int, tuple[int, ...]] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    seat, card, taken = last
    return {"seat": seat, "card": CARD_TEXT[card], "captured": list(map(CARD_TEXT.__getitem__, taken))}
