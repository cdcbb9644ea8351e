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

    ``reset(legal, seat)`` loads the legal actions of a position; ``mask()`` says which tokens
    continue some legal action after the tokens pushed so far; ``push(token)`` returns the
    finished action or ``None`` while the turn needs more tokens. Single-token codecs take
    a flat fast path.
    """

    def __init__(self, codec: Codec) -> None:
        self.codec = codec
        self.n = codec.num_actions
        self.prefix: list[int] = []
        self._flat = codec.max_tokens == 1
        self._root: dict[int, Any] = {}
        self._node: dict[int, Any] = self._root
        self._mask_cache: MaskArray | None = None

    def reset(self, legal: Sequence[Any], seat: int = 0) -> None:
        self.prefix = []
        self._mask_cache = None
        root: dict[int, Any] = {}
        tokens = self.codec.tokens
        if self._flat:
            for action in legal:
                (t,) = tokens(action, seat)
                if t in root:
                    raise ValueError(f"two legal actions share token {t}")
                root[t] = _Leaf(action)
        else:
            for action in legal:
                seq = tokens(action, seat)
                if not 1 <= len(seq) <= self.codec.max_tokens:
                    raise ValueError(f"{action}: {len(seq)} tokens, not 1..{self.codec.max_tokens}")
                node = root
                for t in seq[:-1]:
                    nxt = node.setdefault(t, {})
                    if isinstance(nxt, _Leaf):
                        raise ValueError(f"{action}: token sequence extends another action's")
                    node = nxt
                if seq[-1] in node:
                    raise ValueError(f"{action}: token sequence is another action's or its prefix")
                node[seq[-1]] = _Leaf(action)
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
        if isinstance(nxt, _Leaf):
            self._node = {}
            self.prefix = []
            return nxt.action
        self.prefix.append(token)
        self._node = nxt
        return None


class _Leaf:
    __slots__ = ("action",)

    def __init__(self, action: Any) -> None:
        self.action = action


def prefix_size(codec: Codec) -> int:
    """Length of the pending-tokens block appended to observations of multi-token codecs."""
    return 0 if codec.max_tokens == 1 else (codec.max_tokens - 1) * codec.num_actions


def encode_prefix(codec: Codec, prefix: Sequence[int], out: FloatArray) -> None:
    """One-hot block per position of the tokens already chosen this turn (zeros elsewhere)."""
    out[:] = 0.0
    for i, t in enumerate(prefix):
        out[i * codec.num_actions + t] = 1.0


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
