"""DOG-8 (zugzwang, folding), DOG-9 (winning), DOG-19 (helping), DOG-4 (turn order)."""

from __future__ import annotations

from dog_testing import legal, position

import stammtisch


def test_dog8_fold_only_when_no_card_plays() -> None:
    s = position([[10]], ["J", "7", "2"])
    assert "fold" not in legal(s)
    assert set(legal(s)) == {"2:p0 10-12", "7:p0 10-17"}


def test_dog8_full_value_or_not_at_all() -> None:
    assert legal(position([["H2"]], ["3", "4"])) == ["fold"]


def test_dog8_folding_discards_the_hand_face_up_and_sits_out() -> None:
    s = position([], ["5", "9"], others=["2", "K"])
    s = s.apply("fold")
    assert s.to_json()["discards"] == ["5", "9"]
    assert s.observe(2)["discards"] == ["5", "9"]
    assert s.observe(None)["folded"] == [True, False, False, False]
    assert s.current_player == 1
    # Out for this round only, in the players' words (not "eliminated" from the game).
    assert "Spieler 1 [Partei 1]: Lager 4, Himmel [....], diese Runde draussen" in s.render(None, "de")
    assert "Player 1 [team 1]: kennel 4, Himmel [....], out this round" in s.render(None, "en")
    # Seat 0 holds no cards: it is skipped until the round ends.
    for _ in range(3):
        s = s.apply(s.legal_actions()[0])
    assert s.current_player != 0 or s.round == 1


def test_dog4_play_passes_in_seat_order() -> None:
    s = position([[10], [26], [42], [58]], ["2"])
    s = s.apply("2:p0 10-12")
    assert s.current_player == 1
    s = s.apply("2:p4 26-28")
    assert s.current_player == 2


def test_dog9_team_wins_when_the_last_peg_enters_with_cards_left() -> None:
    s = position([[63, "H2", "H3", "H4"], [], ["H1", "H2", "H3", "H4"]], ["2", "K", "Q"])
    end = s.apply("2:p0 63-H1")
    assert end.is_terminal
    assert end.current_player is None
    assert end.returns() == [1.0, -1.0, 1.0, -1.0]
    assert end.scores() == [8.0, 0.0, 8.0, 0.0]
    assert end.observe(1)["winner"] == 0


def test_dog9_one_player_home_is_not_a_win() -> None:
    s = position([[63, "H2", "H3", "H4"], [], [20]], ["2"])
    after = s.apply("2:p0 63-H1")
    assert not after.is_terminal
    assert after.returns() == [0.0, 0.0, 0.0, 0.0]
    assert after.scores() == [4.0, 0.0, 4.0, 0.0]


def test_dog19_helping_moves_the_partners_pegs() -> None:
    s = position([["H1", "H2", "H3", "H4"], [20], [40]], ["5", "K", "J"])
    assert set(legal(s)) == {"5:p8 40-45", "K:start", "K:p8 40-53", "J:p8 40<>p4 20"}
    assert s.observe(0)["moves_for"] == 2
    after = s.apply("K:start")
    assert after.to_json()["pegs"][2] == ["40", "S", "K", "K"]


def test_dog19_helping_seat_still_folds_when_nothing_plays() -> None:
    s = position([["H1", "H2", "H3", "H4"], [], ["S"]], ["J"])
    assert legal(s) == ["fold"]


def test_dog3_six_players_teams_and_partners() -> None:
    g = stammtisch.load("dog", players=6)
    s = g.new_game(3)
    view = s.observe(None)
    assert view["teams"] == [[0, 3], [1, 4], [2, 5]]
    assert len(view["pegs"]) == 6
    six = position([["H1", "H2", "H3", "H4"], [], [], [70]], ["2"], players=6)
    assert legal(six) == ["2:p12 70-72"]
