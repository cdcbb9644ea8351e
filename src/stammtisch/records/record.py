"""A game record is the seed, the options and the moves in notation (plus the result).

Because every rules engine is deterministic for a seed, these few lines replay a whole
game exactly: ``GameRecord.load(path).replay()`` rebuilds the final position and checks
that it ends with the recorded result.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stammtisch.core.errors import FileProblem, RecordError, StammtischError, Words
from stammtisch.core.game import State
from stammtisch.core.registry import load

FORMAT = "stammtisch-record/1"


@dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    seed: int
    actions: list[str] = field(default_factory=list)
    version: str = ""
    result: dict[str, Any] | None = None
    players: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    # --- building ------------------------------------------------------------------------
    @classmethod
    def start(
        cls, game: str, options: Mapping[str, Any], seed: int, players: Sequence[str] = ()
    ) -> GameRecord:
        g = load(game, **dict(options))
        return cls(
            game=game,
            options=dict(g.options),
            seed=seed,
            version=g.info.version,
            players=list(players),
        )

    def add(self, action: Any) -> None:
        self.actions.append(str(action))

    def finish(self, state: State[Any]) -> None:
        self.result = result_of(state)

    # --- replay --------------------------------------------------------------------------
    def states(self) -> Iterator[State[Any]]:
        """The initial state and the state after each recorded move."""
        try:
            game = load(self.game, **self.options)
        except StammtischError as exc:
            raise RecordError(reason=exc) from exc
        state = game.new_game(self.seed)
        yield state
        for i, text in enumerate(self.actions):
            try:
                state = state.apply(text)
            except StammtischError as exc:
                raise RecordError(reason=Words("record_move", n=i + 1, move=text, error=exc)) from exc
            yield state

    def replay(self, check: bool = True) -> State[Any]:
        """The final position; with ``check``, it must match the recorded result."""
        final: State[Any] | None = None
        for final in self.states():  # noqa: B007
            pass
        assert final is not None
        if check and self.result is not None:
            actual = result_of(final)
            if actual != self.result:
                raise RecordError(
                    "replay_mismatch", actual=json.dumps(actual), expected=json.dumps(self.result)
                )
        return final

    # --- JSON ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "actions": self.actions,
            "result": self.result,
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        if not isinstance(data, Mapping):
            raise RecordError(reason=Words("record_not_object"))
        try:
            actions = data.get("actions", [])
            if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                raise RecordError(reason=Words("record_actions"))
            seed = data["seed"]
            if not isinstance(seed, int):
                raise RecordError(reason=Words("record_seed"))
            return cls(
                game=str(data["game"]),
                options=dict(data.get("options") or {}),
                seed=seed,
                actions=list(actions),
                version=str(data.get("version", "")),
                result=data.get("result"),
                players=list(data.get("players") or []),
                meta=dict(data.get("meta") or {}),
            )
        except KeyError as exc:
            raise RecordError(reason=Words("record_missing", field=str(exc.args[0]))) from None

    def save(self, path: str | Path) -> Path:
        """Write the record (creating its folder); a path that cannot be written is a
        :class:`FileProblem` in the player's words."""
        p = Path(path)
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        except OSError as exc:
            raise FileProblem.of(exc, p, writing=True) from exc
        return p

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise FileProblem.of(exc, path) from exc
        except json.JSONDecodeError as exc:
            raise RecordError(reason=Words("record_not_json", line=exc.lineno, column=exc.colno)) from exc
        except UnicodeDecodeError as exc:
            raise RecordError(reason=Words("record_not_text")) from exc
        return cls.from_json(data)


def result_of(state: State[Any]) -> dict[str, Any]:
    return {
        "terminal": state.is_terminal,
        "scores": [float(x) for x in state.scores()],
        "returns": [float(x) for x in state.returns()],
    }


class RecordWriter:
    """Writes finished games to a folder, one JSON file each."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def write(self, record: GameRecord, stem: str) -> Path:
        return record.save(self.folder / f"{stem}.json")
