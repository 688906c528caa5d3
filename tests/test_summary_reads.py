"""The reads behind change summaries: the two-statement walk for rows
shown in list order gives what the general walk gives, and lines kept
between calls are dropped when the store says they may not hold."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ckpt_tui import timeutil
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.store import Store
from ckpt_tui.store import previous_ids as walks
from tests.factory import add_project, add_session, add_snapshot, connect, new_store


def _at(minute: int, epoch: bool, year: int = 2026) -> str | int:
    moment = datetime(year, 11, 1, 10, minute, tzinfo=UTC)
    return timeutil.epoch_ms(moment) if epoch else timeutil.fmt(moment)


def _store(path: Path, times: list[tuple]) -> Path:
    """Snapshot ``n{i}`` of session s at each (minute, as epoch ms?[, year]);
    equal instants are ties that the id settles."""
    new_store(path)
    conn = connect(path)
    add_project(conn, "p")
    add_session(conn, "s", "p")
    add_session(conn, "t", "p")
    for i, (minute, epoch, *year) in enumerate(times):
        payload = Checkpoint(nextSteps=tuple(f"step {k}" for k in range(i % 4))).to_payload()
        add_snapshot(
            conn, "s", "p", f"n{i}", payload, at=_at(minute, epoch, *year), sid=f"id{i:02d}"
        )
    add_snapshot(conn, "t", "p", "other", {"notes": "x"}, at=_at(3, False), sid="other")
    conn.close()
    return path


# Years: one (the ISO walk), a few (the same, after a seek per year), more
# than ``MAX_ISO_SEEKS`` (the walk with its epoch half, as with epoch rows).
_YEARS = st.sampled_from([2026, 2026, 2025, 1999, *range(2030, 2030 + walks.MAX_ISO_SEEKS)])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(st.integers(0, 6), st.booleans(), _YEARS), min_size=1, max_size=12),
    st.data(),
)
def test_the_walk_gives_what_the_general_walk_gives(times, data):
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(_store(Path(tmp) / "c.db", times), read_only=True)
        try:
            with store.read() as run:
                listed = [r.id for r in _list(run)]
                # rows as a list shows them (a run of the list), or picked anyhow
                start = data.draw(st.integers(0, len(listed) - 1))
                stop = data.draw(st.integers(start + 1, len(listed)))
                picked = data.draw(
                    st.sampled_from([listed[start:stop]])
                    | st.lists(st.sampled_from([*listed, "other", "nope"]), max_size=4)
                )
                general = walks.previous_ids(run, "s", picked)
                previous, payloads = walks.previous_and_payloads(run, "s", picked)
                assert previous == general
                wanted = {i for i in picked if i in listed} | {p for p in general.values() if p}
                assert set(payloads) == wanted
                if picked == listed[start:stop]:
                    assert walks.walk_previous(run, "s", picked) is not None  # no detour
        finally:
            store.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.sampled_from(
            ["2026-11-01T10:00:00.000Z", "2025-01-01T00:00:00.000Z", "1999-12-31T23:59:59.999Z"]
        )
        | st.builds(str, st.integers(10**11, 10**13))  # epoch milliseconds as text
        | st.sampled_from(["2026", "2026x", "20261", "", "2026.", "abcd-", "20260-01"]),
        min_size=1,
        max_size=12,
    ),
    st.booleans(),
)
@example(["2026-11-01T10:00:00.000Z", "20261"], False)  # just above the year's ISO texts
@example(["2026-11-01T10:00:00.000Z", "2026x"], False)
@example(["2025-01-01T00:00:00.000Z", "2026-11-01T10:00:00.000Z", "2025"], False)
@example(["2026-11-01T10:00:00.000Z"], True)
@example(["1999-12-31T23:59:59.999Z", "2026-11-01T10:00:00.000Z"], False)
@example([""], True)  # an empty BLOB: neither ISO nor epoch to the walk
def test_all_iso_says_whether_every_time_is_iso_text(times, blob):
    """``all_iso`` is true exactly when ``ordering.is_epoch_ms`` is false
    for every row of the session (or it gave up after too many years)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = new_store(Path(tmp) / "c.db")
        conn = connect(path)
        add_project(conn, "p")
        add_session(conn, "s", "p")
        add_session(conn, "t", "p")
        add_snapshot(conn, "t", "p", "other", {}, at="17", sid="other")  # another session's
        for i, at in enumerate(times):
            add_snapshot(conn, "s", "p", f"n{i}", {}, at=at, sid=f"id{i:02d}")
        if blob:
            conn.execute(
                "UPDATE snapshots SET captured_at = CAST(captured_at AS BLOB) WHERE id = 'id00'"
            )
        epoch, iso = conn.execute(
            "SELECT count(*) FILTER (WHERE substr(captured_at, 5, 1) != '-'),"
            " count(*) FILTER (WHERE substr(captured_at, 5, 1) = '-')"
            " FROM snapshots WHERE session_id = 's'"
        ).fetchone()
        years = len({at[:4] for at in times})
        store = Store(path, read_only=True)
        try:
            with store.read() as q:
                found = walks.all_iso(q, "s")
        finally:
            store.close()
            conn.close()
        if epoch:
            assert not found
        elif iso == len(times) and years < walks.MAX_ISO_SEEKS:
            assert found  # (a value that is neither, an empty BLOB, may say no: the slow walk)


def test_a_kept_read_connection_holds_no_read_and_follows_the_path(tmp_path):
    """Reads reuse their connection: between reads it holds no
    snapshot of the file (a checkpoint of the WAL goes through), and a file
    put at the path since is read, not the one it opened."""
    path = _store(tmp_path / "c.db", [(1, False), (2, False)])
    other = tmp_path / "other.db"
    shutil.copyfile(path, other)
    conn = connect(other)
    conn.execute("UPDATE snapshots SET payload = '{}' WHERE id = 'id01'")
    conn.close()
    svc = open_service(path)
    writer = connect(path)
    try:
        assert svc.snapshot("s", "n1").content.nextSteps == ("step 0",)
        add_snapshot(writer, "s", "p", "n2", {}, at=_at(3, False), sid="id02")
        busy, _, _ = writer.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        assert busy == 0
        os.replace(other, path)
        assert svc.snapshot("s", "n1").content.nextSteps == ()
    finally:
        writer.close()
        svc.close()


def _list(conn):
    from ckpt_tui.store.snapshot_reads import list_snapshots

    return list_snapshots(conn, "s", limit=-1).rows


def _reads(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = walks.previous_and_payloads
    monkeypatch.setattr(walks, "previous_and_payloads", lambda *a: calls.append(1) or real(*a))
    return calls


def test_kept_lines_are_used_until_a_write_changes_which_snapshot_is_previous(
    tmp_path, monkeypatch
):
    path = new_store(tmp_path / "c.db")
    conn = connect(path)
    add_project(conn, "p")
    add_session(conn, "s", "p")
    for i, steps in enumerate([("a",), ("a", "b"), ("a", "b", "c")]):
        payload = Checkpoint(nextSteps=steps).to_payload()
        add_snapshot(conn, "s", "p", f"n{i}", payload, at=_at(i, False), sid=f"id{i}")
    reads = _reads(monkeypatch)
    svc = open_service(path)
    try:
        rows = svc.snapshots("s").rows  # id2, id1, id0
        first = svc.summaries("s", rows[:1])
        assert first == {"id2": "+1 next"} and len(reads) == 1
        assert svc.summaries("s", rows[:1]) == first and len(reads) == 1  # kept
        conn.execute("DELETE FROM snapshots WHERE id = 'id1'")  # pruned by the plugin
        assert svc.summaries("s", rows[:1]) == {"id2": "+2 next"} and len(reads) == 2
    finally:
        svc.close()
        conn.close()


def test_kept_lines_are_dropped_when_another_file_is_at_the_path(tmp_path, monkeypatch):
    path = new_store(tmp_path / "c.db")
    conn = connect(path)
    add_project(conn, "p")
    add_session(conn, "s", "p")
    for i, steps in enumerate([("a",), ("a", "b")]):
        payload = Checkpoint(nextSteps=steps).to_payload()
        add_snapshot(conn, "s", "p", f"n{i}", payload, at=_at(i, False), sid=f"id{i}")
    conn.close()
    other = tmp_path / "other.db"
    shutil.copyfile(path, other)
    conn = connect(other)  # the same ids, another change
    payload = Checkpoint(nextSteps=("a", "b", "c", "d")).to_payload()
    conn.execute("UPDATE snapshots SET payload = ? WHERE id = 'id1'", (json.dumps(payload),))
    conn.close()
    reads = _reads(monkeypatch)
    svc = open_service(path)
    try:
        rows = svc.snapshots("s").rows
        assert svc.summaries("s", rows[:1]) == {"id1": "+1 next"}
        os.replace(other, path)  # a backup copied back, the demo made again
        assert svc.summaries("s", rows[:1]) == {"id1": "+3 next"}
        assert len(reads) == 2
    finally:
        svc.close()
