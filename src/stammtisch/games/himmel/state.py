"""Himmel position and rules (HAZ-1 … HAZ-9); the legal moves live in :mod:`moves`.

The state covers a whole match of ``games`` games. Everything between two player
decisions (refilling, the victim's redraw, searching the draw pile for a target, scoring,
dealing the next game) happens inside ``apply``, driven by the state's own RNG.

Storage is flat and cheap to clone: the draw pile is a tuple shared by clones and a count
of the cards still in it (drawing lowers the count; the next card drawn is the last one
counted); hands (kept sorted) and penalty piles are tuples that are replaced, never
mutated, so clones share them; the targets and the piles are pairs of such tuples. Knowledge is a chain of events starting
from a snapshot of facts (see ``knowledge.py``), worked out only when asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stammtisch.core.game import JSON
from stammtisch.core.package import PackageState
from stammtisch.core.rng import Rng
from stammtisch.games.himmel import events as _events
from stammtisch.games.himmel import invariants
from stammtisch.games.himmel import knowledge as kn
from stammtisch.games.himmel.actions import (
    Action,
    Play,
    Raise,
    Steal,
    Take,
    parse_action,
)
from stammtisch.games.himmel.cards import (
    FULL_DECK,
    HAND_SIZE,
    NUM_NUMBERS,
    RAISE,
    STEAL,
    TURN,
    card_text,
    card_texts,
)
from stammtisch.games.himmel.knowledge import BACK, DRAW, DRAW1, LEAVE, SWAP
from stammtisch.games.himmel.knowledge import STEAL as STEAL_EVENT
from stammtisch.games.himmel.moves import Pair

if TYPE_CHECKING:
    from stammtisch.games.himmel.game import HimmelGame

# (seat, action, stolen card or None)
Last = tuple[int, Action, int | None]


class HimmelState(PackageState[Action]):
    game: HimmelGame
    events_module = _events  # events_of, describe, card_census

    __slots__ = (
        "_deck",
        "_dn",
        "_kev",
        "_legal",
        "current",
        "direction",
        "game",
        "game_no",
        "hands",
        "last",
        "marker",
        "n",
        "penalty",
        "piles",
        "results",
        "revealed",
        "rng",
        "start",
        "targets",
    )

    def __init__(self, game: HimmelGame) -> None:
        self.game = game
        self.n: int = game.num_players
        self._deck: tuple[int, ...] = ()  # the draw pile is _deck[:_dn]
        self._dn = 0  # cards in the draw pile; the next card drawn is _deck[_dn - 1]
        self.hands: list[tuple[int, ...]] = [() for _ in range(self.n)]  # sorted
        self.targets: Pair = ((), ())  # per pile, bottom first; the last is the target
        self.piles: Pair = ((), ())  # number cards laid, bottom first
        self.penalty: list[tuple[int, ...]] = [() for _ in range(self.n)]  # Misthaufen
        self.marker = 0  # the pile to be taken (0 = A, 1 = B)
        self.direction = 1  # +1 clockwise, -1 counter-clockwise
        self.current: int | None = None
        self.start = 0  # who started this game
        self.game_no = 0
        self.results: tuple[tuple[int, ...], ...] = ()  # penalties of finished games
        self._kev: kn.Event = kn.known_event(((),) * self.n)  # the latest knowledge event
        self.last: Last | None = None
        self.revealed: tuple[int, ...] = ()  # cards turned up by the latest search
        self.rng = Rng(0)
        self._legal: list[Action] | None = None

    # --- protocol -------------------------------------------------------------------------
    @property
    def deck(self) -> list[int]:
        """The draw pile, a fresh list; the next card drawn is the last one."""
        return list(self._deck[: self._dn])

    @deck.setter
    def deck(self, cards: list[int]) -> None:
        self._deck = tuple(cards)
        self._dn = len(self._deck)

    @property
    def deck_size(self) -> int:
        """Cards in the draw pile (public: the view's ``deck_size``)."""
        return self._dn

    @property
    def known(self) -> list[kn.Facts]:
        """Per seat, its facts about where hidden cards are (a fresh list)."""
        ev = self._kev
        if ev[1] != kn.KNOWN:
            ev = self._kev = kn.known_event(kn.replay(self.n, ev))
        return list(ev[2])

    @known.setter
    def known(self, facts: list[kn.Facts]) -> None:
        self._kev = kn.known_event(tuple(facts))

    def clone(self) -> HimmelState:
        s = HimmelState.__new__(HimmelState)
        s.game = self.game
        s.n = self.n
        s._deck = self._deck
        s._dn = self._dn
        s.hands = self.hands[:]
        s.targets = self.targets
        s.piles = self.piles
        s.penalty = self.penalty[:]
        s.marker = self.marker
        s.direction = self.direction
        s.current = self.current
        s.start = self.start
        s.game_no = self.game_no
        s.results = self.results
        s._kev = self._kev
        s.last = self.last
        s.revealed = self.revealed
        s.rng = self.rng  # copied before the first draw (see _draw_rng)
        s._legal = None
        return s

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def legal_actions(self) -> list[Action]:
        acts = self._legal
        if acts is None:
            acts = self._legal = self.game.legal_fn(
                self.hands, self.current, self.targets, self.piles, self._dn
            )
        return acts

    def apply_unchecked(self, action: Action, *, events: bool = True) -> HimmelState:
        """``State.apply_unchecked``, with the common step built here in one go (four steps
        in five of a random game): a number card leaves a full hand, laid on a pile
        (HAZ-3) or as the new target when taking (HAZ-7), and the top card of the draw pile
        replaces it (HAZ-6). Every other step is a clone and ``_apply_in_place``, the
        specification, which gives the same state for these steps too (tested)."""
        seat = self.current
        dn = self._dn
        act: Any = action  # its type is checked by identity here, which mypy does not follow
        kind = type(act)
        if dn and seat is not None and (kind is Play or (kind is Take and act.target is not None)):
            hand = self.hands[seat]
            if len(hand) == HAND_SIZE:
                s = HimmelState.__new__(HimmelState)
                card: int
                if kind is Play:
                    card = act.card
                    pa, pb = self.piles
                    s.piles = (pa, (*pb, card)) if act.pile else ((*pa, card), pb)
                    s.targets = self.targets
                    s.penalty = self.penalty[:]
                    s.marker = self.marker
                else:  # take the marked pile, lay ``card`` as its new target
                    card = act.target
                    p = self.marker
                    ta, tb = self.targets
                    pa, pb = self.piles
                    penalty = s.penalty = self.penalty[:]
                    if p:
                        penalty[seat] += tb + pb
                        s.piles = (pa, ())
                        s.targets = (ta, (card,))
                    else:
                        penalty[seat] += ta + pa
                        s.piles = ((), pb)
                        s.targets = ((card,), tb)
                    s.marker = 1 - p
                dn -= 1
                drawn = self._deck[dn]
                h = list(hand)
                h[h.index(card)] = drawn
                h.sort()
                hands = s.hands = self.hands[:]
                hands[seat] = tuple(h)
                s.game = self.game
                n = s.n = self.n
                s._deck = self._deck
                s._dn = dn
                direction = s.direction = self.direction
                s.current = (seat + direction) % n
                s.start = self.start
                s.game_no = self.game_no
                s.results = self.results
                s._kev = (self._kev, SWAP, seat, card, drawn)
                s.last = (seat, action, None)
                s.revealed = ()
                s.rng = self.rng
                s._legal = None
                if events:
                    s._origin = (self.clone(), action)
                return s
        new = self.clone()
        new._apply_in_place(action)
        if events:
            new._origin = (self.clone(), action)
        return new

    # --- rules ----------------------------------------------------------------------------
    def _apply_in_place(self, action: Action) -> None:
        seat = self.current
        assert seat is not None
        hands = self.hands
        self.revealed = ()
        stolen: int | None = None
        # ``h``: the mover's hand after the action, as a list, refilled below.
        if isinstance(action, Take):
            taken = self._take(seat, action.target)
            if taken is None:
                self.last = (seat, action, None)
                self._end_game()
                return
            h = taken
        elif isinstance(action, Play):
            card = action.card
            h = list(hands[seat])
            h.remove(card)
            pa, pb = self.piles
            self.piles = (pa, (*pb, card)) if action.pile else ((*pa, card), pb)
            self._kev = (self._kev, LEAVE, seat, card)
        elif isinstance(action, Steal):
            hands[seat] = _without(hands[seat], STEAL)
            self.penalty[seat] += (STEAL,)
            self._kev = (self._kev, LEAVE, seat, STEAL)
            stolen = self._steal(seat, action.victim)
            h = list(hands[seat])
        elif isinstance(action, Raise):
            h = list(hands[seat])
            h.remove(RAISE)
            h.remove(action.card)
            self.penalty[seat] += (RAISE,)
            # HAZ-5: the old target stays in the pile, under the new one.
            ta, tb = self.targets
            up = action.card
            self.targets = (ta, (*tb, up)) if action.pile else ((*ta, up), tb)
            self._kev = ((self._kev, LEAVE, seat, RAISE), LEAVE, seat, up)
        else:  # Turn
            h = list(hands[seat])
            h.remove(TURN)
            self.penalty[seat] += (TURN,)
            self.direction = -self.direction
            self._kev = (self._kev, LEAVE, seat, TURN)
        self.last = (seat, action, stolen)
        # HAZ-6: refill the hand as far as the draw pile goes.
        dn = self._dn
        k = HAND_SIZE - len(h)
        if k > dn:
            k = dn
        if k == 1:  # the common case: one card played, one drawn
            dn -= 1
            card = self._deck[dn]
            self._dn = dn
            h.append(card)
            h.sort()
            self._kev = (self._kev, DRAW1, seat, card)
        elif k > 0:
            drawn = self._deck[dn - k : dn]
            self._dn = dn - k
            h += drawn
            h.sort()
            self._kev = (self._kev, DRAW, seat, drawn)
        hands[seat] = tuple(h)
        self.current = (seat + self.direction) % self.n

    def _draw_rng(self) -> Rng:
        """This state's own copy of the RNG: clones share one until they draw from it."""
        rng = self.rng = Rng(self.rng.state)
        return rng

    def _steal(self, thief: int, victim: int) -> int:
        """HAZ-5: a random card of the victim goes to the thief; the victim redraws at once."""
        hands = self.hands
        vhand = hands[victim]
        card = vhand[self._draw_rng().randbelow(len(vhand))]
        vhand = _without(vhand, card)
        hands[thief] = tuple(sorted((*hands[thief], card)))
        self._kev = (self._kev, STEAL_EVENT, thief, (victim, card))
        if self._dn:
            self._dn -= 1
            drawn = self._deck[self._dn]
            vhand = tuple(sorted((*vhand, drawn)))
            self._kev = (self._kev, DRAW1, victim, drawn)
        hands[victim] = vhand
        return card

    def _take(self, seat: int, target: int | None) -> list[int] | None:
        """HAZ-7: the taker's hand after taking (not yet refilled); ``None`` when the game
        ends with this take."""
        p = self.marker
        ta, tb = self.targets
        pa, pb = self.piles
        if p:
            self.penalty[seat] += tb + pb
            self.piles = (pa, ())
        else:
            self.penalty[seat] += ta + pa
            self.piles = ((), pb)
        new: tuple[int, ...] = ()
        h: list[int] | None = None
        if self._dn:  # with an empty draw pile the game ends at once
            self.marker = 1 - p
            h = list(self.hands[seat])
            if target is not None:
                h.remove(target)
                new = (target,)
                self._kev = (self._kev, LEAVE, seat, target)
            else:
                found = self._reveal_numbers(1)
                if found:
                    new = (found[0],)
                else:
                    h = None  # only special cards were left
        self.targets = (ta, new) if p else (new, tb)
        return h

    def _reveal_numbers(self, count: int) -> list[int]:
        """Turn up cards until ``count`` number cards lie open or the draw pile runs out; the
        revealed specials go back into it, shuffled (HAZ-2 at setup, HAZ-7 when taking)."""
        deck = self._deck
        dn = self._dn
        revealed: list[int] = []
        found: list[int] = []
        while dn and len(found) < count:
            dn -= 1
            card = deck[dn]
            revealed.append(card)
            if card <= NUM_NUMBERS:
                found.append(card)
        self.revealed = tuple(revealed)
        specials = [c for c in revealed if c > NUM_NUMBERS]
        if specials:
            rest = [*deck[:dn], *specials]
            self.game.shuffle_fn(self._draw_rng(), rest)
            self.deck = rest
            self._kev = (self._kev, BACK, None, tuple(specials))
        else:
            self._dn = dn
        return found

    def _end_game(self) -> None:
        self.results = (*self.results, tuple(len(p) for p in self.penalty))
        self._legal = None
        if len(self.results) >= self.game.num_games:
            self.current = None
            return
        # A match goes on: the next game is started by the next seat clockwise.
        self.game_no += 1
        self.deal((self.start + 1) % self.n)

    def deal(self, start: int) -> None:
        """Shuffle all 85 cards, deal 5 each, reveal the two targets (HAZ-1, HAZ-2)."""
        deck = list(FULL_DECK)
        self.game.shuffle_fn(self._draw_rng(), deck)
        # Cards are drawn from the end: seat 0 gets the last five, seat 1 the five before...
        top = len(deck)
        self.hands = [
            tuple(sorted(deck[top - HAND_SIZE * (s + 1) : top - HAND_SIZE * s])) for s in range(self.n)
        ]
        self.deck = deck[: top - HAND_SIZE * self.n]
        self._kev = kn.known_event(((),) * self.n)
        found = self._reveal_numbers(2)
        # HAZ-2: the first revealed number is pile A's target and carries the marker.
        self.targets = ((found[0],), (found[1],))
        self.piles = ((), ())
        self.penalty = [() for _ in range(self.n)]
        self.marker = 0
        self.direction = 1
        self.start = start
        self.current = start
        self.last = None
        self._legal = None

    # --- scoring --------------------------------------------------------------------------
    def penalties(self) -> list[int]:
        """Penalty points per seat over the match: finished games plus the running one."""
        totals = [0] * self.n
        for row in self.results:
            for s in range(self.n):
                totals[s] += row[s]
        if self.current is not None:
            for s in range(self.n):
                totals[s] += len(self.penalty[s])
        return totals

    def scores(self) -> list[float]:
        """HAZ-9: penalty cards are minus points, so a seat's score is ``-penalties``."""
        return [float(-p) for p in self.penalties()]

    def winners(self) -> list[int]:
        if self.current is not None:
            return []
        pens = self.penalties()
        best = min(pens)
        return [s for s in range(self.n) if pens[s] == best]

    def returns(self) -> list[float]:
        """Win share: the ``k`` seats tied for fewest penalties get ``1/k`` each (HAZ-9)."""
        w = self.winners()
        return [1.0 / len(w) if s in w else 0.0 for s in range(self.n)]

    # --- invariants -----------------------------------------------------------------------
    def check_invariants(self) -> None:
        invariants.check(self)

    # --- JSON -----------------------------------------------------------------------------
    def to_json(self) -> JSON:
        return {
            "game": "himmel",
            "options": dict(self.game.options),
            "game_no": self.game_no,
            "start": self.start,
            "current": self.current,
            "direction": self.direction,
            "marker": "AB"[self.marker],
            "piles": [
                {"targets": card_texts(self.targets[p]), "cards": card_texts(self.piles[p])} for p in range(2)
            ],
            "hands": [card_texts(h) for h in self.hands],
            "penalty": [card_texts(p) for p in self.penalty],
            "deck": card_texts(reversed(self.deck)),
            "known": [kn.facts_json(f) for f in self.known],
            "results": [list(r) for r in self.results],
            "last": last_json(self.last, True),
            "revealed": card_texts(self.revealed),
            "rng": self.rng.state,
        }


def last_json(last: Last | None, show_stolen: bool) -> JSON | None:
    if last is None:
        return None
    seat, action, stolen = last
    out: JSON = {"seat": seat, "action": str(action)}
    if stolen is not None and show_stolen:
        out["stolen"] = card_text(stolen)
    return out


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]
