"""The restore preview after "The plugin saved meanwhile": its field picker
is rebuilt from the new plan; a field the plugin saved since the preview
opened is marked and starts unticked; and where the save touched none of
the ticked fields, the confirm applies at once (no second round)."""

from __future__ import annotations

import json

from ckpt_tui.ui.screens.plan import SAVED_MARK, PlanScreen
from tests.factory import PluginWriter
from tests.test_ui_flows import checkpoint, open_snapshot, snapshot_kinds
from tests.ui_support import make_app, run_async, settle


def plugin_saves(db, **changes) -> None:
    writer = PluginWriter(db)
    try:
        assert writer.save("s1", **changes)
    finally:
        writer.close()


def picker(screen: PlanScreen) -> dict[str, tuple[str, bool]]:
    """Field -> (its label, ticked)."""
    fields = screen.query_one("#fields")
    return {
        o.value: (str(o.prompt), o.value in fields.selected) for o in fields.options
    }


@run_async
async def test_a_save_of_fields_not_ticked_does_not_ask_again(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 1)  # "first"
        await pilot.press("r")
        await settle(pilot)
        assert "notes" not in picker(app.screen)
        plugin_saves(store_path, notes="the plugin's note")
        await pilot.press("y")
        await settle(pilot)
        assert not isinstance(app.screen, PlanScreen), "applied by the one confirm"
        row = checkpoint(store_path)
        assert (row["objective"], row["status"]) == ("one", "blocked")
        assert row["notes"] == "the plugin's note", "the plugin's save is kept"
        assert [k for k, _ in snapshot_kinds(store_path)].count("pre-restore") == 1


@run_async
async def test_the_picker_is_rebuilt_and_what_the_plugin_saved_starts_unticked(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 1)  # "first"
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert set(picker(screen)) == {"objective", "status", "nextSteps", "blockers"}
        plugin_saves(store_path, objective="the plugin's", notes="the plugin's note")
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is screen, "a ticked field was saved: the preview asks again"
        shown = picker(screen)
        assert set(shown) == {"objective", "status", "nextSteps", "blockers", "notes"}
        assert shown["objective"] == ("Objective" + SAVED_MARK, False)
        assert shown["notes"] == ("Notes" + SAVED_MARK, False)
        assert shown["status"] == ("Status", True)
        assert "just saved by the plugin: Objective, Notes" in str(
            screen.query_one("#what").shown
        )
        assert screen.plan is not None and set(screen.plan.keys) == {
            "status", "nextSteps", "blockers",
        }
        assert "Restore 3 fields" in str(screen.query_one("#confirm").label)
        await pilot.press("y")
        await settle(pilot)
        row = checkpoint(store_path)
        assert (row["objective"], row["notes"]) == ("the plugin's", "the plugin's note")
        assert (row["status"], json.loads(row["blockers"])) == ("blocked", ["x"])
