"""Printing for the command line: plain text for people, stable JSON for scripts."""

from __future__ import annotations

import sys

from ckpt_tui.core.text import printable

#: ``typing.TYPE_CHECKING`` without importing ``typing`` (2.5 ms of a command
#: that needs nothing else of it); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any


def emit_json(data: Any) -> None:
    """A lone surrogate (store JSON may carry ``"\\ud800"``) is written back
    as that escape: UTF-8 cannot hold it, and the output stays valid JSON."""
    import json  # not imported by the text output of a list (about 1 ms)

    from ckpt_tui.core.jsjson import escape_surrogates

    text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False)
    if not text.isascii():
        text = escape_surrogates(text)
    sys.stdout.write(text)
    sys.stdout.write("\n")


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """A left-aligned text table; every cell made printable first. Written
    in one piece: a ``print`` per row costs 10,000 rows about 10 ms."""
    cells = [[printable(str(c), 80) for c in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    lines = ["  ".join(h.ljust(widths[i]) for i, h in enumerate(headers)).rstrip()]
    lines += ["  ".join(c.ljust(widths[i]) for i, c in enumerate(row)).rstrip() for row in cells]
    lines.append("")
    sys.stdout.write("\n".join(lines))


def say(text: str) -> None:
    print(printable(text, 100_000, keep_newlines=True))
