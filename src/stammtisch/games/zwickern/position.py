"""Reading Zwickern positions: ``to_json`` output and hand-written test positions.

Cards are written in notation. Required: ``hands``, ``table``, ``current``. Optional with
defaults: ``deck`` (the cards not named elsewhere, in pack order, the first dealt last),
``captured`` (empty piles), ``dealer`` (seat before the first player), ``round`` 0,
``last_capturer`` null, ``match_points`` zeros, ``round_results`` [], ``lacks`` (per seat,
the ranks it has shown it does not hold, ZW-5) none, ``rng`` 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import PositionError
from stammtisch.core.position import checked, reading, rest_of_pack
from stammtisch.core.rng import Rng
from stammtisch.games.zwickern.cards import FULL_DECK, RANKS, parse_card
from stammtisch.games.zwickern.state import ZwickernState

if TYPE_CHECKING:
    from stammtisch.games.zwickern.game import ZwickernGame


def parse_last(last: Mapping[str, Any] | None) -> tuple[int, int, tuple[int, ...]] | None:
    """The last move (``{"seat", "card", "captured"}``) as the state keeps it."""
    if last is None:
        return None
    return (int(last["seat"]), parse_card(last["card"]), tuple(parse_card(c) for c in last["captured"]))


def parse_lacks(data: Any, n: int) -> tuple[int, ...]:
    """``[["7", "K"], []]`` -> rank masks per seat (see ``ZwickernState.lacks``)."""
    if not isinstance(data, list) or len(data) != n:
        raise PositionError(reason=f"lacks needs {n} entries")
    masks = []
    for ranks in data:
        mask = 0
        for r in ranks:
            text = str(r).strip().upper()
            text = "10" if text == "T" else text
            if text not in RANKS:
                raise PositionError(reason=f"unknown rank in lacks: {r!r}")
            mask |= 1 << RANKS.index(text)
        masks.append(mask)
    return tuple(masks)


def read_position(game: ZwickernGame, data: Mapping[str, Any]) -> ZwickernState:
    game.check_json_header(data)
    n = game.num_players
    s = ZwickernState(game)
    with reading("Zwickern position"):
        s.hands = [[parse_card(c) for c in h] for h in data["hands"]]
        s.table = [parse_card(c) for c in data["table"]]
        s.captured = [tuple(parse_card(c) for c in p) for p in data.get("captured", [[]] * n)]
        if "deck" in data:
            s.deck = [parse_card(c) for c in data["deck"]]
        else:
            rest = rest_of_pack(FULL_DECK, (*s.hands, s.table, *s.captured))
            s.deck = sorted(rest.elements(), reverse=True)
        cur = data["current"]
        s.current = None if cur is None else int(cur)
        default_dealer = ((s.current if s.current is not None else 1) - 1) % n
        s.dealer = int(data.get("dealer", default_dealer))
        s.round = int(data.get("round", 0))
        lc = data.get("last_capturer")
        s.last_capturer = None if lc is None else int(lc)
        s.match_points = tuple(int(x) for x in data.get("match_points", [0] * n))
        s.round_results = [[int(x) for x in r] for r in data.get("round_results", [])]
        s.last = parse_last(data.get("last"))
        s.lacks = parse_lacks(data.get("lacks", [[]] * n), n)
        s.rng = Rng(int(data.get("rng", 0)))
    if len(s.hands) != n or len(s.captured) != n or len(s.match_points) != n:
        raise PositionError(reason=f"hands, captured and match_points need {n} entries")
    if s.current is not None and not (0 <= s.current < n and s.hands[s.current]):
        raise PositionError(reason="'current' must be a seat that holds cards")
    return checked(s)
