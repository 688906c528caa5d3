"""What a write does besides the fields it changes, said before and kept
true after: bytes given back exactly, one instant, activity, pruning named
beforehand, stored values kept as they are, and an undo that asks."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from ckpt_tui import paths, timeutil
from ckpt_tui.cli.main import main as cli_main
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import ChooseFields
from ckpt_tui.store import writes
from tests.factory import add_project, add_session, add_snapshot, basic_store, connect
from tests.test_actions import plugin_restore
from tests.test_concurrency import history
from tests.ui_support import make_app, run_async, settle


def column(db: Path, name: str, sid: str = "s1"):
    conn = sqlite3.connect(db)
    value = conn.execute(f"SELECT {name} FROM checkpoints WHERE session_id=?", (sid,)).fetchone()
    conn.close()
    return value[0]


# -- 3: undo gives back the column's own bytes -----------------------------------------


def test_undo_gives_back_json_columns_byte_for_byte(store_path):
    spaced, escaped = '[ "a",  "b" ]', '["\\u00e9"]'
    conn = connect(store_path)
    conn.execute(
        "UPDATE checkpoints SET next_steps=?, files_touched=? WHERE session_id='s1'",
        (spaced, escaped),
    )
    conn.close()
    svc = open_service(store_path)
    try:
        svc.restore("s1", "first")  # whole: Next and Files change
        assert column(store_path, "next_steps") == "[]"
        svc.undo("s1")
        assert column(store_path, "next_steps") == spaced
        assert column(store_path, "files_touched") == escaped
        svc.redo("s1")
        svc.undo("s1")
        assert (column(store_path, "next_steps"), column(store_path, "files_touched")) == (
            spaced, escaped,
        )
    finally:
        svc.close()


# -- 9: a status of '' is kept as it is --------------------------------------------------


def test_an_empty_status_stays_empty_in_manual_and_pre_restore_payloads(store_path):
    conn = connect(store_path)
    conn.execute("UPDATE checkpoints SET status='' WHERE session_id='s1'")
    conn.close()
    svc = open_service(store_path)
    try:
        assert svc.current("s1").checkpoint.status == ""
        svc.snapshot_create("s1", "mine")
        outcome = svc.restore("s1", "first", ["objective"])
    finally:
        svc.close()
    payloads = {r["name"]: json.loads(r["payload"]) for r in history(store_path)}
    assert payloads["mine"]["status"] == ""
    assert payloads[outcome.pre_restore]["status"] == ""
    assert column(store_path, "status") == ""


# -- 10: one instant per write, never past now ---------------------------------------------


def _restore_first(store_path):
    """Restore snapshot ``first`` of ``s1``: the outcome, and the session's
    history rows by name afterwards."""
    svc = open_service(store_path)
    try:
        outcome = svc.restore("s1", "first")
    finally:
        svc.close()
    return outcome, {r["name"]: r for r in history(store_path)}


def test_a_write_stamps_one_instant(store_path):
    outcome, rows = _restore_first(store_path)
    at = rows[outcome.pre_restore]["captured_at"]
    assert rows["first"]["restored_at"] == at
    assert column(store_path, "updated_at") == at
    conn = sqlite3.connect(store_path)
    assert conn.execute("SELECT updated_at FROM sessions WHERE id='s1'").fetchone()[0] == at
    conn.close()


def _a_save_at_366(store_path) -> None:
    """The plugin's newest snapshot, stamped at 12:00:00.366."""
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "just-saved", {"objective": "x"}, kind="auto",
                 at="2026-11-10T12:00:00.366Z")
    conn.close()


def _assert_a_restore_stamps_367(store_path) -> None:
    """A restore now stamps its pre-restore .367, not a second .366."""
    outcome, rows = _restore_first(store_path)
    assert rows[outcome.pre_restore]["captured_at"] == "2026-11-10T12:00:00.367Z"


def test_a_write_in_the_millisecond_of_the_newest_snapshot_stamps_the_next(
    store_path, monkeypatch
):
    """The newest snapshot was stamped at .366; the clock reads .3664 (the
    same millisecond, though a later instant), then .3671: the write waits
    for .367 rather than stamping a second .366."""
    _a_save_at_366(store_path)
    readings = iter(
        [datetime(2026, 11, 10, 12, 0, 0, 366400, tzinfo=UTC)] * 3
        + [datetime(2026, 11, 10, 12, 0, 0, 367100, tzinfo=UTC)] * 100
    )
    monkeypatch.setattr(timeutil.clock, "now", lambda: next(readings))
    # the clock here moves only when read: a loaded machine must not make the
    # write give up waiting on it before its third reading
    monkeypatch.setattr(writes, "CLOCK_STALL_S", 60.0)
    _assert_a_restore_stamps_367(store_path)


def test_a_write_held_up_past_its_wait_still_looks_at_the_clock_again(store_path, monkeypatch):
    """On a loaded machine the write may be held up between starting its
    wait and looking at the clock (the wait's few milliseconds already
    gone): it reads the clock once more before giving up, and stamps .367
    rather than a second .366."""
    from ckpt_tui.store import writes

    _a_save_at_366(store_path)
    # the write's first look at the clock, then the held-up ones: time went on
    later = datetime(2026, 11, 10, 12, 0, 0, 367100, tzinfo=UTC)
    readings = iter([datetime(2026, 11, 10, 12, 0, 0, 366400, tzinfo=UTC)] + [later] * 100)
    monkeypatch.setattr(timeutil.clock, "now", lambda: next(readings))

    class HeldUp:
        """``time`` as a loaded machine's: every look at the monotonic clock
        after the first finds a second gone."""

        def __init__(self) -> None:
            self.looks = 0

        def monotonic(self) -> float:
            self.looks += 1
            return 0.0 if self.looks == 1 else 1.0

        def sleep(self, seconds: float) -> None:
            pass

    monkeypatch.setattr(writes, "time", HeldUp())
    _assert_a_restore_stamps_367(store_path)


def test_a_snapshot_in_the_future_does_not_push_times_past_now(store_path, frozen_clock):
    frozen_clock("2026-11-10T12:00:00.000Z")
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "ahead", {"objective": "x"}, kind="auto",
                 at="2026-11-10T12:00:00.001Z")  # another writer, a millisecond ahead
    conn.close()
    svc = open_service(store_path)
    try:
        outcome = svc.restore("s1", "first")
        made = svc.snapshot_create("s1", "mine")
    finally:
        svc.close()
    rows = {r["name"]: r for r in history(store_path)}
    assert rows[outcome.pre_restore]["captured_at"] == "2026-11-10T12:00:00.000Z"
    assert rows["mine"]["captured_at"] == "2026-11-10T12:00:00.000Z" and made.wrote
    assert outcome.pre_restore != "mine" and len({r["name"] for r in rows.values()}) == len(rows)


# -- 5: our own writes are activity ----------------------------------------------------------


def test_our_writes_move_the_session_and_project_to_the_front(tmp_path, frozen_clock):
    db = basic_store(tmp_path / "c.db")
    conn = connect(db)
    add_project(conn, "p2", "/work/other")
    add_session(conn, "s2", "p2", at="2026-11-20T10:00:00.000Z")
    conn.execute("UPDATE projects SET updated_at='2026-11-20T10:00:00.000Z' WHERE id='p2'")
    conn.close()
    svc = open_service(db)
    try:
        assert [p.id for p in svc.projects().rows][0] == "p2"
        frozen_clock("2026-11-25T09:00:00.000Z")
        svc.restore("s1", "first")
        assert [p.id for p in svc.projects().rows][0] == "p1"
        assert svc.session("s1").updated_at == "2026-11-25T09:00:00.000Z"
        frozen_clock("2026-11-26T09:00:00.000Z")
        svc.snapshot_create("s1", "mine")
        assert svc.session("s1").updated_at == "2026-11-26T09:00:00.000Z"
        frozen_clock("2026-11-27T09:00:00.000Z")
        svc.undo("s1")  # deletes "mine": a write too
        assert svc.session("s1").updated_at == "2026-11-27T09:00:00.000Z"
        frozen_clock("2026-11-28T09:00:00.000Z")
        svc.undo("s1")
        assert svc.project("p1").updated_at == "2026-11-28T09:00:00.000Z"
    finally:
        svc.close()


# -- 6: what pruning deletes, said before ----------------------------------------------------


@pytest.fixture
def crowded(tmp_path):
    """s1 with 61 snapshots: the oldest is "oldest"."""
    db = basic_store(tmp_path / "c.db")
    conn = connect(db)
    conn.execute("DELETE FROM snapshots")
    add_snapshot(conn, "s1", "p1", "oldest", {"objective": "the oldest"},
                 at="2026-10-01T00:00:00.000Z")
    for i in range(60):
        add_snapshot(conn, "s1", "p1", f"auto-{i:02d}", {"objective": f"v{i}"}, kind="auto",
                     at=f"2026-10-02T00:{i:02d}:00.000Z")
    conn.close()
    return db


def test_the_plan_names_what_pruning_deletes_and_the_restored_snapshot(crowded):
    svc = open_service(crowded)
    try:
        plan = svc.plan_restore("s1", "oldest")
        names = [name for _id, name in plan.prunes]
        # 61 + the pre-restore: the newest 50 stay
        assert names == [f"auto-{i:02d}" for i in range(10, -1, -1)] + ["oldest"]
        assert plan.prunes_source
        assert "Pruning (the history limit) deletes 12 old snapshots" in plan.note
        assert "Among them the snapshot restored, oldest." in plan.note
        outcome = svc.apply(plan)
        assert outcome.pruned == 12 and "pruned 12 old snapshots" in outcome.message
        left = {r["name"] for r in history(crowded)}
        assert not left & set(names) and len(left) == 50
    finally:
        svc.close()


def test_dry_run_says_what_pruning_deletes_in_text_and_json(crowded, capsys):
    assert cli_main(["restore", "s1", "oldest", "--dry-run", "--db", str(crowded)]) == 0
    out = capsys.readouterr().out
    assert "Pruning (the history limit) deletes 12 old snapshots" in out
    assert "the snapshot restored, oldest" in out
    assert cli_main(["restore", "s1", "oldest", "--dry-run", "--json", "--db", str(crowded)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in data["prunes"]][-1] == "oldest" and len(data["prunes"]) == 12
    assert data["prunesRestored"] is True
    # the config's history_limit decides
    config = paths.config_dir() / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("history_limit = 100\n", encoding="utf-8")
    assert cli_main(["restore", "s1", "oldest", "--dry-run", "--json", "--db", str(crowded)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["prunes"] == [] and data["prunesRestored"] is False and len(history(crowded)) == 61


# -- 1: an undo ckpt-tui cannot speak for asks, on the command line and in the app -----------


def test_the_command_line_lists_the_candidates_and_writes_nothing(store_path, capsys):
    plugin_restore(store_path, "s1", "first")
    before = column(store_path, "updated_at")
    assert cli_main(["undo", "s1", "--db", str(store_path)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "choose the fields to take back among Objective, Status, Next, Blockers" in err
    assert "ckpt-tui undo s1 --fields objective,status,next,blockers" in err
    assert column(store_path, "updated_at") == before and len(history(store_path)) == 3

    assert cli_main(["undo", "s1", "--fields", "objective", "--db", str(store_path)]) == 0
    capsys.readouterr()
    assert column(store_path, "objective") == "start" and column(store_path, "status") == "blocked"
    assert cli_main(["redo", "s1", "--db", str(store_path)]) == 0
    assert column(store_path, "objective") == "one"


def test_dry_run_of_an_undo_that_asks_shows_the_candidates(store_path, capsys):
    plugin_restore(store_path, "s1", "first")
    assert cli_main(["undo", "s1", "--dry-run", "--json", "--db", str(store_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["candidates"] == ["objective", "status", "nextSteps", "blockers"]
    assert data["changed"] == [] and "cannot tell which fields" in data["note"]


@run_async
async def test_the_app_refuses_an_undo_it_cannot_tell_the_fields_of(store_path):
    plugin_restore(store_path, "s1", "first")
    app = make_app(store_path)
    shown: list[str] = []
    real_notify = app.notify

    def notify(message, *args, **kwargs):
        shown.append(str(message))
        return real_notify(message, *args, **kwargs)

    app.notify = notify
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        for key in ("enter", "enter"):
            await pilot.press(key)
            await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        # The preview asks which fields, none ticked (ui: test_ui_undo_choose_fields).
        fields = app.screen.query_one("#fields")
        assert [o.value for o in fields.options] == ["objective", "status", "nextSteps", "blockers"]
        assert list(fields.selected) == []
        await pilot.press("y")
        await settle(pilot)
    assert column(store_path, "objective") == "one"  # nothing written
    assert any("nothing is written until fields are ticked" in m for m in shown), shown
    with pytest.raises(ChooseFields):
        app.service.plan_and_apply(lambda: app.service.plan_undo("s1"))
