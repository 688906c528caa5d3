"""Argument parsing and dispatch.

Each command module exposes ``register(subparsers, common)``: it adds its
subcommands, each with ``common`` as a parent (``--db``, ``--json``) and a
``run(args) -> int`` default. Errors are :class:`CkptError`: one line on
stderr, exit 1. Usage errors exit 2 (argparse).
"""

from __future__ import annotations

import argparse
import os
import sys

from ckpt_tui import __version__
from ckpt_tui.core.text import printable
from ckpt_tui.errors import CkptError

COMMAND_MODULES = (
    "ckpt_tui.cli.store_cmds",
    "ckpt_tui.cli.legacy_cmds",
    "ckpt_tui.cli.opencode_cmds",
    "ckpt_tui.cli.resume_cmds",
)


def common_parser(*, top: bool = False) -> argparse.ArgumentParser:
    """``--db`` and ``--json``, accepted before and after the subcommand.

    On subcommands their default is SUPPRESS, so ``ckpt-tui --db X list
    projects`` keeps the X given before the subcommand.
    """
    common = argparse.ArgumentParser(add_help=False)
    default_db = None if top else argparse.SUPPRESS
    default_json = False if top else argparse.SUPPRESS
    common.add_argument(
        "--db",
        metavar="PATH",
        default=default_db,
        help="checkpoint store (default: SPEC 1, $CKPT_DB)",
    )
    common.add_argument(
        "--json", action="store_true", default=default_json, help="machine-readable output"
    )
    return common


#: Every subcommand's first word. Without one of these (or -h) on the command
#: line the app is opening, and the command modules are not imported at all:
#: start-up is measured against a bare Textual app. ``tests/test_cli_store.py``
#: checks this list against what the modules register.
COMMAND_WORDS = frozenset(
    {
        "list",
        "show",
        "diff",
        "restore",
        "undo",
        "redo",
        "snapshot",
        "migrate",
        "doctor",
        "demo",
        "legacy",
        "adopt",
        "handoff",
        "conversation",
        "resume",
    }
)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser; with ``argv`` given and naming no command, only the
    options of the app itself."""
    import importlib

    common = common_parser()
    parser = argparse.ArgumentParser(
        prog="ckpt-tui",
        description="Browse, diff and restore checkpoint-orchestrator checkpoints.",
        parents=[common_parser(top=True)],
    )
    parser.add_argument("--version", action="version", version=f"ckpt-tui {__version__}")
    parser.add_argument("--read-only", action="store_true", help="open the app without writes")
    parser.add_argument("--opencode-data", metavar="DIR", help="opencode's data dir")
    parser.add_argument(
        "--theme", metavar="NAME", help="a Textual theme for this run (e.g. textual-light)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    words = set(argv or ()) & (COMMAND_WORDS | {"-h", "--help"})
    if argv is not None and not words:
        return parser
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.register(sub, common)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            if args.json:
                parser.error("--json needs a subcommand")
            from ckpt_tui.ui.launch import run_app

            return run_app(args)
        return int(args.run(args) or 0)
    except CkptError as exc:
        print(f"ckpt-tui: {printable(str(exc), 4000)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - one line, never a traceback
        if os.environ.get("CKPT_TUI_DEBUG"):
            raise
        print(
            f"ckpt-tui: unexpected error: {type(exc).__name__}: {printable(str(exc), 4000)}",
            file=sys.stderr,
        )
        return 1
