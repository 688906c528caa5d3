"""``e``: write the hand-off note of a session (or of one of its snapshots)
and show it. Read-only, or when the project's directory is gone, the note
is still shown, with why it was not written.

A note made ahead while the cursor rested (``ui/prepared_handoff.py``) is
shown at the key, "being written", and the worker writes exactly it if the
store has not changed since; else the worker builds, writes and shows the
new one."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ckpt_tui.errors import CkptError

if TYPE_CHECKING:
    from ckpt_tui.core.handoff import Handoff


def handoff(app, session_id: str, snapshot: str | None) -> None:
    read_only = app.service.store.read_only_reason
    ready = app.main.prepared_notes.get(session_id, snapshot)
    given: tuple[Handoff, object] | None = None
    showing = None
    if ready is not None:
        from ckpt_tui import timeutil
        from ckpt_tui.ui.screens.handoff import kept_handoff_screen

        built, note = ready.at(timeutil.now_iso())
        screen = kept_handoff_screen(app)
        problem = read_only_problem(read_only, session_id) if read_only else None
        screen.show_writing(built.markdown, note, ready.path, problem)
        if screen not in app.screen_stack:
            app.push_screen(screen)
        given, showing = (built, ready.token), screen.showing
    app.run_worker(
        partial(_write_note, app, session_id, snapshot, read_only, given, showing),
        name="hand-off",
        group="handoff",
        exclusive=True,
        thread=True,
    )


def read_only_problem(read_only: str, session_id: str) -> str:
    return f"read-only ({read_only}); `ckpt-tui handoff {session_id}` writes it"


def _write_note(
    app,
    session_id: str,
    snapshot: str | None,
    read_only: str | None,
    given: tuple[Handoff, object] | None = None,
    showing: int | None = None,
) -> None:
    """In a worker: write the note, or build it only, then show it.
    ``given``: the note shown at the key and the store's change token it
    was built at: written as it is if nothing was committed since."""
    from ckpt_tui.core import handoff
    from ckpt_tui.ui.prepared import still_current

    built: Handoff | None = None
    if given is not None and still_current(app.service, given[1]):
        built = given[0]
    warning = None
    try:
        if read_only:
            raise handoff.HandoffError(read_only_problem(read_only, session_id))
        written = app.service.write_handoff(session_id, snapshot, built)
        note, path, problem = written.handoff, str(written.path), None
        warning = written.warning
    except handoff.HandoffError as exc:
        # The project directory may be gone: still show the note.
        try:
            note, path, problem = (
                built or handoff.build(app.service, session_id, snapshot),
                None,
                str(exc),
            )
        except CkptError as inner:
            app.call_from_thread(_failed, app, str(inner), showing)
            return
    except CkptError as exc:
        app.call_from_thread(_failed, app, str(exc), showing)
        return
    if built is not None and note is built:
        # The note shown at the key is the one written (or not): only the
        # line above it changes.
        app.call_from_thread(_show_written, app, path, problem, warning, showing)
        return
    # Imported here, in the worker: Rich's Markdown parser, 78 ms. The note
    # is parsed here too, off the UI thread (it is drawn there), without its
    # "Written:" time: a note shown again draws from its kept lines.
    from ckpt_tui.ui.screens.handoff import stamped_note

    drawn = stamped_note(note.markdown, note.made_at)
    app.call_from_thread(_show, app, note.markdown, path, problem, warning, drawn)


def _show(app, markdown: str, path: str | None, problem: str | None, warning, note) -> None:
    from ckpt_tui.ui.screens.handoff import kept_handoff_screen

    screen = kept_handoff_screen(app)
    screen.show_note(markdown, path, problem, warning, note)
    if screen not in app.screen_stack:  # else it shows already: updated in place
        app.push_screen(screen)
    if path is not None:
        app.main.load_next_steps()  # the note is now what undo takes back


def _show_written(app, path: str | None, problem: str | None, warning, showing) -> None:
    """The note shown at the key was written (or could not be): said above it."""
    from ckpt_tui.ui.screens.handoff import kept_handoff_screen

    kept_handoff_screen(app).show_written(path, problem, warning, showing)
    if path is not None:
        app.main.load_next_steps()


def _failed(app, message: str, showing: int | None) -> None:
    """No note could be made: said, and a note shown at the key, not
    written, is taken away."""
    from ckpt_tui.ui.screens.handoff import kept_handoff_screen

    app.notify(message, severity="error")
    if showing is not None:
        screen = kept_handoff_screen(app)
        if screen.showing == showing and screen in app.screen_stack:
            screen.show_written(None, message, None, showing)
