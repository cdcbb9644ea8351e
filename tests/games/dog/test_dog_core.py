"""The compiled Dog core against the pure-Python engine, its specification.

The core (``stammtisch.games.dog._core``, see ``backend.py``) must list the same legal
moves as the pure move generator, in the same order, with the same bodies (so the same
notation and the same resulting positions), on the perft positions, on positions sampled
from random games (every table size and team size, DOG-21/DOG-22, the 7 with the partner,
DOG-23, and the house rules applied on top, DOG-24 … DOG-26), on late positions where
pegs are home and teammates help (DOG-19/DOG-22), and per card against the brute-force
generator; a seeded game plays out identically on both backends. The core's whole
position (its ``Table``) holds the base rules only; other options keep the pure state.

The differential tests compare both engines explicitly, so they run in the default pass
only (``STAMMTISCH_PURE=1`` forces the pure engine for every other test).
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from dog_bruteforce import Brute
from dog_positions import VARIANT_IDS, VARIANTS, late

import stammtisch
from stammtisch.games.dog import backend, house_rules
from stammtisch.games.dog.actions import DogAction
from stammtisch.games.dog.coded import CodedActions
from stammtisch.games.dog.coretable import TableState, on_table
from stammtisch.games.dog.moves import MoveGen, canonical, hand_ranks
from stammtisch.games.dog.state import DogState

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "perft.json").read_text())

needs_core = pytest.mark.skipif(
    not backend.compiled_available() or backend.forced_pure(),
    reason="compiled Dog core not built, or STAMMTISCH_PURE forces the pure engine",
)


def pure_actions(s: DogState) -> list[DogAction]:
    """The pure engine's plays, with the house rules applied as the state applies them."""
    assert s.current is not None
    ranks, counts = hand_ranks(s.hands[s.current])
    acts = MoveGen(s.pos, s.fresh, s.current, s.board, None, s.game.partner7).actions(ranks, counts)
    if s.game.house_rules:
        acts = house_rules.filter_plays(s, s.current, ranks, acts)
    return acts


def core_actions(s: DogState) -> list[DogAction]:
    assert s.game.movegen is not None
    acts = s.legal_actions()
    return [] if acts[0].text == "fold" else acts


def assert_same(s: DogState) -> int:
    """The two generators agree move for move: text, body, order, resulting position."""
    pure = pure_actions(s)
    core = core_actions(s)
    assert [a.text for a in core] == [a.text for a in pure], s.to_json()
    assert [a.body for a in core] == [a.body for a in pure], s.to_json()
    assert [a.result for a in core] == [a.result for a in pure]
    return len(core)


def sampled(players: int, count: int, seed: int, **options: Any) -> list[DogState]:
    """``count`` positions in the play phase from random games (every 3rd one)."""
    game = stammtisch.load("dog", players=players, **options)
    rng = random.Random(seed)
    out: list[DogState] = []
    g = 0
    while len(out) < count:
        s = game.new_game(seed * 1000 + g)
        g += 1
        k = 0
        while not s.is_terminal and len(out) < count:
            if s.phase == "play":
                k += 1
                if k % 3 == 0:
                    out.append(s)
            legal = s.legal_actions()
            s = s.apply_unchecked(legal[rng.randrange(len(legal))])
    return out


@needs_core
@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_core_agrees_with_the_pure_engine_on_perft(case: dict[str, Any]) -> None:
    """DOG-10 … DOG-19 on every perft position: same moves, same order, same count."""
    game = stammtisch.load("dog", players=case["players"], **case.get("options", {}))
    s = game.from_json(case["position"])
    assert isinstance(s, DogState)
    if s.phase != "play":
        return
    n = assert_same(s)
    assert (n or 1) == case["count"]


@needs_core
@pytest.mark.parametrize("players", [4, 6])
def test_core_agrees_on_sampled_positions(players: int) -> None:
    """1,000 positions per table size from random games (10,000 in
    benchmarks/dog_core_diff.py)."""
    total = 0
    for s in sampled(players, 1000, players):
        total += assert_same(s)
    assert total > 1000  # the positions do have moves to compare


@needs_core
@pytest.mark.parametrize("options", VARIANTS, ids=VARIANT_IDS)
def test_core_agrees_on_sampled_positions_of_every_variant(options: dict[str, Any]) -> None:
    """DOG-21 … DOG-26: 600 positions per variant from random games (10,000 each in
    benchmarks/dog_core_diff.py)."""
    total = 0
    for s in sampled(seed=31, count=600, **options):
        total += assert_same(s)
    assert total > 600


@needs_core
@pytest.mark.parametrize("options", [{"players": 4}, {"players": 6}, *VARIANTS], ids=["4", "6", *VARIANT_IDS])
def test_core_agrees_where_teammates_help(options: dict[str, Any]) -> None:
    """Late positions (see ``late``): own pegs home, a teammate's to move, 7s that go on
    with the teammate's pegs (DOG-19, DOG-22, DOG-23) and end the game (DOG-9)."""
    rng = random.Random(5)
    total = 0
    for s in sampled(seed=41, count=300, **options):
        t = late(s, rng)
        if isinstance(t, DogState) and t.phase == "play" and not t.is_terminal and t.current is not None:
            total += assert_same(t)
    assert total > 300


BOARDS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 6},
    *(o for o in VARIANTS if not {"two_steals", "no_jack_reswap", "last_peg_no_joker"} & o.keys()),
]


@needs_core
@pytest.mark.parametrize("options", BOARDS, ids=["-".join(f"{k}={v}" for k, v in o.items()) for o in BOARDS])
def test_core_agrees_per_card_with_the_brute_force_generator(options: dict[str, Any]) -> None:
    """The positions each card reaches, by the naive generator of dog_bruteforce.py, on
    every board and team size (DOG-21, DOG-22) and with the 7 over the team (DOG-23)."""
    players = options["players"]
    teams = options.get("teams", 0)
    brute = Brute(players, players // teams if teams else 0, options.get("seven_with_partner", False))
    for s in sampled(seed=10 + players, count=60, **options):
        count, per_card = brute.count(s.to_json())
        core = core_actions(s)
        assert (len(core) or 1) == count
        got: dict[str, set[Any]] = {}
        for a in core:
            card = a.text.split(":")[0].split("=")[0]
            after = s.apply_unchecked(a).to_json()["pegs"]
            got.setdefault(card, set()).add(brute.key(*brute.read(after)))
        assert got == {card: outs for card, outs in per_card.items() if outs}


@needs_core
def test_core_lists_one_move_per_card_and_resulting_position() -> None:
    """One action per card rank and resulting position, pegs of a seat interchangeable
    (DOG-16: a Joker's value that reaches a position already listed is the same move)."""
    for players in (4, 6):
        for s in sampled(players, 300, 20 + players):
            keys = []
            for a in core_actions(s):
                assert a.result is not None
                keys.append((a.card, canonical(a.result, s.n)))
            assert len(keys) == len(set(keys)), s.to_json()


def _play(game: stammtisch.core.game.Game[Any], seed: int) -> tuple[list[str], Any]:
    rng = random.Random(seed)
    s = game.new_game(seed)
    texts: list[str] = []
    while not s.is_terminal:
        legal = s.legal_actions()
        a = legal[rng.randrange(len(legal))]
        texts.append(a.text)
        s = s.apply(a)
    return texts, s.to_json()


@needs_core
@pytest.mark.parametrize("players", [4, 6])
def test_same_seed_same_game_on_both_backends(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = stammtisch.load("dog", players=players)
    monkeypatch.setenv("STAMMTISCH_PURE", "1")
    pure = stammtisch.load("dog", players=players)
    assert fast.core is not None and pure.core is None
    for seed in range(2):
        assert _play(fast, seed) == _play(pure, seed)


def test_pure_engine_when_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STAMMTISCH_PURE", "1")
    assert stammtisch.load("dog").core is None
    assert backend.describe().startswith("pure Python")


@needs_core
@pytest.mark.parametrize("options", VARIANTS, ids=VARIANT_IDS)
def test_same_seed_same_game_on_both_backends_in_every_variant(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = stammtisch.load("dog", **options)
    monkeypatch.setenv("STAMMTISCH_PURE", "1")
    pure = stammtisch.load("dog", **options)
    assert fast.movegen is not None and pure.movegen is None
    assert _play(fast, 3) == _play(pure, 3)


def test_options_the_core_lacks_fall_back_to_the_pure_engine() -> None:
    """The thefts (DOG-24) and options added later keep the pure state (the core's table
    holds every table size, DOG-21, teams of three, DOG-22, the 7 with the partner, DOG-23,
    the swap lock, DOG-25, and no Joker for the last peg, DOG-26); their moves still come
    from the compiled generator where it is built."""
    defaults = {
        "players": 4,
        "dealer": -1,
        "seven_with_partner": False,
        "teams": 0,
        "two_steals": False,
        "no_jack_reswap": False,
        "last_peg_no_joker": False,
    }
    core = backend.core_for
    expected = backend._compiled if not backend.forced_pure() else None
    for options in (
        {"players": 4, "dealer": -1, "two_steals": True},
        {"players": 4, "dealer": -1, "an_option_added_later": 1},
    ):
        assert core(options, defaults) is None, options
    for options in (
        {"players": 4, "dealer": 2},
        {"players": 5, "dealer": -1},
        {"players": 2, "dealer": -1},
        {"players": 6, "dealer": -1, "teams": 2},
        {"players": 6, "dealer": -1, "teams": 3},
        {"players": 4, "dealer": -1, "seven_with_partner": True},
        {"players": 4, "dealer": -1, "no_jack_reswap": True},
        {"players": 3, "dealer": -1, "last_peg_no_joker": True},
    ):
        assert core(options, defaults) is expected, options
    for options in VARIANTS:
        game = stammtisch.load("dog", **options)
        assert game.movegen is expected, options
        thefts = bool(options.get("two_steals"))
        on_table = isinstance(game.new_game(1), TableState)
        assert on_table == (expected is not None and not thefts), options
    for spec in stammtisch.info("dog").options:
        if spec.name in backend.TABLE_OPTIONS or spec.type is not bool:
            continue
        game = stammtisch.load("dog", **{spec.name: not spec.default})
        assert game.core is None, spec.name


@needs_core
def test_lazy_legal_actions_behave_like_the_list_of_actions() -> None:
    """The core's legal_actions() makes an action when it is read; as a list it is the
    pure engine's list in every use (index, iterate, compare, concatenate, copy, pickle,
    membership by identity or by text). Each use starts from a list nothing was read of."""
    s = next(s for s in sampled(4, 60, 3) if len(pure_actions(s)) > 20)
    pure = pure_actions(s)
    texts = [a.text for a in pure]

    def fresh() -> list[DogAction]:
        acts = s.clone().legal_actions()
        assert isinstance(acts, CodedActions) and len(acts) == len(pure)
        return acts

    codes = fresh().codes()  # one packed move code per move, the same for the same position
    assert len(codes) == len(pure) and len(set(codes)) == len(codes) and codes == fresh().codes()
    assert fresh()[5].text == texts[5] and fresh()[-1].text == texts[-1]
    assert [a.text for a in fresh()[2:9]] == texts[2:9]
    assert [a.text for a in fresh()] == texts
    assert [a.text for a in reversed(fresh())] == texts[::-1]
    assert fresh() == pure and pure == fresh() and fresh() != pure[:-1]
    assert fresh() + [] == pure and [] + fresh() == pure  # noqa: RUF005
    assert [*fresh()] == pure and list(fresh()) == pure and fresh().copy() == pure
    assert pickle.loads(pickle.dumps(fresh())) == pure
    assert json.dumps([str(a) for a in fresh()]) == json.dumps(texts)
    acts = fresh()
    picked = acts[7]
    assert picked in acts and acts.index(picked) == 7
    assert s.parse_action(texts[3]) in fresh()  # by text, like a list
    assert s.apply(picked).to_json() == s.apply(texts[7]).to_json()
    # apply() finds an action by identity without making the others.
    s2 = s.clone()
    acts = s2.legal_actions()
    s2.apply(acts[len(acts) // 2])
    assert sum(type(x) is int for x in list.__iter__(acts)) == len(acts) - 1


@needs_core
def test_a_coded_action_is_the_pure_action_in_every_field() -> None:
    """A play made by the core carries its kind and card; its text, body, base and
    resulting position are made when first read and equal the pure engine's; pickled
    it is a plain DogAction with the same text; an index may be any int-like."""
    s = next(s for s in sampled(4, 60, 5) if len(pure_actions(s)) > 10)
    pure = pure_actions(s)
    for k in (0, len(pure) // 2, len(pure) - 1):
        a = s.clone().legal_actions()[k]
        p = pure[k]
        assert (a.kind, a.card) == (p.kind, p.card)
        assert a.result == p.result and a.body == p.body and a.text == p.text
        assert list(a.base[0]) == list(p.base[0]) and a.base[1] == p.base[1]
        back = pickle.loads(pickle.dumps(a))
        assert type(back) is DogAction and back == p and back.result == p.result
    acts = s.clone().legal_actions()
    assert acts[True].text == pure[1].text  # int-likes index as ints
    assert 3 not in acts and "fold" not in acts  # an index is not an action
    with pytest.raises(IndexError):
        acts[len(pure)]


@needs_core
@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "no_jack_reswap": True, "last_peg_no_joker": True},
        {"players": 3, "no_jack_reswap": True, "last_peg_no_joker": True},
        {
            "players": 6,
            "teams": 2,
            "seven_with_partner": True,
            "no_jack_reswap": True,
            "last_peg_no_joker": True,
        },
    ],
    ids=["4", "3-alone", "6-teams-of-three-partner7"],
)
def test_the_tables_house_rules_agree_with_the_pure_filter(options: dict[str, Any]) -> None:
    """DOG-25 and DOG-26 in the core's table (its own filter, not house_rules.py): on late
    positions, where the last peg may come home with a Joker, and with the swap locks of
    random play, its legal moves are the pure engine's."""
    rng = random.Random(3)
    filtered = 0
    for s in sampled(seed=5, count=1500, **options):
        t = late(s, rng)
        if t is None or t.phase != "play" or t.is_terminal or t.current is None:
            continue
        pure = pure_actions(t)
        ranks, counts = hand_ranks(t.hands[t.current])
        whole = MoveGen(t.pos, t.fresh, t.current, t.board, None, t.game.partner7).actions(ranks, counts)
        filtered += len(whole) != len(pure)
        table = on_table(t.clone())
        assert isinstance(table, TableState) and table.compiled is not None
        core = [a for a in table.legal_actions() if a.text != "fold"]
        assert [a.text for a in core] == [a.text for a in pure], t.to_json()
    assert filtered > 5  # the rules did remove plays
