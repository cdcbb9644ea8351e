"""DOG-21 (2, 3 or 5 players, everyone alone) and DOG-22 (six players as two teams of
three), from hand-written positions and played openings."""

from __future__ import annotations

import pytest
from dog_testing import legal, position

import stammtisch
from stammtisch.core.errors import OptionError, PositionError
from stammtisch.games.dog.board import Board


@pytest.mark.parametrize(
    ("players", "track", "starts"), [(2, 64, [0, 32]), (3, 48, [0, 16, 32]), (5, 80, [0, 16, 32, 48, 64])]
)
def test_dog21_board_has_16_fields_per_seat_and_two_players_sit_opposite(
    players: int, track: int, starts: list[int]
) -> None:
    board = Board(players)
    assert board.track_len == track
    assert [board.start(s) for s in range(players)] == starts
    assert board.teams() == [[s] for s in range(players)]
    s = position([], ["K"], seat=players - 1, players=players)
    assert legal(s) == ["K:start"]
    assert s.apply("K:start").to_json()["pegs"][players - 1] == ["S", "K", "K", "K"]
    assert s.apply("K:start").pos[4 * (players - 1)] == starts[-1]


def test_dog21_two_players_enter_the_himmel_from_field_32() -> None:
    s = position([[20], [30]], ["3", "5"], seat=1, players=2)
    assert set(legal(s)) == {"3:p4 30-33", "3:p4 30-H1", "5:p4 30-35", "5:p4 30-H3"}


@pytest.mark.parametrize("players", [2, 3, 5])
def test_dog21_no_card_exchange_when_alone(players: int) -> None:
    game = stammtisch.load("dog", players=players)
    for seed in range(5):
        s = game.new_game(seed)
        assert s.phase == "play"
        assert all(len(h) == 6 for h in s.to_json()["hands"])
        assert not any(a.text.startswith("give") for a in s.legal_actions())
        assert s.current_player == s.start_seat


def test_dog21_exchange_position_is_refused_when_alone() -> None:
    with pytest.raises(PositionError):
        position([], ["2"], players=3, phase="exchange")


def test_dog21_first_player_home_wins_the_others_ranked_by_pegs_home() -> None:
    # Seat 1's last peg enters; seat 0 has two pegs home, seat 2 one.
    s = position([["H1", "H2", 30], [14, "H2", "H3", "H4"], ["H4", 40]], ["3"], seat=1, players=3)
    assert "3:p4 14-H1" in legal(s)
    end = s.apply("3:p4 14-H1")
    assert end.is_terminal
    assert end.returns() == [-1.0, 1.0, -1.0]
    assert end.scores() == [2.0, 4.0, 1.0]
    assert end.to_json()["winner"] == 1


def test_dog21_no_helping_a_seven_bringing_in_the_last_peg_ends_the_game() -> None:
    # Alone there is nobody to help: the 7's remaining steps lapse with the win (DOG-9).
    s = position([[78, "H2", "H3", "H4"], [20], [40]], ["7"], players=5)
    assert set(legal(s)) == {"7:p0 78-H1", "7:p0 78-5"}
    assert s.apply("7:p0 78-H1").returns() == [1.0, -1.0, -1.0, -1.0, -1.0]


def test_dog21_jack_swaps_with_every_other_player() -> None:
    s = position([[10], [20], [40]], ["J"], players=3)
    assert set(legal(s)) == {"J:p0 10<>p4 20", "J:p0 10<>p8 40"}


def test_dog21_teams_option_is_fixed_for_players_alone() -> None:
    assert stammtisch.load("dog", players=3, teams=3).board.team_size == 1
    with pytest.raises(OptionError):
        stammtisch.load("dog", players=3, teams=2)
    with pytest.raises(OptionError):
        stammtisch.load("dog", players=4, teams=3)
    with pytest.raises(OptionError):
        stammtisch.load("dog", players=7)


def test_dog22_six_players_three_teams_of_two_by_default_or_two_of_three() -> None:
    assert stammtisch.load("dog", players=6).board.teams() == [[0, 3], [1, 4], [2, 5]]
    assert stammtisch.load("dog", players=6, teams=3).board.teams() == [[0, 3], [1, 4], [2, 5]]
    assert stammtisch.load("dog", players=6, teams=2).board.teams() == [[0, 2, 4], [1, 3, 5]]
    view = stammtisch.load("dog", players=6, teams=2).new_game(1).observe(0)
    assert view["teams"] == [[0, 2, 4], [1, 3, 5]]


def test_dog22_each_gives_to_the_next_teammate_after_all_three_chose() -> None:
    game = stammtisch.load("dog", players=6, teams=2, dealer=5)
    s = game.new_game(3)
    assert s.phase == "exchange" and s.current_player == 0
    before = [list(h) for h in s.hands]
    gave: dict[int, int] = {}
    for seat in range(6):
        assert s.current_player == seat
        card = s.hands[seat][0]
        gave[seat] = card
        s = s.apply(f"give {s.legal_actions()[0].text.split()[1]}")
        # Nobody receives before the whole team has chosen (DOG-7: choose before seeing).
        if seat < 4:
            assert all(len(h) == 6 - int(s.given[p]) for p, h in enumerate(s.hands))
    assert s.phase == "play"
    for seat in range(6):
        giver = (seat - 2) % 6  # the previous teammate in the direction of play
        expected = sorted([*before[seat], gave[giver]])
        expected.remove(gave[seat])
        assert s.hands[seat] == sorted(expected)
    assert s.observe(2)["exchange"]["received"] is not None


def test_dog22_received_card_is_the_previous_teammates() -> None:
    game = stammtisch.load("dog", players=6, teams=2, dealer=5)
    s = game.new_game(4)
    for _ in range(6):
        s = s.apply_unchecked(s.legal_actions()[-1])
    for seat in range(6):
        ex = s.observe(seat)["exchange"]
        prev = s.observe((seat - 2) % 6)["exchange"]
        assert ex["received"] == prev["gave"]


def test_dog22_home_player_helps_the_next_teammate_with_pegs_out() -> None:
    s = position(
        [["H1", "H2", "H3", "H4"], [50], [40, 30], [60], [70], [80]],
        ["5"],
        players=6,
        options={"teams": 2},
    )
    assert set(legal(s)) == {"5:p8 40-45", "5:p9 30-35", "5:p9 30-H3"}
    assert s.observe(0)["moves_for"] == 2


def test_dog22_a_finished_teammate_is_skipped() -> None:
    s = position(
        [["H1", "H2", "H3", "H4"], [], ["H1", "H2", "H3", "H4"], [], [70], []],
        ["5"],
        players=6,
        options={"teams": 2},
    )
    assert legal(s) == ["5:p16 70-75"]


def test_dog22_seven_goes_on_with_the_next_teammate() -> None:
    s = position([[94, "H2", "H3", "H4"], [], [36], [], [70], []], ["7"], players=6, options={"teams": 2})
    assert set(legal(s)) == {"7:p0 94-H1,p8 36-40", "7:p0 94-5"}


def test_dog22_team_of_three_wins_when_all_twelve_pegs_are_home() -> None:
    home = ["H1", "H2", "H3", "H4"]
    s = position(
        [home, [], home, [], [62, "H2", "H3", "H4"], []], ["3"], seat=4, players=6, options={"teams": 2}
    )
    end = s.apply("3:p16 62-H1")
    assert end.is_terminal
    assert end.returns() == [1.0, -1.0, 1.0, -1.0, 1.0, -1.0]
    assert end.scores()[0] == 12.0
    # Eleven home is not enough: the game goes on.
    s = position(
        [home, [], home, [], [62, 10, "H3", "H4"], []], ["3"], seat=4, players=6, options={"teams": 2}
    )
    assert not s.apply("3:p16 62-H1").is_terminal
