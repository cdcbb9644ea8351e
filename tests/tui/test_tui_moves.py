"""Grouping legal notations by card and narrowing big groups, without any rules."""

from __future__ import annotations

import re

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


def test_dog_moves_in_the_terminal_are_the_game_words_in_both_languages() -> None:
    """The terminal tells a Dog move in the words of ``games/dog/words.py`` (the browser's
    words): pegs 1-4 of their owner, fields counted from 1, no notation left (issue 17)."""
    import random
    import re

    import stammtisch
    from stammtisch.core.words import move_text
    from stammtisch.tui.presenters import presenter_for

    game = stammtisch.load("dog")
    presenter = presenter_for(game)
    state = game.new_game(5)
    rng = random.Random(5)
    notation = re.compile(r"\bp\d+\b|\d+-\d+|<>|^give \w+$|:start|Jo=")
    kinds: set[str] = set()
    for _ in range(300):
        legal = state.legal_notations()
        for n in legal:
            for lang in ("en", "de"):
                text = presenter.move_words(state, n, lang)
                names = presenter.names(lang)
                assert text == move_text("dog", state.describe(state.parse_action(n)), lang, names)
                assert not notation.search(text), (n, text)
            kinds.add(state.describe(state.parse_action(n))["type"])
        state = state.apply(state.parse_action(rng.choice(legal)))
    assert {"give", "play"} <= kinds


def test_a_split_seven_is_narrowed_down_in_words() -> None:
    """The steps of a big move group (a split 7) read as the words the moves share."""
    import stammtisch
    from stammtisch.tui.presenters import presenter_for

    game = stammtisch.load("dog")
    presenter = presenter_for(game)
    state = game.new_game(5)
    rng = __import__("random").Random(2)
    for _ in range(2000):  # play on until a 7 with several pegs out is in hand
        legal = state.legal_notations()
        sevens = [n for n in legal if n.startswith("7:") and "," in n]
        if len(sevens) > 9:
            break
        state = state.apply(state.parse_action(rng.choice(legal)))
    else:
        raise AssertionError("no split 7 in the game")
    picker = PrefixPicker([n for n in legal if n.startswith("7:")])
    steps = [c for c in picker.choices() if not c.complete]
    assert steps
    for step in steps:
        members = [n for n in picker.notations if n.startswith(step.value)]
        for lang in ("en", "de"):
            text = presenter.prefix_words(state, members, lang)
            assert text and all(presenter.move_words(state, n, lang).startswith(text) for n in members)
            assert "p0" not in text and "-" not in text.split(":", 1)[-1], text


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
        # Fields are counted from 1, as the game words count them ("Feld 5" is index 4).
        assert lines[1].split() == [str(f + 1) for f in range(0, side + 1, 4)]  # top: 1 … side+1
        bottom = [str(f + 1) for f in range(3 * side, 2 * side - 1, -4)]  # bottom, right to left
        assert lines[side + 3].split() == bottom
        # The sides: left counts down from the last field, right counts up from side.
        left = [line.split()[0] for line in lines[3 : side + 2] if line[:3].strip()]
        right = [line.split()[-1] for line in lines[3 : side + 2] if line.rstrip()[-2:].strip().isdigit()]
        assert left == [str(f + 1) for f in range(fields - 4, 3 * side, -4)]
        assert right == [str(f + 1) for f in range(side + 4, 2 * side, 4)]


def test_dog_ring_names_whose_kennel_and_himmel_each_line_inside_it_shows() -> None:
    """The wide board's lines inside the ring say whose they are by name (the seat list
    under it has no numbers); a long name is cut, and three players' small ring keeps the
    number only, so the Himmel fields are never cut."""
    from rich.console import Console

    import stammtisch
    from stammtisch.tui.present_dog import DogPresenter

    def inside(players: int, names: list[str]) -> list[str]:
        game = stammtisch.load("dog", players=players)
        console = Console(width=200, record=True)
        console.print(DogPresenter(game, names).board(game.new_game(1).observe(0), "de"))
        return [line for line in console.export_text().splitlines() if ": L " in line]

    four = inside(4, ["Anna", "Hansruedi-Maximilian", "Köbi", "Vreni"])
    assert [line.split(":")[0].split("·", 1)[1].strip() for line in four][::2] == ["1 Anna", "3 Köbi"]
    assert "2 Hansruedi-Ma…: L 1 2 3 4  H[·· ·· ·· ··]" in four[1]
    assert all(line.count("H[") == 1 and "··]" in line for line in four)
    three = inside(3, ["Anna", "Köbi", "Vreni"])
    assert "1: L 1 2 3 4  H[·· ·· ·· ··]" in three[0] and "Anna" not in three[0]


def test_dog_strip_names_the_longest_bot_name_whole_in_80_columns() -> None:
    """The compact board (80x24) ends each bot seat's line with its name; 'Hansruedi', the
    longest of the names bots get, is not cut (it read 'Hansru…')."""
    from rich.console import Console

    import stammtisch
    from stammtisch.bots.names import NAMES
    from stammtisch.tui.present_dog import STRIP_WIDTH, DogPresenter

    longest = max(NAMES, key=len)
    game = stammtisch.load("dog", players=6)
    names = [None, "Rosa", "Fritz", "Vreni", "Ueli", longest]
    for lang in ("de", "en"):
        console = Console(width=STRIP_WIDTH, record=True)
        view = game.new_game(0).observe(0)
        console.print(DogPresenter(game, names).board(view, lang, compact=True))
        rows = [line.rstrip() for line in console.export_text().splitlines() if "│" in line]
        assert rows[5].endswith(" " + longest) and all(len(r) <= STRIP_WIDTH for r in rows), rows


def test_dog_strip_offsets_cover_each_seats_stretch_of_the_track() -> None:
    # The compact board (80 columns): 16 fields a line from each seat's start field, with
    # the offsets on top. Two players have 32 fields each (DOG-21): two lines a seat, the
    # second numbered from its first field (it ran past 80 columns and wrapped).
    from rich.console import Console

    import stammtisch
    from stammtisch.tui.present_dog import STRIP_WIDTH, DogPresenter

    for players, stretch in ((2, 32), (3, 16), (4, 16), (6, 16)):
        game = stammtisch.load("dog", players=players)
        console = Console(width=200, record=True)
        names = [None, *(["Hansruedi"] * (players - 1))]
        console.print(DogPresenter(game, names).strip(game.new_game(1).observe(0), "en"))
        lines = console.export_text().splitlines()
        ticks = lines[1].split()
        assert ticks[:5] == ["0", "4", "8", "12", "Teams:"][: 4 + (players in (4, 6))], (players, ticks)
        firsts = [int(m.group(1)) for line in lines if (m := re.match(r"^.{3} *(\d+)│", line))]
        assert firsts == list(range(1, stretch * players, 16)), (players, firsts)
        assert all(len(line.rstrip()) <= STRIP_WIDTH for line in lines[:-1]), lines
        assert sum("Hansru" in line for line in lines if "│" in line) == players - 1  # first lines
