"""The token machinery shared by all environments (stammtisch.rl.codec)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from stammtisch.rl.codec import TurnDecoder, encode_prefix, fields_table, prefix_size


class _TwoTokenCodec:
    """A made-up codec whose actions are (first, second) pairs, each token below 5."""

    num_actions = 5
    max_tokens = 2
    observation_size = 1
    observation_fields = (("x", 1, "unused"),)
    max_moves = None
    returns_range = (0.0, 1.0, 1.0)

    def tokens(self, action: Any, seat: int) -> tuple[int, ...]:
        return tuple(action)

    def token_text(self, token: int) -> str:
        return str(token)

    def encode(self, view: Mapping[str, Any], out: Any) -> None:
        out[:] = 0.0


def test_decoder_walks_the_trie_and_masks_only_continuations() -> None:
    dec = TurnDecoder(_TwoTokenCodec())
    dec.reset([(1, 2), (1, 4), (3, 0)])
    assert dec.mask().tolist() == [0, 1, 0, 1, 0]
    assert dec.push(1) is None
    assert dec.prefix == [1]
    assert dec.mask().tolist() == [0, 0, 1, 0, 1]
    assert not dec.is_legal(0)
    assert dec.push(4) == (1, 4)
    assert dec.prefix == []


def test_decoder_rejects_sequences_that_are_prefixes_of_others() -> None:
    class Ragged(_TwoTokenCodec):
        def tokens(self, action: Any, seat: int) -> tuple[int, ...]:
            return tuple(action)

    dec = TurnDecoder(Ragged())
    with pytest.raises(ValueError):
        dec.reset([(1,), (1, 2)])
    with pytest.raises(ValueError):
        dec.reset([(1, 2), (1,)])
    with pytest.raises(ValueError):
        dec.reset([(1, 2), (1, 2)])


def test_prefix_block_is_one_hot_per_position() -> None:
    codec = _TwoTokenCodec()
    out = np.ones(prefix_size(codec), dtype=np.float32)
    encode_prefix(codec, [3], out)
    assert out.tolist() == [0, 0, 0, 1, 0]


def test_fields_table_counts_indices() -> None:
    table = fields_table([("a", 3, "first"), ("b", 2, "second")])
    rows = [line.split(None, 2) for line in table.splitlines() if line[:1].isdigit()]
    assert rows == [["0", "3", "first"], ["3", "2", "second"]]
