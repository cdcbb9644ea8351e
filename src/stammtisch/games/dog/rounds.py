"""The start of a Dog round: the deal (DOG-5, DOG-6) and the exchange (DOG-7, DOG-22).

Every seat gives one card in turn order from the round's starting seat; a team's cards
change hands the moment its last member has chosen, so nobody sees a teammate's card
before choosing. Playing alone (DOG-21) there is no exchange. These functions change a
:class:`~stammtisch.games.dog.state.DogState` the way its ``apply`` does: lists are
replaced, never changed in place (clones share them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stammtisch.games.dog.state import DogState

HAND_SIZES = (6, 5, 4, 3, 2)  # DOG-5
# The phases of a game.
EXCHANGE = "exchange"
PLAYING = "play"
OVER = "over"


def deal(s: DogState) -> None:
    """Deal the round's hands (DOG-5, DOG-6) and open the exchange (DOG-7)."""
    n = s.n
    size = s.hand_size
    pile = s.pile = s.pile[:]
    if len(pile) < n * size:  # DOG-6: all discards are shuffled into the pile
        pile.extend(s.discards)
        s.discards = []
        s.rng = s.rng.clone()  # clones share the generator until it is used
        s.rng.shuffle(pile)
    start = s.start_seat
    hands = s.hands = [h[:] for h in s.hands]
    for _ in range(size):
        for k in range(n):
            hands[(start + k) % n].append(pile.pop())
    for h in hands:
        h.sort()
    s.given = [False] * n
    s.gave = [-1] * n
    s.gave_known = [False] * n
    s.folded = [False] * n
    s.stolen = ()
    s.phase = EXCHANGE
    s.current = start
    if s.board.alone:  # DOG-21: no exchange when everyone plays alone
        s.given = [True] * n
        s.phase = PLAYING


def give(s: DogState, seat: int, card: int) -> None:
    """``seat`` gives ``card`` in the exchange; then the next seat chooses, or play begins."""
    board = s.board
    hands = s.hands = s.hands[:]
    hands[seat] = hands[seat][:]
    hands[seat].remove(card)
    given = s.given = s.given[:]
    given[seat] = True
    s.gave = s.gave[:]
    s.gave[seat] = card
    team = board.teammates(seat)
    if all(given[t] for t in team):
        # DOG-7, DOG-22: the whole team has chosen; each card goes to the next teammate.
        s.gave_known = s.gave_known[:]
        for t in team:
            to = board.partner(t)
            hands[to] = sorted([*hands[to], s.gave[t]])
            s.gave_known[t] = True
    nxt = (seat + 1) % s.n
    if s.given[nxt]:
        s.phase = PLAYING
        s.current = s.start_seat
    else:
        s.current = nxt


def in_flight(s: DogState) -> list[int]:
    """Cards chosen in the exchange whose team has not all chosen yet."""
    if s.phase != EXCHANGE:
        return []
    given = s.given
    return [s.gave[t] for t in range(s.n) if given[t] and not all(given[u] for u in s.board.teammates(t))]
