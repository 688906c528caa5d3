"""The lists' lines put in their border quickly and their scrollbars drawn
from the bar's segments (``ui/widgets/quick_list_lines.py``; issue 12: the
first frame draws the three lists new). What shows must be exactly what
Textual draws without them, focused or not, a whole paint given back too."""

from __future__ import annotations

from textual._styles_cache import StylesCache
from textual.filter import DimFilter
from textual.scrollbar import ScrollBar

from ckpt_tui.ui.widgets.quick_lines import QuickScrollBar
from ckpt_tui.ui.widgets.quick_list_lines import QuickListLines
from tests.test_ui_instant import long_session
from tests.test_ui_painted_lines import screen_segments
from tests.ui_support import into_snapshots, make_app, run_async, settle


async def as_textual_draws(pilot, lists, monkeypatch) -> list:
    """The screen with every line of ``lists`` built by Textual's own
    ``StylesCache`` and each scrollbar rendered by Textual's ``ScrollBar``."""
    kept = [lst._styles_cache for lst in lists]
    with monkeypatch.context() as textual_own:
        textual_own.setattr(QuickScrollBar, "render_line", ScrollBar.render_line)
        textual_own.setattr(QuickScrollBar, "render_lines", ScrollBar.render_lines)
        for lst in lists:
            lst._styles_cache = StylesCache()
            lst.refresh()
            lst.vertical_scrollbar.refresh()
        await pilot.pause()
        shown = screen_segments(pilot.app)
    for lst, cache in zip(lists, kept, strict=True):
        lst._styles_cache = cache
        lst.refresh()
        lst.vertical_scrollbar.refresh()
    await pilot.pause()
    return shown


@run_async
async def test_the_lists_lines_are_built_quickly_as_textual_builds_them(monkeypatch, tmp_path):
    app = make_app(long_session(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        main = app.main
        lists = (main.projects, main.sessions, main.snapshots)
        assert main.snapshots.show_vertical_scrollbar
        built: list[object] = []
        bars: list[bool] = []
        render_line, bar_lines = StylesCache.render_line, QuickScrollBar._lines

        def counted(self, *args, **kwargs):
            built.append(self)
            return render_line(self, *args, **kwargs)

        def counted_bar(self):
            lines = bar_lines(self)
            bars.append(lines is not None)
            return lines

        for focused in (main.snapshots, main.sessions, main.snapshots):
            focused.focus()
            await settle(pilot)
            monkeypatch.setattr(StylesCache, "render_line", counted)
            monkeypatch.setattr(QuickScrollBar, "_lines", counted_bar)
            built.clear()
            bars.clear()
            for lst in lists:
                assert isinstance(lst._styles_cache, QuickListLines)
                assert isinstance(lst.vertical_scrollbar, QuickScrollBar)
                lst.refresh()  # a new paint: every line built
                lst.vertical_scrollbar.refresh()
            await pilot.pause()
            quick = screen_segments(app)
            monkeypatch.setattr(StylesCache, "render_line", render_line)
            monkeypatch.setattr(QuickScrollBar, "_lines", bar_lines)
            # Textual's own: each list's top and bottom borders with their titles.
            for lst in lists:
                assert built.count(lst._styles_cache) == 2, (lst, built.count(lst._styles_cache))
            assert bars and all(bars)  # the shown scrollbar's lines from its segments
            assert quick == await as_textual_draws(pilot, lists, monkeypatch)


@run_async
async def test_a_paint_given_back_on_a_change_of_focus_is_what_textual_draws(monkeypatch, tmp_path):
    """The quick lines come filtered and are kept so: given back (the focus
    went there and back), they are not filtered again (with a filter that
    shows it: dimmed twice is dimmer)."""
    app = make_app(long_session(tmp_path))
    app._filters.append(DimFilter())  # as TEXTUAL_FILTERS=dim does
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        main = app.main
        lists = (main.projects, main.sessions, main.snapshots)
        main.sessions.focus()
        await settle(pilot)
        main.snapshots.focus()
        await settle(pilot)
        given_back: list[object] = []
        kept = QuickListLines._given_back

        def counted(self, *args):
            given_back.append(self)
            return kept(self, *args)

        monkeypatch.setattr(QuickListLines, "_given_back", counted)
        main.sessions.focus()
        await settle(pilot)
        assert main.sessions._styles_cache in given_back  # drawn in this state before
        monkeypatch.setattr(QuickListLines, "_given_back", kept)
        assert screen_segments(app) == await as_textual_draws(pilot, lists, monkeypatch)
