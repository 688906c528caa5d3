"""``?``: every key, grouped by where it works, with the user's remaps."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding, BindingType
from textual.keys import format_key
from textual.widgets import Static

from ckpt_tui.ui.screens.dialog import Dialog
from ckpt_tui.ui.screens.installed import Reused
from ckpt_tui.ui.styles import Themed, component_css
from ckpt_tui.ui.widgets.key_scroll import KeyScroll

#: The key column's width; a group's title fits in it (``commands.py``).
KEY_WIDTH = 18


def _key_label(keys: str) -> str:
    """A binding's keys as the key bar names them (``]``, not
    ``right_square_bracket``), but ``enter`` by its name."""
    names = {"enter": "enter"}
    return ", ".join(names.get(k.strip()) or format_key(k.strip()) for k in keys.split(","))


def help_table(
    groups: list[tuple[str, list[Binding]]],
    keymap: dict[str, str],
    style: Callable[[str], Style | str] = str,
    notes: tuple[str, ...] = (),
) -> Table:
    """The keys as a table; ``style`` resolves the style names it uses.
    ``notes``: what the person's keymap took over (or could not), first.
    One column of padding between columns and none at the edges: at 80
    columns the words of each key get the room, not the margins."""
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False, expand=True)
    # Keys wrap between keys ("ctrl+r, ctrl+shift+z," then "ctrl+y"), never cut.
    table.add_column("key", style=style("ckpt--key"), width=KEY_WIDTH)
    table.add_column("action", ratio=1)
    table.add_column("id", style="dim", no_wrap=True)
    if notes:
        table.add_row(Text("Your keymap", style=style("ckpt--heading")), "", "")
        for note in notes:
            table.add_row("", Text(note), "")  # config text: literal, never markup
        table.add_row("", "", "")
    for title, bindings in groups:
        table.add_row(Text(title, style=style("ckpt--heading")), "", "")
        for b in bindings:
            keys = keymap.get(b.id or "", b.key)
            table.add_row(_key_label(keys), b.description or b.action, b.id or "")
        table.add_row("", "", "")
    return table


class HelpTable(Themed, Static):
    """The table, built when drawn: its colours come from the theme."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"ckpt--key", "ckpt--heading"}
    DEFAULT_CSS = component_css(COMPONENT_CLASSES)

    def __init__(
        self,
        groups: list[tuple[str, list[Binding]]],
        keymap: dict[str, str],
        notes: tuple[str, ...] = (),
    ) -> None:
        super().__init__()
        self.groups = groups
        self.keymap = keymap
        self.notes = notes

    def render(self) -> RenderResult:
        return help_table(self.groups, self.keymap, self.theme_style, self.notes)


class HelpScreen(Reused, Dialog[None]):
    # An opaque screen: under a translucent one Textual renders the main
    # screen and tints every segment of it on each full frame (a ``?`` took
    # three times as long). The help is read on its own.
    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background; }
    HelpScreen > VerticalScroll {
        width: 90; max-width: 100%; height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
        /* The table is longer than the dialog: with the scrollbar's room kept
           from the start, it is laid out and rendered at one width, not at
           a second one when the scrollbar appears. */
        scrollbar-gutter: stable;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "close", "Close", id="help.close"),
    ]

    def __init__(
        self,
        groups: list[tuple[str, list[Binding]]],
        keymap: dict[str, str],
        notes: tuple[str, ...] = (),
    ) -> None:
        super().__init__()
        self.groups = groups
        self.keymap = keymap
        self.notes = notes

    def compose(self) -> ComposeResult:
        scroll = KeyScroll()
        scroll.border_title = r"Keys  (remap any id in config.toml \[keymap])"
        with scroll:
            yield HelpTable(self.groups, self.keymap, self.notes)
