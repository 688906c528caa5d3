"""The main screen: projects, sessions and snapshots side by side, the
detail of the selection below (``ui/selection_detail.py`` builds it in the
screen's workers), the key bar, and the filter line
(``ui/widgets/filter_line.py``). The keys that act on the selection are
``ui/screens/selection_keys.py``'s; their bindings are here, where Textual
reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.worker import get_current_worker

from ckpt_tui.core.actions import Service
from ckpt_tui.core.activity import Activity
from ckpt_tui.core.reads import FirstScreen
from ckpt_tui.records import ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.ui import selection_detail
from ckpt_tui.ui.asked import LastAsked
from ckpt_tui.ui.breakpoints import breakpoint_classes
from ckpt_tui.ui.debounce import rested
from ckpt_tui.ui.explain import Explains
from ckpt_tui.ui.mark import Mark
from ckpt_tui.ui.prepared import Prepared
from ckpt_tui.ui.prepared_handoff import PreparedNotes
from ckpt_tui.ui.render import no_match
from ckpt_tui.ui.screens.next_steps import FollowsNextSteps
from ckpt_tui.ui.screens.selection_keys import SelectionKeys
from ckpt_tui.ui.selection_detail import EMPTY_STORE, Detail
from ckpt_tui.ui.widgets.detail import DetailPane, Shown
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.lists import ProjectList, SessionList, SnapshotList, SortChanged
from ckpt_tui.ui.widgets.paged_list import PagedList
from ckpt_tui.ui.widgets.store_header import StoreHeader

if TYPE_CHECKING:
    from ckpt_tui.ui.widgets.filter_line import FilterLine  # mounted on the first ``/``

#: The most of the screen's height the three lists take (the detail pane
#: has the rest); the launcher uses it to know how many rows can show.
PANES_PERCENT = 45
#: The fewest rows the lists show, however short they are.
PANES_MIN_ROWS = 4

#: The detail pane follows the cursor once it has rested this long (seconds):
#: ``j`` held down moves the cursor only, and the pane (a store read, a
#: layout and a repaint, Markdown included) is drawn once, where it stops.
DETAIL_REST = 0.06


class MainScreen(FollowsNextSteps, SelectionKeys, Explains, Screen[None]):
    #: The app's undo and redo act on this screen's selected session.
    UNDO_HERE = True
    # Widths by need: narrow, the projects pane shows names only and the
    # sessions pane gets the room (its titles are what a person reads).
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
    #: Textual's ``Screen.focused`` repaints the whole screen when it changes
    #: (every pane rendered again for a frame where two borders change). The
    #: widgets that gain and lose the focus repaint themselves (their
    #: ``:focus`` styles), so the screen does not.
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
        Binding("escape", "clear_filter", "Clear filter", show=False, id="main.clear_filter"),
    ]

    def __init__(self, service: Service, first: FirstScreen | None = None) -> None:
        super().__init__()
        # The width class now, not at the first Resize (after the first frame).
        width = breakpoint_classes(self.HORIZONTAL_BREAKPOINTS, self.app.size.width)
        self.update_classes(width, update=False)
        self.service = service
        self._laid_out_for = None  # the size of the last layout (_screen_resized)
        self.projects = ProjectList(service, id="projects")
        self.sessions = SessionList(service, id="sessions")
        self.snapshots = SnapshotList(service, id="snapshots")
        self.detail = DetailPane(id="detail")
        self._filter: FilterLine | None = None  # mounted on the first ``/``
        self._rows_needed = 0  # the longest list seen: the panes only grow to it
        self._panes_height: int | None = None
        self.first = first
        #: The list whose selection the detail pane shows (it keeps showing
        #: it while it has the focus itself).
        self._shown_from: PagedList | None = None
        #: What the detail worker was last started for (``ui/asked.py``):
        #: asked the same again, it does not start.
        self._detail_asked = LastAsked()
        self._first_layout_done = False  # see _refresh_layout
        #: What ``d`` and ``r`` will show, worked out once the cursor rests.
        self.prepared = Prepared()
        #: What ``e`` will write and show, made once the cursor rests.
        self.prepared_notes = PreparedNotes()

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
            self._detail_asked.changed((self._load_project, first.projects.rows[0]))
        self.projects.focus()
        # Textual hides its toast rack with an inline style once the screen
        # shows, a layout and a frame of their own after the first one;
        # hidden the same way now, that is part of the first layout.
        for rack in self.query("#textual-toastrack"):
            rack.display = False
        self._laid_out_for = self.app.size

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._first_layout_done:
            # Every node was styled as it mounted, just now (classes and
            # focus included): Textual's first resume styling the whole
            # screen again changed nothing and cost 7-10 ms of the first frame.
            event.refresh_styles = False

    def _refresh_layout(self, size=None, scroll: bool = False) -> None:
        """The first layout is the first frame, whole: everything asked of
        the screen and its widgets until then (by mounting them, filling
        the lists, and this layout sizing them for the first time) is in
        it. Textual still acts on those requests once it has drawn it: the
        widgets' repaint and layout flags set during this layout, the
        messages they posted while mounting, the screen's own flags (a
        layout asked while mounting, a repaint asked right after this
        layout). That was a second layout and two full frames ~20 ms after
        the first; they are forgotten instead (the widgets' flags now, the
        rest once the messages queued before it are handled). Textual's
        private state, so ``tests/test_ui_launch.py`` fails when this stops
        taking effect (Textual is pinned below 9)."""
        super()._refresh_layout(size, scroll)
        if self._first_layout_done or not self.is_current or not (size or self.outer_size):
            return  # not the first frame (or no room: Textual laid nothing out)
        self._first_layout_done = True
        for widget in self._compositor.visible_widgets:  # scrollbars included
            widget._layout_required = widget._repaint_required = False
        self.call_later(self._forget_requests_met_by_the_first_layout)

    def _forget_requests_met_by_the_first_layout(self) -> None:
        self._layout_required = self._repaint_required = False
        self._layout_widgets.clear()
        self._dirty_widgets.clear()

    def _screen_resized(self, size) -> None:
        """Textual lays the whole screen out again on every ``Resize``, and
        sends a few at start-up with the size the first frame already had:
        each was a layout and a full frame of its own after the first one.
        A size this screen is already laid out for is skipped."""
        if size == self._laid_out_for:
            return
        self._laid_out_for = size
        super()._screen_resized(size)

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
        self._detail_asked.forget()  # the same selection may read otherwise now
        self._update_detail()
        self.load_next_steps()

    # -- the panes' height ----------------------------------------------------------
    def _fit_height(self, rows: int) -> None:
        """The lists take the rows they need (at most PANES_PERCENT of the
        screen) and the detail pane the rest. They only grow, so moving
        from session to session never makes the detail pane jump."""
        self._rows_needed = max(self._rows_needed, rows, PANES_MIN_ROWS)
        most = self.app.size.height * PANES_PERCENT // 100
        height = min(self._rows_needed + 2, most) if most > 0 else None
        if height is not None and height != self._panes_height:
            self._panes_height = height
            self.query_one("#panes").styles.height = height

    def on_resize(self) -> None:
        self._fit_height(0)

    # -- list events --------------------------------------------------------------
    @on(PagedList.Highlighted)
    def _highlighted(self, event: PagedList.Highlighted) -> None:
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
            self.snapshots.show_session(srow.id if in_store else None)
            if srow is None and self.sessions.filter_text:
                self._show_note(Text(no_match(self.sessions.filter_text), "dim"), "Session")
                return
        elif event.source is self.snapshots and event.row is None and self.snapshots.filter_text:
            self._show_note(Text(no_match(self.snapshots.filter_text), "dim"), "Snapshot")
            return
        self.refresh_bindings()  # which keys apply depends on what is selected
        self._update_detail(DETAIL_REST)
        self.load_next_steps(again=False, delay=DETAIL_REST)

    def _show_note(self, text: Text | object, title: str) -> None:
        """No selection to detail (nothing matches, an empty store): the
        note now, and the next selection's detail read whatever it is."""
        self.refresh_bindings()
        self.detail.show(text, title)
        self._detail_asked.forget()

    def on_descendant_focus(self) -> None:
        if self.focused in (self.projects, self.sessions, self.snapshots):
            self._shown_from = self.focused
        # After the rest too: the frame that moves the focus comes first.
        self._update_detail(DETAIL_REST)
        self.refresh_bindings()  # a key acts on what the focused pane shows

    def _update_detail(self, delay: float = 0.0) -> None:
        """Show what the focused pane selects, ``delay`` seconds from now
        unless the selection moves again first (see :data:`DETAIL_REST`);
        no worker when the pane shows it already, or is about to
        (``ui/asked.py``)."""
        focused = self.focused
        if focused is self.detail:
            return
        if self.detail.revealing:  # a search hit's field, scrolled to when shown
            self._detail_asked.forget()
        request = self._detail_request(focused)
        if request is not None and self._detail_asked.changed(request):
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
        if rested(delay):
            detail = selection_detail.current_checkpoint(self.service, row, activity, loaded)
            self.app.call_from_thread(self._present, detail)
            self._prepare_note(row, None)

    @work(thread=True, exclusive=True, group="detail")
    def _load_snapshot(self, row: SnapshotRow, ahead, delay: float = 0.0) -> None:
        """The snapshot's detail; then what ``d`` and ``r`` would show for it
        (``ahead``: see :meth:`ahead`), so those keys only show it."""
        if not rested(delay):
            return
        self.app.call_from_thread(self._present, selection_detail.snapshot(self.service, row))
        if ahead is not None and not get_current_worker().is_cancelled:
            self.prepared.prepare(self.service, row.session_id, *ahead)
        self._prepare_note(row.session_id, row.id)

    def _prepare_note(self, session: SessionRow | str, snapshot: str | None) -> None:
        """In a detail worker: the note ``e`` would write for the selection
        (``ui/prepared_handoff.py``), for a session of the store that has a
        checkpoint (or for one of its snapshots)."""
        if get_current_worker().is_cancelled:
            return
        if isinstance(session, SessionRow):
            if session.origin != "store" or not session.has_checkpoint:
                return
            session = session.id
        self.prepared_notes.prepare(self.service, session, snapshot)

    # -- actions --------------------------------------------------------------------
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
