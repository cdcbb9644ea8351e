"""The wire format: compact JSON, the same bytes the standard library would write."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stammtisch.server import wire


def _stdlib(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()


@pytest.mark.parametrize(
    "obj",
    [
        {"game": "dog", "pegs": [["S0", None]], "scores": [1.0, 0.5], "terminal": False},
        {"nickname": "Rüedi 🃏", "last": {"seat": 2, "action": "7:p0+3,p1+4"}},
        {1: "seat one", 2: [1, 2]},  # keys that are not strings are written as strings
        {"outer": {3: {"x": None}}},
        [],
        None,
    ],
)
def test_dumpb_matches_the_standard_library(obj: Any) -> None:
    assert wire.dumpb(obj) == _stdlib(obj)
    assert wire.dumps(obj) == _stdlib(obj).decode()


def test_dumpb_refuses_what_is_not_json() -> None:
    with pytest.raises(TypeError):
        wire.dumpb({"card": object()})
    with pytest.raises(TypeError):
        wire.dumpb({(1, 2): "tuple key"})


def test_loads_refuses_deep_nesting_with_a_value_error() -> None:
    with pytest.raises(ValueError):
        wire.loads("[" * 2000 + "]" * 2000)
