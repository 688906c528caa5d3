"""``d`` and ``r`` open screens reused from one opening to the next, with
content worked out while the cursor rested (``ui/screens/installed.py``,
``ui/flows/diff.py``, ``ui/flows/restore.py``). A screen opened again must
show exactly what a new one would, and what was worked out ahead must never
outlive a write: the plan shown is what ``y`` does."""

from __future__ import annotations

import pytest

from ckpt_tui.core.model import FIELDS
from ckpt_tui.ui.flows.diff import DIFF_SCREEN as DIFF
from ckpt_tui.ui.flows.diff import build_diff_screen
from ckpt_tui.ui.flows.restore import RESTORE_SCREEN as RESTORE
from ckpt_tui.ui.flows.restore import build_restore_preview
from ckpt_tui.ui.screens.diff import DiffScreen
from ckpt_tui.ui.screens.plan import PlanScreen
from ckpt_tui.ui.store_token import Latest
from ckpt_tui.ui.widgets.diff_view import DiffView
from ckpt_tui.ui.widgets.pickers import FieldPicker
from tests.factory import PluginWriter
from tests.test_ui_flows import checkpoint, open_snapshot
from tests.ui_support import demo_db, into_snapshots, make_app, run_async, settle


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def build_screens_ahead(app) -> None:
    """What the app's warm-up does a second after launch (not in tests)."""
    await build_diff_screen(app)
    await build_restore_preview(app)


async def fresh_screenshot(pilot, name: str, key: str) -> tuple[object, str]:
    """What a new screen shows for ``key`` here: the kept one is let go first."""
    app = pilot.app
    app.uninstall_screen(name)
    await press(pilot, key)
    return app.screen, app.export_screenshot()


@run_async
async def test_d_opened_again_shows_the_next_pair_as_a_new_screen_would():
    app = make_app(demo_db("kept-diff"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "j", "d")
        kept = app.screen
        assert isinstance(kept, DiffScreen)
        # Side by side, unfolded, scrolled: none of it may show at the next opening.
        await press(pilot, "s", "f", "G", "escape", "j", "d")
        assert app.screen is kept  # not composed again
        view = kept.query_one(DiffView)
        assert (view.side_by_side, view.show_unchanged, view.scroll_y) == (False, False, 0)
        snap = app.main.snapshot
        assert str(view.border_title) == f"{snap.name} → current checkpoint"
        again = app.export_screenshot()
        await press(pilot, "escape")
        fresh, expected = await fresh_screenshot(pilot, DIFF, "d")
        assert fresh is not kept
        assert again == expected


@run_async
async def test_r_opened_again_shows_the_next_plan_as_a_new_screen_would():
    app = make_app(demo_db("kept-restore"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "j", "j", "r")
        kept = app.screen
        assert isinstance(kept, PlanScreen) and kept.plan is not None
        first_plan = kept.plan
        # A field left out, the diff scrolled: the next opening starts anew.
        await press(pilot, "space", "tab", "G", "escape", "k", "r")
        assert app.screen is kept
        assert (
            kept.plan is not None and kept.plan.source_snapshot_id != first_plan.source_snapshot_id
        )
        assert kept.plan.source_snapshot_id == app.main.snapshot.id
        again = app.export_screenshot()
        await press(pilot, "escape")
        fresh, expected = await fresh_screenshot(pilot, RESTORE, "r")
        assert fresh is not kept
        assert again == expected


@run_async
async def test_screens_built_ahead_open_as_new_ones_would():
    """Built once the app settles (not in tests: the app's timer does it
    when it has a terminal), then opened by the first ``d`` and ``r``."""
    app = make_app(demo_db("kept-ahead"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await build_screens_ahead(app)
        await settle(pilot)
        built_diff, built_plan = app.get_screen(DIFF), app.get_screen(RESTORE)
        assert app.screen is app.main  # built, not shown
        await press(pilot, "j", "d")
        assert app.screen is built_diff
        shown = app.export_screenshot()
        await press(pilot, "escape")
        assert (await fresh_screenshot(pilot, DIFF, "d"))[1] == shown
        await press(pilot, "escape", "r")
        assert app.screen is built_plan
        shown = app.export_screenshot()
        await press(pilot, "escape")
        assert (await fresh_screenshot(pilot, RESTORE, "r"))[1] == shown


@run_async
async def test_a_theme_chosen_while_the_diff_screen_is_closed_shows_when_it_opens():
    """Textual restyles the screens on the stack when the theme changes; a
    kept screen is off it, so its opening restyles it (else: the old colours)."""
    app = make_app(demo_db("kept-theme"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "d")
        kept = app.screen
        before = kept.query_one(DiffView).styles.border_top
        await press(pilot, "escape")
        app.theme = "nord" if app.theme != "nord" else "gruvbox"
        await settle(pilot)
        await press(pilot, "d")
        assert app.screen is kept
        after = kept.query_one(DiffView).styles.border_top
        assert after != before
        shown = app.export_screenshot()
        await press(pilot, "escape")
        assert (await fresh_screenshot(pilot, DIFF, "d"))[1] == shown


@run_async
async def test_r_shows_the_plan_worked_out_while_the_cursor_rested():
    app = make_app(demo_db("kept-ready"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "j")
        snap = app.main.snapshot
        ready = app.main.plans.get((snap.session_id, snap.id))
        assert ready is not None
        await press(pilot, "r")
        assert app.screen.plan is ready.value.plan  # shown, and still current


@run_async
async def test_r_plans_once_per_opening(monkeypatch):
    """Filling the field picker said "selection changed", and the preview
    planned the same restore a second time (and drew it again)."""
    app = make_app(demo_db("plans-once"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "j")
        calls: list[str] = []
        original = app.service.plan_restore

        def counted(session_id, snapshot, fields=None):
            calls.append(snapshot)
            return original(session_id, snapshot, fields)

        monkeypatch.setattr(app.service, "plan_restore", counted)
        opened = []
        for _ in range(2):  # a new screen, then the kept one
            app.main.plans = Latest()  # nothing ahead: the preview plans
            await press(pilot, "r")
            assert isinstance(app.screen, PlanScreen) and app.screen.plan is not None
            opened.append(app.screen)
            assert calls == [app.main.snapshot.id] * len(opened)
            await press(pilot, "escape")
        assert opened[0] is opened[1]


@run_async
async def test_a_plan_worked_out_ahead_is_made_again_after_the_plugin_saved(store_path):
    """The plugin saves between the cursor's rest and ``r``: the preview
    shows the plan against the new checkpoint, and ``y`` writes it."""
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 1)
        snap = app.main.snapshot
        ahead = app.main.plans.get((snap.session_id, snap.id))
        assert ahead is not None and ahead.value.plan.before.objective == "start"
        writer = PluginWriter(store_path)
        assert writer.save("s1", objective="from plugin")
        writer.close()
        await press(pilot, "r")
        screen = app.screen
        assert isinstance(screen, PlanScreen)
        assert screen.plan is not ahead.value.plan
        assert screen.plan.before.objective == "from plugin"
        assert screen.query_one(DiffView).diff == screen.plan.diff
        await press(pilot, "y")
        assert app.screen is app.main  # written, no conflict: it was the current plan
        assert checkpoint(store_path)["objective"] == "one"


@run_async
async def test_a_diff_worked_out_ahead_is_made_again_after_the_plugin_saved(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 1)
        snap = app.main.snapshot
        ahead = app.main.diffs.get((snap.session_id, snap.id, None))
        assert ahead is not None
        writer = PluginWriter(store_path)
        assert writer.save("s1", objective="from plugin")
        writer.close()
        await press(pilot, "d")
        view = app.screen.query_one(DiffView)
        assert view.diff is not ahead.value.diff
        assert view.diff == app.service.compare("s1", snap.id, None).diff
        objective = next(f for f in view.diff.fields if f.name == "objective")
        assert objective.new == "from plugin"


@run_async
async def test_the_first_r_after_the_warm_up_shows_only_its_plans_fields(monkeypatch):
    """Whatever the warm-up leaves in the kept preview is never seen: the
    frame the first ``r`` pushes shows the plan's fields, ticked, and
    nothing else, as a new screen does."""
    app = make_app(demo_db("kept-first-fields"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await build_screens_ahead(app)
        await settle(pilot)
        built = app.get_screen(RESTORE)
        picker = built.query_one(FieldPicker)
        pushed, push = [], app.push_screen

        def pushing(*args, **kwargs):
            pushed.append([option.value for option in picker.options])
            return push(*args, **kwargs)

        monkeypatch.setattr(app, "push_screen", pushing)
        await press(pilot, "j")
        ready = app.main.plans.get((app.main.snapshot.session_id, app.main.snapshot.id))
        assert ready is not None
        offered = [k for k in ready.value.plan.keys if k in FIELDS]
        assert offered and offered != list(FIELDS)  # (else the test shows nothing)
        await press(pilot, "r")
        assert app.screen is built and built.plan is ready.value.plan
        assert pushed == [offered]
        assert sorted(picker.selected) == sorted(offered)
        shown = app.export_screenshot()
        await press(pilot, "escape")
        assert (await fresh_screenshot(pilot, RESTORE, "r"))[1] == shown


def view_rows(view: DiffView) -> tuple[list[str], list[str]]:
    """The diff view's rows as it draws them, and as its lines say."""
    from tests.ui_support import drawn_lines

    width = view.scrollable_content_region.width
    shown = [line[1 : 1 + width].rstrip() for line in drawn_lines(view)[1:-1]]
    top = int(view.scroll_offset.y)
    lines = [line.plain.rstrip() for line in view._lines]
    return shown, [lines[top + y] if top + y < len(lines) else "" for y in range(len(shown))]


async def restore_and_undo(db) -> None:
    """The store as a session left it: a restore ``y`` and its undo ``u``
    (pre-restore rows with no changes)."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "enter", "j", "j", "r")
        assert isinstance(app.screen, PlanScreen) and app.screen.plan is not None
        await press(pilot, "y", "u")
        if isinstance(app.screen, PlanScreen):  # undo previewed: confirmed
            await press(pilot, "y")


@pytest.mark.parametrize("size", [(160, 45), (80, 24)])
@run_async
async def test_a_preview_opened_again_with_a_longer_diff_draws_every_line(size):
    """A glitch seen once by hand: the preview built ahead, a no-change
    preview first (one line, blank rows below), then the hand-off note, the
    help, and a preview of a long diff showed its first 8 lines and blank
    rows. Every row of the view shows its line."""
    db = demo_db(f"preview-lines-{size[0]}")
    await restore_and_undo(db)
    app = make_app(db)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await build_screens_ahead(app)
        await settle(pilot)
        await press(pilot, "enter", "enter", "j", "d", "escape", "j", "r")
        reused = app.screen
        assert isinstance(reused, PlanScreen) and reused.plan is not None and reused.plan.is_noop
        view = reused.query_one("#diff", DiffView)
        shown, wanted = view_rows(view)
        assert shown == wanted and view.line_count < view.size.height
        await press(pilot, "escape", "e", "escape", "question_mark", "escape", "escape", "j")
        for _ in range(len(app.main.snapshots.rows)):
            snap = app.main.snapshot
            ready = app.main.plans.get((snap.session_id, snap.id))
            if ready is not None and len(ready.value.shown.rows) > view.size.height:
                break
            await press(pilot, "j")
        else:
            pytest.fail("no snapshot with a diff longer than the view")
        await press(pilot, "r")
        assert app.screen is reused and not reused.plan.is_noop
        assert view.line_count > view.size.height  # scrolls: a line past the view
        shown, wanted = view_rows(view)
        assert shown == wanted
        again = app.export_screenshot()
        await press(pilot, "escape")
        fresh, expected = await fresh_screenshot(pilot, RESTORE, "r")
        assert fresh is not reused
        assert again == expected


@run_async
async def test_the_confirm_button_of_a_preview_built_ahead_shows_its_whole_label():
    """In tmux: "Restore 6" for "Restore 6 fields (y)", the button as wide
    as the "Restore (y)" the preview was built with."""
    from textual.widgets import Button

    from tests.ui_support import drawn_lines

    app = make_app(demo_db("confirm-label"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await build_screens_ahead(app)
        await settle(pilot)
        await press(pilot, "r", "escape")  # the newest: nothing to restore
        for key in ("j", "j"):
            await press(pilot, key, "r")
            screen = app.screen
            assert isinstance(screen, PlanScreen) and screen.plan is not None
            button = screen.query_one("#confirm", Button)
            label = str(button.label)
            assert "fields (y)" in label
            assert label in "".join(drawn_lines(button))
            await press(pilot, "escape")


@run_async
async def test_r_again_after_the_diff_was_turned_side_by_side_and_scrolled_starts_anew():
    app = make_app(demo_db("same-diff-moved"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await press(pilot, "j", "r")
        first = app.export_screenshot()
        await press(pilot, "tab", "s", "G")
        view = app.screen.query_one("#diff", DiffView)
        assert view.side_by_side and view.scroll_y > 0
        await press(pilot, "escape", "r")
        assert (view.side_by_side, view.scroll_y) == (False, 0)
        assert app.export_screenshot() == first


@run_async
async def test_a_reused_screen_is_styled_again_only_for_a_new_theme(monkeypatch):
    """Shown again, the help is not styled whole again (nothing changed);
    a theme chosen while it was hidden shows in its colours."""
    from textual.css.stylesheet import Stylesheet

    app = make_app(demo_db("reused-styles"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark", "escape")
        help_screen = app.get_screen("help")
        styled: list[object] = []
        update_nodes = Stylesheet.update_nodes

        def counted(self, nodes, *args, **kwargs):
            nodes = list(nodes)
            styled.extend(nodes)
            return update_nodes(self, nodes, *args, **kwargs)

        monkeypatch.setattr(Stylesheet, "update_nodes", counted)
        await press(pilot, "question_mark")
        assert app.screen is help_screen
        assert help_screen not in styled, "nothing changed: shown as it was styled"
        await press(pilot, "escape")
        app.theme = "textual-light"
        await settle(pilot)
        await press(pilot, "question_mark")
        assert help_screen in styled
        scroll = help_screen.query_one("VerticalScroll")
        assert scroll.styles.background == app.current_theme.to_color_system().surface


@run_async
async def test_d_after_the_cursor_rested_shows_lines_drawn_ahead_as_the_view_draws_them(
    monkeypatch,
):
    """The diff worked out while the cursor rested comes drawn for the
    diff view (``text_lines.draw_ahead``): ``d`` draws none of its first
    screen of lines, and they are the lines the view draws itself."""
    from ckpt_tui.ui.widgets import text_lines
    from tests.ui_support import drawn_lines

    app = make_app(demo_db("drawn-ahead"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await build_screens_ahead(app)
        await settle(pilot)
        await press(pilot, "j")
        snap = app.main.snapshot
        ready = app.main.diffs.get((snap.session_id, snap.id, None))
        assert ready is not None and ready.value.drawn is not None
        drawn: list[object] = []
        text_strip = text_lines.text_strip
        monkeypatch.setattr(
            text_lines, "text_strip", lambda *args: drawn.append(args) or text_strip(*args)
        )
        await press(pilot, "d")
        view = app.screen.query_one(DiffView)
        assert view.diff is ready.value.diff
        shown = drawn_lines(view)
        assert drawn == [], "lines drawn on the key's path"
        view.set_rows(list(ready.value.rows))  # drawn here, now
        assert drawn_lines(view) == shown and len(drawn) > 0


@run_async
async def test_lines_drawn_ahead_for_a_view_a_line_taller_are_shown_as_drawn(monkeypatch):
    """The restore preview's description above its diff takes two lines
    for one snapshot and three for the next, so the diff view is a line
    shorter or taller than when the plan was drawn ahead: the lines drawn
    ahead are still the ones shown (the height only decides whether the
    lines need the scrollbar), and they are what the view draws itself."""
    from textual.app import App, ComposeResult

    from ckpt_tui.core.diff import diff_checkpoints
    from ckpt_tui.core.model import Checkpoint
    from ckpt_tui.ui.widgets import text_lines
    from ckpt_tui.ui.widgets.diff_view import DiffShown
    from tests.ui_support import drawn_lines

    class OneView(App):
        def compose(self) -> ComposeResult:
            yield DiffView(title="current → result")

    old = Checkpoint(summary="a\nb\nc", nextSteps=("one", "two"))
    new = Checkpoint(summary="a\nB\nc", nextSteps=("one", "three", "four"))
    app = OneView()
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.query_one(DiffView)
        await pilot.pause()
        look = view.look()
        assert look is not None
        widths = look.widths
        drawn: list[object] = []
        text_strip = text_lines.text_strip

        def counted(*args):
            drawn.append(args)
            return text_strip(*args)

        for height in (widths.height - 1, widths.height + 1):
            other = look._replace(widths=widths._replace(height=height))
            shown = DiffShown.of(diff_checkpoints(old, new), other)
            assert shown.drawn is not None and len(shown.drawn.lines) < widths.height - 1
            drawn.clear()
            monkeypatch.setattr(text_lines, "text_strip", counted)
            view.show(shown)
            await pilot.pause()
            lines = drawn_lines(view)
            assert drawn == [], "lines drawn again on the key's path"
            monkeypatch.setattr(text_lines, "text_strip", text_strip)
            view.set_rows(list(shown.rows))  # drawn here, now
            assert drawn_lines(view) == lines


@run_async
async def test_the_preview_opened_again_draws_its_field_rows_from_those_kept(monkeypatch):
    """``r`` on one snapshot, then on the next, then on the first again:
    the field picker, filled anew each time, draws the rows it drew
    before from those it kept (SelectionList's own drawing of a row costs
    more than the rest of the preview's lines together), and they are
    exactly the rows it draws afresh: ticks, cursor and focus included."""
    from textual.widgets import SelectionList

    app = make_app(demo_db("kept-picker-rows"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await build_screens_ahead(app)
        await settle(pilot)
        await press(pilot, "j", "r", "escape", "j", "r", "escape", "k")
        drawn: list[int] = []
        draw = SelectionList.render_line
        monkeypatch.setattr(
            SelectionList, "render_line", lambda self, y: drawn.append(y) or draw(self, y)
        )
        await press(pilot, "r")
        picker = app.screen.query_one(FieldPicker)
        assert picker.option_count > 0 and app.focused is picker
        shown = app.export_screenshot()
        assert drawn == [], "rows drawn again"
        kept = [picker.render_line(y).text for y in range(picker.size.height)]
        picker._drawn_rows.clear()
        assert [picker.render_line(y).text for y in range(picker.size.height)] == kept
        assert len(drawn) > picker.option_count  # (blank rows below are one row, drawn once)
        await press(pilot, "escape")
        assert (await fresh_screenshot(pilot, RESTORE, "r"))[1] == shown


@run_async
async def test_the_preview_is_filled_while_the_cursor_rests(monkeypatch):
    """Once the plan of the snapshot the cursor rests on is worked out, the
    hidden restore preview is opened on it: ``r`` then only shows it (no
    diff set, no field offered on the key's path), and it shows what a new
    preview would."""
    from textual.widgets import SelectionList

    app = make_app(demo_db("filled-ahead"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        await build_screens_ahead(app)
        await settle(pilot)
        await press(pilot, "j", "r", "escape", "j")
        built = app.get_screen(RESTORE)
        snap = app.main.snapshot
        assert built.plan is app.main.plans.get((snap.session_id, snap.id)).value.plan
        filled: list[str] = []
        set_diff, add_options = DiffView.set_diff, SelectionList.add_options
        monkeypatch.setattr(
            DiffView, "set_diff", lambda self, *a, **k: filled.append("diff") or set_diff(self, *a, **k)
        )
        monkeypatch.setattr(
            SelectionList, "add_options",
            lambda self, *a, **k: filled.append("fields") or add_options(self, *a, **k),
        )
        await press(pilot, "r")
        assert app.screen is built and filled == []
        shown = app.export_screenshot()
        await press(pilot, "escape")
        assert (await fresh_screenshot(pilot, RESTORE, "r"))[1] == shown
