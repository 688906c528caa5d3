"""The detail pane's and the next steps' workers start once per change of
what they show (issue 12): at launch the three lists' highlights, the focus
and opencode's data arriving each asked for them again, for one project and
one session: five detail workers and four next-steps workers (two of them
reading the store), threads that drew nothing new while the screen settled.
A real change (another project, session or snapshot, a write to the store,
opencode's data for a session shown) still starts them."""

from __future__ import annotations

from collections import Counter

from textual.dom import DOMNode

from ckpt_tui.core.activity import Activity
from ckpt_tui.core.service import open_service
from ckpt_tui.ui.app import CkptApp
from tests.ui_support import SIZE, demo_db, run_async, settle

GROUPS = ("detail", "next-steps")


def _count_starts(monkeypatch) -> Counter:
    """Every worker started from now on, by group."""
    started: Counter = Counter()
    real = DOMNode.run_worker

    def counted(node, work, name="", group="default", *args, **kwargs):
        started[group] += 1
        return real(node, work, name, group, *args, **kwargs)

    monkeypatch.setattr(DOMNode, "run_worker", counted)
    return started


def _count_reads(service, name: str) -> list[tuple]:
    calls: list[tuple] = []
    real = getattr(service, name)
    setattr(service, name, lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


def _launched(db, app_class: type[CkptApp] = CkptApp, **kwargs) -> CkptApp:
    """As ``ckpt-tui`` starts it: the first pages read before it runs,
    opencode's data read after the first frame."""
    service = open_service(db)
    first = service.first_screen(summaries=SIZE[1] // 2)
    return app_class(service, first=first, poll=False, **kwargs)


@run_async
async def test_launch_to_settled_starts_one_next_steps_read_and_no_detail_worker(monkeypatch):
    """The next steps are read once opencode's data has landed, not beside
    its read: with a journal, their read imports SQLAlchemy, which held
    opencode's data and its frame back by about 0.3 s."""
    db = demo_db("starts_launch")
    started = _count_starts(monkeypatch)
    app = _launched(db, opencode_data=str(db.parent / "opencode"))
    steps = _count_reads(app.service, "next_steps")
    landed: list[bool] = []
    real_read = app.service.next_steps
    app.service.next_steps = lambda *a: landed.append(app.activity_loaded) or real_read(*a)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main
        assert app.activity.readable and main.sessions.activity is app.activity
        # the first project's detail came with the first frame
        assert str(main.detail.border_title) == "4 Project"
        assert {g: started[g] for g in GROUPS} == {"detail": 0, "next-steps": 1}
        assert steps == [(main.session.id,)] and landed == [True]
        assert main.next_steps is not None and main.next_steps[0] == main.session.id


@run_async
async def test_a_real_change_still_starts_them(monkeypatch):
    db = demo_db("starts_change")
    app = _launched(db, read_opencode=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main
        started = _count_starts(monkeypatch)
        steps = _count_reads(app.service, "next_steps")

        async def after(*keys: str) -> dict[str, int]:
            started.clear()
            for key in keys:
                await pilot.press(key)
            await settle(pilot)
            return {g: started[g] for g in GROUPS}

        # another project: its detail, and the next steps of its first session
        assert await after("j") == {"detail": 1, "next-steps": 1}
        assert main.projects.cursor == 1 and steps == [(main.session.id,)]
        assert main.projects.highlighted.id in main.detail._shown[1].plain
        # the sessions pane: the same session's checkpoint, no new next steps
        assert await after("enter") == {"detail": 1, "next-steps": 0}
        assert str(main.detail.border_title) != "4 Project" and len(steps) == 1
        # another session, back to the first, the other again: each read
        assert await after("j") == {"detail": 1, "next-steps": 1}
        assert await after("k") == {"detail": 1, "next-steps": 1}
        assert await after("j") == {"detail": 1, "next-steps": 1}
        assert steps[-1] == (main.session.id,) and len(steps) == 4
        # the snapshots: each snapshot its detail; the session's steps stay
        assert await after("enter") == {"detail": 1, "next-steps": 0}
        assert await after("j") == {"detail": 1, "next-steps": 0}
        shown = main.detail.checkpoint
        assert shown is not None and shown.snapshot_id == main.snapshot.id
        # the store changed (a write, here or elsewhere): the same selection read again
        steps.clear()
        started.clear()
        main.refresh_all()
        await settle(pilot)
        assert {g: started[g] for g in GROUPS} == {"detail": 1, "next-steps": 1}
        assert steps == [(main.session.id,)]
        # opencode's data for the session shown: its detail again (its usage)
        await after("2")
        started.clear()
        app._activity_loaded(Activity(None, {}, True))
        await settle(pilot)
        assert started["detail"] == 1
        # the projects pane: the project, though it did not move
        assert await after("1") == {"detail": 1, "next-steps": 0}
        assert str(main.detail.border_title) == "4 Project"


@run_async
async def test_undos_step_read_after_the_first_frame_changes_no_key_where_undo_is_dimmed():
    """At launch the projects pane has the focus, where undo does nothing
    (dimmed): its step ("Undo restore of X"), read after the first frame,
    is not shown there, so the key bar stays as it was (its long words had
    made the whole key bar terse, after the import of SQLAlchemy the
    journal's read needs)."""
    from ckpt_tui.ui.widgets.key_bar import KeyBar

    db = demo_db("starts_journal")
    service = open_service(db)
    first = service.first_screen()
    session = first.sessions.rows[0].id
    snapshot = first.snapshots.rows[1].id
    service.restore(session, snapshot)  # the journal now has a step to undo
    service.close()
    drawn: set[str] = set()
    render_line = KeyBar.render_line

    def recorded(bar, y):
        line = render_line(bar, y)
        drawn.add(line.text)
        return line

    app = _launched(db, read_opencode=False)
    KeyBar.render_line = recorded
    try:
        async with app.run_test(size=(200, 40)) as pilot:  # room for undo's words
            await settle(pilot)
            main = app.main
            assert main.next_steps is not None
            assert main.next_steps[1].undo.startswith("restore of")
            assert app.focused is main.projects
            assert "restore of" not in main.query_one(KeyBar).render().plain
            assert len(drawn) == 1, drawn  # one line, never another one for the step
            await pilot.press("enter")  # the sessions pane: undo applies, and says what
            await settle(pilot)
            assert "Undo restore of" in main.query_one(KeyBar).render().plain
    finally:
        KeyBar.render_line = render_line
