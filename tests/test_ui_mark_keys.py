"""A mark from another session: the key bar says what ``r`` and ``d`` do
with it, the header shows it wherever the cursor is, ``esc`` (or the
palette's "Clear mark") takes it off; ``m`` on the marked row says "Unmark",
and ``a`` says "Show auto" while the autos are hidden."""

from __future__ import annotations

from ckpt_tui.ui.widgets.store_header import StoreHeader
from tests.test_ui_keys import bar, press
from tests.ui_support import demo_db, drawn_lines, into_snapshots, make_app, run_async


def header(app) -> str:
    return str(app.main.query_one(StoreHeader).render())


@run_async
async def test_a_mark_in_another_session_changes_what_the_keys_say():
    app = make_app(demo_db("mark-keys"))
    async with app.run_test(size=(160, 45)) as pilot:
        await into_snapshots(pilot)
        main = app.main
        name = main.snapshots.highlighted.name
        assert "m Mark" in bar(app)
        await press(pilot, "m")
        assert "m Unmark" in bar(app)
        assert f"marked: {name}" in header(app)
        assert "r Restore" in bar(app), "a mark in this session: r restores"
        await press(pilot, "1", "j", "enter")  # another project's session
        assert main.session is not None and main.session.id != main.snapshots.marked.session_id
        shown = bar(app)
        assert "r Copy mark here" in shown and "d Diff with mark" in shown
        assert f"marked: {name}" in header(app)
        await press(pilot, "escape")
        assert main.snapshots.marked is None
        assert "marked" not in header(app)
        assert "r Copy mark here" not in bar(app)


@run_async
async def test_a_says_show_auto_while_they_are_hidden():
    app = make_app(demo_db("auto-label"))
    async with app.run_test(size=(160, 45)) as pilot:
        await into_snapshots(pilot)
        assert "a Hide auto" in bar(app)
        await press(pilot, "a")
        assert "a Show auto" in bar(app)


@run_async
async def test_at_80_columns_the_header_cuts_the_path_not_the_mark():
    """A long store path gives up its start before the mark (and how to
    clear it) is cut from the header's one line; wide again, it is whole."""
    path = demo_db("a-store-path-long-enough-to-fill-the-header-line-by-itself")
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "m")
        line = drawn_lines(app.main.query_one(StoreHeader))[0]
        assert "marked:" in line and "esc clears)" in line, line
        assert "…" in line and "checkpoints.db" in line, line  # cut from its left
        await pilot.resize_terminal(240, 24)
        await pilot.pause()
        line = drawn_lines(app.main.query_one(StoreHeader))[0]
        assert "a-store-path-long-enough" in line and "esc clears)" in line, line
