"""Dog position and rules of play (DOG-5 … DOG-9); the board moves live in :mod:`moves`,
the deal and the exchange in :mod:`rounds`.

One state covers the whole game: rounds are dealt inside ``apply`` with the state's own
RNG. A round is: deal (DOG-5, DOG-6), the exchange (DOG-7: every seat gives one card in
turn order from the round's starting seat; a team's two cards change hands the moment the
second partner has chosen, so neither sees the other's card before choosing), then play
in turn order until all hands are empty. A seat that cannot play folds (DOG-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stammtisch.core.game import JSON
from stammtisch.core.package import PackageState
from stammtisch.core.rng import Rng
from stammtisch.games.dog import (
    coded,  # noqa: F401  (binds the classes the core makes)
    house_rules,
    rounds,
)
from stammtisch.games.dog import events as _events
from stammtisch.games.dog.actions import (
    FOLD,
    GIVE,
    MOVE,
    PLAY,
    SPLIT,
    STEAL,
    DogAction,
    body_after,
    format_notation,
    parse_action,
)
from stammtisch.games.dog.board import Board
from stammtisch.games.dog.cards import FULL_DECK, JOKER, NUM_CARDS, RANK_TEXT, card_text
from stammtisch.games.dog.moves import MoveGen, canonical, hand_ranks, notation_result, occupancy, team_home
from stammtisch.games.dog.rounds import EXCHANGE, HAND_SIZES, OVER, PLAYING
from stammtisch.games.dog.tables import moved_occupancy

if TYPE_CHECKING:
    from stammtisch.games.dog.game import DogGame

# Gives and the fold carry no position, so one object of each serves every state.
GIVE_ACTIONS: tuple[DogAction, ...] = tuple(DogAction(f"give {t}", GIVE, r) for r, t in enumerate(RANK_TEXT))
FOLD_ACTION = DogAction("fold", FOLD)


class DogState(PackageState[DogAction]):
    game: DogGame
    events_module = _events  # events_of, describe, card_census

    __slots__ = (
        "_by_text",
        "_last",
        "_legal",
        "_occ",
        "board",
        "current",
        "dealer",
        "discards",
        "folded",
        "fresh",
        "game",
        "gave",
        "gave_known",
        "given",
        "hands",
        "n",
        "phase",
        "pile",
        "pos",
        "rng",
        "round",
        "stolen",
        "swap_lock",
        "winner",
    )

    def __init__(self, game: DogGame) -> None:
        self.game = game
        self.board: Board = game.board
        n = game.num_players
        self.n = n
        self.pos: list[int] = [-1] * (4 * n)  # see board.py for the encoding
        self.fresh = 0  # bit i: peg i is fresh (DOG-11)
        self.hands: list[list[int]] = [[] for _ in range(n)]  # sorted ranks
        self.pile: list[int] = []  # draw pile; the next card dealt is the last
        self.discards: list[int] = []  # face up, in the order played
        self.round = 0
        self.dealer = 0
        self.phase = PLAYING
        self.current: int | None = None
        self.given: list[bool] = [False] * n  # this round's exchange: has chosen a card
        self.gave: list[int] = [-1] * n  # the card chosen (hidden from the others)
        # gave_known[s]: the card s gave is known (to s) to be in its partner's hand: set
        # when delivered, cleared once the partner discards a card of that rank.
        self.gave_known: list[bool] = [False] * n
        self.folded: list[bool] = [False] * n
        self.winner: int | None = None  # team index once over
        # DOG-24: cards taken by a theft and still known to be in the thief's hand, as
        # (thief, victim, card); the victim and the thief know, nobody else.
        self.stolen: tuple[tuple[int, int, int], ...] = ()
        # DOG-25: the two pegs the last swap exchanged, while neither has moved since.
        self.swap_lock: tuple[int, int] | None = None
        # The last play or fold: seat and action (its text is built when asked for).
        self._last: tuple[int, DogAction | str] | None = None
        self.rng = Rng(0)
        self._legal: list[DogAction] | None = None
        self._by_text: dict[str, DogAction] | None = None
        # The peg on each track field (-1: none), built when first needed and then kept
        # up to date by plain moves; None after a 7 or a move from elsewhere (rebuilt).
        self._occ: list[int] | None = None

    # --- protocol -------------------------------------------------------------------------
    @property
    def start_seat(self) -> int:
        """The seat that starts this round (DOG-5: the seat after the dealer, moving on)."""
        return (self.dealer + 1 + self.round) % self.n

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.round % len(HAND_SIZES)]

    @property
    def last(self) -> tuple[int, str] | None:
        """The last play or fold: seat and notation."""
        last = self._last
        if last is None:
            return None
        return (last[0], str(last[1]))

    @last.setter
    def last(self, value: tuple[int, str] | None) -> None:
        self._last = value

    def clone(self) -> DogState:
        """A copy sharing every list with this state: the lists of a state are never
        changed in place once it may have been cloned; whoever changes one replaces it
        (copy on write), so a clone costs a few attribute copies."""
        s = DogState.__new__(DogState)
        s.game = self.game
        s.board = self.board
        s.n = self.n
        s.pos = self.pos
        s.fresh = self.fresh
        s.hands = self.hands
        s.pile = self.pile
        s.discards = self.discards
        s.round = self.round
        s.dealer = self.dealer
        s.phase = self.phase
        s.current = self.current
        s.given = self.given
        s.gave = self.gave
        s.gave_known = self.gave_known
        s.folded = self.folded
        s.winner = self.winner
        s.stolen = self.stolen
        s.swap_lock = self.swap_lock
        s._last = self._last
        s.rng = self.rng  # shared until a deal draws from it (begin_round copies first)
        s._occ = self._occ
        s._legal = None
        s._by_text = None
        return s

    def legal_actions(self) -> list[DogAction]:
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def _generate(self) -> list[DogAction]:
        seat = self.current
        if seat is None:
            return []
        ranks, counts = hand_ranks(self.hands[seat])
        if self.phase == EXCHANGE:
            return [GIVE_ACTIONS[r] for r in ranks]
        game = self.game
        core = game.movegen
        got: list[DogAction] | None = None
        if core is not None:  # the compiled generator (see backend.py): same moves, same order
            got = core.moves(
                self.pos,
                self.fresh,
                seat,
                self.n,
                ranks,
                (self.pos, self.fresh),
                self.board.team_size,
                game.partner7,
            )  # None: a buffer of the core overflowed, use the pure engine
        if got is not None:
            acts = got  # a CodedActions (see coded.py), or []
        else:
            occ = self._occ
            if occ is None:
                occ = self._occ = occupancy(self.pos, self.board.track_len)
            acts = MoveGen(self.pos, self.fresh, seat, self.board, occ, game.partner7).actions(ranks, counts)
        if game.house_rules:
            acts = house_rules.filter_plays(self, seat, ranks, acts)
        return acts or [FOLD_ACTION]  # DOG-8

    def parse_action(self, text: str) -> DogAction:
        """Read a notation; a legal move written another way (a 7's parts in another order,
        ``Jo=K:start``, spacing, lower case) gives the canonical legal action."""
        n = parse_action(text, self.board)
        canon = format_notation(n, self.board)
        by_text = self._text_map()
        act = by_text.get(canon)
        if act is not None:
            return act
        if n.kind == "swap":
            (a, fa, _), (b, fb, _) = n.parts
            other = format_notation(type(n)("swap", n.card, n.value, ((b, fb, -1), (a, fa, -1))), self.board)
            act = by_text.get(other)
            if act is not None:
                return act
        if n.kind == "move" and self.phase == PLAYING and self.current is not None:
            # Another way to write a legal move: same card, same resulting position.
            res = notation_result(n, self.pos, self.fresh, self.current, self.board)
            if res is not None:
                target = canonical(res, self.n)
                for cand in self.legal_actions():
                    if (
                        cand.card == n.card
                        and cand.result is not None
                        and canonical(cand.result, self.n) == target
                    ):
                        return cand
        kind = {"fold": FOLD, "give": GIVE}.get(n.kind, PLAY)
        return DogAction(canon, kind, n.card)

    def _text_map(self) -> dict[str, DogAction]:
        if self._by_text is None:
            self._by_text = {a.text: a for a in self.legal_actions()}
        return self._by_text

    def _apply_in_place(self, action: DogAction) -> None:
        # Lists are replaced, never changed in place: clones share them (see clone).
        seat = self.current
        assert seat is not None
        self._legal = None
        self._by_text = None
        kind = action.kind
        # Who gave this seat its exchange card, and knows it is in this hand (DOG-7).
        partner = self.board.giver(seat)
        if kind == GIVE:
            rounds.give(self, seat, action.card)
            return
        if self.stolen:
            house_rules.forget_stolen(self, seat, action)
        if kind == STEAL:
            house_rules.steal(self, seat, partner, action)
            return
        hands = self.hands = self.hands[:]
        hand = hands[seat]
        if kind == FOLD:
            # DOG-8: the whole hand face up on the discards; out until the next round.
            if self.gave_known[partner] and self.gave[partner] in hand:
                self.gave_known = self.gave_known[:]
                self.gave_known[partner] = False
            self.discards = self.discards + hand
            hands[seat] = []
            self.folded = self.folded[:]
            self.folded[seat] = True
            self._last = (seat, "fold")
            self._advance(seat)
            return
        body = action.body
        if body is None or action.base is None:  # not taken from legal_actions(): look it up
            action = self._text_map()[action.text]
            body = action.body
            assert body is not None and action.base is not None
        card = action.card
        hand = hands[seat] = hand[:]
        hand.remove(card)
        self.discards = [*self.discards, card]
        if self.gave_known[partner] and self.gave[partner] == card:
            self.gave_known = self.gave_known[:]
            self.gave_known[partner] = False
        base, fresh = action.base
        self._last = (seat, action)
        before = self.pos
        if body[0] == MOVE and base is self.pos:  # the common case, done here
            i = body[1]
            y = body[2]
            j = body[3]
            x = base[i]
            pos = self.pos = self.pos[:]
            pos[i] = y
            if j >= 0:
                pos[j] = -1
            self.fresh = fresh & ~(1 << i)
            track = self.board.track_len
            occ = self._occ
            if occ is not None and x < track:
                occ = self._occ = occ[:]
                occ[x] = -1
                if y < track:
                    occ[y] = i  # whoever stood there is sent home
            into_himmel = y >= track
        else:
            self._occ = (
                moved_occupancy(self._occ, body, base, self.board.track_len) if base is self.pos else None
            )
            self.pos, self.fresh = body_after(body, base, fresh)
            into_himmel = body[0] == SPLIT or (body[0] == MOVE and body[2] >= self.board.track_len)
        if self.game.no_jack_reswap:
            house_rules.update_swap_lock(self, body, before)
        # DOG-9: only a move into the Himmel can bring a team home.
        if into_himmel and team_home(self.pos, seat, self.board):
            self.winner = self.board.team(seat)
            self.phase = OVER
            self.current = None
            return
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        n = self.n
        hands = self.hands
        s = seat
        for _ in range(n):
            s += 1
            if s == n:
                s = 0
            if hands[s]:
                self.current = s
                return
        self.round += 1
        self.begin_round()

    def begin_round(self) -> None:
        """Deal the round's hands (DOG-5, DOG-6) and open the exchange (DOG-7): see :mod:`rounds`."""
        rounds.deal(self)
        self._legal = None
        self._by_text = None

    def in_flight(self) -> list[int]:
        """Cards chosen in the exchange whose team has not all chosen yet."""
        return rounds.in_flight(self)

    # --- results --------------------------------------------------------------------------
    def team_himmel(self) -> list[int]:
        """Pegs in the Himmel per team (all teammates' pegs count; alone, per seat)."""
        track = self.board.track_len
        counts = [0] * self.board.num_teams
        for i, x in enumerate(self.pos):
            if x >= track:
                counts[self.board.team(i >> 2)] += 1
        return counts

    def scores(self) -> list[float]:
        """Per seat: its team's pegs in the Himmel (0 … 4 per teammate); all of them home
        means the team has won. Playing alone (DOG-21) these rank the players."""
        counts = self.team_himmel()
        return [float(counts[self.board.team(s)]) for s in range(self.n)]

    def returns(self) -> list[float]:
        """+1 for the seats of the winning team, -1 for all others; zeros while running."""
        if self.winner is None:
            return [0.0] * self.n
        return [1.0 if self.board.team(s) == self.winner else -1.0 for s in range(self.n)]

    # --- invariants -----------------------------------------------------------------------
    def check_invariants(self) -> None:
        n = self.n
        board = self.board
        track = board.track_len
        full = 4 * board.team_size
        cards = self.pile + self.discards + [c for h in self.hands for c in h] + self.in_flight()
        assert len(cards) == NUM_CARDS, f"{len(cards)} cards instead of {NUM_CARDS}"
        assert sorted(cards) == list(FULL_DECK), "the cards are not the 110 of the pack"
        assert len(self.pos) == 4 * n, "wrong number of pegs"
        seen: set[tuple[int, int]] = set()
        for i, x in enumerate(self.pos):
            assert -1 <= x < track + 4, f"peg {i} off the board: {x}"
            if x >= 0:
                key = (i >> 2, x) if x >= track else (-1, x)
                assert key not in seen, f"two pegs on field {board.field_text(x)}"
                seen.add(key)
            if self.fresh >> i & 1:
                assert x == board.start(i >> 2), f"fresh peg p{i} is not on its start field"
        assert self.fresh >> (4 * n) == 0, "fresh flag on a peg that does not exist"
        if self._occ is not None:
            assert self._occ == occupancy(self.pos, track), "kept track occupancy is stale"
        assert all(h == sorted(h) for h in self.hands)
        if self.phase == OVER:
            assert self.current is None and self.winner is not None
            assert self.team_himmel()[self.winner] == full, "the winning team is not home"
        else:
            assert self.current is not None and self.winner is None
            assert all(c < full for c in self.team_himmel()), "a team is home but the game runs"
            assert self.hands[self.current], "the seat to move has no card"
            if self.phase == PLAYING:
                assert all(self.given), "play began before the exchange was complete"
        for s in range(n):
            if self.folded[s]:
                assert not self.hands[s], "a folded seat still holds cards"

    # --- JSON -----------------------------------------------------------------------------
    def to_json(self) -> JSON:
        board = self.board
        n = self.n
        data: JSON = {
            "game": "dog",
            "options": dict(self.game.options),
            "round": self.round,
            "dealer": self.dealer,
            "phase": self.phase,
            "current": self.current,
            "pegs": [
                [board.token(self.pos[i], bool(self.fresh >> i & 1)) for i in range(4 * s, 4 * s + 4)]
                for s in range(n)
            ],
            "hands": [[RANK_TEXT[c] for c in h] for h in self.hands],
            "pile": [RANK_TEXT[c] for c in self.pile],
            "discards": [RANK_TEXT[c] for c in self.discards],
            "exchange": {
                "given": list(self.given),
                "gave": [card_text(c) if c >= 0 else None for c in self.gave],
                "known": list(self.gave_known),
            },
            "folded": list(self.folded),
            "winner": self.winner,
            "last": None if self.last is None else {"seat": self.last[0], "action": self.last[1]},
            "rng": self.rng.state,
        }
        if self.game.two_steals:  # DOG-24
            data["stolen"] = [[t, v, card_text(c)] for t, v, c in self.stolen]
        if self.game.no_jack_reswap:  # DOG-25
            data["swap_lock"] = None if self.swap_lock is None else list(self.swap_lock)
        return data


__all__ = ["EXCHANGE", "HAND_SIZES", "JOKER", "OVER", "PLAYING", "DogState"]
