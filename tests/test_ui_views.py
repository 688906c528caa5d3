"""The board, field history and marks across sessions, driven by keys and
checked against the store (and the core) afterwards."""

from __future__ import annotations

import json
import sqlite3

import pytest

from ckpt_tui.core.board import board
from ckpt_tui.core.model import Checkpoint
from tests.factory import PluginWriter, add_session, connect, set_checkpoint
from tests.ui_support import make_app, run_async, settle

OTHER = Checkpoint(objective="other", status="blocked", blockers=("db",), nextSteps=("ask ops",))


@pytest.fixture
def two(store_path):
    """basic_store plus s2 (older than s1, so listed second) in project p1."""
    conn = connect(store_path)
    add_session(conn, "s2", "p1", title="Second", at="2026-10-01T10:00:00.000Z")
    set_checkpoint(conn, "s2", "p1", OTHER, at="2026-10-01T10:00:00.000Z")
    conn.close()
    return store_path


def row(db, sid):
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    r = dict(conn.execute("SELECT * FROM checkpoints WHERE session_id=?", (sid,)).fetchone())
    conn.close()
    return r


def kinds(db, sid):
    conn = sqlite3.connect(db)
    out = [k for (k,) in conn.execute("SELECT kind FROM snapshots WHERE session_id=?", (sid,))]
    conn.close()
    return out


async def press(pilot, *keys):
    await settle(pilot)  # the first pages are in before the first key
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


@run_async
async def test_board_lists_what_the_core_says_and_opens_a_session(two):
    app = make_app(two)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "B")
        screen = app.screen
        assert type(screen).__name__ == "BoardScreen"
        want = board(app.service)
        assert [r.session_id for r in screen.list.rows] == [r.session_id for r in want.rows]
        assert [r.session_id for r in screen.list.rows] == ["s1", "s2"]  # in progress, blocked
        await press(pilot, "t")
        assert "by project" in str(screen.list.border_title)
        await press(pilot, "j", "enter")
        assert type(app.screen).__name__ == "MainScreen"
        assert app.main.session.id == "s2"
        assert app.focused is app.main.sessions


@run_async
async def test_history_of_a_field_and_enter_selects_the_snapshot(two):
    app = make_app(two)
    async with app.run_test(size=(140, 40)) as pilot:
        await press(pilot, "enter", "enter", "2", "4")
        assert app.main.detail.checkpoint.snapshot_id is None  # s1's live checkpoint
        await press(pilot, "right_square_bracket", "right_square_bracket", "b")
        screen = app.screen
        assert type(screen).__name__ == "HistoryScreen"
        blame = screen.blame
        assert blame.field == "objective"
        assert [(r.kind, r.text) for r in blame.rows] == [("line", "start"), ("fold", blame.rows[1].text)]
        await press(pilot, "x")
        assert [(r.kind, r.text, r.origin.name) for r in blame.rows[2:]] == [
            ("removed", "two", "current"),
            ("removed", "one", "second"),
        ]
        await press(pilot, "j", "j", "j", "enter")  # "one", gone in "second"
        assert type(app.screen).__name__ == "MainScreen"
        assert app.main.snapshot.name == "second"
        assert app.focused is app.main.snapshots


@run_async
async def test_mark_in_one_session_diff_and_copy_into_another_then_undo_redo(two):
    app = make_app(two)
    async with app.run_test(size=(140, 40)) as pilot:
        await press(pilot, "enter", "enter", "j", "m")  # mark s1's "first"
        assert app.main.snapshots.marked.id == app.main.snapshot.id
        await press(pilot, "2", "j")  # session s2, its live checkpoint
        assert app.main.session.id == "s2"
        await press(pilot, "d")
        diff = app.screen
        assert type(diff).__name__ == "AcrossDiffScreen"
        assert [tuple(r) for r in diff.refs] == [("s1", app.main.snapshots.marked.id), ("s2", None)]
        assert "objective" in diff.query_one("DiffView").diff.changed_names
        await press(pilot, "escape", "r")
        plan_screen = app.screen
        assert type(plan_screen).__name__ == "PlanScreen"
        assert plan_screen.plan.action == "copy"
        # the plugin saves s2 between the preview and the confirmation
        writer = PluginWriter(two)
        writer.save("s2", notes="saved meanwhile")
        writer.close()
        # The save touched none of the fields copied: one confirm writes them
        # over it, and keeps it.
        await press(pilot, "y")
        assert app.screen is not plan_screen
        assert row(two, "s2")["notes"] == "saved meanwhile"
        after = row(two, "s2")
        assert (after["objective"], after["status"], json.loads(after["blockers"])) == (
            "one",
            "blocked",
            ["x"],
        )
        assert "pre-restore" in kinds(two, "s2")
        assert row(two, "s1")["objective"] == "start", "the source is untouched"
        await press(pilot, "u")
        assert (row(two, "s2")["objective"], row(two, "s2")["notes"]) == ("other", "saved meanwhile")
        await press(pilot, "ctrl+r")
        assert row(two, "s2")["objective"] == "one"


@run_async
async def test_mark_a_checkpoint_from_the_sessions_pane(two):
    app = make_app(two)
    async with app.run_test(size=(140, 40)) as pilot:
        await press(pilot, "enter", "j", "m")  # s2's live checkpoint
        mark = app.main.snapshots.marked
        assert (mark.session_id, mark.id) == ("s2", None)
        await press(pilot, "k", "enter", "d")  # s1's newest snapshot against it
        assert [tuple(r) for r in app.screen.refs] == [("s2", None), ("s1", app.main.snapshot.id)]


@run_async
async def test_board_and_field_history_are_in_help_and_the_palette(two):
    app = make_app(two)
    async with app.run_test(size=(140, 40)) as pilot:
        await press(pilot, "enter", "enter", "4")
        ids = {b.id for _, group in app.binding_groups() for b in group}
        assert {"main.board", "board.toggle_group", "detail.history", "sessions.mark"} <= ids
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert {"Board", "History of field", "Next field"} <= set(commands)
        commands["History of field"].callback()
        await settle(pilot)
        assert type(app.screen).__name__ == "HistoryScreen"
        assert app.screen.blame.field == "status"
        assert [t.new for t in app.screen.blame.history.transitions] == ["blocked", "done"]


def offered(app) -> set[str]:
    """The actions the key bar offers on the current screen (dimmed or not)."""
    return {b.action for _node, b, _enabled, _tip in app.screen.active_bindings.values()}


@run_async
async def test_a_list_without_a_filter_line_does_not_offer_slash(two):
    """The board's and the history's lists have no filter line: ``/`` is
    not on their key bar (it did nothing there), while the main screen's
    lists keep it."""
    app = make_app(two)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        assert "filter" in offered(app)
        await press(pilot, "B")
        assert type(app.screen).__name__ == "BoardScreen"
        assert "filter" not in offered(app)
        await press(pilot, "escape", "enter", "enter", "2", "4", "b")
        assert type(app.screen).__name__ == "HistoryScreen"
        assert "filter" not in offered(app)
