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
