"""``Static`` and ``Label`` whose text carries style names (``ui/styles.py``).

The text is kept as given and its names are resolved each time it is drawn,
so a theme chosen in the palette repaints it in the new theme's colours.
Each class resolves only the names it lists (a component class costs a
style match when the widget mounts).
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import RenderResult
from textual.widgets import Label, Static

from ckpt_tui.ui.path_wrap import SlashWrapped
from ckpt_tui.ui.styles import MESSAGES, STATUS_CHIP, Themed, component_css

#: What the detail pane draws: a checkpoint (its field labels, status,
#: placeholder mark, extra keys, a damaged payload) and a snapshot's heading.
DETAIL = frozenset(
    {
        "ckpt--field",
        "ckpt--placeholder",
        "ckpt--restored",
        "ckpt--warning-bold",
        "ckpt--error",
        "ckpt--chip-alarm",
        *STATUS_CHIP.values(),
    }
)


class DrawsThemed(Themed):
    """Mixed into a ``Static`` or a ``Label``: keeps what it is given and
    resolves its names when drawn.

    ``Static.update`` would turn a Rich ``Text`` into ``Content`` at once,
    parsing each style, and a name is no Rich style: so the text is kept
    as given (``shown``) and only :meth:`render` resolves it. ``Static``
    itself is given the plain text, so its ``content`` and ``visual`` still
    say what is shown.
    """

    shown: RenderableType | str = ""

    def __init__(self, content: RenderableType | str = "", **kwargs) -> None:
        super().__init__(plain(content), **kwargs)  # type: ignore[call-arg]
        self.shown = content

    def update(self, content: RenderableType | str = "", *, layout: bool = True) -> None:
        self.shown = content
        super().update(plain(content), layout=layout)  # type: ignore[misc]

    def render(self) -> RenderResult:
        return self.themed(self.shown)  # type: ignore[arg-type]


def plain(content: RenderableType | str) -> RenderableType | str:
    """``content`` without its style names (a ``Text`` as its characters)."""
    return Text(content.plain) if isinstance(content, Text) else content


class ThemedStatic(DrawsThemed, Static):
    """A ``Static`` showing messages (success, warning, error)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(MESSAGES)
    DEFAULT_CSS = component_css(MESSAGES)


class PathLine(ThemedStatic):
    """A ``ThemedStatic`` whose line names a file: a path too long for it
    breaks after a ``/``, not inside a name (``ui/path_wrap.py``)."""

    def render(self) -> RenderResult:
        shown = self.themed(self.shown)  # type: ignore[arg-type]
        return SlashWrapped(shown) if isinstance(shown, Text) else shown


class ThemedLabel(DrawsThemed, Label):
    """A ``Label`` showing messages (success, warning, error)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(MESSAGES)
    DEFAULT_CSS = component_css(MESSAGES)


class DetailText(DrawsThemed, Static):
    """The body of the detail pane: a checkpoint, a project, a note."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(DETAIL)
    DEFAULT_CSS = component_css(DETAIL)
