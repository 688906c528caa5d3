"""The main screen: projects, sessions and snapshots side by side, the
detail of the selection below, and the actions on what is selected."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input

from ckpt_tui import timeutil
from ckpt_tui.core.actions import Service
from ckpt_tui.core.activity import Activity
from ckpt_tui.core.model import Damaged
from ckpt_tui.core.reads import FirstScreen
from ckpt_tui.errors import CkptError
from ckpt_tui.records import ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.ui.checkpoint_view import damaged_renderable
from ckpt_tui.ui.debounce import rested
from ckpt_tui.ui.explain import Explains, key_of
from ckpt_tui.ui.mark import Mark
from ckpt_tui.ui.messages import (
    AdoptRequested,
    ConversationRequested,
    CopyRequested,
    HandoffRequested,
    RestoreRequested,
    SnapshotRequested,
)
from ckpt_tui.ui.render import home_relative, safe
from ckpt_tui.ui.settings import remember_setting
from ckpt_tui.ui.usage_view import usage_text
from ckpt_tui.ui.widgets.detail import DetailPane, Shown
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.lists import ProjectList, SessionList, SnapshotList, SortChanged
from ckpt_tui.ui.widgets.paged_list import PagedList
from ckpt_tui.ui.widgets.store_header import StoreHeader

EMPTY_STORE = Text.assemble(
    ("This store has no projects yet.\n\n", "bold"),
    "The checkpoint-orchestrator plugin fills it as you work with opencode.\n",
    "To look around first: ",
    ("ckpt-tui demo", "bold"),
    " writes a sample store, and ",
    ("make demo", "bold"),
    " opens it.",
)


#: The share of the screen's height the three lists take (the detail pane
#: has the rest); the launcher uses it to know how many rows can show.
PANES_PERCENT = 45

#: The detail pane follows the cursor once it has rested this long (seconds):
#: ``j`` held down moves the cursor only, and the pane (a store read, a
#: layout and a repaint, Markdown included) is drawn once, where it stops.
DETAIL_REST = 0.06


#: Keys that act on the selected session (and, in the snapshot pane, its snapshot).
SESSION_ACTIONS = ("new_snapshot", "handoff", "conversation", "copy_resume", "resume", "adopt")
#: Keys that act on a snapshot (or, with a mark in another session, across).
SNAPSHOT_ACTIONS = ("diff", "restore")
#: Keys that write to the store: dimmed when it is read-only.
WRITE_ACTIONS = ("restore", "new_snapshot", "adopt")


class MainScreen(Explains, Screen[None]):
    #: The app's undo and redo act on this screen's selected session.
    UNDO_HERE = True
    DEFAULT_CSS = f"""
    MainScreen #panes {{ height: {PANES_PERCENT}%; }}
    MainScreen ProjectList {{ width: 2fr; }}
    MainScreen SessionList {{ width: 3fr; }}
    MainScreen SnapshotList {{ width: 6fr; }}
    MainScreen #filter {{ dock: bottom; display: none; }}
    MainScreen #filter.visible {{ display: block; }}
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "focus_pane('projects')", "Projects", show=False, id="main.focus_projects"),
        Binding("2", "focus_pane('sessions')", "Sessions", show=False, id="main.focus_sessions"),
        Binding("3", "focus_pane('snapshots')", "Snapshots", show=False, id="main.focus_snapshots"),
        Binding("4", "focus_pane('detail')", "Detail", show=False, id="main.focus_detail"),
        Binding("d", "diff", "Diff", id="main.diff"),
        Binding("r", "restore", "Restore", id="main.restore"),
        Binding("n", "new_snapshot", "Snapshot", id="main.new_snapshot"),
        Binding("e", "handoff", "Hand-off", id="main.handoff"),
        Binding("A", "adopt", "Adopt", show=False, id="main.adopt"),
        Binding("L", "legacy", "Legacy", show=False, id="main.legacy"),
        Binding("c", "conversation", "Conversation", id="main.conversation"),
        Binding("y", "copy_resume", "Copy resume", show=False, id="main.copy_resume"),
        Binding("O", "resume", "Resume in opencode", show=False, id="main.resume"),
        Binding("B", "board", "Board", show=False, id="main.board"),
        Binding("escape", "clear_filter", "Clear filter", show=False, id="main.clear_filter"),
    ]

    def __init__(self, service: Service, first: FirstScreen | None = None) -> None:
        super().__init__()
        self.service = service
        self.projects = ProjectList(service, id="projects")
        self.sessions = SessionList(service, id="sessions")
        self.snapshots = SnapshotList(service, id="snapshots")
        self.detail = DetailPane(id="detail")
        self._filter_target: PagedList | None = None
        self._filter: Input | None = None
        self.first = first
        #: The list whose selection the detail pane shows (it keeps showing
        #: it while it has the focus itself).
        self._shown_from: PagedList | None = None
        #: ``(session id, NextSteps)``: what undo and redo of the selected
        #: session would do, read off the UI thread (the key bar says it).
        self.next_steps: tuple[str, object] | None = None
        self._first_frame_out = False

    def compose(self) -> ComposeResult:
        store = self.service.store
        yield StoreHeader(str(store.path), store.version, store.read_only_reason)
        with Horizontal(id="panes"):
            yield self.projects
            yield self.sessions
            yield self.snapshots
        yield self.detail
        yield KeyBar()

    def on_mount(self) -> None:
        first, self.first = self.first, None  # once: a remount must not reuse stale pages
        config = self.app.config
        self.projects.sort, self.sessions.sort = config.project_sort, config.session_sort
        # The first screen's pages are in the default order: another order loads its own.
        self.projects.preload(("projects", "activity"), first.projects if first else None)
        self.projects.reload(reset=True)
        if first is not None and first.projects.rows:
            # Pages read before the app started: all three panes are filled
            # now, so the very first frame is complete (no pane-by-pane hops).
            top = first.projects.rows[0].id
            self.sessions.preload((top, False, "activity"), first.sessions)
            self.sessions.show_project(top)
            if first.sessions and first.sessions.rows:
                newest = first.sessions.rows[0].id
                self.snapshots.preload((newest, False), first.snapshots)
                self.snapshots.show_session(newest)
                self.snapshots.add_summaries(first.summaries)
            self._show_project(first.projects.rows[0])  # what the focused pane shows
        self.projects.focus()
        self.call_after_refresh(self._after_first_frame)

    # -- what is selected -------------------------------------------------------
    @property
    def session(self) -> SessionRow | None:
        return self.sessions.highlighted if self.sessions.project_id else None

    @property
    def snapshot(self) -> SnapshotRow | None:
        return self.snapshots.highlighted if self.snapshots.session_id else None

    def refresh_all(self) -> None:
        """Reload every pane in place (a write happened, here or elsewhere)."""
        self.projects.reload()
        self.sessions.reload()
        self.snapshots.reload()
        self._update_detail()
        self.load_next_steps()

    # -- list events --------------------------------------------------------------
    @on(PagedList.Highlighted)
    def _highlighted(self, event: PagedList.Highlighted) -> None:
        if event.source is self.projects:
            row: ProjectRow | None = event.row
            self.sessions.show_project(row.id if row else None)
            if row is None and not self.projects.filter_text:
                self.snapshots.show_session(None)
                self.detail.show(EMPTY_STORE, "Welcome")
                return
        elif event.source is self.sessions:
            srow: SessionRow | None = event.row
            in_store = srow is not None and srow.origin == "store"
            self.snapshots.show_session(srow.id if in_store else None)
        self.refresh_bindings()  # which keys apply depends on what is selected
        self._update_detail(DETAIL_REST)
        self.load_next_steps()

    def on_descendant_focus(self) -> None:
        if self.focused in (self.projects, self.sessions, self.snapshots):
            self._shown_from = self.focused
        # After the rest too: the frame that moves the focus comes first.
        self._update_detail(DETAIL_REST)
        self.refresh_bindings()  # a key acts on what the focused pane shows

    def load_next_steps(self) -> None:
        """What undo and redo of the selected session would do, for the key
        bar: from the first frame on (never on its path), once the cursor
        rests (as the detail pane)."""
        if self._first_frame_out:
            self._next_steps_worker(self.session)  # read here: the worker reads no widget

    def _after_first_frame(self) -> None:
        self._first_frame_out = True
        self.load_next_steps()

    @work(thread=True, exclusive=True, group="next-steps")
    def _next_steps_worker(self, session: SessionRow | None) -> None:
        """Two journal rows and one snapshot row (``Service.next_steps``)."""
        if not rested(DETAIL_REST):
            return
        if session is None or session.origin != "store":
            steps = None
        else:
            try:
                steps = (session.id, self.service.next_steps(session.id))
            except CkptError:
                steps = None  # the key stays as it was; pressing it says why
        self.app.call_from_thread(self._next_steps_loaded, steps)

    def _next_steps_loaded(self, steps) -> None:
        self.next_steps = steps
        self.app.refresh_bindings()

    def _update_detail(self, delay: float = 0.0) -> None:
        """Show what the focused pane selects, ``delay`` seconds from now
        unless the selection moves again first (see :data:`DETAIL_REST`)."""
        focused = self.focused
        if focused is self.detail:
            return
        if focused is self.snapshots and self.snapshot is not None:
            self._load_snapshot(self.snapshot, delay)
        elif focused in (self.sessions, self.snapshots) and self.session is not None:
            self._load_current(self.session, *self._activity(), delay)
        elif self.projects.highlighted is not None and focused is self.projects:
            self._load_project(self.projects.highlighted, delay)
        elif self.session is not None:
            self._load_current(self.session, *self._activity(), delay)

    @work(thread=True, exclusive=True, group="detail")
    def _load_project(self, row: ProjectRow, delay: float) -> None:
        if rested(delay):
            self.app.call_from_thread(self._show_project, row)

    def _activity(self) -> tuple[Activity, bool]:
        """opencode's data for a detail worker, and whether it has loaded:
        read here, on the UI thread, so the worker reads no widget."""
        return self.sessions.activity, self.app.activity_loaded

    def _show_project(self, row: ProjectRow) -> None:
        text = Text.assemble(
            ("Project ", "bold"),
            safe(row.id, 200),
            "\n",
            ("Directory  ", "dim"),
            safe(home_relative(row.directory), 500),
            "\n",
            ("Canonical  ", "dim"),
            safe(home_relative(row.canonical), 500),
            "\n",
            ("Sessions   ", "dim"),
            str(row.session_count),
            "\n",
            ("Last activity  ", "dim"),
            timeutil.relative(row.last_activity),
            f"  ({row.last_activity})",
        )
        self.detail.show(text, "Project")

    def _show_opencode_only(self, row: SessionRow, activity: Activity) -> None:
        """In the detail worker (it reads opencode's records for the usage)."""
        info = activity.info(row.id)
        text = Text.assemble(
            ("opencode session ", "dim"),
            safe(row.title or row.id, 300, style="bold"),
            "\n",
            safe(row.id, 300, style="dim"),
            "\n\n",
            ("No checkpoint: the plugin has saved nothing for this session.\n", "italic"),
        )
        if info is not None:
            text.append(f"\n{info.message_count} messages", style="dim")
            if info.agent:
                text.append(f" · agent {info.agent}", style="dim")
            if info.archived:
                text.append(" · archived", style="dim")
            if info.directory:
                text.append("\ndirectory ", style="dim")
                text.append_text(safe(home_relative(info.directory), 500))
        text.append("\n\nc shows its conversation · y copies `opencode --session …`", style="dim")
        text.append_text(usage_text(activity.usage(row.id)))
        self.app.call_from_thread(self.detail.show, text, "opencode session")

    @work(thread=True, exclusive=True, group="detail")
    def _load_current(
        self, row: SessionRow, activity: Activity, loaded: bool, delay: float = 0.0
    ) -> None:
        if not rested(delay):
            return
        if row.origin == "opencode":
            self._show_opencode_only(row, activity)  # reads opencode's usage: in this worker
            return
        try:
            current = self.service.current(row.id)
        except CkptError as exc:
            self.app.call_from_thread(self.detail.show, Text(str(exc), style="ckpt--error"), "Session")
            return
        heading = Text.assemble(
            ("Current checkpoint of ", "dim"),
            safe(activity.title(row) or row.id, 300, style="bold"),
            ("\n", ""),
            safe(row.id, 300, style="dim"),
        )
        if current.updated_at is not None:
            heading.append(f"  updated {timeutil.relative(current.updated_at)}", style="dim")
        heading.append("\n")
        if loaded and activity.readable:
            heading.append_text(usage_text(activity.usage(row.id)))
        if current.checkpoint is None:
            body = Group(heading, Text("This session has no checkpoint yet.", style="dim"))
            self.app.call_from_thread(self.detail.show, body, "Current checkpoint")
            return
        shown = Shown(
            row.project_id, row.id, None, current.checkpoint, heading, "Current checkpoint"
        )
        self.app.call_from_thread(self.detail.show_checkpoint, shown)

    @work(thread=True, exclusive=True, group="detail")
    def _load_snapshot(self, row: SnapshotRow, delay: float = 0.0) -> None:
        if not rested(delay):
            return
        try:
            view = self.service.snapshot(row.session_id, row.id)
        except CkptError as exc:
            self.app.call_from_thread(self.detail.show, Text(str(exc), style="ckpt--error"), "Snapshot")
            return
        heading = Text.assemble(
            ("Snapshot ", "dim"),
            safe(row.name, 300, style="bold"),
            (f"  {row.kind}", "italic"),
            (f"\ncaptured {timeutil.relative(row.captured_at)}  ({row.captured_at})", "dim"),
        )
        if row.restored_at:
            heading.append(f"\nrestored {timeutil.relative(row.restored_at)}", style="ckpt--restored")
        heading.append("\n")
        if isinstance(view.content, Damaged):
            body = damaged_renderable(view.content, heading)
            self.app.call_from_thread(self.detail.show, body, "Snapshot")
            return
        shown = Shown(row.project_id, row.session_id, row.id, view.content, heading, "Snapshot")
        self.app.call_from_thread(self.detail.show_checkpoint, shown)

    # -- actions --------------------------------------------------------------------
    def action_focus_pane(self, name: str) -> None:
        panes = {
            "projects": self.projects,
            "sessions": self.sessions,
            "snapshots": self.snapshots,
            "detail": self.detail,
        }
        panes[name].focus()

    def acting_pane(self) -> PagedList:
        """The list whose selection a key acts on: the focused one; from
        the detail pane, the one whose selection it shows; from the filter
        line, the list it filters."""
        focused = self.focused
        if focused in (self.projects, self.sessions, self.snapshots):
            return focused  # type: ignore[return-value]
        if focused is self.detail and self._shown_from is not None:
            return self._shown_from
        if focused is not None and focused is self._filter and self._filter_target is not None:
            return self._filter_target
        return self.projects

    def acting_snapshot(self) -> SnapshotRow | None:
        """The snapshot a key acts on: only one the focused pane shows."""
        return self.snapshot if self.acting_pane() is self.snapshots else None

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why a key of this screen does not apply to what the focused pane
        shows (``ui/explain.py``)."""
        if action not in SESSION_ACTIONS and action not in SNAPSHOT_ACTIONS:
            return None
        read_only = self.service.store.read_only_reason
        if action in WRITE_ACTIONS and read_only:
            return f"Read-only: {read_only}"
        pane = self.acting_pane()
        sessions_key = key_of(self, "main.focus_sessions")
        snapshots_key = key_of(self, "main.focus_snapshots")
        if pane is self.projects:
            return f"the projects pane shows projects: {sessions_key} focuses the sessions"
        session = self.session
        if session is None:
            return "no session selected"
        if action in SNAPSHOT_ACTIONS:
            if self._mark_elsewhere() is not None:
                return None  # diff with, or copy, the marked snapshot
            if pane is not self.snapshots:
                shows = "the current checkpoint" if self.focused is self.detail else "sessions"
                return f"this pane shows {shows}: {snapshots_key} focuses the snapshots"
            if self.snapshot is None:
                return "this session has no snapshot"
            return None
        if action == "adopt" and not session.is_legacy:
            return "A adopts an imported legacy session (legacy::…); this one is live"
        if action in ("new_snapshot", "handoff") and session.origin != "store":
            return "this opencode session has no checkpoint"
        return None

    def describe_binding(self, binding: Binding) -> str | None:
        """Read-only, ``e`` still shows the note but writes nothing: the key
        bar says so rather than offering a write that is then refused."""
        if binding.action == "handoff" and self.service.store.read_only_reason:
            return "Hand-off preview"
        return None

    def _mark_elsewhere(self) -> Mark | None:
        """The mark, if it is in another session than the selected one."""
        mark, session = self.snapshots.marked, self.session
        if mark is None or session is None or mark.session_id == session.id:
            return None
        return mark

    def _selected_ref(self):
        """What ``d`` compares the mark with: the selected snapshot when the
        snapshot pane has the focus, else the session's live checkpoint."""
        from ckpt_tui.core.across import Ref

        snap = self.acting_snapshot()
        return Ref(self.session.id, snap.id if snap else None), (snap.name if snap else "current")

    def action_diff(self) -> None:
        mark = self._mark_elsewhere()
        if mark is not None:
            from ckpt_tui.ui.screens.across import AcrossDiffScreen

            ref, name = self._selected_ref()
            title = f"{mark.name} (marked, {mark.session_id}) → {name} ({ref.session_id})"
            self.app.push_screen(AcrossDiffScreen(self.service, mark.ref, ref, title))
            return
        snap = self.acting_snapshot()
        if snap is None:
            self.notify("Select a snapshot first", severity="warning")
            return
        from ckpt_tui.ui.screens.diff import DiffScreen

        marked = self.snapshots.marked
        if marked is not None and marked.id != snap.id:
            title = f"{marked.name} (marked) → {snap.name}"
            screen = DiffScreen(self.service, snap.session_id, marked.id, snap.id, title)
        else:
            title = f"{snap.name} → current checkpoint"
            screen = DiffScreen(self.service, snap.session_id, snap.id, None, title)
        self.app.push_screen(screen)

    def action_restore(self) -> None:
        mark = self._mark_elsewhere()
        if mark is not None:
            self.post_message(CopyRequested(mark, self.session))
            return
        snap = self.acting_snapshot()
        if snap is None:
            self.notify("Select a snapshot to restore", severity="warning")
            return
        self.post_message(RestoreRequested(snap))

    def action_new_snapshot(self) -> None:
        session = self.session
        if session is None:
            self.notify("Select a session first", severity="warning")
            return
        self.post_message(SnapshotRequested(session))

    def action_handoff(self) -> None:
        """The hand-off of the selected snapshot if the snapshot pane has the
        focus, else of the session's current checkpoint."""
        session = self.session
        if session is None:
            self.notify("Select a session first", severity="warning")
            return
        snap = self.acting_snapshot()
        self.post_message(HandoffRequested(session.id, snap.id if snap else None))

    def action_adopt(self) -> None:
        session = self.session
        if session is None or not session.is_legacy:
            self.notify(
                "Select an imported legacy session (legacy::…) to adopt", severity="warning"
            )
            return
        snap = self.acting_snapshot()
        self.post_message(AdoptRequested(session.project_id, snap.name if snap else None))

    def action_conversation(self) -> None:
        """The session's conversation; at the selected snapshot if the
        snapshot pane has the focus."""
        session = self.session
        if session is None:
            self.notify("Select a session first", severity="warning")
            return
        snap = self.acting_snapshot()
        self.post_message(ConversationRequested(session.id, snap.id if snap else None))

    def action_copy_resume(self) -> None:
        session = self.session
        if session is None:
            return
        command = f"opencode --session {session.id}"
        self.app.copy_to_clipboard(command)  # OSC 52, and the app's own clipboard
        self._copy_elsewhere(command)

    @work(thread=True, exclusive=True, group="clipboard")
    def _copy_elsewhere(self, command: str) -> None:
        """A system clipboard tool or tmux's buffer, then say what is known."""
        from ckpt_tui.ui.clipboard import copy

        copied = copy(command)
        severity = "information" if copied.ok else "warning"
        self.app.call_from_thread(
            self.notify, copied.message, severity=severity, timeout=4 if copied.ok else 12
        )

    def action_resume(self) -> None:
        """opencode on the selected session (a snapshot's: its session), in
        the session's directory; the app comes back refreshed."""
        from ckpt_tui.ui.resume import resume_in_opencode

        session = self.session
        if session is None:
            self.notify("Select a session first", severity="warning")
            return
        resume_in_opencode(self.app, session.id)

    def action_legacy(self) -> None:
        from ckpt_tui.ui.screens.legacy import LegacyScreen

        self.app.push_screen(LegacyScreen(self.service), lambda _: self.refresh_all())

    def action_board(self) -> None:
        from ckpt_tui.ui.screens.board import BoardScreen

        self.app.push_screen(BoardScreen(self.service))

    @on(SessionList.MarkCheckpoint)
    def _mark_checkpoint(self, event: SessionList.MarkCheckpoint) -> None:
        title = event.row.display_title or event.row.id
        self.snapshots.set_mark(Mark(event.row.id, None, f"checkpoint of {title[:40]}"))
        self.refresh_bindings()

    @on(DetailPane.HistoryRequested)
    def _history_requested(self, event: DetailPane.HistoryRequested) -> None:
        from ckpt_tui.ui.screens.history import HistoryScreen

        screen = HistoryScreen(
            self.service, event.project_id, event.session_id, event.snapshot_id, event.field
        )
        self.app.push_screen(screen)

    def open_at(self, project_id: str, session_id: str, snapshot_id: str | None = None) -> None:
        """Select a session (and one of its snapshots) wherever it is: the
        board's and the history's ``enter``."""
        self.sessions.show_project(project_id)
        self.projects.select_key(project_id)
        self.sessions.select_key(session_id)
        self.snapshots.show_session(session_id)
        if snapshot_id is None:
            self.sessions.focus()
            return
        # An old snapshot of a long session may be far past the first page.
        self.snapshots.select_key(snapshot_id, within=10_000)
        self.snapshots.focus()

    def select_session(self, session_id: str) -> None:
        """Put the cursor on a session of the shown project (after an adoption)."""
        self.sessions.select_key(session_id)
        self.sessions.focus()

    @on(SortChanged)
    def _sort_changed(self, event: SortChanged) -> None:
        remember_setting(self.app, event.setting, event.value)

    # -- filter ---------------------------------------------------------------------
    @on(PagedList.FilterRequested)
    def _filter_requested(self, event: PagedList.FilterRequested) -> None:
        self._filter_target = event.source
        box = self._filter_box()
        box.value = event.source.filter_text
        box.placeholder = f"filter {event.source.NOUN} (enter keeps it, escape clears)"
        box.add_class("visible")
        box.focus()

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        if self._filter_target is not None:
            self._filter_target.set_filter(event.value)

    @on(Input.Submitted, "#filter")
    def _filter_submitted(self) -> None:
        self._close_filter()

    def _filter_box(self) -> Input:
        """The filter line, mounted the first time it is asked for (an Input
        costs its CSS at start-up, and most sessions never filter)."""
        if self._filter is None:
            self._filter = Input(placeholder="filter (enter keeps it, escape clears)", id="filter")
            self.mount(self._filter, before=self.query_one(KeyBar))
        return self._filter

    def _close_filter(self) -> None:
        box = self._filter_box()
        box.remove_class("visible")
        if self._filter_target is not None:
            self._filter_target.focus()

    def action_clear_filter(self) -> None:
        if self._filter is None:
            return
        box = self._filter_box()
        target = self._filter_target
        if box.has_class("visible") or (target is not None and target.filter_text):
            box.value = ""
            if target is not None:
                target.set_filter("")
            self._close_filter()
