"""Dog's move composition in the browser against real engine positions (no server needed
beyond serving the client): a split 7 chosen part by part, a Joker's value, a field click.

The positions and legal notations come from the Dog engine itself; the page gets them as a
view and a legal list, exactly as the server would send them, and must answer with one of
those notations.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .browserkit import engine_position, mount_game, sent

pytestmark = pytest.mark.browser


def _position(want: Any) -> tuple[dict[str, Any], list[str], str, list[dict[str, Any]]]:
    return engine_position("dog", want)


def _mount(new_page: Any, view: dict[str, Any], legal: list[str], moves: list[dict[str, Any]]) -> Any:
    page = new_page("en")
    mount_game(page, "dog", view, legal, moves)
    page.wait_for_selector("#dog-board")
    return page


def test_dog17_split_seven_composed_part_by_part(new_page: Any, artifacts: Path) -> None:
    def want(legal: list[str]) -> str | None:
        sevens = [a for a in legal if a.startswith("7:") and a.count(",") >= 1]
        return max(sevens, key=lambda a: a.count(","), default=None)

    view, legal, target, moves = _position(want)
    page = _mount(new_page, view, legal, moves)
    page.locator('#hand button.card.playable[data-card="7"]').first.click()
    described = next(m["move"] for m in moves if m["action"] == target)
    # The parts as the server describes them (peg, from, to), in the order of the notation.
    parts = [f"{e['peg']}:{e['from']}:{e['to']}" for e in described["moves"] if e["type"] == "move"]
    for i, part in enumerate(parts):
        assert sent(page) == []
        page.locator(f'button.dog-option[data-part="{part}"]').click()
        if i == 0:
            assert "So far" in page.locator("#dog-choice").inner_text()
            page.screenshot(path=str(artifacts / "dog-seven-compose.png"), full_page=True)
    assert sent(page) == [target]
    assert page.js_errors == []


def test_dog16_joker_asks_for_its_value_then_a_field(new_page: Any) -> None:
    def want(legal: list[str]) -> str | None:
        jokers = [a for a in legal if a.startswith("Jo=") and "<>" not in a and "," not in a]
        values = {a.split(":")[0] for a in jokers}
        return jokers[0] if len(values) >= 2 else None

    view, legal, target, moves = _position(want)
    page = _mount(new_page, view, legal, moves)
    page.locator('#hand button.card.playable[data-card="Jo"]').first.click()
    values = page.locator("button.joker-value").evaluate_all("els => els.map(e => e.dataset.value)")
    head = target.split(":")[0]
    assert head.removeprefix("Jo=") in values
    page.locator(f'button.joker-value[data-value="{head.removeprefix("Jo=")}"]').click()
    offered = page.locator("button.dog-option").evaluate_all("els => els.map(e => e.dataset.action)")
    assert target in offered
    assert all(a in legal and a.startswith(head + ":") for a in offered)
    page.locator(f'button.dog-option[data-action="{target}"]').click()
    assert sent(page) == [target]


def test_dog16_joker_to_bring_a_peg_out_says_so_in_words(new_page: Any) -> None:
    # The button read "A/K: start".
    def want(legal: list[str]) -> str | None:
        return "Jo:start" if "Jo:start" in legal and any(a.startswith("Jo=") for a in legal) else None

    view, legal, _, moves = _position(want)
    page = _mount(new_page, view, legal, moves)
    page.locator('#hand button.card.playable[data-card="Jo"]').first.click()
    start = page.locator('button.joker-value[data-value="start"]')
    assert start.inner_text() == "Ace or King: bring a peg out onto the start field"
    start.click()
    page.locator('button.dog-option[data-action="Jo:start"]').click()
    assert sent(page) == ["Jo:start"]


def test_dog_destination_field_click_plays_the_move(new_page: Any) -> None:
    def want(legal: list[str]) -> str | None:
        singles = [a for a in legal if a[0] in "23568" and ":" in a and "," not in a]
        return singles[0] if singles else None

    view, legal, target, moves = _position(want)
    page = _mount(new_page, view, legal, moves)
    card = target.split(":")[0]
    page.locator(f'#hand button.card.playable[data-card="{card}"]').first.click()
    dest = target.rsplit("-", 1)[1]
    dests = page.locator("#dog-board circle.dest").evaluate_all("els => els.map(e => e.dataset.field)")
    assert f"T{dest}" in dests
    # The peg of the target move, then its field (two pegs may reach the same field).
    peg = target.split(":p", 1)[1].split(" ")[0]
    page.locator(f'#dog-board g.peg-g[data-peg="{peg}"]').dispatch_event("click")
    page.locator(f'#dog-board circle[data-field="T{dest}"]').dispatch_event("click")
    assert sent(page) == [target]


def _seven_parts(action: str) -> list[str]:
    return action.split(":", 1)[1].split(",")


def _seven_any_order(legal: list[str]) -> str | None:
    """A split 7 whose last part no 7 of the list begins with (so it can only be started
    with when parts may come in any order), the only 7 made of its parts."""
    sevens = [a for a in legal if a.startswith("7:")]
    firsts = {_seven_parts(a)[0] for a in sevens}
    for a in sevens:
        parts = _seven_parts(a)
        same = [b for b in sevens if sorted(_seven_parts(b)) == sorted(parts)]
        if len(parts) >= 2 and parts[-1] not in firsts and same == [a]:
            return a
    return None


def test_dog17_split_seven_started_with_any_part_and_undone(new_page: Any, artifacts: Path) -> None:
    view, legal, target, moves = _position(_seven_any_order)
    page = _mount(new_page, view, legal, moves)
    page.locator('#hand button.card.playable[data-card="7"]').first.click()
    described = next(m["move"] for m in moves if m["action"] == target)
    parts = [f"{e['peg']}:{e['from']}:{e['to']}" for e in described["moves"] if e["type"] == "move"]
    # The last part first: it is offered, and "undo part" takes it back.
    page.locator(f'button.dog-option[data-part="{parts[-1]}"]').click()
    assert "So far" in page.locator("#dog-choice").inner_text()
    page.screenshot(path=str(artifacts / "dog-seven-any-order.png"), full_page=True)
    page.click("#dog-seven-undo")
    assert page.locator("#dog-seven-parts").count() == 0
    assert sent(page) == []
    # Then all of them, the other way round.
    for part in reversed(parts):
        assert sent(page) == []
        page.locator(f'button.dog-option[data-part="{part}"]').click()
    if not sent(page):
        page.click("#dog-seven-confirm")
    assert sent(page) == [target]
    assert page.js_errors == []


SEVEN_STEP = """async () => {
  const { sevenStep } = await import('/static/games/dog-seven.js');
  const part = (key) => ({ key });
  const move = (action, keys) => ({ action, parts: keys.map(part) });
  // Two orders of the same parts are distinct moves (the order changes the outcome), a
  // third move has other parts, one part alone is a move of its own.
  const cands = [move('ab', ['a', 'b']), move('ba', ['b', 'a']), move('ac', ['a', 'c']), move('c', ['c'])];
  const pick = (keys) => {
    const step = sevenStep(cands, keys.map(part));
    return [step.complete && step.complete.action, step.next.map((p) => p.key), step.last];
  };
  return { none: pick([]), a: pick(['a']), ab: pick(['a', 'b']), ba: pick(['b', 'a']), ca: pick(['c', 'a']), c: pick(['c']) };
}"""


def test_dog17_split_seven_matches_parts_as_a_multiset_exact_order_first(new_page: Any) -> None:
    page = new_page("en")
    page.goto("/")
    page.wait_for_selector("#create-table")
    got = page.evaluate(SEVEN_STEP)
    assert got["none"] == [None, ["a", "b", "c"], False]
    assert got["a"] == [None, ["b", "c"], False]
    assert got["ab"] == ["ab", [], True]
    assert got["ba"] == ["ba", [], True]
    assert got["ca"] == ["ac", [], True]
    assert got["c"] == ["c", ["a"], False]


def test_dog17_the_parts_of_a_seven_are_listed_peg_by_peg(new_page: Any) -> None:
    # The next parts came in the order of the whole splits: "peg 3 → 8, peg 2 → 35, peg 3
    # → 7, peg 2 → 36, …", a long list a player could not scan. Now each peg's together.
    def want(legal: list[str]) -> str | None:
        sevens = [a for a in legal if a.startswith("7:")]
        pegs = {p.split()[0] for a in sevens for p in _seven_parts(a)}
        return sevens[0] if len(pegs) >= 3 else None

    view, legal, _, moves = _position(want)
    page = _mount(new_page, view, legal, moves)
    page.locator('#hand button.card.playable[data-card="7"]').first.click()
    pegs = page.locator("button.dog-option").evaluate_all("els => els.map(e => e.dataset.part.split(':')[0])")
    runs = [p for i, p in enumerate(pegs) if i == 0 or pegs[i - 1] != p]
    assert len(runs) == len(set(pegs)) >= 2, pegs
    assert page.js_errors == []


PATH_INTO_HIMMEL = """async (n) => {
  const { geometry } = await import('/static/games/dog-places.js');
  const { pathKeys } = await import('/static/games/dog-motion.js');
  const geo = geometry(n, 0);
  const start = geo.start(1);
  return pathKeys('T' + (start - 3), 'H1-2', geo.L, geo.start);
}"""


@pytest.mark.parametrize(("players", "start"), [(2, 32), (4, 16), (6, 16)])
def test_a_peg_walks_into_its_himmel_from_its_own_start_field(
    new_page: Any, players: int, start: int
) -> None:
    # With two players the second seat's start field is 32, not 16: its peg ran twelve
    # fields backwards to field 16 before it jumped into its Himmel.
    page = new_page("en")
    page.goto("/")
    path = page.evaluate(PATH_INTO_HIMMEL, players)
    assert path == [f"T{start - 3}", f"T{start - 2}", f"T{start - 1}", f"T{start}", "H1-1", "H1-2"]


def test_dog_a_player_who_must_fold_is_told_why(new_page: Any) -> None:
    # The panel held a lone "Fold" button: nothing said that no card could be played.
    view, legal, _, moves = _position(lambda legal: "fold" if legal == ["fold"] else None)
    page = _mount(new_page, view, legal, moves)
    assert page.locator("#dog-choice").inner_text().startswith("None of your cards can be played")
    page.click("#dog-fold")
    assert sent(page) == ["fold"]
    assert page.js_errors == []


def test_of_two_cards_of_one_rank_only_the_one_clicked_is_chosen(new_page: Any) -> None:
    # Both 7s (or both Kings) lit up when one was clicked, as if two cards were played.
    def want(legal: list[str]) -> str | None:
        return next((a for a in legal if a.startswith("K:")), None)

    view, legal, _, moves = _position(want)
    view = {**view, "hand": [*view["hand"], "K"]}  # a second King in the hand
    page = _mount(new_page, view, legal, moves)
    kings = page.locator('#hand button.card.playable[data-card="K"]')
    assert kings.count() >= 2
    kings.last.click()
    chosen = kings.evaluate_all("els => els.map(e => e.classList.contains('selected'))")
    assert chosen == [False] * (len(chosen) - 1) + [True], chosen
    kings.first.click()
    chosen = kings.evaluate_all("els => els.map(e => e.classList.contains('selected'))")
    assert chosen == [True] + [False] * (len(chosen) - 1), chosen
    assert page.js_errors == []
