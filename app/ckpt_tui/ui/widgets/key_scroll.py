"""A scrolling box of text (the help, the messages, the hand-off note)
that moves with the keys the lists and text views use: a person who
scrolls a diff with ``j``/``k``/``g``/``G`` expects the help to scroll so
too (Textual's own box has only the arrows and the page keys)."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll


class KeyScroll(VerticalScroll):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "scroll_down", "Down", show=False, id="scroll.down"),
        Binding("up,k", "scroll_up", "Up", show=False, id="scroll.up"),
        Binding("pagedown,space", "page_down", "Page down", show=False, id="scroll.page_down"),
        Binding("pageup", "page_up", "Page up", show=False, id="scroll.page_up"),
        Binding("g,home", "scroll_home", "Top", show=False, id="scroll.top"),
        Binding("G,end", "scroll_end", "Bottom", show=False, id="scroll.bottom"),
    ]
