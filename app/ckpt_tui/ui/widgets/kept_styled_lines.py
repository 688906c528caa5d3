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

``StylesCache.render_line`` and ``Widget._styles_cache`` are private Textual
names (pinned below 9); ``tests/test_ui_instant_screens.py`` checks that the
lines are kept and that they equal what Textual draws without this.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual._styles_cache import StylesCache
from textual.strip import Strip

#: Border states kept per line: focused and not, with room for a theme's.
_PER_LINE = 4


class KeptStyledLines(StylesCache):
    """A widget's ``StylesCache`` that keeps each content line per border."""

    def __init__(self) -> None:
        super().__init__()
        #: y -> (row strip, other inputs, {border: line})
        self._kept: dict[int, tuple[Strip, tuple, dict[Any, Strip]]] = {}

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

