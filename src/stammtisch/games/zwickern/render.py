"""Text picture of a Zwickern view (German or English)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.games.zwickern.cards import CARD_POINTS, parse_card

_T = {
    "en": {
        "title": "Zwickern - round {r} of {R}, dealer: seat {d}",
        "table": "Table",
        "empty": "(empty)",
        "hand": "Your hand",
        "seat": "Seat {s}",
        "you": " (you)",
        "cards": "{n} cards in hand",
        "captured": "captured {k} cards, {p} points",
        "deck": "Draw pile: {n} cards",
        "turn": "To play: seat {s}",
        "over": "Game over. Points: {pts}",
        "last": "Last move: seat {s} played {c}",
        "took": ", took {cards}",
        "total": "match points {m}",
    },
    "de": {
        "title": "Zwickern - Runde {r} von {R}, Geber: Sitz {d}",
        "table": "Tisch",
        "empty": "(leer)",
        "hand": "Deine Hand",
        "seat": "Sitz {s}",
        "you": " (du)",
        "cards": "{n} Karten auf der Hand",
        "captured": "{k} Karten gefangen, {p} Punkte",
        "deck": "Nachziehstapel: {n} Karten",
        "turn": "Am Zug: Sitz {s}",
        "over": "Spiel vorbei. Punkte: {pts}",
        "last": "Letzter Zug: Sitz {s} spielte {c}",
        "took": ", fing {cards}",
        "total": "Partiepunkte {m}",
    },
}


def render(view: Mapping[str, Any], lang: str = "en") -> str:
    t = _T.get(lang, _T["en"])
    lines = [t["title"].format(r=view["round"] + 1, R=view["rounds"], d=view["dealer"] + 1)]
    lines.append(f"{t['table']}: {' '.join(view['table']) or t['empty']}")
    lines.append(t["deck"].format(n=view["deck_size"]))
    for s in range(view["players"]):
        pile = view["captured"][s]
        pts = sum(CARD_POINTS[parse_card(c)] for c in pile)
        you = t["you"] if s == view["seat"] else ""
        marker = ">" if s == view["current_player"] else " "
        lines.append(
            f"{marker} {t['seat'].format(s=s + 1)}{you}: {t['cards'].format(n=view['hand_sizes'][s])}; "
            f"{t['captured'].format(k=len(pile), p=pts)}; {t['total'].format(m=view['match_points'][s])}"
        )
    last = view.get("last")
    if last:
        text = t["last"].format(s=last["seat"] + 1, c=last["card"])
        if last["captured"]:
            text += t["took"].format(cards=" ".join(last["captured"]))
        lines.append(text)
    if "hand" in view:
        lines.append(f"{t['hand']}: {' '.join(view['hand'])}")
    if view["terminal"]:
        lines.append(t["over"].format(pts=", ".join(str(int(p)) for p in view["scores"])))
    elif view["current_player"] is not None:
        lines.append(t["turn"].format(s=view["current_player"] + 1))
    return "\n".join(lines)
