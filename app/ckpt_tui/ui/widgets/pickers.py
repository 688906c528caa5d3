"""The left column of a preview: which fields (a restore, a copy, an
adoption) or which session (an adoption). ``j``/``k`` move in them as in
every list of the app; ``space`` ticks a field and is in the key bar."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Checkbox, OptionList, SelectionList

#: Rows kept drawn: every field, ticked or not, under the cursor or not,
#: focused or not, for a few widths and themes.
ROWS_KEPT = 512


class FieldPicker(SelectionList[str]):
    """The fields a restore, a copy or an adoption takes; as wide as its
    longest field (``fits``) whichever fields a snapshot offers."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "select", "Toggle field", id="fields.toggle"),
        Binding("j", "cursor_down", "Down", show=False, id="fields.down"),
        Binding("k", "cursor_up", "Up", show=False, id="fields.up"),
    ]

    def __init__(self, *args, fits: tuple[str, ...] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: The labels it is made as wide as (none: its width is the CSS's).
        self.fits = fits
        #: Rows as drawn, by everything a row shows (:meth:`_row_key`): the
        #: restore preview, opened on another snapshot, is filled with new
        #: options offering mostly the same fields, and draws them from here.
        self._drawn_rows: LRUCache[tuple, Strip] = LRUCache(ROWS_KEPT)
        #: How rows are drawn during a pass (:meth:`render_lines`).
        self._pass_looks: tuple | None = None

    def on_mount(self) -> None:
        if self.fits:
            self.styles.width = self.fitting_width()

    def _looks(self) -> tuple:
        """How every row is drawn now: the width, the list's style (every
        ancestor's background composed; slow to work out, so once a pass),
        the focus, the theme."""
        return (
            self.scrollable_content_region.width, self.rich_style, self.has_focus, self.disabled,
            self.app.theme,
        )

    def _row_key(self, index: int, looks: tuple) -> tuple | None:
        """What the row at ``index`` shows, and how (``None``: not kept, the
        mouse is over the list and may light any row)."""
        if self.mouse_hover:
            return None
        if index >= self.option_count:
            return (None, *looks)
        option = self.get_option_at_index(index)
        return (
            index, option.value, str(option.prompt), option.disabled,
            option.value in self.selected, index == self.highlighted, *looks,
        )

    def render_lines(self, crop: Region) -> list[Strip]:
        self._pass_looks = self._looks()
        try:
            return super().render_lines(crop)
        finally:
            self._pass_looks = None

    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_offset.y) + y
        key = self._row_key(index, self._pass_looks or self._looks())
        strip = self._drawn_rows.get(key) if key is not None else None
        if strip is None:
            strip = self._draw_row(y, index)
            if key is not None:
                self._drawn_rows.set(key, strip)
        return strip

    def _draw_row(self, y: int, index: int) -> Strip:
        """A row as SelectionList draws it, but an unticked field's box is
        empty: Textual draws the same X in every box and tells them apart
        by colour alone, which read as every field ticked (six "ticked",
        three adopted) in a terminal of few colours or a copied screen."""
        strip = super().render_line(y)
        if index >= self.option_count or self.get_option_at_index(index).value in self.selected:
            return strip
        segments = list(strip)
        if len(segments) > 1 and segments[1].text == Checkbox.BUTTON_INNER:
            blank = " " * cell_len(Checkbox.BUTTON_INNER)
            segments[1] = Segment(blank, segments[1].style)
            return Strip(segments, strip.cell_length)
        return strip

    def fitting_width(self) -> int:
        """As wide as the tick and the longest of ``fits`` need, with its
        border, padding and the scrollbar's room: the same for every
        snapshot (whichever fields it offers), so another ``r`` does not lay
        out the preview, and the diff beside it has the rest."""
        # (a SelectionList draws a Checkbox's button, and a space after it)
        tick = cell_len(Checkbox.BUTTON_LEFT + Checkbox.BUTTON_INNER + Checkbox.BUTTON_RIGHT) + 1
        label = max(cell_len(text) for text in self.fits)
        return tick + label + self.styles.gutter.width + self.styles.scrollbar_size_vertical


class TargetPicker(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False, id="targets.down"),
        Binding("k", "cursor_up", "Up", show=False, id="targets.up"),
    ]
