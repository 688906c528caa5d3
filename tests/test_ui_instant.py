"""What a key costs to draw (issue 12, "Instant"): a cursor move draws the
two rows that change and nothing else; the detail pane renders a checkpoint
once and keeps it; the help's table is rendered once; the restore preview
does not draw the main screen beneath it."""

from __future__ import annotations

from rich.table import Table

from ckpt_tui.ui.widgets import kept_lines
from ckpt_tui.ui.widgets.key_bar import KeyBar
from tests.ui_support import demo_db, into_snapshots, make_app, run_async, settle


def count_calls(monkeypatch, owner, name: str) -> list[object]:
    """Every call of ``owner.name`` from now on, by its first argument."""
    calls: list[object] = []
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(args[0] if args else None)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def long_session(tmp_path):
    """One session with 80 snapshots (more than the pane shows: it has a
    scrollbar), each with Markdown in its plan."""
    from ckpt_tui.core.model import Checkpoint
    from tests.factory import add_project, add_session, add_snapshot, connect, new_store

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/p1")
    add_session(conn, "s1", "p1")
    for i in range(80):
        cp = Checkpoint(title=f"step {i}", currentPlan=f"# Plan {i}\n\n- **first** thing\n- then {i}")
        add_snapshot(conn, "s1", "p1", f"snap-{i:02d}", cp.to_payload(),
                     at=f"2026-01-01T00:{i // 60:02d}:{i % 60:02d}.000Z")
    conn.commit()
    conn.close()
    return db


@run_async
async def test_a_cursor_move_draws_the_two_rows_that_change(monkeypatch, tmp_path):
    app = make_app(long_session(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        assert app.main.snapshots.show_vertical_scrollbar
        snapshots = app.main.snapshots
        texts = count_calls(monkeypatch, snapshots, "render_row")
        lines = count_calls(monkeypatch, kept_lines, "parts_strip")
        bars = count_calls(monkeypatch, app.screen.query_one(KeyBar), "render_line")
        scrollbar = count_calls(monkeypatch, snapshots.vertical_scrollbar, "render")
        await pilot.press("j")
        await settle(pilot)  # and the detail pane has followed (a layout of the screen)
        assert app.main.detail.checkpoint.snapshot_id == snapshots.highlighted.id
    # The two rows' lines, over the cursor's style and the plain one, from
    # their text as drawn at the list's last whole repaint (not made again).
    assert len(lines) == 2, lines
    assert texts == []
    # The keys that apply are the same on the next snapshot: the bar is not drawn again.
    assert bars == []
    # Nor is the list's scrollbar, though the detail pane's change laid out the screen.
    assert scrollbar == []


@run_async
async def test_a_snapshot_seen_again_is_drawn_from_its_kept_render(monkeypatch):
    from ckpt_tui.ui.widgets import detail

    app = make_app(demo_db("kept-render"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        main = app.main
        first = main.detail.checkpoint.snapshot_id
        laid_out = count_calls(monkeypatch, detail, "checkpoint_parts")
        await pilot.press("j")
        await settle(pilot)
        second = main.detail.checkpoint.snapshot_id
        assert second != first and len(laid_out) == 1  # a new one: laid out once
        await pilot.press("k")
        await settle(pilot)
        assert main.detail.checkpoint.snapshot_id == first
        assert len(laid_out) == 1  # seen before: its parts (Markdown parsed) are kept
        body = main.detail.query_one(detail.DetailText)
        before = body.render_line(0).text
        # What is kept is what a fresh render draws.
        body._kept().clear()
        assert body.render_line(0).text == before and "Snapshot" in before


@run_async
async def test_the_help_table_is_rendered_once(monkeypatch):
    app = make_app(demo_db("help-once"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        widths: list[int] = []
        render = Table.__rich_console__

        def counted(table, console, options):
            widths.append(options.max_width)
            return render(table, console, options)

        monkeypatch.setattr(Table, "__rich_console__", counted)
        await pilot.press("question_mark")
        await settle(pilot)
        assert type(app.screen).__name__ == "HelpScreen"
        assert app.screen.styles.background.a == 1  # the main screen is not drawn beneath
    # Not once for its height and again to draw it, nor again at a second
    # width when its scrollbar appears.
    assert len(widths) == 1, widths


@run_async
async def test_the_restore_preview_does_not_draw_the_main_screen_beneath_it():
    app = make_app(demo_db("opaque-preview"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "PlanScreen"
        # Opaque: Textual draws (and tints) the screens beneath only a translucent one.
        assert app.screen.styles.background.a == 1


@run_async
async def test_the_first_frame_has_the_panes_at_their_final_widths(tmp_path):
    """The width class (``-wide`` at 140 columns) is there before the first
    layout, not added at the first Resize (after the first frame, which then
    had every pane at another width and was laid out and painted again)."""
    from ckpt_tui.core.service import open_service
    from ckpt_tui.ui.app import CkptApp

    class FirstFrame(CkptApp):
        widths: list[tuple[int, int, int]] = []

        def post_display_hook(self) -> None:
            main = self.main
            self.widths.append(
                (main.projects.size.width, main.sessions.size.width, main.snapshots.size.width)
            )

    app = FirstFrame(open_service(long_session(tmp_path)), poll=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        final = (app.main.projects.size.width, app.main.sessions.size.width,
                 app.main.snapshots.size.width)
        assert app.main.has_class("-wide")
    assert app.widths and set(app.widths) == {final}, app.widths


@run_async
async def test_the_handoff_note_is_rendered_once(monkeypatch, tmp_path):
    from rich.markdown import Markdown

    app = make_app(long_session(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        widths: list[int] = []
        render = Markdown.__rich_console__

        def counted(markdown, console, options):
            if markdown.markup.startswith("#") and "Plan" not in markdown.markup[:10]:
                widths.append(options.max_width)  # the note (a plan is "# Plan N")
            return render(markdown, console, options)

        monkeypatch.setattr(Markdown, "__rich_console__", counted)
        await pilot.press("e")
        await settle(pilot)
        assert type(app.screen).__name__ == "HandoffScreen"
    # Not once for its height and again to draw it.
    assert widths and len(widths) == len(set(widths)), widths


@run_async
async def test_a_resize_to_the_size_already_laid_out_is_skipped(monkeypatch):
    """Textual sends ``Resize`` events at start-up with the size the first
    frame already has; each laid the whole screen out again (a full frame
    after the first). A real resize still lays it out."""
    from textual.screen import Screen

    app = make_app(demo_db("resize"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        layouts = count_calls(monkeypatch, Screen, "_refresh_layout")
        app.main._screen_resized(app.size)
        assert layouts == []
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert app.main in layouts
        assert app.main.size.width == 100


@run_async
async def test_opencode_knowing_nothing_repaints_no_session_row(monkeypatch):
    """No opencode data dir: its (empty) answer changes no row, so the
    sessions list is not repainted after the first frame; an answer that
    knows sessions still is."""
    from ckpt_tui.core.activity import Activity
    from ckpt_tui.ui.widgets.lists import SessionList

    app = make_app(demo_db("activity"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        sessions = app.main.sessions
        rows = list(sessions.rows)
        repaints = count_calls(monkeypatch, SessionList, "refresh")
        sessions.set_activity(Activity(None, {}, False, ("no opencode data",)))
        assert repaints == [] and list(sessions.rows) == rows
        sessions.set_activity(Activity(None, {}, True))  # readable: rows may be gone
        assert repaints == [sessions]


@run_async
async def test_notifications_still_show_with_the_toast_rack_hidden_at_start():
    app = make_app(demo_db("toasts"))
    async with app.run_test(size=(140, 40), notifications=True) as pilot:
        await settle(pilot)
        rack = app.screen.query_one("#textual-toastrack")
        assert rack.display is False
        app.notify("hello")
        await settle(pilot)
        assert rack.display is True


@run_async
async def test_a_resize_while_another_screen_was_up_and_back_lays_the_main_screen_out():
    """The board covers the main screen while the terminal shrinks; the
    main screen is laid out for the small size when it comes back, and
    for the big one again when the terminal grows back (a skip keyed on a
    size remembered from before would leave it small)."""
    app = make_app(demo_db("resize_back"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("B")
        await settle(pilot)
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        bar = app.main.query_one(KeyBar)
        assert app.screen is app.main and bar.region.width == 100
        await pilot.resize_terminal(140, 40)
        await settle(pilot)
        assert bar.region.width == 140  # laid out again, not only sized
        assert app.main.detail.region.right == 140
