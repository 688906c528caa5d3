"""The adopt dialog's ticks say what it will do: the fields ticked are those
the legacy state has a value for and that change; "will change …" and
"Adopt N fields" name those; an unticked field's box is drawn empty (not
the same X as a ticked one, told apart by colour alone)."""

from __future__ import annotations

from textual.widgets import Button, SelectionList

from ckpt_tui.core.model import LABEL
from ckpt_tui.ui.screens.adopt import AdoptScreen
from tests.ui_support import demo_db, make_app, run_async, settle


@run_async
async def test_ticks_count_and_will_change_agree_and_read_so():
    app = make_app(demo_db("adopt-ticks"))
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        for key in ("L", "j", "i", "y", "A"):  # import the legacy file, then adopt it
            await pilot.press(key)
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AdoptScreen)
        picker = screen.query_one("#fields", SelectionList)
        ticked = list(picker.selected)
        offered = [option.value for option in picker.options]
        assert ticked and len(ticked) < len(offered)  # blank legacy fields start unticked
        what = str(screen.query_one("#what").render())
        names = what.split("will change ", 1)[1].split(".", 1)[0].split(", ")
        assert names == [LABEL[k] for k in offered if k in ticked], what
        assert str(screen.query_one("#confirm", Button).label).startswith(
            f"Adopt {len(ticked)} fields"
        )
        lines = [picker.render_line(y).text for y in range(len(offered))]
        for value, line in zip(offered, lines, strict=True):
            assert ("X" in line[:4]) == (value in ticked), (value, line)
