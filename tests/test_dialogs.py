"""The dialogs share one base for their common keys (issue 10)."""

from __future__ import annotations

from tests.ui_support import make_app, run_async, settle


@run_async
async def test_every_dialog_closes_with_esc_and_q_and_shows_help(store_path):
    """The dialogs share one base for their common keys (issue 10)."""
    from ckpt_tui.ui.screens.dialog import Dialog
    from ckpt_tui.ui.screens.help import HelpScreen

    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")  # a session's snapshots
        await settle(pilot)
        for opener, close in (("r", "q"), ("r", "escape")):
            await pilot.press(opener)
            await settle(pilot)
            assert isinstance(app.screen, Dialog), opener
            await pilot.press("question_mark")
            await settle(pilot)
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("q")  # closes help, back to the preview
            await settle(pilot)
            assert isinstance(app.screen, Dialog) and not isinstance(app.screen, HelpScreen)
            await pilot.press(close)
            await settle(pilot)
            assert type(app.screen).__name__ == "MainScreen", close
