"""Himmel, A… und Zwirn environments: PettingZoo AEC (:func:`env`, :func:`raw_env`) and Gymnasium (:func:`gym_env`).

Thin wrappers of :mod:`stammtisch.rl.aec` and :mod:`stammtisch.rl.gym_env` with the codec
:mod:`stammtisch.games.himmel.codec`. Options are the game's (``players`` 3-6, ``games``,
``start``); an episode is a whole match of ``games`` games.

Actions (``Discrete(357)``, one per turn):

=========  ==============================================================================
token      action
=========  ==============================================================================
0-139      ``c>A`` / ``c>B``: number card c on pile A / B, token ``(c - 1) * 2 + pile``
140        ``turn``
141-145    ``steal v``: the victim 1..5 seats after the player (clockwise), token 140 + k
146-285    ``raise A c`` / ``raise B c``: token ``146 + (c - 1) * 2 + pile``
286-355    ``take c``: take the marked pile, c becomes the new target, token ``285 + c``
356        ``take`` without a new target card from hand
=========  ==============================================================================

Observation ``"observation"`` (1064 floats in [0, 1], seats relative to the observer: slot
0 = itself, slot 1 = the next seat clockwise; a *card set* is numbers 1..70, then the
direction change, steal and raise counts divided by their copies); ``"action_mask"`` is
357 int8:

========  ====  =========================================================================
index     size  meaning
========  ====  =========================================================================
0         73    own hand (card set)
73        70    pile A: current target (one-hot number)
143       70    pile A: top card (one-hot number; all 0 when the pile has no cards)
213       70    pile B: current target (one-hot number)
283       70    pile B: top card (one-hot number; all 0 when the pile has no cards)
353       2     cards on pile A / B including targets (what taking costs) / 20, at most 1
355       2     marked pile (one-hot A, B)
357       1     direction of play is clockwise
358       73    cards unseen by this seat: other hands and draw pile (card set)
431       365   cards known to be in a hand, 73 per relative seat 1..5 (card set)
796       73    cards known to be in the draw pile (card set)
869       6     hand size / 10, per relative seat, at most 1
875       1     draw pile size / 85
876       6     penalty cards this game / 30, per relative seat, at most 1
882       6     penalty cards of the match / (85 * games), per relative seat
888       6     seat is in the game, per relative seat (a player-count marker)
894       6     seat to move (one-hot relative seat; all 0 when the match is over)
900       6     seat that started this game (one-hot relative seat)
906       1     games already finished / games in the match
907       6     last action: its seat (one-hot relative seat)
913       5     last action: play, turn, steal, raise, take (one-hot)
918       73    last action: the stolen card, if this seat was thief or victim (card set)
991       73    cards turned up by the latest search for a target (card set)
========  ====  =========================================================================

Rewards: the win share when the match ends (1 for the sole seat with the fewest penalty
cards, 1/k each for k tied, else 0).
"""

from __future__ import annotations

from functools import partial

from stammtisch.rl.aec import StammtischAEC
from stammtisch.rl.aec import env as _env
from stammtisch.rl.gym_env import StammtischGymEnv

GAME = "himmel"

#: The AEC environment with PettingZoo's order-enforcing wrapper.
env = partial(_env, GAME)
#: The AEC environment without wrappers.
raw_env = partial(StammtischAEC, GAME)
#: One learner against bots (``opponents``: a level or bot kind, or one per other seat).
gym_env = partial(StammtischGymEnv, GAME)
