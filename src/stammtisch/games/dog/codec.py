"""Dog's fixed integer actions and observation tensor, for learning code.

A flat action space cannot hold Dog's split 7 (up to seven parts over several pegs) or the
Joker's choice of value, so a turn is a short sequence of tokens: first the card, then
what the card needs (``num_actions == 175``, ``max_tokens == 17``).

Sequences: ``fold``; ``give r``; ``card start``; ``card [value] peg field`` for a move;
``card [value] peg peg`` for a Jack swap; ``card [value] (peg field)… end`` for a 7,
with the parts in the order they are played (the start of each part is where the peg
stands then, so only the destination is a token).

Observation: floats in ``[0, 1]`` from one seat's view. Seats are *relative*: slot 0 is
the observer, slot 1 the next seat in the direction of play, up to 6 slots; unused slots
are 0. Track fields are relative too (unit 0 is the observer's start field).

The tables of tokens and observation indices (index, size, meaning) are in the docstring of
:mod:`stammtisch.rl.dog`, the environments' documentation; a test keeps them in step with
``Codec.observation_fields``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.games.dog.actions import DogAction, parse_action
from stammtisch.games.dog.cards import COPIES, JOKER, NUM_CARDS, NUM_RANKS, RANK_TEXT, SEVEN, parse_card
from stammtisch.games.dog.codec_fast import (
    CARD0,
    END,
    FIELD0,
    FOLD,
    GIVE0,
    HIMMEL0,
    HOUSE_RULES,
    MAX_SEATS,
    PEG0,
    START,
    STEAL,
    TRACK,
    VALUE0,
    VICTIM0,
    encode_state,
    legal_tokens,
)
from stammtisch.games.dog.game import DogGame
from stammtisch.games.dog.state import DogState

FIELDS: tuple[tuple[str, int, str], ...] = (
    ("hand", NUM_RANKS, "own hand: cards per rank / 6"),
    ("discards", NUM_RANKS, "discarded cards per rank / copies in the pack"),
    ("unseen", NUM_RANKS, "cards unseen by this seat per rank / copies in the pack"),
    (
        "track",
        TRACK * MAX_SEATS,
        "pegs on the track: 96 relative fields per relative seat (owner), 1 = a peg",
    ),
    ("kennel", MAX_SEATS, "pegs in the kennel / 4, per relative seat"),
    ("himmel", 4 * MAX_SEATS, "pegs in the Himmel: fields H1..H4 per relative seat"),
    ("fresh", MAX_SEATS, "a fresh peg on its start field (DOG-11), per relative seat"),
    ("hand_sizes", MAX_SEATS, "hand size / 6, per relative seat"),
    ("deck_size", 1, "draw pile size / 110"),
    ("round_hand", 1, "hand size of this round / 6"),
    ("phase", 2, "phase: exchange, play (one-hot)"),
    ("seats", MAX_SEATS, "seat is in the game, per relative seat (a player-count marker)"),
    ("team", MAX_SEATS, "seat is in the observer's team, per relative seat"),
    ("to_move", MAX_SEATS, "seat to move (one-hot relative seat; all 0 when the game is over)"),
    ("moves_for", MAX_SEATS, "seat whose pegs the mover moves (one-hot relative seat; helping, DOG-19)"),
    ("dealer", MAX_SEATS, "dealer (one-hot relative seat)"),
    ("starter", MAX_SEATS, "seat that started this round (one-hot relative seat)"),
    ("folded", MAX_SEATS, "has folded this round, per relative seat"),
    ("given", MAX_SEATS, "has chosen its exchange card, per relative seat"),
    ("gave", NUM_RANKS, "exchange: the card this seat gave (one-hot rank)"),
    ("received", NUM_RANKS, "exchange: the card this seat received (one-hot rank)"),
    ("gave_known", 1, "exchange: the card given is still known to be in the partner's hand"),
    ("last_seat", MAX_SEATS, "last play: its seat (one-hot relative seat)"),
    ("last_card", NUM_RANKS, "last play: the card (one-hot rank)"),
    ("himmel_team", MAX_SEATS, "team pegs in the Himmel / all the team's pegs, per relative seat"),
    ("rules", 4, "house rules on: seven_with_partner, two_steals, no_jack_reswap, last_peg_no_joker"),
    ("swap_lock", 4 * MAX_SEATS, "the two pegs the last swap locked (DOG-25), per relative peg"),
)

_RANK = {t: r for r, t in enumerate(RANK_TEXT)}


class Codec:
    """Dog codec; see the module docstring for the tables."""

    num_actions = 175  # sized for the largest variant: 6 seats, 96 fields, thefts
    max_tokens = 17  # card, Joker value, seven (peg, field) parts, end
    observation_fields = FIELDS
    observation_size = sum(size for _, size, _ in FIELDS)

    def __init__(self, game: DogGame) -> None:
        self.game = game
        self.board = game.board
        self.players = game.num_players
        self.pegs = 4 * self.players
        self.track = self.board.track_len
        self.seat_teams = tuple(self.board.team(s) for s in range(self.players))
        # DOG-20: the engine never truncates; environments cap and report truncation.
        self.max_moves: int | None = None
        # returns(): +1 for the winning team's seats, -1 for the others. Zero-sum with two
        # teams, but not alone with 3 or 5 players or with three teams; OpenSpiel registers
        # one game type for every variant, so Dog is declared general-sum throughout.
        total: float | None = None
        self.returns_range: tuple[float, float, float | None] = (-1.0, 1.0, total)
        self._off: dict[str, int] = {}
        start = 0
        for name, size, _ in FIELDS:
            self._off[name] = start
            start += size

    # --- actions --------------------------------------------------------------------------
    def _field(self, f: int, seat: int) -> int:
        if f >= self.track:
            return HIMMEL0 + (f - self.track)
        return FIELD0 + (f - self.board.start(seat)) % self.track

    def _peg(self, peg: int, seat: int) -> int:
        return PEG0 + (peg - 4 * seat) % self.pegs

    def tokens(self, action: DogAction, seat: int) -> tuple[int, ...]:
        n = parse_action(action.text, self.board)
        if n.kind == "fold":
            return (FOLD,)
        if n.kind == "give":
            return (GIVE0 + n.card,)
        head = [CARD0 + n.card]
        if n.card == JOKER and n.kind != "start":
            head.append(VALUE0 + n.value)
        if n.kind == "start":
            return (*head, START)
        if n.kind == "steal":
            return (*head, STEAL, VICTIM0 + (n.parts[0][0] - seat) % self.players)
        if n.kind == "swap":
            (a, _, _), (b, _, _) = n.parts
            return (*head, self._peg(a, seat), self._peg(b, seat))
        out = head
        for peg, _, to in n.parts:
            out.append(self._peg(peg, seat))
            out.append(self._field(to, seat))
        if n.effective == SEVEN:
            out.append(END)
        return tuple(out)

    def token_text(self, token: int) -> str:
        if token == FOLD:
            return "fold"
        if token < CARD0:
            return f"give {RANK_TEXT[token - GIVE0]}"
        if token < VALUE0:
            return RANK_TEXT[token - CARD0]
        if token < START:
            return f"={RANK_TEXT[token - VALUE0]}"
        if token == START:
            return "start"
        if token < FIELD0:
            return f"peg +{token - PEG0}"
        if token < HIMMEL0:
            return f"field +{token - FIELD0}"
        if token < END:
            return f"H{token - HIMMEL0 + 1}"
        if token == END:
            return "end"
        if token == STEAL:
            return "steal"
        if VICTIM0 <= token < VICTIM0 + MAX_SEATS:
            return f"seat +{token - VICTIM0}"
        raise ValueError(f"token {token} outside 0..{self.num_actions - 1}")

    # --- observation ----------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], out: Any) -> None:
        o = self._off
        n = self.players
        track = self.track
        out[:] = 0.0
        seat = view["seat"]
        me = 0 if seat is None else int(seat)
        hand = view.get("hand", [])
        counts = [0] * NUM_RANKS
        for text in hand:
            counts[_RANK[text]] += 1
        seen = counts[:]
        for r, c in enumerate(counts):
            out[o["hand"] + r] = c / 6
        discards = [0] * NUM_RANKS
        for text in view["discards"]:
            discards[_RANK[text]] += 1
        for r in range(NUM_RANKS):
            out[o["discards"] + r] = discards[r] / COPIES[r]
            out[o["unseen"] + r] = (COPIES[r] - discards[r] - seen[r]) / COPIES[r]
        received = view["exchange"].get("received")
        gave = view["exchange"].get("gave")
        if gave is not None:
            out[o["gave"] + parse_card(gave)] = 1.0
        if received is not None:
            out[o["received"] + parse_card(received)] = 1.0
        out[o["gave_known"]] = 1.0 if view["exchange"].get("known") else 0.0
        team_of = {s: t for t, members in enumerate(view["teams"]) for s in members}
        starts = self.board.starts
        full = 4 * self.board.team_size
        options = view.get("options", {})
        for k, rule in enumerate(HOUSE_RULES):
            out[o["rules"] + k] = 1.0 if options.get(rule) else 0.0
        for peg in view.get("swap_lock") or ():
            out[o["swap_lock"] + (peg - 4 * me) % self.pegs] = 1.0
        scores = view["scores"]
        for s in range(n):
            r = (s - me) % n
            kennel = 0
            for token in view["pegs"][s]:
                if token == "K":
                    kennel += 1
                elif token == "S":
                    out[o["fresh"] + r] = 1.0
                    out[o["track"] + TRACK * r + (starts[s] - starts[me]) % track] = 1.0
                elif token[0] == "H":
                    out[o["himmel"] + 4 * r + int(token[1:]) - 1] = 1.0
                else:
                    out[o["track"] + TRACK * r + (int(token) - starts[me]) % track] = 1.0
            out[o["kennel"] + r] = kennel / 4
            out[o["hand_sizes"] + r] = view["hand_sizes"][s] / 6
            out[o["seats"] + r] = 1.0
            out[o["team"] + r] = 1.0 if team_of[s] == team_of[me] else 0.0
            out[o["folded"] + r] = 1.0 if view["folded"][s] else 0.0
            out[o["given"] + r] = 1.0 if view["exchange"]["given"][s] else 0.0
            out[o["himmel_team"] + r] = scores[s] / full
        out[o["deck_size"]] = view["deck_size"] / NUM_CARDS
        out[o["round_hand"]] = view["hand_size"] / 6
        phase = view["phase"]
        if phase == "exchange":
            out[o["phase"]] = 1.0
        elif phase == "play":
            out[o["phase"] + 1] = 1.0
        for key, name in (
            ("current_player", "to_move"),
            ("moves_for", "moves_for"),
            ("dealer", "dealer"),
            ("start_seat", "starter"),
        ):
            v = view[key]
            if v is not None:
                out[o[name] + (v - me) % n] = 1.0
        last = view["last"]
        if last is not None:
            out[o["last_seat"] + (last["seat"] - me) % n] = 1.0
            text = last["action"]
            if text != "fold" and not text.startswith("give"):
                head = text.split(":", 1)[0].split("=", 1)[0]
                out[o["last_card"] + parse_card(head)] = 1.0

    # --- the fast path (see :mod:`.codec_fast`) ----------------------------------------------
    def encode_state(self, state: DogState, seat: int, out: Any) -> None:
        """What :meth:`encode` writes for ``state.observe(seat)``, read straight from the
        state (no view is built; a state on the compiled core stays there)."""
        encode_state(self, state, seat, out)

    def legal_tokens(self, legal: Sequence[DogAction], seat: int) -> list[tuple[int, ...]]:
        """``[self.tokens(a, seat) for a in legal]``, from move codes and bodies (no text)."""
        return legal_tokens(self, legal, seat)
