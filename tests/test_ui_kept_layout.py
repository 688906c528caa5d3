"""The kept diff screen and restore preview laid out while not shown
(``ui/screens/kept.py``: ``lay_out``), so the first ``d`` and ``r`` after
launch show lines the detail worker painted ahead for their views, as later
ones do (issue 12); and laying them out shows nothing, moves no focus and
leaves the main screen's key bar as it was."""

from __future__ import annotations

import threading

from textual.app import App
from textual.widgets import Button

from ckpt_tui.ui import app as app_module
from ckpt_tui.ui import painted_lines
from ckpt_tui.ui.screens.diff import DiffScreen
from ckpt_tui.ui.screens.kept import DIFF, RESTORE, build_kept_screens
from ckpt_tui.ui.screens.plan import PlanScreen
from ckpt_tui.ui.widgets.diff_view import DiffView
from ckpt_tui.ui.widgets.key_bar import KeyBar
from tests.ui_support import demo_db, into_snapshots, make_app, run_async, settle


def kept_view(app, name: str) -> DiffView:
    return app.get_screen(name).query_one("#diff", DiffView)


def painted_on_ui_thread(monkeypatch) -> list[str]:
    """Each paint of rows made on the UI thread from now on."""
    calls: list[str] = []
    paint_rows = painted_lines.paint_rows

    def counted(rows, paint):
        if threading.current_thread() is threading.main_thread():
            calls.append(type(rows).__name__)
        return paint_rows(rows, paint)

    monkeypatch.setattr(painted_lines, "paint_rows", counted)
    return calls


async def built_and_settled(pilot, monkeypatch) -> list:
    """The kept screens built as the warm-up builds them; every frame
    written meanwhile, by screen."""
    app = pilot.app
    frames: list = []
    display = App._display

    def recorded(self, screen, renderable):
        frames.append(screen)
        return display(self, screen, renderable)

    monkeypatch.setattr(App, "_display", recorded)
    build_kept_screens(app)
    await settle(pilot)
    return frames


@run_async
async def test_the_kept_screens_are_laid_out_unseen_and_unfocused(monkeypatch):
    app = make_app(demo_db("kept-layout"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        main = app.main
        bar = main.query_one(KeyBar).render().plain
        frames = await built_and_settled(pilot, monkeypatch)
        assert app.screen is main and app.focused is main.snapshots
        assert main.query_one(KeyBar).render().plain == bar
        kept_screens = {app.get_screen(DIFF), app.get_screen(RESTORE)}
        assert not kept_screens & set(frames), "no frame of a screen not shown"
        for name in (DIFF, RESTORE):
            view = kept_view(app, name)
            assert app.get_screen(name).size == app.size, name
            # Laid out: the view knows how it draws, and told the worker.
            assert view._published is not None and view._published.width > 80, name
            assert view._published in main.prepared.paints.latest(), name
        # Drawn once unseen: the preview's buttons keep their lines for its
        # first frame (Textual's ``StylesCache``).
        buttons = list(app.get_screen(RESTORE).query(Button))
        assert buttons and all(button._styles_cache._cache for button in buttons)


@run_async
async def test_the_first_d_and_r_show_lines_painted_ahead(monkeypatch):
    """Before: the kept screens had no size until shown, so the first ``d``
    (and ``r``) wrapped and drew the diff on the key's path."""
    app = make_app(demo_db("kept-first-d"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await pilot.press("j")
        await settle(pilot)
        await built_and_settled(pilot, monkeypatch)
        main = app.main
        snap = main.snapshot
        old, new, _title = main.diff_pair(snap)
        ready = main.prepared.diff(snap.session_id, old, new)
        plan = main.prepared.plan(snap.session_id, snap.id)
        assert ready is not None and plan is not None
        painted = painted_on_ui_thread(monkeypatch)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DiffScreen)
        view = app.screen.diff_view
        assert view._rows is ready.value.rows and painted == []
        assert view._painted is ready.value.rows.painted(view.paint())
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, PlanScreen)
        view = kept_view(app, RESTORE)
        assert view._rows is plan.value.shown.rows and painted == []
        assert view._painted is plan.value.shown.rows.painted(view.paint())


@run_async
async def test_a_resize_lays_the_kept_screens_out_again(monkeypatch):
    monkeypatch.setattr(app_module, "RELAYOUT_AFTER", 0.001)
    app = make_app(demo_db("kept-resize"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await built_and_settled(pilot, monkeypatch)
        view = kept_view(app, DIFF)
        before = view._published
        await pilot.resize_terminal(110, 35)
        for _ in range(20):  # the resize's timer, then the layout's events
            if view._published != before:
                break
            await pilot.pause()
        assert app.get_screen(DIFF).size == app.size
        assert view._published is not None and view._published.width < before.width
        assert app.screen is app.main and app.focused is app.main.snapshots
