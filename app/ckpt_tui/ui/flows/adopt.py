"""``A``: adopt a legacy session's state into a live session of its
project. The live sessions are read in a worker; none says so, else the
adoption preview (``AdoptScreen``) opens."""

from __future__ import annotations

from functools import partial

from ckpt_tui.core.plans import Outcome
from ckpt_tui.errors import CkptError
from ckpt_tui.records import SessionRow
from ckpt_tui.ui.flows.writes import after_plan, require_writable
from ckpt_tui.ui.screens.main import MainScreen

#: Live sessions read per page while looking for adoption targets.
PAGE = 500


def adopt(app, project_id: str, snapshot: str | None) -> None:
    if not require_writable(app):
        return
    app.run_worker(
        partial(_targets, app, project_id, snapshot),
        name="adoption targets",
        group="adopt",
        exclusive=True,
        thread=True,
    )


def _targets(app, project_id: str, snapshot: str | None) -> None:
    """In a worker: every live session of the project."""
    try:
        rows, cursor = [], None
        while True:
            page = app.service.sessions(project_id=project_id, after=cursor, limit=PAGE)
            rows += [r for r in page.rows if not r.is_legacy]
            cursor = page.cursor
            if cursor is None:
                break
    except CkptError as exc:
        app.call_from_thread(app.notify, str(exc), severity="error")
        return
    app.call_from_thread(_open_preview, app, project_id, snapshot, rows)


def _open_preview(
    app, project_id: str, snapshot: str | None, rows: list[SessionRow]
) -> None:
    if not rows:
        app.notify(f"Project {project_id} has no live session to adopt into", severity="warning")
        return
    # Imported when it opens: SQLAlchemy and core.legacy, 280-800 ms.
    from ckpt_tui.ui.screens.adopt import AdoptScreen

    def done(outcome: Outcome | None) -> None:
        if outcome is not None:
            # Back to the main screen, on the adopted session in its
            # project (whichever was shown before): where the message's
            # undo key undoes the adoption (the legacy view's own ``u``
            # takes back an import).
            while not isinstance(app.screen, MainScreen):
                app.pop_screen()
            app.main.open_at(project_id, outcome.session_id)
        after_plan(app, outcome)

    app.push_screen(AdoptScreen(app.service, project_id, snapshot, rows), done)
