"""A line naming a file, wrapped where a person would break a path: after a
``/`` (or at a space), never in the middle of a directory's name.

Rich wraps only at spaces and folds a longer "word" anywhere, so a path
too long for its line was cut inside a name ("checkpoint-orchest" /
"rator"). :func:`break_at_slashes` breaks it after a separator instead,
folding by characters only a single name wider than the whole line.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

#: The pieces a line may break between: runs of spaces, and words cut
#: after each ``/`` (``/tmp/a b`` → ``/``, ``tmp/``, ``a``, `` ``, ``b``).
_PIECES = re.compile(r"\s+|[^\s/]*/+|[^\s/]+")


def break_at_slashes(text: Text, width: int) -> Text:
    """``text`` with a newline wherever it must break to fit ``width``
    cells, at a space (dropped) or after a ``/``; styles kept."""
    if width <= 0 or "\n" in text.plain or cell_len(text.plain) <= width:
        return text
    lines: list[Text] = []
    start = used = 0  # where the current line starts in ``text``, its cells so far

    def cut(at: int) -> None:
        line = text[start:at]
        line.rstrip()
        lines.append(line)

    position = 0
    for piece in _PIECES.findall(text.plain):
        end = position + len(piece)
        size = cell_len(piece)
        if piece.isspace():
            if used + size > width:  # a break here: the spaces are not shown
                cut(position)
                start, used = end, 0
            else:
                used += size
        elif used + size <= width:
            used += size
        else:
            if used:  # the piece starts the next line
                cut(position)
                start, used = position, 0
            for offset, character in enumerate(piece):  # wider than a line: folded
                cells = cell_len(character)
                if used and used + cells > width:
                    cut(position + offset)
                    start, used = position + offset, 0
                used += cells
        position = end
    cut(len(text))
    return Text("\n").join(lines)


class SlashWrapped:
    """``text`` drawn broken at ``/`` for the width it is drawn at (a resize
    breaks it again)."""

    def __init__(self, text: Text) -> None:
        self.text = text

    @property
    def plain(self) -> str:
        """What it says, unbroken (as a ``Text`` would answer)."""
        return self.text.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield break_at_slashes(self.text, options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)
