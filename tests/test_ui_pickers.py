"""The field picker keeps its drawn rows (``ui/widgets/pickers.py``, issue 12:
``r`` on a snapshot the cursor just moved to fills it with new options): a
row seen before is not drawn again, and every row is still what Textual's
``SelectionList`` draws, in every state a person can put it in."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Button, SelectionList
from textual.widgets.selection_list import Selection

from ckpt_tui.ui.widgets.pickers import FieldPicker
from tests.ui_support import run_async

FIELDS = ("title", "objective", "status", "summary", "notes")


class Picking(App):
    CSS = "FieldPicker { width: 24; height: 8; }"

    def compose(self) -> ComposeResult:
        yield FieldPicker(id="fields")
        yield Button("elsewhere", id="other")


def fill(picker: FieldPicker, fields, ticked=None) -> None:
    """As the restore preview fills it for another snapshot."""
    ticked = fields if ticked is None else ticked
    picker.clear_options()
    picker.add_options([Selection(f.capitalize(), f, f in ticked) for f in fields])
    picker.highlighted = 0


def drawn(picker: FieldPicker) -> list:
    """The picker's rows, as the compositor asks for them (kept or not)."""
    return [picker.render_line(y) for y in range(picker.scrollable_content_region.height)]


def textuals(picker: FieldPicker) -> list:
    """The rows as Textual's own ``SelectionList`` draws them now."""
    height = picker.scrollable_content_region.height
    return [SelectionList.render_line(picker, y) for y in range(height)]


@run_async
async def test_rows_seen_before_are_not_drawn_again():
    app = Picking()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(FieldPicker)
        picker.focus()
        fill(picker, FIELDS[:3])
        await pilot.pause()
        before = drawn(picker)
        fill(picker, FIELDS[:4])  # another snapshot: one field more
        await pilot.pause()
        fill(picker, FIELDS[:3])  # and back
        await pilot.pause()
        after = drawn(picker)
        assert after == textuals(picker)
        assert all(a is b for a, b in zip(after, before, strict=True))


@run_async
async def test_kept_rows_are_what_textual_draws_in_every_state():
    app = Picking()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(FieldPicker)
        picker.focus()
        fill(picker, FIELDS[:3])
        await pilot.pause()
        seen = []

        async def same(why: str) -> None:
            await pilot.pause()
            rows = drawn(picker)
            assert rows == textuals(picker), why
            seen.append(rows)

        await same("filled")
        await pilot.press("space")
        await same("first field unticked")
        await pilot.press("j")
        await same("highlight moved")
        await pilot.hover(picker, offset=(3, 3))  # the third row, inside the border
        await same("mouse over a row")
        await pilot.hover("#other")
        app.query_one("#other").focus()
        await same("focus elsewhere")
        picker.focus()
        fill(picker, ("notes", "title", "summary"), ticked=("title",))
        await same("other fields at the same places")
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await same("another theme")
        picker.styles.width = 30
        await same("wider")
        assert seen[0] != seen[1] and seen[1] != seen[2]  # (the rows did change)


@run_async
async def test_a_click_ticks_the_field_shown_where_it_was_clicked():
    """The row's mouse target (the option's place) is kept with the row."""
    app = Picking()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(FieldPicker)
        fill(picker, ("title", "status", "notes"), ticked=())
        await pilot.pause()
        drawn(picker)
        fill(picker, ("title", "notes", "status"), ticked=())  # drawn before, one row down
        await pilot.pause()
        await pilot.click(picker, offset=(3, 2))  # the second row, inside the border
        await pilot.pause()
        assert picker.selected == ["notes"]
