"""A button that keeps its lines as drawn, per label and look.

The restore preview's confirm button says how many fields it restores
("Restore 3 fields (y)"); opened on the snapshots around the cursor in
turn, its label goes back and forth, and Textual drew the button (its tall
border, its label) from scratch each time: a few percent of ``r``
(issue 12). The lines of each paint are kept (``kept_styled_lines.py``),
by the label and everything its look follows: variant, disabled, focus,
hover, classes (``-active`` while pressed), the style worked out from the
CSS, its alignment, theme and CSS generation; with the size, colours and
border the kept lines are keyed by as well.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Button

from ckpt_tui.ui.widgets.kept_styled_lines import KeptStyledLines


class DrawnButton(Button):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._styles_cache = KeptStyledLines()

    def render_lines(self, crop: Region) -> list[Strip]:
        self._styles_cache.paint_token = self._look()
        try:
            return super().render_lines(crop)
        finally:
            self._styles_cache.paint_token = None

    def _look(self) -> Hashable:
        """Everything the button's lines are drawn from, besides what the
        kept lines are keyed by already (size, colours, border)."""
        label, styles, app = self.label, self.styles, self.app
        return (
            label.plain, tuple(label.spans), self.variant, self.disabled, self.has_focus,
            self.mouse_hover, frozenset(self.classes), self.visual_style, styles.text_align,
            styles.content_align_horizontal, styles.content_align_vertical, styles.line_pad,
            styles.text_wrap, styles.text_overflow, app.theme, app._css_update_count,
        )  # fmt: skip
