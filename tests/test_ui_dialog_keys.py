"""Issue 11, point 4 and 5: a dialog's key bar shows its own keys, and
help and quit (or close) stay in the key bar however narrow it is."""

from __future__ import annotations

from tests.ui_support import make_app, run_async, settle


def _bar_text(app) -> str:
    from ckpt_tui.ui.widgets.key_bar import KeyBar

    bars = list(app.screen.query(KeyBar))
    assert bars, f"{type(app.screen).__name__} has no key bar"
    return bars[-1].render().plain


@run_async
async def test_restore_preview_shows_its_own_keys(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        bar = _bar_text(app)
        assert "y Confirm" in bar and "Close" in bar and "? Help" in bar
        # The main screen's keys are not what the dialog acts on.
        assert "Hand-off" not in bar and "Restore" not in bar and "Diff" not in bar


@run_async
async def test_name_prompt_and_help_show_their_keys(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        bar = _bar_text(app)
        assert "Close" in bar and "Snapshot" not in bar


@run_async
async def test_key_bar_keeps_help_and_quit_at_80_columns(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        bar = _bar_text(app)
        assert "? Help" in bar and "q Quit" in bar
        assert len(bar) <= 80
