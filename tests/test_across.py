"""Across sessions: diff and copy between two sessions, checked in the store;
undo and redo of a copy; a copy refused on a conflict as a restore is."""

from __future__ import annotations

import json

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core import across
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import CkptError, Conflict, DamagedPayload, NotFound
from tests.factory import (
    PluginWriter,
    add_project,
    add_session,
    add_snapshot,
    connect,
    set_checkpoint,
)

OTHER = Checkpoint(
    title="other",
    objective="elsewhere",
    status="blocked",
    blockers=("db down",),
    nextSteps=("call ops",),
)


@pytest.fixture
def two_sessions(store_path):
    """basic_store's s1 (project p1), plus legacy::p2 in project p2 (an id
    with colons) with a checkpoint and a snapshot, and a damaged snapshot."""
    conn = connect(store_path)
    add_project(conn, "p2")
    add_session(conn, "legacy::p2", "p2", title="other")
    set_checkpoint(conn, "legacy::p2", "p2", OTHER)
    add_snapshot(
        conn,
        "legacy::p2",
        "p2",
        "older",
        Checkpoint(objective="older", notes="n").to_payload(),
        at="2026-11-01T09:00:00.000Z",
    )
    add_snapshot(conn, "legacy::p2", "p2", "broken", "{not json", at="2026-11-01T09:01:00.000Z")
    conn.close()
    return store_path


def rows(svc, sid, kind=None):
    return svc.snapshots(sid, kinds=[kind] if kind else None, limit=1000).rows


def test_parse_ref_takes_the_longest_session_prefix(two_sessions):
    svc = open_service(two_sessions, read_only=True)
    assert across.parse_ref(svc, "legacy::p2") == ("legacy::p2", None)
    assert across.parse_ref(svc, "legacy::p2:older") == ("legacy::p2", "older")
    assert across.parse_ref(svc, "s1:first") == ("s1", "first")
    with pytest.raises(NotFound):
        across.parse_ref(svc, "nope:first")
    svc.close()


def test_copy_chosen_fields_then_undo_and_redo_in_the_store(two_sessions):
    svc = open_service(two_sessions)
    before = svc.current("s1").checkpoint
    source_before = svc.current("legacy::p2")
    plan = across.plan_copy(svc, across.Ref("legacy::p2"), "s1", ["status", "blockers"])
    assert plan.action == "copy" and set(plan.keys) == {"status", "blockers"}
    out = svc.apply(plan)
    assert out.wrote and out.pre_restore
    now = svc.current("s1").checkpoint
    assert (now.status, now.blockers) == ("blocked", ("db down",))
    assert now.objective == before.objective and now.nextSteps == before.nextSteps
    # the pre-restore snapshot holds what the copy overwrote
    pre = svc.snapshot("s1", out.pre_restore).content
    assert pre == before
    # the source session is untouched
    assert svc.current("legacy::p2") == source_before
    svc.undo("s1")
    assert svc.current("s1").checkpoint == before
    svc.redo("s1")
    assert (svc.current("s1").checkpoint.status, svc.current("s1").checkpoint.blockers) == (
        "blocked",
        ("db down",),
    )
    svc.close()


def test_copy_of_a_snapshot_marks_it_restored(two_sessions):
    svc = open_service(two_sessions)
    out = svc.apply(across.plan_copy(svc, across.Ref("legacy::p2", "older"), "s1"))
    assert out.wrote
    assert svc.current("s1").checkpoint.notes == "n"
    assert {r.name: r.restored_at for r in rows(svc, "legacy::p2")}["older"] is not None
    svc.close()


def test_copy_refused_on_a_conflict_as_a_restore_is(two_sessions):
    svc = open_service(two_sessions)
    plan = across.plan_copy(svc, across.Ref("legacy::p2"), "s1", ["objective"])
    writer = PluginWriter(two_sessions)
    writer.save("s1", notes="saved meanwhile")
    writer.close()
    n = len(rows(svc, "s1"))
    with pytest.raises(Conflict):
        svc.apply(plan)
    assert svc.current("s1").checkpoint.notes == "saved meanwhile"
    assert svc.current("s1").checkpoint.objective == "start"
    assert len(rows(svc, "s1")) == n and not rows(svc, "s1", "pre-restore")
    svc.close()


def test_copy_refuses_bad_sources(two_sessions):
    svc = open_service(two_sessions)
    with pytest.raises(DamagedPayload):
        across.plan_copy(svc, across.Ref("legacy::p2", "broken"), "s1")
    with pytest.raises(CkptError, match="same session"):
        across.plan_copy(svc, across.Ref("s1", "first"), "s1")
    with pytest.raises(CkptError, match="unknown field"):
        across.plan_copy(svc, across.Ref("legacy::p2"), "s1", ["payload"])
    with pytest.raises(NotFound):
        across.plan_copy(svc, across.Ref("legacy::p2"), "missing")
    svc.close()


def test_cli_diff_against_and_copy_then_undo(two_sessions, capsys):
    db = str(two_sessions)
    assert main(["diff", "--db", db, "s1", "first", "--against", "legacy::p2:older", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["from"] == "s1:first" and data["to"] == "legacy::p2:older"
    assert set(data["changed"]) == {"objective", "status", "blockers", "notes"}
    assert main(["diff", "--db", db, "s1", "first", "--against", "legacy::p2"]) == 0
    assert "+++ legacy::p2 (current)" in capsys.readouterr().out

    assert main(["copy", "--db", db, "legacy::p2", "s1", "--fields", "title", "--dry-run"]) == 0
    assert "(dry run: nothing written)" in capsys.readouterr().out
    svc = open_service(two_sessions, read_only=True)
    assert svc.current("s1").checkpoint.title == ""
    assert main(["copy", "--db", db, "legacy::p2", "s1", "--fields", "title", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["action"] == "copy" and out["changed"] == ["title"] and out["wrote"]
    assert svc.current("s1").checkpoint.title == "other"
    assert main(["undo", "--db", db, "s1"]) == 0
    assert svc.current("s1").checkpoint.title == ""
    assert main(["copy", "--db", db, "legacy::p2:broken", "s1"]) == 1
    assert "damaged" in capsys.readouterr().err
    svc.close()


def test_cli_copy_takes_if_unchanged_as_restore_does(two_sessions, capsys):
    db = str(two_sessions)
    assert main(["copy", "--db", db, "legacy::p2", "s1", "--dry-run", "--json"]) == 0
    stamp = json.loads(capsys.readouterr().out)["updatedAt"]
    writer = PluginWriter(two_sessions)
    writer.save("s1", notes="saved meanwhile")
    writer.close()
    args = ["copy", "--db", db, "legacy::p2", "s1", "--fields", "title"]
    assert main([*args, "--if-unchanged", stamp]) == 3  # conflict
    assert "changed" in capsys.readouterr().err
    svc = open_service(two_sessions, read_only=True)
    assert svc.current("s1").checkpoint.title == ""
    # without --if-unchanged the plugin's save is part of the plan: no refusal
    assert main(args) == 0
    cp = svc.current("s1").checkpoint
    assert (cp.title, cp.notes) == ("other", "saved meanwhile")
    svc.close()


def test_copy_skips_damaged_fields_and_refuses_them_by_name(two_sessions):
    conn = connect(two_sessions)
    conn.execute("UPDATE checkpoints SET blockers = 'oops' WHERE session_id = 'legacy::p2'")
    conn.close()
    svc = open_service(two_sessions)
    plan = across.plan_copy(svc, across.Ref("legacy::p2"), "s1")
    assert "blockers" not in plan.keys and "blockers" in plan.skipped
    with pytest.raises(DamagedPayload, match="damaged Blockers"):
        across.plan_copy(svc, across.Ref("legacy::p2"), "s1", ["blockers"])
    svc.apply(plan)
    assert svc.current("s1").checkpoint.blockers == ()
    svc.close()
