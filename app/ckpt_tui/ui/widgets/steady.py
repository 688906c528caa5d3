"""Scrolling widgets whose new content does not lay out the screen again.

Textual's ``virtual_size`` (how much there is to scroll) is a layout
reactive: whenever it changes, Textual lays out and repaints the whole
screen, in case the widget is sized by its content. The diff views and
the field picker of the previews are not (their size comes from the CSS:
``1fr``, a fixed width), so their new lines only move the scrollbar; laying
out the screen for them was over half of ``d`` or ``r`` on a snapshot whose
diff has another length than the one shown before (issue 12).
:func:`update_in_place` does the same for a label whose height stays.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.visual import VisualType
from textual.widgets import Static


class SteadyScroll:
    """Mixed into a scrolling widget, before its Textual base: a new
    ``virtual_size`` updates the scrollbar, and lays out the screen only if
    the widget's own width or height is ``auto`` (sized by its content), or
    the scrollbar appears or goes (the content gets narrower or wider:
    Textual's ``show_vertical_scrollbar`` lays out the screen itself)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        if self._sized_by_content():
            self.refresh(layout=True)  # type: ignore[attr-defined]
        elif self.is_scrollable:  # type: ignore[attr-defined]
            self._scroll_update(size)  # type: ignore[attr-defined]

    def _sized_by_content(self) -> bool:
        """Whether the content may change this widget's box: its width or
        height is ``auto``, or a share (``1fr``) of a parent sized by its
        own content (no width or height rule: it fills its parent)."""
        styles = self.styles  # type: ignore[attr-defined]
        parent = self.parent  # type: ignore[attr-defined]
        for rule, parent_auto in (
            (styles.width, parent is not None and parent.styles.is_auto_width),
            (styles.height, parent is not None and parent.styles.is_auto_height),
        ):
            if rule is not None and (rule.is_auto or (rule.is_fraction and parent_auto)):
                return True
        return False


def update_in_place(label: Static, content: VisualType) -> None:
    """``label.update(content)``, laying out the screen only if the new
    content takes another number of lines at the label's width: a preview
    opened on another snapshot changes its title and summary, mostly not
    their height. (A label whose width is ``auto`` is laid out as usual.)"""
    width = label.content_size.width
    if not width or label.styles.width is None or label.styles.is_auto_width:
        label.update(content)
        return
    container, viewport = label.container_size, label.app.size
    before = label.get_content_height(container, viewport, width)
    label.update(content, layout=False)
    if label.get_content_height(container, viewport, width) != before:
        label.refresh(layout=True)
