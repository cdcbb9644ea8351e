"""Zwickern environments: PettingZoo AEC (:func:`env`, :func:`raw_env`) and Gymnasium (:func:`gym_env`).

Thin wrappers of :mod:`stammtisch.rl.aec` and :mod:`stammtisch.rl.gym_env` with the codec
:mod:`stammtisch.games.zwickern.codec`. Options are the game's (``players`` 2-4,
``forced_capture``, ``rounds``, ``dealer``); a game is a whole match of ``rounds`` rounds.

Actions (``Discrete(33)``, one per turn): the card played, ``rank * 4 + suit`` with ranks
7, 8, 9, 10, J, Q, K, A = 0..7 and suits C, S, H, D = 0..3, or 32 for a Joker.

Observation ``"observation"`` (372 floats in [0, 1], seats relative to the observer:
slot 0 = itself, slot 1 = the next seat clockwise; a *card set* is the 32 cards, then "at
least one Joker", then "both Jokers"); ``"action_mask"`` is 33 int8:

========  ====  =====================================================================
index     size  meaning
========  ====  =====================================================================
0         34    own hand (card set)
34        34    table (card set)
68        136   capture piles of this round, 34 per relative seat 0..3 (card set)
204       34    cards unseen by this seat: other hands and draw pile (card set)
238       4     hand size / 4, per relative seat
242       1     draw pile size / 34
243       4     seat is in the game, per relative seat (a player-count marker)
247       4     seat to move (one-hot relative seat; all 0 when the match is over)
251       4     dealer (one-hot relative seat)
255       4     last capturer this round (one-hot relative seat; all 0 if nobody yet)
259       4     match points of finished rounds / (130 * rounds), per relative seat
263       4     card points captured this round / 120, per relative seat
267       1     rounds already finished / rounds in the match
268       4     last move: seat that played (one-hot relative seat)
272       34    last move: card played (card set)
306       34    last move: cards it captured (card set)
340       32    ranks 7..A shown not to be in the hand (ZW-5), 8 per relative seat
========  ====  =====================================================================

Rewards: the win share when the match ends (1 for a sole winner, 1/k each for k tied
leaders, else 0).
"""

from __future__ import annotations

from functools import partial

from stammtisch.rl.aec import StammtischAEC
from stammtisch.rl.aec import env as _env
from stammtisch.rl.gym_env import StammtischGymEnv

GAME = "zwickern"

#: The AEC environment with PettingZoo's order-enforcing wrapper.
env = partial(_env, GAME)
#: The AEC environment without wrappers.
raw_env = partial(StammtischAEC, GAME)
#: One learner against bots (``opponents``: a level or bot kind, or one per other seat).
gym_env = partial(StammtischGymEnv, GAME)
