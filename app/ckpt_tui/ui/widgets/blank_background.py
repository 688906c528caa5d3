"""A dialog screen's background, kept drawn while it would be drawn the same.

A dialog (the restore preview) shows its own background around its box.
Textual refreshes a screen each time it is shown again (``ScreenResume``),
and a refresh forgets every line the screen drew: its whole background,
40 blank lines of the terminal's width, was drawn again on each ``r``
(about a millisecond, a tenth of the key; issue 12). Those lines are the
screen's background colour over its size, whatever the screen shows: they
are kept whole (a partial frame asks for a few of them) by everything
Textual draws them from (size, colours, styles, filters) and drawn again
when any of it changes. A screen whose background is not opaque draws
what is beneath it: never kept.

``StylesCache.render`` and ``Widget._styles_cache`` are private Textual
names (pinned below 9); ``tests/test_ui_plan_background.py`` checks that the
lines are kept, and equal what Textual draws.
"""

from __future__ import annotations

from textual._styles_cache import StylesCache
from textual.strip import Strip


class KeptBackground(StylesCache):
    """A screen's ``StylesCache`` that keeps the lines of an opaque, blank
    background between refreshes."""

    def __init__(self) -> None:
        super().__init__()
        #: What the kept lines were drawn from, and the lines.
        self._kept: tuple[tuple, list[Strip]] | None = None

    def render(  # type: ignore[override]
        self, styles, size, base_background, background, render_content_line, filters,
        *args, **kwargs,
    ) -> list[Strip]:
        if styles.background.a < 1:  # what is beneath shows through: drawn anew
            self._kept = None
            return super().render(
                styles, size, base_background, background, render_content_line, filters,
                *args, **kwargs,
            )
        crop = kwargs.pop("crop", None) or size.region
        key = (
            size, base_background, background, tuple(filters), args, sorted(kwargs.items()),
            styles.background, styles.color, styles.text_style, styles.text_opacity,
            styles.tint, styles.border, styles.outline, styles.get_rule("hatch"),
        )  # fmt: skip
        kept = self._kept
        if kept is None or kept[0] != key:
            # The whole background, whatever part is asked for: a partial
            # frame asks for a few lines (``ui/partial_renders.py``).
            lines = super().render(
                styles, size, base_background, background, render_content_line, filters,
                *args, crop=size.region, **kwargs,
            )
            kept = self._kept = (key, lines)
        lines = kept[1][crop.y : crop.bottom]
        if crop.column_span != (0, size.width):
            lines = [line.crop(*crop.column_span) for line in lines]
        return lines
