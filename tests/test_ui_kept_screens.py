"""``d`` and ``r`` open kept screens with content worked out ahead (issue 12,
"Instant": ``ui/screens/kept.py``, ``ui/prepared.py``). A kept screen opened again
must show exactly what a new one would, and what was worked out ahead must
never outlive a write: the plan shown is what ``y`` does."""

from __future__ import annotations

from textual._compositor import Compositor

from ckpt_tui.core.model import FIELDS
from ckpt_tui.ui.prepared import Prepared
from ckpt_tui.ui.screens.diff import DiffScreen
from ckpt_tui.ui.screens.kept import DIFF, RESTORE, build_kept_screens
from ckpt_tui.ui.screens.plan import PlanScreen
from ckpt_tui.ui.widgets.diff_view import DiffView
from ckpt_tui.ui.widgets.pickers import FieldPicker
from tests.factory import PluginWriter
from tests.test_ui_flows import checkpoint, open_snapshot
from tests.ui_support import demo_db, into_snapshots, make_app, run_async, settle


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


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
        build_kept_screens(app)
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
        ready = app.main.prepared.plan(snap.session_id, snap.id)
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
            app.main.prepared = Prepared()  # nothing ahead: the preview plans
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
        ahead = app.main.prepared.plan(snap.session_id, snap.id)
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
        ahead = app.main.prepared.diff(snap.session_id, snap.id, None)
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
        build_kept_screens(app)
        await settle(pilot)
        built = app.get_screen(RESTORE)
        picker = built.query_one(FieldPicker)
        pushed, push = [], app.push_screen

        def pushing(*args, **kwargs):
            pushed.append([option.value for option in picker.options])
            return push(*args, **kwargs)

        monkeypatch.setattr(app, "push_screen", pushing)
        await press(pilot, "j")
        ready = app.main.prepared.plan(app.main.snapshot.session_id, app.main.snapshot.id)
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


@run_async
async def test_the_first_d_and_r_after_the_warm_up_lay_nothing_out(monkeypatch):
    """Built ahead, the kept screens are laid out until their widgets ask
    for no more layout (Textual lays out only the current screen: the
    first opening did it, twice, a third of the first ``r``), and the
    preview's diff view has the scrollbar a long diff needs."""
    app = make_app(demo_db("kept-first-layout"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        build_kept_screens(app)
        await settle(pilot)
        await press(pilot, "j")
        reflows = []
        reflow = Compositor.reflow
        monkeypatch.setattr(
            Compositor, "reflow", lambda self, *a: (reflows.append(a), reflow(self, *a))[1]
        )
        for key, name in (("d", DIFF), ("r", RESTORE)):
            await press(pilot, key)
            assert app.screen is app.get_screen(name)
            assert reflows == [], key
            await press(pilot, "escape")


@run_async
async def test_the_first_r_after_the_warm_up_builds_only_its_fields_rows_and_restyles_nothing(
    monkeypatch,
):
    """Built ahead, the preview looks as a plan shows it (its confirm button
    enabled, its picker titled and focused, drawn unseen): the first ``r``
    restyles no node, and of the picker's lines builds only those of the
    plan's fields (its border and the blank rows below are the lines drawn
    ahead); what it shows is what a new screen shows."""
    from textual._styles_cache import StylesCache
    from textual.css.stylesheet import Stylesheet

    app = make_app(demo_db("kept-first-lines"))
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        build_kept_screens(app)
        await settle(pilot)
        await press(pilot, "j")
        picker = app.get_screen(RESTORE).query_one(FieldPicker)
        ready = app.main.prepared.plan(app.main.snapshot.session_id, app.main.snapshot.id)
        offered = [k for k in ready.value.plan.keys if k in FIELDS]
        assert offered  # (else the picker shows no row)
        built, restyled = [], []
        render_line, update_nodes = StylesCache.render_line, Stylesheet.update_nodes

        def counted(self, styles, y, *args, **kwargs):
            if self is picker._styles_cache:
                built.append(y)
            return render_line(self, styles, y, *args, **kwargs)

        def restyling(self, nodes, *args, **kwargs):
            restyled.extend(nodes)
            return update_nodes(self, nodes, *args, **kwargs)

        monkeypatch.setattr(StylesCache, "render_line", counted)
        monkeypatch.setattr(Stylesheet, "update_nodes", restyling)
        await press(pilot, "r")
        monkeypatch.setattr(StylesCache, "render_line", render_line)
        monkeypatch.setattr(Stylesheet, "update_nodes", update_nodes)
        assert app.screen is app.get_screen(RESTORE) and picker.has_focus
        assert restyled == []
        assert [option.value for option in picker.options] == offered
        assert 0 < len(built) <= len(offered)
        shown = app.export_screenshot()
        await press(pilot, "escape")
        assert (await fresh_screenshot(pilot, RESTORE, "r"))[1] == shown
