"""``r``: the preview of restoring a snapshot into its session, with the
fields to take, before anything is written; with a snapshot of another
session marked, the preview of copying it into the selected session.

The plan is worked out while the cursor rests on the snapshot
(:func:`work_out`, in the main screen's detail worker), and the preview,
built once the app has settled and reused (``ui/screens/installed.py``),
is filled with it then (:func:`fill_ahead`), so the key only shows it. What it wrote is said by
``writes.after_plan``."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ckpt_tui.errors import CkptError
from ckpt_tui.ui.flows.writes import after_plan, require_writable
from ckpt_tui.ui.screens.installed import build_ahead, install, installed
from ckpt_tui.ui.store_token import AsOf, change_token

if TYPE_CHECKING:
    from ckpt_tui.core.actions import Service
    from ckpt_tui.records import SessionRow, SnapshotRow
    from ckpt_tui.ui.mark import Mark
    from ckpt_tui.ui.screens.plan import PlanMaker, PlanScreen, PlanShown
    from ckpt_tui.ui.widgets.text_lines import Look

#: The name the restore preview is installed under.
RESTORE_SCREEN = "restore"


def work_out(
    service: Service,
    session_id: str,
    snapshot_id: str,
    known: object,
    look: Look | None = None,
) -> AsOf[PlanShown] | None:
    """In a worker: the plan ``r`` will show for the snapshot (all fields),
    its diff drawn as the preview's view draws (``look``), unless the one kept
    was worked out at the store's token now (``known``: then ``None``,
    nothing new). What fails is not kept: the preview plans and says why."""
    from ckpt_tui.ui.screens.plan import PlanShown

    try:
        token = change_token(service)
        if token == known:
            return None
        plan = service.plan_restore(session_id, snapshot_id, None)
    except CkptError:
        return None
    return AsOf(PlanShown.of(plan, look), token)


def view_look(app) -> Look | None:
    """How the restore preview's diff view draws, to draw a plan's diff ahead for."""
    from ckpt_tui.ui.screens.plan import PlanScreen

    screen = installed(app, RESTORE_SCREEN, PlanScreen)
    return None if screen is None or not screen.is_mounted else screen.diff_view.look()


def preview_restore(app, snapshot: SnapshotRow) -> None:
    """The preview of restoring ``snapshot``, showing the plan worked out
    ahead if there is one."""
    if not require_writable(app):
        return
    from ckpt_tui.ui.screens.plan import PlanScreen

    service = app.service
    title, make_plan, ready = _opening(app, snapshot)
    if app.main.archive is not None:  # into the local store: a copy, said so
        where = " (pruned from its store)" if snapshot.archived else ""
        title = f"Copy archived {snapshot.name}{where} into local session {snapshot.session_id}"
        screen = PlanScreen(
            title, make_plan, service.apply, verb="Copy", pick_fields=True, ready=ready
        )
        app.push_screen(screen, partial(after_plan, app))
        return
    screen = installed(app, RESTORE_SCREEN, PlanScreen)
    if screen is None:
        screen = restore_preview(app, title, make_plan, ready)
        install(app, RESTORE_SCREEN, screen)
    else:
        screen.open(title, make_plan, ready)
    app.push_screen(screen, partial(after_plan, app))


def _opening(app, snapshot: SnapshotRow) -> tuple[str, PlanMaker, AsOf[PlanShown] | None]:
    """The restore preview's title for ``snapshot``, how it plans, and the
    plan worked out ahead (``None``: none kept)."""
    service = app.service

    def make_plan(fields: list[str] | None):
        return service.plan_restore(snapshot.session_id, snapshot.id, fields)

    title = f"Restore {snapshot.name} into session {snapshot.session_id}"
    return title, make_plan, app.main.plans.get((snapshot.session_id, snapshot.id))


def fill_ahead(app, snapshot: SnapshotRow) -> None:
    """The cursor rests on ``snapshot`` and its plan is worked out: the
    restore preview, built and hidden, is opened on it now, so ``r`` only
    shows it (opened again on the same plan, it changes nothing). Not in
    the archive (``r`` there previews a copy) nor on a read-only store."""
    from ckpt_tui.ui.screens.plan import PlanScreen

    main = app.main
    if main.archive is not None or app.screen is not main or main.snapshot != snapshot:
        return
    screen = installed(app, RESTORE_SCREEN, PlanScreen)
    title, make_plan, ready = _opening(app, snapshot)
    if screen is not None and screen.is_mounted and ready is not None:
        screen.open(title, make_plan, ready)


def restore_preview(app, title: str, make_plan: PlanMaker | None, ready=None) -> PlanScreen:
    """A restore preview (``make_plan`` ``None``: one built ahead, given
    its title and plan when it opens)."""
    from ckpt_tui.ui.screens.plan import PlanScreen

    return PlanScreen(
        title, make_plan, app.service.apply, verb="Restore", pick_fields=True, ready=ready
    )


async def build_restore_preview(app) -> None:
    """Built once the app has settled: the first ``r`` only opens it (a
    read-only store has no restore to preview)."""
    if app.service.store.writable:
        await build_ahead(app, RESTORE_SCREEN, restore_preview(app, "", None))


def preview_copy(app, mark: Mark, session: SessionRow) -> None:
    """``r`` with another session's snapshot marked: copying it into ``session``."""
    if not require_writable(app):
        return
    from ckpt_tui.ui.screens.across import copy_preview

    app.push_screen(copy_preview(app.service, mark, session.id), partial(after_plan, app))
