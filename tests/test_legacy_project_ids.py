"""Legacy import (SPEC 6, issue 9 point 8): a directory the store does not
know gets the project id opencode has for it; only when opencode does not
know it either is an id derived, and the import says so. A changed file adds
only the history entries not imported yet."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core import legacy
from tests.factory import add_snapshot, connect
from tests.opencode_fixture import copy_fixture
from tests.test_legacy import V1, dump, rows, write_state
from tests.ui_support import run_async, settle

ALPHA = "09a5b575cf1dd75baa9d884ca52ed84b20c56c8c"
BETA = "68da4a745c786fbf0a6d3db0dccb74f7861aece8"


@pytest.fixture(autouse=True)
def _no_opencode_db(monkeypatch):
    monkeypatch.delenv("OPENCODE_DB", raising=False)


@pytest.fixture
def proj(tmp_path) -> Path:
    d = tmp_path / "proj"
    d.mkdir()
    return d


@pytest.fixture
def data(tmp_path) -> Path:
    """opencode's data dir as opencode 1.18.33 wrote it (the fixture), copied."""
    return copy_fixture(tmp_path / "opencode")


def set_worktree(data: Path, project_id: str, worktree: str, *, sandboxes=None) -> None:
    """Point one of opencode's project rows at a directory of this test."""
    conn = sqlite3.connect(data / "opencode.db")
    conn.execute("UPDATE project SET worktree = ? WHERE id = ?", (worktree, project_id))
    if sandboxes is not None:
        conn.execute(
            "UPDATE project SET sandboxes = ? WHERE id = ?", (json.dumps(sandboxes), project_id)
        )
    conn.commit()
    conn.close()


def set_tree_worktree(data: Path, project_id: str, worktree: str) -> None:
    file = data / "storage" / "project" / f"{project_id}.json"
    record = json.loads(file.read_text())
    record["worktree"] = worktree
    file.write_text(json.dumps(record))


def derived(directory: Path) -> str:
    return "dir-" + hashlib.sha256(os.fsencode(os.path.realpath(directory))).hexdigest()[:16]


# -- the project id -----------------------------------------------------------------------


def test_an_unknown_directory_gets_opencodes_project_id(service, store_path, proj, data):
    set_worktree(data, ALPHA, str(proj))
    write_state(proj, V1)

    plan = legacy.plan_import(service, proj, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == (ALPHA, "opencode")
    assert plan.created_project and "opencode's id" in plan.message

    outcome = legacy.import_legacy(service, proj, opencode_data=data)
    assert outcome.project_id == ALPHA and outcome.created_project
    assert outcome.import_id == f"legacy-import:{ALPHA}:{outcome.file.sha256}"
    assert "opencode's id for this directory" in outcome.message
    assert rows(store_path, "SELECT id, directory FROM projects WHERE id = ?", ALPHA) == [
        (ALPHA, str(proj))
    ]
    assert rows(store_path, "SELECT project_id FROM sessions WHERE id = ?", f"legacy::{ALPHA}") == [
        (ALPHA,)
    ]
    assert rows(store_path, "SELECT count(*) FROM projects WHERE id LIKE 'dir-%'") == [(0,)]
    # The same file again is already imported, under the same id.
    assert legacy.import_legacy(service, proj, opencode_data=data).status == legacy.ALREADY


def test_undo_takes_back_exactly_what_an_opencode_id_import_created(
    service, store_path, proj, data
):
    pristine = dump(store_path)
    set_worktree(data, ALPHA, str(proj))
    write_state(proj, V1)
    outcome = legacy.import_legacy(service, proj, opencode_data=data)
    undone = legacy.undo_import(service, outcome.import_id)
    assert undone.deleted_project and undone.deleted_session
    assert dump(store_path) == pristine


def test_a_worktree_recorded_through_a_symlink_still_matches(service, proj, data, tmp_path):
    link = tmp_path / "link"
    link.symlink_to(proj, target_is_directory=True)
    set_worktree(data, BETA, str(link))  # opencode saw the link, we are given the real path
    write_state(proj, V1)
    assert legacy.plan_import(service, proj, opencode_data=data).project_id == BETA


def test_the_old_tree_project_records_are_used_too(service, proj, data):
    (data / "opencode.db").unlink()
    set_tree_worktree(data, BETA, str(proj))
    write_state(proj, V1)
    plan = legacy.plan_import(service, proj, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == (BETA, "opencode")
    assert "storage tree" in plan.message


def test_the_database_wins_over_the_tree(service, proj, data):
    set_worktree(data, ALPHA, str(proj))
    set_tree_worktree(data, BETA, str(proj))
    write_state(proj, V1)
    assert legacy.plan_import(service, proj, opencode_data=data).project_id == ALPHA


def test_a_sandbox_of_an_opencode_project_is_that_project(service, proj, data):
    set_worktree(data, ALPHA, "/elsewhere/main-checkout", sandboxes=[str(proj)])
    write_state(proj, V1)
    assert legacy.plan_import(service, proj, opencode_data=data).project_id == ALPHA


def test_a_directory_the_store_knows_keeps_the_stores_project(service, store_path, proj, data):
    conn = connect(store_path)
    conn.execute(
        "INSERT INTO projects VALUES ('p9', ?, ?, '2026-01-01T00:00:00.000Z', "
        "'2026-01-01T00:00:00.000Z')",
        (str(proj), str(proj)),
    )
    conn.close()
    set_worktree(data, ALPHA, str(proj))
    write_state(proj, V1)
    plan = legacy.plan_import(service, proj, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == ("p9", "store")


def test_only_a_directory_opencode_does_not_know_gets_a_derived_id_and_says_so(service, proj, data):
    write_state(proj, V1)  # the fixture's projects live in /tmp/ocfix/work/...
    outcome = legacy.import_legacy(service, proj, opencode_data=data)
    assert outcome.project_id == derived(proj)
    assert outcome.file.project_source == "derived"
    assert "opencode has no project for this directory" in outcome.message
    assert "derived" in outcome.message


@contextlib.contextmanager
def locked(db: Path):
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def test_an_unreadable_opencode_refuses_rather_than_guessing(
    service, store_path, proj, data, monkeypatch
):
    """opencode.db is busy and the tree does not know the directory: an id
    derived now might differ from opencode's, so nothing is imported."""
    from ckpt_tui.opencode import OpencodeReader

    real = OpencodeReader.__init__

    def quick(self, *args, **kwargs):
        kwargs["busy_timeout_ms"] = 30
        real(self, *args, **kwargs)

    monkeypatch.setattr(OpencodeReader, "__init__", quick)
    set_worktree(data, ALPHA, str(proj))
    write_state(proj, V1)
    before = dump(store_path)
    with locked(data / "opencode.db"):
        plan = legacy.plan_import(service, proj, opencode_data=data)
        assert plan.file.project_source == "derived"
        assert "could not be read" in plan.file.project_note
        with pytest.raises(legacy.LegacyError, match="cannot tell which project opencode has"):
            legacy.import_legacy(service, proj, opencode_data=data)
    assert dump(store_path) == before
    # Given explicitly, it imports.
    assert legacy.import_legacy(service, proj, ALPHA, opencode_data=data).status == "imported"


def test_scan_finds_legacy_files_in_opencodes_projects(service, proj, data):
    """A project last used before the plugin moved to SQLite is in opencode's
    records, not in the store: its legacy file is found all the same."""
    set_worktree(data, BETA, str(proj))
    write_state(proj, V1)
    report = legacy.scan(service, opencode_data=data)
    [item] = report.files
    assert (item.project_id, item.project_source, item.status) == (BETA, "opencode", "importable")
    assert "opencode's id" in item.project_note


# -- command line -------------------------------------------------------------------------


def _import(store_path, capsys, *argv):
    code = main(["legacy", "import", *map(str, argv), "--db", str(store_path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_command_line_says_where_the_id_came_from(store_path, capsys, proj, data, tmp_path):
    set_worktree(data, ALPHA, str(proj))
    write_state(proj, V1)
    code, out, err = _import(store_path, capsys, proj, "--opencode-data", data, "--dry-run")
    assert code == 0, err
    assert ALPHA in out and "opencode's id for this directory" in out
    code, out, err = _import(store_path, capsys, proj, "--opencode-data", data, "--json")
    doc = json.loads(out)
    assert code == 0, err
    assert (doc["projectId"], doc["projectSource"]) == (ALPHA, "opencode")
    assert "opencode's id" in doc["projectNote"]

    other = tmp_path / "other"
    other.mkdir()
    write_state(other, V1)
    code, out, err = _import(store_path, capsys, other, "--opencode-data", data, "--json")
    doc = json.loads(out)
    assert code == 0, err
    assert (doc["projectId"], doc["projectSource"]) == (derived(other), "derived")
    assert "opencode has no project for this directory" in doc["projectNote"]
    third = tmp_path / "third"
    third.mkdir()
    write_state(third, V1)
    code, out, err = _import(store_path, capsys, third, "--opencode-data", data)
    assert code == 0 and "so the id was derived from the directory" in out


# -- the app ----------------------------------------------------------------------------------


@run_async
async def test_the_app_imports_an_opencode_project_and_says_so(store_path, proj, data):
    from ckpt_tui.core.service import open_service
    from ckpt_tui.ui.app import CkptApp

    set_worktree(data, BETA, str(proj))
    write_state(proj, V1)
    app = CkptApp(open_service(store_path), poll=False, opencode_data=str(data))
    notes: list[str] = []
    async with app.run_test(size=(140, 40)) as pilot:
        real_notify = app.notify

        def notify(message, *args, **kwargs):
            notes.append(str(message))
            return real_notify(message, *args, **kwargs)

        app.notify = notify
        await settle(pilot)
        await pilot.press("L")
        await settle(pilot)
        assert [f.project_id for f in app.screen.files] == [BETA]
        await pilot.press("i")
        await settle(pilot)
        dialog = app.screen.body.plain
        assert "opencode's id for this directory" in dialog
        await pilot.press("y")
        await settle(pilot)
    assert any(BETA in n and "opencode's id for this directory" in n for n in notes), notes
    assert rows(store_path, "SELECT id FROM projects WHERE id = ?", BETA) == [(BETA,)]


# -- a changed file --------------------------------------------------------------------------


def _history(*entries):
    data = json.loads(json.dumps(V1))
    data["history"] = [
        {"name": name, "capturedAt": at, "checkpoint": cp} for name, at, cp in entries
    ]
    return data


A = ("a", "2025-03-01T10:00:00.000Z", {"objective": "start"})
B = ("b", 1740830400123, {"objective": "halfway"})
C = ("c", "2025-04-01T00:00:00Z", {"objective": "third"})


@pytest.fixture
def imported(service, proj):
    """``proj``'s legacy file with entries A and B, imported."""
    path = write_state(proj, _history(A, B))
    first = legacy.import_legacy(service, proj)
    assert [s["name"] for s in first.snapshots] == ["legacy-1", "legacy-2"]
    return path, first


def legacy_rows(db: Path, sid: str):
    return rows(
        db,
        "SELECT name, captured_at, payload FROM snapshots WHERE session_id = ? AND kind = 'legacy'"
        " ORDER BY name",
        sid,
    )


def test_one_new_entry_adds_one_snapshot(service, store_path, proj, imported):
    path, first = imported
    path.write_text(json.dumps(_history(A, B, C)))
    outcome = legacy.import_legacy(service, proj)
    assert [(s["name"], s["originalName"]) for s in outcome.snapshots] == [("legacy-3", "c")]
    assert outcome.skipped_entries == 2 and "2 history entries already in" in outcome.message
    assert len(legacy_rows(store_path, first.session_id)) == 3
    # The ledger row records what the import created, so undo takes back just that.
    undone = legacy.undo_import(service, outcome.import_id)
    assert undone.deleted_snapshots == 1
    assert [r[0] for r in legacy_rows(store_path, first.session_id)] == ["legacy-1", "legacy-2"]


def test_same_time_other_content_or_same_content_other_time_is_new(
    service, store_path, proj, imported
):
    path, first = imported
    changed_content = ("a2", A[1], {"objective": "start, reworded"})
    changed_time = ("b2", "2025-03-02T00:00:00.000Z", B[2])
    path.write_text(json.dumps(_history(A, B, changed_content, changed_time)))
    outcome = legacy.import_legacy(service, proj)
    assert [s["originalName"] for s in outcome.snapshots] == ["a2", "b2"]
    assert outcome.skipped_entries == 2


def test_a_repeated_entry_is_kept_as_often_as_the_file_repeats_it(service, proj, imported):
    path, _ = imported
    path.write_text(json.dumps(_history(A, B, A, A)))
    outcome = legacy.import_legacy(service, proj)
    assert [s["originalName"] for s in outcome.snapshots] == ["a", "a"]
    path.write_text(json.dumps(_history(A, B, A, A, B)))
    again = legacy.import_legacy(service, proj)
    assert [s["originalName"] for s in again.snapshots] == ["b"]


def test_a_file_with_nothing_new_writes_only_its_ledger_row(service, store_path, proj, imported):
    path, first = imported
    before = dump(store_path)
    # Same content, other bytes (indented): a new hash, nothing new in it.
    path.write_text(json.dumps(_history(A, B), indent=2))
    outcome = legacy.import_legacy(service, proj)
    assert outcome.status == "imported"
    assert outcome.snapshots == () and not outcome.checkpoint_changed
    assert outcome.skipped_entries == 2
    after = dump(store_path)
    assert {k: v for k, v in after.items() if k != "migrations"} == {
        k: v for k, v in before.items() if k != "migrations"
    }  # not even the session's updated_at moved
    assert len(after["migrations"]) == 2
    assert legacy.classify(service, proj).status == legacy.ALREADY
    legacy.undo_import(service, outcome.import_id)
    assert dump(store_path) == before


def test_entries_the_plugin_imported_count_as_already_there(service, store_path, proj):
    """The plugin may have imported the file itself (epoch-ms times, its own
    key order); the same entries are not added again."""
    conn = connect(store_path)
    conn.execute(
        "INSERT INTO projects VALUES ('p7', ?, ?, '2026-01-01T00:00:00.000Z', "
        "'2026-01-01T00:00:00.000Z')",
        (str(proj), str(proj)),
    )
    conn.execute(
        "INSERT INTO sessions (id, project_id, title, created_at, updated_at) VALUES "
        "('legacy::p7', 'p7', 'Legacy state', '2026-01-01T00:00:00.000Z', "
        "'2026-01-01T00:00:00.000Z')"
    )
    from ckpt_tui.core.model import Checkpoint

    payload = dict(reversed(list(Checkpoint.from_payload(A[2]).to_payload().items())))
    add_snapshot(
        conn, "legacy::p7", "p7", "legacy-1", payload, kind="legacy", at=1740823200000
    )  # A's time, as epoch milliseconds
    conn.close()
    write_state(proj, _history(A, B))
    outcome = legacy.import_legacy(service, proj)
    assert [(s["name"], s["originalName"]) for s in outcome.snapshots] == [("legacy-2", "b")]
    assert outcome.skipped_entries == 1
