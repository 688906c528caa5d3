"""A partial frame draws only the widgets, and their lines, it changes.

When a widget refreshes part of itself (``j`` moves a list's cursor: two
rows), Textual's compositor draws a partial frame: the rows that changed,
cut from the widgets' lines. To get those lines it asks every widget
whose *container* overlaps the changed rows for all of its lines
(``Compositor._get_renders``): on the main screen that is all twelve of
them, the key bar, the header, the other two lists, their scrollbars and
the detail pane included, each walking its lines (kept, but walked, cut
and filtered) only for the two rows of one list to be used. That was most
of ``j``'s time to the frame against the minimal app's one label
(issue 12).

:func:`_get_renders` here gives the compositor the same lines for the rows
that changed: only widgets whose own visible region overlaps them, and of
those only the lines in the changed rows' span. The columns are not cut
(the compositor cuts each line at the widgets' edges, which are cut points;
the changed rows' edges need not be). A widget behind one that spans all
the changed columns on its rows is left out too: the compositor paints
front to back and keeps the first piece drawn at each cut, and every cut
of those rows is the front widget's (the screen and the panes' container
behind the list on ``j``). A full frame (no crop) is Textual's own.

``Compositor._get_renders`` is a private Textual name (Textual is pinned
below 9); ``tests/test_ui_partial_renders.py`` checks that a cursor move
draws only the list and its containers, and that what a terminal shows
after many partial frames equals a full frame.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip

_textual_get_renders = Compositor._get_renders


def _get_renders(
    self: Compositor, crop: Region | None = None
) -> Iterable[tuple[Region, Region, list[Strip]]]:
    """Textual's ``_get_renders``, each widget's lines limited to ``crop``'s
    rows and widgets outside them left out (see the module's docstring)."""
    if not crop:
        yield from _textual_get_renders(self, crop)
        return
    _rich_traceback_guard = True  # noqa: F841 (Textual's traceback trim)
    crop_x, crop_y, crop_width, crop_height = crop
    crop_right, crop_bottom = crop_x + crop_width, crop_y + crop_height
    covered: list[tuple[int, int]] = []  # rows drawn across all of crop's columns
    for widget, (region, clip) in self.visible_widgets.items():  # front to back
        x, y, width, height = region.intersection(clip)
        if not (width and height) or x >= crop_right or x + width <= crop_x:
            continue
        top, bottom = max(y, crop_y), min(y + height, crop_bottom)
        if top >= bottom or any(above <= top and bottom <= below for above, below in covered):
            continue  # not in the rows, or hidden there by a widget in front
        if x <= crop_x and x + width >= crop_right:
            covered.append((top, bottom))
        drawn = Region(x, top, width, bottom - top)
        yield (
            drawn,
            drawn,
            widget.render_lines(Region(x - region.x, top - region.y, width, bottom - top)),
        )


def install() -> None:
    """Make every screen's compositor draw partial frames this way."""
    Compositor._get_renders = _get_renders  # type: ignore[method-assign]
