"""What a game's codec provides, and the machinery that turns codec tokens into turns.

Each game ships ``stammtisch.games.<game>.codec`` with one class (found by
:func:`codec_for`) that fixes, for learning code:

* an **integer action space** ``0 .. num_actions-1``. A turn is one token for most games;
  where a flat space would be too large (Dog's split 7 and Joker) a turn is a short
  sequence of tokens (card, then the rest), at most ``max_tokens`` long.
  ``tokens(action, seat)`` maps a legal action of ``seat`` to its sequence (relative to
  that seat where the game names seats or pegs); the sequences of the legal actions of one position
  must be distinct and none may be a prefix of another, so that a finished sequence names
  exactly one action;
* an **observation tensor** of ``observation_size`` floats in ``[0, 1]``, computed from a
  seat's view only (``State.observe(seat)``), so it cannot leak what the seat may not know;
  ``observation_fields`` documents it as ``(name, size, meaning)`` rows in order;
* optionally, a **fast path** for environments (the machinery below falls back to
  ``encode`` of the view and ``tokens`` per action for a codec without it): ``encode_state(state, seat, out)`` writes the same
  tensor straight from the state, reading only what that seat's view holds, without
  building the view; ``legal_tokens(legal, seat)`` gives the token sequences of all legal
  actions at once (from move codes where the engine has them). ``encode`` and ``tokens``
  stay the reference: the tests check that both paths agree bit for bit;
* facts about a game's length and outcome that learning frameworks ask for up front:
  ``max_moves`` (a bound on whole turns, ``None`` if the game has none) and
  ``returns_range``.

Codecs import only ``core`` and their own game (the arrows of the architecture point down);
this module states their shape as a :class:`Protocol` without being imported by them.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from stammtisch.core.game import Game

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


class Codec(Protocol):
    """The fixed action and observation encoding of one game variant."""

    num_actions: int
    max_tokens: int
    observation_size: int
    observation_fields: tuple[tuple[str, int, str], ...]
    max_moves: int | None
    """An upper bound on the moves (whole turns) of a game, or ``None`` if unbounded."""
    returns_range: tuple[float, float, float | None]
    """Lowest and highest ``returns()`` entry, and their sum when it is constant."""

    def tokens(self, action: Any, seat: int) -> tuple[int, ...]:
        """The token sequence of a legal action of ``seat`` (tokens may be seat-relative)."""

    def token_text(self, token: int) -> str:
        """A short readable name of one token (for logs and OpenSpiel's action strings)."""

    def encode(self, view: Mapping[str, Any], out: FloatArray) -> None:
        """Write the observation of ``view`` into ``out`` (length ``observation_size``)."""

    def encode_state(self, state: Any, seat: int, out: FloatArray) -> None:
        """Write what ``encode(state.observe(seat), out)`` writes, from the state itself."""

    def legal_tokens(self, legal: Sequence[Any], seat: int) -> list[tuple[int, ...]]:
        """``[tokens(a, seat) for a in legal]``, computed as cheaply as the game can."""


def codec_for(game: Game[Any]) -> Codec:
    """The codec of ``game``: class ``Codec`` in the ``codec`` module beside the game's."""
    package = type(game).__module__.rpartition(".")[0]
    module = importlib.import_module(f"{package}.codec")
    codec: Codec = module.Codec(game)
    return codec


def field_offsets(codec: Codec) -> dict[str, slice]:
    """Name -> slice of the observation vector (for tests, docs and debugging)."""
    out: dict[str, slice] = {}
    start = 0
    for name, size, _ in codec.observation_fields:
        out[name] = slice(start, start + size)
        start += size
    return out


class TurnDecoder:
    """Builds one action from tokens: the mask for the next token, and the action when done.

    ``reset(legal, seat)`` loads the legal actions of a position (their token sequences from
    the codec's ``legal_tokens``); ``mask()`` says which tokens continue some legal action
    after the tokens pushed so far; ``push(token)`` returns the finished action or ``None``
    while the turn needs more tokens. The trie's leaves are indices into ``legal``, so only
    the chosen action is read from it. Single-token codecs take a flat fast path.
    """

    def __init__(self, codec: Codec) -> None:
        self.codec = codec
        self.n = codec.num_actions
        self.prefix: list[int] = []
        self._flat = codec.max_tokens == 1
        self._root: dict[int, Any] = {}
        self._node: dict[int, Any] = self._root
        self._mask_cache: MaskArray | None = None
        self._legal: Sequence[Any] = ()
        table = getattr(codec, "legal_tokens", None)  # the fast path, where the codec has one
        self._legal_tokens: Any = table or (lambda legal, seat: [codec.tokens(a, seat) for a in legal])

    def reset(self, legal: Sequence[Any], seat: int = 0) -> None:
        self.prefix = []
        self._mask_cache = None
        self._legal = legal
        root: dict[int, Any] = {}
        seqs = self._legal_tokens(legal, seat)
        if self._flat:
            for i, (t,) in enumerate(seqs):
                if t in root:
                    raise ValueError(f"two legal actions share token {t}")
                root[t] = i
        else:
            top = self.codec.max_tokens
            for i, seq in enumerate(seqs):
                if not 1 <= len(seq) <= top:
                    raise ValueError(f"{legal[i]}: {len(seq)} tokens, not 1..{top}")
                node = root
                for t in seq[:-1]:
                    nxt = node.setdefault(t, {})
                    if type(nxt) is int:
                        raise ValueError(f"{legal[i]}: token sequence extends another action's")
                    node = nxt
                if seq[-1] in node:
                    raise ValueError(f"{legal[i]}: token sequence is another action's or its prefix")
                node[seq[-1]] = i
        self._root = root
        self._node = root

    def mask(self) -> MaskArray:
        if self._mask_cache is None:
            m = np.zeros(self.n, dtype=np.int8)
            if self._node:
                m[list(self._node)] = 1
            self._mask_cache = m
        return self._mask_cache

    def legal_tokens(self) -> list[int]:
        return sorted(self._node)

    def is_legal(self, token: int) -> bool:
        return token in self._node

    def push(self, token: int) -> Any | None:
        """Take one legal token; the finished action, or ``None`` if more tokens follow."""
        nxt = self._node[token]
        self._mask_cache = None
        if type(nxt) is int:  # a leaf: the index of the legal action (made only now)
            self._node = {}
            self.prefix = []
            return self._legal[nxt]
        self.prefix.append(token)
        self._node = nxt
        return None


def prefix_size(codec: Codec) -> int:
    """Length of the pending-tokens block appended to observations of multi-token codecs."""
    return 0 if codec.max_tokens == 1 else (codec.max_tokens - 1) * codec.num_actions


def encode_prefix(codec: Codec, prefix: Sequence[int], out: FloatArray) -> None:
    """One-hot block per position of the tokens already chosen this turn (zeros elsewhere)."""
    out[:] = 0.0
    for i, t in enumerate(prefix):
        out[i * codec.num_actions + t] = 1.0


def put_prefix(codec: Codec, prefix: Sequence[int], vec: FloatArray, base: int) -> None:
    """:func:`encode_prefix` into ``vec[base:]`` when that block is already all 0."""
    n = codec.num_actions
    for i, t in enumerate(prefix):
        vec[base + i * n + t] = 1.0


class ObservationCache:
    """Writes the codec's observation of a seat (``Codec.encode_state``, or ``encode`` of
    the view for a codec without the fast path). For codecs whose turns take several
    tokens it keeps each seat's vector while the position stays, since a turn observes
    the same position once per token; environments :meth:`clear` it whenever the state
    changes."""

    def __init__(self, codec: Codec) -> None:
        self.codec = codec
        self._fast = hasattr(codec, "encode_state")
        self._keep = codec.max_tokens > 1
        self._by_seat: dict[int, FloatArray] = {}

    def clear(self) -> None:
        if self._by_seat:
            self._by_seat = {}

    def write(self, state: Any, seat: int, out: FloatArray) -> None:
        """Write the observation of ``seat`` into ``out`` (length ``observation_size``)."""
        if not self._keep:
            self._encode(state, seat, out)
            return
        vec = self._by_seat.get(seat)
        if vec is None:
            vec = np.empty(self.codec.observation_size, dtype=np.float32)
            self._encode(state, seat, vec)
            self._by_seat[seat] = vec
        out[:] = vec

    def _encode(self, state: Any, seat: int, out: FloatArray) -> None:
        if self._fast:
            self.codec.encode_state(state, seat, out)
        else:  # a codec without the fast path: through the view
            self.codec.encode(state.observe(seat), out)


def fields_table(fields: Sequence[tuple[str, int, str]]) -> str:
    """The reStructuredText table (index, size, meaning) that the docstrings show."""
    width = max(len(meaning) for _, _, meaning in fields)
    rule = f"{'=' * 8}  {'=' * 4}  {'=' * width}"
    lines = [rule, f"{'index':<8}  {'size':<4}  meaning", rule]
    start = 0
    for _, size, meaning in fields:
        lines.append(f"{start:<8}  {size:<4}  {meaning}")
        start += size
    lines.append(rule)
    return "\n".join(lines)
