"""What the help screen and the command palette list, made from the
bindings themselves (the same ones the key bar shows), so neither can
drift from what the keys do."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ckpt_tui.ui.screens.installed import build_ahead

#: The name the help screen is installed under (built ahead, reused).
HELP_SCREEN = "help"


def unavailable_commands():
    """The palette's dimmed commands (``ui/palette.py``), imported when it opens."""
    from ckpt_tui.ui.palette import UnavailableCommands

    return UnavailableCommands


def _own(cls) -> list[Binding]:
    return [b for b in cls.BINDINGS if isinstance(b, Binding)]


def binding_groups(app_class: type[App]) -> list[tuple[str, list[Binding]]]:
    """Every key, by where it works, as the help screen lists them (each
    group's title fits the help's key column: ``help.KEY_WIDTH``)."""
    # Imported when help is asked for (start-up: see ``ui/app.py``'s imports).
    from ckpt_tui.ui.screens.board import BoardList, BoardScreen
    from ckpt_tui.ui.screens.confirm import ConfirmScreen
    from ckpt_tui.ui.screens.conversation import ConversationScreen
    from ckpt_tui.ui.screens.dialog import Dialog
    from ckpt_tui.ui.screens.diff import DiffScreen
    from ckpt_tui.ui.screens.follow import FeedList, FollowScreen
    from ckpt_tui.ui.screens.handoff import HandoffScreen
    from ckpt_tui.ui.screens.help import HelpScreen
    from ckpt_tui.ui.screens.history import BlameList, HistoryScreen
    from ckpt_tui.ui.screens.legacy import LegacyScreen
    from ckpt_tui.ui.screens.main import MainScreen
    from ckpt_tui.ui.screens.plan import PlanScreen
    from ckpt_tui.ui.screens.search import SearchScreen
    from ckpt_tui.ui.screens.timeline import ProjectActivityScreen, TimelineScreen
    from ckpt_tui.ui.widgets.conversation_view import ConversationView
    from ckpt_tui.ui.widgets.detail import DetailPane
    from ckpt_tui.ui.widgets.diff_view import DiffView
    from ckpt_tui.ui.widgets.filter_line import FilterLine
    from ckpt_tui.ui.widgets.key_scroll import KeyScroll
    from ckpt_tui.ui.widgets.lists import ProjectList, SessionList, SnapshotList
    from ckpt_tui.ui.widgets.paged_list import PagedList
    from ckpt_tui.ui.widgets.pickers import FieldPicker, TargetPicker
    from ckpt_tui.ui.widgets.text_lines import TextLines

    extra = [
        Binding("tab", "focus_next", "Next pane", id="app.focus_next"),
        Binding("shift+tab", "focus_previous", "Previous pane", id="app.focus_previous"),
        Binding("ctrl+p", "command_palette", "Command palette: every action", id="app.palette"),
    ]
    return [
        ("Everywhere", _own(app_class) + extra),
        ("Main screen", _own(MainScreen)),
        ("Any list", _own(PagedList)),
        ("Filter line (/)", _own(FilterLine)),
        ("Projects list", _own(ProjectList)),
        ("Sessions list", _own(SessionList)),
        ("Snapshots list", _own(SnapshotList)),
        ("Diff view", _own(DiffView) + _own(TextLines) + _own(DiffScreen)),
        ("Every dialog", _own(Dialog)),
        ("Help, M, e (text)", _own(HelpScreen) + _own(KeyScroll) + _own(HandoffScreen)),
        ("Previews (r, A)", _own(PlanScreen) + _own(FieldPicker) + _own(TargetPicker)),
        ("Conversation", _own(ConversationView) + _own(ConversationScreen)),
        ("Legacy files", _own(LegacyScreen) + _own(ConfirmScreen)),
        ("Detail pane", _own(DetailPane)),
        ("Board (B)", _own(BoardList) + _own(BoardScreen)),
        ("Field history (b)", _own(BlameList) + _own(HistoryScreen)),
        ("Search", _own(SearchScreen)),
        ("Follow (w, W)", _own(FeedList) + _own(FollowScreen)),
        ("Timeline (t)", _own(TimelineScreen)),
        ("Activity (t)", _own(ProjectActivityScreen)),
    ]


def show_help(app) -> None:
    """The help is built once and kept (installed): every ``?`` after the
    first shows the same screen, its table already laid out."""
    from ckpt_tui.ui.screens.help import HelpScreen

    if isinstance(app.screen, HelpScreen):
        return
    if not app.is_screen_installed(HELP_SCREEN):
        app.install_screen(HelpScreen(*_help_args(app)), HELP_SCREEN)
    app.push_screen(HELP_SCREEN)


async def prepare_help(app) -> None:
    """Build the help screen while the app is idle, so the first ``?`` shows
    it as fast as the next ones: composed, mounted and laid out at the
    terminal's size (its table of every key rendered then: most of a first
    ``?``). Called once the launch has settled (``CkptApp._warm_imports``);
    a ``?`` pressed before that builds it as before."""
    if app.is_screen_installed(HELP_SCREEN):
        return
    from ckpt_tui.ui.screens.help import HelpScreen

    await build_ahead(app, HELP_SCREEN, HelpScreen(*_help_args(app)))


def _help_args(app) -> tuple:
    return app.binding_groups(), app.keymap_in_force, app.keymap_notes


def forget_help(app) -> None:
    """Uninstall the kept help (its keys are no longer true), unless it
    shows; one built ahead and never shown is removed too."""
    from ckpt_tui.ui.screens.help import HelpScreen

    if app.is_screen_installed(HELP_SCREEN) and not isinstance(app.screen, HelpScreen):
        screen = app.get_screen(HELP_SCREEN)
        app.uninstall_screen(HELP_SCREEN)
        if screen.is_running and screen not in app.screen_stack:
            screen.remove()


def key_commands(
    app: App, screen: Screen, own: Iterable[SystemCommand]
) -> Iterator[SystemCommand]:
    """Textual's own commands (``own``), then every key that works where the
    palette was opened, except moving around. The keys dimmed there are
    listed by the palette's second provider (``ui/palette.py``)."""
    from ckpt_tui.ui.palette import NOT_IN_PALETTE

    own = list(own)
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
        key = app.get_key_display(binding)
        yield SystemCommand(
            title,
            f"{key}  ·  {binding.id or binding.action}",
            partial(app.call_later, app.run_action, binding.action, node),
        )
