"""Copying an archived snapshot back into a local session: the same plan,
pre-restore snapshot, undo and redo as a restore, from a snapshot the
plugin has pruned from the store."""

from __future__ import annotations

import sqlite3

from tests.archive_support import cli_json, make_store, run_cli
from tests.factory import PluginWriter, add_snapshot, connect


def _checkpoint_row(path) -> tuple:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT * FROM checkpoints WHERE session_id='s1'").fetchone()
    finally:
        conn.close()


def _snapshots(path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT name, kind FROM snapshots WHERE session_id='s1'").fetchall()
    finally:
        conn.close()


def test_a_pruned_snapshot_copied_back_is_undone_exactly_and_redone(archive, tmp_path):
    path = make_store(tmp_path / "s.db", snapshots=2)
    url = archive.url()
    assert run_cli("archive", "push", url, "--db", str(path)).returncode == 0
    writer = PluginWriter(path, history_limit=2)  # n0 is pruned by these saves
    writer.save("s1", objective="later work", nextSteps=["ship"])
    writer.save("s1", objective="latest work")
    writer.close()
    assert ("n0", "manual") not in _snapshots(path)
    assert run_cli("archive", "push", url, "--db", str(path)).returncode == 0
    before = _checkpoint_row(path)

    dry = run_cli("copy", "archive:s1:n0", "s1", "--db", str(path), "--archive", url, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "pruned from its store" in dry.stdout and "(dry run: nothing written)" in dry.stdout
    assert _checkpoint_row(path) == before

    copied = cli_json("copy", "archive:s1:n0", "s1", "--db", str(path), "--archive", url)
    assert copied["wrote"] and set(copied["changed"]) >= {"objective", "nextSteps"}
    after = cli_json("show", "s1", "--db", str(path))
    assert after["checkpoint"]["objective"] == "s1 step 0"
    assert after["checkpoint"]["nextSteps"] == ["next 0"]
    pre = [name for name, kind in _snapshots(path) if kind == "pre-restore"]
    assert len(pre) == 1  # what the copy overwrote, kept as a restore keeps it

    assert run_cli("undo", "s1", "--db", str(path)).returncode == 0
    assert _checkpoint_row(path)[2:-1] == before[2:-1]  # every column but updated_at
    assert run_cli("redo", "s1", "--db", str(path)).returncode == 0
    assert cli_json("show", "s1", "--db", str(path))["checkpoint"]["objective"] == "s1 step 0"


def test_copy_of_chosen_fields_and_by_origin(archive, tmp_path):
    path = make_store(tmp_path / "s.db", snapshots=2)
    url = archive.url()
    assert run_cli("archive", "push", url, "--db", str(path)).returncode == 0
    origin = cli_json("archive", "list", "origins", "--archive", url)["items"][0]["id"]
    result = cli_json(
        "copy",
        f"archive@{origin[:8]}:s1:n1",
        "s1",
        "--fields",
        "nextSteps",
        "--db",
        str(path),
        "--archive",
        url,
    )
    assert result["changed"] == ["nextSteps"]
    shown = cli_json("show", "s1", "--db", str(path))["checkpoint"]
    assert (shown["objective"], shown["nextSteps"]) == ("s1 now", ["next 1"])


def test_a_damaged_archived_snapshot_is_refused_and_nothing_written(archive, tmp_path):
    path = make_store(tmp_path / "s.db", snapshots=1)
    conn = connect(path)
    add_snapshot(conn, "s1", "p1", "broken", "{not json", at="2026-11-01T11:00:00.000Z")
    conn.close()
    url = archive.url()
    assert run_cli("archive", "push", url, "--db", str(path)).returncode == 0
    before = _checkpoint_row(path)
    result = run_cli("copy", "archive:s1:broken", "s1", "--db", str(path), "--archive", url)
    assert result.returncode != 0 and "damaged" in result.stderr
    missing = run_cli("copy", "archive:s1:nope", "s1", "--db", str(path), "--archive", url)
    assert missing.returncode != 0 and "nope" in missing.stderr
    assert _checkpoint_row(path) == before
