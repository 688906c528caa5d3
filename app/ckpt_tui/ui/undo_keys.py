"""What the app's undo and redo keys would do, for the key bar ("Undo
restore of first") and for why one is dimmed (``ui/explain.py``). They act
on the main screen's selected session, so they are offered only on a
screen that shows it (``UNDO_HERE``): the legacy view's own ``u`` means
its own undo. ``app`` is the running ``CkptApp``."""

from __future__ import annotations

from textual.binding import Binding
from textual.command import CommandPalette

#: The app's actions this module speaks for.
ACTIONS = ("undo", "redo")
#: The longest step named in the key bar before it is cut with "…".
LABEL_WIDTH = 32


def next_step(app, verb: str) -> tuple[str, str | None] | None:
    """The selected session and what ``verb`` would take back there, if
    known yet (``MainScreen.load_next_steps``)."""
    main = app.main
    session = main.session
    if session is None or main.next_steps is None or main.next_steps[0] != session.id:
        return None
    steps = main.next_steps[1]
    return session.id, steps.undo if verb == "undo" else steps.redo


def acted_on(app):
    """The screen the keys act on: the top one, or under the command
    palette the one it was opened on (the palette lists that screen's keys)."""
    for screen in reversed(app.screen_stack):
        if not isinstance(screen, CommandPalette):
            return screen
    return app.screen


def acts_on(app) -> str | None:
    """The session the undo and redo keys act on now (``None``: none, or
    they are not the app's keys on the screen shown)."""
    if not getattr(acted_on(app), "UNDO_HERE", False):
        return None
    main = app.main
    if main.landing is not None:  # a session being selected (after an adoption)
        return main.landing[1]
    return None if main.session is None else main.session.id


def offered(app, action: str) -> bool | None:
    """Textual's ``check_action`` for undo and redo: hidden (``False``) on
    a screen that does not show the session, dimmed (``None``) when they
    would do nothing, else ``True``. (Asked with the palette open, of the
    screen under it: else undo and redo were missing from the palette.)"""
    if not getattr(acted_on(app), "UNDO_HERE", False):
        return False
    return None if why_not(app, action) else True


def why_not(app, action: str) -> str | None:
    """Why undo or redo would do nothing now (one line), or ``None``."""
    if reason := app.service.store.read_only_reason:
        return f"Read-only: {reason}"
    main = app.main
    session = main.session
    if session is None or main.acting_pane() is main.projects:
        return f"{action} acts on a session: select one in the sessions pane"
    if session.origin != "store":
        return f"nothing to {action}: this opencode session has no checkpoint"
    known = next_step(app, action)
    if known is not None and known[1] is None:
        return f"nothing to {action} in session {known[0]}"
    return None


def describe(app, binding: Binding) -> str | None:
    """The key bar's word for undo or redo: "Undo restore of first",
    "Redo snapshot 'x'"; ``None`` while it is not known, or where the key
    is dimmed (it does nothing there: at launch, in the projects pane, the
    step read after the first frame made the whole bar terse, a frame of
    its own)."""
    if why_not(app, binding.action):
        return None
    known = next_step(app, binding.action)
    if known is None or known[1] is None:
        return None
    step = known[1]
    label = step if len(step) <= LABEL_WIDTH else step[: LABEL_WIDTH - 1] + "…"
    return f"{binding.description} {label}"
