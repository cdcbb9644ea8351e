"""Events: what an applied action did, as small JSON-ready dicts, filtered per seat.

Every applied action leaves, in the new state, a list of *events* (``State.events(seat)``):
``{"type": "<snake_case>", "seat": <acting seat or None>, ...}`` with the game's own
structured terms (card codes, peg ids, field numbers, pile names, seats), never text.

Hidden details follow one convention, so that one filter serves every game:

* an event that names something not everybody may know carries ``"private_to": [seats]``:
  the seats that may know it (public knowledge: everybody knows that the giver knows the
  card she gave);
* the hidden details are then exactly its card fields, ``"card"`` (one card code) and
  ``"cards"`` (a list of card codes). For every other recipient :func:`filter_events`
  replaces them with ``None`` (a list keeps its length: "took 2 cards" stays true). The
  event itself stays: the others still learn *that* a card was given or stolen.

The filter is idempotent and monotone (the spectator never learns more than a seat), so a
seat's filtered events can be stored in a state sampled from that seat's view and filtered
again: ``sample_state`` keeps the events of the view it started from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

JSON = dict[str, Any]

#: The fields that hold cards in an event (and in a move description).
CARD_KEYS = ("card", "cards")


def visible(event: JSON, seat: int | None) -> bool:
    """Whether ``seat`` (``None``: a spectator) may know the event's card fields."""
    who = event.get("private_to")
    return who is None or (seat is not None and seat in who)


def filter_events(raw: Sequence[JSON], seat: int | None) -> list[JSON]:
    """The events as ``seat`` may know them: a new list; public events are shared dicts
    (read-only, like the other nested values of a view), redacted ones are copies."""
    out = list(raw)
    for i, ev in enumerate(out):
        who = ev.get("private_to")
        if who is None or seat in who:
            continue
        ev = out[i] = dict(ev)
        if ev.get("card") is not None:
            ev["card"] = None
        cards = ev.get("cards")
        if cards is not None:
            ev["cards"] = [None] * len(cards)
    return out


def card_mentions(events: Iterable[JSON]) -> list[str]:
    """Every card code named in the card fields of ``events`` (for the leak check)."""
    out: list[str] = []
    for ev in events:
        card = ev.get("card")
        if isinstance(card, str):
            out.append(card)
        cards = ev.get("cards")
        if isinstance(cards, list):
            out += [c for c in cards if isinstance(c, str)]
        for part in ev.get("parts") or ():
            if isinstance(part, dict):
                out += card_mentions((part,))
    return out


# --- hidden news -------------------------------------------------------------------------
# A take-back is no longer allowed once new hidden information reached a person at the table
# (a card dealt or drawn, one received in the Dog exchange or stolen, cards turned up from the
# pile, a hand shown on folding): taking a move back after that would let the player act on
# what they were not to know yet. The server's tables (``server/undo.py``) and the terminal's
# games (``tui/session.py``) keep the same rule with these two functions.
def _from_elsewhere(event: JSON, seat: int) -> bool:
    """The event's visible cards came to ``seat`` from a place it could not see."""
    kind = event.get("type")
    if kind == "give" and event.get("seat") == seat:
        return False  # its own card, handed on
    # Not its own card, received by the partner or stolen from it.
    return not (event.get("from") == seat or event.get("victim") == seat)


def reveals(events: Iterable[JSON], seat: int) -> bool:
    """Whether ``seat``'s events of one move (``State.events(seat)``) bring it hidden news.

    The raw events (``State.raw_events()``) give the same answer, so callers need not filter
    them per seat: :func:`filter_events` only blanks the cards of an
    event private to others, keeping its type, ``revealed`` and the length of its ``cards``,
    and the last test below looks only at events private to ``seat``, which it leaves whole.
    """
    for ev in events:
        kind = ev.get("type")
        if kind == "deal" or ev.get("revealed"):
            return True  # cards dealt, or turned up from the pile
        if kind == "fold" and ev.get("seat") != seat and ev.get("cards"):
            return True  # another hand shown
        if ev.get("private_to") is not None and seat in ev["private_to"] and _from_elsewhere(ev, seat):
            card, cards = ev.get("card"), ev.get("cards")
            if card is not None or (cards and any(c is not None for c in cards)):
                return True  # drawn, received or stolen
    return False


def reveals_to_any(events: Sequence[JSON], seats: Iterable[int]) -> bool:
    """``any(reveals(events, s) for s in seats)``, looking at each event once: only an event
    that deals, folds, turns up or is private to somebody can bring anybody hidden news."""
    news = [
        ev
        for ev in events
        if ev.get("type") in ("deal", "fold") or ev.get("revealed") or ev.get("private_to") is not None
    ]
    return bool(news) and any(reveals(news, s) for s in seats)
