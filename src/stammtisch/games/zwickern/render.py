"""Text picture of a Zwickern view (German or English), as the plain prompt prints it.

Texts: ``zwickern.render.*`` in ``locale/<lang>/LC_MESSAGES/zwickern.po``; seats by the one
seat word (``words.seat``), the latest move in the game's words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.i18n import t
from stammtisch.core.words import Names, entry_text, join, seat_name
from stammtisch.games.zwickern.cards import CARD_POINTS, parse_card
from stammtisch.games.zwickern.words import card_words


def render(view: Mapping[str, Any], lang: str = "en", names: Names = None) -> str:
    def r(key: str, **params: Any) -> str:
        return t("zwickern.render." + key, lang, **params)

    def name(seat: int) -> str:
        return seat_name(names, seat, lang)

    lines = [r("title", r=view["round"] + 1, R=view["rounds"], dealer=name(view["dealer"]))]

    def cards(codes: list[str]) -> str:
        return " ".join(card_words(c, lang) for c in codes)

    lines.append(f"{r('table')}: {cards(view['table']) or r('empty')}")
    lines.append(r("deck", n=view["deck_size"]))
    for s in range(view["players"]):
        pile = view["captured"][s]
        pts = sum(CARD_POINTS[parse_card(c)] for c in pile)
        who = r("you", name=name(s)) if s == view["seat"] else name(s)
        marker = ">" if s == view["current_player"] else " "
        lines.append(
            f"{marker} {who}: {r('cards', n=view['hand_sizes'][s])}; "
            f"{r('captured', n=len(pile), p=pts)}; {r('total', m=view['match_points'][s])}"
        )
    events = view.get("events") or []
    told = entry_text("zwickern", [dict(e) for e in events], lang, names) if events else ""
    if told:  # the latest move in words (also the last card of a round, after the redeal)
        lines.append(r("last", move=told))
    if "hand" in view:
        lines.append(f"{r('hand')}: {cards(view['hand'])}")
    if view["terminal"]:  # the match points; the most win, a tie shares the win (ZW-8, ZW-10)
        scores = [int(p) for p in view["scores"]]
        winners = [name(s) for s, p in enumerate(scores) if p == max(scores)]
        standing = ", ".join(f"{name(s)} {p}" for s, p in enumerate(scores))
        lines.append(r("over" if len(winners) == 1 else "over_many", pts=standing, w=join(winners, lang)))
    elif view["current_player"] is not None:
        lines.append(r("turn", name=name(view["current_player"])))
    return "\n".join(lines)
