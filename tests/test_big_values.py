"""Store values far larger than anyone types: 10 MB strings, a million lines,
100,000 list items. Each is compared, summarized and shown with bounded work
(coarse comparison above the limits, capped rows and lines in the views)."""

from __future__ import annotations

import functools
from pathlib import Path

from ckpt_tui.core.diff import MAX_DIFF_ITEMS, MAX_DIFF_LINES, diff_checkpoints
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.summary import change_summary
from ckpt_tui.ui.diff_lines import FIELD_ROWS, side_by_side, unified, wrap_rows
from ckpt_tui.ui.render import DISPLAY_LINES, safe_block
from tests.factory import add_project, add_session, add_snapshot, connect, new_store, set_checkpoint
from tests.ui_support import make_app, run_async, settle


@functools.cache
def lines(step: int = 1) -> str:
    """A million numbered lines (``step=2``: every other one), built by the
    first test that asks, not by every process that collects this module."""
    return "".join(f"line {i}\n" for i in range(0, 1_000_000, step))


def test_a_million_lines_are_compared_coarsely():
    """Every other line removed: SequenceMatcher would take many minutes."""
    old, new = "head\n" + lines(), "head\n" + lines(step=2)
    diff = diff_checkpoints(Checkpoint(summary=old), Checkpoint(summary=new))
    summary = next(f for f in diff.changed if f.name == "summary")
    assert summary.coarse and len(lines().splitlines()) > MAX_DIFF_LINES
    tags = [b.tag for b in summary.blocks]
    assert tags[0] == "equal" and "replace" in tags
    assert change_summary(diff) == "summary~"
    from ckpt_tui.cli.textdiff import unified_lines

    assert any("too large to compare in full" in line for line in unified_lines(diff)[:3])


def test_huge_lists_are_compared_coarsely_and_keep_moves():
    old = tuple(f"s{i}" for i in range(100_000))
    new = old[::3] + ("new",)
    diff = diff_checkpoints(Checkpoint(nextSteps=old), Checkpoint(nextSteps=new))
    steps = next(f for f in diff.changed if f.name == "nextSteps")
    assert steps.coarse and len(old) > MAX_DIFF_ITEMS
    counts = steps.counts()
    assert counts["added"] == 1 and counts["removed"] == 66_666
    assert counts["kept"] + counts["moved"] == len(new) - 1


def test_small_values_are_compared_in_full():
    diff = diff_checkpoints(Checkpoint(summary="a\nb\nc"), Checkpoint(summary="a\nB\nc"))
    assert not any(f.coarse for f in diff.fields)


def test_views_draw_a_bounded_number_of_rows():
    diff = diff_checkpoints(Checkpoint(notes=lines()), Checkpoint(notes=lines(step=2)))
    for rows in (unified(diff), side_by_side(diff)):
        assert len(rows) < FIELD_ROWS + 20
        notes = [r.plain for r in rows if not isinstance(r, tuple)]
        assert any("more changes than" in n for n in notes)
        assert len(wrap_rows(rows, 120)) < 3 * FIELD_ROWS


def test_the_detail_pane_draws_a_bounded_number_of_lines():
    text = safe_block("n\n" * 200_000)
    assert text.plain.count("\n") == DISPLAY_LINES
    assert text.plain.endswith(f"(+{200_000 - DISPLAY_LINES} more lines)")
    assert "more lines" not in safe_block("a\n" * DISPLAY_LINES).plain
    assert safe_block("a\n" * DISPLAY_LINES + "b").plain.endswith("(+1 more line)")


def test_rewordings_are_paired_up_to_the_cap_and_flagged_beyond():
    from ckpt_tui.core.diff import diff_items

    def steps(n, word):
        return tuple(f"step {i} parse the {word}" for i in range(n))

    items, coarse = diff_items(steps(500, "file"), steps(500, "files"))
    assert not coarse and {i.kind for i in items} == {"reworded"}
    items, coarse = diff_items(steps(700, "file"), steps(700, "files"))
    assert coarse and {i.kind for i in items} == {"added", "removed"}


def test_a_huge_replacement_shows_both_sides():
    old = "".join(f"old {i}\n" for i in range(60_000))
    new = "".join(f"new {i}\n" for i in range(60_000))
    rows = unified(diff_checkpoints(Checkpoint(notes=old), Checkpoint(notes=new)))
    plain = [r.plain for r in rows]
    assert any(p.startswith("- old 0") for p in plain) and any(p.startswith("+ new 0") for p in plain)
    assert any("more removed lines" in p for p in plain) and any("more added" in p for p in plain)


@run_async
async def test_ten_megabytes_in_a_checkpoint_keep_the_app_working(tmp_path):
    big = "".join(f"line {i} of a very long summary\n" for i in range(330_000))  # ~10 MB
    db = new_store(Path(tmp_path) / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/one")
    add_session(conn, "s1", "p1", title="big")
    set_checkpoint(conn, "s1", "p1", Checkpoint(objective="now", summary=big + "end", notes="n\n" * 200_000))
    add_snapshot(conn, "s1", "p1", "huge", Checkpoint(objective="then", summary=big).to_payload())
    conn.close()
    assert len(big) > 10_000_000
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert app.main.snapshots.highlighted.name == "huge"
        await pilot.press("d")
        await settle(pilot)
        view = app.screen.query_one("DiffView")
        assert 0 < view.line_count < 3 * FIELD_ROWS
        await pilot.press("s")
        await settle(pilot)
        assert 0 < view.line_count < 3 * FIELD_ROWS
        await pilot.press("escape", "r")
        await settle(pilot)
        assert type(app.screen).__name__ == "PlanScreen"
        await pilot.press("escape")
        await settle(pilot)
