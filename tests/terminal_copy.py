"""What a terminal would show: every update Textual sends the terminal
(full frames and partial ones), applied to a grid of cells.

``export_screenshot`` draws the screen again from every widget's kept
lines, so it shows what the next full frame would be, not what a person
sees: a partial update that missed some rows of a widget leaves the rows
the terminal showed before. Tests of lines kept or painted ahead compare
both against what the widget holds now.
"""

from __future__ import annotations

import io

from rich.console import Console
from rich.control import ControlType
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.app import App
from textual.widget import Widget


class TerminalCopy:
    """The cells a terminal of ``app``'s size shows, kept up to date by
    wrapping ``App._display`` (a private Textual name, pinned below 9)."""

    def __init__(self, app: App) -> None:
        width, height = app.size
        self.width, self.height = width, height
        self.cells = [[" "] * width for _ in range(height)]
        #: Each cell's Rich style, as the terminal was told it.
        self.styles: list[list[object]] = [[None] * width for _ in range(height)]
        self._console = Console(width=width, height=height, color_system=None, file=io.StringIO())
        self._app = app
        display = app._display

        def copied(screen, renderable) -> None:
            if renderable is not None and not app._batch_count:
                self.apply(renderable)
            display(screen, renderable)

        app._display = copied  # type: ignore[method-assign]

    def apply(self, update: object) -> None:
        if isinstance(update, LayoutUpdate):
            for y, chops in enumerate(update.strips):
                x = 0
                for strip in chops:
                    for segment in strip:
                        x = self._put(x, y, segment.text, segment.style)
        elif isinstance(update, ChopsUpdate):
            x = y = 0
            for segment in update.__rich_console__(self._console, self._console.options):
                if segment.control:
                    for control in segment.control:
                        if control[0] == ControlType.CURSOR_MOVE_TO:
                            x, y = control[1], control[2]
                    continue
                if segment.text != "\n":
                    x = self._put(x, y, segment.text, segment.style)

    def _put(self, x: int, y: int, text: str, style: object = None) -> int:
        inside = 0 <= y < self.height
        for char in text:
            if inside and 0 <= x < self.width:
                self.cells[y][x] = char
                self.styles[y][x] = style
            x += 1
        return x

    def screen_cells(self) -> list[list[tuple[str, object]]]:
        """Every row of the terminal: each cell's text and style."""
        return [
            list(zip(row, styles, strict=True))
            for row, styles in zip(self.cells, self.styles, strict=True)
        ]

    def text_of(self, widget: Widget, width: int | None = None) -> list[str]:
        """The rows of ``widget``'s content the terminal shows (right-stripped)."""
        region = widget.content_region
        width = region.width if width is None else width
        return [
            "".join(self.cells[region.y + y][region.x : region.x + width]).rstrip()
            for y in range(region.height)
        ]


def frame_cells(app: App) -> list[list[tuple[str, object]]]:
    """Every row a full frame of the app's screen would draw now (from every
    widget's kept lines): each cell's text and style, as
    :meth:`TerminalCopy.screen_cells` gives them."""
    rows = []
    for strip in app.screen._compositor.render_strips():
        row = []
        for segment in strip:
            if not segment.control:
                row.extend((char, segment.style) for char in segment.text)
        rows.append(row)
    return rows


def frame_text_of(widget: Widget, width: int | None = None) -> list[str]:
    """The rows of ``widget``'s content a full frame of its screen would
    draw now (from every widget's kept lines), right-stripped."""
    region = widget.content_region
    width = region.width if width is None else width
    strips = widget.screen._compositor.render_strips()
    return [
        "".join(
            segment.text for segment in strips[region.y + y].crop(region.x, region.x + width)
        ).rstrip()
        for y in range(region.height)
    ]
