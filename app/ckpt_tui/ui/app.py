"""The app: wires the main screen to the core, owns the keys that work
everywhere (undo, redo, help, quit), live refresh, and the palette."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import ClassVar

from textual import on, work
from textual.app import ActionError, App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.worker import WorkerFailed

from ckpt_tui.core.actions import Service
from ckpt_tui.core.activity import Activity
from ckpt_tui.core.config import Config
from ckpt_tui.core.plans import Outcome, Plan
from ckpt_tui.core.reads import FirstScreen
from ckpt_tui.errors import CkptError, NothingToDo
from ckpt_tui.records import SessionRow, SnapshotRow
from ckpt_tui.ui.explain import name_keys
from ckpt_tui.ui.messages import (
    AdoptRequested,
    ConversationRequested,
    CopyRequested,
    HandoffRequested,
    OpenInMain,
    RestoreRequested,
    SnapshotRequested,
)
from ckpt_tui.ui.screens.dialog import Dialog
from ckpt_tui.ui.screens.help import HelpScreen
from ckpt_tui.ui.screens.main import MainScreen
from ckpt_tui.ui.screens.prompt import NamePrompt
from ckpt_tui.ui.settings import remember_setting
from ckpt_tui.ui.widgets.store_header import StoreHeader

#: Seconds after the first frame before the imports that later keys need
#: are made in a worker (see ``CkptApp._warm_imports``): past the start-up's
#: own work (opencode's data, the first summaries), before most first keys.
WARM_AFTER = 1.0
#: The name the kept help screen is installed under.
HELP_SCREEN = "help"

# The other screens are imported where they are opened: each pulls in what
# the first frame does not need (measured after the app's own imports:
# the restore preview 27 ms, the diff 12 ms, the conversation 68 ms, the
# hand-off's Markdown 78 ms, the legacy view and adoption SQLAlchemy and
# core.legacy, 280-800 ms), and bench/bench_startup.py counts every one.

#: How often the store is asked whether another process wrote to it.
POLL_SECONDS = 0.8
#: A write still running after this long says it is waiting for the lock.
BUSY_NOTICE_SECONDS = 0.3


def _unavailable_commands():
    """The palette's dimmed commands (``ui/palette.py``), imported when it opens."""
    from ckpt_tui.ui.palette import UnavailableCommands

    return UnavailableCommands


class CkptApp(App[None]):
    TITLE = "ckpt-tui"
    COMMANDS = App.COMMANDS | {_unavailable_commands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u,z", "undo", "Undo", id="app.undo"),
        Binding("ctrl+r,ctrl+z", "redo", "Redo", id="app.redo"),
        Binding("S,ctrl+f", "search", "Search", show=False, id="app.search"),
        Binding("question_mark", "help", "Help", id="app.help"),
        Binding("q", "quit", "Quit", id="app.quit"),
    ]

    def __init__(
        self,
        service: Service,
        config: Config | None = None,
        *,
        poll: bool = True,
        opencode_data: str | None = None,
        read_opencode: bool = True,
        first: FirstScreen | None = None,
        theme: str | None = None,
    ) -> None:
        super().__init__()
        self.first = first
        self.service = service
        self.config = config or Config()
        self.poll = poll
        self.opencode_data = opencode_data
        self.read_opencode = read_opencode
        self.activity = Activity.empty()
        self.activity_loaded = not read_opencode
        self._token: int | None = None
        self._busy_timer = None
        # ``--theme`` for this run, else the one last chosen in the palette.
        chosen = theme or self.config.theme
        self._unknown_theme = None
        if chosen in self.available_themes:
            self.theme = chosen
        elif chosen:
            self._unknown_theme = chosen
        #: Where the last unexpected error's traceback was written.
        self.crash_log = None
        self.search_keeper = None  # made by the first search; then the poll keeps it current
        #: The keymap applied (the person's, plus the built-in keys it took
        #: over) and what it changed, one line each (help shows them).
        self.keymap_in_force: dict[str, str] = {}
        self.keymap_notes: tuple[str, ...] = ()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification is plain text, whoever asks: messages carry
        names and titles from the store, which must never be read as markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # -- start-up -------------------------------------------------------------
    def get_default_screen(self) -> Screen:
        """The main screen is the base screen: no blank default screen is
        painted first (one full frame less at start-up)."""
        return MainScreen(self.service, self.first)

    def on_mount(self) -> None:
        if self.config.keymap:
            from ckpt_tui.ui.keymap_check import usable

            # The person's keys now; the built-in keys they take over are
            # worked out after the first frame (``_report_config``).
            self.keymap_in_force = usable(self.config.keymap)
            self.set_keymap(self.keymap_in_force)
        if self._unknown_theme:
            self.notify(f"config.toml: unknown theme {self._unknown_theme!r}", severity="warning")
        # A theme chosen from now on (the palette's "theme") is remembered.
        self.theme_changed_signal.subscribe(self, self._theme_chosen)
        # opencode's data and the live poll wait until the first frame is out.
        self.call_after_refresh(self._after_first_frame)

    def _theme_chosen(self, theme) -> None:
        if theme.name != self.config.theme:
            remember_setting(self, "theme", theme.name)

    def _after_first_frame(self) -> None:
        if self.poll:
            self.set_interval(POLL_SECONDS, self._poll)
        if self.read_opencode:
            self.load_activity()
        self._report_config()
        if not self.is_headless:  # tests time nothing, and need no stray worker
            self.set_timer(WARM_AFTER, self._warm_imports)

    @work(thread=True, exclusive=True, group="warm")
    def _warm_imports(self) -> None:
        """What the first ``?``, ``d``, ``r``, ``e`` and the first read past
        the first screen import (SQLAlchemy among them), imported once the
        screen has settled instead of while a person waits for a key."""
        from ckpt_tui.core.warm import import_readers

        import_readers()
        import ckpt_tui.ui.screens.diff
        import ckpt_tui.ui.screens.handoff
        import ckpt_tui.ui.screens.plan  # noqa: F401

        self.binding_groups()  # imports every screen the help lists

    def _report_config(self) -> None:
        """What the config file asked for and was ignored: one notification
        each; what the keymap took over from the built-in keys, or could not:
        one notification for all (help lists them)."""
        from ckpt_tui.ui.keymap_check import keymap_problems, resolve

        for line in (*self.config.problems, *keymap_problems(self.config.keymap)):
            self.notify(line, title="Config", severity="warning", timeout=12)
        if not self.config.keymap:
            return
        resolved = resolve(self.config.keymap)
        self.keymap_in_force, self.keymap_notes = resolved.keymap, resolved.notes
        self.set_keymap(resolved.keymap)
        if self.is_screen_installed(HELP_SCREEN) and not isinstance(self.screen, HelpScreen):
            self.uninstall_screen(HELP_SCREEN)  # built before: its keys are no longer true
        if resolved.notes:
            shown = "; ".join(resolved.notes[:2])
            more = len(resolved.notes) - 2
            tail = f"; and {more} more ({self._help_key()} lists them)" if more > 0 else ""
            severity = "warning" if resolved.unresolved else "information"
            self.notify(f"{shown}{tail}", title="Keymap", severity=severity, timeout=12)

    def _help_key(self) -> str:
        from ckpt_tui.ui.explain import key_of

        return key_of(self, "app.help")

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error: its traceback goes to the log file. A worker's
        is a notification saying where; anything else ends the app as
        Textual does, and the launcher says where."""
        from ckpt_tui import debuglog  # imports logging: only when something failed

        cause = error.error if isinstance(error, WorkerFailed) else error
        self.crash_log = debuglog.log_exception(cause, "unexpected error in the app")
        where = f" (traceback in {self.crash_log})" if self.crash_log else ""
        if isinstance(error, WorkerFailed):
            one_line = " ".join(str(cause).split())[:200]  # a notification is one line
            self.notify(
                f"Unexpected error: {type(cause).__name__}: {one_line}{where}",
                severity="error",
                timeout=20,
            )
            return
        super()._handle_exception(error)

    @work(thread=True, exclusive=True, group="opencode")
    def load_activity(self) -> None:
        """opencode's sessions, read after the first paint (never on its path)."""
        try:
            activity = Activity.load(self.opencode_data)
        except CkptError as exc:
            activity = Activity(None, {}, False, (str(exc),))
        self.call_from_thread(self._activity_loaded, activity)

    def _activity_loaded(self, activity: Activity) -> None:
        self.activity_loaded = True
        self.activity = activity
        self.main.sessions.set_activity(activity)
        self.main._update_detail()  # the session's usage comes from opencode's data

    # -- what screens ask for (ui/messages.py) -----------------------------------
    @on(ConversationRequested)
    def _conversation(self, event: ConversationRequested) -> None:
        from ckpt_tui.ui.screens.conversation import ConversationScreen  # start-up: see above

        self.push_screen(
            ConversationScreen(self.service, self.activity, event.session_id, event.snapshot_id)
        )

    @on(RestoreRequested)
    def _restore_requested(self, event: RestoreRequested) -> None:
        self.restore(event.snapshot)

    @on(SnapshotRequested)
    def _snapshot_requested(self, event: SnapshotRequested) -> None:
        self.new_snapshot(event.session)

    @on(HandoffRequested)
    def _handoff_requested(self, event: HandoffRequested) -> None:
        self.handoff(event.session_id, event.snapshot_id)

    @on(AdoptRequested)
    def _adopt_requested(self, event: AdoptRequested) -> None:
        self.adopt(event.project_id, event.snapshot_name)

    @property
    def main(self) -> MainScreen:
        return next(s for s in self.screen_stack if isinstance(s, MainScreen))

    # -- live refresh -------------------------------------------------------------
    @work(thread=True, exclusive=True, group="poll")
    def _poll(self) -> None:
        """Another process wrote, or the path now names another file (the
        store replaced under us: the store reopens it): reload what shows."""
        store = self.service.store
        try:
            reopened = store.follow_path()
            token = store.change_token()
        except CkptError:
            reopened, token = False, self._token
        notices = store.take_notices()
        changed = reopened or (self._token is not None and token != self._token)
        if changed or notices:
            self.call_from_thread(self._store_changed, notices, changed)
        self._token = token

    def _store_changed(self, notices: list[str], reload: bool = True) -> None:
        """Say what happened to the store file; reload what shows unless the
        file is only gone (what it held stays on screen)."""
        for notice in notices:
            self.notify(notice, severity="warning", timeout=10)
        if reload:
            store = self.service.store
            self.main.query_one(StoreHeader).set_store(store.version, store.read_only_reason)
            self.main.refresh_all()
            if self.search_keeper is not None:
                self.search_keeper.catch_up()  # the index follows the store

    # -- writes ---------------------------------------------------------------------
    def _run_write(
        self, work_fn: Callable[[], Outcome], *, after: Callable[[], None] | None = None
    ) -> None:
        """Run a write in a worker, saying so if the lock takes a moment."""
        self._busy_timer = self.set_timer(
            BUSY_NOTICE_SECONDS,
            lambda: self.main.query_one(StoreHeader).set_status(
                "waiting for the store (another process is writing)…"
            ),
        )
        self._write_worker(work_fn, after)

    @work(thread=True, group="write")
    def _write_worker(self, work_fn: Callable[[], Outcome], after) -> None:
        try:
            outcome = work_fn()
        except NothingToDo as exc:
            self.call_from_thread(self._write_done, None, str(exc), "information", after)
            return
        except CkptError as exc:
            self.call_from_thread(self._write_done, None, str(exc), "error", after)
            return
        severity = "warning" if outcome.warning else "information"
        self.call_from_thread(self._write_done, outcome, outcome.message, severity, after)

    def _write_done(self, outcome: Outcome | None, message: str, severity: str, after) -> None:
        if self._busy_timer is not None:
            self._busy_timer.stop()
        self.main.query_one(StoreHeader).set_status("")
        self._show_store_notices()
        self.notify(name_keys(self, message), severity=severity, timeout=6)
        if outcome is not None:
            self.main.refresh_all()
        if after is not None:
            after()

    def _require_writable(self) -> bool:
        reason = self.service.store.read_only_reason
        if reason:
            self.notify(f"Read-only: {reason}", severity="warning")
            return False
        return True

    def restore(self, snapshot: SnapshotRow) -> None:
        if not self._require_writable():
            return
        from ckpt_tui.ui.screens.plan import PlanScreen  # start-up: see the imports

        def make_plan(fields: list[str] | None) -> Plan:
            return self.service.plan_restore(snapshot.session_id, snapshot.id, fields)

        self.push_screen(
            PlanScreen(
                f"Restore {snapshot.name} into session {snapshot.session_id}",
                make_plan,
                self.service.apply,
                verb="Restore",
                pick_fields=True,
            ),
            self._after_plan,
        )

    @on(CopyRequested)
    def _copy_requested(self, event: CopyRequested) -> None:
        """Preview copying the mark (another session's) into the session."""
        if not self._require_writable():
            return
        from ckpt_tui.ui.screens.across import copy_preview  # start-up: see the imports

        self.push_screen(copy_preview(self.service, event.mark, event.session.id), self._after_plan)

    @on(OpenInMain)
    def _open_in_main(self, message: OpenInMain) -> None:
        """The board's or the history's ``enter``."""
        while not isinstance(self.screen, MainScreen):
            self.pop_screen()
        self.main.open_at(message.project_id, message.session_id, message.snapshot_id)

    def _show_store_notices(self) -> None:
        """A write that followed a replaced file says so (the poll would, later)."""
        if notices := self.service.store.take_notices():
            self._store_changed(notices)

    def _after_plan(self, outcome: Outcome | None) -> None:
        self._show_store_notices()
        if outcome is None:
            self.notify("Nothing was written", timeout=3)
            return
        severity = "warning" if outcome.warning else "information"
        self.notify(
            name_keys(self, outcome.message),
            title=outcome.action.capitalize(),
            severity=severity,
            timeout=8,
        )
        self.main.refresh_all()

    def new_snapshot(self, session: SessionRow) -> None:
        if not self._require_writable():
            return
        def save(name: str | None) -> None:
            if name:
                self._run_write(lambda: self.service.snapshot_create(session.id, name))

        self.push_screen(
            NamePrompt(f"Name for a snapshot of {session.display_title or session.id}"), save
        )

    def adopt(self, project_id: str, snapshot: str | None) -> None:
        if not self._require_writable():
            return
        self._adopt_targets(project_id, snapshot)

    @work(thread=True, exclusive=True, group="adopt")
    def _adopt_targets(self, project_id: str, snapshot: str | None) -> None:
        try:
            rows, cursor = [], None
            while True:
                page = self.service.sessions(project_id=project_id, after=cursor, limit=500)
                rows += [r for r in page.rows if not r.is_legacy]
                cursor = page.cursor
                if cursor is None:
                    break
        except CkptError as exc:
            self.call_from_thread(self.notify, str(exc), severity="error")
            return
        self.call_from_thread(self._push_adopt, project_id, snapshot, rows)

    def _push_adopt(self, project_id: str, snapshot: str | None, rows: list[SessionRow]) -> None:
        if not rows:
            self.notify(
                f"Project {project_id} has no live session to adopt into", severity="warning"
            )
            return
        from ckpt_tui.ui.screens.adopt import AdoptScreen  # start-up: see the imports

        screen = AdoptScreen(self.service, project_id, snapshot, rows)

        def done(outcome: Outcome | None) -> None:
            if outcome is not None:
                # Back to the main screen, on the adopted session: where the
                # message's undo key undoes the adoption (the legacy view's
                # own ``u`` takes back an import).
                while not isinstance(self.screen, MainScreen):
                    self.pop_screen()
                self.main.select_session(outcome.session_id)
            self._after_plan(outcome)

        self.push_screen(screen, done)

    def handoff(self, session_id: str, snapshot: str | None) -> None:
        """Write the hand-off note and show it; read-only, only show it."""
        self._handoff_worker(session_id, snapshot, self.service.store.read_only_reason)

    @work(thread=True, exclusive=True, group="handoff")
    def _handoff_worker(self, session_id: str, snapshot: str | None, read_only: str | None) -> None:
        from ckpt_tui.core import handoff  # only when a note is asked for

        warning = None
        try:
            if read_only:
                raise handoff.HandoffError(
                    f"read-only ({read_only}); `ckpt-tui handoff {session_id}` writes it"
                )
            written = self.service.write_handoff(session_id, snapshot)
            markdown, path, problem = written.handoff.markdown, str(written.path), None
            warning = written.warning
        except handoff.HandoffError as exc:
            # The project directory may be gone: still show the note.
            try:
                markdown, path, problem = (
                    handoff.build(self.service, session_id, snapshot).markdown,
                    None,
                    str(exc),
                )
            except CkptError as inner:
                self.call_from_thread(self.notify, str(inner), severity="error")
                return
        except CkptError as exc:
            self.call_from_thread(self.notify, str(exc), severity="error")
            return
        self.call_from_thread(self._show_handoff, markdown, path, problem, warning)

    def _show_handoff(self, markdown, path: str | None, problem: str | None, warning=None) -> None:
        from ckpt_tui.ui.screens.handoff import HandoffScreen  # start-up: see the imports

        self.push_screen(HandoffScreen(markdown, path, problem, warning))
        if path is not None:
            self.main.load_next_steps()  # the note is now what undo takes back

    def _history(self, verb: str) -> None:
        if not self._require_writable():
            return
        session = self.main.session
        if session is None:
            self.notify(f"Select a session to {verb} in", severity="warning")
            return
        planner = self.service.plan_undo if verb == "undo" else self.service.plan_redo
        if self.config.preview_undo:
            from ckpt_tui.ui.screens.plan import PlanScreen  # start-up: see the imports

            self.push_screen(
                PlanScreen(
                    f"{verb.capitalize()} in session {session.id}",
                    lambda _fields: planner(session.id),
                    self.service.apply,
                    verb=verb.capitalize(),
                ),
                self._after_plan,
            )
            return
        # No preview: planned under the write lock, so a save of the plugin
        # meanwhile is included rather than refused (nobody saw another diff).
        self._run_write(lambda: self.service.plan_and_apply(lambda: planner(session.id))[1])

    # -- what undo and redo will do (the key bar says it) -------------------------
    def _next_step(self, verb: str) -> tuple[str, str | None] | None:
        """The selected session and what ``verb`` would take back there, if
        known yet (``MainScreen.load_next_steps``)."""
        main = self.main
        session = main.session
        if session is None or main.next_steps is None or main.next_steps[0] != session.id:
            return None
        steps = main.next_steps[1]
        return session.id, steps.undo if verb == "undo" else steps.redo

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo"):
            # They act on the main screen's selected session: on a screen
            # that does not show it (``UNDO_HERE``) they are not offered (and
            # a screen's own ``u``, the legacy view's, means its own undo).
            if not getattr(self.screen, "UNDO_HERE", False):
                return False
            return None if self.why_not(action, parameters) else True
        return True

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action not in ("undo", "redo"):
            return None
        if reason := self.service.store.read_only_reason:
            return f"Read-only: {reason}"
        session = self.main.session
        if session is None or self.main.acting_pane() is self.main.projects:
            return f"{action} acts on a session: select one in the sessions pane"
        if session.origin != "store":
            return f"nothing to {action}: this opencode session has no checkpoint"
        known = self._next_step(action)
        if known is not None and known[1] is None:
            return f"nothing to {action} in session {known[0]}"
        return None

    def describe_binding(self, binding: Binding) -> str | None:
        """The key bar's word for a key whose meaning depends on the state:
        "Undo restore of first", "Redo snapshot 'x'"."""
        if binding.action not in ("undo", "redo"):
            return None
        known = self._next_step(binding.action)
        if known is None or known[1] is None:
            return None
        label = known[1] if len(known[1]) <= 32 else known[1][:31] + "…"
        return f"{binding.description} {label}"

    async def run_action(self, action, default_namespace=None, namespaces=None) -> bool:
        """A key that is dimmed here says why when pressed (``ui/explain.py``),
        and goes no further (it must not fall through to another binding)."""
        from ckpt_tui.ui.explain import reason_for

        try:
            target, name, params = self._parse_action(
                action, self if default_namespace is None else default_namespace, namespaces
            )
        except ActionError:  # Textual reports a bad action itself
            return await super().run_action(action, default_namespace, namespaces)
        if target.check_action(name, params) is None and (
            reason := reason_for(target, name, params)
        ):
            self.notify(reason, severity="warning", timeout=4)
            return True
        return await super().run_action(action, default_namespace, namespaces)

    def action_undo(self) -> None:
        self._history("undo")

    def action_redo(self) -> None:
        self._history("redo")

    # -- search ---------------------------------------------------------------------
    def action_search(self) -> None:
        # The search index (FTS5, its keeper) is opened on first use only.
        from ckpt_tui.core.search import Searcher
        from ckpt_tui.ui.screens.search import SearchScreen
        from ckpt_tui.ui.search_keeper import SearchKeeper

        if isinstance(self.screen, SearchScreen):
            return
        path = self.service.store.path
        if self.search_keeper is None:
            self.search_keeper = SearchKeeper(self, path)
        self.push_screen(SearchScreen(self.search_keeper, Searcher(path)))

    def on_search_screen_jump(self, message) -> None:
        from ckpt_tui.ui.search_jump import show_hit

        while len(self.screen_stack) > 1 and self.screen is not self.main:
            self.pop_screen()
        show_hit(self.main, message.hit)

    # -- help and palette -------------------------------------------------------------
    def binding_groups(self) -> list[tuple[str, list[Binding]]]:
        # Imported when help is asked for (start-up: see the imports).
        from ckpt_tui.ui.screens.board import BoardList, BoardScreen
        from ckpt_tui.ui.screens.conversation import ConversationScreen
        from ckpt_tui.ui.screens.history import BlameList, HistoryScreen
        from ckpt_tui.ui.screens.legacy import LegacyScreen
        from ckpt_tui.ui.screens.plan import PlanScreen
        from ckpt_tui.ui.screens.search import SearchScreen
        from ckpt_tui.ui.widgets.conversation_view import ConversationView
        from ckpt_tui.ui.widgets.detail import DetailPane
        from ckpt_tui.ui.widgets.diff_view import DiffView
        from ckpt_tui.ui.widgets.lists import ProjectList, SessionList, SnapshotList
        from ckpt_tui.ui.widgets.paged_list import PagedList
        from ckpt_tui.ui.widgets.text_lines import TextLines

        def own(cls) -> list[Binding]:
            return [b for b in cls.BINDINGS if isinstance(b, Binding)]

        extra = [
            Binding("tab", "focus_next", "Next pane", id="app.focus_next"),
            Binding("shift+tab", "focus_previous", "Previous pane", id="app.focus_previous"),
            Binding("ctrl+p", "command_palette", "Command palette: every action", id="app.palette"),
        ]
        return [
            ("Everywhere", own(CkptApp) + extra),
            ("Main screen", own(MainScreen)),
            ("Any list", own(PagedList)),
            ("Projects list", own(ProjectList)),
            ("Sessions list", own(SessionList)),
            ("Snapshots list", own(SnapshotList)),
            ("Diff view", own(DiffView) + own(TextLines)),
            ("Every dialog", own(Dialog)),
            ("Restore, undo and adoption previews", own(PlanScreen)),
            ("Conversation", own(ConversationView) + own(ConversationScreen)),
            ("Legacy files", own(LegacyScreen)),
            ("Detail pane", own(DetailPane)),
            ("Board (B)", own(BoardList) + own(BoardScreen)),
            ("Field history (b in the detail pane)", own(BlameList) + own(HistoryScreen)),
            ("Search", own(SearchScreen)),
        ]

    def action_help(self) -> None:
        """The help is built once and kept (installed): every ``?`` after the
        first shows the same screen, its table already laid out."""
        if isinstance(self.screen, HelpScreen):
            return
        if not self.is_screen_installed(HELP_SCREEN):
            help_screen = HelpScreen(
                self.binding_groups(), self.keymap_in_force, self.keymap_notes
            )
            self.install_screen(help_screen, HELP_SCREEN)
        self.push_screen(HELP_SCREEN)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own commands, then every key that works where the palette
        was opened (the same bindings the key bar and the help screen show),
        except moving around: made from the bindings, it cannot drift. The
        keys dimmed there are listed too, greyed out (``ui/palette.py``)."""
        from ckpt_tui.ui.palette import NOT_IN_PALETTE

        own = list(super().get_system_commands(screen))
        yield from own
        titles = {command.title for command in own}
        seen: set[str] = set()
        for node, binding, enabled, _tooltip in screen.active_bindings.values():
            title = binding.description or binding.action
            if not enabled or binding.action in seen or title in titles:
                continue
            if binding.action.startswith(NOT_IN_PALETTE):
                continue
            seen.add(binding.action)
            titles.add(title)
            key = self.get_key_display(binding)
            yield SystemCommand(
                title,
                f"{key}  ·  {binding.id or binding.action}",
                partial(self.call_later, self.run_action, binding.action, node),
            )
