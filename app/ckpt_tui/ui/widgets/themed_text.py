"""``Static`` and ``Label`` whose text carries style names (``ui/styles.py``).

The text is kept as given and its names are resolved each time it is drawn,
so a theme chosen in the palette repaints it in the new theme's colours.
Each class resolves only the names it lists (a component class costs a
style match when the widget mounts).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Label, Static

from ckpt_tui.ui.path_wrap import SlashWrapped
from ckpt_tui.ui.styles import MESSAGES, STATUS_CHIP, Themed, component_css
from ckpt_tui.ui.widgets.rendered_once import RenderedOnce

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


class _DrawnThemed(Themed):
    """Keeps what it is given and resolves its names when drawn.

    ``Static.update`` would turn a Rich ``Text`` into ``Content`` at once,
    parsing each style, and a name is no Rich style: so the text is kept
    as given (``shown``) and only :meth:`render` resolves it. ``Static``
    itself is given the plain text, so its ``content`` and ``visual`` still
    say what is shown.
    """

    shown: RenderableType | str = ""

    def update(self, content: RenderableType | str = "", *, layout: bool = True) -> None:
        self.shown = content
        super().update(plain(content), layout=layout)  # type: ignore[misc]

    def render(self) -> RenderResult:
        return self.themed(self.shown)  # type: ignore[arg-type]


def plain(content: RenderableType | str) -> RenderableType | str:
    """``content`` without its style names (a ``Text`` as its characters)."""
    return Text(content.plain) if isinstance(content, Text) else content


class ThemedStatic(_DrawnThemed, Static):
    """A ``Static`` showing messages (success, warning, error)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(MESSAGES)
    DEFAULT_CSS = component_css(MESSAGES)

    def __init__(self, content: RenderableType | str = "", **kwargs) -> None:
        super().__init__(plain(content), **kwargs)
        self.shown = content


class PathLine(ThemedStatic):
    """A ``ThemedStatic`` whose line names a file: a path too long for it
    breaks after a ``/``, not inside a name (``ui/path_wrap.py``)."""

    def render(self) -> RenderResult:
        shown = self.themed(self.shown)  # type: ignore[arg-type]
        return SlashWrapped(shown) if isinstance(shown, Text) else shown


class ThemedLabel(_DrawnThemed, Label):
    """A ``Label`` showing messages (success, warning, error)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(MESSAGES)
    DEFAULT_CSS = component_css(MESSAGES)

    def __init__(self, content: RenderableType | str = "", **kwargs) -> None:
        super().__init__(plain(content), **kwargs)
        self.shown = content


class DetailText(RenderedOnce, ThemedStatic):
    """The body of the detail pane: rendered once per content and width
    (``ui/widgets/rendered_once.py``); the pane says what the content is
    (:meth:`show`), so a checkpoint seen again is drawn without a render."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(DETAIL)
    DEFAULT_CSS = component_css(DETAIL)
    #: Its height is its content's (``auto``): the layout that sized it
    #: already holds its new height, and its virtual size (its size: it does
    #: not scroll) changing asked Textual for one more layout of the screen.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, content: RenderableType | str = "", **kwargs) -> None:
        super().__init__(content, **kwargs)
        self._key: Hashable = ("shown", 0)
        self._shown_count = 0

    def show(self, content: RenderableType | str, key: Hashable | None = None) -> None:
        """Show ``content``; ``key`` says what it is (equal keys: the same
        lines at the same width), ``None``: something not to keep."""
        if key is None:  # a number of its own: never drawn from an earlier render
            self._shown_count += 1
            key = ("shown", self._shown_count)
        # A checkpoint as tall as the one shown before is a repaint: laying
        # out the screen (in case the pane's scroll height changed) is not needed.
        width = self.content_size.width
        if not width or self.text_selection is not None:
            self._key = key
            self.update(content)
            return
        before = len(self._lines(width))
        self._key = key
        self.update(content, layout=False)
        if len(self._lines(width)) != before:
            self.refresh(layout=True)

    def render_key(self) -> Hashable:
        return self._key

    def line_count(self, width: int) -> int:
        """How many lines its content takes at ``width`` (its height)."""
        return len(self._lines(width))


# Only its own names (Widget.__init_subclass__ takes no inherit_component_classes).
DetailText._inherit_component_classes = False
