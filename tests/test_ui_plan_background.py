"""The restore preview's background (around its box) is kept drawn between
openings (``ui/widgets/blank_background.py``, issue 12), and is what
Textual draws, for the theme and size of now."""

from __future__ import annotations

from textual._styles_cache import StylesCache

from ckpt_tui.ui.screens.plan import PlanScreen
from ckpt_tui.ui.widgets.blank_background import KeptBackground
from tests.test_ui_focus_change import screen_segments
from tests.ui_support import demo_db, into_snapshots, make_app, run_async, settle


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def as_textual_draws(pilot, screen) -> list:
    """The screen as drawn with Textual's own ``StylesCache`` for its background."""
    kept = screen._styles_cache
    screen._styles_cache = StylesCache()
    screen.refresh()
    await pilot.pause()
    try:
        return screen_segments(pilot.app)
    finally:
        screen._styles_cache = kept
        screen.refresh()


@run_async
async def test_r_on_another_snapshot_does_not_draw_the_background_again(monkeypatch):
    app = make_app(demo_db("plan-background"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "j", "r")
        screen = app.screen
        assert isinstance(screen, PlanScreen) and screen.plan is not None
        drawn: list[int] = []
        render_line = StylesCache.render_line

        def counted(self, styles, y, *args, **kwargs):
            if self is screen._styles_cache:
                drawn.append(y)
            return render_line(self, styles, y, *args, **kwargs)

        monkeypatch.setattr(StylesCache, "render_line", counted)
        await press(pilot, "escape", "j", "r")
        assert app.screen is screen and screen.plan is not None
        assert screen.plan.source_snapshot_id == app.main.snapshot.id
        shown = screen_segments(app)
        assert drawn == []  # shown again (a refresh), its background not drawn again
        monkeypatch.setattr(StylesCache, "render_line", render_line)
        assert shown == await as_textual_draws(pilot, screen)


@run_async
async def test_a_new_theme_or_size_draws_the_background_again():
    app = make_app(demo_db("plan-background-theme"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "j", "r")
        screen = app.screen
        assert isinstance(screen._styles_cache, KeptBackground)
        before = screen_segments(app)
        themes = [name for name in app.available_themes if name != app.theme]
        app.theme = "textual-light" if "textual-light" in themes else themes[0]
        await settle(pilot)
        themed = screen_segments(app)
        assert themed != before
        assert themed == await as_textual_draws(pilot, screen)
        await pilot.resize_terminal(120, 30)
        await settle(pilot)
        assert screen_segments(app) == await as_textual_draws(pilot, screen)


@run_async
async def test_a_plan_made_by_the_preview_comes_painted_from_its_worker(monkeypatch):
    """A field left out: the new plan's diff is painted in the preview's
    worker for its view, not wrapped and drawn on the UI thread."""
    import threading

    from ckpt_tui.ui import painted_lines

    app = make_app(demo_db("plan-painted"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "j", "r")
        screen = app.screen
        assert isinstance(screen, PlanScreen) and screen.plan is not None
        on_ui: list[str] = []
        paint_rows = painted_lines.paint_rows

        def recorded(rows, paint):
            if threading.current_thread() is threading.main_thread():
                on_ui.append("painted on the UI thread")
            return paint_rows(rows, paint)

        monkeypatch.setattr(painted_lines, "paint_rows", recorded)
        first = screen.plan
        await press(pilot, "space")  # the first field left out: planned again
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert screen.plan is not first and len(screen.plan.keys) == len(first.keys) - 1
        assert on_ui == []
        view = screen.query_one("#diff")
        assert view.diff == screen.plan.diff and view._painted is not None
