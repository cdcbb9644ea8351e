"""A game's rules page from the message catalogue (``locale/<lang>/LC_MESSAGES/help.po``).

The page is written as keys, so that it reads the same in every front end and both
languages are checked like every other text:

- ``help.<game>.title`` and ``help.<game>.intro``;
- sections in order, ``help.<game>.<i>.h`` their heading, then paragraphs
  ``help.<game>.<i>.p.<k>``, numbered steps ``help.<game>.<i>.step.<k>`` (a section with
  steps is a guide for the first game) and bullet items ``help.<game>.<i>.item.<k>``;
- one explanation per option of the game, ``help.<game>.opt.<option>``, shown under the
  option's lobby label (``web.opt_<option>``) in a last section "Options".

>>> from stammtisch import info
>>> page = help_page(info("zwickern"), "de")
>>> page["title"], page["sections"][-1]["h"], page["sections"][-1]["dl"][0][0]
('Zwickern – so wird gespielt', 'Optionen', 'Spielerzahl')
"""

from __future__ import annotations

from typing import Any

from stammtisch.core import i18n
from stammtisch.core.game import GameInfo

JSON = dict[str, Any]
KINDS = {"p": "p", "step": "ol", "item": "ul"}


def _number(text: str) -> int:
    return int(text) if text.isdigit() else -1


def option_key(game: str, option: str) -> str:
    """The key that explains ``option`` of ``game`` on its rules page."""
    return f"help.{game}.opt.{option}"


def help_page(info: GameInfo, lang: str) -> JSON | None:
    """The rules page of ``info``'s game in ``lang`` (None if the catalogue has none).

    ``{"title", "intro", "sections": [{"h", "guide", "p": [...], "ol": [...], "ul": [...],
    "dl": [[term, text], ...]}]}``; missing texts of ``lang`` come in English.
    """
    prefix = f"help.{info.name}."
    if not i18n.has(prefix + "title"):
        return None
    found: dict[int, dict[str, list[tuple[int, str]]]] = {}
    for key in i18n.keys(i18n.DEFAULT, prefix):
        parts = key[len(prefix) :].split(".")
        if not parts[0].isdigit():
            continue
        texts = found.setdefault(int(parts[0]), {})
        if parts[1:] == ["h"]:
            texts["h"] = [(0, i18n.t(key, lang))]
        elif len(parts) == 3 and parts[1] in KINDS:
            texts.setdefault(KINDS[parts[1]], []).append((_number(parts[2]), i18n.t(key, lang)))
    sections: list[JSON] = []
    for index in sorted(found):
        parts_of = found[index]
        section: JSON = {"h": parts_of.get("h", [(0, "")])[0][1], "guide": "ol" in parts_of}
        for kind in ("p", "ol", "ul"):
            section[kind] = [text for _, text in sorted(parts_of.get(kind, []))]
        sections.append(section)
    options = [
        [i18n.t(f"web.opt_{o.name}", lang), i18n.t(option_key(info.name, o.name), lang)]
        for o in info.options
        if i18n.has(option_key(info.name, o.name))
    ]
    if options:
        sections.append({"h": i18n.t("help.options", lang), "guide": False, "dl": options})
    return {
        "title": i18n.t(prefix + "title", lang),
        "intro": i18n.t(prefix + "intro", lang),
        "sections": sections,
    }


def help_text(info: GameInfo, lang: str) -> str | None:
    """The rules page as plain text, for the terminal's help screen (None if there is none).

    The intro, then each section under its heading: paragraphs, bullets (``•``) and the
    options as ``label: explanation``. The guide to the first move is left out: it speaks of
    clicking in the browser, and the terminal lists its own keys.

    >>> from stammtisch import info
    >>> print(help_text(info("zwickern"), "en").splitlines()[2])
    The game
    """
    page = help_page(info, lang)
    if page is None:
        return None
    blocks = [page["intro"]]
    for section in page["sections"]:
        if section["guide"]:
            continue
        lines = [section["h"]]
        lines += section.get("p", [])
        lines += [f"• {item}" for item in section.get("ul", [])]
        lines += [f"{n}. {step}" for n, step in enumerate(section.get("ol", []), start=1)]
        lines += [f"• {term}: {text}" for term, text in section.get("dl", [])]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
