"""The detail pane scrolls with the keys the lists move with: ``j``/``k``
a line, ``g``/``G`` to the top and the bottom, when it has the focus."""

from __future__ import annotations

from ckpt_tui.ui.commands import binding_groups
from ckpt_tui.ui.widgets.detail import DetailPane
from tests.ui_support import demo_db, make_app, run_async, settle


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.wait_for_scheduled_animations()
        await settle(pilot)


@run_async
async def test_j_k_g_and_G_scroll_the_focused_detail_pane():
    app = make_app(demo_db("demo"))
    async with app.run_test(size=(100, 24)) as pilot:  # short: the checkpoint overflows
        await settle(pilot)
        main = app.main
        await press(pilot, "2", "4")  # a session's checkpoint, in the focused pane
        detail = main.detail
        assert app.focused is detail and detail.checkpoint is not None
        assert detail.max_scroll_y > 3, "the checkpoint should not fit"
        sessions_at = main.sessions.cursor
        await press(pilot, "j", "j", "j")
        assert detail.scroll_y == 3
        await press(pilot, "k")
        assert detail.scroll_y == 2
        await press(pilot, "G")
        assert detail.scroll_y == detail.max_scroll_y
        await press(pilot, "g")
        assert detail.scroll_y == 0
        assert app.focused is detail and main.sessions.cursor == sessions_at  # nothing else moved


def test_the_help_lists_the_detail_panes_scroll_keys():
    from ckpt_tui.ui.app import CkptApp

    groups = dict(binding_groups(CkptApp))
    keys = {b.key for b in groups["Detail pane"]}
    assert {"down,j", "up,k", "g,home", "G,end"} <= keys
    assert {b.id for b in DetailPane.BINDINGS} >= {"detail.down", "detail.top"}
