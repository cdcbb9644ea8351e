"""Dog environments: PettingZoo AEC (:func:`env`, :func:`raw_env`) and Gymnasium (:func:`gym_env`).

Thin wrappers of :mod:`stammtisch.rl.aec` and :mod:`stammtisch.rl.gym_env` with the codec
:mod:`stammtisch.games.dog.codec`. Options are the game's (``players`` 2 … 6, ``teams``,
``dealer`` and the house rules ``seven_with_partner``, ``two_steals``, ``no_jack_reswap``,
``last_peg_no_joker``); the spaces are the same for every variant (sized for the largest).
An episode is one game; the engine never truncates (DOG-20), so pass ``max_moves`` to cap
it: reaching the cap is reported as truncation with reward 0, never as a result.

Actions (``Discrete(175)``): a turn is a sequence of up to 17 tokens, because a flat space
cannot hold the split 7 and the Joker's value. The agent keeps the turn until its sequence
names a whole legal action; ``action_mask`` always shows the tokens that continue one, and
the observation ends with the tokens chosen so far (16 one-hot blocks of 175).

=========  ==============================================================================
token      meaning
=========  ==============================================================================
0          ``fold``
1-14       ``give r``: exchange card of rank r (A, 2 … 10, J, Q, K, Jo = 0 … 13), token 1 + r
15-28      play a card of rank r, token 15 + r (the first token of every play)
29-41      the Joker's value r (0 … 12), token 29 + r (right after the Joker)
42         ``start``: a kennel peg onto the start field (after A, K or Joker)
43-66      a peg, relative to the player: token 43 + (peg - 4 * seat) mod pegs, so the
           player's own pegs are 43-46 and the next seat's 47-50
67-166     a destination field, relative to the player: track field f is
           67 + (f - start of seat) mod track; Himmel field Hk of the peg's owner is 162 + k
167        end of a 7 (closes every 7, played or as a Joker's value)
168        ``steal``: the 2 (or Joker as 2) played as a theft (option ``two_steals``)
169-174    the victim of a theft, relative seat: token 169 + (victim - seat) mod players
=========  ==============================================================================

Sequences: ``fold``; ``give r``; ``card start``; ``card [value] peg field`` for a move;
``card [value] peg peg`` for a Jack swap; ``card [value] (peg field)… end`` for a 7;
``card [value] steal victim`` for a theft.

Observation ``"observation"`` (795 floats in [0, 1] from the codec, then 16 * 175 = 2800
for the pending tokens; seats and track fields relative to the observer):

========  ====  =================================================================================
index     size  meaning
========  ====  =================================================================================
0         14    own hand: cards per rank / 6
14        14    discarded cards per rank / copies in the pack
28        14    cards unseen by this seat per rank / copies in the pack
42        576   pegs on the track: 96 relative fields per relative seat (owner), 1 = a peg
618       6     pegs in the kennel / 4, per relative seat
624       24    pegs in the Himmel: fields H1..H4 per relative seat
648       6     a fresh peg on its start field (DOG-11), per relative seat
654       6     hand size / 6, per relative seat
660       1     draw pile size / 110
661       1     hand size of this round / 6
662       2     phase: exchange, play (one-hot)
664       6     seat is in the game, per relative seat (a player-count marker)
670       6     seat is in the observer's team, per relative seat
676       6     seat to move (one-hot relative seat; all 0 when the game is over)
682       6     seat whose pegs the mover moves (one-hot relative seat; helping, DOG-19)
688       6     dealer (one-hot relative seat)
694       6     seat that started this round (one-hot relative seat)
700       6     has folded this round, per relative seat
706       6     has chosen its exchange card, per relative seat
712       14    exchange: the card this seat gave (one-hot rank)
726       14    exchange: the card this seat received (one-hot rank)
740       1     exchange: the card given is still known to be in the partner's hand
741       6     last play: its seat (one-hot relative seat)
747       14    last play: the card (one-hot rank)
761       6     team pegs in the Himmel / all the team's pegs, per relative seat
767       4     house rules on: seven_with_partner, two_steals, no_jack_reswap, last_peg_no_joker
771       24    the two pegs the last swap locked (DOG-25), per relative peg
795       2800  pending tokens of this turn: one-hot block of 175 per position 0..15
========  ====  =================================================================================

Rewards: +1 for each seat of the winning team (alone: the winner), -1 for the others,
when the game ends.
"""

from __future__ import annotations

from functools import partial

from stammtisch.rl.aec import StammtischAEC
from stammtisch.rl.aec import env as _env
from stammtisch.rl.gym_env import StammtischGymEnv

GAME = "dog"

#: The AEC environment with PettingZoo's order-enforcing wrapper.
env = partial(_env, GAME)
#: The AEC environment without wrappers.
raw_env = partial(StammtischAEC, GAME)
#: One learner against bots (``opponents``: a level or bot kind, or one per other seat).
gym_env = partial(StammtischGymEnv, GAME)
