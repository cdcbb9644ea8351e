"""Reading a Dog position from JSON (``to_json`` output or written by hand).

Everything has a default, so a hand-written position names only what matters::

    {"pegs": [["S", 12], [], [40], []], "hands": [["7", "Jo"], ["5"], ["K"], ["2"]]}

* ``pegs``: per seat up to 4 places (missing pegs are in the kennel): a track field number,
  ``"H1"`` … ``"H4"``, ``"K"`` (kennel) or ``"S"`` (a *fresh* peg on its own start field;
  the start field's number instead means an ordinary peg that got there by moving).
  Seat ``s``'s list gives pegs ``p{4s}`` … ``p{4s+3}`` in order. Default: all in kennels.
* ``hands``: per seat, card texts (``A 2 … 10 J Q K Jo``). Default: empty hands.
* ``phase``: ``"play"`` (default), ``"exchange"`` or ``"over"``.
* ``round``: 0 (hand size 6). ``current``: the seat to act; default the round's starting
  seat. ``dealer``: default the seat that makes ``current`` the starting seat (else the
  last seat).
* ``pile``: default every card not named elsewhere, in pack order (dealt from the end).
  ``discards``: default none.
* ``exchange``: ``{"given": [..bool..], "gave": [..card or null..], "known": [..bool..]}``;
  default: in play every seat has given (cards unknown), in the exchange nobody has.
  A card given by a seat whose partner has not chosen yet is in flight (counted apart).
* ``folded`` (default none), ``winner`` (team, default: a team with all pegs home),
  ``last`` (``{"seat", "action"}``, default null), ``rng`` (int, default 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import PositionError
from stammtisch.core.position import checked, reading, rest_of_pack
from stammtisch.core.rng import Rng
from stammtisch.games.dog.cards import FULL_DECK, parse_card
from stammtisch.games.dog.state import EXCHANGE, OVER, PLAYING, DogState

if TYPE_CHECKING:
    from stammtisch.games.dog.game import DogGame


def read_position(game: DogGame, data: Mapping[str, Any]) -> DogState:
    game.check_json_header(data)
    n = game.num_players
    board = game.board
    s = DogState(game)
    with reading("Dog position"):
        pegs = data.get("pegs", [[] for _ in range(n)])
        if len(pegs) != n:
            raise PositionError(reason=f"'pegs' needs {n} seats")
        for seat, places in enumerate(pegs):
            if len(places) > 4:
                raise PositionError(reason=f"seat {seat} has more than 4 pegs")
            for k, token in enumerate(places):
                place, fresh = board.parse_token(seat, token)
                s.pos[4 * seat + k] = place
                if fresh:
                    s.fresh |= 1 << (4 * seat + k)
        s.hands = [sorted(parse_card(c) for c in h) for h in data.get("hands", [[] for _ in range(n)])]
        if len(s.hands) != n:
            raise PositionError(reason=f"'hands' needs {n} seats")
        s.discards = [parse_card(c) for c in data.get("discards", [])]
        s.phase = str(data.get("phase", PLAYING))
        if s.phase not in (PLAYING, EXCHANGE, OVER):
            raise PositionError(reason=f"unknown phase {s.phase!r}")
        s.round = int(data.get("round", 0))
        if s.round < 0:
            raise PositionError(reason="'round' cannot be negative")
        cur = data.get("current", "default")
        if "dealer" in data:
            s.dealer = int(data["dealer"])
        elif isinstance(cur, int) and not isinstance(cur, bool):
            s.dealer = (cur - 1 - s.round) % n
        else:
            s.dealer = n - 1
        if not 0 <= s.dealer < n:
            raise PositionError(reason="'dealer' is not a seat")
        ex = data.get("exchange") or {}
        default_given = s.phase != EXCHANGE
        s.given = [bool(x) for x in ex.get("given", [default_given] * n)]
        s.gave = [-1 if c is None else parse_card(c) for c in ex.get("gave", [None] * n)]
        s.gave_known = [bool(x) for x in ex.get("known", [False] * n)]
        s.folded = [bool(x) for x in data.get("folded", [False] * n)]
        if not (len(s.given) == len(s.gave) == len(s.gave_known) == len(s.folded) == n):
            raise PositionError(reason=f"'exchange' and 'folded' need {n} entries")
        for seat in range(n):
            in_flight = s.phase == EXCHANGE and s.given[seat] and not s.given[board.partner(seat)]
            if in_flight and s.gave[seat] < 0:
                raise PositionError(reason=f"seat {seat}'s card in flight is not named")
        if "pile" in data:
            s.pile = [parse_card(c) for c in data["pile"]]
        else:
            rest = rest_of_pack(FULL_DECK, (*s.hands, s.discards, s.in_flight()))
            s.pile = sorted(rest.elements(), reverse=True)
        home = [t for t, c in enumerate(s.team_himmel()) if c == 8]
        winner = data.get("winner", home[0] if home else None)
        s.winner = None if winner is None else int(winner)
        if s.winner is not None:
            s.phase = OVER
        if s.phase == OVER:
            s.current = None
        elif cur == "default":
            s.current = s.start_seat
        else:
            s.current = int(cur)
            if not 0 <= s.current < n:
                raise PositionError(reason="'current' is not a seat")
        last = data.get("last")
        s.last = None if last is None else (int(last["seat"]), str(last["action"]))
        s.rng = Rng(int(data.get("rng", 0)))
    return checked(s)
