"""Text picture of a Himmel view (German or English)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.games.himmel.cards import card_name, parse_card

_T = {
    "en": {
        "title": "Himmel, A… und Zwirn - game {g} of {G}, direction: {d}",
        "cw": "clockwise",
        "ccw": "counter-clockwise",
        "pile": "Pile {p}{m}: target {t}{old}; cards: {c}",
        "marked": " (marked)",
        "old": " (under it: {o})",
        "none": "-",
        "empty": "(empty)",
        "deck": "Draw pile: {n} cards",
        "seat": "Seat {s}",
        "you": " (you)",
        "cards": "{n} cards in hand",
        "penalty": "penalty pile {k}: {c}",
        "hand": "Your hand",
        "known": "You know: {f}",
        "in": "{c} with seat {s}",
        "in_deck": "{c} in the draw pile",
        "or": " or ",
        "known_by": "Seat {s} knows you hold {c}",
        "last": "Last move: seat {s}: {a}",
        "stolen": " (took {c})",
        "revealed": "Revealed: {c}",
        "turn": "To play: seat {s}",
        "over": "Match over. Penalty points: {p}. Winner: {w}",
    },
    "de": {
        "title": "Himmel, A… und Zwirn - Spiel {g} von {G}, Richtung: {d}",
        "cw": "im Uhrzeigersinn",
        "ccw": "gegen den Uhrzeigersinn",
        "pile": "Stapel {p}{m}: Zielkarte {t}{old}; Karten: {c}",
        "marked": " (markiert)",
        "old": " (darunter: {o})",
        "none": "-",
        "empty": "(leer)",
        "deck": "Nachziehstapel: {n} Karten",
        "seat": "Sitz {s}",
        "you": " (du)",
        "cards": "{n} Karten auf der Hand",
        "penalty": "Misthaufen {k}: {c}",
        "hand": "Deine Hand",
        "known": "Du weißt: {f}",
        "in": "{c} bei Sitz {s}",
        "in_deck": "{c} im Nachziehstapel",
        "or": " oder ",
        "known_by": "Sitz {s} weiß, dass du {c} hast",
        "last": "Letzter Zug: Sitz {s}: {a}",
        "stolen": " ({c} gestohlen)",
        "revealed": "Aufgedeckt: {c}",
        "turn": "Am Zug: Sitz {s}",
        "over": "Partie vorbei. Minuspunkte: {p}. Gewinner: {w}",
    },
}


def _names(cards: list[Any], lang: str, empty: str) -> str:
    return ", ".join(card_name(parse_card(c), lang) for c in cards) or empty


def render(view: Mapping[str, Any], lang: str = "en") -> str:
    t = _T.get(lang, _T["en"])
    direction = t["cw"] if view["direction"] == 1 else t["ccw"]
    lines = [t["title"].format(g=view["game_no"] + 1, G=view["games"], d=direction)]
    for pile in view["piles"]:
        old = pile["targets"][:-1]
        lines.append(
            t["pile"].format(
                p=pile["name"],
                m=t["marked"] if pile["marked"] else "",
                t=pile["target"] or t["none"],
                old=t["old"].format(o=", ".join(old)) if old else "",
                c=" ".join(pile["cards"]) or t["empty"],
            )
        )
    lines.append(t["deck"].format(n=view["deck_size"]))
    for s in range(view["players"]):
        you = t["you"] if s == view["seat"] else ""
        mark = ">" if s == view["current_player"] else " "
        pen = view["penalty"][s]
        lines.append(
            f"{mark} {t['seat'].format(s=s + 1)}{you}: {t['cards'].format(n=view['hand_sizes'][s])}; "
            + t["penalty"].format(k=len(pen), c=_names(pen, lang, t["empty"]))
        )
    last = view.get("last")
    if last:
        text = t["last"].format(s=last["seat"] + 1, a=last["action"])
        if "stolen" in last:
            text += t["stolen"].format(c=card_name(parse_card(last["stolen"]), lang))
        lines.append(text)
    if view["revealed"]:
        lines.append(t["revealed"].format(c=_names(view["revealed"], lang, t["empty"])))
    if "hand" in view:
        lines.append(f"{t['hand']}: {_names(view['hand'], lang, t['empty'])}")
        facts = []
        for f in view["known"]:
            name = card_name(parse_card(f["card"]), lang)
            places = [t["in"].format(c=name, s=s + 1) for s in f["seats"]]
            if f["deck"]:
                places.append(t["in_deck"].format(c=name))
            facts.append(t["or"].join(places))
        if facts:
            lines.append(t["known"].format(f="; ".join(facts)))
        for e in view["known_by"]:
            lines.append(t["known_by"].format(s=e["seat"] + 1, c=card_name(parse_card(e["card"]), lang)))
    if view["terminal"]:
        pens = ", ".join(str(p) for p in view["penalties"])
        lines.append(
            t["over"].format(p=pens, w=", ".join(t["seat"].format(s=w + 1) for w in view["winners"]))
        )
    elif view["current_player"] is not None:
        lines.append(t["turn"].format(s=view["current_player"] + 1))
    return "\n".join(lines)
