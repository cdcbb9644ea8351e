"""What the heuristic benchmarks share: candidates of constants on the command line, and the
command line as their reports quote it (``himmel_heuristic.py``, ``zwickern_heuristic.py``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence


def parse_candidates(text: str, known: Callable[[str], bool]) -> list[tuple[str, dict[str, float]]]:
    """``"name=KEY=value,KEY=value;name2="`` -> ``[(name, {KEY: value})]`` (empty: as built);
    ``known`` says which keys exist. A clear exit for a bad one."""
    out: list[tuple[str, dict[str, float]]] = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, _, spec = part.partition("=")
        values: dict[str, float] = {}
        for item in filter(None, spec.split(",")):
            key, eq, value = item.partition("=")
            if not eq or not known(key):
                raise SystemExit(f"unknown constant or missing value in {item!r} (candidate {name!r})")
            try:
                values[key] = float(value)
            except ValueError:
                raise SystemExit(f"not a number: {item!r} (candidate {name!r})") from None
        out.append((name, values))
    if not out:
        raise SystemExit("no candidates")
    return out


def command_line(argv: Sequence[str] | None) -> str:
    """The arguments as a shell would take them back (quoted where they hold ';' or spaces)."""
    args = argv if argv is not None else sys.argv[1:]
    return " ".join(f'"{a}"' if ";" in a or " " in a else a for a in args)
