"""Text picture of a Himmel view (German or English), as the plain prompt prints it.

Texts: ``himmel.render.*`` in ``locale/<lang>/LC_MESSAGES/himmel.po``; seats by the one seat
word (``words.seat``), the latest move in the game's words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.i18n import t
from stammtisch.core.words import Names, entry_text, join, seat_name
from stammtisch.games.himmel.words import card_words


def _names(cards: list[Any], lang: str, empty: str) -> str:
    return ", ".join(card_words(str(c), lang) for c in cards) or empty


def render(view: Mapping[str, Any], lang: str = "en", names: Names = None) -> str:
    def r(key: str, **params: Any) -> str:
        return t("himmel.render." + key, lang, **params)

    def name(seat: int) -> str:
        return seat_name(names, seat, lang)

    empty = r("empty")
    direction = r("cw") if view["direction"] == 1 else r("ccw")
    lines = [r("title", g=view["game_no"] + 1, G=view["games"], d=direction)]
    for pile in view["piles"]:
        old = pile["targets"][:-1]
        lines.append(
            r(
                "pile",
                p=pile["name"],
                m=r("marked") if pile["marked"] else "",
                t=pile["target"] or "-",
                old=r("old", o=", ".join(old)) if old else "",
                c=_names(pile["cards"], lang, empty),
            )
        )
    lines.append(r("deck", n=view["deck_size"]))
    for s in range(view["players"]):
        who = r("you", name=name(s)) if s == view["seat"] else name(s)
        mark = ">" if s == view["current_player"] else " "
        pen = view["penalty"][s]
        lines.append(
            f"{mark} {who}: {r('cards', n=view['hand_sizes'][s])}; "
            + r("penalty", k=len(pen), c=_names(pen, lang, empty))
        )
    events = view.get("events") or []
    told = entry_text("himmel", [dict(e) for e in events], lang, names) if events else ""
    if told:  # the latest move in words, as this seat may know it (HAZ-5)
        lines.append(r("last", move=told))
    if view["revealed"]:
        lines.append(r("revealed", c=_names(view["revealed"], lang, empty)))
    if "hand" in view:
        lines.append(f"{r('hand')}: {_names(view['hand'], lang, empty)}")
        facts = []
        for f in view["known"]:
            card = card_words(str(f["card"]), lang)
            places = [r("in", c=card, name=name(s)) for s in f["seats"]]
            if f["deck"]:
                places.append(r("in_deck", c=card))
            facts.append(r("or").join(places))
        if facts:
            lines.append(r("known", f="; ".join(facts)))
        for e in view["known_by"]:
            lines.append(r("known_by", name=name(e["seat"]), c=card_words(str(e["card"]), lang)))
    if view["terminal"]:
        pens = ", ".join(f"{name(s)} {p}" for s, p in enumerate(view["penalties"]))
        winners = view["winners"]
        lines.append(
            r("over" if len(winners) == 1 else "over_many", p=pens, w=join([name(w) for w in winners], lang))
        )
    elif view["current_player"] is not None:
        lines.append(r("turn", name=name(view["current_player"])))
    return "\n".join(lines)
