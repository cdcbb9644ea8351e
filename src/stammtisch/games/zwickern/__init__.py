"""Zwickern: see :mod:`stammtisch.games.zwickern.game` for the spec."""

from stammtisch.games.zwickern.cards import JOKER, card_name, card_text, parse_card
from stammtisch.games.zwickern.game import ZwickernGame
from stammtisch.games.zwickern.state import Play, ZwickernState

__all__ = ["JOKER", "Play", "ZwickernGame", "ZwickernState", "card_name", "card_text", "parse_card"]
