"""Pushing stores into a real PostgreSQL archive: two origins, a second push
that sends nothing, new and pruned snapshots, a push killed with SIGKILL
and completed by the next, ``--watch``, and rows PostgreSQL cannot hold."""

from __future__ import annotations

import io
import signal
import time

import pytest

from ckpt_tui.core.archive import Archive
from ckpt_tui.core.archive_reader import ArchiveReader
from ckpt_tui.core.model import Checkpoint
from tests.archive_support import (
    archive_snapshots,
    cli_json,
    file_digest,
    make_store,
    run_cli,
    stamp,
    store_snapshots,
)
from tests.factory import PluginWriter, add_snapshot, connect
from tests.workers.spawning import start


def _origins(db) -> dict[str, str]:
    return dict(db.sql("SELECT store_path, origin_id FROM ckpt_archive.origins"))


def test_two_origins_push_into_one_project_with_sessions_marked_by_origin(archive, tmp_path):
    laptop = make_store(tmp_path / "laptop.db", project="shared", sessions=("s1", "s2"))
    devbox = make_store(tmp_path / "devbox.db", project="shared", sessions=("s3",), snapshots=2)
    a = Archive(archive.url())
    first = a.push(laptop, host="laptop")
    second = a.push(devbox, host="devbox")
    assert (first.stats.snapshots, second.stats.snapshots) == (6, 2)

    origins = _origins(archive)
    assert len(origins) == 2
    for path in (laptop, devbox):  # every row there, payload for payload
        mine = store_snapshots(path)
        theirs = archive_snapshots(archive, origins[str(path)])
        assert sorted((sid, digest) for sid, digest, _ in theirs) == sorted(mine.items())

    reader = ArchiveReader(a)
    hosts = {o.id: o.host for o in reader.origins()}
    assert sorted(hosts.values()) == ["devbox", "laptop"]
    projects = reader.projects()
    assert [p.id for p in projects.rows] == ["shared"]  # one project, seen from two machines
    assert set(projects.rows[0].origins) == set(origins.values())
    assert projects.rows[0].session_count == 3
    sessions = reader.sessions("shared")
    assert {s.id: hosts[s.archive_origin] for s in sessions.rows} == {
        "s1": "laptop",
        "s2": "laptop",
        "s3": "devbox",
    }
    a.close()


def test_a_second_push_sends_nothing_and_a_third_only_what_is_new(archive, tmp_path):
    path = make_store(tmp_path / "s.db", snapshots=4)
    a = Archive(archive.url())
    assert a.push(path).stats.sent > 0
    again = a.push(path).stats
    assert again.sent == 0 and again.pruned == 0
    writer = PluginWriter(path)
    writer.save("s1", objective="moved on")
    writer.save("s1", objective="and again")
    writer.close()
    third = a.push(path).stats
    assert (third.snapshots, third.checkpoints, third.projects, third.sessions) == (2, 1, 0, 0)
    assert sorted(d for _, d, _ in archive_snapshots(archive)) == sorted(
        store_snapshots(path).values()
    )
    a.close()


def test_a_snapshot_pruned_from_the_store_stays_in_the_archive_marked(archive, tmp_path):
    path = make_store(tmp_path / "s.db", snapshots=3)
    a = Archive(archive.url())
    a.push(path)
    before = store_snapshots(path)
    writer = PluginWriter(path, history_limit=3)  # each save now prunes the oldest
    writer.save("s1", objective="fourth")
    writer.save("s1", objective="fifth")
    writer.close()
    after = store_snapshots(path)
    pruned = set(before) - set(after)
    assert len(pruned) == 2

    stats = a.push(path).stats
    assert (stats.snapshots, stats.pruned, stats.archived_snapshots) == (2, 2, 5)
    marked = {sid for sid, _, was_pruned in archive_snapshots(archive) if was_pruned}
    assert marked == pruned
    rows = ArchiveReader(a).snapshots("s1").rows
    assert len(rows) == 5
    assert {r.id for r in rows if r.archived} == pruned
    # the pruned snapshot is still readable, and the CLI marks it
    listed = cli_json("archive", "list", "snapshots", "s1", "--archive", archive.url())
    assert {i["id"] for i in listed["items"] if i["archived"]} == pruned
    assert a.push(path).stats.pruned == 0  # marked once
    a.close()


def test_a_push_killed_midway_is_completed_by_the_next_one(archive, tmp_path):
    path = make_store(tmp_path / "big.db", sessions=("s1", "s2"), snapshots=1500, words="x" * 400)
    total = len(store_snapshots(path))
    url = archive.url()
    with start("ckpt_tui", "archive", "push", url, "--db", path, "--batch", "20") as proc:
        deadline = time.monotonic() + 60
        copied = 0
        while time.monotonic() < deadline:  # until some batches are in, not all
            copied = archive.sql("SELECT count(*) FROM ckpt_archive.snapshots")[0][0]
            if copied >= 100 or proc.poll() is not None:
                break
            time.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        assert proc.returncode == -signal.SIGKILL, proc.stderr.read()
    copied = archive.sql("SELECT count(*) FROM ckpt_archive.snapshots")[0][0]
    assert 0 < copied < total  # killed midway

    result = run_cli("archive", "push", url, "--db", str(path), "--json")
    assert result.returncode == 0, result.stderr
    rows = archive_snapshots(archive)
    assert len(rows) == len({sid for sid, _, _ in rows}) == total  # no duplicates, none missing
    assert sorted((sid, d) for sid, d, _ in rows) == sorted(store_snapshots(path).items())
    assert cli_json("archive", "push", url, "--db", str(path))["snapshots"] == 0


def test_push_never_writes_the_store(archive, tmp_path):
    path = make_store(tmp_path / "s.db")
    conn = connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    master = conn.execute("SELECT * FROM sqlite_master ORDER BY name").fetchall()
    version = conn.execute("PRAGMA user_version").fetchone()
    conn.close()
    before = file_digest(path)
    a = Archive(archive.url())
    a.push(path)
    a.push(path)
    a.close()
    assert file_digest(path) == before
    conn = connect(path)
    assert conn.execute("SELECT * FROM sqlite_master ORDER BY name").fetchall() == master
    assert conn.execute("PRAGMA user_version").fetchone() == version
    conn.close()


def test_epoch_millisecond_times_are_archived_as_iso(archive, tmp_path):
    path = make_store(tmp_path / "s.db", snapshots=1)
    conn = connect(path)
    add_snapshot(
        conn, "s1", "p1", "epoch", Checkpoint(objective="e").to_payload(), at=1795000000123
    )
    conn.close()
    a = Archive(archive.url())
    a.push(path)
    rows = ArchiveReader(a).snapshots("s1").rows
    assert rows[0].name == "epoch" and rows[0].captured_at == "2026-11-18T11:06:40.123Z"
    assert a.push(path).stats.sent == 0  # compared as the archive keeps it
    a.close()


def test_a_row_postgresql_cannot_hold_is_named_and_the_rest_pushed(archive, tmp_path):
    path = make_store(tmp_path / "s.db", snapshots=2)
    conn = connect(path)
    add_snapshot(conn, "s1", "p1", "nul", '{"objective": "a\x00b"}', at=stamp(9))
    conn.close()
    result = run_cli("archive", "push", archive.url(), "--db", str(path))
    assert result.returncode == 0, result.stderr
    assert "NUL character; not archived" in result.stderr
    assert len(archive_snapshots(archive)) == 2


def test_another_push_of_the_same_store_is_refused_while_one_runs(archive, tmp_path):
    from ckpt_tui.store import archive_dialect
    from ckpt_tui.store.file_identity import identify

    path = make_store(tmp_path / "s.db")
    conn = connect(path)
    origin = identify(conn, path).origin
    conn.close()
    a = Archive(archive.url())
    with a.engine.connect() as holder:
        assert archive_dialect.lock_origin(holder, origin)
        with pytest.raises(archive_dialect.ArchiveError, match="another push of this store"):
            a.push(path)
    assert a.push(path).stats.snapshots == 3
    a.close()


def test_watch_pushes_each_save_until_interrupted(archive, tmp_path):
    path = make_store(tmp_path / "s.db", snapshots=1)
    watch = ("--watch", "--interval", "0.1", "--json")
    proc = start("ckpt_tui", "archive", "push", archive.url(), "--db", path, *watch)
    try:

        def archived() -> int:
            return archive.sql("SELECT count(*) FROM ckpt_archive.snapshots")[0][0]

        def wait_for(count: int) -> None:
            deadline = time.monotonic() + 30
            while archived() < count:
                assert time.monotonic() < deadline, f"never reached {count}"
                assert proc.poll() is None, proc.stderr.read()
                time.sleep(0.05)

        wait_for(1)
        writer = PluginWriter(path)
        writer.save("s1", objective="saved while watched")
        wait_for(2)
        writer.save("s1", objective="and once more")
        writer.close()
        wait_for(3)
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "stopped watching" not in err  # --json: only the pushes on stdout
    pushes = [line for line in out.splitlines() if line.strip()]
    assert len(pushes) >= 3


def test_progress_is_shown_on_a_terminal_only():
    from ckpt_tui.cli.archive_cmds import progress_for

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    progress = progress_for(screen)
    progress("snapshots", 2500, 10000)
    progress.finish()
    assert "pushing snapshots 2,500 / 10,000 (25%)" in screen.getvalue()
    assert progress_for(io.StringIO()) is None


def test_a_first_push_leaves_out_text_that_is_not_utf8_and_copies_the_rest(archive, tmp_path):
    path = make_store(tmp_path / "s.db", snapshots=3)
    conn = connect(path)
    conn.execute(
        "INSERT INTO snapshots VALUES ('bad-id', 's1', 'p1', 'bad', 'manual', ?, "
        "CAST(x'7b226e6f746573223a2261ff62227d' AS TEXT), 1, NULL)",
        (stamp(9),),
    )
    conn.commit()
    conn.close()
    result = run_cli("archive", "push", archive.url(), "--db", str(path))
    assert result.returncode == 0, result.stderr
    assert "not valid UTF-8; not archived" in result.stderr
    assert sorted(sid for sid, _, _ in archive_snapshots(archive)) == sorted(
        sid for sid in store_snapshots_utf8(path)
    )


def store_snapshots_utf8(path):
    import sqlite3

    conn = sqlite3.connect(path)
    conn.text_factory = bytes
    try:
        return [
            sid.decode()
            for sid, payload in conn.execute("SELECT id, payload FROM snapshots")
            if _is_utf8(payload)
        ]
    finally:
        conn.close()


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_a_push_reads_the_store_only_through_generated_statements(archive, tmp_path, monkeypatch):
    """Every statement a push runs on the store (its keys, every copied
    table, rows by key, the one pass over the snapshots, the file's
    anchors) is one of the generated read statements."""
    from ckpt_tui.store import archive_push
    from tests.test_read_sql import not_generated

    trace: list[str] = []
    real_connect = archive_push.connect

    def traced_connect(*args, **kwargs):
        conn = real_connect(*args, **kwargs)
        conn.set_trace_callback(trace.append)
        return conn

    monkeypatch.setattr(archive_push, "connect", traced_connect)
    path = make_store(tmp_path / "s.db", sessions=("s1", "s2"), snapshots=8)
    a = Archive(archive.url())
    assert a.push(path).stats.snapshots == 16  # the whole table in one pass
    conn = connect(path)
    add_snapshot(conn, "s1", "p1", "late", '{"objective": "late"}', at=stamp(99))
    conn.execute("UPDATE checkpoints SET updated_at = ? WHERE session_id = 's2'", (stamp(99),))
    conn.close()
    assert a.push(path).stats.snapshots == 1  # looked up by id
    a.close()
    ran = "\n".join(trace)
    for table in ("projects", "sessions", "checkpoints", "snapshots"):
        assert f"FROM {table}" in ran
    assert "json_each" in ran and "snapshots.rowid" in ran
    assert not_generated(trace) == []


def test_an_incremental_push_leaves_out_text_that_is_not_utf8_and_copies_the_rest(
    archive, tmp_path
):
    path = make_store(tmp_path / "s.db", snapshots=8)
    a = Archive(archive.url())
    a.push(path)
    conn = connect(path)
    conn.execute(
        "INSERT INTO snapshots VALUES ('bad-id', 's1', 'p1', 'bad', 'manual', ?, "
        "CAST(x'7b226e6f746573223a2261ff62227d' AS TEXT), 1, NULL)",
        (stamp(20),),
    )
    add_snapshot(conn, "s1", "p1", "good", '{"objective": "fine"}', at=stamp(21))
    conn.close()
    stats = a.push(path).stats
    a.close()
    assert stats.snapshots == 1
    assert [line for line in stats.skipped if "not valid UTF-8" in line] == [
        "snapshots 'bad-id': its text is not valid UTF-8; not archived"
    ]
    assert sorted(sid for sid, _, _ in archive_snapshots(archive)) == sorted(
        store_snapshots_utf8(path)
    )


def test_a_push_makes_its_words_with_the_cycle_collector_off_and_turns_it_back_on(
    archive, tmp_path, monkeypatch
):
    """The collector's passes over a push's millions of objects were a
    third of its CPU: a push runs without it, and leaves it as it found it."""
    import gc

    from ckpt_tui.core import archive as archive_module

    seen = []
    words = archive_module.snapshot_words

    def watched(name, payload):
        seen.append(gc.isenabled())
        return words(name, payload)

    monkeypatch.setattr(archive_module, "snapshot_words", watched)
    a = Archive(archive.url())
    assert gc.isenabled()
    a.push(make_store(tmp_path / "s.db", project="p", sessions=("s1",), snapshots=3))
    assert seen == [False, False, False]
    assert gc.isenabled()
    gc.disable()
    try:  # off before: off after
        a.push(make_store(tmp_path / "t.db", project="p", sessions=("s2",), snapshots=1))
        assert not gc.isenabled()
    finally:
        gc.enable()
