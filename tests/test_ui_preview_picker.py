"""The restore preview's field picker is as wide as its fields need (the
tick, the longest label, its border, padding and scrollbar room), and the
diff beside it has the rest, at every width (at 80 columns a picker of 34
left the diff 36)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from ckpt_tui.core.model import FIELDS, LABEL
from ckpt_tui.ui.screens.plan import SAVED_MARK, PlanScreen
from ckpt_tui.ui.widgets.diff_view import DiffView
from ckpt_tui.ui.widgets.pickers import FieldPicker
from tests.ui_support import demo_db, into_snapshots, make_app, run_async, settle

TICKED = "▐X▌ "


@pytest.mark.parametrize("size", [(80, 24), (120, 35), (200, 50)])
def test_the_field_picker_is_as_wide_as_its_longest_field(size):
    @run_async
    async def check():
        app = make_app(demo_db(f"picker-width-{size[0]}"))
        async with app.run_test(size=size) as pilot:
            await into_snapshots(pilot)
            await pilot.press("j", "r")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, PlanScreen) and screen.plan is not None
            picker = screen.query_one("#fields", FieldPicker)
            longest = max(cell_len(TICKED + LABEL[k] + SAVED_MARK) for k in FIELDS)
            # Every label fits, beside the scrollbar's room, with nothing spare.
            room = picker.outer_size.width - picker.styles.gutter.width
            room -= picker.styles.scrollbar_size_vertical
            assert room == longest
            # The diff takes the rest of the body.
            body = screen.query_one("#body")
            diff = screen.query_one("#diff", DiffView)
            assert diff.outer_size.width == body.size.width - picker.outer_size.width
            # Labels shown whole, the border title too.
            shown = [str(option.prompt) for option in picker.options]
            assert shown and all(cell_len(TICKED + label) <= room for label in shown)
            assert str(picker.border_title) in "Fields"

    check()
