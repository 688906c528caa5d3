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

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ckpt_tui import timeutil
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.store import Store, plain_commands, summary_reads
from ckpt_tui.store import previous_ids as walks
from tests.factory import add_project, add_session, add_snapshot, connect, new_store


def _at(minute: int, epoch: bool) -> str | int:
    moment = datetime(2026, 11, 1, 10, minute, tzinfo=UTC)
    return timeutil.epoch_ms(moment) if epoch else timeutil.fmt(moment)


def _store(path: Path, times: list[tuple[int, bool]]) -> Path:
    """Snapshot ``n{i}`` of session s at each (minute, as epoch ms?); equal
    minutes are ties that the id settles."""
    new_store(path)
    conn = connect(path)
    add_project(conn, "p")
    add_session(conn, "s", "p")
    add_session(conn, "t", "p")
    for i, (minute, epoch) in enumerate(times):
        payload = Checkpoint(nextSteps=tuple(f"step {k}" for k in range(i % 4))).to_payload()
        add_snapshot(conn, "s", "p", f"n{i}", payload, at=_at(minute, epoch), sid=f"id{i:02d}")
    add_snapshot(conn, "t", "p", "other", {"notes": "x"}, at=_at(3, False), sid="other")
    conn.close()
    return path


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(st.integers(0, 6), st.booleans()), min_size=1, max_size=10),
    st.data(),
)
def test_the_walk_gives_what_the_general_walk_gives(times, data):
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(_store(Path(tmp) / "c.db", times), read_only=True)
        try:
            with store.read() as conn:
                run = summary_reads._runner(conn)
                listed = [r.id for r in _list(conn)]
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


def _list(conn):
    from ckpt_tui.store.snapshot_reads import list_snapshots

    return list_snapshots(conn, "s", limit=-1).rows


def test_both_read_paths_give_the_same_previous_ids_and_payloads(tmp_path):
    path = _store(tmp_path / "c.db", [(i % 5, i % 3 == 0) for i in range(12)])
    svc = open_service(path)
    try:
        rows = svc.snapshots("s", limit=50).rows
        for picked in (rows[:5], rows[3:], rows[::2], []):
            with svc._plain() as read:
                plain = plain_commands.previous_and_payloads(read, "s", picked)
            with svc.store.read() as conn:
                assert summary_reads.previous_and_payloads(conn, "s", picked) == plain
    finally:
        svc.close()


def _reads(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = plain_commands.previous_and_payloads
    monkeypatch.setattr(
        plain_commands,
        "previous_and_payloads",
        lambda *a: calls.append(1) or real(*a),
    )
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
