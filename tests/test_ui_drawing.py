"""What a key draws, through Textual's public line API, and that what it
draws stays true: a cursor move draws the two rows that change; a change of
focus draws the lists' rows from the lines they keep, except the rows whose
look changed; the key bar works its keys out once per change; the lists
and the detail pane say what is true now (their ages follow one clock)."""

from __future__ import annotations

from datetime import timedelta

from textual.geometry import Region
from textual.visual import Visual, visualize

from ckpt_tui import timeutil
from ckpt_tui.ui.widgets.key_bar import KeyBar
from tests.ui_support import demo_db, drawn_lines, into_snapshots, make_app, run_async, settle


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


def many_rows(tmp_path):
    """30 projects, the first with 30 sessions: both lists have more rows
    than they show."""
    from tests.factory import add_project, add_session, connect, new_store

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    for p in range(30):
        add_project(conn, f"p{p:02d}", at=f"2026-01-01T00:00:{59 - p:02d}.000Z")
    for s in range(30):
        add_session(conn, f"s{s:02d}", "p00", title=f"session {s}")
    conn.commit()
    conn.close()
    return db


def detail_lines(main) -> list[str]:
    """What the detail pane's body draws now."""
    return drawn_lines(main.detail.query_one(".detail-body"))


def redrawn(widget) -> list[str]:
    """``widget``'s lines drawn anew (nothing it keeps used), as text."""
    widget.rows_changed()
    return drawn_lines(widget)


# -- j: the two rows that change ----------------------------------------------------------


@run_async
async def test_a_cursor_move_draws_the_two_rows_that_change(monkeypatch, tmp_path):
    app = make_app(long_session(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        snapshots = app.main.snapshots
        assert snapshots.show_vertical_scrollbar
        lines = count_calls(monkeypatch, snapshots, "render_line")
        bars = count_calls(monkeypatch, app.screen.query_one(KeyBar), "render_line")
        await pilot.press("j")
        await settle(pilot)  # and the detail pane has followed (a layout of the screen)
        assert app.main.detail.checkpoint.snapshot_id == snapshots.highlighted.id
        # The old and the new cursor rows, nothing else of the list.
        assert sorted(lines) == [0, 1], lines
        # The keys that apply are the same on the next snapshot: the bar is not drawn again.
        assert bars == []
        assert drawn_lines(snapshots) == redrawn(snapshots)


# -- enter: a change of focus ----------------------------------------------------------


@run_async
async def test_a_focus_change_draws_only_the_cursor_rows_anew(monkeypatch, tmp_path):
    """Only the cursor rows change colour: the other rows come from the
    lines the lists keep (not made again), and what shows is what drawing
    every row anew gives."""
    app = make_app(many_rows(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        await pilot.press("j")  # the cursor moved first: its rows were drawn since
        await settle(pilot)
        projects = count_calls(monkeypatch, main.projects, "render_row")
        sessions = count_calls(monkeypatch, main.sessions, "render_row")
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused is main.sessions and main.projects.cursor == 1
        assert len(projects) <= 1 and len(sessions) <= 1, (projects, sessions)
        for pane in (main.projects, main.sessions):
            assert drawn_lines(pane) == redrawn(pane)


@run_async
async def test_a_list_row_changed_while_unfocused_is_drawn_anew_on_focus(monkeypatch):
    app = make_app(demo_db("focus-kept"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        await pilot.press("enter")
        await settle(pilot)
        drawn = count_calls(monkeypatch, main.projects, "render_row")
        main.projects.rows_changed()  # what new rows, a summary or a sort do
        await pilot.press("1")
        await settle(pilot)
        assert len(drawn) >= len(main.projects.rows[:3])


@run_async
async def test_a_click_moves_the_focus_and_the_cursor(tmp_path):
    app = make_app(many_rows(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        await pilot.press("enter", "1")
        await settle(pilot)
        await pilot.click("#sessions", offset=(3, 2))
        await settle(pilot)
        assert app.focused is main.sessions and main.sessions.cursor == 1
        for pane in (main.projects, main.sessions):
            assert drawn_lines(pane) == redrawn(pane)


# -- the key bar -------------------------------------------------------------------------


def bar_line(key_bar: KeyBar) -> list[tuple[str, object]]:
    """The key bar's line as the screen paints it now."""
    strip = key_bar.render_lines(Region(0, 0, key_bar.size.width, 1))[0]
    return [(segment.text, segment.style) for segment in strip]


def bar_line_drawn_anew(key_bar: KeyBar) -> list[tuple[str, object]]:
    """What Textual draws for the bar's keys worked out now (its own
    pipeline from ``render``), with no line or keys kept."""
    visual = visualize(key_bar, key_bar.render(), markup=False)
    strip = Visual.to_strips(key_bar, visual, key_bar.size.width, 1, key_bar.visual_style)[0]
    background = key_bar.background_colors[1]
    for line_filter in key_bar.get_line_filters():
        strip = strip.apply_filter(line_filter, background)
    return [(segment.text, segment.style) for segment in strip]


@run_async
async def test_a_focus_change_works_the_keys_out_once_and_draws_those(monkeypatch):
    app = make_app(demo_db("focus-keys-once"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        key_bar = app.screen.query_one(KeyBar)
        rechecks = count_calls(monkeypatch, key_bar, "_recheck")
        asked = count_calls(monkeypatch, key_bar, "_entries")
        painted = count_calls(monkeypatch, key_bar, "render_line")
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused is app.main.sessions
        assert len(painted) >= 1 and len(asked) == len(rechecks)
        assert key_bar._drawn == key_bar._entries()
        assert " e Hand-off " in "".join(text for text, _style in bar_line(key_bar))
        assert bar_line(key_bar) == bar_line_drawn_anew(key_bar)


@run_async
async def test_keys_seen_before_are_drawn_from_the_kept_line(monkeypatch):
    app = make_app(demo_db("focus-keys-kept"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        key_bar = app.screen.query_one(KeyBar)
        await pilot.press("enter", "1")
        await settle(pilot)
        drawn = count_calls(monkeypatch, key_bar, "_draw")
        await pilot.press("enter")
        await settle(pilot)
        focused = bar_line(key_bar)
        await pilot.press("1")
        await settle(pilot)
        unfocused = bar_line(key_bar)
        assert drawn == [] and focused != unfocused
        assert unfocused == bar_line_drawn_anew(key_bar)
        await pilot.press("enter")
        await settle(pilot)
        assert bar_line(key_bar) == focused == bar_line_drawn_anew(key_bar)
        drawn.clear()
        await pilot.resize_terminal(120, 40)  # another width is drawn anew
        await settle(pilot)
        assert len(drawn) >= 1 and bar_line(key_bar) == bar_line_drawn_anew(key_bar)


@run_async
async def test_keys_worked_out_for_a_repaint_that_never_came_are_not_drawn_later():
    app = make_app(demo_db("focus-keys-stale"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        key_bar = main.query_one(KeyBar)
        await pilot.press("enter")
        await settle(pilot)
        shown = bar_line(key_bar)
        # Nothing below yields to the app: no frame can come in between.
        main.set_focus(main.projects)
        key_bar._recheck()  # the projects pane's keys: a repaint is asked for
        main.set_focus(main.sessions)
        key_bar._recheck()  # the sessions pane's keys again: those drawn
        assert bar_line(key_bar) == shown, "the next paint drew keys no longer true"
        await settle(pilot)
        assert bar_line(key_bar) == shown == bar_line_drawn_anew(key_bar)


@run_async
async def test_the_key_bar_follows_the_focus_and_its_keys_still_click():
    app = make_app(demo_db("focus-bar"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        key_bar = app.screen.query_one(KeyBar)
        assert "Hand-off" not in key_bar.render().plain.split("  ")[0]
        await pilot.press("enter")
        await settle(pilot)
        assert " e Hand-off " in key_bar.render().plain
        await pilot.press("1")
        await settle(pilot)
        at = key_bar.render().plain.index(" ? ")  # a click on a key runs its action
        await pilot.click(KeyBar, offset=(at + 1, 0))
        await settle(pilot)
        assert type(app.screen).__name__ == "HelpScreen"


# -- the detail pane ---------------------------------------------------------------------


@run_async
async def test_a_snapshot_seen_again_is_laid_out_from_its_kept_parts(monkeypatch):
    """Its Markdown is parsed once: a snapshot seen again uses its parts."""
    from ckpt_tui.ui.widgets import detail

    app = make_app(demo_db("kept-parts"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        main = app.main
        first = main.detail.checkpoint.snapshot_id
        laid_out = count_calls(monkeypatch, detail, "checkpoint_parts")
        await pilot.press("j")
        await settle(pilot)
        assert main.detail.checkpoint.snapshot_id != first and len(laid_out) == 1
        await pilot.press("k")
        await settle(pilot)
        assert main.detail.checkpoint.snapshot_id == first and len(laid_out) == 1
        assert any("Snapshot" in line for line in detail_lines(main))


# -- ages: what a row says is true now ---------------------------------------------------


def age_store(tmp_path, at: str):
    """One project, session and snapshot, all written at ``at``."""
    from ckpt_tui.core.model import Checkpoint
    from tests.factory import (
        add_project,
        add_session,
        add_snapshot,
        connect,
        new_store,
        set_checkpoint,
    )

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/p1", at=at)
    add_session(conn, "s1", "p1", title="aged", at=at)
    cp = Checkpoint(title="aged", objective="tick")
    set_checkpoint(conn, "s1", "p1", cp, at=at)
    add_snapshot(conn, "s1", "p1", "first", cp.to_payload(), "manual", at=at)
    conn.commit()
    conn.close()
    return db


@run_async
async def test_ages_follow_the_clock_while_the_app_stays_open(tmp_path, frozen_clock):
    """A row that said "8s" said it for over a minute, and the detail pane's
    "captured 42s ago" never changed: both follow one clock now, with one
    rounding (the projects pane said "1m" beside "45s ago")."""
    frozen_clock("2026-11-29T12:00:08.000Z")
    app = make_app(age_store(tmp_path, "2026-11-29T12:00:00.000Z"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        for key in ("enter", "enter"):  # the snapshot: its row and its detail
            await pilot.press(key)
            await settle(pilot)
        panes = (main.projects, main.sessions, main.snapshots)
        assert all("  8s" in drawn_lines(pane)[1] for pane in panes)
        assert any("captured 8s ago" in line for line in detail_lines(main))
        frozen_clock("2026-11-29T12:01:15.000Z")  # the app stays open 67 s longer
        app.tick()
        await settle(pilot)
        for pane in panes:
            row = drawn_lines(pane)[1]
            assert "  1m" in row and "8s" not in row, row
        detail = detail_lines(main)
        assert any("captured 1m ago" in line for line in detail), detail
        await pilot.press("1")  # the project's detail, at the same clock
        await settle(pilot)
        assert any("Last activity  1m ago" in line for line in detail_lines(main))
        assert "  1m" in drawn_lines(main.projects)[1]


@run_async
async def test_a_clock_that_moves_without_changing_an_age_draws_nothing(tmp_path, frozen_clock):
    frozen_clock("2026-11-29T12:10:00.000Z")
    app = make_app(age_store(tmp_path, "2026-11-29T12:00:00.000Z"))
    frames: list[int] = []
    app.post_display_hook = lambda: frames.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        drawn = len(frames)
        moment = timeutil.parse("2026-11-29T12:10:00.000Z") + timedelta(seconds=30)
        with timeutil.clock.fixed(moment):  # still "10m" everywhere
            app.tick()
            await settle(pilot)
        assert len(frames) == drawn
