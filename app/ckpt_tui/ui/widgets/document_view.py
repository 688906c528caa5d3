"""A scrolling view of one document (the hand-off note): drawn into lines
once per width, and scrolled with the keys the lists and text views use.

A ``Static`` in a scrolling box draws its content twice when it changes:
once to learn its height, once to draw it; for a note's Markdown that was
most of an ``e``. This is a line-API ``ScrollView``: the document is drawn
once at the view's width (Textual's own ``Visual`` drawing, as a ``Static``
draws it), its height is the lines it took, and ``render_line`` gives back
the lines in view.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize

from ckpt_tui.ui.widgets.key_scroll import KeyScroll


class DocumentView(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    DocumentView { height: 1fr; overflow-x: hidden; }
    """
    BINDINGS: ClassVar[list[BindingType]] = KeyScroll.BINDINGS

    def __init__(self, document: RenderableType = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.document: RenderableType = document
        #: The document's lines, and the width and style they were drawn for.
        self._drawn: tuple[int, object, list[Strip]] | None = None

    def show(self, document: RenderableType) -> None:
        """Show ``document`` from its top."""
        self.document = document
        self._drawn = None
        self.scroll_to(0, 0, animate=False, immediate=True)
        self._fit()
        self.refresh()

    def on_resize(self) -> None:
        self._fit()

    def _lines(self) -> list[Strip]:
        width = self.scrollable_content_region.width
        style = self.visual_style
        drawn = self._drawn
        if drawn is None or drawn[0] != width or drawn[1] != style:
            document = self.document if self.document != "" else Text("")
            visual = visualize(self, document, markup=False)
            lines = Visual.to_strips(self, visual, width, None, style) if width else []
            drawn = self._drawn = (width, style, lines)
        return drawn[2]

    def _fit(self) -> None:
        """The scrollable height is the lines the document takes now."""
        if self.scrollable_content_region.width:
            self.virtual_size = Size(self.scrollable_content_region.width, len(self._lines()))

    def render_lines(self, crop: Region) -> list[Strip]:
        self._fit()  # a first layout, a scrollbar that came or went: drawn for this width
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        lines = self._lines()
        index = int(self.scroll_offset.y) + y
        if index < len(lines):
            return lines[index]
        return Strip.blank(self.scrollable_content_region.width, self.visual_style.rich_style)

    @property
    def line_count(self) -> int:
        return len(self._lines())
