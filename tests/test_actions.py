"""Restore, undo, redo and manual snapshots against real store files.

The semantics under test (core/actions.py): restore/adopt record a journal
entry {before row, after row, keys}; undo writes back, of the entry's keys,
those that still hold what the write left there (the others are kept and
named), with the columns' own bytes, after a pre-restore snapshot, and
records the current row as the entry's new ``after``; redo is symmetric. The
journal is trusted only while the session's newest pre-restore snapshot is
the head of our steps; otherwise undo lists the fields it may take back
from the newest pre-restore snapshot and writes nothing until they are
chosen.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from ckpt_tui import paths, timeutil
from ckpt_tui.core.actions import Service
from ckpt_tui.core.model import Checkpoint, decode
from ckpt_tui.core.plans import WRITABLE
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import (
    ChooseFields,
    CkptError,
    Conflict,
    DamagedPayload,
    NotFound,
    NothingToDo,
)
from ckpt_tui.store import Store
from ckpt_tui.store.journal import JournalFile
from tests.factory import (
    PluginWriter,
    add_session,
    add_snapshot,
    basic_store,
    connect,
    set_checkpoint,
    stamp_after,
)

START = Checkpoint(objective="start", nextSteps=("a", "b"))
FIRST = Checkpoint(objective="one", status="blocked", blockers=("x",))
SECOND = Checkpoint(objective="two", status="done", nextSteps=("b", "c"))


# -- helpers ---------------------------------------------------------------------------


def cp(svc: Service, sid: str = "s1") -> Checkpoint:
    return svc.current(sid).checkpoint


def rows(svc: Service, sid: str = "s1", kind: str | None = None):
    return svc.snapshots(sid, kinds=[kind] if kind else None, limit=10_000).rows


def content(svc: Service, name: str, sid: str = "s1") -> Checkpoint:
    return svc.snapshot(sid, name).content


@pytest.fixture
def writer(store_path):
    w = PluginWriter(store_path, history_limit=10_000)
    yield w
    w.close()


_plugin_seq = iter(range(1, 10**6))


def plugin_restore(path: Path, sid: str, snapshot: str, payload: str | None = None) -> None:
    """A restore as the plugin does it: its own pre-restore snapshot, then the whole
    snapshot over the checkpoint, in one BEGIN IMMEDIATE."""
    conn = connect(path)
    conn.execute("BEGIN IMMEDIATE")
    cols = [d[0] for d in conn.execute("SELECT * FROM checkpoints LIMIT 0").description]
    row = dict(zip(cols, conn.execute(
        "SELECT * FROM checkpoints WHERE session_id=?", (sid,)).fetchone(), strict=True))
    current = Checkpoint.from_row(row)
    source = conn.execute(
        "SELECT id, payload FROM snapshots WHERE session_id=? AND name=?", (sid, snapshot)
    ).fetchone()
    newest = conn.execute(
        "SELECT max(captured_at) FROM snapshots WHERE session_id=?", (sid,)
    ).fetchone()[0]
    stamp = stamp_after(newest, timeutil.now_iso())
    name = f"pre-restore-{timeutil.epoch_ms(timeutil.now())}-99{next(_plugin_seq)}"
    add_snapshot(conn, sid, row["project_id"], name,
                 payload if payload is not None else current.to_payload(),
                 kind="pre-restore", at=stamp)
    set_checkpoint(conn, sid, row["project_id"], decode(source[1]), at=stamp)
    conn.execute("UPDATE snapshots SET restored_at=? WHERE id=?", (stamp, source[0]))
    conn.execute("COMMIT")
    conn.close()


def journal_files() -> list[Path]:
    return sorted(paths.state_dir().glob("journal.db*"))


# -- restore ------------------------------------------------------------------------------


def test_restore_whole(service):
    before = cp(service)
    updated = service.current("s1").updated_at
    assert before == START

    outcome = service.restore("s1", "first")

    assert outcome.wrote and outcome.action == "restore"
    assert set(outcome.changed) == {"objective", "status", "nextSteps", "blockers"}
    assert cp(service) == FIRST
    assert service.current("s1").updated_at != updated
    pre = rows(service, kind="pre-restore")
    assert [r.name for r in pre] == [outcome.pre_restore]
    assert content(service, pre[0].name) == before
    assert pre[0].captured_at > max(r.captured_at for r in rows(service) if r.kind != "pre-restore")
    by_name = {r.name: r for r in rows(service)}
    assert by_name["first"].restored_at is not None
    assert by_name["second"].restored_at is None
    assert timeutil.parse(by_name["first"].restored_at) is not None


def test_partial_restore_touches_only_the_fields(service):
    outcome = service.restore("s1", "first", ["objective", "blockers"])
    assert outcome.changed == ("objective", "blockers")
    now = cp(service)
    assert (now.objective, now.blockers) == ("one", ("x",))
    assert (now.status, now.nextSteps) == ("in_progress", ("a", "b"))  # untouched
    (pre,) = rows(service, kind="pre-restore")
    assert content(service, pre.name) == START  # the whole overwritten checkpoint


def test_partial_restore_of_equal_fields_is_a_noop(service):
    service.restore("s1", "first", ["objective"])
    n = len(rows(service))
    updated = service.current("s1").updated_at
    outcome = service.restore("s1", "first", ["objective", "blockers"][:1])
    assert not outcome.wrote and outcome.changed == ()
    assert len(rows(service)) == n and service.current("s1").updated_at == updated


def test_unknown_field_is_refused(service):
    with pytest.raises(CkptError, match="unknown field"):
        service.restore("s1", "first", ["objective", "bogus"])
    with pytest.raises(CkptError):
        service.restore("s1", "first", [])
    assert cp(service) == START and not rows(service, kind="pre-restore")


def test_noop_restore_writes_nothing(service, store_path):
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "same", START.to_payload(), at="2026-11-01T10:03:00.000Z")
    conn.close()
    updated = service.current("s1").updated_at
    names = [r.name for r in rows(service)]

    outcome = service.restore("s1", "same")

    assert not outcome.wrote and outcome.pre_restore is None
    assert service.current("s1").updated_at == updated
    assert [r.name for r in rows(service)] == names
    assert {r.name: r.restored_at for r in rows(service)}["same"] is None
    with pytest.raises(NothingToDo):  # and nothing to undo either
        service.undo("s1")


def test_restore_twice_second_is_noop(service):
    assert service.restore("s1", "first").wrote
    n = len(rows(service))
    assert not service.restore("s1", "first").wrote
    assert len(rows(service)) == n
    service.undo("s1")
    assert cp(service) == START  # the no-op left no journal entry behind


@pytest.mark.parametrize(
    "raw", ["{not json", "[1, 2]", '"a string"', "null", "", "42"], ids=repr
)
def test_damaged_payload_is_never_restored(service, store_path, raw):
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "bad", raw, at="2026-11-01T10:03:00.000Z")
    conn.close()
    with pytest.raises(DamagedPayload):
        service.plan_restore("s1", "bad")
    with pytest.raises(DamagedPayload):
        service.restore("s1", "bad", ["objective"])
    assert cp(service) == START
    assert not rows(service, kind="pre-restore")


def test_restore_into_session_without_checkpoint(service, store_path):
    conn = connect(store_path)
    add_session(conn, "s2", "p1")
    add_snapshot(conn, "s2", "p1", "seed", FIRST.to_payload())
    conn.close()
    assert service.current("s2").checkpoint is None
    assert service.restore("s2", "seed").wrote
    assert cp(service, "s2") == FIRST
    # nothing was there to keep: no pre-restore snapshot of a checkpoint that never existed
    assert not rows(service, "s2", kind="pre-restore")
    outcome = service.undo("s2")
    assert outcome.wrote and "removed the checkpoint" in outcome.message
    assert service.current("s2").checkpoint is None  # exactly as before: no row
    service.redo("s2")
    assert cp(service, "s2") == FIRST


def test_snapshots_are_scoped_to_their_session(service, store_path):
    conn = connect(store_path)
    add_session(conn, "s2", "p1")
    set_checkpoint(conn, "s2", "p1", SECOND)
    conn.close()
    with pytest.raises(NotFound):
        service.restore("s2", "first")  # "first" belongs to s1
    assert cp(service, "s2") == SECOND


# -- pruning -----------------------------------------------------------------------------------


def test_pruning_keeps_newest_limit_and_newest_pre_restore(service, writer):
    service.history_limit = 3
    for i in range(6):
        writer.save("s1", notes=f"auto {i}")
    total = len(rows(service))
    outcome = service.restore("s1", "first")
    left = rows(service)
    assert outcome.pruned == total + 1 - 3
    assert len(left) == 3 and left[0].name == outcome.pre_restore

    pre2 = service.restore("s1", outcome.pre_restore).pre_restore  # "second" is pruned
    for i in range(5):
        writer.save("s1", notes=f"later {i}")
    newest = [r.id for r in rows(service)][:2]
    service.snapshot_create("s1", "mine")
    left = rows(service)
    assert [r.name for r in left][0] == "mine"
    assert [r.id for r in left][1:3] == newest
    assert len(left) == 4 and left[3].name == pre2  # old, but the newest pre-restore
    assert len(rows(service, kind="pre-restore")) == 1
    service.undo("s1")  # deletes "mine"
    assert cp(service).notes == "later 4"


def test_pruning_default_limit_is_50_plus_newest_pre_restore(store_path, writer):
    svc = open_service(store_path)
    try:
        assert svc.history_limit == 50
        conn = connect(store_path)
        for i in range(60):
            add_snapshot(conn, "s1", "p1", f"old-{i}", {"notes": str(i)}, kind="auto",
                         at=f"2026-11-01T11:{i:02d}:00.000Z")
        conn.close()
        pre = svc.restore("s1", "second").pre_restore
        assert len(rows(svc)) == 50
        for i in range(55):
            writer.save("s1", notes=f"n{i}")
        svc.snapshot_create("s1", "mine")
        left = rows(svc)
        assert len(left) == 51 and left[-1].name == pre
    finally:
        svc.close()


# -- undo and redo -------------------------------------------------------------------------------


def test_restore_restore_undo_undo_redo_redo(service):
    service.restore("s1", "first")
    after_a = cp(service)
    service.restore("s1", "second", ["objective", "nextSteps"])
    after_b = cp(service)
    assert after_b == Checkpoint(objective="two", status="blocked", blockers=("x",),
                                 nextSteps=("b", "c"))

    u1 = service.undo("s1")
    assert u1.wrote and cp(service) == after_a
    (newest_pre, *_) = rows(service, kind="pre-restore")
    assert newest_pre.name == u1.pre_restore and content(service, u1.pre_restore) == after_b
    service.undo("s1")
    assert cp(service) == START
    with pytest.raises(NothingToDo, match="redo is available"):
        service.undo("s1")

    service.redo("s1")
    assert cp(service) == after_a
    service.redo("s1")
    assert cp(service) == after_b
    with pytest.raises(NothingToDo):
        service.redo("s1")
    assert len(rows(service, kind="pre-restore")) == 6  # every write saved what it overwrote


def test_new_restore_drops_the_redo_tail(service):
    service.restore("s1", "first")
    service.undo("s1")
    service.restore("s1", "second", ["objective"])
    with pytest.raises(NothingToDo):
        service.redo("s1")
    service.undo("s1")
    assert cp(service) == START


def test_nothing_to_undo_or_redo(service):
    with pytest.raises(NothingToDo):
        service.undo("s1")
    with pytest.raises(NothingToDo):
        service.redo("s1")
    assert not rows(service, kind="pre-restore")


def test_undo_after_plugin_restore_asks_which_fields_then_takes_back_those(service, store_path):
    service.restore("s1", "second", ["objective"])  # ours: in the journal
    ours = cp(service)
    plugin_restore(store_path, "s1", "first")  # the plugin's: not in the journal
    assert cp(service) == FIRST

    plan = service.plan_undo("s1")
    assert plan.needs_fields and not plan.keys
    assert set(plan.candidates) == {"objective", "status", "nextSteps", "blockers"}
    assert "cannot tell which fields" in plan.note
    with pytest.raises(ChooseFields, match="Objective, Status, Next, Blockers") as refused:
        service.undo("s1")
    assert set(refused.value.candidates) == set(plan.candidates)
    assert cp(service) == FIRST  # nothing was written

    outcome = service.undo("s1", ["objective", "status"])

    assert outcome.wrote and outcome.changed == ("objective", "status")
    assert cp(service) == FIRST.replace(objective=ours.objective, status=ours.status)
    assert content(service, outcome.pre_restore) == FIRST
    service.redo("s1")
    assert cp(service) == FIRST


def test_undo_fallback_with_damaged_pre_restore_refuses(service, store_path):
    plugin_restore(store_path, "s1", "first", payload="{broken")
    with pytest.raises(DamagedPayload):
        service.undo("s1")
    assert cp(service) == FIRST


def test_undo_and_redo_never_revert_a_field_saved_since(service, writer):
    service.restore("s1", "first")
    writer.save("s1", objective="one, edited")  # an autosave on a restored key
    outcome = service.undo("s1")
    assert "kept Objective as saved since" in outcome.message
    assert cp(service) == START.replace(objective="one, edited")  # the plugin's save stands
    writer.save("s1", notes="typed after the undo")  # an autosave on another key
    writer.save("s1", nextSteps=["z"])  # ... and one on a key the undo changed

    plan = service.plan_redo("s1")
    assert set(plan.kept) >= {"nextSteps", "notes"} and "Kept as they are now" in plan.note
    outcome = service.redo("s1")

    now = cp(service)
    assert now.objective == "one, edited" and now.status == "blocked"
    assert now.blockers == ("x",)
    assert now.nextSteps == ("z",) and now.notes == "typed after the undo"
    assert content(service, outcome.pre_restore).nextSteps == ("z",)
    service.undo("s1")  # takes back what the redo changed, and only that
    assert cp(service) == Checkpoint(objective="one, edited", nextSteps=("z",),
                                     notes="typed after the undo")


def test_undo_and_redo_survive_pruning(service, store_path):
    service.history_limit = 3
    writer = PluginWriter(store_path, history_limit=3)
    try:
        service.restore("s1", "first")
        for i in range(20):
            writer.save("s1", notes=f"a{i}")
        service.undo("s1")
        assert cp(service) == START.__class__(**{**_fields(START), "notes": "a19"})
        for i in range(20):
            writer.save("s1", summary=f"b{i}")
            assert len(rows(service)) <= 4
        service.redo("s1")
        now = cp(service)
        assert (now.objective, now.status, now.blockers) == ("one", "blocked", ("x",))
        assert (now.notes, now.summary) == ("a19", "b19")
        assert len(rows(service, kind="pre-restore")) == 1
    finally:
        writer.close()


def _fields(c: Checkpoint) -> dict:
    return {k: c.get(k) for k in WRITABLE}


def test_noop_undo_then_redo_changes_nothing(service, writer):
    """An undo with nothing left to change overwrote nothing, so redo brings back nothing."""
    service.restore("s1", "first", ["objective"])
    writer.save("s1", objective="start")  # the plugin put it back already
    outcome = service.undo("s1")
    assert not outcome.wrote and cp(service).objective == "start"
    redo = service.redo("s1")
    assert not redo.wrote and cp(service).objective == "start"


def test_conflict_nothing_written(service, writer):
    plan = service.plan_restore("s1", "first")
    writer.save("s1", notes="saved meanwhile")
    n = len(rows(service))

    with pytest.raises(Conflict) as err:
        service.apply(plan)

    assert "\n" not in str(err.value)
    assert cp(service) == Checkpoint(**{**_fields(START), "notes": "saved meanwhile"})
    assert len(rows(service)) == n and not rows(service, kind="pre-restore")
    assert {r.name: r.restored_at for r in rows(service)}["first"] is None
    with pytest.raises(NothingToDo):
        service.undo("s1")
    # A fresh plan sees the plugin's save and goes through.
    assert service.restore("s1", "first").wrote


def test_conflict_on_undo_and_redo_plans(service, writer):
    service.restore("s1", "first")
    plan = service.plan_undo("s1")
    writer.save("s1", notes="x")
    with pytest.raises(Conflict):
        service.apply(plan)
    assert cp(service).objective == "one"
    service.undo("s1")
    plan = service.plan_redo("s1")
    writer.save("s1", notes="y")
    with pytest.raises(Conflict):
        service.apply(plan)
    assert cp(service).objective == "start"
    service.redo("s1")
    assert cp(service).objective == "one"


def test_conflict_when_checkpoint_appears(service, store_path):
    conn = connect(store_path)
    add_session(conn, "s2", "p1")
    add_snapshot(conn, "s2", "p1", "seed", FIRST.to_payload())
    conn.close()
    plan = service.plan_restore("s2", "seed")
    conn = connect(store_path)
    set_checkpoint(conn, "s2", "p1", SECOND, at="2026-11-05T00:00:00.000Z")
    conn.close()
    with pytest.raises(Conflict):
        service.apply(plan)
    assert cp(service, "s2") == SECOND


# -- manual snapshots ------------------------------------------------------------------------------


def test_manual_snapshot_undo_deletes_redo_recreates(service):
    outcome = service.snapshot_create("s1", "  mine  ")
    assert outcome.wrote and outcome.snapshot == "mine"
    made = {r.name: r for r in rows(service)}["mine"]
    assert made.kind == "manual" and content(service, "mine") == START
    raw = service.snapshot("s1", "mine")

    with pytest.raises(CkptError, match="already has a snapshot"):
        service.snapshot_create("s1", "mine")
    for bad in ("", "   ", "a\nb", "bell\x07", "x" * 201):
        with pytest.raises(CkptError):
            service.snapshot_create("s1", bad)

    undo = service.undo("s1")
    assert undo.wrote
    with pytest.raises(NotFound):
        service.snapshot("s1", "mine")
    assert cp(service) == START

    redo = service.redo("s1")
    assert redo.wrote
    back = service.snapshot("s1", "mine")
    assert back.row == raw.row and back.content == raw.content


def _fill_history(store_path, count: int) -> None:
    conn = connect(store_path)
    for i in range(count):
        add_snapshot(conn, "s1", "p1", f"old-{i}", {"notes": str(i)}, kind="auto",
                     at=f"2026-11-01T11:{i // 60:02d}:{i % 60:02d}.000Z")
    conn.close()


def test_redo_of_a_manual_snapshot_prunes_like_any_write(service, store_path):
    """Limit 50: snapshot, undo, three plugin saves, redo: 50 left, not 52."""
    writer = PluginWriter(store_path, history_limit=50)
    try:
        _fill_history(store_path, 48)  # with "first" and "second": 50
        assert service.snapshot_create("s1", "mine").pruned == 1
        service.undo("s1")
        for i in range(3):
            writer.save("s1", notes=f"later {i}")
        assert len(rows(service)) == 50
        redo = service.redo("s1")
    finally:
        writer.close()
    assert redo.wrote and redo.pruned == 1 and "pruned 1" in redo.message
    left = rows(service)
    assert len(left) == 50 and "mine" in {r.name for r in left}


def test_redo_of_a_snapshot_older_than_the_history_is_refused(service, store_path):
    writer = PluginWriter(store_path, history_limit=50)
    try:
        service.snapshot_create("s1", "mine")
        service.undo("s1")
        for i in range(50):
            writer.save("s1", notes=f"later {i}")
    finally:
        writer.close()
    before = [r.id for r in rows(service)]
    with pytest.raises(NothingToDo, match="history limit"):
        service.redo("s1")
    assert [r.id for r in rows(service)] == before


def test_manual_snapshot_undo_when_already_deleted(service, store_path):
    service.snapshot_create("s1", "mine")
    conn = connect(store_path)
    conn.execute("DELETE FROM snapshots WHERE name='mine'")
    conn.close()
    assert not service.undo("s1").wrote
    assert service.redo("s1").wrote
    assert service.snapshot("s1", "mine").content == START


def test_snapshot_entries_interleave_with_restores(service):
    service.restore("s1", "first")
    service.snapshot_create("s1", "after-first")
    service.undo("s1")  # deletes the snapshot
    assert cp(service) == FIRST
    service.undo("s1")  # undoes the restore
    assert cp(service) == START
    service.redo("s1")
    service.redo("s1")
    assert cp(service) == FIRST and content(service, "after-first") == FIRST


def test_manual_snapshot_of_session_without_checkpoint(service, store_path):
    conn = connect(store_path)
    add_session(conn, "s2", "p1")
    conn.close()
    with pytest.raises(NotFound):
        service.snapshot_create("s2", "x")


# -- journal --------------------------------------------------------------------------------------


def test_journal_lost_undo_asks_which_fields(store_path):
    svc = open_service(store_path)
    svc.restore("s1", "first")
    svc.close()
    files = journal_files()
    assert files
    for f in files:
        f.unlink()

    svc = open_service(store_path)
    try:
        with pytest.raises(ChooseFields):
            svc.undo("s1")  # which fields the lost step changed is not known
        assert cp(svc) == FIRST
        outcome = svc.undo("s1", list(svc.plan_undo("s1").candidates))
        assert outcome.wrote and cp(svc) == START
        svc.redo("s1")
        assert cp(svc) == FIRST
    finally:
        svc.close()


def test_journal_of_one_store_does_not_speak_for_another(tmp_path):
    a = basic_store(tmp_path / "a" / "checkpoints.db")
    b = basic_store(tmp_path / "b" / "checkpoints.db")
    sa, sb = open_service(a), open_service(b)
    try:
        sa.restore("s1", "first")
        with pytest.raises(NothingToDo):
            sb.undo("s1")
        assert cp(sb) == START
        sa.undo("s1")
        assert cp(sa) == START
    finally:
        sa.close()
        sb.close()


def test_adopt_is_undoable(service):
    plan = service.plan_copy("s1", SECOND, label="adopt legacy", source_snapshot_id=None)
    outcome = service.apply(plan)
    assert outcome.wrote and cp(service) == SECOND
    assert content(service, outcome.pre_restore) == START
    service.undo("s1")
    assert cp(service) == START
    service.redo("s1")
    assert cp(service) == SECOND


def test_plan_preview_matches_apply(service):
    plan = service.plan_restore("s1", "second", ["status", "nextSteps"])
    assert plan.keys == ("status", "nextSteps") and not plan.is_noop
    assert set(plan.diff.changed_names) == {"status", "nextSteps"}
    service.apply(plan)
    assert cp(service) == plan.after


def test_outcome_json_keys(service):
    from ckpt_tui.cli.jsonview import outcome

    data = outcome(service.restore("s1", "first"))
    assert set(data) >= {"action", "session", "wrote", "changed", "preRestore", "pruned",
                         "snapshot", "message"}
    assert data["preRestore"].startswith("pre-restore-") and data["wrote"] is True


def test_service_with_explicit_journal(tmp_path):
    path = basic_store(tmp_path / "c.db")
    store = Store(path)
    svc = Service(store, JournalFile(tmp_path / "j" / "journal.db", store), history_limit=5)
    try:
        svc.restore("s1", "first")
        assert (tmp_path / "j" / "journal.db").exists()
        svc.undo("s1")
        assert cp(svc) == START
    finally:
        svc.close()
    assert not [p for p in journal_files() if p.exists() and os.path.getsize(p)]


def test_integrity_after_many_actions(service, writer, store_path):
    for i in range(5):
        service.restore("s1", "first" if i % 2 else "second")
        writer.save("s1", notes=str(i))
        service.undo("s1")
        service.redo("s1")
    conn = sqlite3.connect(store_path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()


def test_an_unusable_journal_after_a_restore_is_a_warning_and_undo_still_works(store_path, tmp_path, monkeypatch):
    """The restore is committed before the journal write; if the journal
    cannot be used the error says so, and undo still works the plugin's way."""
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the state dir should be")
    monkeypatch.setenv("CKPT_TUI_STATE", str(blocker))
    svc = open_service(store_path)
    outcome = svc.restore("s1", "first")
    assert outcome.wrote and outcome.warning and "undo journal" in outcome.warning
    assert "undo will ask which fields to take back" in outcome.message
    assert svc.current("s1").checkpoint.objective == "one"
    with pytest.raises(ChooseFields):
        svc.undo("s1")
    svc.undo("s1", ["objective"])  # back to the pre-restore snapshot, in the field chosen
    assert svc.current("s1").checkpoint.objective == "start"
    svc.close()


def test_without_a_readable_journal_undo_says_why(store_path, tmp_path, monkeypatch):
    """No pre-restore snapshot to fall back on and no journal to read: the
    answer is the journal's failure, not a false "nothing to undo"."""
    from ckpt_tui.errors import JournalError

    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the state dir should be")
    monkeypatch.setenv("CKPT_TUI_STATE", str(blocker))
    svc = open_service(store_path)
    assert svc.snapshot_create("s1", "mine").warning
    with pytest.raises(JournalError, match="undo journal"):
        svc.plan_undo("s1")
    svc.close()


def test_a_damaged_journal_entry_is_a_journal_error(service):
    from ckpt_tui.errors import JournalError

    service.restore("s1", "first")
    service.journal.flip("s1", 1, done=True, before="{not json")
    with pytest.raises(JournalError, match="damaged entry"):
        service.plan_undo("s1")
