"""Every player-facing text of stammtisch, in German and English: one gettext catalogue.

The catalogue is ``stammtisch/locale/<lang>/LC_MESSAGES/<area>.po`` (package data), one
``.po`` file per area (``core``, ``server``, ``dog``, ``himmel``, ``zwickern``, ``web``,
``terminal`` …) so that people working on different parts rarely touch the same file. A game
registered from outside stammtisch brings its own ``locale/`` folder (:func:`add_catalogue`). The
files are read with Babel when a language is first used, compiled in memory and served by
the standard library's :mod:`gettext` (plural rules from each file's ``Plural-Forms``).

Message ids are keys, not English sentences: an error code (``game_over``), or a dotted key
whose first part names its area (``tui.hint``, ``web.log``, ``dog.ev.sent_home``). Keys are
unique across all files. Placeholders use Python's ``{name}`` syntax and are filled with
keyword arguments; a key with a plural form is chosen by the ``n`` argument.

>>> t("game_over", "de")
'Das Spiel ist vorbei.'
>>> t("web.cards", "de", n=1), t("web.cards", "de", n=2), tn("web.cards", 1, "en")
('1 Karte', '2 Karten', '1 card')
>>> translate("illegal", {"action": "K:start"}, "en")
"The move 'K:start' is not allowed now."

How to add a string (see also ``stammtisch/locale/README.md``):

1. Pick the area file (or add a new ``<area>.po`` in *both* ``de`` and ``en``).
2. Add the entry to ``locale/en/LC_MESSAGES/<area>.po`` and ``locale/de/LC_MESSAGES/<area>.po``
   with the same key and the same ``{placeholders}``::

       #, python-brace-format
       msgid "tui.saved"
       msgstr "Saved to {path}."

   A plural (``n`` decides)::

       msgid "web.cards"
       msgid_plural "web.cards"
       msgstr[0] "{n} card"
       msgstr[1] "{n} cards"

3. Use it: ``t("tui.saved", lang, path=p)``. Browser keys start with ``web.`` and are read
   in JavaScript as ``t("saved")`` (``server/static/i18n.js``).
4. ``tests/core/test_catalogue.py`` checks that every key exists in both languages with the
   same placeholders.
"""

from __future__ import annotations

import gettext
import io
import string
import threading
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES = ("en", "de")
DEFAULT = "en"

#: Messages added at run time by :func:`register_messages` (code -> {lang -> template}).
#: Kept for code that has not moved its texts into the catalogue yet; the catalogue wins.
_EXTRA: dict[str, dict[str, str]] = {}


class _Language:
    """One language's catalogue: the gettext translations and the raw templates."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.templates: dict[str, str | tuple[str, ...]] = {}
        self.areas: dict[str, str] = {}  # key -> area (file stem)
        self.translations = gettext.NullTranslations()
        first = True
        for area, po in _po_files(lang):
            catalog = read_po(io.BytesIO(po), locale=lang, domain=area)
            for message in catalog:
                if not message.id:
                    continue
                key = message.id[0] if isinstance(message.id, tuple | list) else message.id
                if key in self.templates:
                    continue  # a game's own catalogue never changes a text of stammtisch's
                text = message.string
                self.templates[key] = tuple(text) if isinstance(text, tuple | list) else (text or "")
                self.areas[key] = area
            mo = io.BytesIO()
            write_mo(mo, catalog)
            mo.seek(0)
            part = gettext.GNUTranslations(mo)
            if first:
                self.translations = part
                first = False
            else:
                self.translations.add_fallback(part)


def _po_files(lang: str) -> Iterator[tuple[str, bytes]]:
    for package in _PACKAGES:
        folder = resources.files(package).joinpath("locale", lang, "LC_MESSAGES")
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".po"):
                yield entry.name[: -len(".po")], entry.read_bytes()


_LOADED: dict[str, _Language] = {}
#: (key, lang as asked) -> the template of a key without plural forms, as :func:`_lookup`
#: finds it: the server words every move in both languages, so the lookup is made once.
#: Emptied whenever the catalogue or the registered messages change.
_SINGULAR: dict[tuple[str, str], str] = {}
#: (key, lang as asked, n) -> the plural form gettext picks for ``n``: the same made once
#: (gettext asks every catalogue file in turn). Emptied with :data:`_SINGULAR`, and when it
#: reaches :data:`_PLURAL_SIZE` entries (counts are small numbers; this is a safeguard).
_PLURAL: dict[tuple[str, str, int], str] = {}
_PLURAL_SIZE = 10_000
_LOCK = threading.Lock()
#: Packages whose ``locale/`` folder is read, stammtisch's first (see :func:`add_catalogue`).
_PACKAGES: list[str] = ["stammtisch"]
_ASKED: set[str] = {"stammtisch"}


def add_catalogue(package: str) -> None:
    """Read the ``.po`` files in ``<package>/locale/<lang>/LC_MESSAGES/`` too, if it has them.

    A game registered from outside stammtisch keeps its texts (its events and moves in
    words) in its own folder; the registry calls this when it first loads the game. Keys
    already in the catalogue keep their text; a package without a ``locale`` folder
    changes nothing.
    """
    if package in _ASKED:
        return
    with _LOCK:
        if package in _ASKED:
            return
        _ASKED.add(package)
        try:
            found = resources.files(package).joinpath("locale").is_dir()
        except (ModuleNotFoundError, TypeError):
            found = False
        if found:
            _PACKAGES.append(package)
            _LOADED.clear()  # read again, with the new files, when next asked
            _SINGULAR.clear()
            _PLURAL.clear()


def _language(lang: str) -> _Language:
    found = _LOADED.get(lang)
    if found is None:
        with _LOCK:
            found = _LOADED.get(lang)
            if found is None:
                found = _Language(lang)
                _LOADED[lang] = found
    return found


def language(lang: str | None) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`, else the default (English)."""
    return lang if lang in LANGUAGES else DEFAULT


def _fill(template: str, params: Mapping[str, Any]) -> str:
    if not params:
        return template
    try:
        return template.format_map(params)  # as format(**params), without copying them
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


def _lookup(key: str, lang: str, n: int | None) -> str | None:
    known = _SINGULAR.get((key, lang))
    if known is not None:
        return known
    for code in (language(lang), DEFAULT):
        cat = _language(code)
        found = cat.templates.get(key)
        if found is None:
            continue
        if isinstance(found, tuple):
            count = 1 if n is None else n
            form = _PLURAL.get((key, lang, count))
            if form is None:
                if len(_PLURAL) >= _PLURAL_SIZE:
                    _PLURAL.clear()
                form = _PLURAL[key, lang, count] = cat.translations.ngettext(key, key, count)
            return form
        _SINGULAR[key, lang] = found
        return found
    extra = _EXTRA.get(key)
    if extra is not None:
        return extra.get(language(lang)) or extra.get(DEFAULT)
    return None


def t(key: str, lang: str = DEFAULT, /, **params: Any) -> str:
    """The text ``key`` in ``lang`` with ``params`` filled in (English if missing, else the key).

    A key with plural forms is chosen by ``params["n"]``.
    """
    # The server words every move in both languages: a key without plural forms, once
    # looked up, is found here without the calls of _lookup and _fill (the same answer).
    template = _SINGULAR.get((key, lang))
    if template is None:
        n = params.get("n")
        template = _lookup(key, lang, n if isinstance(n, int) else None)
        if template is None:
            return key
    if not params:
        return template
    try:
        return template.format_map(params)
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


def tn(key: str, n: int, lang: str = DEFAULT, /, **params: Any) -> str:
    """The plural text ``key`` for the count ``n`` (also passed as the ``{n}`` placeholder)."""
    return t(key, lang, n=n, **params)


def has(key: str, lang: str = DEFAULT) -> bool:
    """Whether the catalogue (or a registered message) has ``key`` in ``lang``."""
    return key in _language(language(lang)).templates or lang in _EXTRA.get(key, {})


def keys(lang: str = DEFAULT, prefix: str = "") -> list[str]:
    """All catalogue keys of ``lang`` that start with ``prefix``."""
    return sorted(k for k in _language(language(lang)).templates if k.startswith(prefix))


def template(key: str, lang: str = DEFAULT) -> str | tuple[str, ...] | None:
    """The raw template of ``key`` in ``lang`` (a tuple of forms for a plural), or None."""
    return _language(language(lang)).templates.get(key)


def area(key: str, lang: str = DEFAULT) -> str | None:
    """The area (``.po`` file stem) that holds ``key``."""
    return _language(language(lang)).areas.get(key)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a template (for the catalogue checks)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


#: Keys the browser reads under their own name, shared with every other front end: the one
#: word for a seat ("Player 2" / "Spieler 2") and the cards' letters and names (every key
#: that starts with ``card.``), so that no screen names a seat or a card differently.
SHARED_WITH_WEB = ("words.seat", "card.")


def _shared(key: str) -> bool:
    return any(key == s or (s.endswith(".") and key.startswith(s)) for s in SHARED_WITH_WEB)


def web_messages(lang: str) -> dict[str, Any]:
    """The browser's part of the catalogue: ``web.*`` keys without the prefix, and the
    shared keys of :data:`SHARED_WITH_WEB` under their own name (``words.seat``, ``card.Q``).

    A plural comes as the list of its forms in gettext order (for German and English:
    ``[one, other]``).
    """
    cat = _language(language(lang))
    out: dict[str, Any] = {}
    for key, value in cat.templates.items():
        if key.startswith("web."):
            out[key[len("web.") :]] = list(value) if isinstance(value, tuple) else value
        elif _shared(key):
            out[key] = list(value) if isinstance(value, tuple) else value
    return out


class Texts(Mapping[str, str]):
    """One key in every language, ``{"de": ..., "en": ...}``, read from the catalogue when
    asked: for the places that hold a text as a language -> text mapping (a game's title and
    description in its ``GameInfo``), so that the words still live in the catalogue.

    >>> title = Texts("dog.title")
    >>> title["de"], dict(title)["en"], "fr" in title
    ('Dog (Brändi Dog)', 'Dog', False)
    """

    def __init__(self, key: str) -> None:
        self.key = key

    def __getitem__(self, lang: str) -> str:
        if lang not in LANGUAGES:
            raise KeyError(lang)
        return t(self.key, lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)

    def __repr__(self) -> str:
        return f"Texts({self.key!r})"


# --- error codes (StammtischError) --------------------------------------------------------


def register_messages(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add message templates (code -> {language -> template}) outside the catalogue.

    Prefer adding them to a ``.po`` file; a key already in the catalogue keeps its text.
    """
    for code, texts in messages.items():
        _EXTRA.setdefault(code, dict(texts))
    _SINGULAR.clear()
    _PLURAL.clear()


def translate(code: str, params: Mapping[str, Any], lang: str = DEFAULT) -> str:
    """Render message ``code`` in ``lang`` (falls back to English, then to the code)."""
    n = params.get("n")
    template = _lookup(code, lang, n if isinstance(n, int) else None)
    if template is None:
        return f"{code} {dict(params)}" if params else code
    return _fill(template, params)


def known_codes() -> list[str]:
    """All message keys (catalogue and registered), for checks over both languages."""
    return sorted(set(keys(DEFAULT)) | set(_EXTRA))


def has_language(code: str, lang: str) -> bool:
    return has(code, lang)
