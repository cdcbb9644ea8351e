"""Text picture of a Dog view (German or English).

The track is drawn as one row of 16 fields per seat section, starting at that seat's
start field; a peg is its seat digit (upper row) and ``*`` marks a fresh peg.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_T = {
    "en": {
        "title": "Dog - round {r} ({h} cards), dealer: seat {d}, started by seat {s}",
        "section": "seat {s} start {f:>2}",
        "fields": "fields {f:>2}      ",
        "kennel": "kennel",
        "himmel": "Himmel",
        "seat": "Seat {s}",
        "you": " (you)",
        "team": "team {t}",
        "cards": "cards: {n}",
        "folded": "folded",
        "hand": "Your hand",
        "pile": "Pile: {n} cards, discards: {d} (top: {top})",
        "exchange": "Exchange: you gave {g}, received {r}",
        "turn": "To move: seat {s}{helps}",
        "helps": " (moves seat {c}'s pegs)",
        "phase_exchange": "Card exchange: seat {s} chooses a card for the partner",
        "last": "Last move: seat {s}: {a}",
        "over": "Game over: team {t} (seats {seats}) wins.",
        "none": "-",
    },
    "de": {
        "title": "Dog - Runde {r} ({h} Karten), Geber: Sitz {d}, beginnt: Sitz {s}",
        "section": "Sitz {s} Bank {f:>2}",
        "fields": "Felder {f:>2}      ",
        "kennel": "Lager",
        "himmel": "Himmel",
        "seat": "Sitz {s}",
        "you": " (du)",
        "team": "Partei {t}",
        "cards": "Karten: {n}",
        "folded": "ausgeschieden",
        "hand": "Deine Hand",
        "pile": "Stapel: {n} Karten, Ablage: {d} (oben: {top})",
        "exchange": "Tausch: du gabst {g}, erhieltst {r}",
        "turn": "Am Zug: Sitz {s}{helps}",
        "helps": " (fährt mit den Steinen von Sitz {c})",
        "phase_exchange": "Kartentausch: Sitz {s} wählt eine Karte für den Partner",
        "last": "Letzter Zug: Sitz {s}: {a}",
        "over": "Spiel vorbei: Partei {t} (Sitze {seats}) gewinnt.",
        "none": "-",
    },
}


def render(view: Mapping[str, Any], lang: str = "en") -> str:
    t = _T.get(lang, _T["en"])
    n = int(view["players"])
    # DOG-1, DOG-21: 16 fields per seat; 2 players sit opposite on 64 fields.
    track = 64 if n == 2 else 16 * n
    starts = {(32 if n == 2 else 16) * seat: seat for seat in range(n)}
    cells = ["."] * track
    for seat, places in enumerate(view["pegs"]):
        for token in places:
            if token == "S":
                cells[(32 if n == 2 else 16) * seat] = f"{seat + 1}*"
            elif token not in ("K",) and not str(token).startswith("H"):
                cells[int(token)] = str(seat + 1)
    lines = [
        t["title"].format(
            r=view["round"] + 1, h=view["hand_size"], d=view["dealer"] + 1, s=view["start_seat"] + 1
        )
    ]
    for f in range(0, track, 16):
        row = " ".join(f"{c:<2}" for c in cells[f : f + 16])
        label = t["section"].format(s=starts[f] + 1, f=f) if f in starts else t["fields"].format(f=f)
        lines.append(f"  {label} | {row}")
    team_of = {s: k + 1 for k, pair in enumerate(view["teams"]) for s in pair}
    for seat, places in enumerate(view["pegs"]):
        kennel = sum(1 for p in places if p == "K")
        himmel = "".join("o" if f"H{h}" in places else "." for h in range(1, 5))
        you = t["you"] if seat == view["seat"] else ""
        marker = ">" if seat == view["current_player"] else " "
        status = t["folded"] if view["folded"][seat] else t["cards"].format(n=view["hand_sizes"][seat])
        lines.append(
            f"{marker} {t['seat'].format(s=seat + 1)}{you} [{t['team'].format(t=team_of[seat])}]: "
            f"{t['kennel']} {kennel}, {t['himmel']} [{himmel}], {status}"
        )
    discards = view["discards"]
    lines.append(
        t["pile"].format(n=view["deck_size"], d=len(discards), top=discards[-1] if discards else t["none"])
    )
    if "hand" in view:
        lines.append(f"{t['hand']}: {' '.join(view['hand']) or t['none']}")
        ex = view["exchange"]
        if ex.get("gave"):
            lines.append(t["exchange"].format(g=ex["gave"], r=ex.get("received") or "?"))
    last = view.get("last")
    if last:
        lines.append(t["last"].format(s=last["seat"] + 1, a=last["action"]))
    if view["terminal"]:
        w = view["winner"]
        lines.append(t["over"].format(t=w + 1, seats=", ".join(str(s + 1) for s in view["teams"][w])))
    elif view["phase"] == "exchange":
        lines.append(t["phase_exchange"].format(s=view["current_player"] + 1))
    else:
        cur = view["current_player"]
        helps = t["helps"].format(c=view["moves_for"] + 1) if view["moves_for"] != cur else ""
        lines.append(t["turn"].format(s=cur + 1, helps=helps))
    return "\n".join(lines)
