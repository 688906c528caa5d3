"""The ``ckpt-tui`` executable.

A shell's TAB runs ``ckpt-tui __complete ...`` (see
:mod:`ckpt_tui.cli.completion`): it is answered here, before argparse, the
parser and the command modules are imported, so a TAB costs an interpreter
and one small query. Everything else is :func:`ckpt_tui.cli.main.main`.
"""

from __future__ import annotations

import sys

#: The hidden command the completion scripts call for ids from the store.
COMPLETE_WORD = "__complete"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [COMPLETE_WORD]:
        from ckpt_tui.cli.complete_ids import complete_main

        return complete_main(argv[1:])
    from ckpt_tui.cli.main import main as run

    return run(argv)
