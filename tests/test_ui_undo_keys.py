"""The keys that take a write back: ``ctrl+z`` undoes (as ``u`` and ``z``);
``ctrl+r``, ``ctrl+shift+z`` and ``ctrl+y`` redo."""

from __future__ import annotations

from tests.test_ui_flows import checkpoint, open_snapshot
from tests.ui_support import make_app, run_async, settle


@run_async
async def test_ctrl_z_undoes_and_ctrl_y_and_ctrl_shift_z_redo(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 1)  # "first"
        for key in ("r", "y"):
            await pilot.press(key)
            await settle(pilot)
        assert checkpoint(store_path)["objective"] == "one"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert checkpoint(store_path)["objective"] == "start"
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert checkpoint(store_path)["objective"] == "one"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert checkpoint(store_path)["objective"] == "start"
        await pilot.press("ctrl+shift+z")
        await settle(pilot)
        assert checkpoint(store_path)["objective"] == "one"
