"""Styled lines (border + padding + row) a list keeps per border colour.

A change of focus changes a list's border colour, and Textual's
``StylesCache`` then builds every line of the list again: border, padding
and the row drawn inside (most rows given back unchanged by
``kept_lines.py``). A list's focus goes back and forth between two states,
so for each line this keeps what Textual built, per border, next to the row
it was built from and every other input of Textual's ``render_line``; the
same row object (``kept_lines.py`` gives the very same ``Strip`` back when
it is unchanged) and the same inputs give the line Textual built for them,
not built again. Anything else (a new row, a resize, a theme, the top and
bottom borders with their titles, a tint or opacity) is Textual's own
``render_line``, given the row already drawn.

And when nothing but the focus changed since the list was last drawn in a
state (the widget says so with :attr:`KeptStyledLines.paint_token`: its
lines' epoch, scroll offset and styles, ``kept_lines.py``), the lines of
the whole paint are given back as drawn then, without a line built or even
asked for: a change of focus and back draws the two lists from what they
were.

``StylesCache.render``, ``render_line`` and ``Widget._styles_cache`` are
private Textual names (pinned below 9); ``tests/test_ui_instant_screens.py``
and ``tests/test_ui_focus_change.py`` check that the lines are kept and that
they equal what Textual draws without this.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from rich.terminal_theme import DEFAULT_TERMINAL_THEME
from textual._styles_cache import StylesCache
from textual.strip import Strip

#: Border states kept per line: focused and not, with room for a theme's.
_PER_LINE = 4
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
    """A widget's ``StylesCache`` that keeps each content line per border."""

    def __init__(self) -> None:
        super().__init__()
        #: y -> (row strip, other inputs, {border: line})
        self._kept: dict[int, tuple[Strip, tuple, dict[Any, Strip]]] = {}
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
        if self.paint_token is None or crop is None:
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

    def render_line(  # type: ignore[override]
        self, styles, y, size, content_size, padding, base_background, background,
        render_content_line: Callable[[int], Strip], border_title, border_subtitle,
        opacity, ansi_theme, native_ansi,
    ) -> Strip:
        args = (styles, y, size, content_size, padding, base_background, background)
        rest = (border_title, border_subtitle, opacity, ansi_theme, native_ansi)
        gutter = styles.gutter
        content_y = y - gutter.top
        border = styles.border
        if (
            y < gutter.top
            or y >= size.height - gutter.bottom
            or content_y >= content_size.height
            or opacity != 1.0
            or styles.tint.a
        ):
            self._kept.pop(y, None)
            return super().render_line(*args, render_content_line, *rest)
        row = render_content_line(content_y)
        inputs = (
            size, content_size, padding, base_background, background, ansi_theme, native_ansi,
            tuple(kind for kind, _colour in border), styles.outline, styles.text_opacity,
            styles.hatch if styles.has_rule("hatch") else None,
        )
        kept = self._kept.get(y)
        if kept is not None and kept[0] is row and kept[1] == inputs:
            lines = kept[2]
            line = lines.get(border)
            if line is not None:
                return line
        else:
            lines = {}
            self._kept[y] = (row, inputs, lines)
        line = super().render_line(*args, lambda _y: row, *rest)
        if len(lines) >= _PER_LINE:
            lines.clear()
        lines[border] = line
        return line

