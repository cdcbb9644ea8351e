"""Zwickern drawn from a view: the open table cards, the draw pile, each seat's hand size
and captures."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from stammtisch.tui.cards import chip, chips
from stammtisch.tui.i18n import tr
from stammtisch.tui.present import Presenter, View, num, seat_table


class ZwickernPresenter(Presenter):
    """Zwickern: the open table cards, the draw pile, each seat's hand size and captures."""

    other_moves = False  # every move plays a hand card

    def board(self, view: View, lang: str, compact: bool = False) -> RenderableType:
        head = Text(tr("round", lang, r=int(view["round"]) + 1, R=view["rounds"]), style="bold")
        head.append(f"   {tr('dealer', lang)}: {self.name(int(view['dealer']), lang)}")
        table = Text(f"{tr('table', lang)}: ", style="bold")
        table.append_text(chips(view["table"], tr("empty", lang), lang))
        deck = Text(tr("draw_pile", lang, n=view["deck_size"]))
        return self.with_last(view, lang, [head, table, deck])

    def last_label(self, last: View, lang: str) -> str:
        text = str(last.get("card", ""))
        captured = last.get("captured") or []
        return text + (" → " + " ".join(map(str, captured)) if captured else "")

    def hidden_label(self, lang: str) -> str:
        return tr("zw_last_card", lang)

    def refusal(self, view: View, card: str, lang: str) -> str:
        if (view.get("options") or {}).get("forced_capture") and view.get("table"):
            return tr("zw_forced", lang, card=chip(card, lang).plain)
        return super().refusal(view, card, lang)

    def seats(self, view: View, lang: str) -> RenderableType:
        return seat_table(
            view,
            lang,
            [
                (tr("cards_in_hand", lang), lambda s: str(view["hand_sizes"][s])),
                (tr("captured", lang), lambda s: str(len(view["captured"][s]))),
                (tr("points", lang), lambda s: num(view["scores"][s])),
            ],
            self.seat_names,
        )
