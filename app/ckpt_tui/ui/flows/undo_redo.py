"""``u`` and ``ctrl+r`` on the selected session: previewed first when the
config asks for it (``preview_undo``, ``PlanScreen``, imported here when one
opens), else written at once; what was written is said by
``writes.after_plan`` or ``writes.run_write``.

An undo ckpt-tui cannot tell the fields of (the plugin restored, or the
journal lost the step) always opens the preview: its picker lists the
fields the undo may take back, none ticked, and nothing is written until
the person ticks some."""

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
        preview(app, verb, session.id)
        return
    # No preview: planned under the write lock, so a save of the plugin
    # meanwhile is included rather than refused (nobody saw another diff).
    run_write(
        app,
        lambda: service.plan_and_apply(lambda: planner(session.id))[1],
        choose=partial(preview, app, verb, session.id),
    )


def preview(app, verb: str, session_id: str) -> None:
    """The preview of undo or redo in ``session_id``, with its fields to pick."""
    from ckpt_tui.ui.screens.plan import UNDO_PICKABLE, PlanScreen

    service = app.service
    planner = service.plan_undo if verb == "undo" else service.plan_redo
    app.push_screen(
        PlanScreen(
            f"{verb.capitalize()} in session {session_id}",
            lambda fields: planner(session_id, fields),
            service.apply,
            verb=verb.capitalize(),
            pick_fields=True,
            pickable=UNDO_PICKABLE,
        ),
        partial(after_plan, app),
    )
