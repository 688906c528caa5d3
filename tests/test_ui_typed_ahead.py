"""Keys typed ahead land where the keys before them lead: ``3jj`` typed at
once moves in the snapshots pane (not in the pane that had the focus), and
a page that lands after the cursor moved keeps the row the cursor is on. The keys are put
in the app's queue together, as a fast typist's terminal delivers them."""

from __future__ import annotations

from textual import events

from tests.ui_support import demo_db, make_app, run_async, settle


async def type_at_once(pilot, keys) -> None:
    """Each key put in the app's queue, as its driver puts a key it reads."""
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
    await settle(pilot)


@run_async
async def test_pane_keys_typed_ahead_move_in_the_new_pane():
    app = make_app(demo_db("typed"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        project_cursor = main.projects.cursor
        assert len(main.snapshots.rows) > 2
        await type_at_once(pilot, "3jj")
        assert app.focused is main.snapshots
        assert main.snapshots.cursor == 2
        assert main.projects.cursor == project_cursor


@run_async
async def test_a_reload_that_lands_after_the_cursor_moved_keeps_the_new_row():
    """A live refresh (or the whole list coming back after ``esc`` in the
    filter) is read in a worker; a key pressed meanwhile is not undone
    when the page lands."""
    app = make_app(demo_db("typed_reload"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        projects = app.main.projects
        assert projects.cursor == 0 and len(projects.rows) > 2
        projects.reload()  # the page is read in a thread and lands later
        projects.cursor = 2
        await settle(pilot)
        assert projects.cursor == 2
        assert projects.highlighted.id == projects.rows[2].id
