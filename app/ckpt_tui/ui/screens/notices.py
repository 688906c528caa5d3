"""``M``: the full text of the latest notifications (``ui/notice_log.py``
keeps them), newest first."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ckpt_tui.ui.notice_log import NoticeLog
from ckpt_tui.ui.render import safe_block
from ckpt_tui.ui.screens.dialog import Dialog
from ckpt_tui.ui.widgets.key_scroll import KeyScroll


class NoticesScreen(Dialog[None]):
    DEFAULT_CSS = """
    NoticesScreen { align: center middle; }
    NoticesScreen > VerticalScroll {
        width: 100; max-width: 96%; height: 80%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    NoticesScreen .notice { margin-bottom: 1; }
    """

    def __init__(self, log: NoticeLog) -> None:
        super().__init__()
        self.log_ = log

    def compose(self) -> ComposeResult:
        scroll = KeyScroll()
        scroll.border_title = "Messages, newest first"
        with scroll:
            if not self.log_.notices:
                yield Static(Text("No messages yet.", style="dim"))
            for notice in self.log_.notices:
                when = notice.at.astimezone().strftime("%H:%M:%S")
                head = Text.assemble((when, "dim"), " ", (notice.title or notice.severity, "bold"))
                yield Static(Text.assemble(head, "\n", safe_block(notice.text)), classes="notice")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
