"""The line that filters one of the main screen's lists (``/``): each
keystroke narrows the list (the list queries once typing rests), ``enter``
keeps the filter and goes back to the list, ``esc`` clears it (the main
screen's ``main.clear_filter``, which also works from the list)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.binding import Binding, BindingType
from textual.widgets import Input

from ckpt_tui.ui.widgets.paged_list import PagedList


class FilterLine(Input):
    #: On the key bar while typing: the two ways out (the list's own keys
    #: would be typed into the line).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Keep filter", id="filter.keep"),
        Binding("escape", "clear_filter", "Clear filter", id="filter.clear"),
    ]
    DEFAULT_CSS = """
    FilterLine {
        display: none; height: 3; border: round $accent; padding: 0 1;
        border-title-color: $accent; border-title-style: bold;
    }
    FilterLine:focus { border: round $accent; }
    FilterLine.visible { display: block; }
    """

    def __init__(self) -> None:
        super().__init__(placeholder="type to narrow the list", id="filter")
        #: The list being filtered (the last one ``/`` was pressed in).
        self.target: PagedList | None = None

    def open_for(self, target: PagedList) -> None:
        """Show the line over ``target``'s filter, and type into it."""
        self.target = target
        self.value = target.filter_text
        self.border_title = f"/ filter {target.NOUN}"
        self.border_subtitle = "enter keeps it · esc clears"
        self.placeholder = "type to narrow the list"
        self.add_class("visible")
        # Now, not via ``focus()`` (which waits behind queued keys): what
        # is typed right after ``/`` goes into the line.
        self.screen.set_focus(self)

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if self.target is not None:
            self.target.set_filter(event.value)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.close()

    def close(self) -> None:
        """Hide the line; the filter stays, the list has the focus again."""
        self.remove_class("visible")
        if self.target is not None:
            self.screen.set_focus(self.target)

    def action_clear_filter(self) -> None:
        self.clear_filter()

    def clear_filter(self) -> None:
        """``esc``: the filter goes, if there is one to clear."""
        if self.has_class("visible") or (self.target is not None and self.target.filter_text):
            self.value = ""
            if self.target is not None:
                self.target.set_filter("")
            self.close()
