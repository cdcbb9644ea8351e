"""Dog's events and move descriptions (see :mod:`stammtisch.core.events`).

Worked out from the position before the action, the action and the position after it
(a generated play carries the peg places it came from), so the rules record nothing
extra. Cards are rank codes as in the notation (``"A"``, ``"7"``, ``"Jo"``); pegs are ids
(``p5`` is ``5``; seat ``s`` owns ``4s`` … ``4s+3``); places are the view's tokens: a track
field number as text (``"17"``), ``"H1"`` … ``"H4"`` in the owner's Himmel, ``"K"`` the
kennel. Events of one action, in order:

* ``give`` ``{seat, to, card, private_to: [seat]}``: the exchange card, seen by the giver
  only (DOG-7); once the whole team has chosen, ``receive`` ``{seat: receiver, from, card,
  private_to: [receiver, giver]}`` for each of its cards (DOG-22: to the next teammate),
  and when the whole table has chosen, ``exchange_end`` ``{starts}``;
* ``play`` ``{seat, card, value}``: the card played (``value``: the value a Joker takes,
  e.g. ``"4"``; ``None`` otherwise);
* then, by kind of play: ``start`` ``{seat, peg, owner, to}`` (DOG-10); ``move`` ``{seat,
  peg, owner, from, to, steps, path, part}`` (``steps`` negative for the 4 backward,
  ``path`` every field passed, the last being ``to``; ``part`` counts the parts of a 7 in
  the order played, DOG-17, and is ``None`` for other cards); ``swap`` ``{seat, peg, owner,
  other, other_owner, from, to}`` (DOG-18: ``peg`` goes from ``from`` to ``to``, ``other``
  the other way); each may be followed by ``enter_himmel`` ``{seat, peg, owner, to}`` and
  ``sent_home`` ``{seat: who sent it, peg, owner, from}`` (DOG-14, DOG-15: a 7 sends home
  everything it passes), in the order they happen. ``owner`` differs from ``seat`` when a
  player moves the partner's pegs (DOG-19); these events then carry ``"helping": true``;
* ``steal`` ``{seat, victim, card, private_to: [thief, victim]}`` after the ``play`` of a 2
  taken as a theft (option ``two_steals``, DOG-24): the stolen card, seen by the two only;
* ``fold`` ``{seat, cards}``: no card could be played, the hand goes face up on the
  discards (DOG-8);
* ``win`` ``{team, seats}`` (DOG-9) or, when the last hand of a round is played, ``deal``
  ``{seat: dealer, round, hand_size, starts, reshuffled}`` (DOG-5, DOG-6).

Extension point: a new kind of play (say the theft of a 2 under an option) adds a function
to :data:`BODY_EVENTS`; a card it moves face down must go into an event with
``private_to`` (see :mod:`stammtisch.core.events`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from stammtisch.core.game import JSON
from stammtisch.games.dog.actions import FOLD, GIVE, MOVE, SPLIT, START, STEAL, SWAP, DogAction, StealAction
from stammtisch.games.dog.board import KENNEL, Board
from stammtisch.games.dog.cards import FOUR, FULL_DECK, RANK_TEXT, card_text, parse_card

if TYPE_CHECKING:
    from stammtisch.games.dog.state import DogState

EXCHANGE = "exchange"  # DogState.phase while cards are chosen (state.py imports this module)


def _place(board: Board, place: int) -> str:
    return "K" if place == KENNEL else board.field_text(place)


def _value(action: DogAction) -> str | None:
    """The value a Joker takes (``Jo=4`` -> ``"4"``), ``None`` otherwise."""
    head = action.head or action.text.split(":", 1)[0]
    return head.split("=", 1)[1] if "=" in head else None


def _effective(action: DogAction) -> int:
    value = _value(action)
    return action.card if value is None else parse_card(value)


def _peg(ev: JSON, seat: int, peg: int) -> JSON:
    """``ev`` with the peg's ``peg``/``owner`` (and ``helping`` for a partner's peg)."""
    owner = peg >> 2
    ev["peg"] = peg
    ev["owner"] = owner
    if owner != seat:
        ev["helping"] = True
    return ev


def _path(board: Board, owner: int, x: int, y: int, backward: bool) -> list[str]:
    """The fields a peg passes from ``x`` to ``y`` (``y`` last) in a plain move."""
    track = board.track_len
    if backward:
        return [_place(board, (x - k) % track) for k in range(1, (x - y) % track + 1)]
    if y < track:
        return [_place(board, (x + k) % track) for k in range(1, (y - x) % track + 1)]
    if x >= track:  # on inside the Himmel (DOG-13)
        return [_place(board, f) for f in range(x + 1, y + 1)]
    start = board.start(owner)  # DOG-12: round to the own start field, then in
    fields = [(x + k) % track for k in range(1, (start - x) % track + 1)]
    return [_place(board, f) for f in (*fields, *range(track, y + 1))]


def _sent_home(board: Board, seat: int, peg: int, place: int) -> JSON:
    return {"type": "sent_home", "seat": seat, "peg": peg, "owner": peg >> 2, "from": _place(board, place)}


def _himmel(board: Board, seat: int, peg: int, x: int, y: int) -> JSON | None:
    track = board.track_len
    if y >= track > x:
        return _peg({"type": "enter_himmel", "seat": seat, "to": _place(board, y)}, seat, peg)
    return None


def _move_events(
    board: Board, seat: int, action: DogAction, body: tuple[Any, ...], pos: Sequence[int]
) -> list[JSON]:
    track = board.track_len
    i, y, j = body[1], body[2], body[3]
    x = pos[i]
    backward = _effective(action) == FOUR and y < track and x < track and (x - y) % track == 4
    ev = {"type": "move", "seat": seat, "from": _place(board, x), "to": _place(board, y)}
    ev = _peg(ev, seat, i)
    ev["steps"] = -4 if backward else len(_path(board, i >> 2, x, y, False))
    ev["path"] = _path(board, i >> 2, x, y, backward)
    ev["part"] = None
    out = [ev]
    entered = _himmel(board, seat, i, x, y)
    if entered is not None:
        out.append(entered)
    if j >= 0:
        out.append(_sent_home(board, seat, j, y))
    return out


def _start_events(
    board: Board, seat: int, action: DogAction, body: tuple[Any, ...], pos: Sequence[int]
) -> list[JSON]:
    i, y, j = body[1], body[2], body[3]
    out = [_peg({"type": "start", "seat": seat, "to": _place(board, y)}, seat, i)]
    if j >= 0:
        out.append(_sent_home(board, seat, j, y))
    return out


def _swap_events(
    board: Board, seat: int, action: DogAction, body: tuple[Any, ...], pos: Sequence[int]
) -> list[JSON]:
    i, j = body[1], body[3]
    ev = _peg(
        {"type": "swap", "seat": seat, "from": _place(board, pos[i]), "to": _place(board, body[2])}, seat, i
    )
    ev["other"] = j
    ev["other_owner"] = j >> 2
    return [ev]


def _seven_events(
    board: Board, seat: int, action: DogAction, body: tuple[Any, ...], pos: Sequence[int]
) -> list[JSON]:
    """DOG-17: the 7's parts in the order played, each followed by what it sent home on the
    way (DOG-15: a 7 sends home every peg it passes) and its entry into the Himmel."""
    track = board.track_len
    places = list(pos)
    out: list[JSON] = []
    part: JSON | None = None
    after_part: list[JSON] = []  # sent home during the current part
    entered: JSON | None = None

    def close() -> None:
        out.extend(after_part)
        if entered is not None:
            entered["to"] = part["to"] if part is not None else entered["to"]
            out.append(entered)

    for peg, frm, to in body[1]:
        if part is None or part["peg"] != peg:
            close()
            after_part, entered = [], None
            part = _peg({"type": "move", "seat": seat, "from": _place(board, frm)}, seat, peg)
            part.update(to=None, steps=0, path=[], part=sum(1 for e in out if e["type"] == "move"))
            out.append(part)
        x = frm
        for f in _path(board, peg >> 2, frm, to, False):
            y = board.parse_field(f)
            assert y is not None
            if y < track:
                for other, z in enumerate(places):
                    if z == y and other != peg:
                        places[other] = KENNEL
                        after_part.append(_sent_home(board, seat, other, y))
            elif x < track:
                entered = _himmel(board, seat, peg, x, y)
            part["steps"] += 1
            part["path"].append(f)
            x = y
        part["to"] = _place(board, to)
        places[peg] = to
    close()
    return out


BodyEvents = Callable[[Board, int, DogAction, tuple[Any, ...], Sequence[int]], list[JSON]]
#: Events of a play by the kind of its body (see ``actions.py``).
BODY_EVENTS: dict[int, BodyEvents] = {
    MOVE: _move_events,
    START: _start_events,
    SWAP: _swap_events,
    SPLIT: _seven_events,
}


def events_of(before: DogState, action: DogAction, after: DogState) -> list[JSON]:
    seat = before.current
    assert seat is not None
    board = before.board
    out: list[JSON] = []
    if action.kind == GIVE:
        out.append(
            {
                "type": "give",
                "seat": seat,
                "to": board.partner(seat),
                "card": card_text(action.card),
                "private_to": [seat],
            }
        )
        team = board.teammates(seat)
        if all(after.given[t] for t in team):  # DOG-7, DOG-22: each card to the next teammate
            for giver in team:
                receiver = board.partner(giver)
                out.append(
                    {
                        "type": "receive",
                        "seat": receiver,
                        "from": giver,
                        "card": card_text(after.gave[giver]),
                        "private_to": sorted({receiver, giver}),
                    }
                )
        if all(after.given) and after.phase != before.phase:
            out.append({"type": "exchange_end", "seat": None, "starts": after.current})
        return out
    if action.kind == STEAL and isinstance(action, StealAction):
        out.append({"type": "play", "seat": seat, "card": card_text(action.card), "value": _value(action)})
        victim = action.victim
        taken = next((c for t, v, c in reversed(after.stolen) if t == seat and v == victim), None)
        out.append(
            {
                "type": "steal",
                "seat": seat,
                "victim": victim,
                "card": None if taken is None else card_text(taken),
                "private_to": sorted({seat, victim}),
            }
        )
    elif action.kind == FOLD:
        out.append({"type": "fold", "seat": seat, "cards": [RANK_TEXT[c] for c in before.hands[seat]]})
    else:
        last = after._last
        played = last[1] if last is not None and isinstance(last[1], DogAction) else action
        out.append({"type": "play", "seat": seat, "card": card_text(played.card), "value": _value(played)})
        body = played.body
        base = played.base
        handler = None if body is None else BODY_EVENTS.get(body[0])
        if handler is not None and body is not None and base is not None:
            out += handler(board, seat, played, body, base[0])
    if after.winner is not None:
        won = after.winner
        out.append(
            {
                "type": "win",
                "seat": None,
                "team": won,
                "seats": [s for s in range(after.n) if board.team(s) == won],
            }
        )
    elif after.round != before.round:
        out.append(
            {
                "type": "deal",
                "seat": after.dealer,
                "round": after.round,
                "hand_size": after.hand_size,
                "starts": after.start_seat,
                "reshuffled": len(after.discards) < len(before.discards),
            }
        )
    return out


def describe(state: DogState, action: DogAction) -> JSON:
    """A legal action in the terms of the events: ``give {card, to}``, ``fold {cards}``, or
    ``play {card, value, moves}`` where ``moves`` are the events the play would give
    (``start``/``move``/``swap``/``enter_himmel``/``sent_home``, a 7's parts in order)."""
    seat = state.current
    assert seat is not None
    board = state.board
    if action.kind == GIVE:
        # The choice stays the giver's secret (DOG-7), as in the ``give`` event.
        return {
            "type": "give",
            "card": card_text(action.card),
            "to": board.partner(seat),
            "private_to": [seat],
        }
    if action.kind == FOLD:
        return {"type": "fold", "cards": [RANK_TEXT[c] for c in state.hands[seat]]}
    if action.kind == STEAL and isinstance(action, StealAction):  # DOG-24
        return {
            "type": "steal",
            "card": card_text(action.card),
            "value": _value(action),
            "victim": action.victim,
        }
    act = action
    if act.body is None or act.base is None:
        act = state._text_map()[action.text]
    desc: JSON = {"type": "play", "card": card_text(act.card), "value": _value(act)}
    body, base = act.body, act.base
    handler = None if body is None else BODY_EVENTS.get(body[0])
    moves: list[JSON] = []
    if handler is not None and body is not None and base is not None:
        for ev in handler(board, seat, act, body, base[0]):
            ev = dict(ev)
            del ev["seat"]
            moves.append(ev)
    desc["moves"] = moves
    return desc


def card_census(state: DogState, seat: int | None) -> tuple[list[str], list[str]]:
    """The pack, and the cards whose place ``seat`` cannot know: the other hands (less the
    card it gave that is known to be in its partner's hand, and a card stolen from it),
    cards on their way in the exchange (less its own), and the draw pile."""
    hidden = Counter(state.pile)
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden.update(hand)
    hidden.update(state.in_flight())
    for _thief, victim, card in state.stolen:  # DOG-24: the victim knows where its card went
        if victim == seat:
            hidden[card] -= 1
    if seat is not None and state.given[seat] and state.gave[seat] >= 0:
        team = state.board.teammates(seat)
        in_flight = state.phase == EXCHANGE and not all(state.given[t] for t in team)
        if in_flight or state.gave_known[seat]:
            hidden[state.gave[seat]] -= 1
    return [RANK_TEXT[c] for c in FULL_DECK], [RANK_TEXT[c] for c in sorted((+hidden).elements())]
