"""A ``Static`` drawn from lines rendered once per content and width.

Textual's ``Static`` renders all of its content twice when it changes:
once to learn its height for the layout (``get_content_height``), once to
draw it. For a checkpoint with Markdown in the detail pane, or the help's
table of every key, that is most of the cost of the frame. Here one render
gives both, and the last few renders are kept by a key the widget gives
(:meth:`RenderedOnce.render_key`), so content seen again draws without a
render at all.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import ClassVar

from textual.geometry import Size
from textual.strip import Strip
from textual.visual import Visual


class RenderedOnce:
    """Mix in before ``Static`` (or a subclass of it)."""

    #: How many renders (content and width) are kept.
    KEPT_RENDERS: ClassVar[int] = 16

    def render_key(self) -> Hashable:
        """What the content is: equal keys, equal lines at one width."""
        raise NotImplementedError

    def _kept(self) -> OrderedDict[Hashable, list[Strip]]:
        return self.__dict__.setdefault("_rendered_once", OrderedDict())

    def _lines(self, width: int) -> list[Strip]:
        # The theme and the widget's own style are part of the key: another
        # theme draws the same content in other colours.
        key = (self.render_key(), width, self.app.theme, self.visual_style)  # type: ignore[attr-defined]
        kept = self._kept()
        lines = kept.get(key)
        if lines is None:
            visual = self._render()  # type: ignore[attr-defined]
            lines = Visual.to_strips(self, visual, width, None, self.visual_style)  # type: ignore[arg-type, attr-defined]
            kept[key] = lines
            while len(kept) > self.KEPT_RENDERS:
                kept.popitem(last=False)
        else:
            kept.move_to_end(key)
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not width or self.text_selection is not None:  # type: ignore[attr-defined]
            return super().get_content_height(container, viewport, width)  # type: ignore[misc]
        return len(self._lines(width))

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:  # type: ignore[attr-defined]
            return super().render_line(y)  # type: ignore[misc]  # drawn over the text: not kept
        width = self.size.width  # type: ignore[attr-defined]
        lines = self._lines(width)
        if 0 <= y < len(lines):
            return lines[y]
        return Strip.blank(width, self.visual_style.rich_style)  # type: ignore[attr-defined]
