"""A scrolling view of a checkpoint diff; ``s`` flips unified / side by side.

Line API, like the lists: a 1 MB payload diff is thousands of lines, and
only the visible ones are drawn.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ckpt_tui.core.diff import CheckpointDiff
from ckpt_tui.ui.diff_lines import side_by_side, unified, wrap_rows


class DiffView(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    DiffView {
        border: round $panel-lighten-2;
        height: 1fr;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    DiffView:focus { border: round $accent; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "toggle_layout", "Side by side", id="diff.toggle_layout"),
        Binding("f", "toggle_unchanged", "Unfold unchanged", id="diff.toggle_unchanged"),
        Binding("down,j", "scroll_down", "Down", show=False, id="diff.down"),
        Binding("up,k", "scroll_up", "Up", show=False, id="diff.up"),
        Binding("pagedown,space", "page_down", "Page down", show=False, id="diff.page_down"),
        Binding("pageup", "page_up", "Page up", show=False, id="diff.page_up"),
        Binding("g,home", "scroll_home", "Top", show=False, id="diff.top"),
        Binding("G,end", "scroll_end", "Bottom", show=False, id="diff.bottom"),
    ]

    side_by_side: reactive[bool] = reactive(False)
    show_unchanged: reactive[bool] = reactive(False)

    def __init__(
        self, diff: CheckpointDiff | None = None, *, title: str = "", id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.diff = diff
        self._lines: list[Text] = []
        self._width = 0
        self.border_title = title

    def set_diff(self, diff: CheckpointDiff | None, title: str | None = None) -> None:
        self.diff = diff
        if title is not None:
            self.border_title = title
        self._relayout()

    def _relayout(self) -> None:
        width = self.scrollable_content_region.width or 80
        self._width = width
        if self.diff is None:
            self._lines = [Text("Loading…", style="dim")]
        elif self.diff.is_empty:
            self._lines = [Text("No differences.", style="dim")]
            self._lines += unified(self.diff, self.show_unchanged)
        elif self.side_by_side:
            self._lines = wrap_rows(side_by_side(self.diff, self.show_unchanged), width)
        else:
            self._lines = wrap_rows(unified(self.diff, self.show_unchanged), width)
        mode = "side by side" if self.side_by_side else "unified"
        self.border_subtitle = f"{mode} · s toggles"
        self.virtual_size = Size(width, len(self._lines))
        self.refresh()

    def watch_side_by_side(self) -> None:
        self._relayout()

    def watch_show_unchanged(self) -> None:
        self._relayout()

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._width:
            self._relayout()

    def action_toggle_layout(self) -> None:
        self.side_by_side = not self.side_by_side

    def action_toggle_unchanged(self) -> None:
        self.show_unchanged = not self.show_unchanged

    def action_page_down(self) -> None:
        self.scroll_page_down(animate=False)

    def action_page_up(self) -> None:
        self.scroll_page_up(animate=False)

    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_offset.y) + y
        width = self.scrollable_content_region.width
        base = self.rich_style
        if index >= len(self._lines):
            return Strip.blank(width, base)
        text = self._lines[index].copy()
        text.truncate(width, overflow="ellipsis", pad=True)
        segments = [
            Segment(seg.text, base + seg.style if seg.style else base)
            for seg in text.render(self.app.console)
            if seg.text != "\n"
        ]
        return Strip(segments).crop_extend(0, width, base)
