"""The lines a list painted, kept per state and given back whole.

A change of focus changes a list's border colour and its cursor row, and
Textual's ``StylesCache`` then builds every line of the list again: border,
padding and the row drawn inside. A list's focus goes back and forth
between two states, and a screen over it (``d``, ``r``, ``e``, ``?``)
closes on the list as it was: when nothing but the focus changed since the
list was last drawn in a state (the widget says so with
:attr:`KeptStyledLines.paint_token`: its lines' epoch, focus, scroll
offset, theme and CSS, ``kept_lines.py``), the lines of the whole paint are
given back as drawn then, without a line built or even asked for. Any
other paint is Textual's own.

``StylesCache.render`` and ``Widget._styles_cache`` are private Textual
names (pinned below 9); ``tests/test_ui_instant_screens.py`` and
``tests/test_ui_focus_change.py`` check that the paints are kept and that
they equal what Textual draws without this.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

from rich.terminal_theme import DEFAULT_TERMINAL_THEME
from textual._styles_cache import StylesCache
from textual.strip import Strip

#: Whole paints kept (focused and not, at one epoch, with room to spare).
_PAINTS = 4


def _drawn_from(styles) -> tuple:
    """What of a widget's styles Textual's ``render_line`` draws with,
    besides what it is given."""
    return (
        styles.border, styles.outline, styles.padding, styles.tint, styles.text_opacity,
        styles.hatch if styles.has_rule("hatch") else None,
        styles.border_title_align, styles.border_subtitle_align,
    )


class KeptStyledLines(StylesCache):
    """A widget's ``StylesCache`` that keeps its last few whole paints."""

    def __init__(self) -> None:
        super().__init__()
        #: What the widget's content is as it paints (``None``: not known,
        #: nothing kept); set by the widget around each paint, and set to
        #: ``None`` by it while drawing if a line is not what it says.
        self.paint_token: Hashable | None = None
        #: Whole paints: every input -> the lines (before line filters).
        self._paints: OrderedDict[Hashable, list[Strip]] = OrderedDict()

    def render(  # type: ignore[override]
        self, styles, size, base_background, background, render_content_line, filters,
        border_title, border_subtitle, content_size=None, padding=None, crop=None,
        opacity=1.0, ansi_theme=DEFAULT_TERMINAL_THEME, native_ansi=False,
    ) -> list[Strip]:
        if self.paint_token is None or crop is None or crop != size.region:
            # A partial frame's few lines (``ui/partial_renders.py``) are
            # Textual's, from and into its line cache: only whole paints kept.
            return super().render(
                styles, size, base_background, background, render_content_line, filters,
                border_title, border_subtitle, content_size, padding, crop, opacity,
                ansi_theme, native_ansi,
            )
        key = (
            self.paint_token, size, base_background, background, border_title, border_subtitle,
            content_size, padding, crop, opacity, ansi_theme, native_ansi, _drawn_from(styles),
        )
        lines = self._paints.get(key)
        if lines is None:
            strips = super().render(
                styles, size, base_background, background, render_content_line, filters,
                border_title, border_subtitle, content_size, padding, crop, opacity,
                ansi_theme, native_ansi,
            )
            if self.paint_token is not None:  # (the widget may say a line was not its own)
                self._paints[key] = [self._cache[y] for y in crop.line_range]
                while len(self._paints) > _PAINTS:
                    self._paints.popitem(last=False)
            return strips
        self._paints.move_to_end(key)
        return self._given_back(lines, size.width, crop, filters, background)

    def _given_back(self, lines: list[Strip], width: int, crop, filters, background) -> list[Strip]:
        """The kept lines, as ``StylesCache.render`` returns its own: also in
        its cache of lines (a later partial paint builds on them), filtered,
        cropped."""
        if width != self._width:
            self.clear()
            self._width = width
        strips = []
        for y, line in zip(crop.line_range, lines, strict=True):
            self._cache[y] = line
            for line_filter in filters:
                line = line.apply_filter(line_filter, background)
            strips.append(line)
        self._dirty_lines.difference_update(crop.line_range)
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips


#: Lines kept by their row (:class:`KeptRowLines`) before all are let go.
_ROW_LINES = 512


class KeptRowLines(KeptStyledLines):
    """Also each line, by what its row shows (the widget's ``row_token``):
    a paint not kept whole builds only the lines of rows not seen before in
    this look, instead of every line (each built anew by Textual's
    ``render_line``: the border's edges, colours and padding around the
    row). The restore preview's field picker, filled with another plan's
    fields, changes a few rows of its two dozen lines; the rest (its
    borders, the blank rows below the fields) are the lines drawn before.
    """

    def __init__(self) -> None:
        super().__init__()
        #: Set by the widget around a paint: content row ``y`` -> what that
        #: row looks like (``None``: not known, the line built anew).
        self.row_token = None
        #: The width the widget draws its rows at, for this paint.
        self.row_width = 0
        #: Everything a line is drawn with besides its row, for this paint.
        self._look: tuple | None = None
        self._lines: dict[tuple, Strip] = {}

    def render(  # type: ignore[override]
        self, styles, size, base_background, background, render_content_line, filters,
        border_title, border_subtitle, content_size=None, padding=None, crop=None,
        opacity=1.0, ansi_theme=DEFAULT_TERMINAL_THEME, native_ansi=False,
    ) -> list[Strip]:
        if self.row_token is not None:
            self._look = (
                size, content_size, padding, base_background, background, border_title,
                border_subtitle, opacity, ansi_theme, native_ansi, _drawn_from(styles),
            )
        try:
            return super().render(
                styles, size, base_background, background, render_content_line, filters,
                border_title, border_subtitle, content_size, padding, crop, opacity,
                ansi_theme, native_ansi,
            )
        finally:
            self._look = None

    def render_line(  # type: ignore[override]
        self, styles, y, size, content_size, padding, base_background, background,
        render_content_line, *rest,
    ) -> Strip:
        key = self._line_key(styles, y, size, content_size)
        line = None if key is None else self._lines.get(key)
        if line is not None:
            return line
        rows: list[Strip] = []

        def content(row: int) -> Strip:
            strip = render_content_line(row)
            rows.append(strip)
            return strip

        line = super().render_line(
            styles, y, size, content_size, padding, base_background, background, content,
            *rest,
        )
        # A row of the width before a resize (Textual's, until it handles
        # the resize): drawn, not kept for the new width.
        if key is not None and all(row.cell_length == self.row_width for row in rows):
            if len(self._lines) >= _ROW_LINES:
                self._lines.clear()
            self._lines[key] = line
        return line

    def _line_key(self, styles, y: int, size, content_size) -> tuple | None:
        """Line ``y`` of this paint: its border or padding line, or its row."""
        look, token = self._look, self.row_token
        if look is None or token is None or content_size is None:
            return None
        top, bottom = styles.gutter.top, size.height - styles.gutter.bottom
        if y < max(top, 1) or y >= min(bottom, size.height - 1):
            return (look, "edge", y if y < top or y == 0 else y - size.height)
        row = y - top
        shows = token(row) if row < content_size.height else "below the content"
        return None if shows is None else (look, "row", shows)
