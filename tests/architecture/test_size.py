"""Small rooms (issue 24): no module in ``src/`` over 500 lines, no function over 80.

The allow-lists name today's offenders with their owners' issues; they may only shrink:
whoever splits one removes its entry (a stale entry fails the test too, so the list stays
true). Lines are physical lines; a function's length runs from its ``def`` (decorators
included) to its last line.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "stammtisch"
MAX_MODULE = 500
MAX_FUNCTION = 80

#: module (relative to src/stammtisch) -> lines allowed for now
MODULES_ALLOWED: dict[str, int] = {}

#: "module:qualified.function" -> lines allowed for now
FUNCTIONS_ALLOWED: dict[str, int] = {}


def _modules() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if "migrations" not in p.parts)


def _rel(path: Path) -> str:
    return path.relative_to(SRC).as_posix()


def _functions(tree: ast.AST, prefix: str = "") -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            assert node.end_lineno is not None
            out.append((prefix + node.name, node.end_lineno - start + 1))
            out += _functions(node, prefix + node.name + ".")
        elif isinstance(node, ast.ClassDef):
            out += _functions(node, prefix + node.name + ".")
    return out


def module_sizes() -> dict[str, int]:
    return {_rel(p): len(p.read_text(encoding="utf-8").splitlines()) for p in _modules()}


def function_sizes() -> dict[str, int]:
    out: dict[str, int] = {}
    for p in _modules():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for name, lines in _functions(tree):
            out[f"{_rel(p)}:{name}"] = lines
    return out


def test_no_module_over_500_lines() -> None:
    over = {m: n for m, n in module_sizes().items() if n > MODULES_ALLOWED.get(m, MAX_MODULE)}
    assert not over, f"modules over {MAX_MODULE} lines (split them): {over}"


def test_no_function_over_80_lines() -> None:
    over = {f: n for f, n in function_sizes().items() if n > FUNCTIONS_ALLOWED.get(f, MAX_FUNCTION)}
    assert not over, f"functions over {MAX_FUNCTION} lines (split them): {over}"


def test_allow_lists_only_name_current_offenders() -> None:
    """An entry whose module or function is now small enough (or gone) must be removed."""
    modules, functions = module_sizes(), function_sizes()
    stale = [m for m in MODULES_ALLOWED if modules.get(m, 0) <= MAX_MODULE]
    stale += [f for f in FUNCTIONS_ALLOWED if functions.get(f, 0) <= MAX_FUNCTION]
    assert not stale, f"remove these allow-list entries, they are within the limits now: {stale}"
