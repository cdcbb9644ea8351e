"""Text picture of a Dog view (German or English), as the plain prompt prints it.

The track is drawn as one row of 16 fields per seat section, starting at that seat's
start field (fields counted from 1, as the game words count them); a peg is its seat's
number and ``*`` marks a fresh peg; each player's line below the track starts with that
number in brackets, so the picture says whose peg a mark is. Texts: ``dog.render.*`` in ``locale/<lang>/LC_MESSAGES/dog.po``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from stammtisch.core.i18n import t
from stammtisch.core.words import Names, entry_text, seat_name
from stammtisch.games.dog.words import card_words


def render(view: Mapping[str, Any], lang: str = "en", names: Names = None) -> str:
    def r(key: str, **params: Any) -> str:
        return t("dog.render." + key, lang, **params)

    def name(seat: int) -> str:
        return seat_name(names, seat, lang)

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
        r(
            "title",
            r=view["round"] + 1,
            h=view["hand_size"],
            dealer=name(view["dealer"]),
            starts=name(view["start_seat"]),
        )
    ]
    labels = {
        f: r("section", name=name(starts[f]), f=f + 1) if f in starts else r("fields", f=f + 1)
        for f in range(0, track, 16)
    }
    width = max(len(label) for label in labels.values())
    for f in range(0, track, 16):
        row = " ".join(f"{c:<2}" for c in cells[f : f + 16])
        lines.append(f"  {labels[f]:<{width}} | {row}")
    alone = all(len(team) == 1 for team in view["teams"])  # DOG-21: no teams to name
    lines += _seat_lines(view, alone, r, name)
    discards = view["discards"]
    lines.append(
        r(
            "pile",
            n=view["deck_size"],
            d=len(discards),
            top=card_words(discards[-1], lang) if discards else "-",
        )
    )
    if "hand" in view:
        lines.append(f"{r('hand')}: {', '.join(card_words(c, lang) for c in view['hand']) or '-'}")
        ex = view["exchange"]
        if ex.get("gave"):
            got = ex.get("received")
            lines.append(
                r("exchange", g=card_words(ex["gave"], lang), r=card_words(got, lang) if got else "?")
            )
    events = view.get("events") or []
    told = entry_text("dog", [dict(e) for e in events], lang, names) if events else ""
    if told:  # the latest move in words, as this seat may know it
        lines.append(r("last", move=told))
    if view["terminal"]:
        winners = view["teams"][view["winner"]]
        over = r("over_alone", name=name(winners[0])) if alone else None
        lines.append(over or r("over", t=view["winner"] + 1, names=", ".join(name(s) for s in winners)))
    elif view["phase"] == "exchange":
        lines.append(r("phase_exchange", name=name(view["current_player"])))
    else:
        cur = view["current_player"]
        if view["moves_for"] != cur:
            lines.append(r("turn_helps", name=name(cur), partner=name(view["moves_for"])))
        else:
            lines.append(r("turn", name=name(cur)))
    return "\n".join(lines)


def _seat_lines(
    view: Mapping[str, Any], alone: bool, r: Callable[..., str], name: Callable[[int], str]
) -> list[str]:
    """A line per seat below the track: the number that marks its pegs there, who, team,
    kennel, Himmel and cards (or folded); ``>`` marks the seat to move."""
    team_of = {s: k + 1 for k, pair in enumerate(view["teams"]) for s in pair}
    lines = []
    for seat, places in enumerate(view["pegs"]):
        kennel = sum(1 for p in places if p == "K")
        himmel = "".join("o" if f"H{h}" in places else "." for h in range(1, 5))
        who = r("you", name=name(seat)) if seat == view["seat"] else name(seat)
        marker = ">" if seat == view["current_player"] else " "
        status = r("folded") if view["folded"][seat] else r("cards", n=view["hand_sizes"][seat])
        team = "" if alone else f" [{r('team', t=team_of[seat])}]"
        lines.append(
            f"{marker} ({seat + 1}) {who}{team}: {r('kennel')} {kennel}, {r('himmel')} [{himmel}], {status}"
        )
    return lines
