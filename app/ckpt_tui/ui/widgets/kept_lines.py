"""Lines a list keeps across a change of focus.

When a list gains or loses the focus, Textual restyles it (its border) and
repaints all of it: every row is rendered again, though only the cursor
row's colours depend on the focus. That was most of the cost of ``enter``
moving on to the next pane (two lists of rows). A line drawn since the last
repaint that had another cause is given back as it was, if the key it was
drawn for (its row, width, style...) is the same; any other repaint (rows
arrived, the cursor moved, a scroll, a theme) forgets them all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from textual import events
from textual.strip import Strip


class KeptLines:
    """Mix in before a line-API widget (``ScrollView``)."""

    #: Bumped by every repaint not caused by a change of focus.
    _lines_epoch = 0
    #: Set while the widget gains or loses the focus.
    _focus_repaint = False

    def refresh(self, *regions, **kwargs):
        if not self._focus_repaint:
            self._lines_epoch += 1
        return super().refresh(*regions, **kwargs)  # type: ignore[misc]

    # Textual calls the handler of each class in turn: this one first, then
    # ``Widget._on_focus`` (which restyles and repaints the widget); the flag
    # is cleared once the event has been handled by all of them.
    def _on_focus(self, event: events.Focus) -> None:
        self._repaint_for_focus()

    def _on_blur(self, event: events.Blur) -> None:
        self._repaint_for_focus()

    def _repaint_for_focus(self) -> None:
        self._focus_repaint = True
        self.call_next(self._focus_repainted)  # type: ignore[attr-defined]

    def _focus_repainted(self) -> None:
        self._focus_repaint = False

    def kept_line(self, y: int, key: Hashable, draw: Callable[[], Strip]) -> Strip:
        """Line ``y`` as drawn for ``key`` since the last repaint that was not
        a change of focus, else ``draw()``."""
        kept: dict[int, tuple[Hashable, Strip]] = self.__dict__.setdefault("_kept_lines", {})
        key = (self._lines_epoch, key)
        line = kept.get(y)
        if line is not None and line[0] == key:
            return line[1]
        strip = draw()
        kept[y] = (key, strip)
        return strip
