"""Dog drawn from a view: the track as a ring, the pegs by number, kennels and Himmels.

The view lists each seat's four pegs as tokens: ``K`` (kennel), ``S`` (fresh on its start
field), a track field index, or ``H1`` … ``H4``. The board labels them as the browser and
the game's words do (``games/dog/words.py``): a peg is its number 1-4 in its owner's colour
("Bens Stein 3"), track fields count from 1 ("Feld 18" is index 17), Himmel fields 1-4.
Track fields run in the direction of play; seat ``s``'s start field is index ``16*s``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from stammtisch.tui.cards import chip
from stammtisch.tui.i18n import tr
from stammtisch.tui.moves import card_of, tokens
from stammtisch.tui.present import Presenter, View, seat_table

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan")
FIELDS_PER_SEAT = 16
CELL = 3
#: The width a line of the compact board may take (80 columns less the board's padding).
STRIP_WIDTH = 78
#: What follows the name on a line inside the ring when all four pegs are in the kennel
#: (the longest such line: the kennel letter is one character in every language).
FULL_SEAT_LINE = ": L 1 2 3 4  H[·· ·· ·· ··]"
#: Track fields on a line of the compact board (a seat's stretch: 16, with two players 32).
STRIP_FIELDS = 16


def ring_cells(fields: int) -> list[tuple[int, int]]:
    """(row, column) of each track field on a square ring, field 0 at the top left.

    >>> cells = ring_cells(64)
    >>> cells[0], cells[16], cells[32], cells[48], len(set(cells))
    ((0, 0), (0, 16), (16, 16), (16, 0), 64)
    """
    side = fields // 4
    out: list[tuple[int, int]] = []
    out += [(0, c) for c in range(side)]
    out += [(r, side) for r in range(side)]
    out += [(side, side - c) for c in range(side)]
    out += [(side - r, 0) for r in range(side)]
    return out


def discards_text(discards: Sequence[str], lang: str) -> str:
    """The discard pile: how many cards and the top one, or that it is empty."""
    if not discards:
        return tr("dog_discards_none", lang)
    return tr("dog_discards", lang, n=len(discards), top=chip(discards[-1], lang).plain)


def track_len(players: int) -> int:
    """16 fields per seat; two players sit opposite on 64 fields (DOG-1, DOG-21)."""
    return 64 if players == 2 else FIELDS_PER_SEAT * players


def start_field(seat: int, players: int) -> int:
    return (32 if players == 2 else FIELDS_PER_SEAT) * seat


def peg_places(view: View) -> dict[str, tuple[int, int, bool]]:
    """Track field -> (seat, peg number, fresh), read from the view's tokens."""
    places: dict[str, tuple[int, int, bool]] = {}
    for seat, pegs in enumerate(view["pegs"]):
        for i, token in enumerate(pegs):
            peg = 4 * seat + i
            if token == "S":
                places[str(start_field(seat, len(view["pegs"])))] = (seat, peg, True)
            elif token != "K" and not str(token).startswith("H"):
                places[str(token)] = (seat, peg, False)
    return places


def peg_label(peg: int) -> str:
    """A peg as the board and the words name it: its number among its owner's four (1-4)."""
    return str(peg % 4 + 1)


def kennel_letter(lang: str) -> str:
    """The kennel's mark on the board ("L" for Lager; in English not "K", the King's)."""
    return tr("dog_kennel_short", lang)


def _cut(name: str, room: int, style: str) -> Text:
    """``name`` in at most ``room`` cells, cut with "…" where it is longer."""
    text = Text(name, style=style)
    text.truncate(room, overflow="ellipsis")
    return text


def _himmel_fields(pegs: Sequence[str], seat: int, style: str) -> Text:
    """``H[ 3 ··  ··  1]``: the four Himmel fields of ``seat`` with the pegs on them."""
    text = Text("H[")
    for h in range(1, 5):
        peg = next((4 * seat + i for i, t in enumerate(pegs) if t == f"H{h}"), None)
        text.append(
            "··" if peg is None else f"{peg_label(peg):>2}", style=style if peg is not None else "dim"
        )
        if h < 4:
            text.append(" ")
    text.append("]")
    return text


class DogPresenter(Presenter):
    strip_shows_seats = True

    def hidden_label(self, lang: str) -> str:
        return tr("dog_gave_hidden", lang)

    def card_of(self, notation: str, hand: Sequence[str]) -> str | None:
        """``give 7`` (the exchange) is made with the 7 as well."""
        parts = tokens(notation)
        if len(parts) == 2 and parts[0].strip().casefold() == "give":
            return card_of(parts[1], hand)
        return card_of(notation, hand)

    def wide_size(self, view: View) -> tuple[int, int]:
        """Columns and rows the ring needs (the numbered ring plus its head and footer)."""
        side = track_len(int(view["players"])) // 4
        return (side + 3) * CELL + 4, side + 3 + 6

    def board(self, view: View, lang: str, compact: bool = False) -> RenderableType:
        if compact:
            return self.strip(view, lang)
        players = int(view["players"])
        fields = track_len(players)
        side = fields // 4
        grid: list[list[Text]] = [[Text(" " * CELL) for _ in range(side + 1)] for _ in range(side + 1)]
        places = peg_places(view)
        for field, (r, c) in enumerate(ring_cells(fields)):
            grid[r][c] = self._cell(field, places, players)
        lines = [Text("").join(row) for row in grid]
        # The inside of the ring: one line per seat with kennel and Himmel.
        width = (side - 2) * CELL  # inside the ring, after a cell's margin
        inner = [self._legend(lang), *(self._seat_line(view, s, lang, width) for s in range(players))]
        for k, text in enumerate(inner):
            row = 2 + k * 2
            if row >= side:
                break
            pad = Text(" " * CELL)
            pad.append_text(text)
            pad.truncate((side - 1) * CELL, pad=True)
            lines[row] = Text("").join([grid[row][0], pad, grid[row][side]])
        lines = self._number_fields(lines, fields)
        head = Text(tr("dog_round", lang, r=int(view["round"]) + 1, h=view["hand_size"]), style="bold")
        head.append(f"   {tr('dealer', lang)}: {self.name(int(view['dealer']), lang)}")
        return self.with_last(view, lang, [head, *lines, self._footer(view, lang)])

    def strip(self, view: View, lang: str) -> RenderableType:
        """The compact board: one line per seat with its quarter of the track (from its start
        field on, the field number at the left, offsets on top), kennel, Himmel and cards."""
        players = int(view["players"])
        places = peg_places(view)
        discards = view.get("discards") or []
        head = Text(tr("dog_round", lang, r=int(view["round"]) + 1, h=view["hand_size"]), style="bold")
        head.append(f" · {tr('dealer', lang)}: {self.name(int(view['dealer']), lang)}")
        head.append(" · " + tr("draw_pile", lang, n=view["deck_size"]))
        head.append(" · " + discards_text(discards, lang))
        ticks = Text(" " * 7 + "".join(f"{i:>2}{'':6}" for i in range(0, STRIP_FIELDS, 4)), style="dim")
        teams = " · ".join(
            "+".join(str(s + 1) for s in team) for team in view.get("teams") or [] if len(team) > 1
        )
        if teams:
            ticks.append(f"   {tr('dog_teams', lang)}: {teams}")
        lines: list[RenderableType] = [head, ticks]
        for seat in range(players):
            lines.extend(self._strip_lines(view, seat, places, lang))
        footer = self._footer(view, lang, with_piles=False)
        if footer.plain:
            lines.append(footer)
        return self.with_last(view, lang, lines)

    def _strip_lines(
        self, view: View, seat: int, places: dict[str, tuple[int, int, bool]], lang: str
    ) -> list[Text]:
        """A seat's lines of the compact board: its stretch of the track, 16 fields a line
        (two players have 32 each: a second line, numbered from its first field), then on
        the first line its kennel, Himmel, cards and name."""
        style = SEAT_STYLES[seat % len(SEAT_STYLES)]
        players = int(view["players"])
        start = start_field(seat, players)
        stretch = track_len(players) // players
        lines = [
            self._track_line(view, seat, places, first, min(first + STRIP_FIELDS, start + stretch))
            for first in range(start, start + stretch, STRIP_FIELDS)
        ]
        line = lines[0]
        pegs = view["pegs"][seat]
        kennel = sum(1 for t in pegs if t == "K")
        # Single spaces between the parts: the longest bot name ("Hansruedi") fits in 80
        # columns after "6 Karten".
        line.append(f"{kennel_letter(lang)}:{kennel}", style=style if kennel else "dim")
        line.append(" ")
        line.append_text(_himmel_fields(pegs, seat, style))
        line.append(" ")
        if view["folded"][seat]:
            line.append(tr("dog_folded", lang), style="dim")
        else:
            n = view["hand_sizes"][seat]
            line.append(tr("dog_cards_1" if n == 1 else "dog_cards_n", lang, n=n))
        # A bot's name, as the log calls it, in what is left of the line (a person is the
        # seat's number, "Player 2", already).
        names = self.seat_names
        name = names[seat] if names is not None and seat < len(names) else None
        room = STRIP_WIDTH - line.cell_len - 1
        if name and room >= 3:
            line.append(" ")
            line.append_text(_cut(name, room, style))
        return lines

    @staticmethod
    def _track_line(
        view: View, seat: int, places: dict[str, tuple[int, int, bool]], first: int, end: int
    ) -> Text:
        """``▶1•  1│ ◆ · 2 · …│ ``: the fields ``first`` to ``end`` (exclusive) of ``seat``'s
        stretch; the marks of the seat only on its first line."""
        style = SEAT_STYLES[seat % len(SEAT_STYLES)]
        start = start_field(seat, int(view["players"]))
        line = Text()
        if first == start:
            line.append("▶" if view.get("current_player") == seat else " ", style="bold yellow")
            line.append(str(seat + 1), style=style)
            line.append("•" if view.get("seat") == seat else " ", style="bold")
        else:
            line.append("   ")
        line.append(f"{first + 1:>3}│", style="dim")
        for field in range(first, end):
            hit = places.get(str(field))
            if hit is not None:
                owner, peg, fresh = hit
                peg_style = SEAT_STYLES[owner % len(SEAT_STYLES)] + (" reverse" if fresh else "")
                line.append(f"{peg_label(peg):>2}", style=peg_style)
            elif field == start:
                line.append(" ◆", style=style)
            else:
                line.append(" ·", style="dim")
        line.append("│ ", style="dim")
        return line

    @staticmethod
    def _number_fields(lines: list[Text], fields: int) -> list[Text]:
        """Every fourth track field's number (counted from 1) in a margin around the ring
        (the log and the move list name fields by number; the ring itself shows pegs)."""
        side = fields // 4
        field_at = {cell: f for f, cell in enumerate(ring_cells(fields))}

        def label(cell: tuple[int, int]) -> Text:
            f = field_at.get(cell)
            return Text(f"{f + 1:>2} " if f is not None and f % 4 == 0 else " " * CELL, style="dim")

        blank = Text(" " * CELL)
        out = [Text("").join([blank, *(label((0, c)) for c in range(side + 1))])]
        for r, line in enumerate(lines):
            inner = 0 < r < side
            out.append(
                Text("").join([label((r, 0)) if inner else blank, line, label((r, side)) if inner else blank])
            )
        out.append(Text("").join([blank, *(label((side, c)) for c in range(side + 1))]))
        return out

    @staticmethod
    def _cell(field: int, places: dict[str, tuple[int, int, bool]], players: int) -> Text:
        hit = places.get(str(field))
        if hit is not None:
            seat, peg, fresh = hit
            style = SEAT_STYLES[seat % len(SEAT_STYLES)] + (" reverse" if fresh else "")
            return Text(f"{peg_label(peg):>2} ", style=style)
        per_seat = track_len(players) // players
        if field % per_seat == 0:
            seat = field // per_seat
            return Text(" ◆ ", style=SEAT_STYLES[seat % len(SEAT_STYLES)])
        return Text(" · ", style="dim")

    def _seat_line(self, view: View, seat: int, lang: str, width: int) -> Text:
        """``2 Fritz: L 1 2  H[ 3 ·· ··  4]``: who (the number and the name, cut with an
        ellipsis where the ring is narrow), the kennel pegs, then the four Himmel fields."""
        style = SEAT_STYLES[seat % len(SEAT_STYLES)]
        pegs = view["pegs"][seat]
        # The name in what a full kennel leaves of the width, if that is five cells or more;
        # the small ring of three players shows the number only.
        number = str(seat + 1)
        room = width - len(number) - 1 - len(FULL_SEAT_LINE)
        line = Text(number, style=style)
        if room >= 5:
            line.append(" ")
            line.append_text(_cut(self.name(seat, lang), room, style))
        line.append(": ", style=style)
        kennel = [4 * seat + i for i, t in enumerate(pegs) if t == "K"]
        line.append(kennel_letter(lang) + " ")
        line.append(" ".join(peg_label(p) for p in kennel) or "-", style=style)
        line.append("  ")
        line.append_text(_himmel_fields(pegs, seat, style))
        return line

    @staticmethod
    def _legend(lang: str) -> Text:
        kennel = tr("dog_kennel", lang)
        return Text(f"{kennel_letter(lang)} = {kennel}, H = {tr('dog_himmel', lang)}", style="dim")

    def legend(self, lang: str) -> str:
        """What the board's marks mean (the help screen shows it)."""
        return tr("dog_legend", lang, k=kennel_letter(lang))

    def _footer(self, view: View, lang: str, with_piles: bool = True) -> Text:
        discards = view.get("discards") or []
        lines: list[Text] = []
        if with_piles:
            piles = Text(tr("draw_pile", lang, n=view["deck_size"]))
            piles.append("   " + discards_text(discards, lang))
            lines.append(piles)
        cur = view.get("current_player")
        if view.get("phase") == "exchange" and cur is not None:
            # DOG-7, DOG-22: the card goes to the next teammate in the direction of play.
            team = next((t for t in view.get("teams") or [] if cur in t), [cur])
            to = team[(team.index(cur) + 1) % len(team)]
            line = tr("dog_exchange", lang, name=self.name(cur, lang), to=self.name(to, lang))
            lines.append(Text(line, style="bold"))
        elif cur is not None and view.get("moves_for") not in (None, cur):
            helped = self.name(int(view["moves_for"]), lang)
            lines.append(Text(tr("dog_helps", lang, name=self.name(cur, lang), partner=helped), style="bold"))
        ex = view.get("exchange") or {}
        if ex.get("gave"):
            got = chip(ex["received"], lang).plain if ex.get("received") else "?"
            lines.append(Text(tr("dog_exchanged", lang, g=chip(ex["gave"], lang).plain, r=got)))
        if view.get("terminal") and view.get("winner") is not None:
            lines.append(Text(tr("dog_winner", lang, t=int(view["winner"]) + 1), style="bold green"))
        return Text("\n").join(lines)

    def seats(self, view: View, lang: str) -> RenderableType:
        team_of = {s: k + 1 for k, pair in enumerate(view["teams"]) for s in pair}
        pegs = view["pegs"]

        def cards(s: int) -> str:
            return tr("dog_folded", lang) if view["folded"][s] else str(view["hand_sizes"][s])

        return seat_table(
            view,
            lang,
            [
                (tr("dog_team", lang), lambda s: str(team_of.get(s, ""))),
                (tr("cards_in_hand", lang), cards),
                (tr("dog_kennel", lang), lambda s: str(sum(1 for t in pegs[s] if t == "K"))),
                (tr("dog_himmel", lang), lambda s: str(sum(1 for t in pegs[s] if str(t).startswith("H")))),
            ],
            self.seat_names,
        )
