"""Legacy state (SPEC 6): discovery, import, changed files, undo, adoption."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest

from ckpt_tui.core import legacy
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.errors import Conflict, NotFound
from tests.factory import add_project, add_session, connect, set_checkpoint
from tests.workers.spawning import spawn

V1 = {
    "plugin": "checkpoint-orchestrator",
    "version": 1,
    "checkpoint": {
        "title": "Legacy title",
        "objective": "ship the parser",
        "status": "blocked",
        "nextSteps": ["write tests", "release"],
        "blockers": ["review"],
        "notes": "from the JSON era",
        "schemaVersion": 1,
        "synthesized": False,
    },
    "history": [
        {
            "name": "first",
            "capturedAt": "2025-03-01T10:00:00.000Z",
            "checkpoint": {"objective": "start", "status": "in_progress"},
        },
        {
            "name": "second",
            "capturedAt": 1740830400123,  # epoch ms
            "checkpoint": {"objective": "halfway", "completedSteps": ["a"]},
        },
    ],
}


def write_state(directory: Path, content) -> Path:
    path = directory / ".opencode" / "state" / "checkpoint.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = content if isinstance(content, bytes | str) else json.dumps(content)
    if isinstance(data, str):
        data = data.encode()
    path.write_bytes(data)
    return path


def rows(db: Path, sql: str, *params):
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def dump(db: Path) -> dict[str, list]:
    """Every row of every table, for before/after comparisons."""
    return {
        t: sorted(rows(db, f"SELECT * FROM {t}"), key=repr)
        for t in ("projects", "sessions", "checkpoints", "snapshots", "migrations")
    }


@pytest.fixture
def proj(tmp_path):
    d = tmp_path / "proj"
    d.mkdir()
    return d


@pytest.fixture
def known(store_path, proj):
    """Project p2 at ``proj`` with a live session s2 that has a checkpoint."""
    conn = connect(store_path)
    add_project(conn, "p2", directory=str(proj))
    add_session(conn, "s2", "p2", title="live")
    set_checkpoint(
        conn,
        "s2",
        "p2",
        Checkpoint(objective="live work", summary="mine", nextSteps=("x",), notes="keep"),
    )
    conn.close()
    return "p2"


# -- classification -------------------------------------------------------------------


def test_foreign_file_is_skipped_and_reported(service, store_path, proj):
    original = dict(V1, plugin="other-tool")
    path = write_state(proj, original)
    before_bytes = path.read_bytes()
    before = dump(store_path)

    report = legacy.scan(service, [proj])
    [item] = report.files
    assert item.status == legacy.FOREIGN
    assert "'other-tool'" in item.reason

    outcome = legacy.import_legacy(service, proj)
    assert outcome.status == legacy.FOREIGN and not outcome.ok
    assert "not ours" in outcome.message
    assert dump(store_path) == before
    assert path.read_bytes() == before_bytes
    assert not legacy.backup_dir(proj).exists()


def test_file_without_plugin_field_is_foreign(service, proj):
    write_state(proj, {"checkpoint": {}, "history": []})
    [item] = legacy.scan(service, [proj]).files
    assert item.status == legacy.FOREIGN
    assert "plugin" in item.reason


def _with(path: list, value):
    data = json.loads(json.dumps(V1))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{not json", "not valid JSON (Expecting property name enclosed in double quotes"),
        (b"\xff\xfe\x00garbage", "not UTF-8 text (bad byte at offset 0)"),
        ([1, 2], "the top level is an array, not an object"),
        (
            _with(
                ["history"],
                [
                    *V1["history"],
                    {"capturedAt": 1, "checkpoint": {}},
                    {"name": "x", "capturedAt": "2025-01-01T00:00:00Z", "checkpoint": "oops"},
                ],
            ),
            "history[3].checkpoint is not an object (it is a string)",
        ),
        (
            _with(["history", 1, "checkpoint"], "oops"),
            "history[1].checkpoint is not an object (it is a string)",
        ),
        (
            _with(["checkpoint", "nextSteps"], ["ok", 7]),
            "checkpoint.nextSteps[1] is not a string (it is a number)",
        ),
        (
            _with(["checkpoint", "objective"], None),
            "checkpoint.objective is not a string (it is null)",
        ),
        (_with(["history"], {"a": 1}), "history is not an array (it is an object)"),
        (
            _with(["history", 0, "capturedAt"], "yesterday"),
            "history[0].capturedAt is not a timestamp (ISO 8601 or epoch milliseconds): 'yesterday'",
        ),
        (_with(["version"], 2), "version 2 is not supported (this ckpt-tui reads version 1)"),
        ({"plugin": "checkpoint-orchestrator", "version": 1}, "checkpoint is missing"),
    ],
)
def test_damaged_file_is_reported_with_its_reason(service, store_path, proj, content, reason):
    write_state(proj, content)
    before = dump(store_path)
    [item] = legacy.scan(service, [proj]).files
    assert item.status == legacy.DAMAGED
    assert item.reason.startswith(reason), item.reason
    outcome = legacy.import_legacy(service, proj)
    assert outcome.status == legacy.DAMAGED
    assert dump(store_path) == before


def test_scan_finds_files_in_known_project_directories(service, known, proj, tmp_path):
    write_state(proj, V1)
    other = tmp_path / "elsewhere"
    other.mkdir()
    write_state(other, dict(V1, plugin="x"))
    report = legacy.scan(service)  # no --scan: only the store's directories
    assert [(f.project_id, f.project_source, f.status) for f in report.files] == [
        ("p2", "store", legacy.IMPORTABLE)
    ]
    both = legacy.scan(service, [other, proj])  # proj is found once, not twice
    assert sorted(f.status for f in both.files) == [legacy.FOREIGN, legacy.IMPORTABLE]


def test_scan_of_a_missing_directory_is_an_error(service, tmp_path):
    with pytest.raises(NotFound):
        legacy.scan(service, [tmp_path / "nope"])


# -- import ---------------------------------------------------------------------------------


def test_import_copies_original_and_creates_rows(service, store_path, known, proj):
    path = write_state(proj, V1)
    raw = path.read_bytes()
    sha = hashlib.sha256(raw).hexdigest()

    outcome = legacy.import_legacy(service, proj)

    assert outcome.status == "imported", outcome.message
    assert outcome.project_id == "p2" and not outcome.created_project
    assert path.read_bytes() == raw  # never moved or deleted
    backup = legacy.backup_path(proj, sha)
    assert backup.read_bytes() == raw
    assert backup.parent == proj / ".opencode/state/checkpoint-orchestrator/migration-backups"

    assert rows(store_path, "SELECT project_id, title FROM sessions WHERE id='legacy::p2'") == [
        ("p2", "Legacy state")
    ]
    cp = service.current("legacy::p2").checkpoint
    assert cp == Checkpoint.from_payload(V1["checkpoint"])
    snaps = rows(
        store_path,
        "SELECT name, kind, captured_at, payload FROM snapshots WHERE session_id='legacy::p2' "
        "ORDER BY name",
    )
    assert [(n, k, t) for n, k, t, _ in snaps] == [
        ("legacy-1", "legacy", "2025-03-01T10:00:00.000Z"),
        ("legacy-2", "legacy", "2025-03-01T12:00:00.123Z"),
    ]
    assert json.loads(snaps[1][3])["objective"] == "halfway"

    [(mid, pid, details)] = rows(store_path, "SELECT id, project_id, details FROM migrations")
    assert mid == f"legacy-import:p2:{sha}" and pid == "p2"
    details = json.loads(details)
    assert details["file"] == str(path)
    assert details["sha256"] == sha
    assert details["backup"] == str(backup)
    assert details["entries"] == 2


def test_import_twice_is_a_noop(service, store_path, known, proj):
    write_state(proj, V1)
    first = legacy.import_legacy(service, proj)
    assert first.status == "imported"
    before = dump(store_path)

    again = legacy.import_legacy(service, proj)

    assert again.status == legacy.ALREADY and again.ok
    assert "already imported" in again.message
    assert dump(store_path) == before
    assert legacy.classify(service, proj).status == legacy.ALREADY


def test_unknown_directory_outside_git_is_opencodes_global_project(
    service, store_path, tmp_path
):
    """opencode files every directory outside git under ``global`` (SPEC 6);
    the project row keeps the directory as given and its realpath."""
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    write_state(real, V1)

    plan = legacy.plan_import(service, link)
    assert (plan.project_id, plan.file.project_source) == ("global", "global")
    assert plan.created_project
    outcome = legacy.import_legacy(service, link)
    assert outcome.project_id == "global"
    assert rows(store_path, "SELECT directory, canonical FROM projects WHERE id='global'") == [
        (str(link), os.path.realpath(real))
    ]
    # The same file through the real path is the same project, already imported.
    assert legacy.import_legacy(service, real).status == legacy.ALREADY


def test_preview_says_what_import_creates_and_writes_nothing(service, store_path, known, proj):
    write_state(proj, V1)
    before = dump(store_path)
    plan = legacy.plan_import(service, proj)
    assert dump(store_path) == before
    assert not legacy.backup_dir(proj).exists()
    assert plan.status == "would-import" and plan.dry_run
    assert plan.created_session and not plan.created_project
    assert [s["name"] for s in plan.snapshots] == ["legacy-1", "legacy-2"]

    done = legacy.import_legacy(service, proj)
    assert [s["name"] for s in done.snapshots] == [s["name"] for s in plan.snapshots]
    assert done.import_id == plan.import_id


def test_import_refuses_a_file_changed_since_the_preview(service, store_path, known, proj):
    path = write_state(proj, V1)
    plan = legacy.plan_import(service, proj)
    path.write_text(json.dumps(dict(V1, history=[])))
    with pytest.raises(Conflict):
        legacy.import_legacy(service, proj, expected_sha256=plan.file.sha256)
    assert rows(store_path, "SELECT count(*) FROM migrations") == [(0,)]


def test_six_processes_importing_one_file_import_once(service, store_path, proj):
    """All six are past their set-up and released together by one gate."""
    write_state(proj, V1)
    procs = [spawn("legacy_import_worker", store_path, proj) for _ in range(6)]
    try:
        for p in procs:
            assert p.stdout.readline().strip() == "ready", p.stderr.read()
        for p in procs:  # open the gate for all of them
            p.stdin.write("go\n")
            p.stdin.flush()
        results = []
        for p in procs:
            out, err = p.communicate(timeout=120)
            assert p.returncode == 0, (out, err)
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    statuses = sorted(r["status"] for r in results)
    assert statuses == ["already-imported"] * 5 + ["imported"]
    assert len({r["projectId"] for r in results}) == 1
    assert rows(store_path, "SELECT count(*) FROM migrations") == [(1,)]
    assert rows(store_path, "SELECT count(*) FROM sessions WHERE id LIKE 'legacy::%'") == [(1,)]
    assert rows(store_path, "SELECT count(*) FROM snapshots WHERE kind='legacy'") == [(2,)]
    assert rows(store_path, "SELECT count(*) FROM projects WHERE id = 'global'") == [(1,)]


def _v2():
    data = json.loads(json.dumps(V1))
    data["checkpoint"]["objective"] = "ship the parser, take two"
    data["checkpoint"]["status"] = "in_progress"
    data["history"].append(
        {"name": "third", "capturedAt": "2025-04-01T00:00:00Z", "checkpoint": {"objective": "3"}}
    )
    return data


def test_changed_file_imports_as_new_snapshots_in_the_same_session(
    service, store_path, known, proj
):
    path = write_state(proj, V1)
    legacy.import_legacy(service, proj)
    path.write_text(json.dumps(_v2()))

    outcome = legacy.import_legacy(service, proj)

    assert outcome.status == "imported"
    assert not outcome.created_session
    # Only the entry not imported yet is added (SPEC 6; it re-added all three before).
    assert [s["name"] for s in outcome.snapshots] == ["legacy-3"]
    assert outcome.snapshots[0]["originalName"] == "third"
    assert outcome.skipped_entries == 2
    assert set(outcome.changed) == {"objective", "status"}
    assert rows(store_path, "SELECT count(*) FROM sessions WHERE id LIKE 'legacy::%'") == [(1,)]
    assert rows(store_path, "SELECT count(*) FROM migrations") == [(2,)]
    cp = service.current("legacy::p2").checkpoint
    assert cp.objective == "ship the parser, take two"
    [(payload,)] = rows(
        store_path,
        "SELECT payload FROM snapshots WHERE session_id='legacy::p2' AND kind='pre-restore'",
    )
    assert Checkpoint.from_payload(json.loads(payload)) == Checkpoint.from_payload(V1["checkpoint"])
    names = [n for (n,) in rows(store_path, "SELECT name FROM snapshots WHERE kind='legacy'")]
    assert sorted(names) == [f"legacy-{n}" for n in range(1, 4)]


def test_undo_import_takes_imports_back_newest_first(service, store_path, known, proj):
    pristine = dump(store_path)
    path = write_state(proj, V1)
    first = legacy.import_legacy(service, proj)
    after_first = dump(store_path)
    path.write_text(json.dumps(_v2()))
    second = legacy.import_legacy(service, proj)

    with pytest.raises(legacy.LegacyError, match="undo it first"):
        legacy.undo_import(service, first.import_id)

    undone = legacy.undo_import(service, second.import_id)
    assert undone.checkpoint_reverted and not undone.deleted_session
    assert service.current("legacy::p2").checkpoint == Checkpoint.from_payload(V1["checkpoint"])
    names = {n for (n,) in rows(store_path, "SELECT name FROM snapshots WHERE kind='legacy'")}
    assert names == {"legacy-1", "legacy-2"}
    assert {r[0] for r in dump(store_path)["migrations"]} == {first.import_id}
    # Nothing the second import made is left: no stray pre-restore either.
    now = dump(store_path)
    assert now["snapshots"] == after_first["snapshots"]
    assert now["migrations"] == after_first["migrations"]

    gone = legacy.undo_import(service, first.import_id)
    assert gone.deleted_session
    assert dump(store_path) == pristine
    assert path.exists() and legacy.backup_path(proj, first.file.sha256).exists()

    # And it can be imported again.
    assert legacy.import_legacy(service, proj).status == "imported"


def test_undo_of_an_import_that_created_the_project_removes_it(service, store_path, proj):
    pristine = dump(store_path)
    write_state(proj, V1)
    outcome = legacy.import_legacy(service, proj)
    assert outcome.created_project
    undone = legacy.undo_import(service, outcome.import_id)
    assert undone.deleted_project and undone.deleted_session
    assert dump(store_path) == pristine


# -- adoption -----------------------------------------------------------------------------


def _checkpoint_columns(db: Path, session_id: str) -> dict:
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    row = dict(
        conn.execute("SELECT * FROM checkpoints WHERE session_id=?", (session_id,)).fetchone()
    )
    conn.close()
    row.pop("updated_at")
    return row


@pytest.mark.parametrize("snapshot", [None, "legacy-2"])
def test_adoption_then_undo_returns_the_target_exactly(service, store_path, known, proj, snapshot):
    write_state(proj, V1)
    legacy.import_legacy(service, proj)
    before = _checkpoint_columns(store_path, "s2")

    plan = legacy.plan_adoption(service, "p2", "s2", snapshot)
    assert plan.action == "adopt" and plan.keys
    outcome = service.apply(plan)
    assert outcome.wrote
    adopted = service.current("s2").checkpoint
    expected = (
        Checkpoint.from_payload(V1["checkpoint"])
        if snapshot is None
        else Checkpoint.from_payload(V1["history"][1]["checkpoint"])
    )
    assert adopted == expected
    if snapshot:
        [(restored_at,)] = rows(
            store_path,
            "SELECT restored_at FROM snapshots WHERE session_id='legacy::p2' AND name='legacy-2'",
        )
        assert restored_at is not None

    service.undo("s2")

    assert _checkpoint_columns(store_path, "s2") == before


def test_adoption_refuses_a_session_of_another_project(service, store_path, known, proj):
    write_state(proj, V1)
    legacy.import_legacy(service, proj)
    before = dump(store_path)
    with pytest.raises(legacy.LegacyError, match="belongs to project 'p1'"):
        legacy.plan_adoption(service, "p2", "s1")
    with pytest.raises(legacy.LegacyError, match="legacy session"):
        legacy.plan_adoption(service, "p2", "legacy::p2")
    assert dump(store_path) == before


def test_adoption_without_imported_legacy_state_says_how(service, known):
    with pytest.raises(NotFound, match="legacy import"):
        legacy.plan_adoption(service, "p2", "s2")


def test_undo_import_keeps_later_edits_as_a_pre_restore(service, store_path, known, proj):
    """The legacy checkpoint was changed after the import: undo keeps that
    state in a pre-restore snapshot and keeps the session it now holds."""
    write_state(proj, V1)
    outcome = legacy.import_legacy(service, proj)
    conn = connect(store_path)
    set_checkpoint(conn, "legacy::p2", "p2", Checkpoint(objective="edited later"))
    conn.close()

    undone = legacy.undo_import(service, outcome.import_id)

    assert not undone.deleted_session and undone.pre_restore
    assert service.current("legacy::p2").checkpoint is None
    [(payload,)] = rows(store_path, "SELECT payload FROM snapshots WHERE session_id='legacy::p2'")
    assert json.loads(payload)["objective"] == "edited later"
    assert rows(store_path, "SELECT count(*) FROM migrations") == [(0,)]


def test_undo_import_with_a_broken_journal_is_done_and_warns(service, store_path, proj):
    """The undo of an import commits first; a journal that cannot be used
    afterwards is a warning on the outcome, not a failure that did not happen."""
    write_state(proj, V1)
    outcome = legacy.import_legacy(service, proj)
    journal = service.journal._args[0]
    service.journal.close()
    service.journal._file = None
    for suffix in ("", "-wal", "-shm"):
        journal.with_name(journal.name + suffix).unlink(missing_ok=True)
    journal.mkdir(parents=True)  # a directory where the journal file was
    undone = legacy.undo_import(service, outcome.import_id)
    assert undone.deleted_session and "Warning" in undone.message
    assert rows(store_path, "SELECT id FROM sessions WHERE id=?", outcome.session_id) == []
