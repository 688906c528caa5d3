"""Damaged fields (SPEC 3): a payload key of the wrong type, or a list column
that is not a JSON array of strings. Shown as damaged, named by ``doctor``,
never restored, never coerced, and a column outside a change keeps its bytes."""

from __future__ import annotations

import json
import sqlite3

import pytest
from rich.console import Console

from ckpt_tui.cli.main import main
from ckpt_tui.core import diff as diffs
from ckpt_tui.core import summary as summaries
from ckpt_tui.core.handoff import render
from ckpt_tui.core.model import Checkpoint, DamagedField, decode
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import DamagedPayload
from ckpt_tui.ui.checkpoint_view import checkpoint_renderable
from ckpt_tui.ui.diff_lines import side_by_side, unified, wrap_rows
from tests.factory import add_snapshot, connect
from tests.ui_support import make_app, run_async, settle

ODD = (
    '{"title": 5, "objective": "fine", "nextSteps": "not a list", "status": ["x"], '
    '"notes": null, "blockers": ["ok", 7], "synthesized": "yes"}'
)
COLUMN = '["a", 5]'  # a list column that is JSON, but not an array of strings


@pytest.fixture
def odd_store(store_path):
    """s1's next_steps column is damaged; snapshot ``odd`` has damaged keys."""
    conn = connect(store_path)
    conn.execute("UPDATE checkpoints SET next_steps = ? WHERE session_id = 's1'", (COLUMN,))
    add_snapshot(conn, "s1", "p1", "odd", ODD, at="2026-11-01T10:03:00.000Z")
    conn.close()
    return store_path


def row(path, sid="s1") -> dict:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    out = dict(conn.execute("SELECT * FROM checkpoints WHERE session_id = ?", (sid,)).fetchone())
    conn.close()
    return out


def payloads(path, kind) -> list[str]:
    conn = sqlite3.connect(path)
    out = [
        r[0]
        for r in conn.execute(
            "SELECT payload FROM snapshots WHERE kind = ? ORDER BY captured_at", (kind,)
        )
    ]
    conn.close()
    return out


def cli(path, *argv) -> tuple[int, str, str]:
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*argv, "--db", str(path)])
    return code, out.getvalue(), err.getvalue()


# -- the codec ---------------------------------------------------------------------------


def test_wrong_types_decode_as_damaged_with_the_raw_value():
    cp = decode(ODD)
    assert isinstance(cp, Checkpoint)
    damaged = cp.damaged_fields()
    assert set(damaged) == {"title", "status", "nextSteps", "notes", "blockers", "synthesized"}
    assert damaged["title"].raw == 5  # not "5"
    assert damaged["nextSteps"].raw == "not a list"  # not ["not a list"]
    assert damaged["status"].raw == ["x"]
    assert damaged["notes"].raw is None
    assert damaged["blockers"].raw == ["ok", 7]
    assert "number" in damaged["title"].reason and "item #2" in damaged["blockers"].reason
    assert cp.objective == "fine"
    # Copied (a pre-restore snapshot, the journal), every raw value is kept.
    copied = json.loads(cp.to_json())
    assert {k: copied[k] for k in json.loads(ODD)} == json.loads(ODD)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (COLUMN, "item #2 is a number"),
        ('"x"', "is a string"),
        ("not json", "not valid JSON"),
        ("{}", "is an object"),
        ("NaN", "not valid JSON"),
    ],
)
def test_a_list_column_that_is_not_an_array_of_strings_is_damaged(text, reason):
    columns = Checkpoint().to_row() | {"blockers": text}
    cp = Checkpoint.from_row(columns)
    assert isinstance(cp.blockers, DamagedField) and reason in cp.blockers.reason
    assert cp.to_row(["blockers"]) == {"blockers": text}  # written back byte for byte


def test_a_valid_list_column_in_another_spelling_is_not_damaged():
    cp = Checkpoint.from_row(Checkpoint().to_row() | {"blockers": '[ "a" , "b" ]'})
    assert cp.blockers == ("a", "b") and not cp.damaged_fields()


# -- restore: refused by name, skipped as part of a whole ---------------------------------


def test_restoring_a_damaged_field_by_name_is_refused_naming_it(odd_store):
    before = odd_store.read_bytes()
    svc = open_service(odd_store)
    try:
        with pytest.raises(DamagedPayload, match="damaged Next") as err:
            svc.plan_restore("s1", "odd", ["objective", "nextSteps"])
        assert "\n" not in str(err.value)
    finally:
        svc.close()
    code, _, err = cli(odd_store, "restore", "s1", "odd", "--fields", "title")
    assert code == 1 and "Title" in err and "damaged" in err and err.count("\n") == 1
    assert odd_store.read_bytes() == before


def test_a_whole_restore_restores_the_rest_and_names_what_it_skipped(odd_store):
    code, out, _ = cli(odd_store, "restore", "s1", "odd", "--json")
    data = json.loads(out)
    assert code == 0 and data["wrote"]
    skipped = {s["field"] for s in data["skipped"]}
    assert skipped == {"title", "status", "nextSteps", "notes", "blockers", "synthesized"}
    assert "skipped damaged" in data["message"] and "Next" in data["message"]  # a label: the message is read
    after = row(odd_store)
    assert after["objective"] == "fine"
    # The skipped fields keep what they held: nothing coerced, nothing emptied.
    assert (after["title"], after["status"], after["notes"]) == ("", "in_progress", "")
    assert after["next_steps"] == COLUMN
    assert after["synthesized"] == 0


def test_restoring_one_field_leaves_a_damaged_column_byte_for_byte(odd_store):
    svc = open_service(odd_store)
    try:
        svc.restore("s1", "first", ["objective"])
        assert row(odd_store)["next_steps"] == COLUMN
        svc.undo("s1")
        assert row(odd_store)["next_steps"] == COLUMN
        assert row(odd_store)["objective"] == "start"
    finally:
        svc.close()


def test_undo_gives_back_the_damaged_column_a_restore_replaced(odd_store):
    svc = open_service(odd_store)
    try:
        svc.restore("s1", "second")  # replaces next_steps with ["b","c"]
        assert row(odd_store)["next_steps"] == '["b","c"]'
        # The pre-restore snapshot holds the column's text, not a coerced list.
        assert json.loads(payloads(odd_store, "pre-restore")[-1])["nextSteps"] == COLUMN
        svc.undo("s1")
        assert row(odd_store)["next_steps"] == COLUMN  # the original bytes
        svc.redo("s1")
        assert row(odd_store)["next_steps"] == '["b","c"]'
    finally:
        svc.close()


def test_a_manual_snapshot_keeps_a_damaged_column_as_it_is(odd_store):
    svc = open_service(odd_store)
    try:
        svc.snapshot_create("s1", "keep")
    finally:
        svc.close()
    (payload,) = payloads(odd_store, "manual")[-1:]
    assert json.loads(payload)["nextSteps"] == COLUMN


def test_the_plugins_undo_fallback_skips_a_damaged_field(odd_store):
    """Without the journal, undo offers the fields of the newest pre-restore
    snapshot that differ, minus any damaged field, and says so; the chosen
    ones are written."""
    conn = connect(odd_store)
    add_snapshot(
        conn, "s1", "p1", "pre-restore-1", ODD, kind="pre-restore", at="2026-11-01T10:04:00.000Z"
    )
    conn.close()
    svc = open_service(odd_store)
    try:
        plan = svc.plan_undo("s1")
        assert plan.fallback and "skipped damaged" in plan.label
        assert plan.candidates == ("objective",) and plan.needs_fields
        svc.apply(svc.plan_undo("s1", list(plan.candidates)))
    finally:
        svc.close()
    after = row(odd_store)
    assert after["objective"] == "fine" and after["title"] == "" and after["next_steps"] == COLUMN


# -- shown as damaged ------------------------------------------------------------------------


def test_show_names_damaged_fields_in_text_and_json(odd_store):
    code, out, _ = cli(odd_store, "show", "s1")
    assert code == 0 and "Next: DAMAGED (" in out and COLUMN in out
    code, out, _ = cli(odd_store, "show", "s1", "--json")
    data = json.loads(out)
    assert data["damagedFields"] == [
        {"field": "nextSteps", "reason": data["damagedFields"][0]["reason"]}
    ]
    assert data["checkpoint"]["nextSteps"] == COLUMN  # the stored text, not a guess
    code, out, _ = cli(odd_store, "show", "s1", "--snapshot", "odd", "--json")
    data = json.loads(out)
    assert data["checkpoint"]["title"] == 5 and data["checkpoint"]["notes"] is None
    assert {d["field"] for d in data["damagedFields"]} >= {"title", "status", "notes"}
    code, out, _ = cli(odd_store, "show", "s1", "--snapshot", "odd")
    assert "Title: DAMAGED (is a number, not a string): 5" in out
    assert "Status: DAMAGED" in out and "synthesized: DAMAGED" in out


def test_diff_shows_damaged_fields_in_text_and_json(odd_store):
    code, out, _ = cli(odd_store, "diff", "s1", "odd")
    assert code == 0
    assert "- DAMAGED (is a number, not a string): 5" in out
    assert (
        f"+ DAMAGED (the column is an array whose item #2 is a number, not a string): {COLUMN}"
        in out
    )
    code, out, _ = cli(odd_store, "diff", "s1", "odd", "--json")
    fields = {f["field"]: f for f in json.loads(out)["fields"]}
    assert fields["title"]["kind"] == "damaged"
    assert fields["title"]["from"] == 5 and fields["title"]["fromDamaged"]
    assert fields["title"]["to"] == "" and fields["title"]["toDamaged"] is None
    assert fields["nextSteps"]["to"] == COLUMN and fields["nextSteps"]["toDamaged"]


def _plain(lines) -> str:
    return "\n".join(t.plain for t in lines)


def test_detail_pane_and_diff_views_show_damaged_fields(odd_store):
    cp = decode(ODD)
    console = Console(width=120, record=True, color_system=None)
    console.print(checkpoint_renderable(cp))
    text = console.export_text()
    assert "DAMAGED" in text and "is a number, not a string: 5" in text
    assert "Damaged: Title, Status, Next, Blockers, Notes, synthesized" in text
    d = diffs.diff_checkpoints(cp, Checkpoint(title="t"))
    # title, status, nextSteps, blockers, notes (synthesized is not a diffed field)
    assert _plain(unified(d)).count("DAMAGED") == 5
    wrapped = _plain(wrap_rows(side_by_side(d), 120))
    assert "DAMAGED" in wrapped and "damaged on the old side" in wrapped
    same = diffs.diff_checkpoints(cp, cp)
    assert "Next (damaged)" in _plain(unified(same))
    summary = summaries.change_summary(diffs.diff_checkpoints(Checkpoint(), cp))
    assert summary.count("damaged") == 5
    assert summaries.summarize(Checkpoint(), cp) == summary  # the history rows' shortcut agrees


def test_a_handoff_says_a_field_is_damaged(odd_store):
    text = render(
        decode(ODD), session_id="s1", project_id="p1", project_dir=None, source="x", made_at="now"
    )
    assert "damaged (is a string, not an array of strings)" in text


@run_async
async def test_the_app_shows_a_damaged_field_in_the_detail_pane(odd_store):
    from ckpt_tui.ui.widgets.detail import DetailPane

    def drawn(pane) -> str:
        console = Console(width=100, record=True, color_system=None)
        console.print(pane._shown[1])  # what the pane was given to draw
        return console.export_text()

    app = make_app(odd_store)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # into the sessions: s1's current checkpoint
        await settle(pilot)
        current = drawn(app.screen.query_one(DetailPane))
        await pilot.press("enter")  # into the snapshots: the newest, "odd"
        await settle(pilot)
        snapshot = drawn(app.screen.query_one(DetailPane))
    assert "DAMAGED" in current and COLUMN in current
    assert "Snapshot odd" in snapshot and "is a number, not a string: 5" in snapshot


# -- doctor -----------------------------------------------------------------------------------


def test_doctor_names_every_damaged_field(odd_store):
    code, out, _ = cli(odd_store, "doctor", "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False
    check = next(c for c in data["checks"] if c["name"] == "damaged fields")
    found = {(i["snapshot"], i["field"]) for i in check["items"]}
    assert found == {
        (None, "nextSteps"),
        ("odd", "title"),
        ("odd", "status"),
        ("odd", "nextSteps"),
        ("odd", "notes"),
        ("odd", "blockers"),
        ("odd", "synthesized"),
    }
    assert check["count"] == len(check["items"]) == 7
    assert all(i["session"] == "s1" and i["reason"] for i in check["items"])
    code, out, _ = cli(odd_store, "doctor")
    assert "[BAD] damaged fields: 7" in out
    assert "s1 (checkpoint) nextSteps: the column is an array" in out
    assert "s1/odd title: is a number, not a string" in out


def test_doctor_finds_no_damaged_field_in_a_healthy_store(store_path):
    code, out, _ = cli(store_path, "doctor", "--json")
    check = next(c for c in json.loads(out)["checks"] if c["name"] == "damaged fields")
    assert code == 0 and check["ok"] and check["items"] == []


def test_an_unterminated_string_reads_starting_at_char_once():
    damaged = decode('{"objective": "half written')
    assert "at at" not in damaged.reason
    assert "Unterminated string starting at char 14" in damaged.reason
