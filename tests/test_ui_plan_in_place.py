"""The kept restore preview opened on another snapshot changes its labels,
buttons and field picker in place (issue 12, ``r`` on a snapshot the cursor
just moved to): without laying out the screen, and still showing all of it."""

from __future__ import annotations

from textual.widgets import Button

from ckpt_tui.ui.screens.kept import build_kept_screens
from ckpt_tui.ui.screens.plan import PlanScreen
from tests.ui_support import demo_db, into_snapshots, make_app, run_async, settle


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


def screen_text(app) -> str:
    """The screen as it would be painted now, line by line."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


@run_async
async def test_the_confirm_button_of_a_preview_built_ahead_shows_its_whole_label():
    """In tmux: "Restore 6" for "Restore 6 fields (y)", the button as wide
    as the "Restore (y)" the preview was built with."""
    app = make_app(demo_db("confirm-label"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        build_kept_screens(app)
        await settle(pilot)
        await press(pilot, "r", "escape")  # the newest: nothing to restore
        for key in ("j", "j"):
            await press(pilot, key, "r")
            screen = app.screen
            assert isinstance(screen, PlanScreen) and screen.plan is not None
            label = str(screen.query_one("#confirm", Button).label)
            assert "fields (y)" in label
            assert label in screen_text(app)
            await press(pilot, "escape")


@run_async
async def test_r_again_on_the_same_snapshot_does_not_draw_the_diff_again(monkeypatch):
    """The same plan worked out ahead, shown as a new preview would: its
    diff's lines are not made and drawn again (``shown_as_new``)."""
    from ckpt_tui.ui.widgets.diff_view import DiffView

    app = make_app(demo_db("same-diff"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "j", "r")
        screen = app.screen
        first = screen_text(app)
        await press(pilot, "escape")
        drawn: list[int] = []
        render_line = DiffView.render_line

        def counted(self, y):
            drawn.append(y)
            return render_line(self, y)

        monkeypatch.setattr(DiffView, "render_line", counted)
        await press(pilot, "r")
        assert app.screen is screen and screen.plan is not None
        assert screen_text(app) == first
        assert drawn == []


@run_async
async def test_r_again_after_the_diff_was_turned_side_by_side_and_scrolled_starts_anew():
    from ckpt_tui.ui.widgets.diff_view import DiffView

    app = make_app(demo_db("same-diff-moved"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "j", "r")
        first = screen_text(app)
        await press(pilot, "tab", "s", "G")
        view = app.screen.query_one("#diff", DiffView)
        assert view.side_by_side and view.scroll_y > 0
        await press(pilot, "escape", "r")
        assert (view.side_by_side, view.scroll_y) == (False, 0)
        assert screen_text(app) == first
