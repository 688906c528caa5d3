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
        #: nothing kept); set by the widget around each paint.
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
