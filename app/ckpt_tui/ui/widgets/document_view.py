"""A scrolling view of one document (the hand-off note): drawn into lines
once per width, and scrolled with the keys the lists and text views use.

A ``Static`` in a scrolling box draws its content twice when it changes:
once to learn its height, once to draw it; for a note's Markdown that was
most of an ``e``. This is a line-API ``ScrollView``: the document is drawn
once at the view's width (Textual's own ``Visual`` drawing, as a ``Static``
draws it), its height is the lines it took, and ``render_line`` gives back
the lines in view.

A document that differs from one shown before only in one word (each ``e``
writes the note with a new "Written:" time) can be :class:`Stamped`: the
lines drawn for its template are drawn again with the word put in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, NamedTuple

from rich.console import RenderableType
from rich.segment import Segment
from rich.text import Text
from textual.binding import BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize

from ckpt_tui.ui.widgets.key_scroll import KeyScroll

#: Documents kept drawn (at a width and style each).
DRAWN_KEPT = 8


class Stamped(NamedTuple):
    """A document drawn from a ``template`` holding ``placeholder`` (as wide
    as ``value``, so the lines wrap alike), shown with ``value`` in its
    place; ``whole()`` makes the document itself, drawn instead when the
    placeholder is not drawn once, whole, in one piece (a narrow width)."""

    template: RenderableType
    placeholder: str
    value: str
    whole: Callable[[], RenderableType]


def stamped(lines: list[Strip], placeholder: str, value: str) -> list[Strip] | None:
    """``lines`` with ``placeholder`` replaced by ``value``: a copy, or
    ``None`` when the placeholder is not drawn exactly once, in one piece."""
    found = [
        (y, i)
        for y, strip in enumerate(lines)
        for i, segment in enumerate(strip)
        if placeholder in segment.text
    ]
    if len(found) != 1:
        return None
    y, i = found[0]
    segments = list(lines[y])
    text, style, control = segments[i]
    if text.count(placeholder) != 1:
        return None
    segments[i] = Segment(text.replace(placeholder, value), style, control)
    stamped_lines = list(lines)
    stamped_lines[y] = Strip(segments, lines[y].cell_length)
    return stamped_lines


class DocumentView(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    DocumentView { height: 1fr; overflow-x: hidden; }
    """
    BINDINGS: ClassVar[list[BindingType]] = KeyScroll.BINDINGS

    def __init__(
        self, document: RenderableType | Stamped = "", *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.document: RenderableType | Stamped = document
        #: Lines drawn, by document (its identity: a ``Text`` is no key), width
        #: and style; with the document, to tell it from one at the same address.
        self._drawn: LRUCache[tuple, tuple[object, list[Strip]]] = LRUCache(DRAWN_KEPT)
        #: The lines shown, and the document, width and style they are for.
        self._shown: tuple[object, int, object, list[Strip]] | None = None

    def show(self, document: RenderableType | Stamped) -> None:
        """Show ``document`` from its top."""
        self.document = document
        self.scroll_to(0, 0, animate=False, immediate=True)
        self._fit()
        self.refresh()

    def on_resize(self) -> None:
        self._fit()

    def _draw(self, document: RenderableType, width: int) -> list[Strip]:
        """``document``'s lines at ``width`` (drawn once per width and style)."""
        style = self.visual_style
        key = (id(document), width, style)
        drawn = self._drawn.get(key)
        if drawn is None or drawn[0] is not document:
            visual = visualize(self, document if document != "" else Text(""), markup=False)
            lines = Visual.to_strips(self, visual, width, None, style) if width else []
            drawn = (document, lines)
            self._drawn.set(key, drawn)
        return drawn[1]

    def _lines(self) -> list[Strip]:
        document, width, style = self.document, self.scrollable_content_region.width, self.visual_style
        shown = self._shown
        if shown is not None and shown[0] is document and shown[1:3] == (width, style):
            return shown[3]
        if isinstance(document, Stamped):
            lines = stamped(self._draw(document.template, width), *document[1:3])
            if lines is None:
                lines = self._draw(document.whole(), width)
        else:
            lines = self._draw(document, width)
        self._shown = (document, width, style, lines)
        return lines

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
