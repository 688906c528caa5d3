"""Explicit migration 1 -> 2 (SPEC 4): every row kept, keys intact, a backup first."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from urllib.parse import quote

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.store import migrate
from ckpt_tui.store.schema import ddl
from tests.factory import (
    add_project,
    add_session,
    add_snapshot,
    connect,
    new_store,
    set_checkpoint,
)

TABLES = ("projects", "sessions", "checkpoints", "snapshots", "session_runtime", "migrations")


def v1_store(path: Path) -> Path:
    """A version 1 store with a row in every table, parent links and odd values."""
    new_store(path, version=1)
    conn = connect(path)
    add_project(conn, "p1", "/work/one", at="2026-10-01T08:00:00.000Z")
    add_project(conn, "p2", "/work/two", at=1790000000000)  # epoch ms survives as an integer
    add_session(conn, "s1", "p1", title="root", at="2026-10-01T09:00:00.000Z")
    add_session(conn, "s2", "p1", title="child", parent="s1", at="2026-10-01T09:10:00.000Z")
    add_session(conn, "s3", "p1", title=None, parent="s2", at="2026-10-01T09:20:00.000Z")
    add_session(conn, "s4", "p2", title="orphan child", parent="ses_not_in_store")
    add_session(conn, "legacy::p2", "p2", title="Legacy state")
    set_checkpoint(conn, "s1", "p1", Checkpoint(objective="o1", nextSteps=("a", "b")))
    set_checkpoint(conn, "s2", "p1", Checkpoint(title="t2", status="blocked", synthesized=True))
    set_checkpoint(conn, "legacy::p2", "p2", Checkpoint(notes="legacy ünïcode ✓"))
    for i, kind in enumerate(("auto", "manual", "pre-restore", "compaction", "legacy", "odd")):
        add_snapshot(
            conn, "s1", "p1", f"{kind}-{i}", Checkpoint(summary=f"sum {i}").to_payload(),
            kind=kind, at=f"2026-10-01T10:0{i}:00.000Z",
        )
    add_snapshot(conn, "s2", "p1", "damaged", "[1, 2", at="2026-10-01T11:00:00.000Z")
    conn.execute("UPDATE snapshots SET restored_at='2026-10-02T00:00:00.000Z' WHERE name='auto-0'")
    conn.execute(
        "INSERT INTO session_runtime VALUES ('s1', 3, 'abc123', '2026-10-01T10:00:00.000Z', "
        "'2026-10-01T10:00:00.000Z')"
    )
    conn.execute("INSERT INTO session_runtime (session_id, updated_at) VALUES ('s2', 't')")
    conn.execute(
        "INSERT INTO migrations VALUES ('legacy-import:p2:deadbeef', 'p2', "
        "'2026-10-01T07:00:00.000Z', ?)",
        (json.dumps({"snapshots": 1}),),
    )
    conn.execute("INSERT INTO migrations VALUES ('other', NULL, 't', NULL)")
    conn.close()
    return path


def dump(path: Path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)
    try:
        out = {}
        for table in TABLES:
            cols = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
            out[table] = sorted(
                conn.execute(f"SELECT {', '.join(cols)} FROM {table}").fetchall(), key=repr
            )
        return out
    finally:
        conn.close()


def pragma(path: Path, sql: str) -> list:
    conn = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def file_state(path: Path) -> tuple:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.v*-backup-*"))


def test_migrate_v1_to_v2_keeps_every_row(tmp_path, capsys):
    path = v1_store(tmp_path / "checkpoints.db")
    rows_before = dump(path)
    assert sum(len(v) for v in rows_before.values()) > 20

    assert main(["migrate", "--db", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["from"] == 1 and result["to"] == 2
    assert set(result) >= {"from", "to", "backup", "message"}

    assert dump(path) == rows_before
    assert pragma(path, "PRAGMA user_version") == [(2,)]
    assert pragma(path, "PRAGMA foreign_key_check") == []
    assert pragma(path, "PRAGMA integrity_check") == [("ok",)]
    index = pragma(path, "SELECT sql FROM sqlite_master WHERE name='projects_directory_idx'")
    assert index and "projects(directory)" in index[0][0].replace(" ", "")
    projects_sql = pragma(path, "SELECT sql FROM sqlite_master WHERE name='projects'")[0][0]
    assert "UNIQUE" not in projects_sql.upper()
    assert not [
        r for r in pragma(path, "PRAGMA index_list(projects)") if r[3] == "u"
    ], "a UNIQUE autoindex survived"

    # The foreign keys of the other tables still point at projects and sessions.
    assert {r[2] for r in pragma(path, "PRAGMA foreign_key_list(sessions)")} == {"projects"}
    assert {r[2] for r in pragma(path, "PRAGMA foreign_key_list(checkpoints)")} == {"sessions"}

    # The schema now matches a brand-new version 2 store, column for column.
    fresh = new_store(tmp_path / "fresh.db")
    for table in TABLES:
        assert pragma(path, f"PRAGMA table_info({table})") == pragma(
            fresh, f"PRAGMA table_info({table})"
        )
        assert sorted(pragma(path, f"PRAGMA index_list({table})"), key=lambda r: r[1]) == sorted(
            pragma(fresh, f"PRAGMA index_list({table})"), key=lambda r: r[1]
        ) or table == "projects"
    assert sorted(r[1] for r in pragma(path, "PRAGMA index_list(projects)")) == sorted(
        r[1] for r in pragma(fresh, "PRAGMA index_list(projects)")
    )

    # UNIQUE is gone: a checkout and a worktree may share a directory.
    conn = connect(path)
    add_project(conn, "p3", "/work/one")
    add_project(conn, "p4", "/work/one")
    # ... and cascades still work through the rebuilt table.
    conn.execute("DELETE FROM projects WHERE id='p1'")
    assert conn.execute("SELECT count(*) FROM sessions WHERE project_id='p1'").fetchone() == (0,)
    assert conn.execute("SELECT count(*) FROM snapshots WHERE project_id='p1'").fetchone() == (0,)
    assert pragma(path, "PRAGMA foreign_key_check") == []
    conn.close()

    # The backup sits next to the store and is a valid version 1 copy.
    found = backups(path)
    assert len(found) == 1 and str(found[0]) == result["backup"]
    assert found[0].parent == path.parent
    assert pragma(found[0], "PRAGMA user_version") == [(1,)]
    assert pragma(found[0], "PRAGMA integrity_check") == [("ok",)]
    assert dump(found[0]) == rows_before
    conn = connect(found[0])
    with pytest.raises(sqlite3.IntegrityError):
        add_project(conn, "p9", "/work/one")
    conn.close()


def test_migrated_store_is_usable(tmp_path):
    path = v1_store(tmp_path / "checkpoints.db")
    assert main(["migrate", "--db", str(path)]) == 0
    svc = open_service(path)
    try:
        assert svc.store.version == 2
        assert {p.id for p in svc.projects().rows} == {"p1", "p2"}
        assert svc.restore("s1", "manual-1").wrote
        assert svc.undo("s1").wrote
        assert svc.current("s1").checkpoint.objective == "o1"
    finally:
        svc.close()


def test_migrate_text_output(tmp_path, capsys):
    path = v1_store(tmp_path / "checkpoints.db")
    assert main(["migrate", "--db", str(path)]) == 0
    out = capsys.readouterr()
    assert "from version 1 to 2" in out.out and out.err == ""


@pytest.mark.parametrize("dirname", ["with space", "hash#dir", "what?dir", "pct%41dir"])
def test_migrate_path_with_uri_characters(tmp_path, dirname, capsys):
    """The backup opens the store through a URI: the path must be quoted, or
    the backup silently copies some other (empty) file."""
    folder = tmp_path / dirname
    folder.mkdir()
    path = v1_store(folder / "checkpoints.db")
    rows = dump(path)
    listing_before = set(tmp_path.iterdir())
    assert main(["migrate", "--db", str(path)]) == 0
    capsys.readouterr()
    (backup,) = backups(path)
    assert dump(backup) == rows
    assert set(tmp_path.iterdir()) == listing_before, "a stray file was created"


def test_migrate_on_v2_is_a_noop(tmp_path, capsys):
    path = new_store(tmp_path / "checkpoints.db")
    conn = connect(path)
    add_project(conn)
    conn.close()
    before = file_state(path)
    assert main(["migrate", "--db", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["from"] == result["to"] == 2 and result["backup"] is None
    assert file_state(path) == before
    assert backups(path) == []
    assert migrate.migrate_file(path)[:2] == (2, 2)


def test_migrate_on_v3_is_refused(tmp_path, capsys):
    path = new_store(tmp_path / "checkpoints.db")
    conn = connect(path)
    conn.execute("PRAGMA user_version=3")
    conn.close()
    before = file_state(path)
    assert main(["migrate", "--db", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "3" in err and "Traceback" not in err
    assert file_state(path) == before
    assert backups(path) == []
    with pytest.raises(Exception, match="newer"):
        migrate.migrate_file(path)


def test_opening_v1_never_migrates_even_when_writing(tmp_path):
    path = v1_store(tmp_path / "checkpoints.db")
    svc = open_service(path)
    try:
        svc.sessions()
        assert svc.restore("s1", "manual-1").wrote
        svc.snapshot_create("s1", "mine")
    finally:
        svc.close()
    assert pragma(path, "PRAGMA user_version") == [(1,)]
    assert [r for r in pragma(path, "PRAGMA index_list(projects)") if r[3] == "u"]
    assert not pragma(path, "SELECT 1 FROM sqlite_master WHERE name='projects_directory_idx'")
    assert backups(path) == []


def test_migration_rechecks_version_under_the_lock(tmp_path, monkeypatch):
    """Another process migrates between our version probe and our lock: no second step."""
    path = v1_store(tmp_path / "checkpoints.db")
    rows = dump(path)
    real_backup = migrate.backup
    other_ran = []

    def backup_then_race(p, version):
        copy = real_backup(p, version)
        if not other_ran:
            other_ran.append(True)
            # The "other process": runs the whole migration in its own connection.
            conn = sqlite3.connect(p, isolation_level=None)
            conn.execute("PRAGMA foreign_keys=OFF")
            conn.execute("BEGIN IMMEDIATE")
            migrate.STEPS[1](conn)
            conn.execute("PRAGMA user_version=2")
            conn.execute("COMMIT")
            conn.close()
        return copy

    monkeypatch.setattr(migrate, "backup", backup_then_race)
    start, end, _copy = migrate.migrate_file(path)
    assert other_ran and (start, end) == (1, 2)
    assert dump(path) == rows
    assert pragma(path, "PRAGMA integrity_check") == [("ok",)]
    assert pragma(path, "PRAGMA user_version") == [(2,)]


def test_failed_migration_rolls_back(tmp_path, monkeypatch):
    path = v1_store(tmp_path / "checkpoints.db")
    rows = dump(path)

    def broken(conn):
        migrate._v1_to_v2(conn)
        raise RuntimeError("disk on fire")

    monkeypatch.setitem(migrate.STEPS, 1, broken)
    with pytest.raises(RuntimeError):
        migrate.migrate_file(path)
    assert pragma(path, "PRAGMA user_version") == [(1,)]
    assert dump(path) == rows
    assert [r for r in pragma(path, "PRAGMA index_list(projects)") if r[3] == "u"]


def test_migrate_empty_v0_file_creates_v2(tmp_path):
    path = tmp_path / "zero.db"
    sqlite3.connect(path).close()
    start, end, copy = migrate.migrate_file(path)
    assert (start, end, copy) == (0, 2, None)
    fresh = new_store(tmp_path / "fresh.db")
    assert pragma(path, "SELECT name, sql FROM sqlite_master ORDER BY name") == pragma(
        fresh, "SELECT name, sql FROM sqlite_master ORDER BY name"
    )
    assert len(ddl(2)) == len(pragma(path, "SELECT 1 FROM sqlite_master WHERE sql IS NOT NULL"))
