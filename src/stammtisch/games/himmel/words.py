"""Himmel's events and moves in words: "Anna legt 24 auf Stapel B".

Numbers are the card numbers, special cards by name, piles A and B. Templates:
``himmel.*`` keys in ``locale/<lang>/LC_MESSAGES/himmel.po``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.core.i18n import t
from stammtisch.core.words import Names, join, per_seat, seat_name, winners_text

JSON = dict[str, Any]
SPECIALS = ("turn", "steal", "raise")


def card_words(code: str | None, lang: str) -> str:
    """``"57"`` -> 57; ``"steal"`` -> Diebstahl / Steal; a hidden card -> "eine Karte"."""
    if code is None:
        return t("himmel.card_hidden", lang)
    if code in SPECIALS:
        return t(f"himmel.card.{code}", lang)
    return str(code)


def cards_words(codes: Sequence[str | None], lang: str) -> str:
    if codes and all(c is None for c in codes):
        return t("himmel.cards_hidden", lang, n=len(codes))
    return join([card_words(c, lang) for c in codes], lang)


def event_text(event: JSON, lang: str, names: Names) -> str:
    kind = event.get("type")
    name = seat_name(names, event.get("seat"), lang)
    if kind == "play":
        return t(
            "himmel.ev.play",
            lang,
            name=name,
            card=card_words(event.get("card"), lang),
            pile=event.get("pile"),
        )
    if kind == "turn":
        key = "himmel.ev.turn_cw" if event.get("direction") == 1 else "himmel.ev.turn_ccw"
        return t(key, lang, name=name)
    if kind == "steal":
        victim = seat_name(names, event.get("victim"), lang)
        if event.get("card") is None:
            return t("himmel.ev.steal_hidden", lang, name=name, victim=victim)
        return t("himmel.ev.steal", lang, name=name, victim=victim, card=card_words(event["card"], lang))
    if kind == "raise":
        return t(
            "himmel.ev.raise",
            lang,
            name=name,
            pile=event.get("pile"),
            card=card_words(event.get("card"), lang),
            old=card_words(event.get("old"), lang),
        )
    if kind == "take":
        n = int(event.get("count") or len(event.get("cards") or []))
        text = t("himmel.ev.take", lang, name=name, n=n, pile=event.get("pile"))
        if event.get("revealed"):
            text += " " + t("himmel.ev.revealed", lang, cards=cards_words(event["revealed"], lang))
        if event.get("target") is not None:
            text += " " + t(
                "himmel.ev.new_target", lang, card=card_words(event["target"], lang), pile=event.get("pile")
            )
        if event.get("marker") is not None:
            text += " " + t("himmel.ev.marker", lang, pile=event["marker"])
        return text
    if kind == "draw":
        n = int(event.get("count") or 0)
        if n == 0:
            return ""
        cards = event.get("cards") or []
        if cards and all(c is not None for c in cards):
            return t("himmel.ev.draw_seen", lang, name=name, n=n, cards=cards_words(cards, lang))
        return t("himmel.ev.draw", lang, name=name, n=n)
    if kind == "game_end":
        return t(
            "himmel.ev.game_end",
            lang,
            game=int(event.get("game_no", 0)) + 1,
            points=per_seat("himmel.seat_penalty", event.get("penalties", []), lang, names),
        )
    if kind == "deal":
        targets = [card_words(c, lang) for c in event.get("targets") or []]
        return t(
            "himmel.ev.deal",
            lang,
            game=int(event.get("game_no", 0)) + 1,
            targets=join(targets, lang),
            name=name,
        )
    if kind == "match_end":
        return winners_text(
            "himmel.ev.match_end",
            event.get("winners", []),
            "himmel.seat_penalty",
            event.get("penalties", []),
            lang,
            names,
        )
    return t("words.acted", lang, name=name)


def move_text(description: JSON, lang: str, names: Names) -> str:
    kind = description.get("type")
    if kind == "play":
        return t(
            "himmel.mv.play",
            lang,
            card=card_words(description.get("card"), lang),
            pile=description.get("pile"),
        )
    if kind == "turn":
        return t("himmel.mv.turn", lang)
    if kind == "steal":
        return t("himmel.mv.steal", lang, victim=seat_name(names, description.get("victim"), lang))
    if kind == "raise":
        return t(
            "himmel.mv.raise",
            lang,
            pile=description.get("pile"),
            card=card_words(description.get("card"), lang),
            old=card_words(description.get("old"), lang),
        )
    if kind == "take":
        n = int(description.get("count") or 0)
        if description.get("target") is None:
            return t("himmel.mv.take", lang, n=n, pile=description.get("pile"))
        return t(
            "himmel.mv.take_target",
            lang,
            n=n,
            pile=description.get("pile"),
            card=card_words(description["target"], lang),
        )
    return str(kind)
