"""Himmel, A… und Zwirn drawn from a view: the two piles with their targets, the marker,
the direction of play, the draw pile and everybody's penalty pile."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from stammtisch.tui.cards import chips
from stammtisch.tui.i18n import tr
from stammtisch.tui.present import Presenter, View, num, seat_table


class HimmelPresenter(Presenter):
    def board(self, view: View, lang: str, compact: bool = False) -> RenderableType:
        head = Text(tr("haz_game", lang, g=int(view["game_no"]) + 1, G=view["games"]), style="bold")
        turn = tr("haz_clockwise" if view["direction"] == 1 else "haz_counter", lang)
        head.append("   " + tr("haz_direction", lang, d=turn))
        head.append("   " + tr("draw_pile", lang, n=view["deck_size"]))
        piles = Table(box=None, pad_edge=False, show_header=False)
        piles.add_column(style="bold")
        piles.add_column()
        for pile in view["piles"]:
            line = Text(f"{tr('haz_target', lang)} ")
            target = pile.get("target")
            line.append_text(chips([target] if target else [], "-", lang))
            line.append("  ")
            line.append_text(chips(pile["cards"][-8:], tr("empty", lang), lang))
            if pile.get("marked"):
                line.append("   " + tr("haz_marked", lang), style="bold yellow")
            piles.add_row(tr("haz_pile", lang, name=pile["name"]), line)
        return self.with_last(view, lang, [head, piles])

    def seats(self, view: View, lang: str) -> RenderableType:
        """Cards in hand and this game's penalty pile; in a match of several games also the
        penalty points so far (fewer is better, as the result says them: never negative
        scores). In a single game the pile is its penalty points: no second column."""
        columns = [
            (tr("cards_in_hand", lang), lambda s: str(view["hand_sizes"][s])),
            (tr("haz_penalty", lang), lambda s: str(view["penalty_counts"][s])),
        ]
        penalties = view.get("penalties")
        if int(view.get("games", 1)) > 1 and isinstance(penalties, list):
            columns.append((tr("haz_penalty_points", lang), lambda s: num(penalties[s])))
        return seat_table(view, lang, columns, self.seat_names)
