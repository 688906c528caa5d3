"""The board: every session in flight across all projects, grouped by
status or by project, newest activity first; ``enter`` opens one in the
main screen. Monday morning's view: where did I leave everything?"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.strip import Strip

from ckpt_tui.core.actions import Service
from ckpt_tui.core.board import IN_FLIGHT, BoardItem
from ckpt_tui.core.model import STATUSES, status_label
from ckpt_tui.records import Page
from ckpt_tui.ui.messages import OpenInMain
from ckpt_tui.ui.render import fit, safe, status_chip
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.paged_list import PagedList

GROUP_WIDTH = 18


def _tail(path: str) -> str:
    return path.rstrip("/").rpartition("/")[2] or path


class BoardList(PagedList[BoardItem]):
    """One keyset page of 50 at a time, from one query (core.board)."""

    NOUN = "sessions"
    EMPTY_TEXT = "Nothing in flight: no session is in progress or blocked"
    PAGE_SIZE = 50
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *PagedList.COMPONENT_CLASSES,
        "board--group",
        "board--blocker",
        "board--muted",
    }
    DEFAULT_CSS = """
    BoardList > .board--group { color: $accent; text-style: bold; }
    BoardList > .board--blocker { color: $error; }
    BoardList > .board--muted { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "toggle_group", "Group by", id="board.toggle_group"),
        Binding("a", "toggle_all", "All statuses", id="board.toggle_all"),
    ]

    def __init__(self, service: Service) -> None:
        self.service = service
        self.group = "status"
        self.statuses: tuple[str, ...] = IN_FLIGHT
        self._index = 0
        super().__init__("Board", id="board")

    def title_text(self) -> str:
        what = ", ".join(status_label(s) for s in self.statuses)
        return f"{super().title_text()} · {what} · by {self.group}"

    def context(self) -> object:
        return (self.group, self.statuses)

    def fetch(self, after, limit) -> Page[BoardItem]:
        return self.service.board(self.statuses, group=self.group, after=after, limit=limit)

    def row_key(self, row: BoardItem) -> object:
        return row.session_id

    def row_time(self, row: BoardItem) -> object:
        return row.last_activity

    def render_line(self, y: int) -> Strip:
        self._index = int(self.scroll_offset.y) + y  # render_row draws a group once
        return super().render_line(y)

    def render_row(self, row: BoardItem, width: int) -> Text:
        muted = self.get_component_rich_style("board--muted")
        i = self._index
        key = row.group_key(self.group)
        first = i == 0 or i > len(self.rows) or self.rows[i - 1].group_key(self.group) != key
        label = status_label(row.status) if self.group == "status" else _tail(row.directory)
        group = fit(safe(label, 200), GROUP_WIDTH - 1) if first else Text()
        group.stylize(self.get_component_rich_style("board--group"))
        group.pad_right(GROUP_WIDTH - group.cell_len)
        right = Text.assemble(
            (f"{row.snapshot_count:>5}", "bold"),
            (f" {self.row_age(row)}", muted),
        )
        middle = safe(row.title or row.session_id, 300, "bold")
        if self.group == "status":
            middle.append(" ")
            middle.append_text(safe(_tail(row.directory), 100, "dim"))
        if row.archive_origin is not None:  # the archive's board: which machine
            middle.append(" @", style="dim")
            middle.append_text(safe(self.service.host_of(row.archive_origin), 100, "dim"))
        if row.blockers:
            middle.append("  ⚠ ", style=self.get_component_rich_style("board--blocker"))
            middle.append_text(safe(row.blockers[0], 300))
            if len(row.blockers) > 1:
                middle.append(f" (+{len(row.blockers) - 1})", style=muted)
        if row.next_step:
            middle.append("  → ", style=muted)
            middle.append_text(safe(row.next_step, 300))
        # Grouped by status, the group names it: a chip on every row said it
        # again, in the 12 columns a title needs at 80.
        chip = Text() if self.group == "status" else status_chip(row.status).append(" ")
        room = max(width - GROUP_WIDTH - chip.cell_len - right.cell_len - 1, 4)
        return Text.assemble(group, chip, fit(middle, room), " ", right)

    def action_open(self) -> None:
        row = self.highlighted
        if row is not None:
            self.post_message(OpenInMain(row.project_id, row.session_id))

    def action_toggle_group(self) -> None:
        self.group = "project" if self.group == "status" else "status"
        self.reload(keep_selection=True)

    def action_toggle_all(self) -> None:
        self.statuses = STATUSES if self.statuses == IN_FLIGHT else IN_FLIGHT
        self.reload(keep_selection=True)


class BoardScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="boardscreen.close"),
    ]

    def __init__(self, service: Service) -> None:
        super().__init__()
        self.list = BoardList(service)

    def compose(self) -> ComposeResult:
        yield self.list
        yield KeyBar()

    def on_mount(self) -> None:
        self.list.reload(reset=True)
        self.list.focus()

    def action_close(self) -> None:
        self.dismiss()
