"""How a game's view is drawn: table, seats and hand, read from the view only.

A presenter turns one seat's view (``State.observe(seat)``) into Rich renderables for the
board area and the seat table, and names the hand cards. It never computes a rule: what
is legal comes from the legal notations, what is seen comes from the view. A game
without its own presenter is drawn with its text render (``Game.render``). Each game's presenter sits in
``present_<game>.py`` on top of this module; ``presenters.py`` picks one for a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from stammtisch.core.errors import StammtischError
from stammtisch.core.game import Game, State
from stammtisch.core.helppage import help_text
from stammtisch.core.words import Names, entry_text, join, move_text
from stammtisch.tui.cards import chip
from stammtisch.tui.i18n import seat_name, tr
from stammtisch.tui.moves import card_of
from stammtisch.tui.session import Seen

View = Mapping[str, Any]


class Presenter:
    """The fallback: the game's own text picture and whatever seat data the view has."""

    #: The compact board already lists the seats (the seat table is hidden beside it).
    strip_shows_seats = False
    #: The log and the move list read the game's words (events and move descriptions).
    use_words = True
    #: Some moves play no hand card (key "0", "other moves"; see game_layout.help_keys).
    other_moves = True

    def __init__(self, game: Game[Any], names: Names = None) -> None:
        self.game = game
        #: The seats' names (``Session.names``: bots have one), for every seat on screen.
        self.seat_names: Names = names

    def name(self, seat: int | None, lang: str) -> str:
        """A seat as the screens name it: its name, else "Player 2"."""
        return seat_name(seat, lang, self.seat_names)

    def rules(self, lang: str) -> str:
        """The rules for the help screen: the game's rules page (the browser's, without its
        guide to clicking), else the game's description."""
        info = self.game.info
        text = help_text(info, lang)
        return text if text else str(info.description.get(lang, info.description.get("en", "")))

    def legend(self, lang: str) -> str:
        """What the board's marks mean, for the help screen ("" if it needs none)."""
        return ""

    def refusal(self, view: View, card: str, lang: str) -> str:
        """Why ``card`` cannot be chosen now (it has no legal move)."""
        return tr("card_unplayable", lang, card=chip(card, lang).plain)

    def hand(self, view: View) -> list[str]:
        hand = view.get("hand")
        if isinstance(hand, list) and all(isinstance(c, str) for c in hand):
            return list(hand)
        return []

    def board(self, view: View, lang: str, compact: bool = False) -> RenderableType:
        return Text(self.game.render(view, lang))

    def wide_size(self, view: View) -> tuple[int, int]:
        """Columns and rows the board needs beside the hand (else it goes on top, compact)."""
        return 60, 12

    def seats(self, view: View, lang: str) -> RenderableType:
        """A seat table: one row per seat with the per-seat lists the view holds."""
        points = [(tr("points", lang), lambda s: num(_at(view.get("scores"), s)))]
        return seat_table(view, lang, points, self.seat_names)

    def move_label(self, notation: str, lang: str) -> str:
        return notation

    def seen_label(self, seen: Seen, lang: str) -> str:
        """A move in the log as the reader saw it: their own move, the view's account of
        another seat's move, or only that the seat moved (what it did is not theirs to know)."""
        if seen.own is not None:
            return self.move_label(seen.own, lang)
        if seen.last is not None:
            return self.last_label(seen.last, lang)
        return self.hidden_label(lang)

    def names(self, lang: str) -> list[str]:
        """Seat names as the screens write them ("Player 1"), for the game's words."""
        return [self.name(s, lang) for s in range(self.game.num_players)]

    def last_line(self, view: View, lang: str) -> Text | None:
        """``Last: Player 2 plays the 7 …``: the view's events of the latest move in the
        game's words (filtered for the reader like the view), one line cut with "…" (the
        log holds the whole of it); None before the first move."""
        events = view.get("events")
        if not isinstance(events, list) or not events:
            return None
        text = entry_text(self.game.name, [dict(e) for e in events], lang, self.names(lang))
        if not text:
            return None
        return Text(tr("last", lang, move=text), style="dim", no_wrap=True, overflow="ellipsis")

    def with_last(self, view: View, lang: str, parts: Sequence[RenderableType]) -> Group:
        """A board's ``parts`` with the line of the latest move (:meth:`last_line`) below."""
        last = self.last_line(view, lang)
        return Group(*parts) if last is None else Group(*parts, last)

    def prefix_words(
        self, state: State[Any], notations: Sequence[str], lang: str, short: bool = False
    ) -> str:
        """What several moves still to be told apart have in common, in words: the shared
        beginning of their descriptions up to a whole word (a split 7 narrowed down peg by
        peg reads "7: zieht Stein 1 von Feld 5 auf"; the move list adds "… (n moves)")."""
        texts = [self.move_words(state, n, lang, short) for n in notations]
        if not texts:
            return ""
        common = texts[0]
        for text in texts[1:]:
            k = 0
            while k < min(len(common), len(text)) and common[k] == text[k]:
                k += 1
            common = common[:k]
        if any(len(t) > len(common) and t[len(common)].isalnum() for t in texts) and common[-1:].isalnum():
            common = common[: common.rfind(" ") + 1]  # never cut inside a word or a number
        common = common.rstrip(" (;,:")
        # A last word that names nothing yet ("Joker als 7: Stein", its number still to
        # choose) is left out: "Joker als 7 … (8 Züge)".
        at = max(common.rfind(": "), common.rfind("; "))
        tail = common[at + 2 :] if at >= 0 else ""
        if tail and " " not in tail and not any(ch.isdigit() for ch in tail):
            common = common[:at]
        return common

    def log_line(self, seen: Seen, lang: str) -> str:
        """One move of the log as the reader saw it: the game's words for its events, else
        "Seat s: <move>"."""
        if self.use_words and seen.events:
            text = entry_text(self.game.name, [dict(e) for e in seen.events], lang, self.names(lang))
            if text:
                return text
        return tr("played", lang, name=self.name(seen.seat, lang), move=self.seen_label(seen, lang))

    def move_words(self, state: State[Any], notation: str, lang: str, short: bool = False) -> str:
        """A legal move of the seat to move in words (its description), else its label;
        ``short``: in few words, for the move list."""
        if self.use_words:
            try:
                description = state.describe(state.parse_action(notation))
            except StammtischError:
                return self.move_label(notation, lang)
            text = move_text(self.game.name, description, lang, self.names(lang), short)
            if text:
                return text
        return self.move_label(notation, lang)

    def last_label(self, last: View, lang: str) -> str:
        """The view's ``last`` entry in words."""
        action = last.get("action")
        return self.move_label(str(action), lang) if action is not None else tr("moved_hidden", lang)

    def hidden_label(self, lang: str) -> str:
        return tr("moved_hidden", lang)

    def card_of(self, notation: str, hand: Sequence[str]) -> str | None:
        """The hand card a move is made with (by default: the notation's first token)."""
        return card_of(notation, hand)


def _at(values: Any, seat: int) -> Any:
    return values[seat] if isinstance(values, list) and seat < len(values) else ""


def seat_table(
    view: View, lang: str, columns: Sequence[tuple[str, Callable[[int], str]]], names: Names = None
) -> Table:
    """One row per seat: its label (its name, if ``names`` has one), then one cell per column
    (header, cell of a seat)."""
    table = Table(box=None, pad_edge=False, collapse_padding=True, header_style="bold")
    # Where the table is too narrow a long name gives way (cut with "…"), never a column's
    # header or number: the name's column may shrink, its text never wraps.
    table.add_column("", overflow="ellipsis")
    for header, _ in columns:
        table.add_column(header, justify="right", no_wrap=True, min_width=cell_len(header))
    for s in range(int(view.get("players", 0))):
        label = seat_label(view, s, lang, names)
        label.no_wrap, label.overflow = True, "ellipsis"
        table.add_row(label, *(cell(s) for _, cell in columns))
    return table


def seat_number(seat: int | None) -> str:
    """A seat index as people count seats: from 1 (``-`` for no seat)."""
    return "-" if seat is None else str(seat + 1)


def seat_label(view: View, seat: int, lang: str, names: Names = None) -> Text:
    """``> Seat 1 (you)``: the arrow marks the seat to move."""
    you = view.get("seat") == seat
    mover = view.get("current_player") == seat
    text = Text()
    text.append("▶ " if mover else "  ", style="bold yellow")
    name = seat_name(seat, lang, names)
    text.append(tr("seat_you", lang, name=name) if you else name, style="bold" if you else "")
    return text


def result_text(state: State[Any], lang: str, names: Names = None) -> str:
    """Who won and the points, each beside its seat's name: ``Vreni wins. Points: 110
    (Player 1), 118 (Köbi), 162 (Vreni).``; a team that wins together is named with its
    seats (``Team 2 wins: Player 2 and Player 4.``). Himmel says penalty points, Dog the pegs
    in the Himmel."""
    scores, returns = state.scores(), state.returns()
    public = state.observe(None)
    teams = public.get("teams") or []
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    team = next((k for k, members in enumerate(teams) if sorted(members) == winners), None)
    if len(winners) == len(returns):
        head = tr("result_draw", lang)
    elif team is not None and len(winners) > 1:
        head = tr(
            "result_team", lang, t=team + 1, names=join([seat_name(w, lang, names) for w in winners], lang)
        )
    elif len(winners) == 1:
        head = tr("result_winner", lang, name=seat_name(winners[0], lang, names))
    else:
        head = tr("result_winners", lang, names=join([seat_name(w, lang, names) for w in winners], lang))
    # Himmel counts penalty points (fewer is better): said as such, as the browser does,
    # not as negative scores.
    penalties = public.get("penalties")
    counted = penalties if isinstance(penalties, list) else scores
    each = [
        tr("result_score", lang, name=seat_name(seat, lang, names), points=num(x))
        for seat, x in enumerate(counted)
    ]
    label = "result_scores"
    if counted is penalties:
        label = "result_penalties"
    elif "pegs" in public:  # Dog scores the pegs in the Himmel (a team's, with teams)
        label = "result_pegs"
        if any(len(members) > 1 for members in teams):  # one count per team, not per seat
            each = [
                tr("result_score", lang, name=tr("team_label", lang, t=k + 1), points=num(scores[members[0]]))
                for k, members in enumerate(teams)
            ]
    return f"{head} {tr(label, lang, scores=', '.join(each))}"


def num(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def numbered_log(entries: Sequence[tuple[int, str]]) -> Table:
    """Log lines beside their move numbers, a long line wrapped under its own text (not
    under the number), each read as plain text: a bracket in a name is never markup."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")
    for number, text in entries:
        grid.add_row(Text(f"{number}.", style="dim"), Text(text))
    return grid
