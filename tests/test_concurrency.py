"""Several processes on one store: plugin writers, our restores, and SIGKILLs.

Processes are coordinated with pipes (a worker says ``ready`` or where it
stopped on stdout, and waits for a line on stdin), never with sleeps.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from ckpt_tui import paths
from ckpt_tui.cli.main import main as cli_main
from ckpt_tui.core.model import Checkpoint, decode
from ckpt_tui.core.plans import WRITABLE
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import ChooseFields, Conflict, NothingToDo
from tests.examples import examples
from tests.factory import (
    PluginWriter,
    add_session,
    add_snapshot,
    basic_store,
    connect,
    set_checkpoint,
)
from tests.workers.ckpt_cycler import plugin_fields, wait_for_a_plugin_save
from tests.workers.spawning import Worker, spawn

pytestmark = pytest.mark.slow

START = Checkpoint(objective="start", nextSteps=("a", "b"))
FIRST = Checkpoint(objective="one", status="blocked", blockers=("x",))
SAVES = 120


def as_dict(cp: Checkpoint) -> dict:
    return {k: cp.get(k) for k in WRITABLE}


def store_with_sessions(path: Path, sessions: list[str]) -> Path:
    basic_store(path)
    conn = connect(path)
    for sid in sessions:
        if sid == "s1":
            continue
        add_session(conn, sid, "p1")
        set_checkpoint(conn, sid, "p1", START)
        add_snapshot(conn, sid, "p1", "first", FIRST.to_payload(), at="2026-11-01T10:01:00.000Z")
        add_snapshot(
            conn, sid, "p1", "second",
            Checkpoint(objective="two", status="done", nextSteps=("b", "c")).to_payload(),
            at="2026-11-01T10:02:00.000Z",
        )
    conn.close()
    return path


def history(path: Path, sid: str = "s1") -> list[sqlite3.Row]:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    rows = conn.execute(
        "SELECT * FROM snapshots WHERE session_id=? ORDER BY rowid", (sid,)
    ).fetchall()
    conn.close()
    return rows


def checkpoint(path: Path, sid: str) -> dict:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    row = conn.execute("SELECT * FROM checkpoints WHERE session_id=?", (sid,)).fetchone()
    conn.close()
    return as_dict(Checkpoint.from_row(dict(row)))


def assert_healthy(path: Path) -> None:
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()


def test_plugin_writers_and_restores_lose_nothing(tmp_path):
    """Four plugin processes save while this one restores, undoes and redoes.

    Afterwards each session's history replays linearly: every auto snapshot
    changes only the writers' field of the state before it, every pre-restore
    snapshot holds exactly the state before our write (so no plugin save slipped
    between a plan and its write unnoticed), and the replay ends at the live
    checkpoint.
    """
    path = store_with_sessions(tmp_path / "checkpoints.db", ["s1", "s2", "s3"])
    # Two writers share s1, one each on s2 and s3; we restore on s1 and s2 only.
    plan = [("s1", "w0"), ("s1", "w1"), ("s2", "w2"), ("s3", "w3")]
    workers = [spawn("plugin_saver", path, sid, "notes", tag, SAVES) for sid, tag in plan]
    for proc in workers:
        assert proc.stdout.readline() == "ready\n", proc.stderr.read()
    for proc in workers:
        proc.stdin.write("go\n")
        proc.stdin.flush()

    svc = open_service(path)
    svc.history_limit = 1_000_000
    rng = random.Random(1234)
    results: dict[str, dict[str, dict]] = {"s1": {}, "s2": {}}
    conflicts = iterations = 0
    overlapped = 0  # iterations that ran while some writer was still saving
    try:
        while iterations < 30 or any(p.poll() is None for p in workers):
            iterations += 1
            sid = rng.choice(["s1", "s2"])
            action = rng.choice(["restore", "restore", "undo", "redo"])
            try:
                if action == "restore":
                    fields = rng.choice([None, ["objective"], ["notes", "status"]])
                    planned = svc.plan_restore(sid, rng.choice(["first", "second"]), fields)
                else:
                    planned = getattr(svc, f"plan_{action}")(sid)
            except NothingToDo:
                continue
            try:
                outcome = svc.apply(planned)
            except Conflict:
                conflicts += 1
                # A real conflict: the checkpoint did move after the plan.
                assert svc.current(sid).updated_at != planned.base_updated_at
                continue
            if outcome.wrote:
                results[sid][outcome.pre_restore] = {
                    "before": as_dict(planned.before),
                    "after": as_dict(planned.after),
                }
            assert iterations < 5000
            overlapped += any(p.poll() is None for p in workers)
        outputs = {}
        for (sid, tag), proc in zip(plan, workers, strict=True):
            out, err = proc.communicate()
            assert proc.returncode == 0, err
            outputs[tag] = (sid, json.loads(out.strip().splitlines()[-1]))
    finally:
        svc.close()
        for proc in workers:
            reap(proc)

    assert sum(len(r) for r in results.values()) > 0, "no restore went through"
    for tag, (_sid, out) in outputs.items():
        assert out["changed"] == SAVES, tag  # distinct values: every save changed something
        assert out["last"] == f"{tag}-{SAVES - 1}"

    for sid in ("s1", "s2", "s3"):
        rows = history(path, sid)
        autos = [r for r in rows if r["kind"] == "auto"]
        writers_here = [out for tag, (s, out) in outputs.items() if s == sid]
        assert len(autos) == sum(o["changed"] for o in writers_here), sid
        live = checkpoint(path, sid)
        payloads = [r["payload"] for r in rows]
        for out in writers_here:
            assert live["notes"] == out["last"] or any(out["last"] in p for p in payloads)

        # Replay the history in commit order (rowid: nothing is pruned here).
        state = as_dict(START)
        stamps = [r["captured_at"] for r in rows if r["name"] not in ("first", "second")]
        assert stamps == sorted(set(stamps)), f"{sid}: captured_at not strictly increasing"
        ours = results.get(sid, {})
        seen_pre = 0
        for r in rows:
            if r["name"] in ("first", "second"):
                continue
            content = as_dict(decode(r["payload"]))
            if r["kind"] == "auto":
                diff = {k for k in WRITABLE if content[k] != state[k]}
                assert diff == {"notes"}, f"{sid} {r['name']}: an autosave lost {diff - {'notes'}}"
                state = content
            else:
                assert r["kind"] == "pre-restore"
                seen_pre += 1
                assert content == state, f"{sid} {r['name']}: overwrote a state it did not see"
                assert ours[r["name"]]["before"] == state, "a conflict went unnoticed"
                state = ours[r["name"]]["after"]
        assert seen_pre == len(ours)
        assert state == live, f"{sid}: the replay does not end at the live checkpoint"
        if sid == "s3":
            assert live["notes"] == outputs["w3"][1]["last"]
    assert_healthy(path)
    # Conflicts may or may not happen on a given run; each one was checked above.
    print(f"{iterations} iterations ({overlapped} beside the writers), {conflicts} conflicts")


def test_command_line_writes_beside_a_plugin_saving_every_50_ms(tmp_path, capsys):
    """Partial restore, undo and redo from the command line on the very session
    the plugin saves every 50 ms: planned under the write lock, they succeed
    (at least 99%; a refusal used to be common), and the plugin's saves, of a
    field none of them changes, all stand."""
    path = store_with_sessions(tmp_path / "checkpoints.db", ["s1"])
    config = paths.config_dir() / "config.toml"  # keep "first" and "second" from pruning
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("history_limit = 1000000\n", encoding="utf-8")
    cycle = [
        ("restore", "s1", "first", "--fields", "objective,status"),
        ("undo", "s1"),
        ("redo", "s1"),
        ("restore", "s1", "second", "--fields", "objective,nextSteps"),
        ("undo", "s1"),
        ("redo", "s1"),
    ]
    commands = 6 * len(cycle)
    proc = spawn("plugin_saver", path, "s1", "notes", "w", 0, 50)  # saves until told to stop
    results: list[tuple[str, int, str]] = []
    try:
        assert proc.stdout.readline() == "ready\n", proc.stderr.read()
        proc.stdin.write("go\n")
        proc.stdin.flush()
        for i in range(commands):
            argv = cycle[i % len(cycle)]
            code = cli_main([*argv, "--db", str(path), "--json"])
            results.append((argv[0], code, capsys.readouterr().err))
            assert proc.poll() is None, "the writer stopped early"
        proc.stdin.write("stop\n")
        proc.stdin.flush()
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
    finally:
        reap(proc)
    written = json.loads(out.strip().splitlines()[-1])
    failed = [r for r in results if r[1] != 0]
    assert len(failed) <= len(results) // 100, failed[:3]
    saves = written["changed"]
    assert saves >= 5, "the writer barely ran beside the commands"
    assert written["last"] == f"w-{saves - 1}"
    live = checkpoint(path, "s1")
    assert live["notes"] == written["last"], "the plugin's last save was overwritten"
    autos = [r for r in history(path, "s1") if r["kind"] == "auto"]
    assert len(autos) == saves
    assert_healthy(path)
    print(f"{len(results)} commands beside {saves} saves, {len(failed)} failed")


#: The fields the plugin-like writer owns in the tests below; ckpt-tui's
#: processes write only others (tests/workers/ckpt_cycler.py, OURS).
PLUGIN_FIELDS = ("notes", "blockers", "nextSteps")


def store_with_sources(path: Path) -> Path:
    """s1 (the session both sides write) and ``src``, whose snapshots the
    ckpt-tui processes copy from (the plugin never saves it, so nothing
    prunes them)."""
    basic_store(path)
    conn = connect(path)
    add_session(conn, "src", "p1")
    set_checkpoint(conn, "src", "p1", START)
    for i in range(4):
        content = Checkpoint(objective=f"goal {i}", status=("blocked", "done")[i % 2],
                             summary=f"summary {i}", notes="not copied")
        add_snapshot(conn, "src", "p1", f"src-{i}", content.to_payload(),
                     at=f"2026-11-01T09:0{i}:00.000Z")
    conn.close()
    return path


def run_beside_writer(path: Path, cyclers: list[tuple[str, int, int]]) -> tuple[dict, list]:
    """Start the logging writer and ``(mode, n, seed)`` ckpt-tui processes
    together; the writer stops once they all finished. (writer's log, the
    processes' counts)."""
    writer = spawn("logging_saver", path, "s1", ",".join(PLUGIN_FIELDS), "w", 20, 50)
    procs = [spawn("ckpt_cycler", path, "s1", mode, n, seed) for mode, n, seed in cyclers]
    try:
        for proc in (writer, *procs):
            assert proc.stdout.readline() == "ready\n", proc.stderr.read()
        for proc in (writer, *procs):
            proc.stdin.write("go\n")
            proc.stdin.flush()
        counts = []
        for proc in procs:
            out, err = proc.communicate(timeout=600)
            assert proc.returncode == 0, err
            counts.append(json.loads(out.strip().splitlines()[-1]))
        writer.stdin.write("stop\n")
        writer.stdin.flush()
        out, err = writer.communicate(timeout=60)
        assert writer.returncode == 0, err
        return json.loads(out.strip().splitlines()[-1]), counts
    finally:
        for proc in (writer, *procs):
            reap(proc)


def assert_no_plugin_save_reverted(path: Path, log: dict) -> None:
    """Field by field against the writer's log: at every save, each of its
    fields still held what it saved last; and they still do now."""
    assert log["reverted"] == [], log["reverted"][:3]
    live = checkpoint(path, "s1")
    for field, value in log["last"].items():
        expected = tuple(value) if isinstance(value, list) else value
        assert live[field] == expected, f"{field}: the plugin's last save was reverted"


def undo_everything(path: Path, svc) -> tuple[int, bool]:
    """Undo s1's steps until there is nothing left to undo: (how many, and
    whether the plugin's fields are still what they were)."""
    plugin_now = {k: checkpoint(path, "s1")[k] for k in PLUGIN_FIELDS}
    undone = 0
    while undone < 1000:
        try:
            svc.undo("s1")
        except NothingToDo:
            break
        undone += 1
    return undone, {k: checkpoint(path, "s1")[k] for k in PLUGIN_FIELDS} == plugin_now


def test_two_ckpt_tui_processes_beside_a_plugin_never_revert_its_saves(tmp_path):
    """The app (plan, then apply) and the command line (planned under the
    lock) restore, copy, undo and redo the session the plugin saves every
    20 ms, sharing one journal. No undo or redo reverts a plugin save, and
    neither process ever takes the other's steps for "restored outside
    ckpt-tui" (no undo has to ask which fields, no redo is refused so)."""
    path = store_with_sources(tmp_path / "checkpoints.db")
    log, counts = run_beside_writer(path, [("app", 30, 1), ("cli", 30, 2)])
    assert_no_plugin_save_reverted(path, log)
    for c in counts:
        assert c["asked"] == 0 and c["outside"] == 0, c
        assert c["error_count"] == 0, c["errors"]
    assert sum(c["wrote"] for c in counts) >= 20, counts
    assert log["saves"] >= 20, "the writer barely ran beside them"
    # Unwind every step the two made: still nothing of the plugin's reverted.
    svc = open_service(path)
    try:
        undone, kept = undo_everything(path, svc)
        assert kept, "unwinding the undo history reverted a plugin save"
    finally:
        svc.close()
    assert_healthy(path)
    print(f"{counts} beside {log['saves']} plugin saves; {undone} undone after")


def kill_at_random(path: Path, svc, rng: random.Random, seed: int) -> tuple[list[str], int]:
    """Run the command line's writes in a process (tests/workers/ckpt_cycler.py)
    and SIGKILL it at a random point; then check that the journal still
    speaks for s1 and make one undo and one redo. (problems, writes made)."""
    proc = spawn("ckpt_cycler", path, "s1", "cli", 0, seed)
    problems: list[str] = []
    wrote = 0
    try:
        assert proc.stdout.readline() == "ready\n", proc.stderr.read()
        proc.stdin.write("go\n")
        proc.stdin.flush()
        for _ in range(rng.randint(1, 4)):
            assert proc.stdout.readline().startswith("op "), proc.stderr.read()
        # where in the next operation the kill lands is the variable under test
        time.sleep(rng.uniform(0, 0.08))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        reap(proc)
    conn = sqlite3.connect(path)
    if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
        problems.append("integrity_check failed")
    conn.close()
    if not svc.undo_redo.situation("s1").trusted:
        problems.append("the journal lost a step")
    for step in (svc.undo, svc.redo):
        try:
            wrote += step("s1").wrote
        except NothingToDo as exc:
            if "outside ckpt-tui" in str(exc):
                problems.append(str(exc))
        except ChooseFields as exc:
            problems.append(str(exc))
    return problems, wrote


#: Plugin saves the kill loop waits for before each kill (six rounds: 24).
SAVES_A_ROUND = 4


def test_sigkill_loop_over_the_command_lines_restore_and_undo(tmp_path):
    """The command line's restore, copy, undo and redo, killed at random
    points (inside a write, between its commit and its journal step, or
    anywhere else) while the plugin saves every 20 ms. After each kill the
    journal still speaks for the session (every pre-restore snapshot is
    ckpt-tui's, so none may be taken for "restored outside"), the next undo
    and redo do not have to ask which fields, and no plugin save is ever
    reverted. Six kills a run, twelve in a deep run (``tests/examples.py``),
    with at least SAVES_A_ROUND plugin saves before each; the kill points
    known to matter each have their own test below."""
    path = store_with_sources(tmp_path / "checkpoints.db")
    rng = random.Random(2024)
    writer = spawn("logging_saver", path, "s1", ",".join(PLUGIN_FIELDS), "w", 20, 50)
    svc = open_service(path)
    kills = after_kill_writes = 0
    try:
        assert writer.stdout.readline() == "ready\n", writer.stderr.read()
        writer.stdin.write("go\n")
        writer.stdin.flush()
        for round_ in range(examples(6, deep=12)):
            # the plugin saves between every two kills, however fast a round goes
            seen = plugin_fields(str(path), "s1")
            for _ in range(SAVES_A_ROUND):
                seen = wait_for_a_plugin_save(str(path), "s1", seen)
            problems, wrote = kill_at_random(path, svc, rng, round_)
            assert problems == [], f"round {round_}: {problems}"
            kills += 1
            after_kill_writes += wrote
        writer.stdin.write("stop\n")
        writer.stdin.flush()
        out, err = writer.communicate(timeout=60)
        assert writer.returncode == 0, err
    finally:
        svc.close()
        reap(writer)
    log = json.loads(out.strip().splitlines()[-1])
    assert_no_plugin_save_reverted(path, log)
    assert log["saves"] >= 20
    print(f"{kills} kills beside {log['saves']} plugin saves, {after_kill_writes} undo/redo after")


def reap(proc: Worker | None) -> None:
    if proc is None:
        return
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        pipe.close()


def _prepare(store_path: Path):
    svc = open_service(store_path)
    svc.restore("s1", "second", ["objective"])  # one restore of ours, in the journal
    return svc, as_dict(svc.current("s1").checkpoint)


def test_sigkill_inside_the_restore_transaction(store_path):
    svc, ours = _prepare(store_path)
    proc = None
    try:
        before_rows = [(r["id"], r["restored_at"]) for r in history(store_path, "s1")]
        updated = svc.current("s1").updated_at
        proc = spawn("restore_and_block", store_path, "s1", "first", "prune")
        line = proc.stdout.readline()
        assert line == "inside-transaction\n", proc.stderr.read()
        # It holds the write lock with its changes uncommitted: we still read the old state.
        assert as_dict(svc.current("s1").checkpoint) == ours
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL

        assert as_dict(svc.current("s1").checkpoint) == ours
        assert svc.current("s1").updated_at == updated
        assert [(r["id"], r["restored_at"]) for r in history(store_path, "s1")] == before_rows
        assert len(svc.snapshots("s1", kinds=["pre-restore"]).rows) == 1
        assert_healthy(store_path)

        # Undo works afterwards, and undoes our own (committed, journalled) restore.
        svc.undo("s1")
        assert as_dict(svc.current("s1").checkpoint) == as_dict(START)
        svc.redo("s1")
        assert as_dict(svc.current("s1").checkpoint) == ours
    finally:
        svc.close()
        reap(proc)


def test_sigkill_between_commit_and_journal(store_path):
    """The restore committed and ckpt-tui died before settling its step; the
    plugin saved a field the restore did not touch in that gap. Undo still
    knows the step (its intent was recorded before the commit): it changes
    only the restored fields, and the plugin's save stands."""
    svc, ours = _prepare(store_path)
    proc = None
    writer = PluginWriter(store_path, history_limit=1_000_000)
    try:
        proc = spawn("restore_and_block", store_path, "s1", "first", "journal", "objective,status")
        line = proc.stdout.readline()
        assert line == "committed\n", proc.stderr.read()
        assert writer.save("s1", notes="saved in the gap")
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL

        now = svc.current("s1").checkpoint
        assert (now.objective, now.status, now.notes) == ("one", "blocked", "saved in the gap")
        # the step is ckpt-tui's own, not "restored outside ckpt-tui"
        assert svc.next_steps("s1").undo.startswith("restore of first (Objective, Status)")

        outcome = svc.undo("s1")
        assert outcome.changed == ("objective", "status")
        assert as_dict(svc.current("s1").checkpoint) == {**ours, "notes": "saved in the gap"}
        svc.redo("s1")
        now = svc.current("s1").checkpoint
        assert (now.objective, now.status, now.notes) == ("one", "blocked", "saved in the gap")
        assert_healthy(store_path)
    finally:
        writer.close()
        svc.close()
        reap(proc)


def test_sigkill_after_the_intent_before_the_commit(store_path):
    """Killed with its intent recorded but its transaction not committed:
    nothing was written, and the dead intent never becomes a step."""
    svc, ours = _prepare(store_path)
    proc = None
    try:
        proc = spawn("restore_and_block", store_path, "s1", "first", "intent")
        line = proc.stdout.readline()
        assert line == "intent-recorded\n", proc.stderr.read()
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert as_dict(svc.current("s1").checkpoint) == ours
        assert svc.next_steps("s1").undo.startswith("restore of second")
        svc.undo("s1")  # our one committed restore, taken back
        assert as_dict(svc.current("s1").checkpoint) == as_dict(START)
        svc.redo("s1")
        assert as_dict(svc.current("s1").checkpoint) == ours
        assert_healthy(store_path)
    finally:
        svc.close()
        reap(proc)


def test_workers_run_in_isolated_dirs(tmp_path, monkeypatch):
    """The workers inherit the isolated environment of the autouse fixture,
    as it is when each starts: they are forked from a server that another
    test may have started (tests/workers/spawning.py), whose environment
    was that test's."""
    folders = ("CKPT_TUI_CONFIG", "CKPT_TUI_STATE", "CKPT_TUI_CACHE", "HOME")

    def seen() -> dict:
        proc = spawn("environment")
        try:
            out, err = proc.communicate(timeout=60)
        finally:
            reap(proc)
        assert proc.returncode == 0, err
        return json.loads(out)

    first = seen()
    assert all("ckpt-home" in first["env"][v] for v in folders[:3])
    assert {v: first["env"][v] for v in folders} == {v: os.environ[v] for v in folders}
    assert first["pid"] != os.getpid()
    monkeypatch.setenv("CKPT_TUI_STATE", str(tmp_path / "moved-state"))
    monkeypatch.delenv("CKPT_TUI_CACHE")
    second = seen()
    assert second["env"]["CKPT_TUI_STATE"] == str(tmp_path / "moved-state")
    assert "CKPT_TUI_CACHE" not in second["env"]
    assert second["pid"] != first["pid"]


def test_six_processes_use_a_new_journal_at_once(tmp_path):
    """Two terminals opening ckpt-tui for the first time must not race on
    creating the undo journal's tables."""
    journal = tmp_path / "cache" / "journal.db"
    store = basic_store(tmp_path / "checkpoints.db")
    procs = [spawn("journal_first_use", journal, store, f"s{i}") for i in range(6)]
    try:
        for proc in procs:
            assert proc.stdout.readline().strip() == "ready"
        for proc in procs:  # release them together
            proc.stdin.write("go\n")
            proc.stdin.flush()
        results = [proc.communicate(timeout=60) for proc in procs]
    finally:
        for proc in procs:
            reap(proc)
    for proc, (_out, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0, err
    conn = sqlite3.connect(journal)
    sessions = sorted(r[0] for r in conn.execute("SELECT session_id FROM entries"))
    conn.close()
    assert sessions == [f"s{i}" for i in range(6)]
