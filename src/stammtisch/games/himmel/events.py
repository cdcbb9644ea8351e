"""Himmel's events and move descriptions (see :mod:`stammtisch.core.events`).

Worked out from the position before the action, the action and the position after it, so
the rules record nothing extra. Card codes are the notation's: ``"57"``, ``"turn"``,
``"steal"``, ``"raise"``; piles are ``"A"``/``"B"``. One action gives, in this order:

* ``play`` ``{seat, card, pile}``: a number on a pile (HAZ-3);
* ``turn`` ``{seat, card, direction}``: direction change, ``direction`` is the new one
  (``1`` clockwise, ``-1`` counter-clockwise) (HAZ-5);
* ``steal`` ``{seat, victim, card, private_to: [thief, victim]}``: a steal card played on
  ``victim``; ``card`` is the stolen card, known only to thief and victim (HAZ-5);
* ``raise`` ``{seat, pile, card, old}``: a raise card played, ``card`` from hand is the new
  target of ``pile`` over ``old`` (HAZ-5);
* ``take`` ``{seat, pile, cards, count, target, revealed, marker}``: the marked pile and its
  target cards go to the taker's penalty pile; ``target`` is the new target (from hand, or
  the first number ``revealed`` from the draw pile; ``None`` when the game ends), ``marker``
  the pile marked now (HAZ-4, HAZ-7);
* ``draw`` ``{seat, count, cards, private_to: [seat]}``: cards drawn from the pile — the
  victim's redraw after a steal, then the mover's refill (HAZ-6);
* ``game_end`` ``{game_no, penalties}`` when the take ends a game; then ``deal`` ``{seat:
  who starts, game_no, targets, revealed, hand_sizes}`` of the next game or ``match_end``
  ``{penalties, winners}``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from stammtisch.core.game import JSON
from stammtisch.games.himmel.actions import PILE_NAMES, Action, Play, Raise, Steal, Take
from stammtisch.games.himmel.cards import FULL_DECK, RAISE, STEAL, TURN, card_text, card_texts
from stammtisch.games.himmel.knowledge import DECK

if TYPE_CHECKING:
    from stammtisch.games.himmel.state import HimmelState


def _drawn(after_hand: tuple[int, ...], kept: list[int]) -> list[int]:
    """The cards in ``after_hand`` beyond ``kept`` (what was drawn); hands are a few cards."""
    drawn = list(after_hand)
    for c in kept:
        drawn.remove(c)
    return drawn


def _draw(seat: int, cards: list[int]) -> JSON:
    return {
        "type": "draw",
        "seat": seat,
        "count": len(cards),
        "cards": card_texts(cards),
        "private_to": [seat],
    }


def events_of(before: HimmelState, action: Action, after: HimmelState) -> list[JSON]:
    seat = before.current
    assert seat is not None
    out: list[JSON] = []
    hand = list(before.hands[seat])
    ended = len(after.results) > len(before.results)
    if isinstance(action, Play):
        out.append(
            {"type": "play", "seat": seat, "card": card_text(action.card), "pile": PILE_NAMES[action.pile]}
        )
        hand.remove(action.card)
    elif isinstance(action, Steal):
        victim = action.victim
        stolen = after.last[2] if after.last is not None else None
        assert stolen is not None
        out.append(
            {
                "type": "steal",
                "seat": seat,
                "victim": victim,
                "card": card_text(stolen),
                "private_to": [seat, victim],
            }
        )
        hand.remove(STEAL)
        hand.append(stolen)
        vhand = list(before.hands[victim])
        vhand.remove(stolen)
        redraw = _drawn(after.hands[victim], vhand)
        if redraw:
            out.append(_draw(victim, redraw))
    elif isinstance(action, Raise):
        pile = action.pile
        out.append(
            {
                "type": "raise",
                "seat": seat,
                "pile": PILE_NAMES[pile],
                "card": card_text(action.card),
                "old": card_text(before.targets[pile][-1]),
            }
        )
        hand.remove(RAISE)
        hand.remove(action.card)
    elif isinstance(action, Take):
        p = before.marker
        taken = [*before.targets[p], *before.piles[p]]
        target = None if ended else after.targets[p][-1]
        out.append(
            {
                "type": "take",
                "seat": seat,
                "pile": PILE_NAMES[p],
                "cards": card_texts(taken),
                "count": len(taken),
                "target": None if target is None else card_text(target),
                "revealed": [] if ended else card_texts(after.revealed),
                "marker": PILE_NAMES[after.marker],
            }
        )
        if action.target is not None:
            hand.remove(action.target)
    else:  # Turn
        out.append({"type": "turn", "seat": seat, "card": card_text(TURN), "direction": after.direction})
        hand.remove(TURN)
    if not ended:
        refill = _drawn(after.hands[seat], hand)
        if refill:
            out.append(_draw(seat, refill))
        return out
    out += _game_over(before, after)
    return out


def _game_over(before: HimmelState, after: HimmelState) -> list[JSON]:
    """A take ended a game: ``game_end``, then the next game's ``deal`` or ``match_end``."""
    out: list[JSON] = []
    out.append(
        {"type": "game_end", "seat": None, "game_no": before.game_no, "penalties": list(after.results[-1])}
    )
    if after.current is None:
        out.append(
            {"type": "match_end", "seat": None, "penalties": after.penalties(), "winners": after.winners()}
        )
    else:
        out.append(
            {
                "type": "deal",
                "seat": after.start,
                "game_no": after.game_no,
                "targets": [card_text(t[-1]) for t in after.targets],
                "revealed": card_texts(after.revealed),
                "hand_sizes": [len(h) for h in after.hands],
                "marker": PILE_NAMES[after.marker],
            }
        )
    return out


def describe(state: HimmelState, action: Action) -> JSON:
    """A legal action: ``play {card, pile}``, ``turn {card}``, ``steal {card, victim}``,
    ``raise {card, pile, old}`` or ``take {pile, count, target}`` (``target``: the hand card
    laid as the new target, ``None`` when the cards are revealed or the game ends)."""
    if isinstance(action, Play):
        return {"type": "play", "card": card_text(action.card), "pile": PILE_NAMES[action.pile]}
    if isinstance(action, Steal):
        return {"type": "steal", "card": card_text(STEAL), "victim": action.victim}
    if isinstance(action, Raise):
        return {
            "type": "raise",
            "card": card_text(action.card),
            "pile": PILE_NAMES[action.pile],
            "old": card_text(state.targets[action.pile][-1]),
        }
    if isinstance(action, Take):
        p = state.marker
        return {
            "type": "take",
            "pile": PILE_NAMES[p],
            "count": len(state.targets[p]) + len(state.piles[p]),
            "target": None if action.target is None else card_text(action.target),
        }
    return {"type": "turn", "card": card_text(TURN)}


def card_census(state: HimmelState, seat: int | None) -> tuple[list[str], list[str]]:
    """The pack, and the cards whose place ``seat`` cannot know: the other hands and the
    draw pile, less the cards it has a fact about (a robbed card, revealed specials)."""
    hidden = Counter(state.deck)
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden.update(hand)
    if seat is not None:
        hidden -= Counter(c for c, _ in state.known[seat])
    else:
        hidden -= Counter(c for facts in state.known for c, m in facts if m == DECK)
    return card_texts(FULL_DECK), card_texts(sorted(hidden.elements()))
