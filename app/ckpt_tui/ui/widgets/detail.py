"""The detail pane: whatever the lists have selected, laid out to read."""

from __future__ import annotations

from rich.console import RenderableType
from textual.containers import VerticalScroll

from ckpt_tui.ui.render import literal
from ckpt_tui.ui.widgets.themed_text import DetailText


class DetailPane(VerticalScroll, can_focus=True):
    DEFAULT_CSS = """
    DetailPane {
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        padding: 0 1;
        height: 1fr;
    }
    DetailPane:focus { border: round $accent; border-title-color: $text; }
    DetailPane > Static { width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "4 Detail"
        self._body = DetailText("Select a session or a snapshot.", classes="detail-body")
        self._shown: tuple[str, RenderableType] | None = None

    def compose(self):
        yield self._body

    def show(self, renderable: RenderableType, title: str = "Detail") -> None:
        # Every highlight asks again; the same text again would only cost a
        # layout and a repaint (three of them on the first frame).
        if self._shown == (title, renderable):
            return
        self._shown = (title, renderable)
        self.border_title = literal(f"4 {title}")
        self._body.update(renderable)
        self.scroll_home(animate=False)
