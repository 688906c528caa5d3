"""Argument parsing and dispatch.

Each command module exposes ``register(subparsers, common)``: it adds its
subcommands, each with ``common`` as a parent (``--db``, ``--json``) and a
``run(args) -> int`` default. Errors are :class:`CkptError`: one line on
stderr, exit 1. Usage errors exit 2 (argparse).

Help conventions: every argument has a help line; placeholders are upper
case and name what they are (SESSION, SNAPSHOT, PROJECT, FIELDS, KIND,
PATH, DIR), which is also how shell completion (``cli/completion.py``)
knows what to offer for them.
"""

from __future__ import annotations

import argparse
import os
import sys

from ckpt_tui import __version__
from ckpt_tui.errors import CkptError

COMMAND_MODULES = (
    "ckpt_tui.cli.store_cmds",
    "ckpt_tui.cli.legacy_cmds",
    "ckpt_tui.cli.opencode_cmds",
    "ckpt_tui.cli.ecosystem_cmds",
    "ckpt_tui.cli.resume_cmds",
    "ckpt_tui.cli.views_cmds",
    "ckpt_tui.cli.search_cmd",
    "ckpt_tui.cli.archive_cmds",
    "ckpt_tui.cli.watch_cmds",
    "ckpt_tui.cli.report_cmds",
)


def common_parser(*, top: bool = False) -> argparse.ArgumentParser:
    """``--db`` and ``--json``, accepted before and after the subcommand.

    On subcommands their default is SUPPRESS, so ``ckpt-tui --db X list
    projects`` keeps the X given before the subcommand.
    """
    common = CkptParser(add_help=False)  # a parent: only its arguments are used
    default_db = None if top else argparse.SUPPRESS
    default_flag = False if top else argparse.SUPPRESS
    common.add_argument(
        "--db",
        metavar="PATH",
        default=default_db,
        help="the checkpoint store (default: $CKPT_DB, else the plugin's store in "
        "opencode's data dir)",
    )
    common.add_argument(
        "--json", action="store_true", default=default_flag, help="machine-readable output"
    )
    common.add_argument(
        "--debug",
        action="store_true",
        default=default_flag,
        help="log store calls, timings, conflicts and errors to a file in the state dir "
        "(or to $CKPT_TUI_LOG)",
    )
    return common


#: Every subcommand's first word, in the order of ``ckpt-tui --help``: the
#: command module (``ckpt_tui.cli.<module>``) that registers it, and its help
#: line. Without one of these (or -h) on the command line the app is opening,
#: and the command modules are not imported at all: start-up is measured
#: against a bare Textual app. With one, only its module is imported and
#: registered; a top-level ``--help`` lists the commands from here without
#: importing any (a command's start-up is measured against a plain
#: ``sqlite3`` script, ``--help``'s against ``python -c pass``).
#: ``tests/test_cli_store.py`` checks this against what the modules register.
COMMANDS = {
    "list": ("store_cmds", "list projects, sessions or snapshots"),
    "show": ("store_cmds", "show the current checkpoint or a snapshot"),
    "diff": ("store_cmds", "diff snapshot A against B (default: the current checkpoint)"),
    "restore": ("store_cmds", "restore a snapshot, whole or some fields"),
    "copy": (
        "store_cmds",
        "copy a snapshot or checkpoint of one session into another's checkpoint",
    ),
    "undo": ("store_cmds", "undo the last restore, undo's redo, adoption or snapshot"),
    "redo": ("store_cmds", "redo what undo took back"),
    "snapshot": ("store_cmds", "save the current checkpoint as a named manual snapshot"),
    "migrate": ("store_cmds", "migrate the store to the current schema, after a backup copy"),
    "doctor": ("store_cmds", "check the store: schema, integrity, keys, damaged payloads"),
    "demo": ("store_cmds", "write a demo store"),
    "legacy": ("legacy_cmds", "find, import and take back legacy checkpoint.json state"),
    "adopt": (
        "legacy_cmds",
        "copy a project's legacy checkpoint (or one legacy snapshot) into a live session",
    ),
    "handoff": (
        "legacy_cmds",
        "write a Markdown hand-off note of a session's checkpoint (or a snapshot)",
    ),
    "conversation": ("opencode_cmds", "show an opencode session's conversation (read only)"),
    "completion": (
        "ecosystem_cmds",
        "print a shell completion script (see the README to install it)",
    ),
    "config": ("ecosystem_cmds", "where ckpt-tui keeps its files, and the settings in force"),
    "resume": ("resume_cmds", "resume a session in opencode, in its project directory"),
    "history": ("views_cmds", "where each line or item of a field came from (blame)"),
    "board": ("views_cmds", "every session in flight, across projects"),
    "search": (
        "search_cmd",
        'search every snapshot and current checkpoint (words, "phrases", prefix*, -word)',
    ),
    "archive": (
        "archive_cmds",
        "the team archive on PostgreSQL: push this store into it, read every machine's",
    ),
    "watch": ("watch_cmds", "follow saves as they land (one session, a project, or every session)"),
    "report": ("report_cmds", "a Markdown or HTML report of a session: state, timeline, changes"),
}
COMMAND_MODULE = {word: f"ckpt_tui.cli.{module}" for word, (module, _) in COMMANDS.items()}
COMMAND_WORDS = frozenset(COMMAND_MODULE)

#: The hidden command the completion scripts call for session ids; handled
#: before any parser is built, so a TAB costs one small query.
COMPLETE_WORD = "__complete"


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, which argparse asks for each
    formatter it makes (one per argument added), without importing
    ``shutil`` (and ``bz2``, ``lzma``...: about 2 ms of every command):
    ``$COLUMNS`` if a positive number, else the width of the terminal on
    stdout, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


class _Formatter(argparse.HelpFormatter):
    """Wraps help text between words only: never inside a long word, a
    path or a hyphenated word."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        width = _terminal_columns() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        text = self._whitespace_matcher.sub(" ", text).strip()
        return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in self._split_lines(text, width - len(indent)))


class CkptParser(argparse.ArgumentParser):
    """Every parser of ours, sub-commands' too (``add_subparsers`` passes the
    class on), uses :class:`_Formatter`."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


class _OnlyWords:
    """The ``COMMAND`` sub-parsers action as a command module sees it in a
    light parse: the commands named on the line are added; any other is
    built into :class:`_Unused` and dropped (a module registers all of its
    commands; ``list projects`` needs none of ``restore``'s arguments)."""

    def __init__(self, sub: argparse._SubParsersAction, words: frozenset[str]) -> None:
        self._sub = sub
        self._words = words

    def add_parser(self, name: str, **kwargs):
        if name in self._words:
            return self._sub.add_parser(name, **kwargs)
        return _Unused()


class _Unused:
    """A parser, argument or group of a command not named on the line:
    takes every call and attribute and keeps nothing."""

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: _Unused()


class _Listed:
    """A command in the top-level help, which prints its name and help line
    and exits: no parser is made for it (21 parsers are about 2 ms of
    ``--help``)."""

    def __init__(self, **kwargs) -> None:
        pass


class _NotTheApp(Exception):
    """A light parser (the app's options only, or only the commands named on
    the line) met something it does not know: a mistyped command, say. The full parser answers instead, so the
    error lists the real commands."""


class _LightParser(CkptParser):
    def error(self, message: str):
        raise _NotTheApp(message)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser; with ``argv`` given and naming no command, only the
    options of the app itself; naming commands (and no top-level help before
    them), only those commands (:class:`_OnlyWords`), from the modules that
    register those words."""
    import importlib

    modules = _modules_for(argv)
    help_only = modules == _TOP_HELP
    light = argv is not None and modules != COMMAND_MODULES
    parser = (_LightParser if light else CkptParser)(
        prog="ckpt-tui",
        description="Browse, diff and restore checkpoint-orchestrator checkpoints.",
        parents=[common_parser(top=True)],
    )
    parser.add_argument(
        "--version", action="version", version=f"ckpt-tui {__version__}", help="print the version"
    )
    parser.add_argument("--read-only", action="store_true", help="open the app without writes")
    parser.add_argument(
        "--opencode-data",
        metavar="DIR",
        help="opencode's data dir (default: $CKPT_OPENCODE_DATA, else "
        "$XDG_DATA_HOME/opencode or ~/.local/share/opencode)",
    )
    parser.add_argument(
        "--theme", metavar="NAME", help="a Textual theme for this run (e.g. textual-light)"
    )
    sub = parser.add_subparsers(
        dest="command",
        metavar="COMMAND",
        title="commands (ckpt-tui COMMAND --help for more)",
        parser_class=_Listed if help_only else CkptParser,
    )
    if help_only:  # the commands' names and help lines, not their parsers
        for word, (_, help_text) in COMMANDS.items():
            sub.add_parser(word, help=help_text)
        return parser
    common = common_parser()
    target = _OnlyWords(sub, frozenset(argv)) if light else sub
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.register(target, common)
    return parser


#: ``_modules_for``'s answer for a top-level ``-h``: no module, the
#: commands listed from ``COMMANDS``.
_TOP_HELP = ("--help",)


def _modules_for(argv: list[str] | None) -> tuple[str, ...]:
    """The command modules a parse of ``argv`` needs: all of them for the
    full parser (``argv`` None), ``_TOP_HELP`` for a top-level ``-h``
    before any command word, none for the app's own options, else those
    registering the command words on the line. A light parser that meets something it does
    not know hands over to the full one (``_NotTheApp``)."""
    if argv is None:
        return COMMAND_MODULES
    for arg in argv:
        if arg in ("-h", "--help"):
            return _TOP_HELP
        if arg in COMMAND_MODULE:
            # The first command word names the module; words after it are
            # its arguments (``search undo`` searches for "undo"). A first
            # word that was an option's value fails the light parse, and the
            # full parser answers.
            return (COMMAND_MODULE[arg],)
    return ()


def _parse(argv: list[str]) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    parser = build_parser(argv)
    try:
        return parser, parser.parse_args(argv)
    except _NotTheApp:
        parser = build_parser()
        return parser, parser.parse_args(argv)


def _warn_config() -> None:
    """What the config file asked for and was ignored: one line each on
    stderr (``config show`` says it itself; the app says it in notifications).
    Without a config file there is nothing to say, and the settings module
    is not imported."""
    from ckpt_tui import paths

    try:
        paths.config_file().stat()
    except FileNotFoundError:
        return
    except OSError:
        pass  # load() says what is wrong with it
    from ckpt_tui.core.config import load

    try:
        problems = load().problems
    except CkptError:
        return  # a command that needs the config says so itself
    for line in problems:
        print(f"ckpt-tui: config: {line}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [COMPLETE_WORD]:
        from ckpt_tui.cli.completion import complete_main

        return complete_main(argv[1:])
    parser, args = _parse(argv)
    if getattr(args, "debug", False) or os.environ.get("CKPT_TUI_LOG"):
        from ckpt_tui import debuglog

        debuglog.enable()
    try:
        if args.command is None:
            if args.json:
                # the base class's error: this one is a usage error, not a
                # reason to try the full parser
                argparse.ArgumentParser.error(parser, "--json needs a subcommand")
            from ckpt_tui.ui.launch import run_app

            return run_app(args)
        if args.command not in ("completion", "config"):
            _warn_config()
        return int(args.run(args) or 0)
    except CkptError as exc:
        from ckpt_tui.core.text import printable

        print(f"ckpt-tui: {printable(str(exc), 4000)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - one line, never a traceback
        if os.environ.get("CKPT_TUI_DEBUG"):
            raise
        from ckpt_tui.core.text import printable

        print(
            f"ckpt-tui: unexpected error: {type(exc).__name__}: {printable(str(exc), 4000)}",
            file=sys.stderr,
        )
        return 1
