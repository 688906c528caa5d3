"""The diff view's lines painted ahead and put in their border quickly
(``ui/painted_lines.py``, ``ui/widgets/quick_lines.py``; issue 12: ``d`` on a
snapshot the cursor has just moved to). What shows must be exactly what
Textual draws without them, for the pair, width and theme of now."""

from __future__ import annotations

import threading

from rich.text import Text
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult

from ckpt_tui.core.diff import diff_checkpoints
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.ui import painted_lines
from ckpt_tui.ui.diff_lines import FIELD_ROWS, diff_rows, side_by_side
from ckpt_tui.ui.painted_lines import Paints, Rows
from ckpt_tui.ui.screens.diff import DiffScreen
from ckpt_tui.ui.screens.kept import build_kept_screens
from ckpt_tui.ui.widgets import text_lines
from ckpt_tui.ui.widgets.diff_view import DiffView
from ckpt_tui.ui.widgets.quick_lines import QuickLines
from tests.ui_support import demo_db, into_snapshots, make_app, run_async, settle

HOSTILE = "[bold red]markup[/] \x1b[31mescape\x1b[0m [@click=app.quit]link[/]"
LONG_ITEM = "a removed step that goes on " * 8 + "to its end"


def hostile_diff():
    """Every kind of row, store text that looks like markup and escapes,
    and a line and a removed item long enough to wrap."""
    old = Checkpoint(
        objective=f"old {HOSTILE}",
        summary="same\n" * 9 + "the old line " * 30,
        nextSteps=("keep", "drop", "move me", HOSTILE, LONG_ITEM),
        status="in_progress",
    )
    new = Checkpoint(
        objective=f"new {HOSTILE}",
        summary="same\n" * 9 + "the new line " * 30,
        nextSteps=("move me", "keep", "add", HOSTILE + " more"),
        status="done",
    )
    return diff_checkpoints(old, new)


class Views(App):
    CSS = "DiffView { height: 24; }"

    def compose(self) -> ComposeResult:
        yield DiffView(title="t", id="diff")


def screen_segments(app) -> list[list[tuple[str, object]]]:
    strips = app.screen._compositor.render_strips()
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


async def as_textual_draws(pilot, view: DiffView, rows) -> list:
    """The screen with ``rows`` shown as before: wrapped and drawn on the UI
    thread, each line built by Textual's own ``StylesCache``."""
    view._styles_cache = StylesCache()
    view.vertical_scrollbar._styles_cache = StylesCache()
    view.set_rows(list(rows))  # a plain list: not painted
    await pilot.pause()
    await pilot.pause()
    assert view._painted is None
    return screen_segments(pilot.app)


def painted_in_a_thread(rows: Rows, paints: Paints) -> None:
    worker = threading.Thread(target=rows.paint, args=(paints,))
    worker.start()
    worker.join()


@run_async
async def test_lines_painted_in_a_worker_show_as_textual_draws_them(monkeypatch):
    app = Views()
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.query_one(DiffView)
        diff = hostile_diff()
        drawn_here: list[int] = []
        draw = text_lines.text_strip

        def counted(*args):
            drawn_here.append(1)
            return draw(*args)

        for rows in (diff_rows(diff), side_by_side(diff)):
            view.set_rows(Rows(rows))
            await pilot.pause()
            paint = view.paint()
            assert paint is not None
            ahead = Rows(rows)
            painted_in_a_thread(ahead, _published(paint))
            drawn_here.clear()
            monkeypatch.setattr(text_lines, "text_strip", counted)
            view.set_rows(ahead)
            await pilot.pause()
            await pilot.pause()
            assert view._painted is ahead.painted(paint) and view._painted.strips
            assert drawn_here == []  # every visible line was painted ahead
            quick = screen_segments(app)
            monkeypatch.setattr(text_lines, "text_strip", draw)
            assert quick == await as_textual_draws(pilot, view, rows)
            plain = "".join(text for line in quick for text, _style in line)
            assert "[bold red]markup[/]" in plain and "\x1b" not in plain
            # The long removed item goes on under its text, not its sign.
            rows = [line.plain for line in ahead.painted(paint).lines]
            y, x = next((y, r.find("- a removed")) for y, r in enumerate(rows) if "- a removed" in r)
            assert rows[y + 1][x : x + 2] == "  " and rows[y + 1][x + 2] != " "
            view._styles_cache = QuickLines()


def _published(paint) -> Paints:
    paints = Paints()
    paints.publish("view", paint)
    return paints


@run_async
async def test_content_and_scrollbar_lines_are_built_quickly_as_textual_builds_them(monkeypatch):
    """Once per line Textual works out the border's edges and styles; the
    quick lines do it once per pass, and give the same lines (focused or
    not, with the app's line filters)."""
    app = Views()
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.query_one(DiffView)
        rows = [Text(f"row {i} " * 3, style="ckpt--added") for i in range(60)]
        built: list[object] = []
        render_line = StylesCache.render_line

        def counted(self, *args, **kwargs):
            built.append(self)
            return render_line(self, *args, **kwargs)

        for focused in (True, False):
            if focused:
                view.focus()
            else:
                app.set_focus(None)
            view.set_rows(Rows(rows))
            await pilot.pause()
            built.clear()
            monkeypatch.setattr(StylesCache, "render_line", counted)
            view.refresh()
            view.vertical_scrollbar.refresh()
            quick = screen_segments(app)
            monkeypatch.setattr(StylesCache, "render_line", render_line)
            assert view.show_vertical_scrollbar and app.get_line_filters()
            # Textual's own: the top and bottom borders with their titles.
            assert built.count(view._styles_cache) == 2
            assert view.vertical_scrollbar._styles_cache not in built
            assert quick == await as_textual_draws(pilot, view, rows)
            view._styles_cache = QuickLines()
            view.vertical_scrollbar._styles_cache = QuickLines()


@run_async
async def test_a_new_theme_or_width_paints_the_lines_again():
    app = Views()
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.query_one(DiffView)
        rows = diff_rows(hostile_diff())
        view.set_rows(Rows(rows))
        await pilot.pause()
        first = view._painted
        app.theme = "nord" if app.theme != "nord" else "gruvbox"
        await pilot.pause()
        await pilot.pause()
        assert view._painted is not first and view._painted.paint.styles != first.paint.styles
        view_lines = screen_segments(app)
        assert view_lines == await as_textual_draws(pilot, view, rows)
        view._styles_cache = QuickLines()
        view.set_rows(Rows(rows))
        await pilot.pause()
        before = view._painted
        await pilot.resize_terminal(70, 30)
        await pilot.pause()
        await pilot.pause()
        assert view._painted is not before
        assert view._painted.width == view.scrollable_content_region.width < before.width
        assert screen_segments(app) == await as_textual_draws(pilot, view, rows)


@run_async
async def test_a_screen_built_ahead_draws_its_first_frame_at_its_width(monkeypatch):
    """Built off the stack, the view had no width yet and wrapped at 80
    columns: the first frame of the first ``d`` showed those lines."""
    drawn: list[tuple[int, int]] = []
    render_lines = DiffView.render_lines

    def recorded(self, crop):
        strips = render_lines(self, crop)
        drawn.append((self._width, self.scrollable_content_region.width))
        return strips

    monkeypatch.setattr(DiffView, "render_lines", recorded)
    app = make_app(demo_db("painted-first"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        build_kept_screens(app)
        await settle(pilot)
        await pilot.press("j", "d")
        await settle(pilot)
        assert isinstance(app.screen, DiffScreen) and drawn
        assert all(wrapped == width for wrapped, width in drawn), drawn


@run_async
async def test_d_after_the_cursor_rested_shows_that_pairs_lines_painted_ahead(monkeypatch):
    app = make_app(demo_db("painted-ahead"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await pilot.press("d")  # the diff view says how it draws
        await settle(pilot)
        await pilot.press("escape", "j")
        await settle(pilot)
        snap = app.main.snapshot
        old, new, _title = app.main.diff_pair(snap)
        ready = app.main.prepared.diff(snap.session_id, old, new)
        assert ready is not None
        painted_here: list[str] = []
        paint_rows = painted_lines.paint_rows

        def counted(rows, paint):
            painted_here.append(threading.current_thread().name)
            return paint_rows(rows, paint)

        monkeypatch.setattr(painted_lines, "paint_rows", counted)
        await pilot.press("d")
        await pilot.pause()
        view = app.screen.query_one(DiffView)
        assert view.diff is ready.value.diff and view._rows is ready.value.rows
        assert painted_here == []  # painted by the detail worker, not on the key
        assert view._painted is ready.value.rows.painted(view.paint())
        await settle(pilot)
        shown = app.export_screenshot()
        await pilot.press("escape")
        await settle(pilot)
        app.uninstall_screen("diff")
        await pilot.press("d")  # a new screen, its lines drawn as they come
        await settle(pilot)
        assert app.export_screenshot() == shown


def test_a_10_mb_value_is_painted_in_bounded_lines():
    """Wrapped in full (the rows are capped), drawn only as far as shows."""
    for big in ("x" * 10_000_000, "a line\n" * 1_500_000):
        diff = diff_checkpoints(Checkpoint(summary="a"), Checkpoint(summary=big + HOSTILE))
        rows = Rows(diff_rows(diff))
        paint = painted_lines.Paint(120, 119, 30, text_lines.Style(), ())
        painted = rows.painted(paint)
        assert len(painted.lines) < 3 * FIELD_ROWS
        assert len(painted.strips) == min(30, len(painted.lines))
        assert all(strip.cell_length == painted.width for strip in painted.strips)
        assert rows.painted(paint) is painted  # kept, per paint


@run_async
async def test_the_diff_screen_shows_what_textuals_own_drawing_shows():
    """The screen's background, the view and its scrollbar, all built
    quickly, against the same screen drawn by Textual's ``StylesCache``."""
    app = make_app(demo_db("painted-screen"))
    async with app.run_test(size=(120, 24)) as pilot:
        await into_snapshots(pilot)
        await pilot.press("j", "d", "f")  # unfolded: long enough to scroll
        await settle(pilot)
        screen = app.screen
        view = screen.query_one(DiffView)
        assert isinstance(screen, DiffScreen) and view.show_vertical_scrollbar
        quick = screen_segments(app)
        for widget in (screen, view, view.vertical_scrollbar):
            assert isinstance(widget._styles_cache, QuickLines)
            widget._styles_cache = StylesCache()
            widget.refresh()
        await pilot.pause()
        assert screen_segments(app) == quick


@run_async
async def test_the_quick_scrollbar_draws_what_textuals_scrollbar_draws(monkeypatch):
    """Its thumb at every length and place, hovered and grabbed, over two
    themes: the bar's segments one per line, as Textual's Rich render."""
    from textual.geometry import Offset
    from textual.scrollbar import ScrollBar

    from ckpt_tui.ui.widgets.quick_lines import QuickScrollBar

    app = Views()
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.query_one(DiffView)
        drawn: list[bool] = []
        lines = QuickScrollBar._lines

        def counted(self):
            result = lines(self)
            drawn.append(result is not None)
            return result

        monkeypatch.setattr(QuickScrollBar, "_lines", counted)
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            for count in (30, 61, 400):
                view.set_rows([Text(f"row {i}") for i in range(count)])
                await pilot.pause()
                bar = view.vertical_scrollbar
                assert isinstance(bar, QuickScrollBar) and view.show_vertical_scrollbar
                for scroll in (0, view.max_scroll_y // 3, view.max_scroll_y):
                    view.scroll_to(0, scroll, animate=False, immediate=True)
                    for hover, grab in ((False, None), (True, None), (False, Offset(0, 1))):
                        bar.mouse_over, bar.grabbed = hover, grab
                        bar.refresh()
                        drawn.clear()
                        quick = screen_segments(app)
                        assert drawn == [True]  # the bar's lines drawn from its segments
                        with monkeypatch.context() as textual_own:
                            textual_own.setattr(QuickScrollBar, "render_line", ScrollBar.render_line)
                            textual_own.setattr(
                                QuickScrollBar, "render_lines", ScrollBar.render_lines
                            )
                            bar.refresh()
                            assert screen_segments(app) == quick, (theme, count, scroll, hover)
                        bar.refresh()
