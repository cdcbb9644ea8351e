"""Find the functions of a JavaScript file and how many lines each spans, without Node.

Two passes. The first blanks out everything that is not code (comments, the text of string,
template and regular-expression literals) while keeping every newline and the code inside a
template's ``${...}``, so that the braces and parentheses left are the code's own. The
second looks at every ``{`` of that code and asks what stands before it:

- ``=>``: an arrow function with a block body (``x => {``, ``async (a, b) => {``);
- ``)`` whose ``(`` follows ``function`` or ``function name``: a function declaration or
  expression;
- ``)`` whose ``(`` follows any other name (not ``if``, ``for``, ``while``, ``switch``,
  ``catch``...): a class or object method (``name(a) {``, ``get name() {``).

A function spans from the line of its header (the ``function`` keyword, the method's name,
the arrow's first parameter) to the line of its closing brace. Names are dotted paths of
the enclosing functions; an unnamed function is called after what it is assigned to
(``const f = () => {``, ``key: function () {``) or ``<arrow@line>`` / ``<function@line>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# After one of these a ``/`` starts a regular expression, not a division.
_REGEX_AFTER_WORDS = frozenset(
    [
        "return",
        "typeof",
        "instanceof",
        "in",
        "of",
        "new",
        "delete",
        "void",
        "throw",
        "case",
        "do",
        "else",
        "yield",
        "await",
    ]
)
_REGEX_AFTER_CHARS = frozenset("(,=:[!&|?{};+-*%<>~^")
_NOT_METHODS = frozenset(["if", "for", "while", "switch", "catch", "with", "return", "typeof", "function"])
_IDENT = re.compile(r"[A-Za-z0-9_$#]")


@dataclass(frozen=True)
class JsFunction:
    name: str
    start: int  # line of the header, 1-based
    end: int  # line of the closing brace

    @property
    def lines(self) -> int:
        return self.end - self.start + 1


def blank_non_code(text: str) -> str:
    """``text`` with comments and the contents of literals replaced by spaces.

    Newlines stay where they are, so line numbers do not change. A literal leaves one
    ``_`` where it started (an operand, so that a ``/`` after it divides); a template's
    ``${`` and its closing ``}`` become spaces, the expression between them stays code.
    """
    out = list(text)
    n = len(text)
    i = 0
    # One entry per open brace in code: True when it is the brace that closes a ``${``.
    braces: list[bool] = []
    prev = ""  # the last significant code token: a punctuation char, a word, or "_"

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def template(j: int) -> int:
        """Blank template text from ``j`` (just after a backtick or a closing ``}``) to its
        end or to the next ``${``; returns the index after what it consumed."""
        start = j
        while j < n:
            c = text[j]
            if c == "\\":
                j += 2
            elif c == "`":
                blank(start, j + 1)
                return j + 1
            elif c == "$" and j + 1 < n and text[j + 1] == "{":
                blank(start, j + 2)
                braces.append(True)
                return j + 2
            else:
                j += 1
        blank(start, n)
        return n

    while i < n:
        c = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if c.isspace():
            i += 1
        elif c == "/" and nxt == "/":
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif c == "/" and nxt == "*":
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            blank(i, end)
            i = end
        elif c in "'\"":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            blank(i, j + 1)
            out[i] = "_"
            prev, i = "_", j + 1
        elif c == "`":
            end = template(i + 1)
            out[i] = "_"
            prev, i = "_", end
        elif c == "/" and (prev == "" or prev in _REGEX_AFTER_CHARS or prev in _REGEX_AFTER_WORDS):
            j, in_class = i + 1, False
            while j < n and text[j] != "\n":
                if text[j] == "\\":
                    j += 2
                    continue
                if text[j] == "[":
                    in_class = True
                elif text[j] == "]":
                    in_class = False
                elif text[j] == "/" and not in_class:
                    break
                j += 1
            blank(i, j + 1)
            out[i] = "_"
            prev, i = "_", j + 1
        elif c == "{":
            braces.append(False)
            prev, i = c, i + 1
        elif c == "}":
            if braces and braces.pop():
                out[i] = " "
                i = template(i + 1)
                prev = "_"
            else:
                prev, i = c, i + 1
        elif _IDENT.match(c):
            j = i
            while j < n and _IDENT.match(text[j]):
                j += 1
            prev, i = text[i:j], j
        else:
            prev, i = c, i + 1
    return "".join(out)


def _skip_space_back(code: str, j: int) -> int:
    """The index of the last non-space character at or before ``j`` (-1 if none)."""
    while j >= 0 and code[j].isspace():
        j -= 1
    return j


def _word_before(code: str, j: int) -> tuple[str, int]:
    """The identifier ending at or before ``j`` (after spaces) and its start index."""
    end = _skip_space_back(code, j)
    k = end
    while k >= 0 and _IDENT.match(code[k]):
        k -= 1
    return code[k + 1 : end + 1], k + 1


def _open_paren(code: str, close: int) -> int:
    """The index of the ``(`` matching the ``)`` at ``close`` (-1 if unbalanced)."""
    depth = 0
    for k in range(close, -1, -1):
        if code[k] == ")":
            depth += 1
        elif code[k] == "(":
            depth -= 1
            if depth == 0:
                return k
    return -1


def _assigned_name(code: str, j: int) -> str | None:
    """The name a function starting just after ``j`` is given: ``name =`` or ``name:``."""
    k = _skip_space_back(code, j)
    word, start = _word_before(code, k)
    if word == "async":
        k = _skip_space_back(code, start - 1)
    if k >= 0 and code[k] in "=:" and (k == 0 or code[k - 1] not in "=!<>"):
        name, _ = _word_before(code, k - 1)
        return name or None
    return None


def _header(code: str, brace: int) -> tuple[int, str | None] | None:
    """For the ``{`` at ``brace``: (index of the function's header, its name), or None
    when the brace does not open a function body."""
    j = _skip_space_back(code, brace - 1)
    if j >= 1 and code[j - 1 : j + 1] == "=>":
        j = _skip_space_back(code, j - 2)
        if j >= 0 and code[j] == ")":
            start = _open_paren(code, j)
        else:
            _, start = _word_before(code, j)
        return (start, _assigned_name(code, start - 1)) if start >= 0 else None
    if j < 0 or code[j] != ")":
        return None
    paren = _open_paren(code, j)
    if paren < 0:
        return None
    word, start = _word_before(code, paren - 1)
    if word == "function":
        return start, _assigned_name(code, start - 1)
    if not word or word in _NOT_METHODS:
        return None
    before, before_start = _word_before(code, start - 1)
    if before == "function":
        return before_start, word
    if before == "extends":
        return None
    return start, word


def js_functions(text: str) -> list[JsFunction]:
    """Every function of ``text`` with its dotted name and line span, in source order."""
    code = blank_non_code(text)
    line_at = [0] * (len(code) + 1)
    line = 1
    for k, ch in enumerate(code):
        line_at[k] = line
        if ch == "\n":
            line += 1
    found: list[tuple[int, int, str]] = []  # (header index, close index, own name)
    stack: list[int] = []
    for k, ch in enumerate(code):
        if ch == "{":
            stack.append(k)
        elif ch == "}" and stack:
            open_at = stack.pop()
            head = _header(code, open_at)
            if head is not None:
                start, name = head
                own = (
                    name
                    or f"<{'function' if code.startswith('function', start) else 'arrow'}@{line_at[start]}>"
                )
                found.append((start, k, own))
    found.sort()
    out: list[JsFunction] = []
    outer: list[tuple[int, str]] = []  # (close index, dotted name) of enclosing functions
    for start, close, own in found:
        while outer and outer[-1][0] < start:
            outer.pop()
        name = f"{outer[-1][1]}.{own}" if outer else own
        out.append(JsFunction(name, line_at[start], line_at[close]))
        outer.append((close, name))
    return out
