"""Following saves as they land (``core/watch.py``, ``ckpt-tui watch``).

The command is run as a person runs it (a subprocess) beside a plugin-like
writer; processes are coordinated by what they print, never by sleeps
(the writer's 200 ms pace is the load, not synchronisation).
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.watch import Watcher
from ckpt_tui.store import Store
from tests.factory import (
    PluginWriter,
    add_session,
    add_snapshot,
    basic_store,
    connect,
    set_checkpoint,
)

ROOT = Path(__file__).resolve().parents[1]


def newest_auto(db: Path, session_id: str) -> str:
    conn = connect(db)
    try:
        return conn.execute(
            "SELECT id FROM snapshots WHERE session_id=? AND kind='auto' ORDER BY rowid DESC LIMIT 1",
            (session_id,),
        ).fetchone()[0]
    finally:
        conn.close()


def two_sessions(path: Path) -> Path:
    basic_store(path)
    conn = connect(path)
    add_session(conn, "s2", "p1", title="Other")
    set_checkpoint(conn, "s2", "p1", Checkpoint(objective="other"))
    conn.close()
    return path


# -- the core ---------------------------------------------------------------------------


def test_each_save_once_in_order_through_prunes(tmp_path):
    """The writer keeps 3 snapshots: every save prunes one as it adds one,
    so the count never moves; each save is still one event, described
    against the snapshot before it."""
    db = basic_store(tmp_path / "c.db")
    watcher = Watcher(Store(db, read_only=True), session_id="s1")
    watcher.start()
    writer = PluginWriter(db, history_limit=3)
    expected, got = [], []
    for i in range(12):
        writer.save("s1", summary=f"step {i}")
        expected.append(newest_auto(db, "s1"))
        if i % 2 == 1:  # two saves between two looks
            got += watcher.poll()
    got += watcher.poll()
    assert [e.snapshot_id for e in got] == expected
    assert all(e.fields == ("summary",) and e.kind == "auto" for e in got[1:])
    assert watcher.poll() == []


def test_a_reused_rowid_is_still_news(tmp_path):
    """The newest row deleted (the undo of a manual snapshot), then a save:
    SQLite gives the new row the deleted one's rowid. Found by its id."""
    db = basic_store(tmp_path / "c.db")
    watcher = Watcher(Store(db, read_only=True), session_id="s1")
    watcher.start()
    conn = connect(db)
    add_snapshot(conn, "s1", "p1", "mine", Checkpoint(objective="m").to_payload())
    rowid = conn.execute("SELECT max(rowid) FROM snapshots").fetchone()[0]
    assert [e.name for e in watcher.poll()] == ["mine"]
    conn.execute("DELETE FROM snapshots WHERE name='mine'")
    conn.close()
    writer = PluginWriter(db)
    writer.save("s1", objective="after the undo")
    assert connect(db).execute("SELECT max(rowid) FROM snapshots").fetchone()[0] == rowid
    events = watcher.poll()
    assert [e.snapshot_id for e in events] == [newest_auto(db, "s1")]


def test_statuses_fields_and_the_line(tmp_path):
    db = basic_store(tmp_path / "c.db")
    watcher = Watcher(Store(db, read_only=True))
    watcher.start()
    writer = PluginWriter(db)
    writer.save("s1", status="in_progress", nextSteps=["a", "b", "c"])
    writer.save("s1", status="blocked", blockers=["waiting on review"])
    first, second = watcher.poll()
    # the snapshot before the first save is the manual one "second" (done)
    assert (first.status_before, first.status_after) == ("done", "in_progress")
    assert second.turned == "blocked" and first.turned is None
    assert set(second.fields) == {"status", "blockers"}
    assert second.summary == "status→blocked  +1 blocker"
    assert second.line() == "status in progress → blocked  +1 blocker"
    assert second.to_json()["statusBefore"] == "in_progress"


def test_scope_session_and_project(tmp_path):
    db = two_sessions(tmp_path / "c.db")
    store = Store(db, read_only=True)
    one, project, every = (
        Watcher(store, session_id="s1"),
        Watcher(store, project_id="p1"),
        Watcher(store),
    )
    for w in (one, project, every):
        w.start()
    writer = PluginWriter(db)
    writer.save("s2", objective="o2")
    writer.save("s1", objective="o1")
    assert [e.session_id for e in one.poll()] == ["s1"]
    assert [e.session_id for e in project.poll()] == ["s2", "s1"]
    assert [e.session_title for e in every.poll()] == ["Other", "A session"]


def test_a_replaced_file_is_started_on_afresh(tmp_path):
    """What another file at the path holds is not news: no event for it,
    and saves to it afterwards are."""
    db = basic_store(tmp_path / "c.db")
    watcher = Watcher(Store(db, read_only=True), session_id="s1")
    watcher.start()
    other = two_sessions(tmp_path / "other.db")
    writer = PluginWriter(other)
    writer.save("s1", objective="in the other file")
    writer.close()  # its -wal is checkpointed into it
    for suffix in ("-wal", "-shm"):  # as the demo replaces its store
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    os.replace(other, db)
    assert watcher.poll() == []
    PluginWriter(db).save("s1", objective="after")
    assert [e.snapshot_id for e in watcher.poll()] == [newest_auto(db, "s1")]


def test_nothing_read_while_nothing_changes(tmp_path, monkeypatch):
    db = basic_store(tmp_path / "c.db")
    store = Store(db, read_only=True)
    watcher = Watcher(store)
    watcher.start()
    reads = []
    real = store.read
    monkeypatch.setattr(store, "read", lambda: reads.append(1) or real())
    for _ in range(5):
        assert watcher.poll() == []
    assert reads == []


# -- the command ------------------------------------------------------------------------


def spawn_watch(db: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "app")}
    return subprocess.Popen(
        [sys.executable, "-m", "ckpt_tui", "watch", "--db", str(db), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
        # Ctrl-C as a terminal delivers it: a suite started in the background
        # of a shell without job control inherits SIGINT ignored
        preexec_fn=_interruptible,
    )


def _interruptible() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Lines:
    """A pipe's lines, each waited for until a deadline (``select`` on the
    descriptor; the bytes read past a line are kept for the next)."""

    def __init__(self, stream) -> None:
        self.fd = stream.fileno()
        self.buffer = b""

    def next(self, deadline: float) -> str | None:
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode() + "\n"

    def rest(self) -> str:
        chunks = [self.buffer]
        while chunk := os.read(self.fd, 65536):
            chunks.append(chunk)
        return b"".join(chunks).decode()


def wait_ready(proc: subprocess.Popen) -> str:
    line = Lines(proc.stderr).next(time.monotonic() + 30)
    assert line and "following" in line, line
    return line


def stop(proc: subprocess.Popen) -> tuple[int, str]:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc.returncode, proc.stderr.read()


@pytest.mark.slow
def test_watch_json_reports_every_save_in_order(tmp_path):
    """A plugin-like writer saves every 200 ms (pruning to 5 snapshots) in
    the followed session and in another; ``watch s1 --json`` reports every
    save of s1, in order, with its fields and statuses, and nothing twice;
    Ctrl-C ends it with 130 and no traceback."""
    db = two_sessions(tmp_path / "c.db")
    writer = PluginWriter(db, history_limit=5)
    writer.save("s1", summary="start")  # the newest snapshot is the checkpoint now
    state = Checkpoint(objective="start", nextSteps=("a", "b"), summary="start").to_payload()
    proc = spawn_watch(db, "s1", "--json")
    try:
        wait_ready(proc)
        expected = []
        plan = [
            {"status": "in_progress", "nextSteps": ["b", "c", "d"]},
            {"completedSteps": ["b"], "nextSteps": ["c", "d"]},
            {"status": "blocked", "blockers": ["waiting on CI"]},
            {"summary": "CI is back"},
            {"status": "in_progress", "blockers": []},
            {"completedSteps": ["b", "c"], "nextSteps": ["d"]},
            {"notes": "<script>alert(1)</script> [bold]x[/bold] \x1b[31m"},
            {"status": "done", "nextSteps": [], "completedSteps": ["b", "c", "d"]},
        ]
        for i, change in enumerate(
            plan + [{**c, "summary": f"round two {i}"} for i, c in enumerate(plan)]
        ):
            writer.save("s2", summary=f"other {i}")  # not followed
            fields = {
                k
                for k, v in change.items()
                if (list(state[k]) if isinstance(v, list) else state[k]) != v
            }
            before = state["status"]
            assert writer.save("s1", **change)
            state.update(change)
            expected.append((newest_auto(db, "s1"), fields, before, state["status"]))
            time.sleep(0.2)  # the plugin's pace
        got = []
        deadline = time.monotonic() + 20
        out = Lines(proc.stdout)
        while len(got) < len(expected):
            line = out.next(deadline)
            assert line, f"only {len(got)} of {len(expected)} saves reported"
            got.append(json.loads(line))
        code, err = stop(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert out.rest() == ""  # nothing twice, nothing else
    assert code == 130 and "Traceback" not in err, err
    assert [g["snapshot"] for g in got] == [e[0] for e in expected]
    for g, (_, fields, before, after) in zip(got, expected, strict=True):
        assert g["session"] == "s1" and g["kind"] == "auto"
        assert set(g["fieldsChanged"]) == fields
        assert (g["statusBefore"], g["statusAfter"]) == (before, after)


def test_watch_text_and_errors(tmp_path):
    db = two_sessions(tmp_path / "c.db")
    writer = PluginWriter(db)
    writer.save("s2", summary="first")  # before the command starts: not news
    proc = spawn_watch(db)
    try:
        assert "every session" in wait_ready(proc)
        writer.save("s2", status="blocked", blockers=["x"])
        line = Lines(proc.stdout).next(time.monotonic() + 20)
        code, err = stop(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "Other (s2)" in line and "status in progress → blocked  +1 blocker" in line
    assert code == 130 and "Traceback" not in err
    done = subprocess.run(
        [sys.executable, "-m", "ckpt_tui", "watch", "--db", str(db), "nope"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "app")},
        timeout=60,
    )
    assert done.returncode != 0 and "no such session" in done.stderr
    assert "Traceback" not in done.stderr


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process, from /proc (clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_following_costs_no_cpu_while_nothing_changes(tmp_path):
    """Over 10 s with no save, ``watch`` and the app's follow screen (each
    in its own process) use under 2% of a core: CPU time from /proc, not
    wall time. The app's figure includes Textual's own idle work and the
    app's live poll."""
    db = two_sessions(tmp_path / "c.db")
    watch = spawn_watch(db, "--json")
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'app'}{os.pathsep}{ROOT}"}
    app = subprocess.Popen(
        [sys.executable, "-m", "tests.workers.follow_app", str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        wait_ready(watch)
        assert Lines(app.stdout).next(time.monotonic() + 60) == "ready\n", app.stderr.read()
        start = {p.pid: cpu_seconds(p.pid) for p in (watch, app)}
        time.sleep(10)  # the measured window: nothing is written during it
        used = {p.pid: cpu_seconds(p.pid) - start[p.pid] for p in (watch, app)}
        app.stdin.write("stop\n")
        app.stdin.flush()
        assert app.wait(timeout=60) == 0, app.stderr.read()
        stop(watch)
    finally:
        for proc in (watch, app):
            if proc.poll() is None:
                proc.kill()
    print(f"CPU over 10 s: watch {used[watch.pid]:.3f} s, follow screen {used[app.pid]:.3f} s")
    assert used[watch.pid] < 0.2
    assert used[app.pid] < 0.2


def test_a_save_is_reported_within_a_second(tmp_path):
    """``follow`` sleeps between looks; a save still shows well inside a
    second (the median of five, so one slow moment of a loaded machine does
    not decide it)."""
    import queue
    import threading

    db = basic_store(tmp_path / "c.db")
    watcher = Watcher(Store(db, read_only=True), session_id="s1")
    watcher.start()
    stop, landed = threading.Event(), queue.Queue()

    def run():
        for events in watcher.follow(stop):
            for event in events:
                landed.put((time.monotonic(), event.snapshot_id))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    writer = PluginWriter(db)
    delays = []
    try:
        for i in range(5):
            saved = time.monotonic()
            writer.save("s1", summary=f"save {i}")
            at, snapshot = landed.get(timeout=10)
            assert snapshot == newest_auto(db, "s1")
            delays.append(at - saved)
    finally:
        stop.set()
        thread.join(timeout=10)
    assert sorted(delays)[2] < 1.0, delays
