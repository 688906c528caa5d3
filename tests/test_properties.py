"""Random sequences of restore / undo / redo / plugin autosave / manual snapshot /
plugin restore, checked step by step against a small in-memory model.

The model is the specification of core/actions.py (see its docstring and
tests/test_actions.py), written independently of the implementation: a
journal of entries {before, after, keys, done}; undo writes ``before`` for
those of the keys that still hold ``after`` (what the write left), records
the current state as ``after`` and the keys it changed (redo symmetric);
the journal is trusted only while the newest pre-restore snapshot is ours,
otherwise undo asks which fields, and with every candidate chosen restores
that snapshot's fields.
"""

from __future__ import annotations

import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ckpt_tui import timeutil
from ckpt_tui.core.actions import Service
from ckpt_tui.core.model import STATUSES, Checkpoint, decode
from ckpt_tui.core.plans import WRITABLE
from ckpt_tui.errors import ChooseFields, CkptError, NothingToDo
from ckpt_tui.store import Store
from ckpt_tui.store.journal import JournalFile
from tests.examples import examples
from tests.factory import (
    PluginWriter,
    add_project,
    add_session,
    add_snapshot,
    connect,
    new_store,
    set_checkpoint,
    stamp_after,
)

START = Checkpoint(objective="start", nextSteps=("a", "b"))
SOURCES = {
    "src0": Checkpoint(objective="one", status="blocked", blockers=("x",)),
    "src1": Checkpoint(objective="two", status="done", nextSteps=("b", "c"), notes="n1"),
    "src2": Checkpoint(objective="start", summary="s", synthesized=True, filesTouched=("f",)),
}
RESTORABLE = ("objective", "status", "nextSteps", "blockers", "notes", "summary")
AUTOSAVE_VALUES = {
    "objective": ["start", "one", "two", "x"],
    "notes": ["", "n1", "n2"],
    "status": list(STATUSES),
    "nextSteps": [[], ["a", "b"], ["b", "c"]],
}


def as_dict(cp: Checkpoint) -> dict:
    return {k: cp.get(k) for k in WRITABLE}


def take(base: dict, source: dict, keys) -> dict:
    return {**base, **{k: source[k] for k in keys}}


def changed(a: dict, b: dict) -> tuple[str, ...]:
    return tuple(k for k in WRITABLE if a[k] != b[k])


@dataclass
class Entry:
    kind: str  # "cp" | "snap"
    before: dict
    after: dict
    keys: tuple = ()
    done: bool = True
    name: str | None = None
    pres_at: int = -1  # snap: how many pre-restore snapshots existed when it was made


@dataclass
class Model:
    cur: dict
    entries: list[Entry] = field(default_factory=list)
    newest_pre: tuple[bool, dict] | None = None  # (ours, content)
    manual: dict[str, dict] = field(default_factory=dict)
    autos: int = 0
    pres: int = 0
    asks: bool = False

    @property
    def trusted(self) -> bool:
        return self.newest_pre is None or self.newest_pre[0]

    def _write(self, after: dict) -> None:
        self.pres += 1
        self.newest_pre = (True, self.cur)
        self.cur = after

    # each returns True if the store should have been written to, None for NothingToDo
    def restore(self, source: dict, fields) -> bool:
        after = take(self.cur, source, fields or WRITABLE)
        keys = changed(self.cur, after)
        if not keys:
            return False
        self.entries = [e for e in self.entries if e.done]
        self.entries.append(Entry("cp", self.cur, after, keys))
        self._write(after)
        return True

    def _undo_snap(self, e: Entry) -> bool:
        e.done = False
        return self.manual.pop(e.name, None) is not None

    def _redo_snap(self, e: Entry) -> bool:
        e.done = True
        if e.name in self.manual:
            return False
        self.manual[e.name] = e.after
        return True

    def undo(self) -> bool | None:
        """``asks`` afterwards: whether the undo had to ask which fields."""
        self.asks = False
        done = [e for e in self.entries if e.done]
        if done and done[-1].kind == "snap" and done[-1].pres_at == self.pres:
            # nothing restored since the snapshot: it is the last step, trusted or not
            return self._undo_snap(done[-1])
        if not self.trusted:
            after = take(self.cur, self.newest_pre[1], WRITABLE)
            keys = changed(self.cur, after)
            if not keys:
                return False
            self.asks = True  # and then every candidate is chosen
            self.entries = [Entry("cp", after, self.cur, keys, done=False)]
            self._write(after)
            return True
        done = [e for e in self.entries if e.done]
        if not done:
            return None
        e = done[-1]
        if e.kind == "snap":
            return self._undo_snap(e)
        return self._step(e, done=False, wrote=e.after, target=e.before)

    def redo(self) -> bool | None:
        undone = [e for e in self.entries if not e.done]
        if not undone:
            return None
        if undone[0].kind == "snap" and undone[0].pres_at == self.pres:
            return self._redo_snap(undone[0])
        if not self.trusted:
            return None  # restored outside since: refused, the steps kept
        e = undone[0]
        if e.kind == "snap":
            return self._redo_snap(e)
        return self._step(e, done=True, wrote=e.before, target=e.after)

    def _step(self, e: Entry, *, done: bool, wrote: dict, target: dict) -> bool:
        """Undo or redo of a checkpoint write: the keys that still hold what
        the step being taken back wrote go to ``target``; the others stay."""
        still = [k for k in e.keys if self.cur[k] == wrote[k]]
        after = take(self.cur, target, still)
        keys = changed(self.cur, after)
        e.done = done
        if done:
            e.before = self.cur
        else:
            e.after = self.cur
        e.keys = keys
        if not keys:
            return False
        self._write(after)
        return True

    def autosave(self, key: str, value) -> bool:
        merged = {**self.cur, key: tuple(value) if isinstance(value, list) else value}
        if merged == self.cur:
            return False
        self.autos += 1
        self.cur = merged
        return True

    def snapshot(self, name: str) -> bool:
        if name in self.manual or name in SOURCES:
            return False
        self.manual[name] = self.cur
        self.entries = [e for e in self.entries if e.done]
        self.entries.append(Entry("snap", self.cur, self.cur, name=name, pres_at=self.pres))
        return True

    def plugin_restore(self, source: dict) -> None:
        self.pres += 1
        self.newest_pre = (False, self.cur)
        self.cur = dict(source)


# -- the real thing ----------------------------------------------------------------------------


def build(folder: Path) -> Path:
    path = new_store(folder / "checkpoints.db")
    conn = connect(path)
    add_project(conn)
    add_session(conn)
    set_checkpoint(conn, "s1", "p1", START)
    for i, (name, cp) in enumerate(SOURCES.items()):
        add_snapshot(conn, "s1", "p1", name, cp.to_payload(), at=f"2026-11-01T10:0{i}:00.000Z")
    conn.close()
    return path


def plugin_restore(path: Path, name: str) -> None:
    conn = connect(path)
    conn.execute("BEGIN IMMEDIATE")
    cols = [d[0] for d in conn.execute("SELECT * FROM checkpoints LIMIT 0").description]
    row = dict(zip(cols, conn.execute("SELECT * FROM checkpoints WHERE session_id='s1'")
                   .fetchone(), strict=True))
    newest = conn.execute("SELECT max(captured_at) FROM snapshots WHERE session_id='s1'")
    stamp = stamp_after(newest.fetchone()[0], timeutil.now_iso())
    pre_name = f"pre-restore-plugin-{stamp}"
    add_snapshot(conn, "s1", "p1", pre_name, Checkpoint.from_row(row).to_payload(),
                 kind="pre-restore", at=stamp)
    raw = conn.execute("SELECT payload FROM snapshots WHERE name=?", (name,)).fetchone()[0]
    set_checkpoint(conn, "s1", "p1", decode(raw), at=stamp)
    conn.execute("COMMIT")
    conn.close()


def observe(conn: sqlite3.Connection) -> tuple[dict, dict[str, int], dict[str, dict]]:
    row = conn.execute("SELECT * FROM checkpoints WHERE session_id='s1'").fetchone()
    kinds = dict(conn.execute("SELECT kind, count(*) FROM snapshots GROUP BY kind").fetchall())
    manual = {
        r["name"]: as_dict(decode(r["payload"]))
        for r in conn.execute("SELECT name, payload FROM snapshots WHERE kind='manual'")
    }
    return as_dict(Checkpoint.from_row(dict(row))), kinds, manual


ops = st.one_of(
    st.tuples(
        st.just("restore"),
        st.integers(0, 10),
        st.none() | st.lists(st.sampled_from(RESTORABLE), min_size=1, max_size=3, unique=True),
    ),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
    st.sampled_from(sorted(AUTOSAVE_VALUES)).flatmap(
        lambda k: st.tuples(st.just("autosave"), st.just(k), st.sampled_from(AUTOSAVE_VALUES[k]))
    ),
    st.tuples(st.just("snapshot"), st.integers(0, 3)),
    st.tuples(st.just("plugin_restore"), st.sampled_from(sorted(SOURCES))),
)


@settings(
    max_examples=examples(15, deep=40),
    deadline=None,
    database=None,  # nothing written into the checkout
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(ops, min_size=1, max_size=14))
def test_actions_follow_the_model(steps):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = build(folder)
        store = Store(path)
        svc = Service(store, JournalFile(folder / "journal.db", store), history_limit=10_000)
        writer = PluginWriter(path, history_limit=10_000)
        model = Model(as_dict(START))
        look = sqlite3.connect(path, isolation_level=None)
        look.row_factory = sqlite3.Row
        try:
            for number, step in enumerate(steps):
                run_step(svc, writer, path, model, step)
                cur, kinds, manual = observe(look)
                where = f"after step {number} {step!r} of {steps!r}"
                assert cur == model.cur, where
                assert kinds.get("auto", 0) == model.autos, where
                assert kinds.get("pre-restore", 0) == model.pres, where
                expected_manual = {k: as_dict(v) for k, v in SOURCES.items()} | model.manual
                assert manual == expected_manual, where
            assert look.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            look.close()
            writer.close()
            svc.close()


def run_step(svc: Service, writer: PluginWriter, path: Path, model: Model, step: tuple) -> None:
    kind = step[0]
    if kind == "restore":
        names = sorted(SOURCES) + sorted(model.manual)
        name = names[step[1] % len(names)]
        source = as_dict(SOURCES[name]) if name in SOURCES else model.manual[name]
        expected = model.restore(source, step[2])
        assert svc.restore("s1", name, step[2]).wrote == expected
    elif kind in ("undo", "redo"):
        expected = getattr(model, kind)()
        try:
            try:
                outcome = getattr(svc, kind)("s1")
            except ChooseFields as exc:
                assert kind == "undo" and model.asks, f"{kind}: asked, the model did not"
                outcome = svc.undo("s1", list(exc.candidates))
            else:
                assert not (kind == "undo" and model.asks), "undo did not ask which fields"
        except NothingToDo:
            assert expected is None, f"{kind}: NothingToDo, model expected {expected}"
        else:
            assert expected is not None, f"{kind}: wrote {outcome.wrote}, model: nothing to do"
            assert outcome.wrote == expected
    elif kind == "autosave":
        expected = model.autosave(step[1], step[2])
        assert writer.save("s1", **{step[1]: step[2]}) == expected
    elif kind == "snapshot":
        name = f"m{step[1]}"
        if model.snapshot(name):
            assert svc.snapshot_create("s1", name).wrote
        else:
            try:
                svc.snapshot_create("s1", name)
            except CkptError as exc:
                assert "already" in str(exc)
            else:
                raise AssertionError(f"duplicate snapshot name {name} accepted")
    elif kind == "plugin_restore":
        model.plugin_restore(as_dict(SOURCES[step[1]]))
        plugin_restore(path, step[1])
    else:  # pragma: no cover
        raise AssertionError(kind)
