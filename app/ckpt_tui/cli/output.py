"""Printing for the command line: text for people, stable JSON for programs.

Text for people follows git: on a terminal, colour (``--color=auto``, the
default; ``always``/``never``; ``NO_COLOR`` turns auto off) and, for the
long outputs (``diff``, ``show``, ``history``, ``conversation``), a pager
(``$PAGER``, default ``less -FRX``; ``--no-pager``); piped, plain text and
no pager. Times are local, with their age. Columns are measured in
terminal cells, so wide characters line up.

JSON is the store's values as they are (raw status values and field keys,
UTC times), with every character that could act on a terminal written as a
``\\u`` escape, which is still the same JSON string.
"""

from __future__ import annotations

import os
import sys
import time

from ckpt_tui.core.text import printable

#: ``typing.TYPE_CHECKING`` without importing ``typing`` (2.5 ms of a command
#: that needs nothing else of it); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any

#: ANSI SGR parameters of the styles text output uses.
STYLES = {
    "bold": "1",
    "dim": "2",
    "added": "32",
    "removed": "31",
    "hunk": "36",
    "moved": "33",
    "in_progress": "33",
    "blocked": "31",
    "done": "32",
    "abandoned": "2",
}

#: The pager when ``$PAGER`` is not set: quit if one screen, keep colours,
#: leave the text on the screen (git's choice).
DEFAULT_PAGER = "less -FRX"


class _Settings:
    colour = False
    #: "now" for the ages of one command's output (read at its first age)
    now = None


settings = _Settings()


def colour_wanted(choice: str, stream=None) -> bool:
    """``--color``: ``always``, ``never``, or ``auto``: a terminal, ``NO_COLOR``
    unset or empty (no-color.org), and ``TERM`` not ``dumb``."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    stream = sys.stdout if stream is None else stream
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def paint(text: str, style: str | None) -> str:
    """``text`` in ``style`` (a key of :data:`STYLES`) when colour is on."""
    if not settings.colour or not style or style not in STYLES or not text:
        return text
    return f"\x1b[{STYLES[style]}m{text}\x1b[0m"


def paint_status(value: str) -> str:
    """A status as a person reads it, in its colour."""
    from ckpt_tui.fields import status_label

    return paint(status_label(value), value)


# -- the pager ---------------------------------------------------------------


class Pager:
    """``$PAGER`` (``less -FRX`` when unset) reading what the command prints:
    ``sys.stdout`` is the pager's input until :meth:`close`. A pager quit
    early (``q`` in ``less``) ends the output quietly."""

    def __init__(self, command: str) -> None:
        import subprocess

        env = dict(os.environ)
        env.setdefault("LESS", "FRX")  # a bare PAGER=less still keeps the colours
        env.setdefault("LV", "-c")
        self._stdout = sys.stdout
        self._process = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, env=env)
        import io

        sys.stdout = io.TextIOWrapper(
            self._process.stdin,  # type: ignore[arg-type]
            encoding=getattr(self._stdout, "encoding", None) or "utf-8",
            errors="backslashreplace",
            line_buffering=False,
        )

    def close(self) -> None:
        stream, sys.stdout = sys.stdout, self._stdout
        try:
            stream.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        while True:
            try:
                self._process.wait()
                return
            except KeyboardInterrupt:  # ctrl+c in less: wait for it to end
                continue


def start_pager(no_pager: bool) -> Pager | None:
    """A pager for this output, or ``None``: not a terminal, ``--no-pager``,
    or ``$PAGER`` empty or ``cat``."""
    if no_pager:
        return None
    try:
        if not sys.stdout.isatty():  # as git: the pager reads its keys from the terminal
            return None
    except (AttributeError, ValueError):
        return None
    command = os.environ.get("PAGER", DEFAULT_PAGER).strip()
    if not command or command == "cat":
        return None
    try:
        return Pager(command)
    except OSError:
        return None


# -- JSON ----------------------------------------------------------------------


def _json_unsafe():
    """DEL, the C1 controls and the invisible or reordering characters of
    :mod:`ckpt_tui.core.text` (the C0 controls JSON escapes itself)."""
    import re

    from ckpt_tui.core.text import INVISIBLE

    return re.compile(f"[\\x7f-\\x9f{INVISIBLE}]")


def json_text(data: Any, *, indent: int | None = 2) -> str:
    """``data`` as JSON: a lone surrogate (store JSON may carry
    ``"\\ud800"``) written back as that escape, and every character that
    could act on a terminal (U+009B, U+202E, U+007F...) as ``\\uXXXX``."""
    import json  # not imported by the text output of a list (about 1 ms)

    from ckpt_tui.core.jsjson import escape_surrogates

    text = json.dumps(data, ensure_ascii=False, indent=indent, sort_keys=False)
    if not text.isascii():
        text = escape_surrogates(text)
        text = _json_unsafe().sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def emit_json(data: Any) -> None:
    sys.stdout.write(json_text(data))
    sys.stdout.write("\n")


# -- text -------------------------------------------------------------------------


def cells(text: str) -> int:
    """Columns ``text`` takes on a terminal: two for a wide character (CJK,
    most emoji), none for a combining mark or a zero-width one, as
    ``rich.cells.cell_len`` counts them (``tests/test_cli_output.py``
    compares), without importing rich (20-30 ms of a command)."""
    if text.isascii():
        return len(text)
    import unicodedata

    width = last = 0
    joined = False
    for ch in text:
        code = ord(ch)
        if code == 0xFE0F:  # emoji presentation: the character before is wide
            width += 2 - last if last == 1 else 0
            last = 2 if last else 0
        elif 0x1F3FB <= code <= 0x1F3FF and last:  # a skin tone joins the emoji before
            pass
        elif unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            joined = code == 0x200D  # a zero-width joiner: the next one is part of this
        elif joined:
            joined = False
        else:
            last = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
            width += last
    return width


def when(value: object) -> str:
    """A stored time as a person reads it: local, to the minute, with its
    age (``2026-03-02 10:02 (3d ago)``); ``-`` when there is none. A few
    microseconds a row: a list of 50,000 sessions prints them all."""
    from ckpt_tui import timeutil

    if value is None or value == "":
        return "-"
    moment = timeutil.parse(value)
    if moment is None:
        return printable(str(value), 40)
    epoch = moment.timestamp()
    local = time.strftime("%Y-%m-%d %H:%M", time.localtime(epoch))
    return f"{local} ({timeutil.relative(value, _now())})"


def _now():
    """The reference of every age in one output (the clock read once)."""
    if settings.now is None:
        from ckpt_tui import timeutil

        settings.now = timeutil.now()
    return settings.now


def table(
    headers: Sequence[str],
    rows: Iterable[Sequence[Any]],
    styles: dict[int, Callable[[str], str | None]] | None = None,
) -> None:
    """A left-aligned text table; every cell made printable first and
    measured in terminal cells. ``styles``: column -> the style of a cell
    (painted after the padding is measured). Written in one piece: a
    ``print`` per row costs 10,000 rows about 10 ms."""
    cells_of = [[printable(str(c), 80) for c in row] for row in rows]
    widths = [cells(h) for h in headers]
    for row in cells_of:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], cells(cell))
    styles = styles if settings.colour and styles else {}

    def line(row: Sequence[str], head: bool = False) -> str:
        out = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - cells(cell))
            style = "bold" if head else (styles[i](cell) if i in styles else None)
            out.append(paint(cell, style) + pad)
        return "  ".join(out).rstrip()

    lines = [line(headers, head=True)] + [line(row) for row in cells_of]
    lines.append("")
    sys.stdout.write("\n".join(lines))


def status_style(label: str) -> str | None:
    """The style of a status cell, from its label (``in progress``)."""
    from ckpt_tui.fields import STATUS_LABEL

    word = label.split(" (", 1)[0]
    return next((value for value, shown in STATUS_LABEL.items() if shown == word), None)


def say(text: str, style: str | None = None) -> None:
    print(paint(printable(text, 100_000, keep_newlines=True), style))
