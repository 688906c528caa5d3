"""The writes that are previewed first: a restore, a copy from another
session, and undo or redo. Each opens ``PlanScreen`` (imported here, when
one opens: start-up never pays for it); what it wrote is said by
``writes.after_plan``."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ckpt_tui.core.plans import Plan
from ckpt_tui.records import SessionRow, SnapshotRow
from ckpt_tui.ui.flows.writes import after_plan, require_writable, run_write
from ckpt_tui.ui.mark import Mark
from ckpt_tui.ui.screens.kept import RESTORE, keep, kept

if TYPE_CHECKING:
    from ckpt_tui.ui.screens.plan import PlanScreen


def preview_restore(app, snapshot: SnapshotRow) -> None:
    """``r``: the restore's diff, with the fields to take, before it is
    written. The preview is kept between openings (``ui/screens/kept.py``) and shows
    a plan worked out ahead if there is one (``ui/prepared.py``)."""
    if not require_writable(app):
        return
    from ckpt_tui.ui.screens.plan import PlanScreen

    service = app.service

    def make_plan(fields: list[str] | None) -> Plan:
        return service.plan_restore(snapshot.session_id, snapshot.id, fields)

    title = f"Restore {snapshot.name} into session {snapshot.session_id}"
    ready = app.main.prepared.plan(snapshot.session_id, snapshot.id)
    screen = kept(app, RESTORE, PlanScreen)
    if screen is None:
        screen = restore_preview(app, title, make_plan, ready)
        keep(app, RESTORE, screen)
    else:
        screen.reopen(title, make_plan, ready)
    app.push_screen(screen, partial(after_plan, app))


def restore_preview(app, title: str, make_plan, ready=None) -> PlanScreen:
    """A restore preview (the kept one's plan and title change at each opening)."""
    from ckpt_tui.ui.screens.plan import PlanScreen

    return PlanScreen(
        title, make_plan, app.service.apply, verb="Restore", pick_fields=True, ready=ready
    )


def preview_copy(app, mark: Mark, session: SessionRow) -> None:
    """``r`` with another session's snapshot marked: copying it into ``session``."""
    if not require_writable(app):
        return
    from ckpt_tui.ui.screens.across import copy_preview

    app.push_screen(copy_preview(app.service, mark, session.id), partial(after_plan, app))


def undo_or_redo(app, verb: str) -> None:
    """``u`` / ``ctrl+r`` on the selected session: previewed if the config
    asks for it (``preview_undo``), else written at once."""
    if not require_writable(app):
        return
    session = app.main.session
    if session is None:
        app.notify(f"Select a session to {verb} in", severity="warning")
        return
    service = app.service
    planner = service.plan_undo if verb == "undo" else service.plan_redo
    if app.config.preview_undo:
        from ckpt_tui.ui.screens.plan import PlanScreen

        app.push_screen(
            PlanScreen(
                f"{verb.capitalize()} in session {session.id}",
                lambda _fields: planner(session.id),
                service.apply,
                verb=verb.capitalize(),
            ),
            partial(after_plan, app),
        )
        return
    # No preview: planned under the write lock, so a save of the plugin
    # meanwhile is included rather than refused (nobody saw another diff).
    run_write(app, lambda: service.plan_and_apply(lambda: planner(session.id))[1])
