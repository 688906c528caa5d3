"""``u`` and ``ctrl+r`` on the selected session: previewed first when the
config asks for it (``preview_undo``, ``PlanScreen``, imported here when one
opens), else written at once; what was written is said by
``writes.after_plan`` or ``writes.run_write``."""

from __future__ import annotations

from functools import partial

from ckpt_tui.ui.flows.writes import after_plan, require_writable, run_write


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
