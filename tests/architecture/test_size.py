"""Small rooms (issue 24): no module in ``src/`` over 500 lines (Python, the browser's
JavaScript and CSS, and the compiled Dog core's C sources and header), no function over 80
(Python, and the browser's JavaScript).

There is no allow-list: every module and function is within the limits, and one that grows
past them fails here until it is split. Lines are physical lines; a function's length runs
from its ``def`` (decorators included) to its last line, nested functions included. A
JavaScript function runs from its header to its closing brace (``js_functions.py`` finds
them without Node; the planted snippets below show what it counts).
"""

from __future__ import annotations

import ast
from pathlib import Path

from js_functions import blank_non_code, js_functions

SRC = Path(__file__).resolve().parents[2] / "src" / "stammtisch"
STATIC = SRC / "server" / "static"
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
    over = _files_over(STATIC, "*.js", "*.css")
    assert not over, f"browser files over {MAX_MODULE} lines (split them): {over}"


def test_no_c_source_over_500_lines() -> None:
    over = _files_over(SRC, "*.c", "*.h")
    assert not over, f"C sources over {MAX_MODULE} lines (split them): {over}"


def test_no_function_over_80_lines() -> None:
    over = {f: n for f, n in function_sizes().items() if n > MAX_FUNCTION}
    assert not over, f"functions over {MAX_FUNCTION} lines (split them): {over}"


def browser_function_sizes() -> dict[str, int]:
    out: dict[str, int] = {}
    for p in sorted(STATIC.rglob("*.js")):
        for f in js_functions(p.read_text(encoding="utf-8")):
            out[f"{_rel(p)}:{f.name}@{f.start}"] = f.lines
    return out


def test_no_browser_function_over_80_lines() -> None:
    sizes = browser_function_sizes()
    assert any(k.startswith("server/static/table.js:renderTable@") for k in sizes), (
        "the scanner found nothing"
    )
    over = {f: n for f, n in sizes.items() if n > MAX_FUNCTION}
    assert not over, f"browser functions over {MAX_FUNCTION} lines (split them): {over}"


def _body(lines: int, indent: str = "  ") -> str:
    return "".join(f"{indent}total += {i};\n" for i in range(lines))


# Braces in strings, templates (nested, with ``${}``), regular expressions and comments,
# which a scanner that only counts braces would take for code; a division that a careless
# one would take for the start of a regular expression.
TRICKY = r"""
  const a = "}}} {", b = '{ \' }', c = `} ${ { k: "}" }.k } ${`in ${"{"} }`} {`;
  const re = /[}/]{2}\/}/g, also = x.replace(/\{/, "") ; // } a comment {
  /* } { */
  const half = total / 2; const inner = () => { return half; }; const third = total / 3;
"""

PLANTED = (
    "// a { in a comment\n"  # line 1
    "function longOne(a) {\n"  # line 2
    + TRICKY  # lines 3-7 (TRICKY starts with a newline and ends with one)
    + _body(84)  # lines 8-91
    + "}\n"  # line 92
    + "export const onKey = async (ev) => {\n"  # line 93
    + _body(85)  # lines 94-178
    + "};\n"  # line 179
    + "const obj = {\n  handler: function () {\n"  # lines 180-181
    + _body(3, "    ")  # lines 182-184
    + "  },\n  method(x) {\n    if (x) {\n      return `${x}}`;\n    }\n  },\n};\n"  # 185-191
    + "class Box extends Base {\n  get size() {\n    return 1;\n  }\n}\n"  # lines 192-196
    + "items.map((it) => it * 2).forEach(it => {\n  for (const j of it) {\n  }\n});\n"  # 197-200
)


def test_js_scanner_measures_planted_snippets() -> None:
    functions = js_functions(PLANTED)
    assert {f.name: (f.start, f.end) for f in functions} == {
        "longOne": (2, 92),
        "longOne.inner": (7, 7),
        "onKey": (93, 179),
        "handler": (181, 185),
        "method": (186, 190),
        "size": (193, 195),
        "<arrow@197>": (197, 200),
    }
    long = {f.name: f.lines for f in functions if f.lines > MAX_FUNCTION}
    assert long == {"longOne": 91, "onKey": 87}
    # Newlines survive the blanking; of the braces in TRICKY only code is left: the object
    # inside a template's ${} and the arrow's body.
    assert blank_non_code(PLANTED).count("\n") == PLANTED.count("\n")
    tricky = blank_non_code(TRICKY)
    assert tricky.count("{") == tricky.count("}") == 2
    assert "{ k:" in tricky and "{ return half; }" in tricky
