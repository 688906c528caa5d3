"""The app: wires the main screen to the core, owns the keys that work
everywhere (undo, redo, search, help, quit), notifications, live refresh,
and hands each screen's message (``ui/messages.py``) to its workflow
(``ui/flows/``). What help and the palette list is ``ui/commands.py``'s."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import Notification, Notify, SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.worker import WorkerFailed

from ckpt_tui import timeutil
from ckpt_tui.core.actions import Service
from ckpt_tui.core.activity import Activity
from ckpt_tui.core.config import Config
from ckpt_tui.core.reads import FirstScreen
from ckpt_tui.errors import CkptError
from ckpt_tui.ui import undo_keys
from ckpt_tui.ui.commands import (
    binding_groups,
    forget_help,
    key_commands,
    prepare_help,
    show_help,
    unavailable_commands,
)
from ckpt_tui.ui.explain import key_of, refusal
from ckpt_tui.ui.messages import (
    AdoptRequested,
    ConversationRequested,
    HandoffRequested,
    OpenInMain,
    SnapshotRequested,
)
from ckpt_tui.ui.notice_log import NoticeLog, toast_line
from ckpt_tui.ui.screens.main import MainScreen
from ckpt_tui.ui.textual_compat import ReportsUnexpectedErrors
from ckpt_tui.ui.widgets.store_header import StoreHeader

if TYPE_CHECKING:
    from ckpt_tui.core.plans import Outcome

#: Seconds after the first frame before the imports that later keys need
#: are made in a worker (see ``CkptApp._warm_imports``): past the start-up's
#: own work (opencode's data, the first summaries), before most first keys.
WARM_AFTER = 1.0

# The other screens are imported where they are opened (``ui/flows/``,
# ``ui/commands.py``), and the workflows of ``ui/flows/`` (with their
# dialogs) where a message asks for one: each pulls in what the first
# frame does not need
# (measured after the app's own imports: the restore preview 27 ms, the
# diff 12 ms, the conversation 68 ms, the hand-off's Markdown 78 ms, the
# legacy view and adoption SQLAlchemy and core.legacy, 280-800 ms), and
# bench/bench_startup.py counts every one.

#: How often the store is asked whether another process wrote to it.
POLL_SECONDS = 0.8
#: How often the clock the ages ("3m", "45s ago") are worked out from moves.
CLOCK_SECONDS = 1.0


#: A toast is one row at most this share of the terminal wide (Textual's
#: own is 60 columns with a blank row above and below: a 200-character
#: message took six rows); ``TOAST_FRAME``: its padding, edge and the rack's margin.
TOAST_PERCENT = 90
TOAST_FRAME = 6


class CkptApp(ReportsUnexpectedErrors, App[None]):
    TITLE = "ckpt-tui"
    CSS = f"""
    Toast {{ width: auto; max-width: {TOAST_PERCENT}%; padding: 0 1; }}
    """
    COMMANDS = App.COMMANDS | {unavailable_commands}
    BINDINGS: ClassVar[list[BindingType]] = [
        # ctrl+z undoes, as nearly everywhere; redo is vim's ctrl+r, and
        # ctrl+shift+z or ctrl+y where the terminal sends them (many send
        # ctrl+shift+z as ctrl+z, which then undoes: never the opposite).
        Binding("u,z,ctrl+z", "undo", "Undo", id="app.undo"),
        Binding("ctrl+r,ctrl+shift+z,ctrl+y", "redo", "Redo", id="app.redo"),
        Binding("S,ctrl+f", "search", "Search", show=False, id="app.search"),
        Binding("M", "notices", "Messages (full text)", show=False, id="app.notices"),
        Binding("question_mark", "help", "Help", id="app.help"),
        Binding("q", "quit", "Quit", id="app.quit"),
    ]

    #: The instant every age on screen is worked out from ("3m" in a list,
    #: "captured 45s ago" in the detail pane): one clock, read once a
    #: second (:meth:`tick`), so no two places disagree. Widgets that show
    #: ages watch it and draw again what now reads otherwise.
    now: var[datetime] = var(timeutil.now, init=False)

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
        collector_paused: bool = False,
    ) -> None:
        """``collector_paused``: the launcher paused Python's collector
        (``ui/launch.py``); it runs again from the first frame on."""
        super().__init__()
        self.collector_paused = collector_paused
        self.first = first
        self.service = service
        self.config = config or Config()
        self.poll = poll
        self.opencode_data = opencode_data
        self.read_opencode = read_opencode
        self.activity = Activity.empty()
        self.activity_loaded = not read_opencode
        self._token: int | None = None
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
        self.notices = NoticeLog()  # every notification's full text, for ``M``
        #: The keymap applied (the person's, plus the built-in keys it took
        #: over) and what it changed, one line each (help shows them).
        self.keymap_in_force: dict[str, str] = {}
        self.keymap_notes: tuple[str, ...] = ()
        #: The imports and the screens that later keys need are ready (``_warm_imports``).
        self.warmed_up = False
        #: The screens are being built (``_warmed``): a frame drawn now shows
        #: nothing new (the builds draw nothing, the screen shown is drawn again).
        self.warming_up = False

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
        takes_back: str | None = None,
    ) -> None:
        """Every notification is plain text, whoever asks: messages carry
        names and titles from the store, which must never be read as markup.
        It is one short line, so it never covers a dialog's buttons; the
        full text of a longer one is kept for ``M``. ``takes_back``: the
        session whose undo or redo key the message names ("(u undoes it)"):
        it leaves the screen once that key would act elsewhere
        (:meth:`hide_untrue_hints`)."""
        self.notices.add(severity, title, message)
        notification = Notification(
            toast_line(message, self.size.width * TOAST_PERCENT // 100 - TOAST_FRAME),
            title,
            severity,
            self.NOTIFICATION_TIMEOUT if timeout is None else timeout,
            markup=False,
        )
        if self.notices.same_shown(notification):  # said again: once, for its full time
            said = (notification.message, notification.title, notification.severity)
            self.hide_notifications(lambda n: (n.message, n.title, n.severity) != said)
        self.notices.showing(notification, takes_back)
        self.post_message(Notify(notification))

    def hide_untrue_hints(self) -> None:
        """Take off the screen each message whose "(u undoes it)" is no
        longer true: the undo and redo keys act on another session now, or
        mean something else on the screen shown (the legacy view's ``u``)."""
        acts_on = undo_keys.acts_on(self)
        self.hide_notifications(
            lambda n: self.notices.takes_back(n) in (None, acts_on)
        )

    def clear_notifications(self) -> None:
        self.notices.only([])
        super().clear_notifications()

    def hide_notifications(self, keep: Callable[[Notification], bool]) -> None:
        """Take the notifications on screen off it, except those ``keep``
        says stay (they stay for the time they had left)."""
        shown = self.notices.shown()
        kept = [notification for notification in shown if keep(notification)]
        if len(kept) == len(shown):
            return
        super().clear_notifications()  # (the log keeps what ``kept`` say)
        self.notices.only(kept)
        for notification in kept:
            self.post_message(Notify(notification))

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
            from ckpt_tui.ui.settings import remember_setting  # writes: not at start-up

            remember_setting(self, "theme", theme.name)

    def _after_first_frame(self) -> None:
        if self.collector_paused:
            self.collector_paused = False
            gc.freeze()  # what exists now lives as long as the app
            gc.enable()
        self.set_interval(CLOCK_SECONDS, self.tick)
        if self.poll:
            self.set_interval(POLL_SECONDS, self._poll)
        if self.read_opencode:
            self.load_activity()  # then the next steps (_activity_loaded)
        else:
            self.main.start_next_steps()
        self._report_config()
        if not self.is_headless:  # tests time nothing, and need no stray worker
            self.set_timer(WARM_AFTER, self._warm_imports)

    def tick(self) -> None:
        """The clock moves on (:attr:`now`): what shows an age follows."""
        self.now = timeutil.now()

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
        self.call_from_thread(self._warmed)

    async def _warmed(self) -> None:
        """The screens of ``d`` and ``r`` and the help are built (not shown),
        so their first key is as quick as the next; then what exists now is
        frozen for Python's collector: the imports and the app's own
        objects, which live as long as the app, had made a full collection
        cost 20-120 ms in the middle of whichever key it fell on."""
        from ckpt_tui.ui.flows.diff import build_diff_screen
        from ckpt_tui.ui.flows.restore import build_restore_preview

        self.warming_up = True
        await build_diff_screen(self)
        await build_restore_preview(self)
        await prepare_help(self)
        gc.freeze()
        self.warmed_up = True
        self.call_after_refresh(setattr, self, "warming_up", False)

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
        forget_help(self)  # built before: its keys are no longer true
        if resolved.notes:
            shown = "; ".join(resolved.notes[:2])
            more = len(resolved.notes) - 2
            tail = f"; and {more} more ({key_of(self, 'app.help')} lists them)" if more > 0 else ""
            severity = "warning" if resolved.unresolved else "information"
            self.notify(f"{shown}{tail}", title="Keymap", severity=severity, timeout=12)

    def unexpected_error(self, error: BaseException) -> bool:
        """An error nobody expected (``ui/textual_compat.py`` hands it here):
        its traceback goes to the log file. A worker's is a notification
        saying where, and the app keeps running (``True``); anything else
        ends the app as Textual does, and the launcher says where."""
        from ckpt_tui import debuglog  # imports logging: only when something failed

        cause = error.error if isinstance(error, WorkerFailed) else error
        self.crash_log = debuglog.log_exception(cause, "unexpected error in the app")
        where = f" (traceback in {self.crash_log})" if self.crash_log else ""
        if not isinstance(error, WorkerFailed):
            return False
        one_line = " ".join(str(cause).split())[:200]  # a notification is one line
        self.notify(
            f"Unexpected error: {type(cause).__name__}: {one_line}{where}",
            severity="error",
            timeout=20,
        )
        return True

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
        self.main.update_detail()  # the session's usage comes from opencode's data
        self.main.start_next_steps()  # after opencode's read, not beside it

    # -- what screens ask for (ui/messages.py): the workflows in ui/flows/ --------
    @on(ConversationRequested)
    def _conversation(self, event: ConversationRequested) -> None:
        from ckpt_tui.ui.screens.conversation import ConversationScreen  # start-up: see above

        self.push_screen(
            ConversationScreen(self.service, self.activity, event.session_id, event.snapshot_id)
        )

    @on(SnapshotRequested)
    def _snapshot_requested(self, event: SnapshotRequested) -> None:
        from ckpt_tui.ui.flows import snapshot as snapshot_flow

        snapshot_flow.new_snapshot(self, event.session)

    @on(HandoffRequested)
    def _handoff_requested(self, event: HandoffRequested) -> None:
        from ckpt_tui.ui.flows import handoff as handoff_flow

        handoff_flow.handoff(self, event.session_id, event.snapshot_id)

    @on(AdoptRequested)
    def _adopt_requested(self, event: AdoptRequested) -> None:
        from ckpt_tui.ui.flows import adopt as adopt_flow

        adopt_flow.adopt(self, event.project_id, event.snapshot_name)

    @on(OpenInMain)
    def _open_in_main(self, message: OpenInMain) -> None:
        """The board's or the history's ``enter``."""
        while not isinstance(self.screen, MainScreen):
            self.pop_screen()
        self.main.open_at(message.project_id, message.session_id, message.snapshot_id)

    def on_search_screen_jump(self, message) -> None:
        from ckpt_tui.ui.search_jump import jump_to

        jump_to(self, message.hit)

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
            self.call_from_thread(self.store_changed, notices, changed)
        self._token = token

    def store_changed(self, notices: list[str], reload: bool = True) -> None:
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

    def _run_write(
        self, work_fn: Callable[[], Outcome], *, after: Callable[[], None] | None = None
    ) -> None:
        """A write in a worker (``ui/flows/writes.py``)."""
        from ckpt_tui.ui.flows.writes import run_write

        run_write(self, work_fn, after=after)

    # -- the keys that work everywhere --------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in undo_keys.ACTIONS:
            return undo_keys.offered(self, action)
        return None if self.why_not(action, parameters) else True

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action in undo_keys.ACTIONS:
            return undo_keys.why_not(self, action)
        return None

    def describe_binding(self, binding: Binding) -> str | None:
        """The key bar's word for a key whose meaning depends on the state:
        "Undo restore of first", "Redo snapshot 'x'"."""
        if binding.action not in undo_keys.ACTIONS:
            return None
        return undo_keys.describe(self, binding)

    async def run_action(self, action, default_namespace=None, namespaces=None) -> bool:
        """A key that is dimmed here says why when pressed (``ui/explain.py``),
        and goes no further (it must not fall through to another binding)."""
        if reason := refusal(self, action, default_namespace, namespaces):
            self.notify(reason, severity="warning", timeout=4)
            return True
        return await super().run_action(action, default_namespace, namespaces)

    def action_undo(self) -> None:
        from ckpt_tui.ui.flows.undo_redo import undo_or_redo

        undo_or_redo(self, "undo")

    def action_redo(self) -> None:
        from ckpt_tui.ui.flows.undo_redo import undo_or_redo

        undo_or_redo(self, "redo")

    def action_search(self) -> None:
        from ckpt_tui.ui.search_jump import open_search  # the index: on first use only

        open_search(self)

    def action_notices(self) -> None:
        from ckpt_tui.ui.screens.notices import NoticesScreen

        if not isinstance(self.screen, NoticesScreen):
            self.push_screen(NoticesScreen(self.notices))

    def action_help(self) -> None:
        show_help(self)

    # -- help and palette (ui/commands.py) -----------------------------------------
    def binding_groups(self) -> list[tuple[str, list[Binding]]]:
        return binding_groups(type(self))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own commands, then every key that works where the palette
        was opened (the same bindings the key bar and the help screen show),
        except moving around: made from the bindings, it cannot drift. The
        keys dimmed there are listed too, greyed out (``ui/palette.py``)."""
        return key_commands(self, screen, super().get_system_commands(screen))
