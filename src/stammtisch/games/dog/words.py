"""Dog's events and moves in words: "Anna schickt Bens Stein 3 heim".

Pegs are numbered 1-4 per owner, track fields as the board counts them (1 … 64/96),
Himmel fields 1-4, cards by name (Ass, Bube, Joker als 4). Templates: ``dog.*`` keys in
``locale/<lang>/LC_MESSAGES/dog.po``.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.i18n import t
from stammtisch.core.words import Names, german_genitive, join, seat_name

JSON = dict[str, Any]


def card_words(code: str | None, lang: str) -> str:
    """``A`` -> Ass/Ace, ``7`` -> 7, ``Jo`` -> Joker; a hidden card -> "eine Karte"."""
    if code is None:
        return t("dog.card_hidden", lang)
    if code in ("A", "J", "Q", "K", "Jo"):
        return t(f"dog.card.{code}", lang)
    return code


def place_words(place: str | None, lang: str, short: bool = False) -> str:
    """``"17"`` -> Feld 18 (the board counts from 1), ``"H2"`` -> Himmelsfeld 2, ``"K"`` -> Lager;
    ``short`` (a move list): 18, Himmel 2, Lager."""
    if place is None:
        return "?"
    if place == "K":
        return t("dog.kennel", lang)
    if place.startswith("H"):
        return t("dog.short.himmel_field" if short else "dog.himmel_field", lang, n=place[1:])
    return str(int(place) + 1) if short else t("dog.field", lang, n=int(place) + 1)


def peg_words(peg: int, owner: int, seat: int | None, lang: str, names: Names) -> str:
    """The acting seat's own peg: "Stein 3"; another's: "Bens Stein 3" / "Ben's peg 3"."""
    k = peg % 4 + 1
    if owner == seat:
        return t("dog.peg_own", lang, n=k)
    name = seat_name(names, owner, lang)
    genitive = german_genitive(name) if lang == "de" else None
    if genitive is not None:
        return t("dog.peg_of_gen", lang, n=k, owner=genitive)
    return t("dog.peg_of", lang, n=k, owner=name)


def _part(ev: JSON, lang: str, names: Names, seat: int | None, style: str = "part") -> str:
    """A peg's move without its subject (shared by events and move descriptions); ``style``
    ``"short"`` for a move list ("Stein 2: 25 → 27")."""
    kind = ev.get("type")
    peg = peg_words(int(ev.get("peg", 0)), int(ev.get("owner", 0)), seat, lang, names)
    short = style == "short"
    where = {k: place_words(ev.get(k), lang, short) for k in ("from", "to")}
    if kind == "start":
        return t(f"dog.{style}.start", lang, peg=peg, to=where["to"])
    if kind == "move":
        steps = int(ev.get("steps") or 0)
        key = f"dog.{style}.back" if steps < 0 else f"dog.{style}.move"
        return t(key, lang, peg=peg, n=abs(steps), **where)
    if kind == "swap":
        other = peg_words(int(ev.get("other", 0)), int(ev.get("other_owner", 0)), seat, lang, names)
        return t(f"dog.{style}.swap", lang, peg=peg, other=other, a=where["from"], b=where["to"])
    if kind == "enter_himmel":  # in few words, the move to the Himmel field says it
        return "" if short else t("dog.part.himmel", lang, peg=peg, to=where["to"])
    if kind == "sent_home":
        return t(f"dog.{style}.home", lang, peg=peg)
    return ""


def _card_played(card: str | None, value: str | None, lang: str, label: bool = False) -> str:
    """The card as played: "den Joker als 4" in a sentence, "Joker als 4" as the label of a
    move in a list (``label``)."""
    if value is not None:
        return t("dog.joker_label" if label else "dog.joker_as", lang, value=card_words(value, lang))
    return card_words(card, lang)


def event_text(event: JSON, lang: str, names: Names) -> str:
    kind = event.get("type")
    seat = event.get("seat")
    name = seat_name(names, seat, lang)
    if kind == "give":
        partner = seat_name(names, event.get("to"), lang)
        if event.get("card") is None:
            return t("dog.ev.give_hidden", lang, name=name, partner=partner)
        return t("dog.ev.give", lang, name=name, partner=partner, card=card_words(event["card"], lang))
    if kind == "receive":
        giver = seat_name(names, event.get("from"), lang)
        if event.get("card") is None:
            return t("dog.ev.receive_hidden", lang, name=name, giver=giver)
        return t("dog.ev.receive", lang, name=name, giver=giver, card=card_words(event["card"], lang))
    if kind == "exchange_end":
        return t("dog.ev.exchange_end", lang, starts=seat_name(names, event.get("starts"), lang))
    if kind == "play":
        return t(
            "dog.ev.play", lang, name=name, card=_card_played(event.get("card"), event.get("value"), lang)
        )
    if kind in ("start", "move", "swap", "enter_himmel", "sent_home"):
        text = t("dog.ev.part", lang, name=name, part=_part(event, lang, names, seat))
        if event.get("helping") and kind != "sent_home":
            text = text[:-1] + t("dog.ev.helping", lang, partner=seat_name(names, event.get("owner"), lang))
        return text
    if kind == "steal":  # DOG-24: the stolen card is named to the thief and the victim only
        victim = seat_name(names, event.get("victim"), lang)
        if event.get("card") is None:
            return t("dog.ev.steal_hidden", lang, name=name, victim=victim)
        return t("dog.ev.steal", lang, name=name, victim=victim, card=card_words(event["card"], lang))
    if kind == "fold":
        cards = [card_words(c, lang) for c in event.get("cards") or []]
        return t("dog.ev.fold", lang, name=name, cards=join(cards, lang))
    if kind == "win":
        seats = [seat_name(names, s, lang) for s in event.get("seats", [])]
        if len(seats) == 1:  # DOG-21: played alone, the player wins, not a team
            return t("dog.ev.win_alone", lang, name=seats[0])
        return t("dog.ev.win", lang, team=int(event.get("team", 0)) + 1, names=join(seats, lang))
    if kind == "deal":
        return t(
            "dog.ev.deal",
            lang,
            round=int(event.get("round", 0)) + 1,
            name=name,
            n=event.get("hand_size", 0),
            starts=seat_name(names, event.get("starts"), lang),
        )
    return t("words.acted", lang, name=name)


def move_short(description: JSON, lang: str, names: Names, seat: int | None = None) -> str:
    """A legal move in few words for a move list: "7: Stein 1: 5 → 8; Stein 2: 20 → 24"."""
    return move_text(description, lang, names, seat, style="short")


def move_text(
    description: JSON, lang: str, names: Names, seat: int | None = None, style: str = "part"
) -> str:
    """A legal move: "7: Stein 1 3 Felder von Feld 5 auf Feld 8, …" (no subject: it is yours)."""
    kind = description.get("type")
    if kind == "give":
        return t(
            "dog.mv.give",
            lang,
            card=card_words(description.get("card"), lang),
            partner=seat_name(names, description.get("to"), lang),
        )
    if kind == "fold":
        return t("dog.mv.fold", lang)
    if kind == "steal":  # DOG-24: the 2 taken as a theft
        return t(
            "dog.mv.steal",
            lang,
            card=_card_played(description.get("card"), description.get("value"), lang, label=True),
            victim=seat_name(names, description.get("victim"), lang),
        )
    card = _card_played(description.get("card"), description.get("value"), lang, label=True)
    moves = description.get("moves") or []
    if seat is None:  # the mover: the owner of the first peg it moves, unless it helps
        first = next((m for m in moves if m.get("type") != "sent_home"), None)
        if first is not None and not first.get("helping"):
            seat = first.get("owner")
    parts = [_part(m, lang, names, seat, style) for m in moves]
    return t("dog.mv.play", lang, card=card, parts="; ".join(p for p in parts if p))
