"""Himmel, A… und Zwirn: see :mod:`stammtisch.games.himmel.game` for the spec."""

from stammtisch.games.himmel.actions import Action, Play, Raise, Steal, Take, Turn, parse_action
from stammtisch.games.himmel.cards import RAISE, STEAL, TURN, card_text, parse_card
from stammtisch.games.himmel.game import HimmelGame
from stammtisch.games.himmel.state import HimmelState

__all__ = [
    "RAISE",
    "STEAL",
    "TURN",
    "Action",
    "HimmelGame",
    "HimmelState",
    "Play",
    "Raise",
    "Steal",
    "Take",
    "Turn",
    "card_text",
    "parse_action",
    "parse_card",
]
