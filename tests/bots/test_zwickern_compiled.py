"""The compiled Zwickern search (``stammtisch.bots._zwickern``) is a port of three Python
specifications: the rules of a round (ZW-3 … ZW-8), the heuristic and the ISMCTS search.
Each is checked against its specification here, on positions from seeded play with 2, 3
and 4 players, with and without forced capture (ZW-5), and with the extra round (ZW-10)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import stammtisch
from stammtisch.bots import Budget, make_bot, zwickern_search
from stammtisch.bots.heuristics.zwickern import HEURISTIC
from stammtisch.bots.ismcts import ISMCTS, ISMCTSBot
from stammtisch.bots.profile import profile_for
from stammtisch.games.zwickern.state import ZwickernState

pytestmark = pytest.mark.skipif(
    not zwickern_search.in_use(),
    reason="compiled Zwickern search not built, or STAMMTISCH_PURE forces Python",
)

VARIANTS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "forced_capture": False},
    {"players": 2, "rounds": 1, "tie_break": "extra_round"},
]


def _states(options: dict[str, Any], games: int, seed: int) -> list[ZwickernState]:
    """Every position with a seat to move in ``games`` seeded games of mixed play."""
    game = stammtisch.load("zwickern", **options)
    rng = random.Random(seed)
    out: list[ZwickernState] = []
    for g in range(games):
        bots = [make_bot("heuristic", game, s, seed + g * 10 + s) for s in range(game.num_players)]
        state = game.new_game(seed + g)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            out.append(state)
            legal = list(state.legal_actions())
            action = (
                legal[rng.randrange(len(legal))]
                if rng.random() < 0.3
                else bots[seat].choose(state.observe(seat), legal)
            )
            state = state.apply_unchecked(action, events=False)
    return out


def _full(state: ZwickernState) -> tuple[Any, ...]:
    """The extension's position tuple with every hand and the pile (the true state)."""
    view = state.observe(None)
    return zwickern_search.position(view, state.hands, state.deck, state.game)


def _match(state: ZwickernState, seat: int) -> tuple[Any, ...]:
    return zwickern_search.match(
        state.observe(None), seat, state.game, HEURISTIC.score_weight, HEURISTIC.score_scale
    )


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_heuristic_values_every_move_as_the_python_heuristic(options: dict[str, Any]) -> None:
    ext = zwickern_search.compiled()
    checked = 0
    for state in _states(options, 3, seed=5):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        expected = HEURISTIC.state_values(state, seat, legal)
        got = ext.values(_full(state), [a.card for a in legal])
        assert got == pytest.approx(expected, abs=1e-9), (state.to_json(), [str(a) for a in legal])
        checked += 1
    assert checked > 60


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_a_playout_follows_the_rules_and_the_heuristic_to_the_end_of_the_round(
    options: dict[str, Any],
) -> None:
    # The C playout plays the heuristic's move (ties at random) to the round's end; replayed
    # on the Python engine every card is legal, is a best move of the Python heuristic, and
    # the values at the end are the Python heuristic's (evaluate_state, or terminal_value
    # when that round ended the match).
    ext = zwickern_search.compiled()
    rounds_ended = matches_ended = 0
    for i, state in enumerate(_states(options, 2, seed=17)[::3]):
        seat = state.current_player
        assert seat is not None
        played, values, points = ext.playout(_full(state), _match(state, i % state.n), -1, 0.0, i)
        replay: Any = state
        for card in played:
            legal = replay.legal_actions()
            cards = [a.card for a in legal]
            assert card in cards, (state.to_json(), played)
            scores = HEURISTIC.state_values(replay, replay.current_player, legal)
            assert scores[cards.index(card)] >= max(scores) - 1e-9
            replay = replay.apply_unchecked(legal[cards.index(card)], events=False)
        assert replay.round == state.round + 1 or replay.is_terminal, "the playout stops at the round's end"
        if replay.is_terminal:
            expected = HEURISTIC.terminal_value(replay.returns(), replay.scores())
            matches_ended += 1
        else:
            expected = HEURISTIC.evaluate_state(replay)
            rounds_ended += 1
        assert values == pytest.approx(expected, abs=1e-9)
        assert points == replay.scores()[i % state.n]
    assert rounds_ended + matches_ended >= 15
    assert matches_ended > 0


def test_a_playout_cut_short_values_the_running_round() -> None:
    ext = zwickern_search.compiled()
    for i, state in enumerate(_states({"players": 3}, 1, seed=23)[::4]):
        played, values, points = ext.playout(_full(state), _match(state, 0), 3, 0.0, i)
        replay: Any = state
        for card in played:
            replay = replay.apply_unchecked(
                next(a for a in replay.legal_actions() if a.card == card), events=False
            )
        assert len(played) <= 3
        if replay.round == state.round and not replay.is_terminal:
            assert len(played) == 3
            assert values == pytest.approx(HEURISTIC.evaluate_state(replay), abs=1e-9)
            assert points == replay.scores()[0]


def _positions(options: dict[str, Any], count: int, seed: int) -> list[ZwickernState]:
    states = [s for s in _states(options, 2, seed) if len(s.legal_actions()) > 1]
    return random.Random(seed).sample(states, count)


def test_one_iteration_plays_the_heuristic_move_and_a_seed_replays_the_search() -> None:
    for state in _positions({"players": 2}, 12, seed=31):
        seat = state.current_player
        assert seat is not None
        view = state.observe(seat)
        legal = state.legal_actions()
        values = HEURISTIC.action_values(view, legal)
        one = ISMCTSBot(state.game, seat, random.Random(1), Budget(iterations=1)).choose(view, list(legal))
        assert values[legal.index(one)] >= max(values) - 1e-9
        runs = [
            ISMCTS(state.game, seat, random.Random(9), Budget(iterations=500)).search(view, legal)
            for _ in range(2)
        ]
        assert [(str(s.action), s.visits, s.value) for s in runs[0]] == [
            (str(s.action), s.visits, s.value) for s in runs[1]
        ]
        assert sum(s.visits for s in runs[0]) == 500


@pytest.mark.parametrize("split", [False, True], ids=["profile", "split_hands"])
def test_the_compiled_search_learns_what_the_python_search_learns(
    monkeypatch: pytest.MonkeyPatch, split: bool
) -> None:
    # The two searches draw different determinizations, so they agree only in distribution:
    # with 4000 iterations each, the root action's mean value (win estimate) and mean match
    # points agree within sampling error, action by action, over 2 to 4 players; with the
    # profile's settings and with a decision keyed by the mover's hand (split_hands).
    settings = dataclasses.replace(profile_for("zwickern").search, split_hands=split)
    gaps: list[float] = []
    point_gaps: list[float] = []
    for options in VARIANTS[:3]:
        for state in _positions(options, 3, seed=41):
            seat = state.current_player
            assert seat is not None
            view = state.observe(seat)
            legal = state.legal_actions()
            fast = ISMCTS(state.game, seat, random.Random(2), Budget(iterations=4000), settings).search(
                view, legal
            )
            with monkeypatch.context() as m:
                m.setenv("STAMMTISCH_PURE", "1")
                slow = ISMCTS(state.game, seat, random.Random(2), Budget(iterations=4000), settings).search(
                    view, legal
                )
            for a, b in zip(fast, slow, strict=True):
                assert a.prior == pytest.approx(b.prior, abs=1e-9)
                if a.visits >= 300 and b.visits >= 300:
                    gaps.append(abs(a.value - b.value))
                    point_gaps.append(abs(a.points - b.points))
    assert len(gaps) >= 9
    assert max(gaps) < 0.06, gaps
    assert sum(gaps) / len(gaps) < 0.02, gaps
    assert sum(point_gaps) / len(point_gaps) < 3.0, point_gaps


def test_a_time_budget_ends_the_search() -> None:
    state = _positions({"players": 2}, 1, seed=3)[0]
    seat = state.current_player
    assert seat is not None
    search = ISMCTS(state.game, seat, random.Random(1), Budget(seconds=0.05))
    stats = search.search(state.observe(seat), state.legal_actions())
    assert search.iterations_done == sum(s.visits for s in stats) > 0


def test_positions_the_port_refuses_fall_back_to_the_python_search() -> None:
    # A view whose hands and pile do not add up to the pack: the port refuses it, and the
    # Python search then raises the engine's own clear error (nothing crashes in C).
    state = _positions({"players": 2}, 1, seed=3)[0]
    seat = state.current_player
    assert seat is not None
    view = dict(state.observe(seat))
    view["deck_size"] = int(view["deck_size"]) + 1
    assert (
        zwickern_search.search(
            state.game,
            view,
            seat,
            profile_for("zwickern").search,
            3.0,
            None,
            10,
            None,
            random.Random(1),
            0.25,
            12.0,
        )
        is None
    )
    bad = list(_full(state))
    bad[5] = [*bad[5], 99]  # a table card that is no card
    with pytest.raises(ValueError, match="not a card"):
        zwickern_search.compiled().values(tuple(bad), [0])
    with pytest.raises(stammtisch.core.errors.PositionError):
        ISMCTS(state.game, seat, random.Random(1), Budget(iterations=10)).search(view, state.legal_actions())


def _search(state: ZwickernState, iterations: int, known: Any = None) -> Any:
    seat = state.current_player
    assert seat is not None
    h = profile_for("zwickern")
    return zwickern_search.search(
        state.game, state.observe(seat), seat, h.search, HEURISTIC.temperature, None, iterations, None,
        random.Random(1), HEURISTIC.score_weight, HEURISTIC.score_scale, known=known,
    )  # fmt: skip


def test_cards_known_in_another_hand_stay_there_in_every_determinization() -> None:
    # What benchmarks/tune_search.py --see-hands gives the search. With the pile empty the
    # unseen cards are the other hand: knowing it changes nothing, to the last visit. With
    # cards still in the pile, knowing the other hand changes what the search finds.
    states = [s for s in _states({"players": 2}, 4, 5) if len(s.legal_actions()) > 1]
    late = [s for s in states if not s.deck]
    early = [s for s in states if len(s.deck) >= 8]
    assert len(late) >= 10 and len(early) >= 10
    for state in late:
        assert _search(state, 300, [list(h) for h in state.hands]) == _search(state, 300)
    changed = sum(_search(s, 300, [list(h) for h in s.hands]) != _search(s, 300) for s in early)
    assert changed >= len(early) // 2
    # Known cards the pack cannot hold there (the seat's own, or too many): refused.
    state = early[0]
    seat = state.current_player
    assert seat is not None
    other = 1 - seat
    mine = [list(state.hands[seat]), list(state.hands[seat])]
    assert _search(state, 10, mine) is None
    too_many = [[], []]
    too_many[other] = [*state.hands[other], *state.deck[:2]][:5]
    assert _search(state, 10, too_many) is None
