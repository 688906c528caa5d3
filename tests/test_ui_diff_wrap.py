"""A wrapped diff line goes on under its text, not under its sign: a long
removed item that wrapped to column 0 read as several items. Every place a
diff shows wraps through ``diff_lines.wrap_rows`` (the diff screen ``d``,
the restore preview ``r``, unified and side by side), so the rows are
checked there and on screen."""

from __future__ import annotations

import pytest
from rich.text import Text

from ckpt_tui.core.diff import diff_checkpoints
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.ui.diff_lines import ADD, DEL, diff_rows, side_by_side, wrap_rows
from ckpt_tui.ui.screens.diff import DiffScreen
from ckpt_tui.ui.screens.plan import PlanScreen
from ckpt_tui.ui.widgets.diff_view import DiffView
from tests.ui_support import drawn_lines, make_app, run_async, settle

LONG = (
    "Replace the hand-rolled retry loop in the payment client with the shared "
    "backoff helper, log every retry with its attempt number and the status code "
    "it got, and drop the sleep that the integration tests worked around"
)
KEPT = "Keep the old endpoint answering until every client moved: " + "still needed " * 8
OTHER = (
    "Write down in the runbook how to rotate the signing keys without downtime, "
    "with the order of the steps, who has to approve each one and how long it takes"
)
PROSE = "A paragraph that is one long line of the summary, " + "and it goes on " * 12


def wrapped_diff():
    """Every kind of diff line long enough to wrap: removed, added and kept
    list items, a reworded one, a moved one, changed and equal text lines."""
    old = Checkpoint(
        summary=f"{PROSE}\nold: {LONG}",
        nextSteps=(f"moved {LONG}", KEPT, "two", f"removed {LONG}", f"reworded {OTHER}"),
    )
    new = Checkpoint(
        summary=f"{PROSE}\nnew: {LONG}",
        nextSteps=(KEPT, "two", f"moved {LONG}", f"added {OTHER}!", f"reworded {OTHER} again"),
    )
    return diff_checkpoints(old, new)


def rows_for(lines: list[str], sign: str, text: str) -> list[str]:
    """The rows ``sign text`` takes in ``lines`` (cut to a view's text):
    the row it starts on and the rows after it until its words are all
    there. Each row after the first must start under the text."""
    words = text.split()
    head = f"{sign} {' '.join(words[:3])}"
    y, x = next(((y, line.find(head)) for y, line in enumerate(lines) if head in line), (0, -1))
    assert x >= 0, (head, lines)
    hang = len(sign) + 1
    rows = [lines[y][x:]]
    for line in lines[y + 1 :]:
        if words_of(rows, hang)[: len(words)] == words:
            break
        row = line[x:]
        assert row[:hang] == " " * hang and row[hang : hang + 1] not in (" ", ""), (rows, row)
        rows.append(row)
    assert words_of(rows, hang)[: len(words)] == words, rows
    return rows


def words_of(rows: list[str], hang: int) -> list[str]:
    return " ".join(row[hang:] for row in rows).split()


@pytest.mark.parametrize("width", [50, 90])
def test_a_wrapped_diff_line_goes_on_under_its_text(width):
    lines = wrap_rows(diff_rows(wrapped_diff()), width)
    plain = [line.plain for line in lines]
    assert all(len(line) <= width for line in plain)
    for sign, text in (
        ("-", f"old: {LONG}"),
        ("+", f"new: {LONG}"),
        ("-", f"removed {LONG}"),
        ("+", f"added {OTHER}!"),
        ("-", f"reworded {OTHER}"),
        ("+", f"reworded {OTHER} again"),
        ("↕", f"moved {LONG}"),
        (" ", KEPT),
        (" ", PROSE),
    ):
        assert len(rows_for(plain, sign, text)) > 1, text  # it wrapped
    # The indent keeps the colour of its line: the sign's style.
    removed = next(line for line in lines if line.plain.startswith("- removed"))
    after = lines[lines.index(removed) + 1]
    assert after.plain.startswith("  ") and any(
        s.start == 0 and s.end >= 2 and str(s.style) == DEL for s in after.spans
    )
    added = next(line for line in lines if line.plain.startswith("+ added"))
    after = lines[lines.index(added) + 1]
    assert any(s.start == 0 and s.end >= 2 and str(s.style) == ADD for s in after.spans)


@pytest.mark.parametrize("width", [80, 160])
def test_side_by_side_columns_go_on_under_their_text(width):
    half = (width - 3) // 2
    lines = [line.plain for line in wrap_rows(side_by_side(wrapped_diff()), width)]
    left = [line[:half].rstrip() for line in lines if "│" in line]
    right = [line[half + 3 :].rstrip() for line in lines if "│" in line]
    assert len(rows_for(left, "-", f"removed {LONG}")) > 1
    assert len(rows_for(right, "+", f"added {OTHER}!")) > 1
    assert len(rows_for(left, " ", KEPT)) > 1
    assert len(rows_for(right, " ", KEPT)) > 1
    assert len(rows_for(left, " ", PROSE)) > 1


def a_long_item_store(tmp_path):
    from tests.factory import (
        add_project,
        add_session,
        add_snapshot,
        connect,
        new_store,
        set_checkpoint,
    )

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/proj")
    add_session(conn, "s1", "p1", title="Payments")
    set_checkpoint(conn, "s1", "p1", Checkpoint(objective="pay", nextSteps=("short",)))
    then = Checkpoint(objective="pay", nextSteps=("short", LONG))
    add_snapshot(conn, "s1", "p1", "before", then.to_payload())
    conn.close()
    return db


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
@run_async
async def test_the_diff_screen_and_the_preview_show_a_long_item_under_its_text(tmp_path, size):
    app = make_app(a_long_item_store(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in ("enter", "enter"):
            await pilot.press(key)
            await settle(pilot)
        for key, sign, kind, toggle in (
            ("d", "-", DiffScreen, ""),
            ("d", "-", DiffScreen, "s"),  # side by side
            ("r", "+", PlanScreen, ""),
        ):
            await pilot.press(key)
            await settle(pilot)
            if toggle:
                await pilot.press(toggle)
                await settle(pilot)
            assert isinstance(app.screen, kind)
            view = app.screen.query_one(DiffView)
            width = view.scrollable_content_region.width  # the text, not the scrollbar
            # (side by side: the left column, where the removed item is)
            lines = [line[1 : 1 + width].split(" │ ")[0] for line in drawn_lines(view)]
            assert len(rows_for(lines, sign, LONG)) > 1  # wrapped
            await pilot.press("escape")
            await settle(pilot)


def test_a_row_with_no_room_to_hang_wraps_from_its_start():
    """At a width too narrow to hang the rows, nothing is lost."""
    row = diff_rows(wrapped_diff())[2]
    assert isinstance(row, Text)
    lines = wrap_rows([row], 12)
    assert " ".join(line.plain for line in lines).split() == row.plain.split()
