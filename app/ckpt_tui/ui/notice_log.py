"""The latest notifications' full text, and the one line a notification shows.

A notification is one short line (it must never cover a dialog's buttons);
a message with more to say (an import's list of what it created, an error's
detail) keeps its full text here, newest first, for ``M``
(``ui/screens/notices.py``). Apart from the screen so that the app's start
does not import it (the first frame).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from textual.notifications import Notification

#: The longest a notification's line gets before it is cut (a toast is 60
#: columns wide: at most four rows; paths in messages need the room).
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
