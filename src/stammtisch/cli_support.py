"""What every ``stammtisch`` command shares: the language, option parsing, one error style.

An error is one line on stderr in the chosen language, ``Error: …`` / ``Fehler: …``; usage
errors (a bad option, a file that is not there) exit with status 2, failures while running
(a record that does not replay, a failed check) with 1, Ctrl-C with 130 after
``Interrupted``. Never a traceback for bad input.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from typer import _click as click  # Typer 0.29 ships its own Click: its exceptions are these
from typer import rich_utils
from typer.core import TyperArgument, TyperCommand, TyperGroup

from stammtisch.core.errors import StammtischError
from stammtisch.core.i18n import LANGUAGES, has, t

USAGE = 2
FAILURE = 1
INTERRUPTED = 130

#: The arguments and options several commands share, declared once (their help texts are
#: ``cli.help.param.<name>`` in the catalogue, see :func:`localize_help`).
GameArgument = Annotated[str, typer.Argument()]
PlayersOption = Annotated[int | None, typer.Option()]
GameOptions = Annotated[list[str] | None, typer.Option("--option", "-o")]


err_console = Console(stderr=True, highlight=False, soft_wrap=True)


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.

    >>> default_lang({"LANG": "de_CH.UTF-8"}), default_lang({"LANG": "fr_FR"}), default_lang({})
    ('de', 'en', 'en')
    """
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def lang_from_args(args: Sequence[str]) -> str:
    """The ``--lang`` given on a command line (before it was parsed), else the default."""
    for i, arg in enumerate(args):
        value = None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None and value in LANGUAGES:
            return value
    return default_lang()


def error_line(message: str, lang: str) -> str:
    """``Error: message`` on one line (newlines and a file error's ``[Errno 2]`` removed)."""
    one = " ".join(re.sub(r"\[Errno \d+\]\s*", "", message).split())
    return StammtischError("cli_error", message=one).message(lang)


def fail(message: str | StammtischError, lang: str, code: int = USAGE) -> NoReturn:
    """Print one error line in ``lang`` and leave with ``code``."""
    text = message.message(lang) if isinstance(message, StammtischError) else message
    err_console.print(escape(error_line(text, lang)))
    raise typer.Exit(code=code)


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        fail(StammtischError("cli_bad_lang", lang=lang, available=", ".join(LANGUAGES)), default_lang())
    return lang


def parse_options(
    items: Iterable[str] | None, players: int | None = None, lang: str = "en"
) -> dict[str, Any]:
    """``["k=v", ...]`` to a dict (values are converted by the game's option specs)."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(StammtischError("cli_bad_kv", item=item), lang)
        out[key.strip()] = value.strip()
    if players is not None:
        out["players"] = players
    return out


def need_file(path: Path, lang: str) -> Path:
    """An input file that must exist (a usage error otherwise; a folder is not one)."""
    if path.is_dir():
        fail(StammtischError("file_is_folder", path=str(path)), lang)
    if not path.is_file():
        fail(StammtischError("cli_no_file", path=str(path)), lang)
    return path


def out_path(path: Path | None, lang: str, option: str, suffixes: Sequence[str] = ()) -> Path | None:
    """An output file: its folder must exist and its suffix be one of ``suffixes``; checked
    before any work is done, so that a long run never ends in an error about its output."""
    if path is None:
        return None
    if suffixes and path.suffix.lower() not in suffixes:
        fail(
            StammtischError("cli_bad_suffix", option=option, allowed=" / ".join(suffixes), path=str(path)),
            lang,
        )
    out_folder(path.parent, lang)
    if path.is_dir():
        fail(StammtischError("cli_a_folder", path=str(path)), lang)
    return path


def out_folder(path: Path | None, lang: str) -> Path | None:
    """An output folder that must exist (a file of that name is not one)."""
    if path is not None and not path.is_dir():
        key = "cli_not_a_folder" if path.exists() else "cli_no_folder"
        fail(StammtischError(key, path=str(path)), lang)
    return path


def click_message(exc: click.ClickException, lang: str) -> str:
    """A Click usage error in ``lang`` where we know its kind, else Click's own words."""
    if isinstance(exc, click.exceptions.NoSuchOption):
        return StammtischError("cli_no_such_option", name=exc.option_name).message(lang)
    if isinstance(exc, click.exceptions.MissingParameter) and exc.param is not None:
        names = getattr(exc.param, "opts", None) or [exc.param.name or "?"]
        # An argument as the help names it, in the help's language (DATEI, SPIEL).
        label = exc.param.metavar or getattr(exc.param, "human_readable_name", names[0])
        what = names[0] if names[0].startswith("-") else str(label).upper()
        return StammtischError("cli_missing", what=what).message(lang)
    if isinstance(exc, click.exceptions.BadOptionUsage):
        # Click's words: "Option '-o' requires an argument." / "… does not take a value."
        key = "cli_needs_value" if "requires" in exc.message else "cli_takes_no_value"
        return StammtischError(key, name=exc.option_name).message(lang)
    if isinstance(exc, click.exceptions.BadParameter) and exc.param is not None:
        names = getattr(exc.param, "opts", None) or [exc.param.name or "?"]
        reason = _expected(exc.param, lang) or exc.message
        return StammtischError("cli_bad_value", param=names[0], reason=reason).message(lang)
    text = exc.format_message()
    match = re.match(r"No such command '(.+)'", text)
    if match:
        return StammtischError("cli_no_such_command", name=match.group(1)).message(lang)
    # Click's "Got unexpected extra argument(s) (b)" (\s: the pattern is not player text)
    match = re.match(r"Got\sunexpected\sextra\sargument(?:\(s\)|s)?\s\((.*)\)$", text)
    if match:
        return StammtischError("cli_extra_args", args=match.group(1)).message(lang)
    return StammtischError("cli_usage", message=text).message(lang)


def _expected(param: Any, lang: str) -> str | None:
    """What a number option expects, in the player's words (``a whole number from 1 to
    65535``), instead of the validator's English; None for any other kind of value."""
    descriptor = getattr(param, "type_descriptor", None)
    kind = getattr(descriptor, "annotation", None)
    if kind not in (int, float):
        return None
    what = t("cli.reason.whole" if kind is int else "cli.reason.number", lang)
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is not None and high is not None:
        what = t("cli.reason.between", lang, what=what, min=_num(low), max=_num(high))
    elif low is not None:
        what = t("cli.reason.at_least", lang, what=what, min=_num(low))
    elif high is not None:
        what = t("cli.reason.at_most", lang, what=what, max=_num(high))
    return t("cli.reason.expected", lang, what=what)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def localize_help(group: TyperGroup, lang: str) -> None:
    """Put the help texts of ``--help`` in ``lang``, from the catalogue.

    The program's own help (``cli.help.root``), each command's (``cli.help.<command>``) and
    each parameter's: ``cli.help.<command>.<parameter>``, else ``cli.help.param.<parameter>``
    for one that several commands share (the game, the players, ``-o``, ``--lang``). A
    parameter without a key keeps the help written in the code (the operators' options of
    ``serve``, ``arena``, ``check`` and ``sim``, in English). Typer's panel titles, its
    ``[default: …]`` and the "Usage:" line follow too.
    """
    rich_utils.ARGUMENTS_PANEL_TITLE = t("cli.help.panel.arguments", lang)
    rich_utils.OPTIONS_PANEL_TITLE = t("cli.help.panel.options", lang)
    rich_utils.COMMANDS_PANEL_TITLE = t("cli.help.panel.commands", lang)
    rich_utils.DEFAULT_STRING = t("cli.help.panel.default", lang)
    rich_utils.REQUIRED_LONG_STRING = t("cli.help.panel.required", lang)
    _localize_command(group, "root", lang)
    for name, command in group.commands.items():
        _localize_command(command, name, lang)


def _localize_command(command: click.Command, name: str, lang: str) -> None:
    key = f"cli.help.{name}"
    if has(key, lang):
        command.help = t(key, lang)
        command.short_help = None
    for param in command.params:
        for key in (f"cli.help.{name}.{param.name}", f"cli.help.param.{param.name}"):
            if has(key, lang):
                param.help = t(key, lang)  # type: ignore[attr-defined]
                break
        _name_the_value(param, name, lang)
    help_option = command.get_help_option(click.Context(command))
    if help_option is not None:
        help_option.help = t("cli.help.help_option", lang)
        help_option.metavar = ""  # a switch: nothing to show beside it
    if isinstance(command, LocalUsage):
        command.usage_prefix = t("cli.help.usage", lang) + " "
        command.options_metavar = t("cli.help.options_metavar", lang)
        if isinstance(command, TyperGroup):
            command.subcommand_metavar = t("cli.help.command_metavar", lang)


def _name_the_value(param: click.Parameter, command: str, lang: str) -> None:
    """What the help shows beside an option or argument, in words: ``ZAHL``, ``PFAD``,
    ``NAME=WERT``, ``en|de`` (``cli.metavar.<command>.<param>``, ``cli.metavar.<param>``,
    else by the kind of value), and nothing for a switch. Typer would show Python's type
    names (``<int>``, ``<list[str]>``, ``<bool>``)."""
    if getattr(param, "is_flag", False):
        param.metavar = ""
        return
    annotation = param.type_descriptor.annotation  # type: ignore[attr-defined]
    kind = {int: "number", float: "number", Path: "path"}.get(annotation, "text")
    keys = (f"cli.metavar.{command}.{param.name}", f"cli.metavar.{param.name}", f"cli.metavar.{kind}")
    label = next((t(key, lang) for key in keys if has(key, lang)), None)
    if label is None:
        return
    if isinstance(param, TyperArgument):
        # An argument's column shows its name (the metavar) and then its type: the name says it
        param.metavar = label
        param.display_type_rich = lambda ctx: None  # type: ignore[method-assign]
    else:
        param.metavar = label


class LocalUsage:
    """A command whose "Usage:" line is in the language :func:`localize_help` chose."""

    usage_prefix: str | None = None

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        # A required argument is written plain (``replay DATEI``), as usage lines do; Typer
        # wraps it in braces (``{DATEI}``), which reads as a literal to type.
        pieces = [re.sub(r"^\{(.+)\}(\.\.\.)?$", r"\1\2", piece) for piece in pieces]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=self.usage_prefix)


class Command(LocalUsage, TyperCommand):
    """Every ``stammtisch`` command (``@app.command(cls=Command)``)."""


class Group(LocalUsage, TyperGroup):
    """The command group: commands listed in alphabetical order, and every way out of a
    command (bad usage, Ctrl-C, EOF at a prompt) as one line in the chosen language."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(super().list_commands(ctx))

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        lang = lang_from_args(argv)
        localize_help(self, lang)
        code: Any = 0
        try:
            code = super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError:
            code = 0  # ``stammtisch`` alone: the help was shown, which is what was asked
        except typer.Abort:
            err_console.print(escape(StammtischError("cli_aborted").message(lang)))
            code = FAILURE
        except click.ClickException as exc:
            err_console.print(escape(error_line(click_message(exc, lang), lang)))
            code = exc.exit_code
        except KeyboardInterrupt:
            code = INTERRUPTED
        if code == INTERRUPTED:
            err_console.print(escape(StammtischError("cli_interrupted").message(lang)))
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def progress_bar(label: str, console: Console) -> Progress:
    """The bar of a long run (``sim``, ``arena``): the label, done of total, time left."""
    return Progress(
        TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=console
    )
