"""Zwickern: see :mod:`stammtisch.games.zwickern.game` for the spec."""

from stammtisch.games.zwickern.actions import PlayCard, parse_action
from stammtisch.games.zwickern.cards import JOKER, card_text, parse_card
from stammtisch.games.zwickern.game import ZwickernGame
from stammtisch.games.zwickern.state import ZwickernState

__all__ = [
    "JOKER",
    "PlayCard",
    "ZwickernGame",
    "ZwickernState",
    "card_text",
    "parse_action",
    "parse_card",
]
