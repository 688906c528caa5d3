"""The top line: which store, which schema, and whether writes are off."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import Static

from ckpt_tui.ui.mark import Mark
from ckpt_tui.ui.render import fit_path, home_relative, safe
from ckpt_tui.ui.styles import component_css
from ckpt_tui.ui.widgets.themed_text import DrawsThemed


class StoreHeader(DrawsThemed, Static):
    #: Only what the header draws (each component class costs a style
    #: match when the first screen mounts).
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "ckpt--chip-alarm", "ckpt--error", "ckpt--warning-italic"
    }
    DEFAULT_CSS = """
    StoreHeader {
        dock: top;
        height: 1;
        background: $panel;
        color: $text;
        padding: 0 1;
    }
    """ + component_css(COMPONENT_CLASSES)

    def __init__(self, path: str, version: int, read_only_reason: str | None) -> None:
        super().__init__()
        self.path = path
        self.version = version
        self.read_only_reason = read_only_reason
        self.status = ""
        self.mark: Mark | None = None
        self.clear_key = "esc"

    def set_store(self, version: int, read_only_reason: str | None) -> None:
        """The store was reopened (another file at its path)."""
        self.version = version
        self.read_only_reason = read_only_reason
        self.update(self._text())

    def set_status(self, status: str) -> None:
        self.status = status
        self.update(self._text())

    def set_mark(self, mark: Mark | None, clear_key: str = "esc") -> None:
        """The mark ``d`` and ``r`` use across sessions, shown until cleared
        (``clear_key`` clears it)."""
        self.mark, self.clear_key = mark, clear_key
        self.update(self._text())

    def on_mount(self) -> None:
        self.update(self._text())

    def on_resize(self) -> None:
        self.update(self._text())  # the path gives up what the line lacks

    def _text(self) -> Text:
        """The line, fitted to the width: on a narrow line the path is cut
        from its left (down to a dozen cells), then the schema and the
        marked snapshot's session id are left out, before the mark, the
        way to clear it, read-only or a status would be cut."""
        width = self.content_region.width
        path = safe(home_relative(self.path), 300)
        text = Text()
        for room_made in range(3):
            schema = room_made < 1
            session = room_made < 2
            text = self._after_path(schema, session)
            room = width - len("ckpt-tui ") - text.cell_len
            if room >= min(path.cell_len, 12):
                break
        if path.cell_len > room:
            path = fit_path(path, max(room, 12))
            path.rstrip()  # fit_path pads a path it cut shorter than the room
        return Text.assemble(("ckpt-tui ", "bold"), path, text)

    def _after_path(self, schema: bool, session: bool) -> Text:
        text = Text(f"  schema v{self.version}" if schema else "", "dim")
        if self.read_only_reason:
            text.append("  ")
            text.append(" READ-ONLY ", style="ckpt--chip-alarm")
            text.append(f" {self.read_only_reason}", style="ckpt--error")
        if self.mark is not None:
            text.append("  ◆ marked: ", style="bold")
            text.append_text(safe(self.mark.name, 60))
            where = f"{self.mark.session_id}; " if session else ""
            text.append(f" ({where}{self.clear_key} clears)", style="dim")
        if self.status:
            text.append(f"  {self.status}", style="ckpt--warning-italic")
        return text
