"""``n``: save the session's current checkpoint as a named snapshot. A
session with nothing to snapshot says so before a name is asked for."""

from __future__ import annotations

from functools import partial

from ckpt_tui.errors import CkptError
from ckpt_tui.records import SessionRow
from ckpt_tui.ui.flows.writes import require_writable, run_write
from ckpt_tui.ui.screens.prompt import NamePrompt


def new_snapshot(app, session: SessionRow) -> None:
    if not require_writable(app):
        return
    app.run_worker(
        partial(_precondition, app, session),
        name="snapshot precondition",
        group="snapshot-prompt",
        exclusive=True,
        thread=True,
    )


def _precondition(app, session: SessionRow) -> None:
    """In a worker: is there a checkpoint to snapshot?"""
    try:
        current = app.service.current(session.id)
    except CkptError as exc:
        app.call_from_thread(app.notify, str(exc), severity="error")
        return
    if current.checkpoint is None:
        app.call_from_thread(
            app.notify,
            f"No checkpoint to snapshot: session {session.id} has none yet",
            severity="warning",
        )
        return
    app.call_from_thread(_ask_name, app, session)


def _ask_name(app, session: SessionRow) -> None:
    service = app.service

    def save(name: str | None) -> None:
        if name:
            run_write(app, lambda: service.snapshot_create(session.id, name))

    app.push_screen(
        NamePrompt(
            f"Name for a snapshot of {session.display_title or session.id}",
            check=lambda name: service.snapshot_name_problem(session.id, name),
        ),
        save,
    )
