"""Conformance checks that every registered game must pass (shipped, like ``pettingzoo.test``).

:func:`check_game` plays seeded random games and checks, at every step:

* the game's own invariants (``State.check_invariants``: cards conserved, …);
* there is a legal action while the game runs, and their notations are distinct and
  round-trip through ``parse_action``;
* ``to_json`` is real JSON and round-trips through ``from_json``; ``apply`` leaves the old
  state unchanged;
* no leak: for every seat, a state re-sampled from that seat's view (``sample_state``) gives
  the very same view, the same spectator view and (for the seat to move) the same legal
  moves. Since the re-sampled state redeals every hidden card at random, a view that
  depended on a hidden card would differ;
* ``observe_all`` gives every recipient's ``observe``, each in its own dict;
* termination within ``max_steps``; ``returns``/``scores`` have one entry per seat;
* determinism: the same seed and the same moves give the same final position and the same
  events at every step;
* events (``State.events``, issue 17): for every seat and the spectator they are plain JSON
  and the view's ``"events"``; none names a card whose place that recipient cannot know
  before or after the action (other hands, exchange cards on their way, stolen cards, the
  draw pile; the game says which with ``State.card_census``) unless the action itself shows
  it (the cards of its public ``describe``). Cards are compared by code: for a game with
  identical copies (Dog's ranks) a leak shows only when every copy is hidden, so the games'
  scenario tests check their secret cards one by one (DOG-7, HAZ-5);
* every legal action has a JSON description (``State.describe``) with a ``type``.

Use from a test::

    from stammtisch.core.conformance import check_game
    check_game("zwickern", games=2000, seed=1)
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from stammtisch.core.events import card_mentions, visible
from stammtisch.core.game import Game, State
from stammtisch.core.registry import load


class ConformanceError(AssertionError):
    """A game broke the protocol; the message says which seed and step."""


@dataclass
class ConformanceReport:
    game: str
    options: dict[str, Any]
    games: int = 0
    steps: int = 0
    truncated: int = 0
    seat_wins: list[float] = field(default_factory=list)


def _fail(game: str, seed: int, step: int, what: str) -> ConformanceError:
    return ConformanceError(f"{game} seed={seed} step={step}: {what}")


def _json_roundtrip(data: Any) -> Any:
    return json.loads(json.dumps(data))


def check_state(
    game: Game[Any],
    state: State[Any],
    rng: random.Random,
    *,
    seed: int = 0,
    step: int = 0,
    leak_check: bool = True,
) -> None:
    """All per-position checks for one state (raises :class:`ConformanceError`)."""
    name = game.name

    def fail(what: str) -> ConformanceError:
        return _fail(name, seed, step, what)

    try:
        state.check_invariants()
    except AssertionError as exc:
        raise fail(f"invariant broken: {exc}") from exc

    data = state.to_json()
    if _json_roundtrip(data) != data:
        raise fail("to_json() is not plain JSON")
    again = game.from_json(data)
    if again.to_json() != data:
        raise fail("from_json(to_json()) differs")

    if not state.is_terminal:
        legal = state.legal_actions()
        if not legal:
            raise fail("no legal action in a running game")
        texts = [str(a) for a in legal]
        if len(set(texts)) != len(texts):
            raise fail(f"duplicate notations among legal actions: {texts}")
        for act, text in zip(legal, texts, strict=True):
            parsed = state.parse_action(text)
            if parsed != act:
                raise fail(f"notation {text!r} parses to {parsed!r}, not {act!r}")
        if again.legal_actions() != legal:
            raise fail("legal actions differ after a JSON round-trip")
        for act in legal:
            desc = state.describe(act)
            if not isinstance(desc, dict) or not isinstance(desc.get("type"), str):
                raise fail(f"describe({act}) is not a dict with a 'type': {desc!r}")
            if _json_roundtrip(desc) != desc:
                raise fail(f"describe({act}) is not plain JSON")

    spectator = state.observe(None)
    if _json_roundtrip(spectator) != spectator:
        raise fail("observe(None) is not plain JSON")
    if spectator.get("events") != state.events(None):
        raise fail("the spectator's view does not carry its events")
    # A server builds every recipient's view at once: in any order, repeats allowed.
    recipients: list[int | None] = [*range(state.num_players - 1, -1, -1), None, 0]
    together = state.observe_all(recipients)
    if together != [state.observe(r) for r in recipients]:
        raise fail("observe_all differs from observe for each recipient")
    if len({id(v) for v in together}) != len(together):
        raise fail("observe_all returned the same dict for two recipients")
    for seat in range(state.num_players):
        view = state.observe(seat)
        if _json_roundtrip(view) != view:
            raise fail(f"observe({seat}) is not plain JSON")
        if view.get("events") != state.events(seat):
            raise fail(f"the view of seat {seat} does not carry its events")
        if not leak_check:
            continue
        sampled = game.sample_state(view, rng)
        try:
            sampled.check_invariants()
        except AssertionError as exc:
            raise fail(f"sample_state for seat {seat} breaks an invariant: {exc}") from exc
        if sampled.observe(seat) != view:
            raise fail(f"view of seat {seat} is not reproduced by sample_state (leak or bad sampler)")
        if sampled.observe(None) != spectator:
            raise fail(f"spectator view differs in a state sampled for seat {seat}")
        if seat == state.current_player and [str(a) for a in sampled.legal_actions()] != [
            str(a) for a in state.legal_actions()
        ]:
            raise fail(f"legal actions of seat {seat} depend on cards it cannot see")


def check_events(
    game: Game[Any],
    before: State[Any],
    action: Any,
    after: State[Any],
    *,
    seed: int = 0,
    step: int = 0,
    known: list[tuple[list[str], list[str]] | None] | None = None,
) -> list[tuple[list[str], list[str]] | None]:
    """The checks of the events of ``action`` played in ``before`` (see the module doc).

    Returns ``after``'s card census per recipient (seats, then the spectator), which a
    caller may pass as ``known`` when it checks the next action from ``after``.
    """
    name = game.name

    def fail(what: str) -> ConformanceError:
        return _fail(name, seed, step, what)

    desc = before.describe(action)
    shown: Counter[str] = Counter(card_mentions([desc]) if visible(desc, None) else ())
    recipients: list[int | None] = [*range(after.num_players), None]
    censuses: list[tuple[list[str], list[str]] | None] = []
    for k, r in enumerate(recipients):
        events = after.events(r)
        if not isinstance(events, list) or not all(isinstance(e, dict) and "type" in e for e in events):
            raise fail(f"events({r}) is not a list of events with a 'type'")
        if _json_roundtrip(events) != events:
            raise fail(f"events({r}) is not plain JSON")
        census_before = before.card_census(r) if known is None else known[k]
        census_after = after.card_census(r)
        censuses.append(census_after)
        if census_before is None or census_after is None:
            continue
        pack = Counter(census_before[0])
        hidden = Counter(census_before[1]) & Counter(census_after[1])
        for card in set(card_mentions(events)):
            # One card may be named by several events (played, then captured): a leak is a
            # card of which every copy is hidden from ``r`` before and after the action.
            if pack[card] - hidden[card] + shown[card] <= 0:
                raise fail(
                    f"an event for {'the spectator' if r is None else f'seat {r}'} names {card!r}, "
                    f"which it cannot know (after {action}): {events}"
                )
    if not after.events(None) and not after.raw_events():
        raise fail(f"{action} left no event")
    return censuses


def check_game(
    name: str,
    *,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 100_000,
    deep_every: int = 1,
    progress: Callable[[int], None] | None = None,
) -> ConformanceReport:
    """Play ``games`` random games of ``name`` and check the protocol at every step.

    ``deep_every`` > 1 runs the expensive per-position checks (JSON, leak) only on every
    n-th step; invariants and notation are still checked at every step.
    """
    opts = dict(options or {})
    game = load(name, **opts)
    report = ConformanceReport(game=name, options=dict(game.options))
    report.seat_wins = [0.0] * game.num_players
    for i in range(games):
        game_seed = seed * 1_000_003 + i
        rng = random.Random(game_seed)
        state = game.new_game(game_seed)
        actions: list[str] = []
        spectator_events: list[list[Any]] = []
        census: list[tuple[list[str], list[str]] | None] | None = None
        step = 0
        while True:
            deep = step % deep_every == 0
            if deep:
                check_state(game, state, rng, seed=game_seed, step=step)
            else:
                try:
                    state.check_invariants()
                except AssertionError as exc:
                    raise _fail(name, game_seed, step, f"invariant broken: {exc}") from exc
            if state.is_terminal:
                break
            if step >= max_steps:
                raise _fail(name, game_seed, step, "game did not end")
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            before = state.to_json() if deep else None
            nxt = state.apply(action)
            if before is not None and state.to_json() != before:
                raise _fail(name, game_seed, step, "apply() changed the old state")
            if deep:
                census = check_events(game, state, action, nxt, seed=game_seed, step=step, known=census)
            else:
                census = None
            actions.append(str(action))
            spectator_events.append(nxt.events(None))
            state = nxt
            step += 1
        returns = state.returns()
        if len(returns) != game.num_players or len(state.scores()) != game.num_players:
            raise _fail(name, game_seed, step, "returns()/scores() need one value per seat")
        best = max(returns)
        for seat, r in enumerate(returns):
            if r == best:
                report.seat_wins[seat] += 1
        replay = game.new_game(game_seed)
        for k, text in enumerate(actions):
            replay = replay.apply(text)
            if replay.events(None) != spectator_events[k]:
                raise _fail(name, game_seed, k, "replaying the same seed and moves gives other events")
        if replay.to_json() != state.to_json():
            raise _fail(name, game_seed, step, "replaying the same seed and moves gives another game")
        report.games += 1
        report.steps += step
        if progress is not None:
            progress(1)
    return report
