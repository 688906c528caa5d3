"""Live refresh, filter, keymap, read-only, mark and help, through the app."""

from __future__ import annotations

from ckpt_tui.core.config import Config
from ckpt_tui.core.service import open_service
from ckpt_tui.ui.app import CkptApp
from tests.factory import PluginWriter
from tests.ui_support import make_app, run_async, settle

#: A terminal tall enough that a page key moves the snapshots list by about
#: 50 rows: the tests that page through hundreds of rows need a third of the
#: key presses (each one a detail read and a redraw) they need at 40 lines.
TALL = (140, 120)


async def to_snapshots(pilot, down: int = 0) -> None:
    await settle(pilot)
    for key in ["enter", "enter"] + ["j"] * down:
        await pilot.press(key)
        await settle(pilot)


@run_async
async def test_plugin_save_shows_up_keeping_selection(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot, 1)
        snapshots = app.main.snapshots
        assert snapshots.highlighted.name == "first"
        app._poll()  # first look: remembers the store's change token
        await settle(pilot)
        writer = PluginWriter(store_path)
        assert writer.save("s1", objective="saved by the plugin")
        writer.close()
        app._poll()  # what the 0.8 s timer does
        await settle(pilot)
        assert snapshots.total == 3
        assert snapshots.rows[0].kind == "auto"
        assert snapshots.highlighted.name == "first", "selection follows the row, not the index"
        assert app.focused is snapshots


@run_async
async def test_filter_and_hide_auto(store_path):
    writer = PluginWriter(store_path)
    writer.save("s1", objective="auto one")
    writer.close()
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot)
        snapshots = app.main.snapshots
        assert snapshots.total == 3
        await pilot.press("a")
        await settle(pilot)
        assert [r.name for r in snapshots.rows] == ["second", "first"]
        await pilot.press("a", "slash", *"sec")
        await settle(pilot)
        assert [r.name for r in snapshots.rows] == ["second"]
        await pilot.press("escape")
        await settle(pilot)
        assert snapshots.total == 3 and snapshots.filter_text == ""


@run_async
async def test_filter_matches_text_inside_the_checkpoint(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot)
        await pilot.press("slash", *'"blocked"', "enter")
        await settle(pilot)
        assert [r.name for r in app.main.snapshots.rows] == ["first"]
        assert app.focused is app.main.snapshots


@run_async
async def test_keymap_from_config_remaps_a_binding(store_path):
    service = open_service(store_path)
    app = CkptApp(service, Config(keymap={"main.restore": "R"}), poll=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "MainScreen"
        await pilot.press("R")
        await settle(pilot)
        assert type(app.screen).__name__ == "PlanScreen"


@run_async
async def test_read_only_refuses_writes(store_path):
    app = make_app(store_path, read_only=True)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot, 1)
        await pilot.press("r", "u", "n")
        await settle(pilot)
        assert type(app.screen).__name__ == "MainScreen"
        assert any("Read-only" in str(n.message) for n in app.notices.shown())


@run_async
async def test_mark_then_diff_compares_two_snapshots(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot)
        await pilot.press("m", "j", "d")
        await settle(pilot)
        screen = app.screen
        assert type(screen).__name__ == "DiffScreen"
        assert (screen.old, screen.new) == (app.main.snapshots.marked.id, app.main.snapshots.rows[1].id)
        view = screen.query_one("DiffView")
        assert "objective" in view.diff.changed_names
        await pilot.press("s")
        assert view.side_by_side
        await pilot.press("escape")
        assert type(app.screen).__name__ == "MainScreen"


@run_async
async def test_help_lists_every_binding_id(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        ids = {b.id for _, group in app.binding_groups() for b in group}
        assert {"app.undo", "app.redo", "main.restore", "main.diff", "snapshots.mark",
                "snapshots.toggle_auto", "list.filter", "diff.toggle_layout"} <= ids
        assert all(b.id for _, group in app.binding_groups() for b in group)
        assert type(app.screen).__name__ == "HelpScreen"


@run_async
async def test_help_is_built_once_and_shown_again(store_path):
    """The second ? shows the screen the first built (no rebuild, no new
    layout of the table), from the main screen and from a dialog."""
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        first = app.screen
        assert type(first).__name__ == "HelpScreen"
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "MainScreen"
        await pilot.press("question_mark")
        await settle(pilot)
        assert app.screen is first
        await pilot.press("question_mark")  # ? closes it too
        await settle(pilot)
        assert type(app.screen).__name__ == "MainScreen"


@run_async
async def test_lists_know_an_upper_bound_on_their_height_before_layout(tmp_path):
    """The bound decides whether a list's scrollbar is part of the first
    layout; it must never be below the height the list gets."""
    from ckpt_tui.core.demo import build_demo

    db = build_demo(tmp_path / "demo", seed=3)["db"]
    for size in [(140, 40), (80, 24), (200, 60), (100, 13)]:
        app = make_app(db)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            main = app.main
            for lst in (main.projects, main.sessions, main.snapshots):
                assert lst.size.height <= lst._most_lines() < size[1], (size, lst.id)


@run_async
async def test_store_text_is_literal_in_titles_prompts_and_notifications(tmp_path):
    """Border titles, labels and toasts parse markup when given a str; store
    text reaches all of them and must stay the characters it is."""
    from ckpt_tui.core.model import Checkpoint
    from tests.factory import (
        add_project,
        add_session,
        add_snapshot,
        connect,
        new_store,
        set_checkpoint,
    )

    name = "[@click=app.quit]boom[/]"
    title = "[bold red]T[/] [$accent]v[/]"
    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/proj")
    add_session(conn, "s1", "p1", title=title)
    set_checkpoint(conn, "s1", "p1", Checkpoint(objective="now"))
    add_snapshot(conn, "s1", "p1", name, Checkpoint(objective="then").to_payload())
    conn.close()
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot)
        snapshots = app.main.snapshots
        await pilot.press("m")
        await settle(pilot)
        assert name in snapshots._border_subtitle.plain
        await pilot.press("a")
        await settle(pilot)
        assert "[auto hidden]" in snapshots._border_title.plain
        await pilot.press("d")
        await settle(pilot)
        assert name in app.screen.query_one("DiffView")._border_title.plain
        await pilot.press("escape", "n")
        await settle(pilot)
        label = app.screen.query_one("Label")
        assert title in str(label.render())
        await pilot.press("escape", "r")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        messages = [n for n in app.notices.shown()]
        assert messages and all(not n.markup for n in messages)
        assert any(name in n.message for n in messages)


@run_async
async def test_mouse_selects_and_scrolls(tmp_path):
    """A click moves the cursor to the row under it (and focuses the list), a
    double click opens the next pane, the wheel scrolls a long list."""
    from textual import events

    from ckpt_tui.core.model import Checkpoint
    from tests.factory import add_project, add_session, add_snapshot, connect, new_store

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/one", at="2026-11-02T09:00:00.000Z")
    add_project(conn, "p2", "/work/two", at="2026-11-01T09:00:00.000Z")
    add_session(conn, "s1", "p1")
    for i in range(80):
        add_snapshot(conn, "s1", "p1", f"snap-{i:02}", Checkpoint(objective=f"o{i}").to_payload(),
                     at=f"2026-11-01T10:{i // 60:02}:{i % 60:02}.000Z")
    conn.close()
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        assert main.projects.highlighted.id == "p1"
        await pilot.press("tab")  # focus elsewhere: the click must bring it back
        await settle(pilot)
        assert app.focused is main.sessions
        await pilot.click("#projects", offset=(3, 2))  # second row (border is row 0)
        await settle(pilot)
        assert main.projects.highlighted.id == "p2" and app.focused is main.projects
        await pilot.click("#projects", offset=(3, 1))
        await settle(pilot)
        await pilot.double_click("#projects", offset=(3, 1))
        await settle(pilot)
        assert app.focused is main.sessions, "a double click opens the next pane"
        snapshots = main.snapshots
        assert snapshots.scroll_offset.y == 0
        for _ in range(3):
            snapshots.post_message(events.MouseScrollDown(snapshots, 3, 3, 0, 1, 0, False, False, False))
            await settle(pilot)
        assert snapshots.scroll_offset.y > 0, "the wheel scrolls the list"
        await pilot.click("#snapshots", offset=(5, 1))
        await settle(pilot)
        assert snapshots.cursor == int(snapshots.scroll_offset.y), "the click selects the row shown"


@run_async
async def test_a_locked_store_shows_a_waiting_state_and_stays_responsive(store_path):
    """The plugin holding the write lock: the write waits in its worker, the
    header says so, the keys keep working, and the write lands on release."""
    import sqlite3

    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot)
        header = app.main.query_one("StoreHeader")
        plugin = sqlite3.connect(store_path, isolation_level=None)
        plugin.execute("BEGIN IMMEDIATE")
        try:
            await pilot.press("n", *"while-locked", "enter")
            for _ in range(2000):  # the notice comes from a 0.3 s timer
                if "waiting for the store" in header.status:
                    break
                await pilot.pause(0.01)
            assert "waiting for the store" in header.status
            before = app.main.snapshots.cursor
            await pilot.press("j")
            await pilot.pause()
            assert app.main.snapshots.cursor == before + 1, "keys still work meanwhile"
        finally:
            plugin.execute("COMMIT")
            plugin.close()
        await settle(pilot)
        for _ in range(500):
            if not header.status:
                break
            await pilot.pause(0.01)
        assert header.status == ""
    conn = sqlite3.connect(store_path)
    names = [r[0] for r in conn.execute("SELECT name FROM snapshots WHERE kind='manual'")]
    conn.close()
    assert "while-locked" in names


@run_async
async def test_long_lists_load_page_by_page(tmp_path):
    """450 snapshots: the list holds one page, shows the full count, and the
    next pages arrive as the cursor gets near the end, in order."""
    from ckpt_tui.core.model import Checkpoint
    from ckpt_tui.ui.widgets.paged_list import PagedList
    from tests.factory import add_project, add_session, add_snapshot, connect, new_store

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/one")
    add_session(conn, "s1", "p1")
    payload = Checkpoint(objective="o").to_payload()
    conn.execute("BEGIN")
    for i in range(450):
        add_snapshot(conn, "s1", "p1", f"snap-{i:03}", payload,
                     at=f"2026-11-01T{i // 3600:02}:{i // 60 % 60:02}:{i % 60:02}.000Z")
    conn.execute("COMMIT")
    conn.close()
    app = make_app(db)
    async with app.run_test(size=TALL) as pilot:
        await to_snapshots(pilot)
        snapshots = app.main.snapshots
        assert snapshots.total == 450 and len(snapshots.rows) == PagedList.PAGE_SIZE
        for _ in range(40):  # down a screen at a time (G now jumps to the end)
            if len(snapshots.rows) == 450:
                break
            await pilot.press("pagedown")
            await settle(pilot)
        assert len(snapshots.rows) == 450
        names = [r.name for r in snapshots.rows]
        assert names == [f"snap-{i:03}" for i in range(449, -1, -1)], "newest first, no gaps"
        await pilot.press("G")
        await settle(pilot)
        assert snapshots.highlighted.name == "snap-000"


def _long_session(tmp_path, count: int):
    from ckpt_tui.core.model import Checkpoint
    from tests.factory import add_project, add_session, add_snapshot, connect, new_store

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/one")
    add_session(conn, "s1", "p1")
    conn.execute("BEGIN")
    for i in range(count):
        payload = Checkpoint(objective=f"o{i}").to_payload()
        add_snapshot(conn, "s1", "p1", f"snap-{i:04}", payload,
                     at=f"2026-11-01T{i // 3600:02}:{i // 60 % 60:02}:{i % 60:02}.000Z")
    conn.execute("COMMIT")
    conn.close()
    return db


@run_async
async def test_G_lands_on_the_last_row_in_one_press_and_the_gap_fills_upward(tmp_path):
    """1,200 snapshots: one G reads the last page from the end and puts the
    cursor on the oldest snapshot; moving up fills the rows in between, in
    order; held down, G stays on the last row."""
    db = _long_session(tmp_path, 1200)
    app = make_app(db)
    async with app.run_test(size=TALL) as pilot:
        await to_snapshots(pilot)
        snapshots = app.main.snapshots
        await pilot.press("G")
        await settle(pilot)
        assert snapshots.cursor == 1199 and snapshots.highlighted.name == "snap-0000"
        assert app.main.detail.checkpoint.snapshot_id == snapshots.highlighted.id
        for _ in range(3):  # held down: no further reads move it
            await pilot.press("G")
        await settle(pilot)
        assert snapshots.cursor == 1199 and snapshots.highlighted.name == "snap-0000"
        for _ in range(120):
            if None not in snapshots.rows:
                break
            await pilot.press("pageup")
            await settle(pilot)
        names = [r.name for r in snapshots.rows]
        assert names == [f"snap-{i:04}" for i in range(1199, -1, -1)], "newest first, no gaps"


@run_async
async def test_a_reload_after_G_keeps_the_last_row_selected(tmp_path):
    """A live refresh (a write, here or by the plugin) reloads both ends of a
    list read from its end: the cursor stays on the same snapshot."""
    db = _long_session(tmp_path, 900)
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot)
        snapshots = app.main.snapshots
        await pilot.press("G")
        await settle(pilot)
        await pilot.press("k")
        await settle(pilot)
        assert snapshots.highlighted.name == "snap-0001"
        app.main.refresh_all()
        await settle(pilot)
        assert snapshots.highlighted.name == "snap-0001" and snapshots.total == 900


@run_async
async def test_the_detail_pane_shows_the_snapshot_the_cursor_rests_on(tmp_path):
    """j pressed fast: the pane follows once the cursor rests, and shows the
    snapshot under it, not one passed on the way."""
    db = _long_session(tmp_path, 30)
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot)
        snapshots = app.main.snapshots
        for _ in range(7):
            await pilot.press("j")
        await settle(pilot)
        assert snapshots.highlighted.name == "snap-0022"
        shown = app.main.detail.checkpoint
        assert shown.snapshot_id == snapshots.highlighted.id
        assert shown.checkpoint.objective == "o22"


@run_async
async def test_the_palette_offers_every_key_that_works_here(store_path):
    """Made from the active bindings: what a key does here, the palette does."""
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await to_snapshots(pilot)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        for title in ("Restore", "Diff", "Mark", "Snapshot", "Hand-off", "Conversation",
                      "Hide auto", "Help", "Legacy", "Filter"):
            assert title in commands, title
        # Nothing to undo or redo yet: listed too, dimmed, with why (issue 11.8).
        from ckpt_tui.ui.palette import unavailable

        dimmed = {entry.title for entry in unavailable(app.screen)}
        assert {"Undo", "Redo"} <= dimmed and not {"Undo", "Redo"} & set(commands)
        assert "Down" not in commands, "moving around is left to the keys"
        assert sum(1 for c in app.get_system_commands(app.screen) if c.title == "Quit") == 1
        commands["Mark"].callback()
        await settle(pilot)
        assert app.main.snapshots.marked is not None, "a command runs its action"
