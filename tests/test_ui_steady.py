"""New content in the previews' scrolling views and labels does not lay out
the screen again unless their size changes (``ui/widgets/steady.py``, issue
12: ``d`` and ``r`` on a snapshot the cursor just moved to): and what shows
is still right, the scrollbar included."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.widgets import Label
from textual.widgets.selection_list import Selection

from ckpt_tui.ui.widgets.detail import DetailPane
from ckpt_tui.ui.widgets.diff_view import DiffView
from ckpt_tui.ui.widgets.pickers import FieldPicker
from ckpt_tui.ui.widgets.steady import update_in_place
from tests.ui_support import run_async


class Views(App):
    CSS = """
    DiffView { height: 12; }
    FieldPicker { width: 20; height: 10; }
    #label { width: 30; }
    #auto { width: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Label("one line", id="label")
        yield Label("short", id="auto")
        yield FieldPicker(id="fields")
        yield DiffView(title="t", id="diff")


@pytest.fixture
def layouts(monkeypatch) -> list[int]:
    """One entry per layout of the screen (Textual's compositor reflow)."""
    seen: list[int] = []
    reflow = Compositor.reflow

    def counted(self, *args, **kwargs):
        seen.append(1)
        return reflow(self, *args, **kwargs)

    monkeypatch.setattr(Compositor, "reflow", counted)
    return seen


def rows(count: int, word: str = "line") -> list[Text]:
    return [Text(f"{word} {i}") for i in range(count)]


async def shown(pilot, layouts: list[int]) -> int:
    """Layouts of the screen since the last call, once drawn."""
    await pilot.pause()
    await pilot.pause()
    count = len(layouts)
    layouts.clear()
    return count


@run_async
async def test_rows_of_another_length_are_drawn_without_a_layout(layouts):
    app = Views()
    async with app.run_test(size=(60, 30)) as pilot:
        view = app.query_one(DiffView)
        view.set_rows(rows(40))
        await shown(pilot, layouts)
        assert view.show_vertical_scrollbar
        view.set_rows(rows(25, "other"))
        assert await shown(pilot, layouts) == 0
        # The scrollbar knows the new length: the end is the new last line.
        assert view.virtual_size.height == 25
        assert view.max_scroll_y == 25 - view.scrollable_content_region.height
        view.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert view.scroll_y == view.max_scroll_y
        last = view.render_line(view.scrollable_content_region.height - 1)
        assert last.text.startswith("other 24")
        # Shorter again while scrolled down: back within the new length.
        view.set_rows(rows(30))
        await shown(pilot, layouts)
        assert view.scroll_y <= view.max_scroll_y == 30 - view.scrollable_content_region.height


@run_async
async def test_a_scrollbar_appearing_or_going_still_lays_out_and_rewraps(layouts):
    app = Views()
    async with app.run_test(size=(60, 30)) as pilot:
        view = app.query_one(DiffView)
        long_line = Text("x" * (view.scrollable_content_region.width))  # fits exactly
        view.set_rows([long_line])
        await shown(pilot, layouts)
        assert not view.show_vertical_scrollbar and view.line_count == 1
        view.set_rows([long_line, *rows(40)])
        assert await shown(pilot, layouts) >= 1
        # The scrollbar took a column: the long line wraps to the narrower text.
        assert view.show_vertical_scrollbar
        assert view.line_count == 42
        view.set_rows([long_line])
        await shown(pilot, layouts)
        assert not view.show_vertical_scrollbar and view.line_count == 1


@run_async
async def test_the_field_picker_takes_other_fields_without_a_layout(layouts):
    app = Views()
    async with app.run_test(size=(60, 30)) as pilot:
        picker = app.query_one(FieldPicker)
        picker.add_options([Selection(f"field {i}", i, True) for i in range(3)])
        await shown(pilot, layouts)
        picker.clear_options()
        picker.add_options([Selection(f"other {i}", i, True) for i in range(5)])
        assert await shown(pilot, layouts) == 0
        assert picker.virtual_size.height == 5
        assert [picker.get_option_at_index(i).prompt for i in range(5)] == [
            f"other {i}" for i in range(5)
        ]
        # More than it can show: the scrollbar comes, with a layout.
        picker.add_options([Selection(f"more {i}", 5 + i, True) for i in range(5)])
        assert await shown(pilot, layouts) >= 1
        assert picker.show_vertical_scrollbar


@run_async
async def test_a_label_keeping_its_height_is_updated_without_a_layout(layouts):
    app = Views()
    async with app.run_test(size=(60, 30)) as pilot:
        label = app.query_one("#label", Label)
        await shown(pilot, layouts)
        update_in_place(label, Text("another single line", style="bold"))
        assert await shown(pilot, layouts) == 0
        assert "another&#160;single&#160;line" in app.export_screenshot()
        # Wrapping to three lines at its width: laid out, three lines high.
        update_in_place(label, Text("word " * 15))
        assert await shown(pilot, layouts) >= 1
        assert label.size.height == 3
        update_in_place(label, Text("one again"))
        await shown(pilot, layouts)
        assert label.size.height == 1


@run_async
async def test_a_label_sized_by_its_text_is_laid_out(layouts):
    app = Views()
    async with app.run_test(size=(60, 30)) as pilot:
        label = app.query_one("#auto", Label)
        await shown(pilot, layouts)
        update_in_place(label, Text("a good deal longer"))
        assert await shown(pilot, layouts) >= 1
        assert label.size.width == len("a good deal longer")


class Detail(App):
    CSS = "DetailPane { height: 12; }"

    def compose(self) -> ComposeResult:
        yield DetailPane(id="detail")


@run_async
async def test_the_detail_pane_takes_text_as_tall_without_a_layout(layouts):
    app = Detail()
    async with app.run_test(size=(60, 30)) as pilot:
        pane = app.query_one(DetailPane)
        pane.show(Text("\n".join(f"first {i}" for i in range(5))), "Snapshot")
        await shown(pilot, layouts)
        pane.show(Text("\n".join(f"second {i}" for i in range(5))), "Snapshot")
        assert await shown(pilot, layouts) == 0
        assert "second&#160;4" in app.export_screenshot()
        # Taller than the pane: laid out, and it scrolls to its new end.
        pane.show(Text("\n".join(f"third {i}" for i in range(30))), "Snapshot")
        assert await shown(pilot, layouts) >= 1
        assert pane.virtual_size.height == 30 and pane.show_vertical_scrollbar
        pane.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert "third&#160;29" in app.export_screenshot()
        pane.show(Text("short"), "Snapshot")
        await shown(pilot, layouts)
        assert not pane.show_vertical_scrollbar
        assert pane.virtual_size.height == pane.scrollable_content_region.height
        assert "short" in app.export_screenshot()
