"""Small screens of their own: notifications are one row and said once,
``M`` says when, an empty store says so in full, ``c`` on a legacy session
says what it is, keys typed ahead go to the screen they were meant for."""

from __future__ import annotations

import re

from tests.ui_support import demo_db, make_app, run_async, settle

LONG = (
    "restored 'before-refactor' into Migrate the orders table to UUID keys: objective, "
    "summary, plan, next steps, done and blockers copied from the snapshot taken "
    "eleven days ago in ~/code/clients/acme/services/api (u undoes it)"
)


def _toasts(app) -> list:
    return list(app.screen.query("Toast"))


@run_async
async def test_a_long_notification_is_one_row_with_its_undo_hint_at_160():
    app = make_app(demo_db("toast-row"))
    async with app.run_test(size=(160, 45), notifications=True) as pilot:
        await settle(pilot)
        app.notify(LONG, timeout=30)
        await settle(pilot)
        (toast,) = _toasts(app)
        assert toast.region.height == 1, toast.region
        (shown,) = app.notices.shown()
        assert "… (u undoes it)" in shown.message and len(shown.message) <= 160 * 9 // 10


@run_async
async def test_identical_notifications_do_not_stack():
    app = make_app(demo_db("toast-once"))
    async with app.run_test(size=(120, 35), notifications=True) as pilot:
        await settle(pilot)
        for _ in range(3):
            app.notify("auto snapshots hidden", timeout=30)
            await settle(pilot)
        app.notify("something else", timeout=30)
        await settle(pilot)
        assert [n.message for n in app.notices.shown()] == [
            "auto snapshots hidden", "something else"
        ]
        assert len(_toasts(app)) == 2


@run_async
async def test_messages_screen_says_when():
    from ckpt_tui.ui.screens.notices import NoticesScreen

    app = make_app(demo_db("notices-times"))
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        app.notify("first thing said", timeout=30)
        await settle(pilot)
        await pilot.press("M")
        await settle(pilot)
        assert isinstance(app.screen, NoticesScreen)
        text = " ".join(str(s.render()) for s in app.screen.query(".notice"))
        assert re.search(r"\b\d\d:\d\d:\d\d\b", text), text


@run_async
async def test_an_empty_store_says_so_in_full_and_nothing_loads_forever(tmp_path):
    from tests.factory import new_store

    app = make_app(new_store(tmp_path / "checkpoints.db"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.main
        projects = " ".join(main.projects.render_line(y).text.strip() for y in range(4))
        assert "No projects in this store yet" in " ".join(projects.split()), projects
        snapshots = main.snapshots.render_line(0).text
        assert "Loading" not in snapshots and "No snapshots" in snapshots, snapshots


@run_async
async def test_c_on_a_legacy_session_says_what_it_is(tmp_path):
    from ckpt_tui.ui.screens.main import MainScreen
    from tests.factory import add_project, add_session, connect, new_store
    from tests.test_resume import _recorded_notes

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/p1")
    add_session(conn, "legacy::p1", "p1", title="Legacy state")
    conn.commit()
    conn.close()
    app = make_app(db)
    said = _recorded_notes(app)
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert app.main.session.id == "legacy::p1"
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
    assert any("legacy state, not an opencode session" in m for m in said), said
    assert not any("gone" in m for m in said), said


@run_async
async def test_ry_typed_at_once_goes_to_the_opening_preview():
    from textual import events

    from ckpt_tui.ui.screens.plan import PlanScreen
    from tests.ui_support import into_snapshots

    app = make_app(demo_db("ry-ahead"))
    copied: list[str] = []
    app.copy_to_clipboard = copied.append
    async with app.run_test(size=(120, 35)) as pilot:
        await into_snapshots(pilot)
        for key in "ry":  # in the app's queue together, as a fast typist's terminal sends them
            event = events.Key(key, key)
            event.set_sender(app)
            app.post_message(event)
        await settle(pilot)
        assert isinstance(app.screen, PlanScreen), app.screen
        assert copied == [], "y reached the main screen and copied the resume command"


@run_async
async def test_the_list_area_shrinks_after_a_longer_list():
    import asyncio

    app = make_app(demo_db("shrink"))
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        panes = app.main.query_one("#panes")
        first = panes.outer_size.height
        for _ in range(4):  # down the projects until one shows a longer list
            await pilot.press("j")
            await settle(pilot)
            if panes.outer_size.height > first:
                break
        assert panes.outer_size.height > first
        await pilot.press("g")  # back to the first project, and rest there
        await settle(pilot)
        deadline = asyncio.get_running_loop().time() + 5
        while panes.outer_size.height != first and asyncio.get_running_loop().time() < deadline:
            await pilot.pause(0.1)
        assert panes.outer_size.height == first
