"""The command line of legacy scan/import/imports/undo, adopt and handoff."""

from __future__ import annotations

import json
import sqlite3

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.model import Checkpoint
from tests.factory import add_project, add_session, connect, set_checkpoint
from tests.test_legacy import V1, write_state


@pytest.fixture
def proj(tmp_path, store_path):
    d = tmp_path / "proj"
    d.mkdir()
    conn = connect(store_path)
    add_project(conn, "p2", directory=str(d))
    add_session(conn, "s2", "p2", title="live")
    set_checkpoint(conn, "s2", "p2", Checkpoint(objective="live work", nextSteps=("x",)))
    conn.close()
    return d


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    return code, json.loads(out), err


def count(db, sql):
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchone()[0]
    finally:
        conn.close()


def test_scan_reports_each_kind(capsys, store_path, proj, tmp_path):
    write_state(proj, V1)
    foreign, damaged = tmp_path / "foreign", tmp_path / "damaged"
    foreign.mkdir()
    damaged.mkdir()
    write_state(foreign, dict(V1, plugin="someone-else"))
    write_state(damaged, dict(V1, history=[{"capturedAt": 1, "checkpoint": []}]))

    code, data, _ = run_json(
        capsys,
        "legacy",
        "scan",
        "--db",
        str(store_path),
        "--scan",
        str(foreign),
        "--scan",
        str(damaged),
    )

    assert code == 0
    assert data["counts"] == {"importable": 1, "already-imported": 0, "foreign": 1, "damaged": 1}
    by_status = {item["status"]: item for item in data["items"]}
    assert by_status["importable"]["projectId"] == "p2"
    assert by_status["importable"]["importId"].startswith("legacy-import:p2:")
    assert "someone-else" in by_status["foreign"]["reason"]
    assert (
        by_status["damaged"]["reason"] == "history[0].checkpoint is not an object (it is an array)"
    )

    code, out, _ = run(capsys, "legacy", "scan", "--db", str(store_path), "--scan", str(damaged))
    assert code == 0 and "history[0].checkpoint is not an object" in out


def test_import_dry_run_then_import_then_again(capsys, store_path, proj):
    write_state(proj, V1)
    db = str(store_path)

    code, plan, _ = run_json(capsys, "legacy", "import", str(proj), "--db", db, "--dry-run")
    assert code == 0 and plan["status"] == "would-import" and plan["dryRun"] is True
    assert count(store_path, "SELECT count(*) FROM migrations") == 0

    code, done, _ = run_json(capsys, "legacy", "import", str(proj), "--db", db)
    assert code == 0 and done["status"] == "imported"
    assert [s["name"] for s in done["snapshots"]] == ["legacy-1", "legacy-2"]
    assert done["session"] == "legacy::p2" and done["createdSession"] is True

    code, again, _ = run_json(capsys, "legacy", "import", str(proj), "--db", db)
    assert code == 0 and again["status"] == "already-imported"
    assert count(store_path, "SELECT count(*) FROM migrations") == 1

    code, listed, _ = run_json(capsys, "legacy", "imports", "--db", db)
    assert [i["id"] for i in listed["items"]] == [done["importId"]]
    assert listed["items"][0]["undoable"] is True

    code, undone, _ = run_json(capsys, "legacy", "undo", done["importId"], "--db", db)
    assert code == 0 and undone["deletedSession"] is True
    assert count(store_path, "SELECT count(*) FROM sessions WHERE id='legacy::p2'") == 0


def test_import_of_a_foreign_file_exits_1_with_the_report(capsys, store_path, proj):
    write_state(proj, dict(V1, plugin="other"))
    code, data, _ = run_json(capsys, "legacy", "import", str(proj), "--db", str(store_path))
    assert code == 1 and data["status"] == "foreign"
    code, out, _ = run(capsys, "legacy", "import", str(proj), "--db", str(store_path))
    assert code == 1 and out.startswith("skipped ")


def test_import_without_a_file_is_one_line_error(capsys, store_path, proj):
    code, out, err = run(capsys, "legacy", "import", str(proj), "--db", str(store_path))
    assert code == 4 and out == ""  # not found
    assert err.startswith("ckpt-tui: no legacy state file at ") and err.count("\n") == 1


def test_adopt_dry_run_adopt_and_undo(capsys, store_path, proj):
    write_state(proj, V1)
    db = str(store_path)
    run(capsys, "legacy", "import", str(proj), "--db", db)

    code, dry, _ = run_json(
        capsys, "adopt", "p2", "s2", "--snapshot", "legacy-1", "--db", db, "--dry-run"
    )
    assert code == 0 and dry["dryRun"] is True and "objective" in dry["changed"]
    assert dry["source"]["snapshot"] == "legacy-1"
    assert count(store_path, "SELECT objective FROM checkpoints WHERE session_id='s2'") == (
        "live work"
    )

    code, done, _ = run_json(capsys, "adopt", "p2", "s2", "--db", db)
    assert code == 0 and done["wrote"] is True and done["preRestore"].startswith("pre-restore-")
    assert count(store_path, "SELECT objective FROM checkpoints WHERE session_id='s2'") == (
        "ship the parser"
    )

    code, _, _ = run(capsys, "undo", "s2", "--db", db)
    assert code == 0
    assert count(store_path, "SELECT objective FROM checkpoints WHERE session_id='s2'") == (
        "live work"
    )
    assert count(store_path, "SELECT next_steps FROM checkpoints WHERE session_id='s2'") == (
        '["x"]'
    )


def test_adopt_into_another_projects_session_is_refused(capsys, store_path, proj):
    write_state(proj, V1)
    run(capsys, "legacy", "import", str(proj), "--db", str(store_path))
    code, out, err = run(capsys, "adopt", "p2", "s1", "--db", str(store_path))
    assert code == 1 and out == ""
    assert "belongs to project 'p1'" in err and err.count("\n") == 1


def test_handoff_writes_the_file_or_prints_it(capsys, store_path, proj):
    db = str(store_path)
    code, data, _ = run_json(capsys, "handoff", "s2", "--db", db)
    assert code == 0
    path = proj / ".opencode/state/checkpoint-orchestrator/handoff-s2.md"
    assert data["path"] == str(path) and path.is_file()
    assert data["bytes"] == path.stat().st_size
    assert data["source"]["kind"] == "checkpoint"

    code, out, _ = run(capsys, "handoff", "s2", "--db", db, "--stdout")
    assert code == 0 and out.startswith("# Hand-off: live work\n") and "## Next\n\n- x" in out

    code, data, _ = run_json(capsys, "handoff", "s1", "--db", db, "--stdout", "--snapshot", "first")
    assert code == 0 and data["path"] is None and data["source"]["snapshot"] == "first"
    assert "## Blockers\n\n- x" in data["markdown"]


def test_handoff_for_a_project_whose_directory_is_gone(capsys, store_path, tmp_path):
    conn = connect(store_path)
    add_project(conn, "gone", directory=str(tmp_path / "deleted"))
    add_session(conn, "s9", "gone")
    set_checkpoint(conn, "s9", "gone", Checkpoint(objective="o"))
    conn.close()
    code, out, err = run(capsys, "handoff", "s9", "--db", str(store_path))
    assert code == 1 and out == ""
    assert "no longer exists" in err and "--stdout" in err and err.count("\n") == 1
    code, out, _ = run(capsys, "handoff", "s9", "--db", str(store_path), "--stdout")
    assert code == 0 and "## Objective\n\no\n" in out
