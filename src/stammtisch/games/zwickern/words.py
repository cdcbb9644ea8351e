"""Zwickern's events and moves in words: "Anna fängt 9♥ und 9♦ mit 9♠".

Cards as players name them: rank and suit sign (``9♥``, ``B♣`` / ``J♣``), the Joker by
name. Templates: ``zwickern.*`` keys in ``locale/<lang>/LC_MESSAGES/zwickern.po``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.core.i18n import t
from stammtisch.core.words import Names, join, per_seat, seat_name, winners_text

JSON = dict[str, Any]
SUIT_SIGNS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def card_words(code: str | None, lang: str) -> str:
    """``9H`` -> ``9♥``; ``QS`` -> ``D♠`` in German, ``Q♠`` in English; ``X`` -> Joker."""
    if code is None:
        return t("zwickern.card_hidden", lang)
    if code == "X":
        return t("zwickern.joker", lang)
    rank, suit = code[:-1], code[-1]
    if rank in ("J", "Q", "K", "A"):
        rank = t(f"zwickern.rank.{rank}", lang)
    return f"{rank}{SUIT_SIGNS.get(suit, suit)}"


def cards_words(codes: Sequence[str | None], lang: str) -> str:
    return join([card_words(c, lang) for c in codes], lang)


def event_text(event: JSON, lang: str, names: Names) -> str:
    kind = event.get("type")
    name = seat_name(names, event.get("seat"), lang)
    if kind == "play":
        return ""  # told with its capture or lay, which follows
    if kind == "capture":
        key = "zwickern.ev.joker_sweep" if event.get("how") == "joker" else "zwickern.ev.capture"
        return t(
            key,
            lang,
            name=name,
            card=card_words(event.get("card"), lang),
            cards=cards_words(event["cards"], lang),
        )
    if kind == "lay":
        return t("zwickern.ev.lay", lang, name=name, card=card_words(event.get("card"), lang))
    if kind == "final_sweep":
        cards = event.get("cards") or []
        if not cards:
            return ""
        if event.get("seat") is None:
            return t("zwickern.ev.final_unclaimed", lang, cards=cards_words(cards, lang))
        return t("zwickern.ev.final_sweep", lang, name=name, cards=cards_words(cards, lang))
    if kind == "deal":
        if event.get("cards"):
            return t(
                "zwickern.ev.new_round",
                lang,
                round=int(event.get("round", 0)) + 1,
                name=name,
                cards=cards_words(event["cards"], lang),
                starts=seat_name(names, event.get("starts"), lang),
            )
        sizes = event.get("hand_sizes") or [0]
        return t("zwickern.ev.refill", lang, name=name, n=max(sizes))
    if kind == "round_end":
        text = t(
            "zwickern.ev.round_end",
            lang,
            round=int(event.get("round", 0)) + 1,
            points=per_seat("zwickern.seat_points", event["points"], lang, names),
        )
        if event.get("bonus") is not None:
            text += " " + t(
                "zwickern.ev.bonus",
                lang,
                name=seat_name(names, event["bonus"], lang),
                n=event.get("bonus_points", 10),
            )
        return text
    if kind == "match_end":
        return winners_text(
            "zwickern.ev.match_end",
            event.get("winners", []),
            "zwickern.seat_points",
            event["match_points"],
            lang,
            names,
        )
    return t("words.acted", lang, name=name)


def move_text(description: JSON, lang: str, names: Names) -> str:
    card = card_words(description.get("card"), lang)
    captures = description.get("captures") or []
    if not captures:
        return t("zwickern.mv.lay", lang, card=card)
    if description.get("card") == "X":
        return t("zwickern.mv.joker_sweep", lang, card=card, cards=cards_words(captures, lang))
    return t("zwickern.mv.capture", lang, card=card, cards=cards_words(captures, lang))
