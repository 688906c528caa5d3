"""Lines a list keeps across a change of focus.

When a list gains or loses the focus, Textual restyles it (its border) and
repaints all of it: every row is rendered again, though only the cursor
row's colours depend on the focus. That was most of the cost of ``enter``
moving on to the next pane (two lists of rows). A line drawn since the last
repaint that had another cause is given back as it was, if the key it was
drawn for (its row, width, style...) is the same; any other repaint of
the whole list (rows arrived, a scroll, a theme) forgets them all, and a
repaint of some lines (the cursor moved) forgets those lines: ``enter``
after ``j`` draws the cursor rows, not every row of the list it leaves. A
list drawn before in the same state (the focus went there and back, or a
screen over it closed) gives its whole paint back (``kept_styled_lines.py``).

A row's text is drawn once per whole repaint (:meth:`KeptLines.kept_row`):
the cursor moving onto it or off it draws the same pieces over the cursor's
style or the plain one, which is all ``j`` changes (drawing the two rows'
text again was a fifth of its time to the frame; issue 12).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.strip import Strip

from ckpt_tui.ui.render import parts_strip, text_parts
from ckpt_tui.ui.widgets.kept_styled_lines import KeptStyledLines


class KeptLines:
    """Mix in before a line-API widget (``ScrollView``)."""

    #: Bumped by every repaint not caused by a change of focus.
    _lines_epoch = 0
    #: Bumped by every such repaint of the whole widget: a kept line is
    #: given back while it stays (a repaint of some lines forgets those).
    _rows_epoch = 0
    #: Set while the widget gains or loses the focus.
    _focus_repaint = False
    #: The widget's style during a paint (:meth:`paint_style`).
    _paint_style: Style | None = None
    _painting = False

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Its whole paints, per focus state: ``kept_styled_lines.py``.
        self._styles_cache = KeptStyledLines()

    def render_lines(self, crop: Region) -> list[Strip]:
        """A paint says what the content is (``kept_styled_lines.py``): the
        lines drawn at this epoch, scroll offset, focus, theme and CSS are
        the same lines. Any other change of the widget's styles (its
        component styles included) repaints it, a new epoch; within one,
        only the focus changes them, and the stylesheet (a new theme or CSS
        changes ``App._css_update_count``), counted here in case that
        happens while the focus moves."""
        self._painting = True
        self._styles_cache.paint_token = (
            self._lines_epoch,
            self.has_focus,  # type: ignore[attr-defined]
            self.scroll_offset,  # type: ignore[attr-defined]
            self.app.theme,  # type: ignore[attr-defined]
            self.app._css_update_count,  # type: ignore[attr-defined]
        )
        try:
            return super().render_lines(crop)  # type: ignore[misc]
        finally:
            self._painting = False
            self._paint_style = None
            self._styles_cache.paint_token = None

    def paint_style(self) -> Style:
        """The widget's style. It walks every ancestor: during a paint it is
        worked out once, not once a line (a quarter of the time a row took)."""
        style = self._paint_style
        if style is None:
            style = self.rich_style  # type: ignore[attr-defined]
            if self._painting:
                self._paint_style = style
        return style

    def refresh(self, *regions, **kwargs):
        if not self._focus_repaint:
            self._lines_epoch += 1
            if regions and not kwargs.get("layout") and not kwargs.get("recompose"):
                self._forget_lines(regions)
            else:
                self._rows_epoch += 1
        return super().refresh(*regions, **kwargs)  # type: ignore[misc]

    def _forget_lines(self, regions: tuple[Region, ...]) -> None:
        """A repaint of some lines (the cursor's old and new rows, as ``j``
        asks): only those lines (and one on each side, whether the region
        counts the border or not) are drawn again, so the others, kept, are
        still what the screen shows: ``enter`` after ``j`` draws the cursor
        row of the list it leaves, not all of its rows."""
        kept: dict[int, tuple[Hashable, Strip]] = self.__dict__.get("_kept_lines", {})
        for region in regions:
            for y in range(region.y - 1, region.bottom + 1):
                kept.pop(y, None)

    # Textual calls the handler of each class in turn: this one first, then
    # ``Widget._on_focus`` (which restyles and repaints the widget); the flag
    # is cleared once the event has been handled by all of them.
    def _on_focus(self, event: events.Focus) -> None:
        self._repaint_for_focus()

    def _on_blur(self, event: events.Blur) -> None:
        self._repaint_for_focus()

    def _repaint_for_focus(self) -> None:
        self._focus_repaint = True
        self.call_next(self._focus_repainted)  # type: ignore[attr-defined]

    def _focus_repainted(self) -> None:
        self._focus_repaint = False

    def kept_line(self, y: int, key: Hashable, draw: Callable[[], Strip]) -> Strip:
        """Line ``y`` as drawn for ``key`` since the last repaint of it that
        was not a change of focus, else ``draw()``."""
        kept: dict[int, tuple[Hashable, Strip]] = self.__dict__.setdefault("_kept_lines", {})
        key = (self._rows_epoch, key)
        line = kept.get(y)
        if line is not None and line[0] == key:
            return line[1]
        strip = draw()
        kept[y] = (key, strip)
        return strip

    def kept_row(
        self, y: int, index: int, row: object, width: int, style: Style, text: Callable[[], Text]
    ) -> Strip:
        """Line ``y``, row ``index`` (``row``) over ``style``: its pieces drawn
        by ``text()`` once since the last repaint of the whole list (the
        cursor's refreshes repaint lines, not what the rows say)."""
        theme = self.app.theme  # type: ignore[attr-defined]
        return self.kept_line(
            y, (index, id(row), width, style, theme),
            lambda: parts_strip(self._row_parts(index, row, width, theme, text), width, style),
        )

    def _row_parts(self, index: int, row: object, width: int, theme: str, text) -> list:
        parts: dict[int, tuple[Hashable, object, list]] = self.__dict__.setdefault("_parts", {})
        key = (self._rows_epoch, width, theme)
        kept = parts.get(index)
        if kept is not None and kept[0] == key and kept[1] is row:
            return kept[2]
        if kept is None and len(parts) > 512:  # another epoch's, mostly
            parts.clear()
        drawn = text_parts(text(), width, self.app.console)  # type: ignore[attr-defined]
        parts[index] = (key, row, drawn)
        return drawn
