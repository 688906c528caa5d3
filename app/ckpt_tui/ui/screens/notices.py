"""``M``: the full text of the latest notifications.

A notification is one short line (it must never cover a dialog's buttons);
a message with more to say (an import's list of what it created, an error's
detail) keeps its full text here, newest first.
"""

from __future__ import annotations

from collections import deque

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ckpt_tui.frozen import Frozen
from ckpt_tui.ui.render import safe_block
from ckpt_tui.ui.screens.dialog import Dialog
from ckpt_tui.ui.widgets.key_scroll import KeyScroll

#: The longest a notification's line gets before it is cut (a toast is 60
#: columns wide: at most four rows; paths in messages need the room).
NOTICE_WIDTH = 200
#: How many full messages are kept.
KEPT_NOTICES = 30
#: What a cut notification ends with: where the rest is.
MORE_HINT = " (M: full text)"


class Notice(Frozen):
    severity: str
    title: str
    text: str


def one_line(message: str) -> tuple[str, bool]:
    """The notification's line, and whether anything was left out of it.
    A line too long is cut in the middle: its end, the key that takes the
    write back (``(u undoes it)``), stays."""
    lines = [line for line in message.strip().splitlines() if line.strip()]
    first = " ".join(lines[0].split()) if lines else ""
    cut = len(lines) > 1 or len(first) > NOTICE_WIDTH
    if len(first) > NOTICE_WIDTH:
        head, paren, hint = first.rpartition(" (")
        tail = f" ({hint}" if paren and first.endswith(")") and len(hint) < 60 else ""
        room = NOTICE_WIDTH - len(tail) - 1
        first = (head if tail else first)[:room].rstrip() + "…" + tail
    return first, cut


class NoticeLog:
    """The latest notifications' full text, kept by the app."""

    def __init__(self) -> None:
        self.notices: deque[Notice] = deque(maxlen=KEPT_NOTICES)

    def add(self, severity: str, title: str, text: str) -> None:
        self.notices.appendleft(Notice(severity, title, text))


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
                head = Text(notice.title or notice.severity, style="bold")
                yield Static(Text.assemble(head, "\n", safe_block(notice.text)), classes="notice")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
