"""The left column of a preview: which fields (a restore, a copy, an
adoption) or which session (an adoption). ``j``/``k`` move in them as in
every list of the app; ``space`` ticks a field and is in the key bar."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import OptionList, SelectionList

from ckpt_tui.ui.widgets.steady import SteadyScroll


class FieldPicker(SteadyScroll, SelectionList[str]):
    """Other fields for another snapshot do not lay out the preview
    (``steady.SteadyScroll``): its size is the preview's CSS."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "select", "Toggle field", id="fields.toggle"),
        Binding("j", "cursor_down", "Down", show=False, id="fields.down"),
        Binding("k", "cursor_up", "Up", show=False, id="fields.up"),
    ]


class TargetPicker(OptionList):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False, id="targets.down"),
        Binding("k", "cursor_up", "Up", show=False, id="targets.up"),
    ]
