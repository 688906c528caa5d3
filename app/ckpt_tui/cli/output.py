"""Printing for the command line: plain text for people, stable JSON for scripts."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from ckpt_tui.core.jsjson import escape_surrogates
from ckpt_tui.core.text import printable


def emit_json(data: Any) -> None:
    """A lone surrogate (store JSON may carry ``"\\ud800"``) is written back
    as that escape: UTF-8 cannot hold it, and the output stays valid JSON."""
    text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False)
    if not text.isascii():
        text = escape_surrogates(text)
    sys.stdout.write(text)
    sys.stdout.write("\n")


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """A left-aligned text table; every cell made printable first."""
    cells = [[printable(str(c), 80) for c in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    line = "  ".join(h.ljust(widths[i]) for i, h in enumerate(headers)).rstrip()
    print(line)
    for row in cells:
        print("  ".join(c.ljust(widths[i]) for i, c in enumerate(row)).rstrip())


def say(text: str) -> None:
    print(printable(text, 100_000, keep_newlines=True))
