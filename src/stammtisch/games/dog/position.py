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
* With everyone alone (DOG-21) there is no exchange: ``phase`` ``"exchange"`` is refused.
* Option ``two_steals``: ``stolen``, ``[[thief, victim, card], …]`` (default none), the
  stolen cards still known to be in the thief's hand (DOG-24). Option
  ``no_jack_reswap``: ``swap_lock``, ``[peg, peg]`` or null (default), the pegs the last
  swap exchanged while neither has moved (DOG-25).
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
        if s.phase == EXCHANGE and board.alone:
            raise PositionError(reason="no card exchange when everyone plays alone (DOG-21)")
        default_given = s.phase != EXCHANGE
        s.given = [bool(x) for x in ex.get("given", [default_given] * n)]
        s.gave = [-1 if c is None else parse_card(c) for c in ex.get("gave", [None] * n)]
        s.gave_known = [bool(x) for x in ex.get("known", [False] * n)]
        s.folded = [bool(x) for x in data.get("folded", [False] * n)]
        if not (len(s.given) == len(s.gave) == len(s.gave_known) == len(s.folded) == n):
            raise PositionError(reason=f"'exchange' and 'folded' need {n} entries")
        for seat in range(n):
            whole_team = all(s.given[t] for t in board.teammates(seat))
            in_flight = s.phase == EXCHANGE and s.given[seat] and not whole_team
            if in_flight and s.gave[seat] < 0:
                raise PositionError(reason=f"seat {seat}'s card in flight is not named")
        if "pile" in data:
            s.pile = [parse_card(c) for c in data["pile"]]
        else:
            rest = rest_of_pack(FULL_DECK, (*s.hands, s.discards, s.in_flight()))
            s.pile = sorted(rest.elements(), reverse=True)
        _house_rules(s, data)
        home = [t for t, c in enumerate(s.team_himmel()) if c == 4 * board.team_size]
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


def _house_rules(s: DogState, data: Mapping[str, Any]) -> None:
    """The house-rule bookkeeping of DOG-24 and DOG-25 (only with those options)."""
    n = s.n
    stolen = data.get("stolen") or []
    if stolen and not s.game.two_steals:
        raise PositionError(reason="'stolen' needs the option two_steals")
    entries = []
    for thief, victim, card in stolen:
        t, v, c = int(thief), int(victim), parse_card(card)
        if not (0 <= t < n and 0 <= v < n) or t == v or c not in s.hands[t]:
            raise PositionError(reason=f"stolen card {card!r} is not in seat {thief}'s hand")
        entries.append((t, v, c))
    s.stolen = tuple(entries)
    lock = data.get("swap_lock")
    if lock is not None:
        if not s.game.no_jack_reswap:
            raise PositionError(reason="'swap_lock' needs the option no_jack_reswap")
        a, b = sorted(int(x) for x in lock)
        if not (0 <= a < b < 4 * n):
            raise PositionError(reason="'swap_lock' names two pegs")
        s.swap_lock = (a, b)
