"""The latest notifications' full text, and the one line a notification shows.

A notification is one short line (it must never cover a dialog's buttons);
a message with more to say (an import's list of what it created, an error's
detail) keeps its full text here, newest first, for ``M``
(``ui/screens/notices.py``). Apart from the screen so that the app's start
does not import it (the first frame).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime

from textual.notifications import Notification

from ckpt_tui import timeutil

#: The longest a notification's line gets before it is cut, however wide
#: the terminal (the app cuts it to the toast's width: one row).
NOTICE_WIDTH = 200
#: How many full messages are kept.
KEPT_NOTICES = 30
#: What a cut notification ends with: where the rest is.
MORE_HINT = " (M: full text)"


@dataclass(frozen=True, slots=True)
class Notice:
    severity: str
    title: str
    text: str
    #: When it was said (UTC; ``M`` shows it in local time).
    at: datetime = field(default_factory=timeutil.now)


def one_line(message: str, width: int = NOTICE_WIDTH) -> tuple[str, bool]:
    """The notification's line, at most ``width`` characters, and whether
    anything was left out of it. A line too long is cut in the middle: its
    end, the key that takes the write back (``(u undoes it)``), stays."""
    width = max(min(width, NOTICE_WIDTH), 20)
    lines = [line for line in message.strip().splitlines() if line.strip()]
    first = " ".join(lines[0].split()) if lines else ""
    cut = len(lines) > 1 or len(first) > width
    if len(first) > width:
        head, paren, hint = first.rpartition(" (")
        tail = f" ({hint}" if paren and first.endswith(")") and len(hint) < width // 2 else ""
        room = width - len(tail) - 1
        first = (head if tail else first)[:room].rstrip() + "…" + tail
    return first, cut


def toast_line(message: str, width: int) -> str:
    """The one row a toast ``width`` characters wide shows of ``message``:
    its first line, cut to fit, and where the rest is when there is more."""
    line, cut = one_line(message, width)
    if not cut:
        return line
    if len(line) + len(MORE_HINT) > width:
        line, _ = one_line(line, width - len(MORE_HINT))
    return line + MORE_HINT


class NoticeLog:
    """The latest notifications' full text, kept by the app, and the
    notifications on screen now (so a dialog can take some off it)."""

    def __init__(self) -> None:
        self.notices: deque[Notice] = deque(maxlen=KEPT_NOTICES)
        self._shown: list[Notification] = []
        #: The notifications on screen that name the key taking a write
        #: back ("(u undoes it)"): identity -> the session that key acts on.
        self._takes_back: dict[str, str] = {}

    def add(self, severity: str, title: str, text: str) -> None:
        self.notices.appendleft(Notice(severity, title, text))

    def same_shown(self, notification: Notification) -> bool:
        """Whether a notification saying the same is on screen now."""
        said = (notification.message, notification.title, notification.severity)
        return any((n.message, n.title, n.severity) == said for n in self.shown())

    def showing(self, notification: Notification, takes_back: str | None = None) -> None:
        """``notification`` goes on screen; ``takes_back``: the session whose
        undo or redo key it names (it is true only while that key acts there)."""
        self._shown = [n for n in self._shown if not n.has_expired]
        self._shown.append(notification)
        if takes_back is not None:
            self._takes_back[notification.identity] = takes_back

    def takes_back(self, notification: Notification) -> str | None:
        """The session whose undo or redo key ``notification`` names, if any."""
        return self._takes_back.get(notification.identity)

    def shown(self) -> list[Notification]:
        """The notifications on screen now (not expired nor taken off)."""
        self._shown = [n for n in self._shown if not n.has_expired]
        return list(self._shown)

    def only(self, kept: list[Notification]) -> None:
        """Only ``kept`` are on screen now."""
        self._shown = list(kept)
        identities = {n.identity for n in kept}
        self._takes_back = {i: s for i, s in self._takes_back.items() if i in identities}
