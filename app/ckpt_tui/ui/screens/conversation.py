"""``c``: what the session was doing, from opencode's own storage.

Opened on a snapshot, it loads pages until that snapshot's marker is
reached and scrolls there. A line under the header says when what is shown
may be stale or incomplete (read from the old JSON tree because the
database was busy) or cannot be shown at all ("this opencode version is not
understood"), rather than leaving an empty conversation to speak for itself.
"""

from __future__ import annotations

import shlex
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from ckpt_tui.core.actions import Service
from ckpt_tui.core.activity import Activity
from ckpt_tui.errors import CkptError
from ckpt_tui.plural import counted
from ckpt_tui.records import SnapshotRow
from ckpt_tui.ui.render import safe, safe_block
from ckpt_tui.ui.widgets.conversation_view import ConversationView
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.themed_text import ThemedStatic

PAGE = 100


class ConversationScreen(Screen[None]):
    DEFAULT_CSS = """
    ConversationScreen #conversation-head { height: auto; padding: 0 1; background: $panel; }
    ConversationScreen #conversation-notice { height: auto; padding: 0 1; display: none; }
    ConversationScreen #conversation-notice.-warning { display: block; color: $warning; }
    ConversationScreen #conversation-notice.-error { display: block; color: $error; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="conversation.close"),
    ]

    def __init__(
        self,
        service: Service,
        activity: Activity,
        session_id: str,
        at_snapshot: str | None = None,
    ) -> None:
        super().__init__()
        self.service = service
        self.activity = activity
        self.session_id = session_id
        self.at_snapshot = at_snapshot
        self.cursor: str | None = None
        self._loading = False
        self._head_text: Text | None = None
        #: How many prompts the whole session has (``None``: not known).
        self._prompts_total: int | None = None
        self._prompt = (0, 0)
        self.warnings: list[str] = []

    def compose(self) -> ComposeResult:
        yield ThemedStatic("Loading the conversation…", id="conversation-head")
        yield Static("", id="conversation-notice")
        yield ConversationView([], id="conversation")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(ConversationView).focus()
        self._start()

    @work(thread=True, exclusive=True, group="conversation")
    def _start(self) -> None:
        snapshots: list[SnapshotRow] = []
        try:
            after = None
            while True:
                page = self.service.snapshots(self.session_id, after=after, limit=1000)
                snapshots += page.rows
                after = page.cursor
                if after is None:
                    break
        except CkptError:
            snapshots = []  # a session only opencode knows has no snapshots
        info = self.activity.info(self.session_id)
        if info is None:
            why = "; ".join(self.activity.warnings) or "it is gone, or in another data dir"
            self.app.call_from_thread(
                self._head,
                Text(f"opencode has no session {self.session_id}: {why}", style="ckpt--error"),
            )
            return
        usage = self.activity.usage(self.session_id)
        self._prompts_total = usage.prompts if usage is not None else None
        self.app.call_from_thread(self._prepare, snapshots, info)
        self._load_until(self.at_snapshot)

    def _prepare(self, snapshots, info) -> None:
        view = self.query_one(ConversationView)
        view.snapshots = sorted(snapshots, key=lambda s: (s.captured_at, s.id))
        head = Text.assemble(
            safe(info.title or self.session_id, 300, style="bold"),
            ("  ", ""),
            safe(self.session_id, 200, style="dim"),
        )
        bits = [info.messages_text()]
        if info.agent:
            bits.append(f"agent {info.agent}")
        if info.archived:
            bits.append("archived")
        bits.append(f"from {info.source}")
        head.append("\n" + " · ".join(bits), style="dim")
        # The command that resumes it from anywhere (it goes to the session's
        # directory first); ``y`` on the main screen copies the ``cd`` form.
        head.append("\nresume: ", style="dim")
        head.append_text(safe(shlex.join(["ckpt-tui", "resume", self.session_id]), 300, style="dim"))
        self._head_text = head
        self._show_head()

    @on(ConversationView.PromptChanged)
    def _prompt_changed(self, event: ConversationView.PromptChanged) -> None:
        self._prompt = (event.number, event.loaded)
        self._show_head()

    def prompt_count_text(self) -> str:
        """``prompt 3 of 12``; of the loaded ones (``12+``) while the
        session's total is not known and more pages remain."""
        number, loaded = self._prompt
        view = self.query_one(ConversationView)
        if self._prompts_total is not None:
            count, more = max(self._prompts_total, loaded), ""
        else:
            count, more = loaded, ("" if view.complete else "+")
        if number == 0:
            said = f"{count}+ prompts" if more else counted(count, "prompt")
            return f"{said} ([ and ] jump between them)"
        return f"prompt {number} of {count}{more}"

    def _show_head(self) -> None:
        if self._head_text is None:
            return
        text = self._head_text.copy()
        text.append("\n")
        text.append(self.prompt_count_text(), style="bold")
        self._head(text)

    def _head(self, text: Text) -> None:
        self.query_one("#conversation-head", ThemedStatic).update(text)

    def _notice(self, lines: list[str], kind: str) -> None:
        """Say why the conversation may be stale or cannot be shown."""
        notice = self.query_one("#conversation-notice", Static)
        notice.set_classes(kind)
        notice.update(safe_block("\n".join(f"⚠ {line}" for line in lines), 4000))

    def _load_until(self, snapshot_id: str | None) -> None:
        """In the worker: load pages until the marker exists (or one page)."""
        while True:
            try:
                page = self.activity.conversation_page(
                    self.session_id, after=self.cursor, limit=PAGE
                )
            except CkptError as exc:
                self.app.call_from_thread(self._notice, [str(exc)], "-error")
                self.app.call_from_thread(self.notify, str(exc), severity="error")
                return
            fresh = [w for w in page.warnings if w not in self.warnings]
            if fresh:
                self.warnings += fresh
                self.app.call_from_thread(self._notice, list(self.warnings), "-warning")
            self.cursor = page.cursor
            done = page.cursor is None
            # The view is asked on the UI thread whether the marker is there now.
            found = self.app.call_from_thread(self._append, list(page.messages), done, snapshot_id)
            if done or snapshot_id is None or found:
                break
        if snapshot_id is not None:
            self.app.call_from_thread(self._go_to_marker, snapshot_id)
        self._loading = False

    def _append(self, messages, done: bool, snapshot_id: str | None = None) -> bool:
        """Show a page; whether ``snapshot_id``'s marker is now shown."""
        view = self.query_one(ConversationView)
        view.add_messages(messages, done)
        return snapshot_id is not None and snapshot_id in view.marker_lines

    def _go_to_marker(self, snapshot_id: str) -> None:
        if not self.query_one(ConversationView).scroll_to_marker(snapshot_id):
            self.notify("That snapshot falls outside the conversation's messages", timeout=4)

    @on(ConversationView.NeedMore)
    def _more(self) -> None:
        if not self._loading and self.cursor is not None:
            self._loading = True
            self._more_worker()

    @work(thread=True, exclusive=True, group="conversation-more")
    def _more_worker(self) -> None:
        self._load_until(None)

    def action_close(self) -> None:
        self.dismiss()
