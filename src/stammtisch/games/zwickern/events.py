"""Zwickern's events and move descriptions (see :mod:`stammtisch.core.events`).

Worked out from the position before the action, the action and the position after it, so
the rules record nothing extra. One play gives, in this order:

* ``play`` ``{seat, card}``: the card played;
* ``capture`` ``{seat, card, cards, how}``: the table cards it captured (``how``: ``match``,
  ZW-3, or ``joker``, ZW-4) — or ``lay`` ``{seat, card}``: it stays on the table;
* after the last card of a deal, ``deal`` ``{seat: dealer, round, hand_sizes, deck_size,
  cards: []}`` when the hands are refilled from the pile (ZW-6);
* after the last card of a round: ``final_sweep`` ``{seat, cards}`` (ZW-7: the table goes to
  the last player who captured; ``seat`` is ``None`` and the cards stay unclaimed when
  nobody captured), then ``round_end`` ``{round, card_points, bonus, points, match_points}``
  (ZW-8: ``bonus`` is the seat with strictly the most cards, or ``None``);
* then either ``deal`` of the next round (``cards``: the four open table cards, ZW-2;
  ``starts``: the seat to play first) or ``match_end`` ``{match_points, winners}``.

Nothing in these is hidden: played, captured and table cards are seen by all, and a deal
names no hand card (each seat sees its own hand in its view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stammtisch.core.game import JSON
from stammtisch.games.zwickern.cards import CARD_POINTS, CARD_TEXT, FULL_DECK, JOKER, MOST_CARDS_BONUS

if TYPE_CHECKING:
    from stammtisch.games.zwickern.actions import PlayCard
    from stammtisch.games.zwickern.state import ZwickernState


def _texts(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def captures(table: list[int], card: int) -> list[int]:
    """The table cards ``card`` captures (ZW-3, ZW-4)."""
    if card == JOKER:
        return list(table)
    r = card >> 2
    return [c for c in table if c != JOKER and c >> 2 == r]


def events_of(before: ZwickernState, action: PlayCard, after: ZwickernState) -> list[JSON]:
    seat = before.current
    card = action.card
    text = CARD_TEXT[card]
    out: list[JSON] = [{"type": "play", "seat": seat, "card": text}]
    taken = captures(before.table, card)
    piles = [list(p) for p in before.captured]
    capturer = before.last_capturer
    if taken:
        how = "joker" if card == JOKER else "match"
        out.append({"type": "capture", "seat": seat, "card": text, "cards": _texts(taken), "how": how})
        table = [c for c in before.table if c not in taken] if card != JOKER else []
        assert seat is not None
        piles[seat] += [*taken, card]
        capturer = seat
    else:
        out.append({"type": "lay", "seat": seat, "card": text})
        table = [*before.table, card]
    ended = len(after.round_results) > len(before.round_results)
    if not ended:
        if len(after.deck) < len(before.deck):  # ZW-6: the hands were refilled
            out.append(_deal(after, []))
        return out
    out.append({"type": "final_sweep", "seat": capturer, "cards": _texts(table)})
    if capturer is not None:
        piles[capturer] += table
    counts = [len(p) for p in piles]
    best = max(counts)
    bonus = counts.index(best) if best > 0 and counts.count(best) == 1 else None
    out.append(
        {
            "type": "round_end",
            "seat": None,
            "round": before.round,
            "card_points": [sum(CARD_POINTS[c] for c in p) for p in piles],
            "cards_taken": counts,
            "bonus": bonus,
            "bonus_points": MOST_CARDS_BONUS if bonus is not None else 0,
            "points": list(after.round_results[-1]),
            "match_points": list(after.match_points),
        }
    )
    if after.current is None:
        out.append(
            {
                "type": "match_end",
                "seat": None,
                "match_points": list(after.match_points),
                "winners": after.winners(),
            }
        )
    else:
        out.append(_deal(after, after.table))
    return out


def _deal(after: ZwickernState, table: list[int]) -> JSON:
    return {
        "type": "deal",
        "seat": after.dealer,
        "round": after.round,
        "hand_sizes": [len(h) for h in after.hands],
        "deck_size": len(after.deck),
        "cards": _texts(table),
        "starts": after.current,
    }


def describe(state: ZwickernState, action: PlayCard) -> JSON:
    """``{"type": "play", "card", "captures": [...]}`` (empty: the card is laid)."""
    return {
        "type": "play",
        "card": CARD_TEXT[action.card],
        "captures": _texts(captures(state.table, action.card)),
    }


def card_census(state: ZwickernState, seat: int | None) -> tuple[list[str], list[str]]:
    """The pack, and the cards ``seat`` cannot see: the other hands and the draw pile."""
    hidden = list(state.deck)
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden += hand
    return _texts(FULL_DECK), _texts(hidden)
