"""A scrolling view of prepared rows of text, wrapped to the width.

The line API again: a diff of two 1 MB payloads or a conversation of
thousands of messages is many lines, and only the visible ones are drawn.
Subclasses produce rows (a ``Text``, or an ``(old, new)`` pair for two
columns); this class wraps them when the width changes and draws them.
New rows do not lay out the screen (``steady.SteadyScroll``). Rows that
keep their painted lines (``ui/painted_lines.Rows``, the diffs made ahead)
are taken as painted for this view's :meth:`paint`, often by a worker
before they were asked for: no wrapping, and the visible lines already
drawn.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip

from ckpt_tui.ui.diff_lines import Row, wrap_rows
from ckpt_tui.ui.painted_lines import Paint, Painted, Rows
from ckpt_tui.ui.render import literal, text_strip
from ckpt_tui.ui.styles import STYLES, Themed
from ckpt_tui.ui.widgets.quick_lines import QuickLines, quick_vertical_scrollbar
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
        #: The style and width of the lines being drawn (``render_lines``),
        #: and the lines drawn ahead if they are for this pass.
        self._pass: tuple[Style, int, list[Strip]] | None = None
        #: How this view draws now (:meth:`paint`), and the lines painted
        #: for it when the rows keep painted lines.
        self._paint: Paint | None = None
        self._paint_size = Size(0, 0)
        self._painted: Painted | None = None
        # Its lines put in their border without Textual's per-line work.
        self._styles_cache = QuickLines()
        self.border_title = literal(title)

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """Textual's own (``Widget.vertical_scrollbar``), its lines built
        quickly: a :class:`QuickScrollBar`."""
        return quick_vertical_scrollbar(self)

    def set_rows(self, rows: list[Row]) -> None:
        self._rows = rows
        self._rewrap()

    def _rewrap(self) -> None:
        paint = self.paint() if isinstance(self._rows, Rows) else None
        if paint is not None:
            # Painted ahead, often: at the width the scrollbar will leave.
            painted = self._rows.painted(paint)  # type: ignore[attr-defined]
            self._show(painted.lines, painted.width, painted)
            if self.scrollable_content_region.width == painted.width:
                return
            # (Textual left the scrollbar otherwise: wrapped for its width.)
        width = self.scrollable_content_region.width or 80
        self._show(wrap_rows(self._rows, width), width, None)

    def _show(self, lines: list[Text], width: int, painted: Painted | None) -> None:
        self._lines, self._width, self._painted = lines, width, painted
        self.virtual_size = Size(width, len(lines))  # the scrollbar follows now
        self.refresh()

    def paint(self) -> Paint | None:
        """How this view draws its lines now (``None`` until laid out)."""
        size = self.container_size  # laid out again before ``on_resize``: checked here
        if self._paint is None or self._paint_size != size:
            width, height = self._paint_size = size
            if not width or not height:
                return None
            overflow = self.styles.overflow_y
            narrow = width - (self.styles.scrollbar_size_vertical if overflow != "hidden" else 0)
            names = sorted(STYLES.keys() & type(self)._get_component_classes())
            self._paint = Paint(
                narrow if overflow == "scroll" else width,
                narrow,
                height,
                self.rich_style,
                tuple((name, self.theme_style(name)) for name in names),
                tuple(self.get_line_filters()),
                self.background_colors[1],
            )
            self.new_paint(self._paint)
        return self._paint

    def new_paint(self, paint: Paint) -> None:
        """Called when this view draws in another way (laid out, resized,
        restyled): a subclass may tell a worker that paints ahead."""

    def notify_style_update(self) -> None:
        # Textual restyled this view (a theme, a focus, the CSS): its paint
        # is worked out again when next needed, and compared by value.
        self._paint = None
        super().notify_style_update()

    def append_rows(self, rows: list[Row]) -> int:
        """Add rows at the end, wrapping only those; returns the first new line."""
        start = len(self._lines)
        if self._painted is not None:  # the painted lines are kept: not changed in place
            self._rows, self._lines, self._painted = list(self._rows), list(self._lines), None
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
        if self._stale():
            self._rewrap()

    def _stale(self) -> bool:
        """Whether the lines were wrapped or painted for another width or
        paint than this view's now."""
        if self.scrollable_content_region.width != self._width:
            return True
        return self._painted is not None and self._painted.paint != self.paint()

    def watch_show_vertical_scrollbar(self) -> None:
        """The scrollbar came or went: the text is a column narrower or
        wider, and no ``Resize`` says so (the widget's size is the same)."""
        self.call_after_refresh(self.on_resize)

    def action_page_down(self) -> None:
        self.scroll_page_down(animate=False)

    def action_page_up(self) -> None:
        self.scroll_page_up(animate=False)

    def render_lines(self, crop: Region) -> list[Strip]:
        # Lines wrapped or painted for another width or theme than this
        # frame's (a first layout, a resize, a new theme): again, now, not
        # after a frame drawn with them.
        if self._stale():
            self._rewrap()
        # What every line of this pass is drawn over, worked out once: the
        # widget's style composes every ancestor's background, and asked for
        # on each line it was most of what drawing a line cost.
        painted, base = self._painted, self.rich_style
        self._pass = (
            base,
            self.scrollable_content_region.width,
            painted.strips if painted is not None and painted.paint.base == base else [],
        )
        try:
            return super().render_lines(crop)
        finally:
            self._pass = None

    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_offset.y) + y
        base, width, strips = self._pass or (
            self.rich_style,
            self.scrollable_content_region.width,
            self._painted.strips if self._painted is not None and not self._stale() else [],
        )
        if index < len(strips):
            return strips[index]  # painted for this width and style
        if index >= len(self._lines):
            return Strip.blank(width, base)
        return text_strip(self.themed(self._lines[index]), width, base, self.app.console)
