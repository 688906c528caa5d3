"""The main screen: projects, sessions and snapshots side by side, the
detail of the selection below (``ui/selection_detail.py`` builds it in the
screen's workers), the key bar, and the filter line
(``ui/widgets/filter_line.py``).

It owns what a key acts on: which list (the focused one; from the detail
pane, the one whose selection it shows), why a key does not apply to what
that list shows (``ui/explain.py``), and what each does (most post a
message, ``ui/messages.py``, that the app's workflow handles:
``ui/flows/``). While the cursor rests, its detail worker reads the
selection's detail and works out what ``d``, ``r`` and ``e`` would show
(``ui/store_token.py``), and it reads what undo and redo of the selected
session would do, for the key bar (``ui/undo_keys.py``).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.reactive import Reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.worker import get_current_worker

from ckpt_tui.core.actions import Service
from ckpt_tui.core.activity import Activity
from ckpt_tui.core.archive_view import ArchiveView
from ckpt_tui.core.reads import FirstScreen
from ckpt_tui.errors import CkptError
from ckpt_tui.records import ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.ui import selection_detail
from ckpt_tui.ui.breakpoints import breakpoint_classes
from ckpt_tui.ui.debounce import rested
from ckpt_tui.ui.explain import Explains, key_of
from ckpt_tui.ui.mark import Mark
from ckpt_tui.ui.messages import (
    AdoptRequested,
    ConversationRequested,
    HandoffRequested,
    SnapshotRequested,
)
from ckpt_tui.ui.render import no_match
from ckpt_tui.ui.selection_detail import EMPTY_STORE, Detail
from ckpt_tui.ui.store_token import Latest
from ckpt_tui.ui.widgets.detail import DetailPane, Shown
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.lists import (
    MarkChanged,
    ProjectList,
    SessionList,
    SnapshotList,
    SortChanged,
)
from ckpt_tui.ui.widgets.paged_list import PagedList
from ckpt_tui.ui.widgets.store_header import StoreHeader

if TYPE_CHECKING:
    from ckpt_tui.ui.widgets.filter_line import FilterLine  # mounted on the first ``/``

#: The most of the screen's height the three lists take (the detail pane
#: has the rest); the launcher uses it to know how many rows can show.
PANES_PERCENT = 45
#: The fewest rows the lists show, however short they are.
PANES_MIN_ROWS = 4
#: How long the cursor rests on shorter lists before their area shrinks (s).
PANES_SHRINK_REST = 0.8

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

#: The keys the archive has nothing for, and why (``--archive``): what
#: they write or watch is a local store's.
ARCHIVE_REFUSALS = {
    "new_snapshot": "the archive is read-only: n snapshots a local session (ckpt-tui --db PATH)",
    "handoff": "the archive is read-only: e writes a session's hand-off note "
    "(copy the snapshot back with r, then e in ckpt-tui --db PATH)",
    "adopt": "the archive is read-only: A adopts into a local store (ckpt-tui --db PATH)",
    "legacy": "the archive holds no legacy state: L reads a local store's (ckpt-tui --db PATH)",
    "follow": "w follows a local store live; the archive reloads itself when a push lands",
    "timeline": "t reads a local store (ckpt-tui --db PATH)",
}

#: What no worker was started for yet.
_NOTHING = object()


class MainScreen(Explains, Screen[None]):
    #: The app's undo and redo act on this screen's selected session.
    UNDO_HERE = True
    # Widths by need: narrow, the projects pane shows names only and the
    # sessions pane gets the room (its titles are what a person reads); a
    # snapshot's name is cut in its middle, so its end still tells it apart.
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [
        (0, "-narrow"), (100, "-medium"), (140, "-wide")
    ]
    DEFAULT_CSS = f"""
    MainScreen #panes {{ height: {PANES_PERCENT}%; }}
    MainScreen.-narrow ProjectList {{ width: 15; }}
    MainScreen.-narrow SessionList {{ width: 1fr; }}
    MainScreen.-narrow SnapshotList {{ width: 20; }}
    MainScreen.-medium ProjectList {{ width: 24; }}
    MainScreen.-medium SessionList {{ width: 1fr; }}
    MainScreen.-medium SnapshotList {{ width: 1fr; }}
    MainScreen.-wide ProjectList {{ width: 2fr; }}
    MainScreen.-wide SessionList {{ width: 4fr; }}
    MainScreen.-wide SnapshotList {{ width: 5fr; }}
    """
    #: Textual's ``Screen.focused`` repaints the whole screen when it changes;
    #: the widgets that gain and lose the focus repaint themselves for their
    #: ``:focus`` styles, so the screen does not (``enter`` drew every pane).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
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
        Binding("w", "follow", "Follow live", show=False, id="main.follow"),
        Binding("W", "follow(True)", "Follow every session", show=False, id="main.follow_all"),
        Binding("t", "timeline", "Timeline", show=False, id="main.timeline"),
        # esc clears the filter first, then the mark (the first that applies).
        Binding("escape", "clear_filter", "Clear filter", show=False, id="main.clear_filter"),
        Binding("escape", "clear_mark", "Clear mark", show=False, id="main.clear_mark"),
    ]

    def __init__(self, service: Service, first: FirstScreen | None = None) -> None:
        super().__init__()
        # The width class now, not at the first Resize (after the first frame).
        width = breakpoint_classes(self.HORIZONTAL_BREAKPOINTS, self.app.size.width)
        self.update_classes(width, update=False)
        self.service = service
        #: The archive the app shows (``--archive``), else ``None``.
        self.archive = service if isinstance(service, ArchiveView) else None
        self.projects = ProjectList(service, id="projects")
        self.sessions = SessionList(service, id="sessions")
        self.snapshots = SnapshotList(service, id="snapshots")
        self.detail = DetailPane(id="detail")
        self._filter: FilterLine | None = None  # mounted on the first ``/``
        self._rows_needed = 0  # the rows the panes are sized for (``_fit_height``)
        self._shrink_timer: Timer | None = None
        self._panes_height: int | None = None
        self.first = first
        #: The list whose selection the detail pane shows (it keeps showing
        #: it while it has the focus itself).
        self._shown_from: PagedList | None = None
        #: What the detail worker was last started for: asked the same again
        #: (every highlight, focus change and opencode's data ask), it does
        #: not start; a change it cannot see (a write) forgets it first.
        self._detail_asked: object = _NOTHING
        #: What ``d``, ``r`` and ``e`` will show (``ui/flows/diff.py``,
        #: ``restore.py``, ``handoff.py``), worked out once the cursor rests.
        self.diffs: Latest = Latest()
        self.plans: Latest = Latest()
        self.notes: Latest = Latest()
        #: ``(session id, NextSteps)``: what undo and redo of the selected
        #: session would do (``ui/undo_keys.py``); read once per session.
        self.next_steps: tuple[str, object] | None = None
        self._steps_started = False  # see start_next_steps
        self._steps_asked: object = _NOTHING
        #: ``(project id, session id)`` :meth:`open_at` is moving to, until
        #: the sessions pane highlights it: the undo key acts there then.
        self.landing: tuple[str, str] | None = None

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
        if first is not None:  # the first layout already has the panes' height
            pages = (first.projects, first.sessions, first.snapshots)
            self._fit_height(max((p.total for p in pages if p is not None), default=0))
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
            # (the focus and the highlights that follow ask for it again)
            self._detail_asked = (self._load_project, first.projects.rows[0])
        self.projects.focus()
        # Textual hides its toast rack with an inline style once the screen
        # shows, a layout and a frame of their own after the first one;
        # hidden the same way now, that is part of the first layout.
        for rack in self.query("#textual-toastrack"):
            rack.display = False

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
        self._detail_asked = _NOTHING  # the same selection may read otherwise now
        self.update_detail()
        self.load_next_steps()

    # -- the panes' height ----------------------------------------------------------
    def _fit_height(self, rows: int) -> None:
        """The lists take the rows they need (at most PANES_PERCENT of the
        screen) and the detail pane the rest. They grow at once; they shrink
        only once the cursor has rested (``PANES_SHRINK_REST``) on shorter
        lists, so moving from session to session never makes the detail
        pane jump, and a short list after a long one does not keep its room."""
        need = max(rows, PANES_MIN_ROWS)
        if self._shrink_timer is not None:
            self._shrink_timer.stop()
            self._shrink_timer = None
        if need >= self._rows_needed:
            self._rows_needed = need
            self._apply_height()
        else:
            self._shrink_timer = self.set_timer(PANES_SHRINK_REST, self._shrink)

    def _shrink(self) -> None:
        self._shrink_timer = None
        lists = (self.projects, self.sessions, self.snapshots)
        self._rows_needed = max(max(p.total for p in lists), PANES_MIN_ROWS)
        self._apply_height()

    def _apply_height(self) -> None:
        most = self.app.size.height * PANES_PERCENT // 100
        height = min(self._rows_needed + 2, most) if most > 0 else None
        if height is not None and height != self._panes_height:
            self._panes_height = height
            self.query_one("#panes").styles.height = height

    def on_resize(self) -> None:
        self._apply_height()

    # -- list events --------------------------------------------------------------
    @on(PagedList.Highlighted)
    def _highlighted(self, event: PagedList.Highlighted) -> None:
        if self.landing is not None:
            self._landed(event)
        self._fit_height(max(self.projects.total, self.sessions.total, self.snapshots.total))
        if event.source is self.projects:
            row: ProjectRow | None = event.row
            self.sessions.show_project(row.id if row else None)
            if row is None:
                self.snapshots.show_session(None)
                if self.projects.filter_text:
                    self._show_note(Text(no_match(self.projects.filter_text), "dim"), "Project")
                else:
                    self._show_note(EMPTY_STORE, "Welcome")
                return
        elif event.source is self.sessions:
            srow: SessionRow | None = event.row
            in_store = srow is not None and srow.origin == "store"
            if self.archive is not None and srow is not None:
                self.archive.choose(srow)  # the session of this id from this origin
            origin = srow.archive_origin if srow is not None else None
            self.snapshots.show_session(srow.id if in_store else None, origin)
            if srow is None and self.sessions.filter_text:
                self._show_note(Text(no_match(self.sessions.filter_text), "dim"), "Session")
                return
        elif event.source is self.snapshots and event.row is None and self.snapshots.filter_text:
            self._show_note(Text(no_match(self.snapshots.filter_text), "dim"), "Snapshot")
            return
        self.refresh_bindings()  # which keys apply depends on what is selected
        self.app.hide_untrue_hints()  # "(u undoes it)" of another session
        self.update_detail(DETAIL_REST)
        self.load_next_steps(again=False, delay=DETAIL_REST)

    def _landed(self, event: PagedList.Highlighted) -> None:
        """The session :meth:`open_at` selects is highlighted now, or the
        person went to another project before it was."""
        project_id, session_id = self.landing
        row = event.row
        if event.source is self.sessions and row is not None and row.id == session_id or event.source is self.projects and row is not None and row.id != project_id:
            self.landing = None

    def _show_note(self, text: Text | object, title: str) -> None:
        """No selection to detail (nothing matches, an empty store): the
        note now, and the next selection's detail read whatever it is."""
        self.refresh_bindings()
        self.detail.show(text, title)
        self._detail_asked = _NOTHING

    def on_screen_suspend(self) -> None:
        """Another screen on top: its ``u`` may be its own (the legacy view's)."""
        self.app.hide_untrue_hints()

    def on_descendant_focus(self) -> None:
        if self.focused in (self.projects, self.sessions, self.snapshots):
            self._shown_from = self.focused
        # After the rest too: the frame that moves the focus comes first.
        self.update_detail(DETAIL_REST)
        self.refresh_bindings()  # a key acts on what the focused pane shows

    def update_detail(self, delay: float = 0.0) -> None:
        """Show what the focused pane selects, ``delay`` seconds from now
        unless the selection moves again first (see :data:`DETAIL_REST`);
        no worker when the pane shows it already, or is about to."""
        focused = self.focused
        if focused is self.detail:
            return
        if self.detail.revealing:  # a search hit's field, scrolled to when shown
            self._detail_asked = _NOTHING
        request = self._detail_request(focused)
        if request is not None and request != self._detail_asked:
            self._detail_asked = request
            load, *arguments = request
            load(*arguments, delay)

    def _detail_request(self, focused: Widget | None) -> tuple | None:
        """The worker that shows what ``focused`` selects, with its arguments."""
        if focused is self.snapshots and self.snapshot is not None:
            return (self._load_snapshot, self.snapshot, self.ahead(self.snapshot))
        if focused in (self.sessions, self.snapshots) and self.session is not None:
            return (self._load_current, self.session, *self._activity())
        if self.projects.highlighted is not None and focused is self.projects:
            return (self._load_project, self.projects.highlighted)
        if self.session is not None:
            return (self._load_current, self.session, *self._activity())
        return None

    def _activity(self) -> tuple[Activity, bool]:
        """opencode's data for a detail worker, and whether it has loaded:
        read here, on the UI thread, so the worker reads no widget."""
        return self.sessions.activity, self.app.activity_loaded

    def _present(self, detail: Detail) -> None:
        if isinstance(detail, Shown):
            self.detail.show_checkpoint(detail)
        else:
            self.detail.show(detail.body, detail.title)

    def _show_project(self, row: ProjectRow) -> None:
        self._present(selection_detail.project_text(row))

    @work(thread=True, exclusive=True, group="detail")
    def _load_project(self, row: ProjectRow, delay: float) -> None:
        if rested(delay):
            self.app.call_from_thread(self._show_project, row)

    @work(thread=True, exclusive=True, group="detail")
    def _load_current(
        self, row: SessionRow, activity: Activity, loaded: bool, delay: float = 0.0
    ) -> None:
        if not rested(delay):
            return
        detail = selection_detail.current_checkpoint(self.service, row, activity, loaded)
        self.app.call_from_thread(self._present, detail)
        if row.origin == "store" and row.has_checkpoint:
            self._work_out_note(row.id, None)

    @work(thread=True, exclusive=True, group="detail")
    def _load_snapshot(self, row: SnapshotRow, ahead, delay: float = 0.0) -> None:
        """The snapshot's detail; then what ``d``, ``r`` and ``e`` would show
        for it (``ahead``: see :meth:`ahead`), so those keys only show it."""
        if not rested(delay):
            return
        self.app.call_from_thread(self._present, selection_detail.snapshot(self.service, row))
        if ahead is not None:
            from ckpt_tui.ui.flows import diff, restore  # in the worker: not at start-up

            (old, new), restore_id = ahead
            look = self.app.call_from_thread(diff.view_look, self.app)
            work_out = partial(diff.work_out, look=look)
            self._work_out(self.diffs, (row.session_id, old, new), work_out)
            if restore_id is not None:
                look = self.app.call_from_thread(restore.view_look, self.app)
                work_out = partial(restore.work_out, look=look)
                self._work_out(self.plans, (row.session_id, restore_id), work_out)
                if not get_current_worker().is_cancelled:
                    self.app.call_from_thread(restore.fill_ahead, self.app, row)
        self._work_out_note(row.session_id, row.id)

    def _work_out_note(self, session_id: str, snapshot: str | None) -> None:
        """In a detail worker: the note ``e`` would write for the selection
        (none in the archive: ``e`` is not offered there)."""
        if self.archive is not None:
            return
        from ckpt_tui.ui.flows import handoff  # in the worker: not at start-up

        self._work_out(self.notes, (session_id, snapshot), handoff.work_out)

    def _work_out(self, kept: Latest, key: tuple, work_out) -> None:
        """In a detail worker: ``work_out(service, *key, token)`` for what is
        kept under ``key`` (its token read on the UI thread, which keeps
        what comes back), unless the worker was cancelled meanwhile."""
        if get_current_worker().is_cancelled:
            return
        known = self.app.call_from_thread(kept.token, key)
        made = work_out(self.service, *key, known)
        if made is not None:
            self.app.call_from_thread(kept.put, key, made)

    # -- what undo and redo would do (the key bar) -----------------------------------
    def load_next_steps(self, again: bool = True, delay: float = 0.0) -> None:
        """Read them ``delay`` seconds from now unless the selection moves
        first. ``again``: even for the session they were last read for (its
        journal may have changed: a write, a hand-off note); otherwise only
        for another session (not when the cursor moves within one, nor when
        the panes' highlights and the focus settle at launch)."""
        if again:
            self._steps_asked = _NOTHING
        session = self.session  # read here: the worker reads no widget
        key = session.id if session is not None and session.origin == "store" else None
        if not self._steps_started or key == self._steps_asked:
            return
        self._steps_asked = key
        if key is None:  # no session of the store (a project's sessions still loading)
            self.workers.cancel_group(self, "next-steps")
            self._next_steps_loaded(None)
        else:
            self._next_steps_worker(key, delay)

    def start_next_steps(self) -> None:
        """From now on they follow the selection; read now for it (no cursor
        to rest yet). The app starts them once the first frame is out and
        opencode's data has landed (or is not read): with a journal to
        read, the read imports SQLAlchemy (0.13 s of CPU), which, beside
        opencode's read, held that data and its frame back by about 0.3 s."""
        if not self._steps_started:
            self._steps_started = True
            self.load_next_steps()

    @work(thread=True, exclusive=True, group="next-steps")
    def _next_steps_worker(self, session_id: str, delay: float) -> None:
        """Two journal rows and one snapshot row (``Service.next_steps``)."""
        if not rested(delay):
            return
        try:
            steps = (session_id, self.service.next_steps(session_id))
        except CkptError:
            steps = None  # the key stays as it was; pressing it says why
        self.app.call_from_thread(self._next_steps_loaded, steps)

    def _next_steps_loaded(self, steps) -> None:
        # The same steps again (after a write that did not change them): the
        # key bar would only check its keys again to find them unchanged.
        if steps == self.next_steps:
            return
        self.next_steps = steps
        self.app.refresh_bindings()

    # -- the keys that act on the selection ------------------------------------------
    def acting_pane(self) -> PagedList:
        """The list whose selection a key acts on: the focused one; from
        the detail pane, the one whose selection it shows; from the filter
        line, the list it filters."""
        focused = self.focused
        if focused in (self.projects, self.sessions, self.snapshots):
            return focused  # type: ignore[return-value]
        if focused is self.detail and self._shown_from is not None:
            return self._shown_from
        # The filter line (mounted on the first ``/``): the list it filters.
        if focused is not None and focused is self._filter and focused.target is not None:
            return focused.target
        return self.projects

    def acting_snapshot(self) -> SnapshotRow | None:
        """The snapshot a key acts on: only one the focused pane shows."""
        return self.snapshot if self.acting_pane() is self.snapshots else None

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why a key of this screen does not apply to what the focused pane
        shows (``ui/explain.py``)."""
        if self.archive is not None and action in ARCHIVE_REFUSALS:
            return ARCHIVE_REFUSALS[action]
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``esc`` runs the first of its actions that applies (hidden, not
        dimmed, when it does not: the next one runs)."""
        if action == "clear_filter":
            return any(p.filter_text for p in (self.projects, self.sessions, self.snapshots))
        if action == "clear_mark":
            return self.snapshots.marked is not None
        return super().check_action(action, parameters)

    def describe_binding(self, binding: Binding) -> str | None:
        """What ``d`` and ``r`` do with a mark in another session; and
        read-only, ``e`` still shows the note but writes nothing: the key
        bar says so rather than offering a write that is then refused."""
        if binding.action in ("diff", "restore") and self._mark_elsewhere() is not None:
            return "Diff with mark" if binding.action == "diff" else "Copy mark here"
        if binding.action == "handoff" and self.service.store.read_only_reason:
            return "Hand-off preview"
        return None

    def action_clear_mark(self) -> None:
        self.snapshots.set_mark(None)

    @on(MarkChanged)
    def _mark_changed(self, event: MarkChanged) -> None:
        """The header shows the mark wherever the cursor is; the keys it
        changes (``d``, ``r``, ``esc``) say so."""
        self.query_one(StoreHeader).set_mark(event.mark, key_of(self, "main.clear_mark"))
        self.refresh_bindings()

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
        from ckpt_tui.ui.flows.diff import show_diff

        old, new, title = self.diff_pair(snap)
        show_diff(self.app, snap.session_id, old, new, title)

    def diff_pair(self, snap: SnapshotRow) -> tuple[str, str | None, str]:
        """What ``d`` compares in the snapshot's session: the marked snapshot
        with it, or it with the current checkpoint (``None``); and the title."""
        marked = self.snapshots.marked
        if marked is not None and marked.id != snap.id:
            return marked.id, snap.id, f"{marked.name} (marked) → {snap.name}"  # type: ignore[return-value]
        return snap.id, None, f"{snap.name} → current checkpoint"

    def ahead(self, snap: SnapshotRow) -> tuple[tuple[str, str | None], str | None] | None:
        """What ``d`` and ``r`` would show for ``snap``, for the detail
        worker to work out: the pair ``d`` compares and the snapshot ``r``
        restores (``None``: read-only); ``None`` with a mark in another
        session (they compare and copy across sessions)."""
        if self._mark_elsewhere() is not None:
            return None
        old, new, _title = self.diff_pair(snap)
        return (old, new), (None if self.service.store.read_only_reason else snap.id)

    def action_restore(self) -> None:
        """The preview opens now, in this key's turn, not as a message the
        app takes later: a key typed right after ``r`` (``ry``) reaches the
        preview, never this screen (where ``y`` copies a command)."""
        from ckpt_tui.ui.flows import restore

        mark = self._mark_elsewhere()
        if mark is not None:
            restore.preview_copy(self.app, mark, self.session)
            return
        snap = self.acting_snapshot()
        if snap is None:
            self.notify("Select a snapshot to restore", severity="warning")
            return
        restore.preview_restore(self.app, snap)

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
        if snap is None and not session.has_checkpoint:
            # Said before any worker runs, with what to do here instead.
            where = "; select one of its snapshots (3) and press e" if self.snapshots.total else ""
            self.notify(f"This session has no checkpoint to hand off{where}", severity="warning")
            return
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
        if session.is_legacy:  # not gone: it never was an opencode session
            self.notify(
                f"{session.id} holds the plugin's legacy state, not an opencode session:"
                " it has no conversation",
                severity="warning",
            )
            return
        snap = self.acting_snapshot()
        self.post_message(ConversationRequested(session.id, snap.id if snap else None))

    def action_copy_resume(self) -> None:
        """The command ``ckpt-tui resume --print`` prints, with its ``cd``."""
        from ckpt_tui.ui.resume import copy_resume_command

        session = self.session
        if session is not None:
            copy_resume_command(self.app, session.id)

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

    # -- moving around --------------------------------------------------------------------
    def action_focus_pane(self, name: str) -> None:
        panes = {
            "projects": self.projects,
            "sessions": self.sessions,
            "snapshots": self.snapshots,
            "detail": self.detail,
        }
        # Now, not via ``focus()``, which runs after the keys already queued:
        # ``3jj`` typed at once moves in the snapshots, not in the old pane.
        self.set_focus(panes[name])

    @on(SessionList.MarkCheckpoint)
    def _mark_checkpoint(self, event: SessionList.MarkCheckpoint) -> None:
        title = event.row.display_title or event.row.id
        self.snapshots.set_mark(Mark(event.row.id, None, f"checkpoint of {title[:40]}"))

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
        self.landing = (project_id, session_id)
        self.sessions.show_project(project_id)
        self.projects.select_key(project_id)
        self.sessions.select_key(self.session_key(session_id))
        self.snapshots.show_session(session_id)
        if snapshot_id is None:
            self.sessions.focus()
            return
        # An old snapshot of a long session may be far past the first page.
        self.snapshots.select_key(snapshot_id, within=10_000)
        self.snapshots.focus()

    def session_key(self, session_id: str) -> object:
        """The sessions pane's key of a session: its id; in the archive,
        with the origin it is read from (``ArchiveView.origin_of``)."""
        if self.archive is None or (origin := self.archive.origin_of(session_id)) is None:
            return session_id
        return (session_id, origin)

    @on(ProjectList.OriginChanged)
    def _origin_changed(self) -> None:
        """The archive's projects now come from another origin: so do the sessions."""
        self.sessions.reload(keep_selection=False, reset=True)

    @on(SortChanged)
    def _sort_changed(self, event: SortChanged) -> None:
        from ckpt_tui.ui.settings import remember_setting  # writes: not at start-up
        remember_setting(self.app, event.setting, event.value)

    # -- filter (ui/widgets/filter_line.py) -------------------------------------
    @on(PagedList.FilterRequested)
    def _filter_requested(self, event: PagedList.FilterRequested) -> None:
        if self._filter is None:
            # Mounted the first time it is asked for (an Input costs its CSS
            # at start-up, and most sessions never filter).
            from ckpt_tui.ui.widgets.filter_line import FilterLine
            self._filter = FilterLine()
            self.mount(self._filter, before=self.query_one(KeyBar))
        self._filter.open_for(event.source)

    def action_clear_filter(self) -> None:
        if self._filter is not None:
            self._filter.clear_filter()

    def action_follow(self, every: bool = False) -> None:
        """``w``: follow the selected session live; ``W``, or ``w`` on the
        projects pane, every session (``ui/screens/follow.py``)."""
        from ckpt_tui.ui.screens.follow import follow

        on_session = self.acting_pane() is not self.projects and self.session is not None
        follow(self, self.service, self.session if on_session and not every else None)

    def action_timeline(self) -> None:
        """``t``: the selected session's timeline; from the projects pane,
        the project's activity per day (``ui/screens/timeline.py``)."""
        from ckpt_tui.ui.screens.timeline import open_timeline

        project = self.projects.highlighted
        on_session = self.acting_pane() is not self.projects and self.session is not None
        open_timeline(self, self.service, self.session if on_session else None, project)
