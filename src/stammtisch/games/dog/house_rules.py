"""Dog house rules on top of the move generator (DOG-24, DOG-25, DOG-26; all options).

* ``two_steals`` (DOG-24): a 2 (or a Joker as 2) may be played as a theft: the player
  names an opponent holding at least one card, and one of that opponent's cards, drawn
  at random with the state's own RNG, goes to the thief's hand. The thief and the victim
  know the card; nobody else does. The state keeps ``stolen`` entries ``(thief, victim,
  card)`` while the card is still known to be in the thief's hand (until the thief plays
  a card of that rank, folds, or is robbed in turn), the way the exchange keeps
  ``gave_known`` (DOG-7).
* ``no_jack_reswap`` (DOG-25): the state keeps ``swap_lock``, the two pegs the last swap
  exchanged, until either of them moves; a swap of exactly those two pegs is not legal.
* ``last_peg_no_joker`` (DOG-26): a Joker play (a plain move or any 7) after which the
  whole team (alone: the player) is in the Himmel is not legal.

These only remove plays from the generated list or add thefts, so Zugzwang (DOG-8) and
folding work as before: a seat with no play left folds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stammtisch.games.dog.actions import FOLD, SWAP, TWO, Body, DogAction, StealAction
from stammtisch.games.dog.cards import JOKER
from stammtisch.games.dog.tables import team_home

if TYPE_CHECKING:
    from stammtisch.games.dog.state import DogState


def filter_plays(state: DogState, seat: int, ranks: Sequence[int], acts: list[DogAction]) -> list[DogAction]:
    """The generated plays of ``seat`` with the house rules applied."""
    game = state.game
    lock = state.swap_lock
    if lock is not None and game.no_jack_reswap:
        acts = [a for a in acts if not _reswap(a.body, lock)]
    if game.last_peg_no_joker and JOKER in ranks and _few_out(state, seat):
        board = state.board
        kept: list[DogAction] = []
        for a in acts:
            if a.card == JOKER:
                res = a.result
                if res is not None and team_home(res[0], seat, board):
                    continue  # DOG-26: not with a Joker
            kept.append(a)
        acts = kept
    if game.two_steals:
        acts = acts + thefts(state, seat, ranks)
    return acts


def _reswap(body: Body | None, lock: tuple[int, int]) -> bool:
    """DOG-25: the swap exchanges exactly the two pegs of the last swap."""
    if body is None or body[0] != SWAP:
        return False
    a, b = body[1], body[3]
    return (a, b) == lock or (b, a) == lock


def _few_out(state: DogState, seat: int) -> bool:
    """At most four pegs of the team outside the Himmel: one play may bring them all in."""
    track = state.board.track_len
    pos = state.pos
    out = 0
    for s in state.board.teammates(seat):
        for i in range(4 * s, 4 * s + 4):
            if pos[i] < track:
                out += 1
    return out <= 4


def thefts(state: DogState, seat: int, ranks: Sequence[int]) -> list[DogAction]:
    """DOG-24: a theft from each opponent holding a card, for the 2 and the Joker."""
    board = state.board
    team = board.team(seat)
    victims = [v for v in range(state.n) if board.team(v) != team and state.hands[v]]
    out: list[DogAction] = []
    for card in ranks:
        if card in (TWO, JOKER):
            out += [StealAction(card, v) for v in victims]
    return out


def steal(state: DogState, seat: int, giver: int, action: DogAction) -> None:
    """Play the 2 as a theft (DOG-24). ``giver``: who gave ``seat`` its exchange card."""
    assert isinstance(action, StealAction)
    victim = action.victim
    card = action.card
    hands = state.hands = state.hands[:]  # copy on write (clones share the lists)
    hand = hands[seat] = hands[seat][:]
    hand.remove(card)
    state.discards = [*state.discards, card]
    # The card given to the thief is played, or the card given to the victim may be the
    # one taken: neither is known to be where it was any more (DOG-7 bookkeeping).
    played = state.gave_known[giver] and state.gave[giver] == card
    robbed = state.board.giver(victim)
    if played or state.gave_known[robbed]:
        known = state.gave_known = state.gave_known[:]
        if played:
            known[giver] = False
        known[robbed] = False
    loser = hands[victim] = hands[victim][:]
    rng = state.rng = state.rng.clone()  # clones share the generator until it is used
    taken = loser.pop(rng.randbelow(len(loser)))
    hand.append(taken)
    hand.sort()
    # The victim's own thefts are no longer known to be in its hand; this one is.
    state.stolen = (*(e for e in state.stolen if e[0] != victim), (seat, victim, taken))
    state._last = (seat, action)
    state._advance(seat)


def forget_stolen(state: DogState, seat: int, action: DogAction) -> None:
    """``seat`` plays ``action``: a stolen card of that rank (or, folding, every stolen
    card) is no longer known to be in its hand."""
    fold = action.kind == FOLD
    card = action.card
    kept = tuple(e for e in state.stolen if not (e[0] == seat and (fold or e[2] == card)))
    if len(kept) != len(state.stolen):
        state.stolen = kept


def update_swap_lock(state: DogState, body: Body, before: Sequence[int]) -> None:
    """DOG-25: a swap locks its two pegs; a move of either of them unlocks."""
    if body[0] == SWAP:
        a, b = body[1], body[3]
        state.swap_lock = (a, b) if a < b else (b, a)
        return
    lock = state.swap_lock
    if lock is not None:
        pos = state.pos
        if pos[lock[0]] != before[lock[0]] or pos[lock[1]] != before[lock[1]]:
            state.swap_lock = None
