"""``Static`` and ``Label`` whose text carries style names (``ui/styles.py``).

The text is kept as given and its names are resolved each time it is drawn,
so a theme chosen in the palette repaints it in the new theme's colours.
Each class resolves only the names it lists (a component class costs a
style match when the widget mounts).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.strip import Strip
from textual.visual import Visual
from textual.widgets import Label, Static

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


class ThemedLabel(_DrawnThemed, Label):
    """A ``Label`` showing messages (success, warning, error)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(MESSAGES)
    DEFAULT_CSS = component_css(MESSAGES)

    def __init__(self, content: RenderableType | str = "", **kwargs) -> None:
        super().__init__(plain(content), **kwargs)
        self.shown = content


#: How many renders (content and width) the detail pane keeps: ``j`` then
#: ``k`` back, or a few snapshots looked at in turn, draw without rendering.
KEPT_RENDERS = 16


class DetailText(ThemedStatic):
    """The body of the detail pane, drawn from lines rendered once per
    content and width.

    A ``Static`` renders all of its content twice per change (once to learn
    its height for the layout, once to draw it), Markdown included; here one
    render gives both, and the last few renders are kept by the key the pane
    gives (:meth:`show`), so going back to a snapshot just seen costs none.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = set(DETAIL)
    DEFAULT_CSS = component_css(DETAIL)

    def __init__(self, content: RenderableType | str = "", **kwargs) -> None:
        super().__init__(content, **kwargs)
        self._key: Hashable = ("shown", 0)
        self._renders: OrderedDict[Hashable, list[Strip]] = OrderedDict()

    def show(self, content: RenderableType | str, key: Hashable | None = None) -> None:
        """Show ``content``; ``key`` says what it is (equal keys: the same
        lines at the same width), ``None``: something not to keep."""
        self._key = key if key is not None else ("shown", id(content))
        self.update(content)

    def _lines(self, width: int) -> list[Strip]:
        # The theme and the widget's own style are part of the key: a new
        # theme draws the same content in other colours.
        key = (self._key, width, self.app.theme, self.visual_style)
        lines = self._renders.get(key)
        if lines is None:
            lines = Visual.to_strips(self, self._render(), width, None, self.visual_style)
            self._renders[key] = lines
            while len(self._renders) > KEPT_RENDERS:
                self._renders.popitem(last=False)
        else:
            self._renders.move_to_end(key)
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not width or self.text_selection is not None:
            return super().get_content_height(container, viewport, width)
        return len(self._lines(width))

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:  # drawn over the text: not kept
            return super().render_line(y)
        width = self.size.width
        lines = self._lines(width)
        return lines[y] if 0 <= y < len(lines) else Strip.blank(width, self.visual_style.rich_style)


# Only its own names (Widget.__init_subclass__ takes no inherit_component_classes).
DetailText._inherit_component_classes = False
