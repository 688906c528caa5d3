"""What walking every screen as a person would found: a key the screen
shows must do what it says, and a key that works must be shown somewhere
(the key bar or the help), at 80×24 too."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.binding import Binding

from ckpt_tui.ui.screens.help import help_table
from tests.ui_support import demo_db, drawn_lines, make_app, run_async, settle

KEY_WIDTH = 18  # the help's key column (``help.KEY_WIDTH``)


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


@run_async
async def test_help_messages_and_the_hand_off_note_scroll_with_j_k_g_and_G():
    """The arrows scrolled them; j, k, g and G (which scroll every list
    and diff) did nothing. One app opens each in turn and closes it: the
    help (``?``), the hand-off note (``enter enter e``), then the messages
    (``M``) once there are enough to scroll."""
    app = make_app(demo_db("scroll-keys"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for opening in [("question_mark",), ("enter", "enter", "e"), ("M",)]:
            if opening == ("M",):  # messages long enough to scroll
                for i in range(12):
                    app.notify(f"message {i}\nwith a second line")
            await press(pilot, *opening)
            box = app.screen.focused  # the help's and the messages' box, the note's view
            assert box is not None and box.max_scroll_y > 2, opening
            await press(pilot, "j", "j")
            assert box.scroll_y == 2, opening
            await press(pilot, "k")
            assert box.scroll_y == 1, opening
            await press(pilot, "G")
            await pilot.wait_for_animation()
            assert box.scroll_y == box.max_scroll_y, opening
            await press(pilot, "g")
            await pilot.wait_for_animation()
            assert box.scroll_y == 0, opening
            await press(pilot, "escape")
            assert app.screen is app.main, opening


def every_binding() -> list[tuple[str, Binding]]:
    """Every binding a class of the app declares: ``(class name, binding)``."""
    import ckpt_tui.ui as ui

    found = []
    for info in pkgutil.walk_packages(ui.__path__, "ckpt_tui.ui."):
        module = importlib.import_module(info.name)
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__:
                for b in cls.__dict__.get("BINDINGS", []):
                    if isinstance(b, Binding):
                        found.append((name, b))
    return found


def test_every_key_of_the_app_is_on_the_help_screen():
    """The diff screen's esc, the hand-off note's, the filter line's enter
    and esc, the import's y and search's enter were listed nowhere."""
    from ckpt_tui.ui.app import CkptApp
    from ckpt_tui.ui.commands import binding_groups

    listed = {b.id for _title, bindings in binding_groups(CkptApp) for b in bindings}
    missing = [f"{name}: {b.key} ({b.id})" for name, b in every_binding() if b.id not in listed]
    assert missing == []


def test_the_help_names_keys_as_the_key_bar_does_and_titles_fit():
    """``right_square_bracket`` was shown as is (cut to
    "right_square_brac…"), and long group titles were cut to 18 columns."""
    from rich.console import Console

    from ckpt_tui.ui.app import CkptApp
    from ckpt_tui.ui.commands import binding_groups

    groups = binding_groups(CkptApp)
    assert all(len(title) <= KEY_WIDTH for title, _bindings in groups)
    console = Console(width=74, color_system=None, record=True)  # the dialog's room at 80
    console.print(help_table(groups, {}, style=lambda name: ""))
    text = console.export_text()
    assert "square" not in text and "…" not in text
    lines = text.splitlines()
    assert any(line.startswith("]") and "Next prompt" in line for line in lines)
    assert any(line.startswith("[") and "Previous field" in line for line in lines)
    # The words of a key are not broken where the ids leave them room.
    assert any(line.split()[1:3] == ["Messages", "(full"] and "text)" in line for line in lines)


@run_async
async def test_at_80_columns_the_key_bar_keeps_the_panes_verbs():
    """The snapshots pane showed ``⏎ Open`` (which only moves to the next
    pane) and left out ``r Restore``; the detail pane left its bar half
    empty once its ``b`` did not fit, with ``d`` and ``r`` left out."""
    from ckpt_tui.ui.widgets.key_bar import KeyBar

    app = make_app(demo_db("bar-80"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def bar() -> str:
            return app.screen.query_one(KeyBar).render().plain

        assert "⏎ Open" in bar()  # the projects pane: it fits
        await press(pilot, "enter")
        assert "⏎ Open" in bar() and "n Snapshot" in bar()
        await press(pilot, "enter")
        assert "r Restore" in bar() and "d Diff" in bar() and "m Mark" in bar()
        await press(pilot, "4")
        assert "] Next field" in bar() and "d Diff" in bar() and "r Restore" in bar()
        assert "? Help" in bar() and "q Quit" in bar() and len(bar()) <= 80


@run_async
async def test_field_history_keeps_kind_and_name_apart_and_its_lines_readable_at_80():
    """``pre-rstpre-restore-…``: a 7-letter kind ran into the name; and the
    44-column note left a line 30 columns at 80×24."""
    from ckpt_tui.core.history import Origin
    from ckpt_tui.ui.screens.history import _note

    note = _note(Origin("x", "pre-restore-1", "pre-restore", "2026-11-29T10:00:00.000Z"), "")
    assert "pre-rst pre-restore-1" in note.plain
    app = make_app(demo_db("history-80"))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter", "enter", "4", "]", "]", "]", "b")
        blame = app.screen.blame
        assert type(app.screen).__name__ == "HistoryScreen" and blame.rows
        row = next(r for r in blame.rows if r.kind == "line")
        shown = drawn_lines(blame)
        assert 32 < len(row.text) <= 50
        assert any(("│ " + row.text) in line for line in shown), shown  # whole, not cut


@run_async
async def test_the_board_grouped_by_status_does_not_say_each_status_twice():
    """At 80 columns each row said "in progress" under the group "in
    progress" and cut the title; by project, the status stays on the row."""
    app = make_app(demo_db("board-80"))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "B")
        board = app.screen.list
        row = board.rows[0]
        first = board.render_row(row, 78).plain
        assert first.count("in progress") == 1 and row.title in first
        await press(pilot, "t")
        by_project = board.render_row(board.rows[0], 78).plain
        assert "in progress" in by_project and len(by_project) == 78


@run_async
async def test_at_80_columns_an_offered_undo_outranks_the_panes_secondary_keys():
    """The sessions pane showed ``n``, ``e`` and ``c`` and left out the
    ``u Undo`` a restore offered (the app's keys come last); the snapshots
    pane keeps ``d`` and ``r`` beside it."""
    from ckpt_tui.ui.widgets.key_bar import KeyBar

    app = make_app(demo_db("bar-80-undo"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def bar() -> str:
            return app.screen.query_one(KeyBar).render().plain

        await press(pilot, "enter", "3", "j")
        snapshot = app.main.snapshot
        assert snapshot is not None
        app.service.restore(snapshot.session_id, snapshot.name)
        app.main.refresh_all()
        await settle(pilot)
        await press(pilot, "2")
        assert " u Undo" in bar() and "? Help" in bar() and "q Quit" in bar(), bar()
        assert len(bar()) <= 80
        await press(pilot, "3")
        assert " u Undo" in bar() and "r Restore" in bar() and "d Diff" in bar(), bar()
