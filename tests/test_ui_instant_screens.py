"""What ``enter`` (a change of focus), ``?`` and ``e`` cost to draw (issue
12, "Instant"), and that what they show stays true: a focus change redraws
the two cursor rows and no full screen, the help is built before the first
``?`` when the app is idle, and the hand-off screen is kept and shows each
``e``'s own note."""

from __future__ import annotations

from pathlib import Path

from textual._compositor import Compositor
from textual.css.stylesheet import Stylesheet

from ckpt_tui.ui.widgets import kept_lines
from ckpt_tui.ui.widgets.key_bar import KeyBar
from tests.test_ui_instant import count_calls
from tests.ui_support import demo_db, make_app, run_async, settle

NOTE_DIR = "demo/projects/docs-site/.opencode/state/checkpoint-orchestrator"


def screen_text(app) -> str:
    """The screen as it would be painted now, as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def bar(app) -> str:
    return app.screen.query_one(KeyBar).render().plain


# -- enter: a change of focus --------------------------------------------------------


@run_async
async def test_a_focus_change_draws_the_two_cursor_rows_and_no_full_screen(monkeypatch):
    app = make_app(demo_db("focus"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        assert app.focused is main.projects and len(main.projects.rows) >= 3
        projects = count_calls(monkeypatch, main.projects, "render_row")
        sessions = count_calls(monkeypatch, main.sessions, "render_row")
        lines = count_calls(monkeypatch, kept_lines, "parts_strip")
        full = count_calls(monkeypatch, Compositor, "render_full_update")
        await pilot.press("enter")
        await settle(pilot)  # and the detail pane has followed
        assert app.focused is main.sessions
        # Only the cursor rows change colour: every other row is kept as drawn,
        # and those two are their kept text over the cursor's new style.
        assert len(lines) == 2 and projects == sessions == []
        # Textual repainted the whole screen when the focus moved.
        assert full == []
        # What the panes show is what a full repaint would show.
        shown = screen_text(app)
        app.screen._compositor._dirty_regions.add(app.screen.region)
        app.screen.refresh()
        await pilot.pause()
        assert screen_text(app) == shown


def screen_segments(app) -> list[list[tuple[str, object]]]:
    """The screen as it would be painted now: each line's text and styles."""
    strips = app.screen._compositor.render_strips()
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


@run_async
async def test_a_list_focused_again_gets_its_bordered_lines_back_as_textual_draws_them(
    monkeypatch,
):
    """``ui/widgets/kept_styled_lines.py``: once both states were drawn, a
    change of focus builds no line of the lists (the whole paint is kept);
    and the screen is what Textual's own ``StylesCache`` draws, in both
    states."""
    from textual._styles_cache import StylesCache

    app = make_app(demo_db("styled-lines"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        lists = (main.projects, main.sessions)
        await pilot.press("enter", "1")
        await settle(pilot)
        built: list[object] = []
        render_line = StylesCache.render_line

        def counted(self, *args, **kwargs):
            if any(self is lst._styles_cache for lst in lists):
                built.append(self)
            return render_line(self, *args, **kwargs)

        monkeypatch.setattr(StylesCache, "render_line", counted)
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused is main.sessions
        assert built == [], "lines of the lists built again"
        focused = screen_segments(app)
        await pilot.press("1")
        await settle(pilot)
        unfocused = screen_segments(app)
        assert focused != unfocused
        for lst in lists:  # Textual's own, from here on
            lst._styles_cache = StylesCache()
            lst.refresh()
        await pilot.pause()
        assert screen_segments(app) == unfocused
        await pilot.press("enter")
        await settle(pilot)
        assert screen_segments(app) == focused


def component_matches(monkeypatch, lists) -> list[object]:
    """Every component class Textual works out (matches against the
    stylesheet) for one of ``lists``, from now on."""
    from textual.dom import DOMNode

    matched: list[object] = []
    apply = Stylesheet.apply

    def counted(self, node, *args, **kwargs):
        if type(node) is DOMNode and node._parent in lists:
            matched.append(node._parent)
        return apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    return matched


def cursor_styles(lists) -> list[object]:
    return [lst.get_component_rich_style("paged-list--cursor") for lst in lists]


@run_async
async def test_a_list_focused_again_gets_its_component_styles_back_not_worked_out(monkeypatch):
    """``ui/widgets/kept_focus_styles.py``: the second time the focus
    moves back and forth, no component class of the two lists is matched
    against the stylesheet again, and their styles are the ones Textual
    works out; a new theme works them out again."""
    app = make_app(demo_db("component-styles"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        lists = (main.projects, main.sessions)
        await pilot.press("enter", "1")
        await settle(pilot)
        unfocused = cursor_styles(lists)
        matched = component_matches(monkeypatch, lists)
        await pilot.press("enter")
        await settle(pilot)
        focused = cursor_styles(lists)
        await pilot.press("1")
        await settle(pilot)
        assert matched == [], "the component styles were worked out again"
        assert cursor_styles(lists) == unfocused and focused != unfocused
        # What Textual itself works out for the same state.
        for lst in lists:
            app.stylesheet.apply(lst)
        assert cursor_styles(lists) == unfocused and len(matched) > 0
        matched.clear()
        app.theme = "nord" if app.theme != "nord" else "gruvbox"
        await settle(pilot)
        assert len(matched) > 0, "a new theme: worked out again"
        themed = cursor_styles(lists)
        for lst in lists:
            app.stylesheet.apply(lst)
        assert cursor_styles(lists) == themed != unfocused


@run_async
async def test_the_key_bar_follows_the_focus_and_its_keys_still_click():
    app = make_app(demo_db("focus-bar"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        assert "Hand-off" not in bar(app).split("  ")[0]
        await pilot.press("enter")
        await settle(pilot)
        assert app.focused is app.main.sessions
        assert " e Hand-off " in bar(app)
        await pilot.press("1")
        await settle(pilot)
        assert app.focused is app.main.projects
        # A click on a key runs its action: "?" at the bar's right end.
        key_bar = app.screen.query_one(KeyBar)
        at = key_bar.render().plain.index(" ? ")
        await pilot.click(KeyBar, offset=(at + 1, 0))
        await settle(pilot)
        assert type(app.screen).__name__ == "HelpScreen"


@run_async
async def test_a_list_row_changed_while_unfocused_is_drawn_anew_on_focus(monkeypatch):
    """Kept lines are for a change of focus only: rows that changed since
    (another repaint) are drawn again."""
    app = make_app(demo_db("focus-kept"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        await pilot.press("enter")
        await settle(pilot)
        drawn = count_calls(monkeypatch, main.projects, "render_row")
        main.projects.refresh()  # what new rows, a summary or a sort do
        await pilot.press("1")
        await settle(pilot)
        assert len(drawn) >= len(main.projects.rows[:3])


# -- ?: the help, built ahead ----------------------------------------------------------


@run_async
async def test_the_warm_up_builds_the_help_and_the_kept_screens():
    """The warm-up's last step (run a second after launch, not in headless
    tests) leaves the help, the diff screen and the restore preview built
    and not shown; a version that called the help's coroutine without
    awaiting it built no help."""
    from ckpt_tui.ui.commands import HELP_SCREEN
    from ckpt_tui.ui.screens.kept import DIFF, RESTORE

    app = make_app(demo_db("warm-up"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        assert not app.is_screen_installed(HELP_SCREEN)
        await app._warmed()
        await settle(pilot)
        assert app.warmed_up
        for name in (HELP_SCREEN, DIFF, RESTORE):
            assert app.is_screen_installed(name), name
            assert app.get_screen(name).is_running, name
        assert app.screen is app.main


@run_async
async def test_the_help_built_ahead_shows_at_the_first_question_mark(monkeypatch):
    from ckpt_tui.ui.commands import HELP_SCREEN, prepare_help
    from ckpt_tui.ui.screens import help as help_module

    app = make_app(demo_db("help-ahead"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await prepare_help(app)
        await settle(pilot)
        built = app.get_screen(HELP_SCREEN)
        assert built.is_running and app.screen is app.main, "built, not shown"
        tables = count_calls(monkeypatch, help_module, "help_table")
        restyled = count_calls(monkeypatch, Stylesheet, "update_nodes")
        await pilot.press("question_mark")
        await settle(pilot)
        assert app.screen is built
        assert tables == [], "its table was rendered when it was built"
        assert restyled == [], "and it was styled then, its scrollbar too"
        assert "Main screen" in screen_text(app) and "main.focus_projects" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is app.main


@run_async
async def test_a_keymap_change_drops_the_help_built_ahead():
    from ckpt_tui.ui.commands import HELP_SCREEN, forget_help, prepare_help

    app = make_app(demo_db("help-forget"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await prepare_help(app)
        await settle(pilot)
        built = app.get_screen(HELP_SCREEN)
        app.keymap_in_force = {"main.handoff": "H"}
        forget_help(app)
        await settle(pilot)
        assert not app.is_screen_installed(HELP_SCREEN) and not built.is_running
        await pilot.press("question_mark")
        await settle(pilot)
        assert app.screen is not built and app.screen.keymap == {"main.handoff": "H"}


# -- e: the hand-off screen, kept ---------------------------------------------------


@run_async
async def test_the_kept_handoff_screen_shows_and_writes_the_new_checkpoint(tmp_path):
    from ckpt_tui.core.demo import build_demo
    from tests.factory import PluginWriter

    db = Path(build_demo(tmp_path / "demo", seed=3)["db"])
    note = tmp_path / NOTE_DIR / "handoff-ses_docs_01.md"
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "e")
        await settle(pilot)
        first = app.screen
        assert type(first).__name__ == "HandoffScreen"
        assert "Objective 42" not in note.read_text()
        await pilot.press("escape")
        await settle(pilot)
        writer = PluginWriter(db)
        assert writer.save("ses_docs_01", objective="Objective 42: the kept screen")
        writer.close()
        await pilot.press("e")
        await settle(pilot)
        assert app.screen is first, "the same screen, shown again"
        assert "Objective 42: the kept screen" in note.read_text()
        assert "Objective 42: the kept screen" in screen_text(app)
        assert note_drawn(first) == note_drawn_fresh(first), "the note drawn is this note"


def note_drawn(screen) -> str:
    """The note's lines as the hand-off screen draws them, as plain text."""
    note = screen.query_one("#note")
    return "\n".join(line.text for line in note._lines(note.size.width))


def written_time(markdown: str) -> str:
    (line,) = [line for line in markdown.splitlines() if line.startswith("- Written: ")]
    return line.removeprefix("- Written: ")


@run_async
async def test_e_again_draws_the_kept_note_lines_with_the_new_written_time(tmp_path, monkeypatch):
    """Each ``e`` writes a note with a new "Written:" time; the rest of the
    note is the same, so it is drawn from the kept lines with the time put
    in, not rendered again (most of an ``e``'s cost)."""
    from datetime import UTC, datetime

    from textual.visual import Visual

    from ckpt_tui import timeutil
    from ckpt_tui.core.demo import build_demo

    db = Path(build_demo(tmp_path / "demo", seed=3)["db"])
    note = tmp_path / NOTE_DIR / "handoff-ses_docs_01.md"
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        with timeutil.clock.fixed(datetime(2026, 1, 2, 3, 4, 5, 6000, tzinfo=UTC)):
            await pilot.press("e")
            await settle(pilot)
        screen = app.screen
        assert "Written: 2026-01-02T03:04:05.006Z" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        renders = count_calls(monkeypatch, Visual, "to_strips")
        with timeutil.clock.fixed(datetime(2026, 1, 2, 3, 4, 9, 7000, tzinfo=UTC)):
            await pilot.press("e")
            await settle(pilot)
        assert app.screen is screen
        assert written_time(note.read_text()) == "2026-01-02T03:04:09.007Z"
        assert "Written: 2026-01-02T03:04:09.007Z" in screen_text(app)
        assert "2026-01-02T03:04:05.006Z" not in screen_text(app)
        assert screen.query_one("#note") not in renders, "the note was rendered again"
        assert note_drawn(screen) == note_drawn_fresh(screen)


def note_drawn_fresh(screen) -> str:
    """The note rendered from its own text (time included), as plain text."""
    from textual.visual import Visual, visualize

    from ckpt_tui.ui.render import home_relative_in
    from ckpt_tui.ui.screens.handoff import note_renderable

    note = screen.query_one("#note")
    visual = visualize(note, note_renderable(home_relative_in(screen.markdown)))
    lines = Visual.to_strips(note, visual, note.size.width, None, note.visual_style)
    return "\n".join(line.text for line in lines)


def test_a_note_the_placeholder_cannot_stand_in_is_drawn_from_its_own_text():
    """A note holding the placeholder itself, or without one "Written:"
    line, is parsed whole; lines where the placeholder is folded (a narrow
    width) are not stamped."""
    from rich.markdown import Markdown
    from textual.strip import Strip

    from ckpt_tui.ui.screens.handoff import (
        WRITTEN_PLACEHOLDER,
        StampedNote,
        stamped_note,
        with_time,
    )

    when = "2026-01-02T03:04:05.006Z"
    note = f"# N\n\n- Written: {when}\n\nbody\n"
    assert isinstance(stamped_note(note, when), StampedNote)
    hostile = note.replace("body", WRITTEN_PLACEHOLDER)
    assert isinstance(stamped_note(hostile, when), Markdown)
    twice = note + f"\n- Written: {when}\n"
    assert isinstance(stamped_note(twice, when), Markdown)
    half = len(WRITTEN_PLACEHOLDER) // 2
    folded = [Strip.blank(3), Strip([]), Strip([])]
    from rich.segment import Segment

    folded[1] = Strip([Segment("Written: " + WRITTEN_PLACEHOLDER[:half])])
    folded[2] = Strip([Segment(WRITTEN_PLACEHOLDER[half:])])
    assert with_time(folded, when) is None
    whole = [Strip([Segment("- "), Segment("Written: " + WRITTEN_PLACEHOLDER)])]
    (stamped,) = with_time(whole, when)
    assert stamped.text == f"- Written: {when}"
    assert whole[0].text.endswith(WRITTEN_PLACEHOLDER), "the kept lines are left as they were"


@run_async
async def test_a_look_at_the_file_for_an_earlier_note_does_not_cover_a_newer_one(tmp_path):
    from ckpt_tui.core.demo import build_demo

    db = Path(build_demo(tmp_path / "demo", seed=3)["db"])
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "e")
        await settle(pilot)
        screen = app.screen
        earlier = screen.showing
        await pilot.press("escape", "e")
        await settle(pilot)
        assert app.screen is screen and screen.showing == earlier + 1
        screen._show_file(None, earlier)  # "undone" for the first note: too late
        await pilot.pause()
        assert "Undone" not in screen_text(app) and "Written to" in screen_text(app)
        screen._show_file(None, screen.showing)  # for this note: shown
        await pilot.pause()
        assert "Undone: no note at" in screen_text(app)


# -- a kept screen shown again ------------------------------------------------------


@run_async
async def test_a_kept_screen_is_restyled_only_when_the_css_changed(monkeypatch):
    app = make_app(demo_db("kept-styles"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark", "escape")
        await settle(pilot)
        help_screen = app.get_screen("help")
        restyled = count_calls(monkeypatch, Stylesheet, "update_nodes")
        await pilot.press("question_mark")
        await settle(pilot)
        assert app.screen is help_screen
        assert restyled == [], "nothing changed: shown as it was styled"
        await pilot.press("escape")
        await settle(pilot)
        # A theme chosen while it was hidden: it shows in the new theme's colours.
        app.theme = "textual-light"
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        scroll = help_screen.query_one("VerticalScroll")
        assert scroll.styles.background == app.current_theme.to_color_system().surface
