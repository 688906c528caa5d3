"""The lists' rows put in their border quickly, and their scrollbars drawn
from the bar's segments.

At launch the first frame draws the three lists new: each row is drawn
(``PagedList.render_line``), then Textual's ``StylesCache`` builds each
line around it, working out the border's edges, styles and colours again
for every line, and the scrollbars are rendered through Rich. That was a
quarter of drawing the lists (issue 12: the first frame at most 1.3× a
minimal app's). The text views do it quickly already
(``quick_lines.py``); here the lists do too:

* :class:`QuickListLines`: a content line is the row between the edges
  worked out once a paint (:class:`QuickLines`), and the whole paint is
  still kept per focus state (:class:`KeptStyledLines`). The quick lines
  come filtered (the app's line filters) and are kept so, given back with
  no filter applied again: ``QuickLines`` calls ``KeptStyledLines.render``
  with no filters, exactly when it builds the lines filtered itself.
* :class:`QuickListDrawing`: the list's vertical scrollbar is a
  :class:`QuickScrollBar`.

Private Textual names as in ``quick_lines.py`` and ``kept_styled_lines.py``
(pinned below 9); ``tests/test_ui_quick_list_lines.py`` checks that the
lists' lines are built here and equal what Textual draws.
"""

from __future__ import annotations

from textual.scrollbar import ScrollBar

from ckpt_tui.ui.widgets.kept_styled_lines import KeptStyledLines
from ckpt_tui.ui.widgets.quick_lines import QuickLines, quick_vertical_scrollbar


class QuickListLines(QuickLines, KeptStyledLines):
    """A list's ``StylesCache``: lines built quickly, whole paints kept."""


class QuickListDrawing:
    """Mix in before ``KeptLines`` (which makes the widget's
    ``StylesCache``) in a line-API list."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._styles_cache = QuickListLines()

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """Textual's own (``Widget.vertical_scrollbar``), drawn quickly: a
        :class:`QuickScrollBar`."""
        return quick_vertical_scrollbar(self)
