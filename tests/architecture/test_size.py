"""Small rooms (issue 24): no module in ``src/`` over 500 lines (Python, the browser's
JavaScript and CSS, and the compiled Dog core's C sources and header), no Python function
over 80.

There is no allow-list: every module and function is within the limits, and one that grows
past them fails here until it is split. Lines are physical lines; a function's length runs
from its ``def`` (decorators included) to its last line, nested functions included.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "stammtisch"
MAX_MODULE = 500
MAX_FUNCTION = 80


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
    over = {m: n for m, n in module_sizes().items() if n > MAX_MODULE}
    assert not over, f"modules over {MAX_MODULE} lines (split them): {over}"


def _files_over(root: Path, *patterns: str) -> dict[str, int]:
    """The files below ``root`` matching ``patterns`` that are over the limit (at least one must match)."""
    files = sorted(p for ext in patterns for p in root.rglob(ext))
    assert files, f"no {patterns} files found below {root}"
    return {_rel(p): n for p in files if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE}


def test_no_browser_file_over_500_lines() -> None:
    over = _files_over(SRC / "server" / "static", "*.js", "*.css")
    assert not over, f"browser files over {MAX_MODULE} lines (split them): {over}"


def test_no_c_source_over_500_lines() -> None:
    over = _files_over(SRC, "*.c", "*.h")
    assert not over, f"C sources over {MAX_MODULE} lines (split them): {over}"


def test_no_function_over_80_lines() -> None:
    over = {f: n for f, n in function_sizes().items() if n > MAX_FUNCTION}
    assert not over, f"functions over {MAX_FUNCTION} lines (split them): {over}"
