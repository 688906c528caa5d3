"""A text view's lines painted ahead: wrapped to its width and drawn as
``Strip``\\ s over its style, in a worker, so showing new rows is a swap.

``d`` on a snapshot the cursor has just moved to showed rows worked out
ahead (``ui/prepared.py``), yet wrapping them and drawing every visible
line was most of the key (issue 12). A view says how it draws (a
:class:`Paint`: its widths with and without a scrollbar, its height, its
style and the colours its theme gives each style name), worked out on the
UI thread; the detail worker paints the rows of what ``d`` and ``r`` will
show for the paints of the views shown lately (:class:`Paints`), and keeps
them on the rows themselves (:class:`Rows`): a view given those rows takes
the lines painted for its paint now, or paints them then. A paint is a
value: a new width or theme is another paint, so old lines are never drawn
for it, and the lines of one pair of snapshots are never another's.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, NamedTuple

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.filter import LineFilter
from textual.strip import Strip

from ckpt_tui.ui.render import text_strip
from ckpt_tui.ui.styles import STYLES, themed_text

if TYPE_CHECKING:  # the diff engine is not imported at start-up (``Prepared`` is)
    from ckpt_tui.ui.diff_lines import Row

#: Paints kept per rows (the views differ: the diff screen's, the preview's).
KEEP = 3
#: Paints of the views shown lately, that a worker paints rows for.
VIEWS = 3

#: Draws painted lines off the UI thread (style names only; no output).
_console = Console(width=200, color_system=None, legacy_windows=False)


class Paint(NamedTuple):
    """How a view draws its lines: what a worker needs to draw them so."""

    #: The text's width without a vertical scrollbar, and with one.
    width: int
    narrow: int
    #: Lines the view shows at once (painted ahead; the rest as scrolled to).
    height: int
    #: What every line is drawn over: the widget's own style.
    base: Style
    #: Each style name the view resolves, and the style its theme gives it.
    styles: tuple[tuple[str, Style | str], ...]
    #: The app's line filters, and the background they are given
    #: (``widgets/bordered_lines.py`` filters the rows apart).
    filters: tuple[LineFilter, ...] = ()
    background: Color | None = None

    def resolve(self, name: str) -> Style | str:
        """A style name as the view resolves it (``Themed.theme_style``)."""
        if name not in STYLES:
            return name
        for known, style in self.styles:
            if known == name:
                return style
        return ""


class Painted(NamedTuple):
    """Rows wrapped for a paint, and the first lines drawn."""

    paint: Paint
    #: The width they are wrapped to (``narrow`` when they need a scrollbar).
    width: int
    lines: list[Text]
    #: The first ``paint.height`` lines, drawn at ``width``.
    strips: list[Strip]


def paint_rows(rows: list[Row], paint: Paint) -> Painted:
    """``rows`` wrapped and drawn as a view with ``paint`` would draw them:
    at its full width unless they need its scrollbar (then a column
    narrower, so the scrollbar coming does not wrap them again)."""
    from ckpt_tui.ui.diff_lines import wrap_rows

    width = paint.width
    lines = wrap_rows(rows, width)
    if len(lines) > paint.height and paint.narrow != width:
        width = paint.narrow
        lines = wrap_rows(rows, width)
    strips = []
    for line in lines[: paint.height]:
        strip = text_strip(themed_text(line, paint.resolve), width, paint.base, _console)
        # The view gives the unfiltered strip, and the frame filters it
        # (``quick_lines.py``); applied here, each filter's result is kept
        # in the strip's own filter cache, so the frame finds it done.
        warmed = strip
        for line_filter in paint.filters:
            warmed = warmed.apply_filter(line_filter, paint.background)  # type: ignore[arg-type]
        strips.append(strip)
    return Painted(paint, width, lines, strips)


class Rows(list):  # list[Row]
    """A view's rows that keep the lines painted from them, per paint.

    Painted in a worker or on the UI thread, read on the UI thread: a lock
    keeps the few paints. Do not change the rows in place once painted."""

    def __init__(self, rows: Iterable[Row] = ()) -> None:
        super().__init__(rows)
        self._lock = threading.Lock()
        self._painted: OrderedDict[Paint, Painted] = OrderedDict()

    def painted(self, paint: Paint) -> Painted:
        """The rows painted for ``paint``: kept, or painted now."""
        with self._lock:
            done = self._painted.get(paint)
        if done is not None:
            return done
        done = paint_rows(self, paint)
        with self._lock:
            self._painted[paint] = done
            while len(self._painted) > KEEP:
                self._painted.popitem(last=False)
        return done

    def paint(self, paints: Paints | None) -> None:
        """In a worker: painted for each paint of the views shown lately."""
        for paint in paints.latest() if paints is not None else ():
            self.painted(paint)


class Paints:
    """The paints of the views shown lately (by view), published on the UI
    thread when a view's paint changes, read by the worker that paints ahead."""

    def __init__(self, keep: int = VIEWS) -> None:
        self._lock = threading.Lock()
        self._paints: OrderedDict[Hashable, Paint] = OrderedDict()
        self._keep = keep

    def publish(self, view: Hashable, paint: Paint) -> None:
        with self._lock:
            self._paints[view] = paint
            self._paints.move_to_end(view)
            while len(self._paints) > self._keep:
                self._paints.popitem(last=False)

    def latest(self) -> list[Paint]:
        """Each paint once, the newest first."""
        with self._lock:
            paints = list(reversed(self._paints.values()))
        return list(dict.fromkeys(paints))
