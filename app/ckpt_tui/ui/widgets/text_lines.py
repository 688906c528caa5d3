"""A scrolling view of prepared rows of text, wrapped to the width.

The line API again: a diff of two 1 MB payloads or a conversation of
thousands of messages is many lines, and only the visible ones are drawn.
Subclasses produce rows (a ``Text``, or an ``(old, new)`` pair for two
columns); this class wraps them when the width changes and draws them.
New rows do not lay out the screen (``steady.SteadyScroll``).
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ckpt_tui.ui.diff_lines import Row, wrap_rows
from ckpt_tui.ui.render import literal, text_strip
from ckpt_tui.ui.styles import Themed
from ckpt_tui.ui.widgets.steady import SteadyScroll


class TextLines(SteadyScroll, Themed, ScrollView, can_focus=True):
    DEFAULT_CSS = """
    TextLines {
        border: round $panel-lighten-2;
        height: 1fr;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    TextLines:focus { border: round $accent; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "scroll_down", "Down", show=False, id="text.down"),
        Binding("up,k", "scroll_up", "Up", show=False, id="text.up"),
        Binding("pagedown,space", "page_down", "Page down", show=False, id="text.page_down"),
        Binding("pageup", "page_up", "Page up", show=False, id="text.page_up"),
        Binding("g,home", "scroll_home", "Top", show=False, id="text.top"),
        Binding("G,end", "scroll_end", "Bottom", show=False, id="text.bottom"),
    ]

    def __init__(self, *, title: str = "", id: str | None = None) -> None:
        super().__init__(id=id)
        self._rows: list[Row] = []
        self._lines: list[Text] = []
        self._width = 0
        #: The style and width of the lines being drawn (``render_lines``).
        self._pass: tuple[Style, int] | None = None
        self.border_title = literal(title)

    def set_rows(self, rows: list[Row]) -> None:
        self._rows = rows
        self._rewrap()

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width or 80
        self._width = width
        self._lines = wrap_rows(self._rows, width)
        self.virtual_size = Size(width, len(self._lines))
        self.refresh()

    def append_rows(self, rows: list[Row]) -> int:
        """Add rows at the end, wrapping only those; returns the first new line."""
        start = len(self._lines)
        self._rows.extend(rows)
        self._lines.extend(
            wrap_rows(rows, self._width or self.scrollable_content_region.width or 80)
        )
        self.virtual_size = Size(self._width or 80, len(self._lines))
        self.refresh()
        return start

    @property
    def line_count(self) -> int:
        return len(self._lines)

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self._rewrap()

    def watch_show_vertical_scrollbar(self) -> None:
        """The scrollbar came or went: the text is a column narrower or
        wider, and no ``Resize`` says so (the widget's size is the same)."""
        self.call_after_refresh(self.on_resize)

    def action_page_down(self) -> None:
        self.scroll_page_down(animate=False)

    def action_page_up(self) -> None:
        self.scroll_page_up(animate=False)

    def render_lines(self, crop: Region) -> list[Strip]:
        # What every line of this pass is drawn over, worked out once: the
        # widget's style composes every ancestor's background, and asked for
        # on each line it was most of what drawing a line cost.
        self._pass = (self.rich_style, self.scrollable_content_region.width)
        try:
            return super().render_lines(crop)
        finally:
            self._pass = None

    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_offset.y) + y
        base, width = self._pass or (self.rich_style, self.scrollable_content_region.width)
        if index >= len(self._lines):
            return Strip.blank(width, base)
        return text_strip(self.themed(self._lines[index]), width, base, self.app.console)
