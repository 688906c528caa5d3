"""A scrolling view of prepared rows of text, wrapped to the width.

The line API again: a diff of two 1 MB payloads or a conversation of
thousands of messages is many lines, and only the visible ones are drawn.
Subclasses produce rows (a ``Text``, or an ``(old, new)`` pair for two
columns); this class wraps them when the width changes and draws them,
keeping the lines it drew in an ``LRUCache`` (scrolling back, a change of
focus or a screen closed over it draws from there).

Rows can also be drawn ahead, in a worker (:func:`draw_ahead`): the view
says how it draws (its :class:`Look`, read on the UI thread), and a diff
worked out while the cursor rests comes wrapped, its first screen of lines
drawn, so ``d`` and ``r`` only show them.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ckpt_tui.ui.diff_lines import Row, wrap_rows
from ckpt_tui.ui.render import literal, text_strip
from ckpt_tui.ui.styles import STYLES, Themed, component_classes, themed_text

#: Lines kept drawn (a few screens of them).
LINES_KEPT = 512


class Widths(NamedTuple):
    """What wrapping rows for a view needs: its text's width without a
    vertical scrollbar and with one, and how many lines it shows."""

    full: int
    narrow: int
    height: int


class Look(NamedTuple):
    """How a view draws its lines, read on the UI thread, for a worker to
    draw them ahead: its widths, the theme, the style every line is drawn
    over, and the style the theme gives each style name the view resolves."""

    widths: Widths
    theme: str
    base: Style
    styles: tuple[tuple[str, Style | str], ...]

    def resolve(self, name: str) -> Style | str:
        """A style name as the view resolves it (``Themed.theme_style``)."""
        if name not in STYLES:
            return name
        return next((style for known, style in self.styles if known == name), "")


class Drawn(NamedTuple):
    """Rows as a view of ``look`` shows them, made in a worker: wrapped at
    ``width`` (the narrow one when they need the scrollbar), and the lines
    of its first screen drawn."""

    look: Look
    width: int
    lines: list[Text]
    strips: list[Strip]

    def fits(self, look: Look | None) -> bool:
        """Whether a view that draws as ``look`` shows these lines as they
        are: the same theme and styles, and the width it would wrap them at.
        The view's height may differ (the preview's description above it
        took a line more or less): it only decides whether the lines need
        the scrollbar, and a line of the screen not drawn ahead is drawn
        when shown."""
        if look is None or look[1:] != self.look[1:]:
            return False
        widths = look.widths
        needs_scrollbar = len(self.lines) > widths.height
        return self.width == (widths.narrow if needs_scrollbar else widths.full)


#: Draws lines in a worker (style names resolved; it writes nothing).
_console = Console(width=200, color_system=None, legacy_windows=False)


def draw_ahead(rows: list[Row], look: Look) -> Drawn:
    """``rows`` wrapped and drawn as a view of ``look`` shows them: at its
    full width, or a column narrower when they are more lines than it shows
    (its scrollbar then takes the column)."""
    widths = look.widths
    width, lines = widths.full, wrap_rows(rows, widths.full)
    if len(lines) > widths.height and widths.narrow != widths.full:
        width, lines = widths.narrow, wrap_rows(rows, widths.narrow)
    strips = [
        text_strip(themed_text(line, look.resolve), width, look.base, _console)
        for line in lines[: widths.height]
    ]
    return Drawn(look, width, lines, strips)


class TextLines(Themed, ScrollView, can_focus=True):
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
        #: The width the lines are wrapped to.
        self._width = 0
        #: Bumped whenever the lines change: a line drawn before is not given back.
        self._version = 0
        #: The width lines are drawn at, the style they are drawn over and the
        #: theme, during a pass (:meth:`render_lines`): worked out once, not per line.
        self._pass: tuple[int, Style, str] | None = None
        #: The styles of :meth:`look`, by theme and the view's style.
        self._looked: LRUCache[tuple, tuple] = LRUCache(4)
        self._drawn: LRUCache[tuple, Strip] = LRUCache(LINES_KEPT)
        self.border_title = literal(title)

    def set_rows(self, rows: list[Row], drawn: Drawn | None = None) -> None:
        """Show ``rows``; ``drawn``: those rows drawn ahead (in a worker),
        used if they were drawn for how this view draws now."""
        self._rows = rows
        if drawn is None or not drawn.fits(self.look()):
            self._rewrap()
            return
        self._show(drawn.lines, drawn.width)
        for index, strip in enumerate(drawn.strips):
            key = (self._version, index, drawn.width, drawn.look.base, drawn.look.theme)
            self._drawn.set(key, strip)

    def look(self) -> Look | None:
        """How this view draws now (``None`` until laid out)."""
        widths = self.widths()
        if widths is None:
            return None
        theme, base = self.app.theme, self.rich_style
        styles = self._looked.get((theme, base))
        if styles is None:  # each name's style, worked out once per theme
            names = sorted(STYLES.keys() & component_classes(type(self)))
            styles = tuple((name, self.theme_style(name)) for name in names)
            self._looked.set((theme, base), styles)
        return Look(widths, theme, base, styles)

    def widths(self) -> Widths | None:
        """What wrapping rows for this view needs (``None`` until laid out)."""
        width, height = self.container_size
        if not width or not height:
            return None
        overflow = self.styles.overflow_y
        narrow = width - (self.styles.scrollbar_size_vertical if overflow != "hidden" else 0)
        return Widths(narrow if overflow == "scroll" else width, narrow, height)

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width or 80
        self._show(wrap_rows(self._rows, width), width)

    def _show(self, lines: list[Text], width: int) -> None:
        self._lines, self._width = lines, width
        self._version += 1
        self.virtual_size = Size(width, len(lines))  # the scrollbar follows now
        self.refresh()

    def append_rows(self, rows: list[Row]) -> int:
        """Add rows at the end, wrapping only those; returns the first new line."""
        start = len(self._lines)
        self._rows = [*self._rows, *rows]
        width = self._width or self.scrollable_content_region.width or 80
        self._show([*self._lines, *wrap_rows(rows, width)], width)
        return start

    @property
    def line_count(self) -> int:
        return len(self._lines)

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self._rewrap()

    def action_page_down(self) -> None:
        self.scroll_page_down(animate=False)

    def action_page_up(self) -> None:
        self.scroll_page_up(animate=False)

    def render_lines(self, crop: Region) -> list[Strip]:
        # Wrapped for another width than this frame's (a first layout, a
        # scrollbar that came or went): again, now, not after a frame drawn
        # with them.
        if self._rows and self.scrollable_content_region.width != self._width:
            self._rewrap()
        # The widget's style (every ancestor's background composed) and the
        # width, worked out once for the lines of this pass, not per line.
        self._pass = self._drawing()
        try:
            return super().render_lines(crop)
        finally:
            self._pass = None

    def _drawing(self) -> tuple[int, Style, str]:
        """The width lines are drawn at, the style they are drawn over, the theme."""
        return self.scrollable_content_region.width, self.rich_style, self.app.theme

    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_offset.y) + y
        width, base, theme = self._pass or self._drawing()
        if index >= len(self._lines):
            return Strip.blank(width, base)
        key = (self._version, index, width, base, theme)
        line = self._drawn.get(key)
        if line is None:
            line = text_strip(self.themed(self._lines[index]), width, base, self.app.console)
            self._drawn.set(key, line)
        return line
