"""The restore preview's diff is drawn whole when the kept preview is opened
again with a longer diff than it showed (a glitch seen once by hand: the
first 8 lines of the new diff, then blank rows inside the view's border).

Lines are kept at several levels: rows painted ahead for a view's paint
(``ui/painted_lines.py``: strips for the first ``paint.height`` lines),
Textual's ``StylesCache`` (lines kept per y, only dirty ones drawn again;
``ui/widgets/quick_lines.py``), the preview's kept background and the
terminal itself (a partial update leaves the rows it does not cover).
These tests check what a person would see: every update sent to the
terminal applied to a copy of it (``tests/terminal_copy.py``), and what a
full frame would draw (``export_screenshot``), against a new screen's.
"""

from __future__ import annotations

import pytest

from ckpt_tui.ui.painted_lines import Rows
from ckpt_tui.ui.screens.kept import RESTORE, build_kept_screens
from ckpt_tui.ui.screens.plan import PlanScreen
from ckpt_tui.ui.widgets.diff_view import DiffView
from tests.terminal_copy import TerminalCopy, frame_text_of
from tests.test_ui_kept_screens import fresh_screenshot, press
from tests.ui_support import demo_db, make_app, run_async, settle


def view_rows_shown(terminal: TerminalCopy, view: DiffView) -> tuple[list[str], list[str]]:
    """The view's text rows as the terminal shows them, and as its lines say."""
    width = view.scrollable_content_region.width
    shown = terminal.text_of(view, width)
    top = int(view.scroll_offset.y)
    lines = [line.plain.rstrip() for line in view._lines]
    wanted = [lines[top + y] if top + y < len(lines) else "" for y in range(len(shown))]
    return shown, wanted


async def restore_and_undo(db) -> None:
    """The store as the session left it: a restore ``y`` and its undo ``u``,
    made at 80×24 in an earlier launch (pre-restore rows with no changes)."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "enter", "j", "j", "r")
        assert isinstance(app.screen, PlanScreen) and app.screen.plan is not None
        await press(pilot, "y", "u")
        if isinstance(app.screen, PlanScreen):  # undo previewed: confirmed
            await press(pilot, "y")


async def long_diff_row(pilot, view_height: int, fits: bool = False) -> None:
    """The cursor moved down to the first snapshot whose preview diff needs
    more lines than the view has (so the scrollbar comes as well), or with
    ``fits``, more than 8 lines that fit in it (the view changes nothing
    but its lines: no scrollbar, no new size)."""
    app = pilot.app
    snapshots = app.main.snapshots
    for _ in range(len(snapshots.rows)):
        snap = app.main.snapshot
        ready = app.main.prepared.plan(snap.session_id, snap.id)
        count = len(ready.value.shown.rows) if ready is not None else 0
        if (8 < count < view_height - 2) if fits else count > view_height:
            return
        await press(pilot, "j")
    pytest.fail("no snapshot with a diff longer than the view")


@pytest.mark.parametrize("size", [(160, 45), (80, 24)])
@run_async
async def test_a_kept_preview_opened_again_with_a_longer_diff_draws_every_line(size):
    """The session's keys: screens built ahead, a no-change preview first
    (one line, blank rows below), then the hand-off note, the help, and a
    preview of a long diff: every row of its view shows its line."""
    db = demo_db(f"preview-lines-{size[0]}")
    await restore_and_undo(db)
    app = make_app(db)
    async with app.run_test(size=size) as pilot:
        terminal = TerminalCopy(app)
        await settle(pilot)
        build_kept_screens(app)  # as the app's timer does once it settles
        await settle(pilot)
        await press(pilot, "enter", "enter", "j", "d", "escape", "j", "r")
        kept = app.screen
        assert isinstance(kept, PlanScreen) and kept.plan is not None and kept.plan.is_noop
        view = kept.query_one("#diff", DiffView)
        shown, wanted = view_rows_shown(terminal, view)
        assert shown == wanted and len(view._lines) < view.size.height
        await press(pilot, "escape", "e", "escape", "question_mark", "escape", "escape", "j")
        await long_diff_row(pilot, view.size.height)
        await press(pilot, "r")
        assert app.screen is kept and not kept.plan.is_noop
        assert view.line_count > view.size.height  # scrolls: a line past the view
        shown, wanted = view_rows_shown(terminal, view)
        assert shown == wanted
        assert frame_text_of(view, view.scrollable_content_region.width) == wanted
        again = app.export_screenshot()
        await press(pilot, "escape")
        fresh, expected = await fresh_screenshot(pilot, RESTORE, "r")
        assert fresh is not kept
        assert again == expected


async def no_change_preview_then_long_diff(pilot, fits: bool):
    """The kept preview opened on a no-change row (a one-line diff, blank
    rows below) and closed; the cursor on a row whose diff is longer than
    the view. Returns the preview, its view, and that diff made ahead."""
    app = pilot.app
    await settle(pilot)
    build_kept_screens(app)
    await settle(pilot)
    await press(pilot, "enter", "enter", "j", "r")
    kept = app.screen
    assert isinstance(kept, PlanScreen) and kept.plan is not None and kept.plan.is_noop
    view = kept.query_one("#diff", DiffView)
    await press(pilot, "escape", "j")
    await long_diff_row(pilot, view.size.height, fits)
    snap = app.main.snapshot
    ready = app.main.prepared.plan(snap.session_id, snap.id)
    assert ready is not None
    return kept, view, ready.value.shown


@pytest.mark.parametrize("fits", [True, False])
@pytest.mark.parametrize("short_paint_first", [False, True])
@run_async
async def test_rows_set_on_the_hidden_preview_are_all_drawn_when_it_shows(short_paint_first, fits):
    """The suspected mechanism itself: the kept preview showing a one-line
    diff, hidden, given a long diff (its view keeps its size: nothing but
    the new rows marks its lines to draw again), then shown. Its lines
    painted ahead may have been painted for a shorter view first (8 strips).
    Every row shows its line, on the terminal and in a full frame."""
    db = demo_db(f"preview-lines-hidden-{short_paint_first}-{fits}")
    await restore_and_undo(db)
    app = make_app(db)
    async with app.run_test(size=(160, 45)) as pilot:
        terminal = TerminalCopy(app)
        kept, view, shown_ahead = await no_change_preview_then_long_diff(pilot, fits)
        size = view.size
        rows = Rows(shown_ahead.rows)
        if short_paint_first:
            paint = view.paint()
            assert paint is not None
            assert len(rows.painted(paint._replace(height=8)).strips) == 8
        view.set_diff(shown_ahead.diff, rows=rows)  # hidden: not on the stack
        assert app.screen is app.main
        app.push_screen(kept)
        await settle(pilot)
        assert app.screen is kept and view.size == size
        shown, wanted = view_rows_shown(terminal, view)
        assert (len(view._lines) < size.height) is fits and shown == wanted
        assert frame_text_of(view, view.scrollable_content_region.width) == wanted


@pytest.mark.parametrize("fits", [True, False])
@run_async
async def test_rows_set_on_the_shown_preview_are_all_drawn(fits):
    """As above, the preview shown: the no-change diff replaced in place
    (a plan worked out again after a write)."""
    db = demo_db(f"preview-lines-shown-{fits}")
    await restore_and_undo(db)
    app = make_app(db)
    async with app.run_test(size=(160, 45)) as pilot:
        terminal = TerminalCopy(app)
        kept, view, shown_ahead = await no_change_preview_then_long_diff(pilot, fits)
        app.push_screen(kept)
        await settle(pilot)
        size = view.size
        view.set_diff(shown_ahead.diff, rows=Rows(shown_ahead.rows))
        await settle(pilot)
        assert view.size == size
        shown, wanted = view_rows_shown(terminal, view)
        assert (len(view._lines) < size.height) is fits and shown == wanted
        assert frame_text_of(view, view.scrollable_content_region.width) == wanted
