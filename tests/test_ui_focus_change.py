"""``enter`` moves the focus to the next pane (issue 12, "Instant"): what a
change of focus costs, and that what it shows stays what Textual would show.
The key bar works out its keys once per change and keeps the lines it drew
(``ui/widgets/key_bar.py``); a list focused again gets the styles it had
back instead of a restyle (``ui/widgets/kept_focus_styles.py``)."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet
from textual.geometry import Region
from textual.visual import Visual, visualize

from ckpt_tui.ui.widgets.key_bar import KeyBar
from tests.test_ui_instant import count_calls
from tests.ui_support import demo_db, make_app, run_async, settle


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


# -- the key bar ---------------------------------------------------------------------


@run_async
async def test_a_focus_change_works_the_keys_out_once_and_draws_those(monkeypatch):
    """Once per change (``_recheck``); the repaint it asks for draws those
    keys, not keys asked for again; and they are the keys that apply."""
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
    """The focus goes back and forth between two panes: the second time,
    the bar's line for each is the one drawn the first time, as Textual
    draws it."""
    app = make_app(demo_db("focus-keys-kept"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        key_bar = app.screen.query_one(KeyBar)
        await pilot.press("enter", "1")
        await settle(pilot)
        drawn = count_calls(monkeypatch, key_bar, "_draw")
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused is app.main.sessions
        focused = bar_line(key_bar)
        await pilot.press("1")
        await settle(pilot)
        unfocused = bar_line(key_bar)
        assert drawn == [] and focused != unfocused
        assert unfocused == bar_line_drawn_anew(key_bar)
        await pilot.press("enter")
        await settle(pilot)
        assert bar_line(key_bar) == focused == bar_line_drawn_anew(key_bar)
        # Another width is drawn anew.
        drawn.clear()
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert len(drawn) >= 1 and bar_line(key_bar) == bar_line_drawn_anew(key_bar)


@run_async
async def test_keys_worked_out_for_a_repaint_that_never_came_are_not_drawn_later():
    """A change the bar worked out keys for, undone before the frame (a
    kept screen closed at once is the same): the bar draws the keys that
    apply when it is painted, not those."""
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
        assert app.focused is main.sessions
        assert bar_line(key_bar) == shown == bar_line_drawn_anew(key_bar)


# -- the lists' styles -----------------------------------------------------------------


def restyles(monkeypatch, lists) -> list[object]:
    """Every node of ``lists`` (a list, its scrollbar, a component class)
    Textual matches against the stylesheet from now on."""
    matched: list[object] = []
    apply = Stylesheet.apply

    def counted(self, node, *args, **kwargs):
        if node in lists or node._parent in lists:
            matched.append(node)
        return apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    return matched


def rules(lists) -> list[dict]:
    """The rules the stylesheet set on each list and the scrollbar it shows."""
    nodes = [node for lst in lists for node in (lst, lst.vertical_scrollbar)]
    return [dict(node.styles.base._rules) for node in nodes]


def many_rows(tmp_path):
    """30 projects, the first with 30 sessions: both lists have more rows
    than they show, and so a scrollbar (restyled with the list)."""
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


@run_async
async def test_a_list_focused_again_gets_its_styles_back_not_restyled(monkeypatch, tmp_path):
    """The second time the focus goes back and forth, neither list nor its
    scrollbar is matched against the stylesheet; their rules and the
    screen are what Textual's own restyle gives; a new theme restyles."""
    app = make_app(many_rows(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        lists = (main.projects, main.sessions)
        assert main.projects.highlighted.id == "p00"
        assert all(lst.show_vertical_scrollbar for lst in lists)
        await pilot.press("enter", "1")
        await settle(pilot)
        unfocused_first = rules(lists)
        matched = restyles(monkeypatch, lists)
        await pilot.press("enter")
        await settle(pilot)
        focused = rules(lists)
        await pilot.press("1")
        await settle(pilot)
        assert matched == [], "restyled again"
        assert rules(lists) == unfocused_first and focused != unfocused_first
        # What Textual itself works out for the same state.
        shown = app.screen._compositor.render_strips()
        app.stylesheet.update_nodes([main.projects, main.sessions], animate=False)
        assert len(matched) > 0 and rules(lists) == unfocused_first
        await pilot.pause()
        assert app.screen._compositor.render_strips() == shown
        matched.clear()
        app.theme = "nord" if app.theme != "nord" else "gruvbox"
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert main.projects in matched, "a new theme: restyled"


def screen_segments(app) -> list[list[tuple[str, object]]]:
    """The screen as it would be painted now: each line's text and styles."""
    strips = app.screen._compositor.render_strips()
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


@run_async
async def test_a_click_on_a_list_focused_before_shows_what_textual_draws(tmp_path):
    """The mouse moves the focus the same way: the list clicked and the one
    left are drawn with the styles and lines Textual itself gives them."""
    from textual._styles_cache import StylesCache

    app = make_app(many_rows(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        lists = (main.projects, main.sessions)
        await pilot.press("enter", "1")
        await settle(pilot)
        await pilot.click("#sessions", offset=(3, 2))
        await settle(pilot)
        assert app.focused is main.sessions and main.sessions.cursor == 1
        shown = screen_segments(app)
        for lst in lists:  # Textual's own restyle and lines, from here on
            lst._styles_cache = StylesCache()
        app.stylesheet.update_nodes(lists, animate=False)
        for lst in lists:
            lst.refresh()
        await pilot.pause()
        assert screen_segments(app) == shown


# -- the detail pane following the focus ----------------------------------------------


@run_async
async def test_the_detail_pane_following_the_focus_lays_the_screen_out_once(monkeypatch):
    """``enter`` and ``1`` move the detail pane from a project (short, no
    scrollbar) to a session's checkpoint (taller than the pane: a
    scrollbar, a narrower body) and back: one layout of the screen each,
    not one for the body's height, one for the scrollbar and one for the
    narrower body; and the screen is what laying it all out again gives."""
    app = make_app(demo_db("detail-one-layout"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        for key in ("enter", "1"):  # every widget shown once (the scrollbar made)
            await pilot.press(key)
            await settle(pilot)
        layouts = count_calls(monkeypatch, type(main), "_refresh_layout")
        for key, scrollbar in (("enter", True), ("1", False), ("enter", True)):
            layouts.clear()
            await pilot.press(key)
            await settle(pilot)
            assert main.detail.show_vertical_scrollbar is scrollbar
            assert len([screen for screen in layouts if screen is main]) == 1, key
            shown = screen_segments(app)
            main.refresh(layout=True)
            for widget in main.query("*"):
                widget.refresh(layout=True)
            await pilot.pause()
            await pilot.pause()
            assert screen_segments(app) == shown, key


@run_async
async def test_enter_after_the_cursor_moved_draws_the_cursor_rows_not_the_list(
    monkeypatch, tmp_path
):
    """``j`` repaints the list's two cursor rows; the rows it did not repaint
    are still kept, so ``enter`` then draws the rows around the cursor, not
    all of the list it leaves; and what it shows is what Textual draws."""
    from textual._styles_cache import StylesCache

    app = make_app(many_rows(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        lists = (main.projects, main.sessions)
        await pilot.press("j")
        await settle(pilot)
        drawn = count_calls(monkeypatch, main.projects, "render_row")
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused is main.sessions and main.projects.cursor == 1
        shown_rows = main.projects.size.height - 2
        # (none at all since the rows' text is kept across cursor moves)
        assert len(drawn) <= 3 < shown_rows, "every row of the list drawn again"
        shown = screen_segments(app)
        for lst in lists:  # Textual's own lines, drawn anew
            lst._styles_cache = StylesCache()
            lst.__dict__.pop("_kept_lines", None)
            lst.refresh()
        await pilot.pause()
        assert screen_segments(app) == shown
