"""``e``: write the hand-off note of a session (or of one of its snapshots)
and show it. Read-only, or when the project's directory is gone, the note
is still shown, with why it was not written.

The note is made while the cursor rests on the selection (:func:`work_out`,
in the main screen's detail worker): ``e`` shows it at once, "being
written", with the key's time, and the worker writes exactly that text if
nothing was committed since it was made; else the worker builds, writes and
shows the new note. What shows is never a note that was not written, only
briefly one being written."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from ckpt_tui.errors import CkptError
from ckpt_tui.ui.store_token import AsOf, change_token, still_current

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ckpt_tui.core.actions import Service
    from ckpt_tui.core.handoff import Handoff
    from ckpt_tui.ui.widgets.document_view import Stamped


#: Stands for the note's "Written:" time in the note drawn ahead: as wide
#: as a time (``2026-11-29T13:15:54.123Z``), one word, Markdown-inert.
WRITTEN_PLACEHOLDER = "ckptwrittenat00000000000"


class Note(NamedTuple):
    """A note as built, where it would be written (``None``: the project's
    directory is gone), and the note as drawn with its "Written:" time
    left out (:data:`WRITTEN_PLACEHOLDER`; parsed here, in the worker:
    ``None`` when the note cannot be drawn so)."""

    handoff: Handoff
    path: str | None
    template: RenderableType | None

    def at(self, made_at: str) -> Handoff:
        """The note written at ``made_at``: the only change is its "Written:" line."""
        old = f"\n- Written: {self.handoff.made_at}\n"
        markdown = self.handoff.markdown.replace(old, f"\n- Written: {made_at}\n", 1)
        return replace(self.handoff, made_at=made_at, markdown=markdown)

    def drawn_at(self, note: Handoff) -> Stamped | None:
        """``note`` (this note :meth:`at` a time) as the hand-off screen
        draws it: the template's lines, the time put in."""
        from ckpt_tui.ui.render import home_relative_in
        from ckpt_tui.ui.screens.handoff import note_renderable
        from ckpt_tui.ui.widgets.document_view import Stamped

        if self.template is None or len(note.made_at) != len(WRITTEN_PLACEHOLDER):
            return None
        markdown = home_relative_in(note.markdown)
        whole = partial(note_renderable, markdown)
        return Stamped(self.template, WRITTEN_PLACEHOLDER, note.made_at, whole)


def work_out(
    service: Service, session_id: str, snapshot: str | None, known: object
) -> AsOf[Note] | None:
    """In a worker: the note ``e`` would write for the session's checkpoint
    (``snapshot`` None) or one of its snapshots, unless the one kept was made
    at the store's token now (``known``: then ``None``, nothing new), or it
    cannot be made (the key then makes it and says why)."""
    from ckpt_tui.core import handoff as ho

    try:
        token = change_token(service)
        if token == known:
            return None
        built = ho.build(service, session_id, snapshot)
    except CkptError:
        return None
    line = f"\n- Written: {built.made_at}\n"
    if built.markdown.count(line) != 1:
        return None  # its time could not be put in at the key
    try:
        path: str | None = str(
            ho.handoff_path(ho.project_directory(service, built.project_id), session_id)
        )
    except CkptError:
        path = None
    return AsOf(Note(built, path, _template(built.markdown, line)), token)


def _template(markdown: str, line: str) -> RenderableType | None:
    """In a worker: the note parsed for drawing, its "Written:" line's time
    left out (``None`` when the placeholder could be mistaken in it)."""
    from ckpt_tui.ui.render import home_relative_in
    from ckpt_tui.ui.screens.handoff import note_renderable

    shown = home_relative_in(markdown)
    if WRITTEN_PLACEHOLDER in shown:
        return None
    return note_renderable(shown.replace(line, f"\n- Written: {WRITTEN_PLACEHOLDER}\n", 1))


def handoff(app, session_id: str, snapshot: str | None) -> None:
    read_only = app.service.store.read_only_reason
    ready = app.main.notes.get((session_id, snapshot))
    given: tuple[Handoff, object] | None = None
    showing = None
    if ready is not None:
        from ckpt_tui import timeutil
        from ckpt_tui.ui.screens.handoff import handoff_screen

        built = ready.value.at(timeutil.now_iso())
        screen = handoff_screen(app)
        problem = read_only_problem(read_only, session_id) if read_only else None
        screen.show_writing(built.markdown, ready.value.path, problem, ready.value.drawn_at(built))
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
    # is parsed here too, off the UI thread (it is drawn there).
    from ckpt_tui.ui.render import home_relative_in
    from ckpt_tui.ui.screens.handoff import note_renderable

    drawn = note_renderable(home_relative_in(note.markdown))
    app.call_from_thread(_show, app, note.markdown, path, problem, warning, drawn)


def _show(app, markdown: str, path: str | None, problem: str | None, warning, note) -> None:
    from ckpt_tui.ui.screens.handoff import handoff_screen

    screen = handoff_screen(app)
    screen.show_note(markdown, path, problem, warning, note)
    if screen not in app.screen_stack:  # else it shows already: updated in place
        app.push_screen(screen)
    if path is not None:
        app.main.load_next_steps()  # the note is now what undo takes back


def _show_written(app, path: str | None, problem: str | None, warning, showing) -> None:
    """The note shown at the key was written (or could not be): said above it."""
    from ckpt_tui.ui.screens.handoff import handoff_screen

    handoff_screen(app).show_written(path, problem, warning, showing)
    if path is not None:
        app.main.load_next_steps()


def _failed(app, message: str, showing: int | None) -> None:
    """No note could be made: said, and a note shown at the key, not
    written, is taken away."""
    from ckpt_tui.ui.screens.handoff import handoff_screen

    app.notify(message, severity="error")
    if showing is not None:
        screen = handoff_screen(app)
        if screen.showing == showing and screen in app.screen_stack:
            screen.show_written(None, message, None, showing)
