"""Grouping legal notations by card and narrowing big groups, without any rules."""

from __future__ import annotations

from stammtisch.tui.moves import PrefixPicker, group_moves, tokens


def test_first_token_names_the_card_so_take_31_is_no_play_of_the_31() -> None:
    groups = group_moves(["31>A", "31>B", "take 31", "turn"], ["31", "turn", "55"])
    by_card = {g.card: g.notations for g in groups}
    assert by_card["31"] == ("31>A", "31>B")
    assert by_card["turn"] == ("turn",)
    assert by_card["55"] == ()
    assert by_card[None] == ("take 31",)


def test_picker_narrows_a_split_seven_token_by_token_to_every_move() -> None:
    moves = [f"7:p{a} 10-{10 + k},p{b} 20-{27 - k}" for a, b in ((0, 1), (1, 0)) for k in range(1, 7)]
    moves += ["7:p0 10-17", "7:p1 20-27"]
    reached: set[str] = set()

    def walk(picker: PrefixPicker) -> None:
        for choice in picker.choices():
            if choice.complete:
                reached.add(choice.value)
            else:
                assert choice.count > 1
                picker.descend(choice.value)
                walk(picker)
                assert picker.back()

    walk(PrefixPicker(moves, limit=3))
    assert reached == set(moves)


def test_small_groups_are_listed_whole() -> None:
    picker = PrefixPicker(["K:start", "K:p0 3-16"])
    assert [c.value for c in picker.choices()] == ["K:start", "K:p0 3-16"]
    assert all(c.complete for c in picker.choices())
    assert not picker.back()


def test_tokens_keep_the_separators_so_prefixes_join_back() -> None:
    text = "Jo=7:p0 62-H2,p1 20-23"
    assert "".join(tokens(text)) == text


def test_dog_moves_are_described_in_words_in_both_languages() -> None:
    from stammtisch.tui.present_dog import describe_move

    cases = {
        "fold": ("fold: discard the hand", "aussteigen: Karten ablegen"),
        "give 7": ("give the 7 to the partner", "7 dem Partner geben"),
        "K:start": ("K: a peg onto the start field", "K: Stein aufs Bankfeld"),
        "Jo:start": ("Joker: a peg onto the start field", "Joker: Stein aufs Bankfeld"),
        "Jo=4:p2 30-26": ("Joker as 4: p2 30 → 26", "Joker als 4: p2 30 → 26"),
        "7:p0 62-H2,p1 20-23": ("7: p0 62 → H2, p1 20 → 23", "7: p0 62 → H2, p1 20 → 23"),
        "J:p0 10<>p5 40": ("J: swap p0 (10) ⇄ p5 (40)", "J: tauscht p0 (10) ⇄ p5 (40)"),
    }
    for notation, (en, de) in cases.items():
        assert describe_move(notation, "en") == en
        assert describe_move(notation, "de") == de
    assert describe_move("not a move", "en") == "not a move"


def test_every_legal_dog_move_gets_a_description() -> None:
    """Every legal move of a few played positions is described, none falls back to notation."""
    import random

    import stammtisch
    from stammtisch.tui.present_dog import describe_move

    state = stammtisch.load("dog").new_game(5)
    rng = random.Random(5)
    for _ in range(300):
        legal = state.legal_notations()
        for notation in legal:
            assert describe_move(notation, "de") != notation, notation
        state = state.apply(state.parse_action(rng.choice(legal)))


def test_dog_ring_has_every_fourth_field_number_around_it() -> None:
    from rich.console import Console

    import stammtisch
    from stammtisch.tui.present_dog import DogPresenter

    for players, side in ((4, 16), (6, 24)):
        game = stammtisch.load("dog", players=players)
        console = Console(width=200, record=True)
        console.print(DogPresenter(game).board(game.new_game(1).observe(0), "en"))
        lines = console.export_text().splitlines()
        fields = 4 * side
        assert lines[1].split() == [str(f) for f in range(0, side + 1, 4)]  # top: 0 … side
        bottom = [str(f) for f in range(3 * side, 2 * side - 1, -4)]  # bottom, right to left
        assert lines[side + 3].split() == bottom
        # The sides: left counts down from the last field, right counts up from side.
        left = [line.split()[0] for line in lines[3 : side + 2] if line[:3].strip()]
        right = [line.split()[-1] for line in lines[3 : side + 2] if line.rstrip()[-2:].strip().isdigit()]
        assert left == [str(f) for f in range(fields - 4, 3 * side, -4)]
        assert right == [str(f) for f in range(side + 4, 2 * side, 4)]
