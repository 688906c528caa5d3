"""JSON in columns is written as JavaScript's JSON.stringify writes it (SPEC 3).

``core.jsjson.stringify`` is checked against node itself when node is on
the machine, and every write path of ckpt-tui is checked to leave only
such JSON in the store: list columns, snapshot payloads, ledger details.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ckpt_tui.core import legacy
from ckpt_tui.core.jsjson import stringify
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.paths import legacy_state_file
from tests.examples import examples
from tests.factory import add_project, add_session, connect, new_store

# -- the encoder --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (["a", "b"], '["a","b"]'),
        ({"k": ["é", "日本"]}, '{"k":["é","日本"]}'),
        ("\u2028\u2029", '"\u2028\u2029"'),  # JSON.stringify does not escape them
        ('\x00\x1f\x7f"\\/\n\t', '"\\u0000\\u001f\x7f\\"\\\\/\\n\\t"'),
        ("\ud800", '"\\ud800"'),  # a lone surrogate is escaped, lower-case hex
        ("\ud83d\ude00", '"😀"'),  # a surrogate pair is one character
        (1.0, "1"),
        (-0.0, "0"),
        (1e21, "1e+21"),
        (1e-7, "1e-7"),
        (0.000001, "0.000001"),
        (123.456, "123.456"),
        (float("nan"), "null"),
        (float("inf"), "null"),
        (2**64, "18446744073709552000"),  # the double JavaScript holds
        ({"b": 1, "10": 2, "2": 3, "01": 4}, '{"2":3,"10":2,"b":1,"01":4}'),  # index keys first
        ({"title": 5, "synthesized": False, "x": None}, '{"title":5,"synthesized":false,"x":null}'),
    ],
)
def test_stringify_known_values(value, expected):
    assert stringify(value) == expected


def test_stringify_refuses_what_is_not_json():
    with pytest.raises(TypeError):
        stringify({1: "a"})
    with pytest.raises(TypeError):
        stringify(object())


#: What ``st.text()`` draws (every character UTF-8 encodes: all but the
#: surrogates), without the UTF-8 table Hypothesis builds on first use (~1.7 CPU-s).
utf8 = st.characters(exclude_categories=("Cs",))

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(codec=None)),  # lone surrogates included
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.text(utf8, max_size=6)
            | st.sampled_from(["0", "1", "10", "01", "4294967294", "4294967295"]),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@settings(max_examples=examples(4, deep=12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(json_values, min_size=50, max_size=50))
def test_stringify_is_byte_equal_to_node(values):
    """The same value, given to node as JSON (ASCII-escaped, so lone
    surrogates and every double survive the trip), stringified there."""
    script = (
        "const lines = require('fs').readFileSync(0, 'utf8').split('\\n');"
        "for (const l of lines) if (l) process.stdout.write(JSON.stringify(JSON.parse(l)) + '\\n');"
    )
    sent = "\n".join(json.dumps(v, ensure_ascii=True) for v in values) + "\n"
    result = subprocess.run(
        ["node", "-e", script], input=sent, capture_output=True, text=True, check=True
    )
    # split("\n"), not splitlines(): U+2028 is a line break to Python, not to JSON.
    theirs = result.stdout.split("\n")[:-1]
    assert [stringify(v) for v in values] == theirs


# -- every write path leaves the plugin's JSON ---------------------------------------------

STRANGE = [
    "plain",
    "café — 日本語 — emoji 😀",
    'quotes " and \\ backslash',
    "line\nbreak\ttab",
    "\u2028 separators \u2029",
    "ctrl \x01 \x1f del \x7f",
    "lone \ud800 surrogate",
    "",
]


def _plugin_store(path: Path, current: Checkpoint, snapshot: Checkpoint) -> Path:
    """A store as the plugin leaves it: every JSON column canonical."""
    new_store(path)
    conn = connect(path)
    add_project(conn, "p1")
    add_session(conn, "s1", "p1")
    row = current.to_row()
    cols = ", ".join(row)
    conn.execute(
        f"INSERT INTO checkpoints (session_id, project_id, {cols}, created_at, updated_at) "
        f"VALUES ('s1', 'p1', {', '.join('?' * len(row))}, "
        "'2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z')",
        tuple(row.values()),
    )
    conn.execute(
        "INSERT INTO snapshots (id, session_id, project_id, name, kind, captured_at, payload) "
        "VALUES ('00000000-0000-4000-8000-000000000001', 's1', 'p1', 'snap', 'manual', "
        "'2026-11-01T10:01:00.000Z', ?)",
        (stringify(snapshot.to_payload()),),
    )
    conn.close()
    return path


def _json_texts(path: Path) -> list[tuple[str, str]]:
    """Every JSON text in the store, named by where it is."""
    conn = sqlite3.connect(path)
    out: list[tuple[str, str]] = []
    list_columns = ("completed_steps", "next_steps", "blockers", "files_touched")
    for row in conn.execute(f"SELECT session_id, {', '.join(list_columns)} FROM checkpoints"):
        out += [(f"{row[0]}.{col}", text) for col, text in zip(list_columns, row[1:], strict=True)]
    out += [(f"snapshot {n}", p) for n, p in conn.execute("SELECT name, payload FROM snapshots")]
    out += [(f"ledger {i}", d) for i, d in conn.execute("SELECT id, details FROM migrations")]
    conn.close()
    return out


def assert_plugin_json(path: Path) -> None:
    """Byte-equal to JSON.stringify of the same value, everywhere."""
    bad = [
        where
        for where, text in _json_texts(path)
        if text is not None and text != stringify(json.loads(text))
    ]
    assert bad == []


def _written_lists(path: Path) -> dict[str, list[str]]:
    conn = sqlite3.connect(path)
    row = conn.execute(
        "SELECT completed_steps, next_steps, blockers, files_touched FROM checkpoints "
        "WHERE session_id = 's1'"
    ).fetchone()
    conn.close()
    return dict(
        zip(
            ("completedSteps", "nextSteps", "blockers", "filesTouched"),
            map(json.loads, row),
            strict=True,
        )
    )


items = st.lists(st.sampled_from(STRANGE) | st.text(utf8, max_size=8), max_size=4).map(tuple)
prose = st.sampled_from([s for s in STRANGE if "\ud800" not in s]) | st.text(utf8, max_size=8)
checkpoints = st.builds(
    Checkpoint,
    title=prose,
    objective=prose,
    status=st.sampled_from(["in_progress", "blocked", "done", "abandoned"]),
    summary=prose,
    currentPlan=prose,
    completedSteps=items,
    nextSteps=items,
    blockers=items,
    filesTouched=items,
    notes=prose,
)


@settings(
    max_examples=examples(10, deep=25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    current=checkpoints,
    snapshot=checkpoints,
    extra=st.dictionaries(st.text(utf8, max_size=5), json_values, max_size=3),
)
def test_every_write_leaves_plugin_json(current, snapshot, extra):
    """Restore (whole and partial), undo, redo, a manual snapshot and its
    undo and redo, over strange text: afterwards every list column, payload
    (pre-restore ones included) is what JSON.stringify writes."""
    snapshot = Checkpoint(**{**snapshot.__dict__, "extra": {k: v for k, v in extra.items() if k}})
    with tempfile.TemporaryDirectory() as tmp:
        path = _plugin_store(Path(tmp) / "checkpoints.db", current, snapshot)
        svc = open_service(path)
        try:
            wrote = svc.restore("s1", "snap").wrote
            if wrote:
                assert_plugin_json(path)
                svc.undo("s1")
                assert_plugin_json(path)
                svc.redo("s1")
            lists = ("completedSteps", "nextSteps", "blockers", "filesTouched")
            assert _written_lists(path) == {k: list(snapshot.get(k)) for k in lists}
            assert_plugin_json(path)
            if wrote:
                svc.undo("s1")  # back to ``current``, for a partial restore
            svc.restore("s1", "snap", ["nextSteps", "title"])
            svc.snapshot_create("s1", "named")
            svc.undo("s1")
            svc.redo("s1")
            assert_plugin_json(path)
            expected = {k: list(current.get(k)) for k in lists} | {
                "nextSteps": list(snapshot.nextSteps)
            }
            assert _written_lists(path) == expected
        finally:
            svc.close()


def _legacy_file(project: Path, checkpoint: Checkpoint, history: list[Checkpoint]) -> None:
    state = legacy_state_file(project)
    state.parent.mkdir(parents=True, exist_ok=True)
    entries = [
        {"name": f"v{i}", "capturedAt": 1767225600000 + i, "checkpoint": cp.to_payload()}
        for i, cp in enumerate(history, 1)
    ]
    data = {"plugin": "checkpoint-orchestrator", "version": 1, "history": entries}
    state.write_text(json.dumps(data | {"checkpoint": checkpoint.to_payload()}, indent=2))


def test_legacy_import_adoption_and_their_undo_write_plugin_json(tmp_path):
    """The import's snapshots, checkpoint and ledger details, a second import
    of a changed file and its undo, an adoption into a live session and its
    undo, with non-ASCII and odd text."""
    project = tmp_path / "proj-é"
    project.mkdir()
    old = Checkpoint(objective="début", nextSteps=tuple(STRANGE[:6]))
    new = Checkpoint(objective="fin — 終わり", status="done", completedSteps=("a", "é"))
    _legacy_file(project, new, [old])
    path = _plugin_store(tmp_path / "checkpoints.db", Checkpoint(objective="live"), Checkpoint())
    conn = connect(path)
    conn.execute("UPDATE projects SET directory = ?, canonical = ?", (str(project), str(project)))
    conn.close()
    svc = open_service(path)
    try:
        outcome = legacy.import_legacy(svc, project, "p1")
        assert outcome.status == "imported"
        assert_plugin_json(path)
        conn = sqlite3.connect(path)
        (details,) = conn.execute("SELECT details FROM migrations").fetchone()
        conn.close()
        assert "proj-é" in details and "\\u00e9" not in details  # as it is, not escaped

        changed = Checkpoint(objective="encore — 再び", blockers=tuple(STRANGE[4:]))
        _legacy_file(project, changed, [old, new])
        second = legacy.import_legacy(svc, project, "p1")
        assert second.status == "imported" and second.checkpoint_changed
        assert_plugin_json(path)
        legacy.undo_import(svc, second.import_id)  # puts the first import's checkpoint back
        assert_plugin_json(path)

        svc.apply(legacy.plan_adoption(svc, "p1", "s1", "legacy-1"))
        assert _written_lists(path)["nextSteps"] == list(old.nextSteps)
        assert_plugin_json(path)
        svc.undo("s1")
        svc.redo("s1")
        assert_plugin_json(path)
    finally:
        svc.close()
