"""``e``: write the hand-off note of a session (or of one of its snapshots)
and show it. Read-only, or when the project's directory is gone, the note
is still shown, with why it was not written."""

from __future__ import annotations

from functools import partial

from ckpt_tui.errors import CkptError


def handoff(app, session_id: str, snapshot: str | None) -> None:
    read_only = app.service.store.read_only_reason
    app.run_worker(
        partial(_write_note, app, session_id, snapshot, read_only),
        name="hand-off",
        group="handoff",
        exclusive=True,
        thread=True,
    )


def _write_note(app, session_id: str, snapshot: str | None, read_only: str | None) -> None:
    """In a worker: write the note, or build it only, then show it."""
    from ckpt_tui.core import handoff  # only when a note is asked for

    warning = None
    try:
        if read_only:
            raise handoff.HandoffError(
                f"read-only ({read_only}); `ckpt-tui handoff {session_id}` writes it"
            )
        written = app.service.write_handoff(session_id, snapshot)
        markdown, path, problem = written.handoff.markdown, str(written.path), None
        warning = written.warning
    except handoff.HandoffError as exc:
        # The project directory may be gone: still show the note.
        try:
            markdown, path, problem = (
                handoff.build(app.service, session_id, snapshot).markdown,
                None,
                str(exc),
            )
        except CkptError as inner:
            app.call_from_thread(app.notify, str(inner), severity="error")
            return
    except CkptError as exc:
        app.call_from_thread(app.notify, str(exc), severity="error")
        return
    # Imported here, in the worker: Rich's Markdown parser, 78 ms. The note
    # is parsed here too, off the UI thread (it is drawn there).
    from ckpt_tui.ui.render import home_relative_in
    from ckpt_tui.ui.screens.handoff import note_renderable

    note = note_renderable(home_relative_in(markdown))
    app.call_from_thread(_show, app, markdown, path, problem, warning, note)


def _show(app, markdown: str, path: str | None, problem: str | None, warning, note) -> None:
    from ckpt_tui.ui.screens.handoff import kept_handoff_screen

    screen = kept_handoff_screen(app)
    screen.show_note(markdown, path, problem, warning, note)
    if screen not in app.screen_stack:  # else it shows already: updated in place
        app.push_screen(screen)
    if path is not None:
        app.main.load_next_steps()  # the note is now what undo takes back
