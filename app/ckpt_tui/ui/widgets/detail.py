"""The detail pane: whatever the lists have selected, laid out to read."""

from __future__ import annotations

from rich.console import RenderableType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ckpt_tui.ui.render import literal


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
        self._body = Static("Select a session or a snapshot.", classes="detail-body")
        self._shown: tuple[str, RenderableType] | None = None
        self._reveal: tuple[str, str] | None = None

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
        if self._reveal is not None and self._reveal[0] == title:
            label, self._reveal = self._reveal[1], None
            line = self._line_of(renderable, label)
            if line:
                self.call_after_refresh(self.scroll_to, y=line, animate=False)

    def reveal(self, title: str, label: str) -> None:
        """When content titled ``title`` is shown next, scroll to the line
        that is exactly ``label`` (a field's heading): a search hit's field."""
        self._reveal = (title, label)

    def _line_of(self, renderable: RenderableType, label: str) -> int | None:
        from rich.console import Group
        from rich.text import Text

        if not isinstance(renderable, Group):
            return None
        width = max(self.scrollable_content_region.width, 20)
        options = self.app.console.options.update_width(width)
        line = 0
        for part in renderable.renderables:
            if isinstance(part, Text) and part.plain == label:
                return line
            line += len(self.app.console.render_lines(part, options, pad=False))
        return None
