"""Argument parsing and dispatch.

Each command module exposes ``register(subparsers, common)``: it adds its
subcommands, each with ``common`` as a parent (``--db``, ``--json``,
``--color``, ``--no-pager``, ``--debug``) and a ``run(args) -> int``
default; a command whose text output is long sets ``paged=True`` too.
Failures are :class:`CkptError`: one line on stderr (a JSON object with
``--json``) and the exit status of its kind (:mod:`ckpt_tui.cli.exits`);
a bad command line is a usage error (2) that suggests the nearest word.

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
        "--color",
        choices=("auto", "always", "never"),
        default="auto" if top else argparse.SUPPRESS,
        help="colour text output: auto (a terminal, unless $NO_COLOR is set), always, never",
    )
    common.add_argument(
        "--no-pager",
        action="store_true",
        default=default_flag,
        help="print long output (diff, show, history, conversation) without $PAGER",
    )
    common.add_argument(
        "--debug",
        action="store_true",
        default=default_flag,
        help="log store calls, timings, conflicts and errors to a file in the state dir "
        "(or to $CKPT_TUI_LOG); its path is printed on stderr",
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
        """Each paragraph (a line of ``text``) wrapped on its own, at its own indent."""
        out = []
        for paragraph in text.split("\n"):
            own = indent + paragraph[: len(paragraph) - len(paragraph.lstrip())]
            lines = self._split_lines(paragraph, width - len(own)) or [""]
            out += [(own if i == 0 else own + "  ") + line for i, line in enumerate(lines)]
        return "\n".join(line.rstrip() for line in out)


class CkptParser(argparse.ArgumentParser):
    """Every parser of ours, sub-commands' too (``add_subparsers`` passes the
    class on), uses :class:`_Formatter`, and fails with a
    :class:`~ckpt_tui.cli.exits.UsageError` that suggests the nearest word
    (``lst``: did you mean 'list'?) instead of exiting."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        from ckpt_tui.cli.exits import UsageError

        raise UsageError(_suggested(message), self.format_usage(), self.prog)


def _suggested(message: str) -> str:
    """argparse's ``invalid choice: 'lst' (choose from ...)`` with the nearest
    choice; an unknown option with the nearest option of the parser."""
    import re

    from ckpt_tui.core.config import closest

    found = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
    if not found:
        return message
    choices = [c.strip().strip("'\"") for c in found.group(2).split(",")]
    hint = closest(found.group(1), choices).strip(" ()")
    if not hint:
        return message
    return f"{message[: found.start()]}invalid choice: {found.group(1)!r}; {hint} (choose from {found.group(2)})"


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
        usage=USAGE,
        description="Browse, diff and restore checkpoint-orchestrator checkpoints. "
        "Without a COMMAND, opens the app (it needs a terminal).",
        epilog=f"{EXIT_HELP}\n\n{ENVIRONMENT_HELP}",
        parents=[common_parser(top=True)],
    )
    parser.add_argument(
        "--version", action="version", version=f"ckpt-tui {__version__}", help="print the version"
    )
    parser.add_argument("--read-only", action="store_true", help="open the app without writes")
    parser.add_argument(
        "--archive",
        nargs="?",
        const="",
        metavar="URL",
        help="open the app on the team archive, read-only (URL default: $CKPT_ARCHIVE_URL, "
        "else archive.url of the config); with --db too, r copies an archived snapshot "
        "into that store's session of the same id",
    )
    parser.add_argument(
        "--opencode-data",
        metavar="DIR",
        help="opencode's data dir (default: $CKPT_OPENCODE_DATA, else "
        "$XDG_DATA_HOME/opencode or ~/.local/share/opencode)",
    )
    theme = parser.add_argument(
        "--theme", metavar="NAME", help="a Textual theme for this run (e.g. textual-light)"
    )
    theme.complete = "themes"  # Textual's theme names, in the completion scripts
    sub = parser.add_subparsers(
        dest="command",
        metavar="COMMAND",
        prog="ckpt-tui",  # not the usage text above
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


#: ``ckpt-tui --help``'s usage: a bare ``ckpt-tui`` opens the app.
USAGE = (
    "ckpt-tui [OPTIONS]                  open the app\n"
    "       ckpt-tui [OPTIONS] COMMAND [ARGS]   run one command (ckpt-tui COMMAND --help)"
)

#: ``ckpt-tui --help``'s word on exit statuses (``cli/exits.py`` makes them).
EXIT_HELP = """exit status:
  0 ok; 1 error; 2 usage: a bad command, option or argument
  3 conflict: the checkpoint changed (--if-unchanged)
  4 not found: no such session, snapshot or project
  75 busy: the store stayed locked by another writer; try again
  with --json a failure is one line on stderr:
    {"error": {"code": "not_found", "exit": 4, "message": "..."}}"""

#: Every environment variable ckpt-tui reads (``tests/test_cli_main.py``
#: checks the code reads no other).
ENVIRONMENT = {
    "CKPT_DB": "the checkpoint store (like --db)",
    "CKPT_OPENCODE_DATA": "opencode's data dir (like --opencode-data)",
    "XDG_DATA_HOME": "where opencode's data dir is by default ($XDG_DATA_HOME/opencode)",
    "OPENCODE_DB": "opencode's database, as opencode itself reads it",
    "CKPT_TUI_CONFIG": "ckpt-tui's config file (default: the platform's config dir)",
    "CKPT_TUI_STATE": "ckpt-tui's state dir: the undo journal, the search index",
    "CKPT_TUI_CACHE": "ckpt-tui's cache dir: what can be rebuilt (the demo store)",
    "CKPT_TUI_LOG": "write the debug log to this file (turns the log on)",
    "CKPT_TUI_DEBUG": "let an unexpected error end with its Python traceback",
    "CKPT_TUI_TEXTUAL_COMPAT": "off: none of Textual's private names used (a worker's error ends the app)",
    "CKPT_ARCHIVE_URL": "the team archive's PostgreSQL URL (like --archive; libpq's PG* too)",
    "NO_COLOR": "no colour with --color=auto",
    "TERM": "dumb: no colour with --color=auto",
    "PAGER": "the pager of long output (default: less -FRX; empty or cat: none)",
    "COLUMNS": "the width help text is wrapped to",
}
ENVIRONMENT_HELP = "environment:\n" + "\n".join(
    f"  {name}: {what}" for name, what in ENVIRONMENT.items()
)


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


def has_terminal() -> bool:
    """Whether the app can run here: stdin and stdout are a terminal."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _escaping_streams() -> None:
    """stdout and stderr write what their encoding cannot hold as an
    escape (``\\u2192`` under ISO-8859-1) instead of ending the command
    with ``UnicodeEncodeError``."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream.errors == "strict":
                stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):
            pass


#: The arguments that hold ids (paths and free text may be any bytes).
_ID_ARGUMENTS = ("session", "snapshot", "project", "target", "source", "a", "b", "import_id")


def _check_ids(args: argparse.Namespace) -> None:
    """An id that is not valid UTF-8 (the shell passed bytes Python kept as
    surrogates) is malformed: it names nothing in the store."""
    from ckpt_tui.errors import InvalidId

    for name in _ID_ARGUMENTS:
        value = getattr(args, name, None)
        if isinstance(value, str) and not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                shown = value.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace")
                raise InvalidId(f"malformed id (not UTF-8): {shown[:80]!r}") from None


#: The commands whose SNAPSHOT (and diff's A and B) name one of SESSION's snapshots.
_NAMES_A_SNAPSHOT = ("show", "diff", "restore", "history", "handoff")


def _escaped_names(args: argparse.Namespace) -> None:
    """A snapshot named as the command line prints it (``evil\\x1b[31m``:
    its control characters escaped) stands for that snapshot, by id: the
    name itself cannot be typed. Only looked up when a name holds a ``\\``
    that no snapshot's name has as it is."""
    if args.command not in _NAMES_A_SNAPSHOT or not isinstance(getattr(args, "session", None), str):
        return
    given = {
        name: value
        for name in ("snapshot", "a", "b")
        if isinstance(value := getattr(args, name, None), str) and "\\" in value
    }
    if not given:
        return
    from ckpt_tui.core.reads import open_reader
    from ckpt_tui.core.text import visible

    try:
        rows = open_reader(args.db).all_snapshots(args.session).rows
    except CkptError:
        return  # the command itself says what is wrong
    for name, value in given.items():
        if any(row.name == value for row in rows):
            continue
        shown = [row for row in rows if visible(row.name) == value]
        if len(shown) == 1:
            setattr(args, name, shown[0].id)


def _suggest(args: argparse.Namespace, message: str) -> str:
    """An unknown session (or snapshot of a known one) with the nearest ids
    the store has: ``; did you mean 'ses_abc'?``."""
    from ckpt_tui.core.config import nearest
    from ckpt_tui.core.ids import candidates

    db = getattr(args, "db", None)
    session = getattr(args, "session", None)
    if not isinstance(session, str) or args.command == "conversation":  # opencode's ids
        return message
    sessions = candidates("sessions", db)
    if session not in sessions:
        found = _near(session, sessions) or nearest(session, sessions)
        return f"{message}; did you mean {found!r}?" if found else message
    snapshot = getattr(args, "snapshot", None) or getattr(args, "a", None)
    if isinstance(snapshot, str):
        names = candidates("snapshots", db, session)
        if snapshot not in names:
            found = _near(snapshot, names) or nearest(snapshot, names)
            return f"{message}; did you mean {found!r}?" if found else message
    return message


def _near(text: str, known: list[str]) -> str | None:
    """The one id that starts with ``text`` (an id typed in part)."""
    starting = [k for k in known if k.startswith(text)]
    return starting[0] if len(starting) == 1 else None


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
    if argv[:1] == ["__complete"]:  # as the executable does (cli/entry.py)
        from ckpt_tui.cli.complete_ids import complete_main

        return complete_main(argv[1:])
    _escaping_streams()
    as_json = "--json" in argv[: argv.index("--")] if "--" in argv else "--json" in argv
    args: argparse.Namespace | None = None
    pager = None
    try:
        parser, args = _parse(argv)
        as_json = bool(getattr(args, "json", as_json))
        if getattr(args, "debug", False) or os.environ.get("CKPT_TUI_LOG"):
            from ckpt_tui import debuglog

            path = debuglog.enable()
            if getattr(args, "debug", False):
                print(f"ckpt-tui: debug log: {path}", file=sys.stderr)
        if args.command is None:
            return _open_app(parser, args)
        _check_ids(args)
        _escaped_names(args)
        from ckpt_tui.cli import output

        output.settings.colour = not args.json and output.colour_wanted(args.color)
        output.settings.now = None  # ages are counted from this command's start
        if args.command not in ("completion", "config"):
            _warn_config()
        if getattr(args, "paged", False) and not args.json:
            pager = output.start_pager(args.no_pager)
        return int(args.run(args) or 0)
    except CkptError as exc:
        from ckpt_tui.cli.exits import fail
        from ckpt_tui.core.text import printable
        from ckpt_tui.errors import NotFound

        message = printable(str(exc), 4000)
        if isinstance(exc, NotFound) and args is not None:
            message = printable(_suggest(args, str(exc)), 4000)
        return fail(exc, message, as_json=as_json)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except Exception as exc:  # noqa: BLE001 - one line, never a traceback
        if os.environ.get("CKPT_TUI_DEBUG"):
            raise
        from ckpt_tui.cli.exits import fail
        from ckpt_tui.core.text import printable

        message = f"unexpected error: {type(exc).__name__}: {printable(str(exc), 4000)}"
        return fail(exc, message, as_json=as_json)
    finally:
        if pager is not None:
            pager.close()


def _open_app(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The app, when it can run: not with ``--json``, and not without a
    terminal (Textual would wait on a stdin that never answers)."""
    from ckpt_tui.cli.exits import UsageError

    if args.json:
        raise UsageError("--json needs a COMMAND", parser.format_usage())
    if not has_terminal():
        raise UsageError(
            "the app needs a terminal (stdin and stdout); from a script, run a COMMAND "
            "(ckpt-tui --help lists them, e.g. ckpt-tui list sessions)"
        )
    from ckpt_tui.ui.launch import run_app

    return run_app(args)


def _quiet_stdout() -> None:
    """After the reader of stdout went away (``| head``): nothing more is
    written there, not even the interpreter's flush at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):
        pass
