"""A partial frame draws only the widgets it changes (``ui/partial_renders.py``),
and what the terminal shows after many of them is what a full frame draws."""

from __future__ import annotations

import pytest
from textual._compositor import Compositor
from textual.widget import Widget

from ckpt_tui.ui.widgets.lists import SnapshotList
from tests.terminal_copy import TerminalCopy, frame_cells, frame_text_of
from tests.test_ui_kept_screens import press
from tests.ui_support import demo_db, make_app, run_async, settle


class DrawnPerFrame:
    """The widgets asked for lines in each partial frame, with the regions
    the frame changed (wraps two Textual methods for one test)."""

    def __init__(self, monkeypatch) -> None:
        self.frames: list[tuple[list, set[Widget]]] = []
        self._drawing: set[Widget] | None = None
        partial, render_lines = Compositor.render_partial_update, Widget.render_lines

        def partial_update(compositor):
            dirty = list(compositor._dirty_regions)
            self._drawing = set()
            try:
                return partial(compositor)
            finally:
                if dirty:
                    self.frames.append((dirty, self._drawing))
                self._drawing = None

        def lines(widget, crop):
            if self._drawing is not None:
                self._drawing.add(widget)
            return render_lines(widget, crop)

        monkeypatch.setattr(Compositor, "render_partial_update", partial_update)
        monkeypatch.setattr(Widget, "render_lines", lines)


@run_async
async def test_a_cursor_move_draws_only_its_list_and_what_holds_it(tmp_path, monkeypatch):
    app = make_app(demo_db("partial"))
    drawn = DrawnPerFrame(monkeypatch)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "3")
        snapshots = app.screen.query_one(SnapshotList)
        drawn.frames.clear()
        await pilot.press("j")
        await pilot.pause()
        rows = snapshots.region
        moved = [
            widgets for dirty, widgets in drawn.frames
            if all(rows.contains_region(region) for region in dirty)
        ]
        assert moved, "no partial frame for the cursor's rows"
        # The list and its scrollbar (in front of it); the screen and the
        # panes' container behind it are hidden there by the list.
        allowed = {snapshots, snapshots.vertical_scrollbar}
        for widgets in moved:
            assert snapshots in widgets
            assert widgets <= allowed, sorted(type(w).__name__ for w in widgets - allowed)


KEYS = [
    ("3", "j", "j", "k", "G", "g"),
    ("1", "j", "enter", "j", "enter", "j", "j"),
    ("3", "d", "escape", "r", "escape", "question_mark", "escape"),
    ("3", "slash", "z", "enter", "escape", "2", "j", "4", "j", "tab"),
    ("3", "j", "r", "space", "j", "space", "escape", "e", "escape", "d", "j", "escape"),
]


@pytest.mark.parametrize("size", [(140, 40), (80, 24)])
@run_async
async def test_the_terminal_shows_what_a_full_frame_draws_after_each_key(size):
    app = make_app(demo_db("partial-frames"))
    async with app.run_test(size=size) as pilot:
        terminal = TerminalCopy(app)
        await settle(pilot)
        app.screen.refresh(layout=True)  # a full frame: the terminal's start
        await settle(pilot)
        assert terminal.screen_cells() == frame_cells(app)
        for keys in KEYS:
            for key in keys:
                await press(pilot, key)
                assert terminal.screen_cells() == frame_cells(app), f"after {key} of {keys}"


@run_async
async def test_a_cursor_move_draws_no_rows_text_again(monkeypatch):
    """``j`` and ``k`` draw the same pieces of the two rows over the cursor's
    style or the plain one (``KeptLines.kept_row``): no row's text is made
    again; what the list shows is what it shows drawn from scratch."""
    from textual._styles_cache import StylesCache

    app = make_app(demo_db("partial-rows"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "3")
        snapshots = app.screen.query_one(SnapshotList)
        made: list[object] = []
        render_row = type(snapshots).render_row
        monkeypatch.setattr(
            type(snapshots), "render_row",
            lambda self, row, width: made.append(row) or render_row(self, row, width),
        )
        await press(pilot, "j", "j", "k")
        assert snapshots.cursor == 1 and made == []
        shown = frame_cells(app)
        snapshots._styles_cache = StylesCache()
        snapshots.__dict__.pop("_kept_lines", None)
        snapshots.__dict__.pop("_parts", None)
        snapshots.refresh()
        await pilot.pause()
        assert made and frame_cells(app) == shown


@run_async
async def test_the_lists_ages_follow_the_clock(frozen_clock):
    """Rows are kept as drawn across cursor moves; the ages in them are drawn
    again each minute (``CkptApp.redraw_ages``), not left as first drawn."""
    frozen_clock("2026-11-29T12:00:00.000Z")
    app = make_app(demo_db("partial-ages"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "3", "j", "k")
        main = app.main
        panes = (main.projects, main.sessions, main.snapshots)
        before = [frame_text_of(pane) for pane in panes]
        frozen_clock("2027-02-01T12:00:00.000Z")
        await press(pilot, "j", "k")
        assert [frame_text_of(pane) for pane in panes] == before  # kept as drawn
        app.redraw_ages()
        await settle(pilot)
        after = [frame_text_of(pane) for pane in panes]
        for rows_before, rows_after in zip(before, after, strict=True):
            assert rows_after != rows_before
