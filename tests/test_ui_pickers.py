"""The field picker keeps its drawn rows (``ui/widgets/pickers.py``, issue 12:
``r`` on a snapshot the cursor just moved to fills it with new options): a
row seen before is not drawn again, and every row is still what Textual's
``SelectionList`` draws, in every state a person can put it in."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Button, SelectionList
from textual.widgets.selection_list import Selection

from ckpt_tui.ui.widgets.kept_styled_lines import KeptStyledLines
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


def screen_lines(app) -> list:
    strips = app.screen._compositor.render_strips()
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


@run_async
async def test_a_picker_shown_before_is_given_back_whole_as_textual_draws_it(monkeypatch):
    """The preview opened on the snapshots around the cursor in turn shows
    their fields in turn: the whole picker, border and all, is not drawn
    again, and is what Textual's own ``SelectionList`` draws."""
    from textual._styles_cache import StylesCache

    app = Picking()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(FieldPicker)
        picker.focus()
        picker.border_title = "Fields"
        built: list[int] = []
        render_line = StylesCache.render_line

        def counted(self, styles, y, *args, **kwargs):
            if self is picker._styles_cache:
                built.append(y)
            return render_line(self, styles, y, *args, **kwargs)

        monkeypatch.setattr(StylesCache, "render_line", counted)
        for fields in (FIELDS[:3], ("notes", "title"), FIELDS[:3]):
            built.clear()
            fill(picker, fields)
            await pilot.pause()  # the app paints it
            assert built or fields == FIELDS[:3]
        monkeypatch.setattr(StylesCache, "render_line", render_line)
        assert built == []  # the third paint: the first one's lines, given back
        kept = screen_lines(app)
        ours = picker._styles_cache
        picker._styles_cache = StylesCache()
        monkeypatch.setattr(FieldPicker, "render_lines", SelectionList.render_lines)
        monkeypatch.setattr(FieldPicker, "render_line", SelectionList.render_line)
        picker.refresh()
        await pilot.pause()
        assert kept == screen_lines(app)
        picker._styles_cache = ours


def screen_cells(app) -> list:
    """The screen's cells, each character with its style (two lines that
    show the same may be split into segments differently)."""
    strips = app.screen._compositor.render_strips()
    return [[(c, seg.style) for seg in strip for c in seg.text] for strip in strips]


def textuals_screen(app, picker: FieldPicker, monkeypatch) -> list:
    """The screen's lines with the picker drawn by Textual alone (its own
    ``StylesCache`` and ``SelectionList``): undone after."""
    from textual._styles_cache import StylesCache

    ours = picker._styles_cache
    with monkeypatch.context() as patched:
        picker._styles_cache = StylesCache()
        patched.setattr(FieldPicker, "render_lines", SelectionList.render_lines)
        patched.setattr(FieldPicker, "render_line", SelectionList.render_line)
        picker.refresh()
        app.screen._compositor.render_update(full=True)
        lines = screen_cells(app)
    picker._styles_cache = ours
    picker.refresh()
    return lines


@run_async
async def test_other_fields_build_only_their_rows_lines_as_textual_draws_them(monkeypatch):
    """Filled with other fields (``r`` on another snapshot), the picker
    builds the lines of the rows that changed, not its border and the blank
    rows below the fields (``KeptRowLines``), and still shows what Textual
    draws; at another width, what it showed without the lines kept."""
    from textual._styles_cache import StylesCache

    app = Picking()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(FieldPicker)
        picker.focus()
        picker.border_title = "Fields"
        fill(picker, FIELDS[:3])
        await pilot.pause()
        built: list[int] = []
        render_line = StylesCache.render_line

        def counted(self, styles, y, *args, **kwargs):
            if self is picker._styles_cache:
                built.append(y)
            return render_line(self, styles, y, *args, **kwargs)

        monkeypatch.setattr(StylesCache, "render_line", counted)
        fill(picker, ("title", "notes"))  # the second row changes, the third is blank
        await pilot.pause()
        assert built == [2]  # (below the top border: line 1 is the first row)
        kept = screen_cells(app)
        monkeypatch.setattr(StylesCache, "render_line", render_line)
        assert kept == textuals_screen(app, picker, monkeypatch)
        picker.styles.width = 30  # (lines kept at the other width: not given back)
        await pilot.pause()
        wider = screen_cells(app)
        picker._styles_cache = KeptStyledLines()  # whole paints kept, no lines
        picker.refresh()
        await pilot.pause()
        assert wider == screen_cells(app)
