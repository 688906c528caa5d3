"""Follow a session (or every session) live: each save as one line as it
lands, newest on top.

``w`` on a session opens it for that session; ``w`` on the projects pane,
or ``W`` (also in the palette), for every session in the store. A line is
the history row's change summary with the status change said in full
(``core.watch.SaveEvent.line``); ``enter`` on it opens the diff of that
save (the snapshot before it → it) in the diff screen ``d`` opens. A
session turning Blocked or Done is a notification, and the terminal bell
when ``[watch] bell = true`` in the config.

The store is looked at every :data:`~ckpt_tui.core.watch.POLL_SECONDS` by a
timer; each look is a short thread worker (``Watcher.poll``: a ``stat`` and
``PRAGMA data_version`` while nothing changes), one at a time, whose events
come back with ``call_from_thread``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ckpt_tui import timeutil
from ckpt_tui.core.watch import POLL_SECONDS, SaveEvent, Watcher
from ckpt_tui.errors import CkptError
from ckpt_tui.fields import status_label
from ckpt_tui.plural import counted
from ckpt_tui.records import Page
from ckpt_tui.ui.render import kind_badge, safe
from ckpt_tui.ui.styles import KIND, component_css
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.paged_list import PagedList

if TYPE_CHECKING:
    from ckpt_tui.core.actions import Service
    from ckpt_tui.records import SessionRow

#: Lines kept on screen (the oldest go first); ``ckpt-tui watch`` keeps none.
MAX_LINES = 2000


class FeedList(PagedList[SaveEvent]):
    """The events, newest first, from memory."""

    NOUN = "saves"
    EMPTY_TEXT = "Waiting for the next save…"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *PagedList.COMPONENT_CLASSES,
        *KIND.values(),
        "feed--time",
        "feed--session",
        "feed--blocked",
        "feed--done",
    }
    DEFAULT_CSS = (
        component_css(KIND.values())
        + """
    FeedList > .feed--time { color: $text-muted; }
    FeedList > .feed--session { color: $text-secondary; }
    FeedList > .feed--blocked { color: $text-error; text-style: bold; }
    FeedList > .feed--done { color: $text-success; text-style: bold; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Diff of this save", id="follow.diff"),
    ]

    class Chosen(Message):
        """``enter`` on a line: show what that save changed."""

        def __init__(self, event: SaveEvent) -> None:
            super().__init__()
            self.event = event

    def __init__(self, *, several: bool) -> None:
        super().__init__("Saves, newest first", id="feed")
        self.several = several
        self.events: list[SaveEvent] = []

    def add(self, events: list[SaveEvent]) -> None:
        """New events (oldest first) on top; the cursor stays on its line,
        or on the top line when it was there (following the newest)."""
        self.events[:0] = reversed(events)
        del self.events[MAX_LINES:]
        self.reload(keep_selection=self.cursor != 0)

    def fetch(self, after, limit) -> Page[SaveEvent]:
        start = after[0] if after else 0
        rows = self.events[start : start + limit]
        end = start + len(rows)
        return Page(rows, len(self.events), (end,) if end < len(self.events) else None)

    def row_key(self, row: SaveEvent) -> object:
        return row.snapshot_id

    def render_row(self, row: SaveEvent, width: int) -> Text:
        moment = timeutil.parse(row.captured_at)
        text = Text(moment.strftime("%H:%M:%S ") if moment else "?        ", style="feed--time")
        text.append_text(kind_badge(row.kind))
        text.append(" ")
        if self.several:
            text.append_text(safe(row.session_title or row.session_id, 30, "feed--session"))
            text.append("  ")
        style = {"blocked": "feed--blocked", "done": "feed--done"}.get(row.turned or "", "")
        text.append_text(safe(row.line(), 2000, style))
        return text

    def action_open(self) -> None:
        if self.highlighted is not None:
            self.post_message(self.Chosen(self.highlighted))


class FollowScreen(Screen[None]):
    DEFAULT_CSS = """
    FollowScreen #following { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="follow.close"),
    ]

    def __init__(self, service: Service, session: SessionRow | None, *, bell: bool = False) -> None:
        super().__init__()
        self.service = service
        self.session = session
        self.bell = bell
        self.watcher = Watcher(service.store, session_id=session.id if session else None)
        self.feed = FeedList(several=session is None)
        self.saves = 0
        self._looking = False
        self._error: str | None = None  # said once, until a look succeeds again
        self._since = timeutil.now()

    def compose(self) -> ComposeResult:
        yield Static(self._heading(), id="following")
        yield self.feed
        yield KeyBar()

    def on_mount(self) -> None:
        self.feed.reload(reset=True)
        self.feed.focus()
        self._look()  # the first look takes what is there as seen
        self.set_interval(POLL_SECONDS, self._look)

    def _heading(self) -> Text:
        if self.session is None:
            what = Text("every session in the store", style="bold")
        else:
            what = safe(self.session.display_title or self.session.id, 200, "bold")
            what.append(f" ({self.session.id})", style="")
        text = Text.assemble("Following ", what)
        text.append(
            f" since {self._since:%H:%M:%S} UTC: {counted(self.saves, 'save')}. "
            "Newest on top; enter shows what a save changed."
        )
        return text

    def _look(self) -> None:
        if not self._looking:
            self._looking = True
            self._poll()

    @work(thread=True, group="follow")
    def _poll(self) -> None:
        """One look at the store (never touches the DOM)."""
        try:
            events, error = self.watcher.poll(), None
        except CkptError as exc:
            events, error = [], str(exc)
        self.app.call_from_thread(self._landed, events, error)

    def _landed(self, events: list[SaveEvent], error: str | None) -> None:
        self._looking = False
        if error != self._error and error is not None:
            self.notify(f"Cannot look at the store, trying again: {error}", severity="error")
        self._error = error
        if error is not None:
            return
        if not events:
            return
        self.saves += len(events)
        self.feed.add(events)
        self.query_one("#following", Static).update(self._heading())
        for event in events:
            if event.turned:
                self._attention(event)

    def _attention(self, event: SaveEvent) -> None:
        """A session turned Blocked or Done: say so (and ring, if asked)."""
        who = event.session_title or event.session_id
        self.notify(
            f"{who}: now {status_label(event.turned or '')}",
            title="Blocked" if event.turned == "blocked" else "Done",
            severity="warning" if event.turned == "blocked" else "information",
            timeout=10,
        )
        if self.bell:
            self.app.bell()

    def on_feed_list_chosen(self, message: FeedList.Chosen) -> None:
        from ckpt_tui.ui.screens.diff import DiffScreen

        event = message.event
        if event.previous_id is None:
            old, new, title = event.snapshot_id, None, f"{event.name} → current checkpoint"
        else:
            old, new, title = event.previous_id, event.snapshot_id, f"before → {event.name}"
        self.app.push_screen(DiffScreen(self.service, event.session_id, old, new, title))

    def action_close(self) -> None:
        self.dismiss()


def follow(screen: Screen, service: Service, session: SessionRow | None) -> None:
    """Open the follow screen over ``screen`` (``w``, ``W``)."""
    bell = screen.app.config.watch_bell  # type: ignore[attr-defined]
    screen.app.push_screen(FollowScreen(service, session, bell=bell))
