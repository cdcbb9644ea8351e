"""One game at the terminal: who sits where, the moves so far, undo, records.

The session is the UI's whole model and knows no rules: it keeps the seed and the list of
moves in notation, asks the state for views and legal notations, and rebuilds positions
by replaying (which is also how undo works: the seed and the move list minus the last
human move and the bot replies after it). No Textual here, so it is tested directly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stammtisch.bots import LEVELS, bot_names, make_bot
from stammtisch.bots.base import Bot
from stammtisch.bots.names import name_bots
from stammtisch.core.errors import GameOverError, StammtischError
from stammtisch.core.events import reveals_to_any
from stammtisch.core.game import Game, State
from stammtisch.core.registry import load
from stammtisch.records.record import GameRecord
from stammtisch.tui import autosave as autosaves

YOU = "you"
PERSON = "person"
HUMAN_KINDS = (YOU, PERSON, "human")


def bot_kinds() -> list[str]:
    """The bot choices offered for a seat: the levels first, then the plain random bot."""
    return [*LEVELS, *(["random"] if "random" not in LEVELS else [])]


def seat_kinds() -> list[str]:
    """Every word ``--seats`` takes: the people, then the bots."""
    return [YOU, PERSON, *bot_kinds()]


def is_human(kind: str) -> bool:
    return kind in HUMAN_KINDS


def default_seats(players: int, bot: str = "medium") -> list[str]:
    return [YOU] + [bot] * (players - 1)


@dataclass(frozen=True)
class Move:
    """A move played: who played it and its notation (full knowledge: never shown)."""

    seat: int
    notation: str


@dataclass(frozen=True)
class Seen:
    """A move as one reader saw it, read from that reader's view after the move.

    ``last`` is the view's account of the move (its ``last`` entry) when the view names this
    move, else None: the reader only learns that ``seat`` moved (a Dog exchange card, the
    card of a Himmel steal it did not witness). ``events`` are the game's events for the
    reader where the game provides them. Nothing here comes from the full state.
    """

    seat: int
    last: Mapping[str, Any] | None
    events: tuple[Mapping[str, Any], ...] = ()
    own: str | None = None  # the notation, only in the log of the seat that played it


class Session:
    """A running game: the game, seed, seat kinds and the moves played so far."""

    def __init__(
        self,
        game: Game[Any],
        seed: int,
        seats: Sequence[str],
        moves: Sequence[str] = (),
        names: Sequence[str | None] | None = None,
    ) -> None:
        if len(seats) != game.num_players:
            raise ValueError(f"{game.name} needs {game.num_players} seats, got {len(seats)}")
        for kind in seats:
            if not is_human(kind) and not known_bot(kind):
                raise StammtischError(
                    "unknown_bot", kind=kind, available=", ".join([YOU, PERSON, *bot_names()])
                )
        self.game = game
        self.seed = seed
        self.seats = list(seats)
        #: Each bot seat's name ("Vreni"), None for a person: the given names where a bot
        #: sits, else chosen from the seed (the same game always has the same names).
        bots = [not is_human(kind) for kind in self.seats]
        chosen = name_bots(bots, seed)
        if names is not None and len(names) == len(bots):
            chosen = [
                given or own if bot else None for given, own, bot in zip(names, chosen, bots, strict=True)
            ]
        self.names: list[str | None] = chosen
        self.moves: list[Move] = []
        self.state: State[Any] = game.new_game(seed)
        self._bots: dict[int, Bot] = {}
        self.last_human: int | None = None
        #: The number of the last move that brought a person at the keyboard hidden news
        #: (``core.events.reveals``: a card dealt, drawn, received or turned up); 0: none
        #: yet. No take-back reaches back to it, as at the server's tables.
        self.undo_floor = 0
        self.autosave = False  # rewrite the game's autosave after every move (set by the UIs)
        #: This game's own autosave (see ``tui/autosave.py``): chosen when it is first
        #: written, kept by a resumed game; another game never writes there.
        self.autosave_key: str | None = None
        # Per reader (each person at the keyboard; None: a spectator) the moves as seen.
        self._seen: dict[int | None, list[Seen]] = {r: [] for r in self.readers()}
        self._last_seen: dict[int | None, Any] = {r: None for r in self._seen}
        for notation in moves:
            self.play(notation)

    # --- seats ---------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if is_human(kind)]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and is_human(self.seats[seat])

    @property
    def hot_seat(self) -> bool:
        """More than one person shares the keyboard: hands hide between their turns."""
        return len(self.humans) > 1

    @property
    def to_move(self) -> int | None:
        return self.state.current_player

    @property
    def over(self) -> bool:
        return self.state.is_terminal

    def viewer(self) -> int | None:
        """Whose view the screen shows: the person to move, else the last person who
        moved (or the only one), else nobody (a spectator watching bots)."""
        cur = self.to_move
        if self.is_human(cur):
            return cur
        if self.last_human is not None:
            return self.last_human
        humans = self.humans
        return humans[0] if humans else None

    def readers(self) -> list[int | None]:
        """The seats whose log is kept: every person at the keyboard, and a spectator."""
        return [*self.humans, None]

    def seen(self, reader: int | None) -> list[Seen]:
        """The moves so far as ``reader`` may know them (a spectator if not a person)."""
        return list(self._seen.get(reader if reader in self._seen else None, []))

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self.state.observe(self.viewer() if seat is None else seat)

    def legal(self) -> list[str]:
        return [] if self.over else self.state.legal_notations()

    # --- moves ---------------------------------------------------------------------------
    def play(self, notation: str) -> Move:
        """Play ``notation`` for the seat to move (validated; raises StammtischError)."""
        seat = self.to_move
        if seat is None:
            raise GameOverError()
        action = self.state.parse_action(notation)
        self.state = self.state.apply(action)
        move = Move(seat, str(action))
        self.moves.append(move)
        if reveals_to_any(self.state.raw_events(), self.humans):
            self.undo_floor = len(self.moves)
        self._note(seat)
        if self.autosave:
            self.store()
        if self.is_human(seat):
            self.last_human = seat
        return move

    def _note(self, seat: int) -> None:
        """Add the move just played by ``seat`` to each reader's log, from their views."""
        events_of = getattr(self.state, "events", None)
        for reader, log in self._seen.items():
            view = self.state.observe(reader)
            last = view.get("last")
            new = isinstance(last, Mapping) and last.get("seat") == seat and last != self._last_seen[reader]
            events: tuple[Mapping[str, Any], ...] = ()
            if callable(events_of):
                events = tuple(events_of(reader))
            known = dict(last) if new and isinstance(last, Mapping) else None
            log.append(Seen(seat, known, events, self.moves[-1].notation if reader == seat else None))
            self._last_seen[reader] = last

    def bot(self, seat: int) -> Bot:
        """The bot of ``seat``, seeded from the game seed so a session is reproducible."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = make_bot(self.seats[seat], self.game, seat, seed=self.seed * 31 + seat + 1)
            self._bots[seat] = bot
        return bot

    def bot_request(self) -> tuple[Bot, dict[str, Any], list[Any], int] | None:
        """What a bot needs to think (its view and the legal actions), if a bot is to move.

        The request is a snapshot; the caller thinks off the UI thread and hands the
        answer back with :meth:`play` only if ``len(self.moves)`` is still the same.
        """
        seat = self.to_move
        if seat is None or self.is_human(seat):
            return None
        return self.bot(seat), self.state.observe(seat), list(self.state.legal_actions()), len(self.moves)

    # --- undo ----------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def _last_own_move(self) -> int | None:
        """The index of the person's last move (None: none yet)."""
        return next(
            (i for i in range(len(self.moves) - 1, -1, -1) if self.is_human(self.moves[i].seat)), None
        )

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would take nothing back (the message's key), or None: it needs
        one person against bots, with a move of theirs after the last hidden news
        (:attr:`undo_floor`); taking back a move that was followed by a card drawn or dealt
        would show what the pile holds before it is one's turn to learn it."""
        if len(self.humans) != 1:
            return "undo_unavailable"
        last = self._last_own_move()
        if last is None:
            return "undo_nothing"
        return None if last + 1 > self.undo_floor else "undo_hidden"

    def undo(self) -> int:
        """Take back the last human move and every bot move after it; the number removed.

        The position is rebuilt from the seed and the remaining moves, so undo can never
        leave a position the game itself would not reach.
        """
        if not self.can_undo:
            return 0
        cut = self._last_own_move()
        assert cut is not None  # can_undo
        removed = len(self.moves) - cut
        keep = [m.notation for m in self.moves[:cut]]
        autosave, self.autosave = self.autosave, False
        self.moves = []
        self.last_human = None
        self.undo_floor = 0
        self._seen = {r: [] for r in self.readers()}
        self._last_seen = {r: None for r in self._seen}
        self.state = self.game.new_game(self.seed)
        for notation in keep:
            self.play(notation)
        self.autosave = autosave
        if autosave:
            self.store()
        return removed

    def store(self) -> Path | None:
        """Write the autosave of this game now (removed once it is over)."""
        if self.autosave_key is None:
            self.autosave_key = autosaves.new_key(self.game.name)
        return autosaves.store(self.record(), self.autosave_key)

    def next_game(self) -> Session:
        """A new game with the same game, options and seats, dealt from the next seed."""
        return Session(self.game, self.seed + 1, self.seats, names=self.names)

    # --- records -------------------------------------------------------------------------
    def record_path(self) -> Path:
        """Where this game's record is written unless the player names a file."""
        return Path("records") / f"{self.game.name}-{self.seed}.json"

    def record(self) -> GameRecord:
        rec = GameRecord.start(self.game.name, self.game.options, self.seed, self.seats)
        rec.meta["names"] = list(self.names)
        for move in self.moves:
            rec.add(move.notation)
        if self.over:
            rec.finish(self.state)
        return rec

    @classmethod
    def from_record(cls, record: GameRecord, seats: Sequence[str] | None = None) -> Session:
        """Resume a recorded game (its moves replayed); seats from the record if not given.
        A record that does not replay is a ``RecordError`` saying which move (and why)."""
        try:
            return cls._from_record(record, seats)
        except StammtischError:
            for _ in record.states():  # replayed once more only to name the move that fails
                pass
            raise

    @classmethod
    def _from_record(cls, record: GameRecord, seats: Sequence[str] | None) -> Session:
        game = load(record.game, **record.options)
        chosen = list(seats) if seats is not None else list(record.players)
        if len(chosen) != game.num_players:
            chosen = default_seats(game.num_players)
        chosen = [k if is_human(k) or known_bot(k) else PERSON for k in chosen]
        session = cls(game, record.seed, chosen, record.actions, names=record_names(record))
        session.autosave_key = autosaves.own_key(record)
        return session


def record_names(record: GameRecord) -> list[str | None] | None:
    """The seats' names a terminal game wrote into its record (``meta["names"]``), if any."""
    names = record.meta.get("names")
    if isinstance(names, list) and all(n is None or isinstance(n, str) for n in names):
        return names
    return None


def known_bot(kind: str) -> bool:
    return kind in bot_names()


def new_session(
    name: str, seats: Sequence[str], seed: int | None = None, options: Mapping[str, Any] | None = None
) -> Session:
    """A fresh session of game ``name`` (a random seed if none is given)."""
    opts = dict(options or {})
    opts["players"] = len(seats)
    game = load(name, **opts)
    return Session(game, random.SystemRandom().randrange(2**31) if seed is None else seed, seats)
