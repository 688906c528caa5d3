"""The left column of a preview: which fields (a restore, a copy, an
adoption) or which session (an adoption). ``j``/``k`` move in them as in
every list of the app; ``space`` ticks a field and is in the key bar."""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from rich.cells import cell_len
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Checkbox, OptionList, SelectionList

from ckpt_tui.ui.widgets.kept_styled_lines import KeptRowLines
from ckpt_tui.ui.widgets.steady import SteadyScroll

#: Rows kept drawn (a few fields, each ticked or not, highlighted or not,
#: focused or not): past it they are all drawn again.
KEPT_ROWS = 256


class FieldPicker(SteadyScroll, SelectionList[str]):
    """Other fields for another snapshot do not lay out the preview
    (``steady.SteadyScroll``): its size is the preview's CSS.

    Its rows are kept as drawn, by everything a row's look depends on (its
    place, field, label, tick, highlight, hover, width and the styles it is
    drawn in): the restore preview opened on another snapshot fills the
    picker with new options, which Textual draws from scratch (a tenth of
    ``r``), though they are mostly the fields, ticks and highlight drawn
    before. With the border and padding around them kept as well
    (``kept_styled_lines.py``), a row seen before costs a lookup, and a
    whole picker seen before (the same rows in view) one lookup.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "select", "Toggle field", id="fields.toggle"),
        Binding("j", "cursor_down", "Down", show=False, id="fields.down"),
        Binding("k", "cursor_up", "Up", show=False, id="fields.up"),
    ]

    def __init__(self, *args, fits: tuple[str, ...] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: The labels it is made as wide as (none: its width is the CSS's).
        self.fits = fits
        self._styles_cache = KeptRowLines()
        self._drawn_rows: dict[Hashable, Strip] = {}
        self._paint_styles: dict[tuple[str, str], tuple] | None = None

    def on_mount(self) -> None:
        if self.fits:
            self.styles.width = self.fitting_width()

    def fitting_width(self) -> int:
        """As wide as the tick and the longest of ``fits`` need, with its
        border, padding and the scrollbar's room: the same for every
        snapshot (whichever fields it offers), so another ``r`` does not lay
        out the preview, and the diff beside it has the rest."""
        # (a SelectionList draws a Checkbox's button, and a space after it)
        tick = cell_len(Checkbox.BUTTON_LEFT + Checkbox.BUTTON_INNER + Checkbox.BUTTON_RIGHT) + 1
        label = max(cell_len(text) for text in self.fits)
        return tick + label + self.styles.gutter.width + self.styles.scrollbar_size_vertical

    def render_lines(self, crop: Region) -> list[Strip]:
        self._paint_styles = {}  # worked out once per paint (a dozen rows ask)
        self._update_lines()  # (Textual's first step: the rows' keys follow it)
        rows = self._rows_in_view()
        cache = self._styles_cache
        cache.paint_token = None if None in rows else (self.scroll_offset, rows)
        cache.row_token = lambda y: rows[y] if y < len(rows) else None
        cache.row_width = self.scrollable_content_region.width
        try:
            return super().render_lines(crop)
        finally:
            self._paint_styles = None
            cache.paint_token = cache.row_token = None

    def _rows_in_view(self) -> tuple[Hashable | None, ...]:
        """What every row in view looks like (``None``: a row not kept).
        The picker shown again with fields it showed before (the preview
        opened on the snapshots around the cursor in turn) is given back
        whole, border and all (``kept_styled_lines.py``); shown with some
        rows changed, its other lines are given back (``KeptRowLines``)."""
        top = self.scroll_offset.y
        return tuple(self._row_key(top + y) for y in range(self.scrollable_content_region.height))

    def render_line(self, y: int) -> Strip:
        key = self._row_key(self.scroll_offset.y + y)
        if key is None:
            return super().render_line(y)
        strip = self._drawn_rows.get(key)
        if strip is None:
            strip = super().render_line(y)
            # Textual's rows of the width before a resize, until it handles
            # the resize (and draws them again): not kept for the new width,
            # nor the paint they are in.
            if strip.cell_length != key[0]:
                self._styles_cache.paint_token = None
            else:
                if len(self._drawn_rows) >= KEPT_ROWS:
                    self._drawn_rows.clear()
                self._drawn_rows[key] = strip
        return strip

    def _row_key(self, index: int) -> Hashable | None:
        """What row ``index`` looks like, as Textual's ``OptionList.render_line``
        and ``SelectionList.render_line`` choose its styles; ``None``: not
        kept (a prompt that is no text, an option over several lines)."""
        if not 0 <= index < self.option_count:
            return self._styled("", "")
        if self.virtual_size.height != self.option_count:
            return None
        option = self.get_option_at_index(index)
        prompt = option.prompt  # (``Content`` compares its text only: its spans too)
        if isinstance(prompt, Content):
            prompt = (prompt.plain, tuple(prompt.spans))
        elif not isinstance(prompt, str):
            return None
        highlighted = self.highlighted == index
        hovered = self._mouse_hovering_over == index
        if option.disabled:
            row_class = "option-list--option-disabled"
        elif highlighted:
            row_class = "option-list--option-highlighted"
        else:
            row_class = "option-list--option-hover" if hovered else ""
        ticked = option.value in self._selected
        button = "selection-list--button" + ("-selected" if ticked else "")
        button += "-highlighted" if highlighted else ""
        return (
            *self._styled(row_class, button), index, option.value, prompt, option.disabled,
            highlighted, hovered, ticked,
        )  # fmt: skip

    def _styled(self, row_class: str, button: str) -> tuple:
        """The width, stylesheet, row style and tick style a row is drawn
        with (``button`` empty: a row below the options)."""
        memo = self._paint_styles
        styled = None if memo is None else memo.get((row_class, button))
        if styled is None:
            classes = ("option-list--option", row_class) if row_class else ("option-list--option",)
            styled = (
                self.scrollable_content_region.width,
                self.app._css_update_count,
                self.get_visual_style(*classes),
                self.get_component_rich_style(button) if button else None,
            )
            if memo is not None:
                memo[(row_class, button)] = styled
        return styled


class TargetPicker(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False, id="targets.down"),
        Binding("k", "cursor_up", "Up", show=False, id="targets.up"),
    ]
