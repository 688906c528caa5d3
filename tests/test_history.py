"""Field history (blame) checked against a brute-force model on random
histories, and its edges: damaged payloads, re-added items, a snapshot as
the shown value, the live checkpoint, bad input."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ckpt_tui.core.history import field_history, items_of, keyed
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import CkptError, DamagedPayload, NotFound
from tests.examples import examples
from tests.factory import add_project, add_session, add_snapshot, connect, new_store, set_checkpoint

WORDS = ["a", "b", "c", "d"]


def at(i: int) -> str:
    return f"2026-11-01T10:{i // 60:02d}:{i % 60:02d}.000Z"


def build(path: Path, versions: list, current: Checkpoint | None) -> list[str]:
    """A session whose snapshots are ``versions`` (a Checkpoint, or a str for
    a damaged payload), oldest first; returns their names."""
    new_store(path)
    conn = connect(path)
    add_project(conn)
    add_session(conn)
    names = []
    for i, v in enumerate(versions):
        payload = v if isinstance(v, str) else v.to_payload()
        add_snapshot(conn, "s1", "p1", f"v{i}", payload, kind="auto", at=at(i), sid=f"id{i:04d}")
        names.append(f"v{i}")
    if current is not None:
        set_checkpoint(conn, "s1", "p1", current, at=at(len(versions)))
    conn.close()
    return names


def model(field: str, values: list) -> dict:
    """The specification, by brute force over whole versions (not a walk):
    for each item (text, occurrence) of the last value, the first version of
    the longest run of versions ending at the last that all hold it; for each
    item some version held and the last does not, the version after the last
    one that held it, and the start of that run. ``None`` values (damaged)
    are dropped first."""
    seq = [(i, set(keyed(items_of(field, v)))) for i, v in enumerate(values) if v is not None]
    last_i, last = seq[-1]
    lines = []
    for key in keyed(items_of(field, values[last_i])):
        j = len(seq) - 1
        while j > 0 and key in seq[j - 1][1]:
            j -= 1
        readded = any(key in s for _, s in seq[:j])
        lines.append((key[0], seq[j][0], readded))
    removed = {}
    for key in set().union(*(s for _, s in seq)) - last:
        end = max(k for k, (_, s) in enumerate(seq) if key in s) + 1
        start = end - 1
        while start > 0 and key in seq[start - 1][1]:
            start -= 1
        removed[key] = (seq[start][0], seq[end][0])
    return {"lines": lines, "removed": removed}


text_values = st.lists(st.sampled_from(WORDS), max_size=5).map("\n".join)
list_values = st.lists(st.sampled_from(WORDS), max_size=5).map(tuple)
version = st.one_of(
    st.tuples(text_values, list_values, st.sampled_from(["in_progress", "blocked", "done"])),
    st.just(None),
)


@settings(max_examples=examples(40, deep=120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(version, min_size=1, max_size=14), st.booleans())
def test_history_matches_brute_force_model(raw, with_current):
    if all(v is None for v in raw):
        raw = [*raw, ("a", ("a",), "done")]
    versions = [
        "{damaged" if v is None else Checkpoint(currentPlan=v[0], nextSteps=v[1], status=v[2])
        for v in raw
    ]
    current = Checkpoint(currentPlan="b\na", nextSteps=("c", "a"), status="done")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "checkpoints.db"
        names = build(path, versions, current if with_current else None)
        svc = open_service(path, read_only=True)
        try:
            for field in ("currentPlan", "nextSteps", "status"):
                values = [None if isinstance(v, str) else v.get(field) for v in versions]
                labels = list(names)
                if with_current:
                    values.append(current.get(field))
                    labels.append("current")
                    shown = None
                else:  # up to the newest readable snapshot
                    end = max(i for i, v in enumerate(values) if v is not None) + 1
                    values, labels, shown = values[:end], labels[:end], labels[end - 1]
                got = field_history(svc, "s1", field, snapshot=shown)
                want = model(field, values)
                assert [(x.text, x.since.name, x.readded) for x in got.lines] == [
                    (text, labels[i], readded) for text, i, readded in want["lines"]
                ]
                got_removed = sorted((x.text, x.since.name, x.removed_at.name) for x in got.removed)
                assert [x.removed_at.name for x in got.removed] == sorted(
                    (x.removed_at.name for x in got.removed),
                    key=lambda n: labels.index(n),
                    reverse=True,
                ), "removed items come most recent first"
                want_removed = sorted(
                    (k[0], labels[s], labels[e]) for k, (s, e) in want["removed"].items()
                )
                assert got_removed == want_removed
                assert got.skipped == sum(v is None for v in values)
                if field == "status":
                    kept = [(labels[i], v) for i, v in enumerate(values) if v is not None]
                    changes = [
                        (name, prev[1] if prev else None, v)
                        for k, (name, v) in enumerate(kept)
                        for prev in [kept[k - 1] if k else None]
                        if prev is None or prev[1] != v
                    ]
                    assert [(t.at.name, t.old, t.new) for t in got.transitions] == changes
        finally:
            svc.close()


def test_readded_item_is_dated_from_its_latest_run(tmp_path):
    path = tmp_path / "checkpoints.db"
    steps = [("x",), ("x", "y"), ("y",), ("y", "x"), ("y", "x", "z")]
    build(path, [Checkpoint(nextSteps=s) for s in steps], None)
    svc = open_service(path, read_only=True)
    got = field_history(svc, "s1", "nextSteps", snapshot="v4")
    assert [(x.text, x.since.name, x.readded) for x in got.lines] == [
        ("y", "v1", False),
        ("x", "v3", True),
        ("z", "v4", False),
    ]
    assert got.removed == ()
    assert got.shown.name == "v4"
    svc.close()


def test_removed_items_and_a_snapshot_as_the_shown_value(tmp_path):
    path = tmp_path / "checkpoints.db"
    steps = ["one\ntwo", "one\ntwo\nthree", "two\nthree", "two"]
    build(path, [Checkpoint(currentPlan=s) for s in steps], Checkpoint(currentPlan="new"))
    svc = open_service(path, read_only=True)
    at_v2 = field_history(svc, "s1", "currentPlan", snapshot="v2")
    assert [(x.text, x.since.name) for x in at_v2.lines] == [("two", "v0"), ("three", "v1")]
    assert [(x.text, x.since.name, x.removed_at.name) for x in at_v2.removed] == [
        ("one", "v0", "v2")
    ]
    live = field_history(svc, "s1", "currentPlan")
    assert live.shown.is_current and [(x.text, x.since.name) for x in live.lines] == [
        ("new", "current")
    ]
    assert [(x.text, x.removed_at.name) for x in live.removed] == [
        ("two", "current"),
        ("three", "v3"),
        ("one", "v2"),
    ]
    assert json.loads(json.dumps(live.to_json()))["lines"][0]["since"]["id"] is None
    svc.close()


def test_duplicates_are_separate_items(tmp_path):
    path = tmp_path / "checkpoints.db"
    build(path, [Checkpoint(nextSteps=("t",)), Checkpoint(nextSteps=("t", "t"))], None)
    svc = open_service(path, read_only=True)
    got = field_history(svc, "s1", "nextSteps", snapshot="v1")
    assert [(x.text, x.since.name) for x in got.lines] == [("t", "v0"), ("t", "v1")]
    svc.close()


def test_bad_input_is_one_clear_error(tmp_path):
    path = tmp_path / "checkpoints.db"
    build(path, [Checkpoint(title="t"), "[1, 2]"], None)
    svc = open_service(path, read_only=True)
    with pytest.raises(CkptError, match="unknown field"):
        field_history(svc, "s1", "payload'); DROP TABLE x; --")
    with pytest.raises(DamagedPayload):
        field_history(svc, "s1", "title", snapshot="v1")
    with pytest.raises(NotFound):
        field_history(svc, "s1", "title")  # no live checkpoint
    with pytest.raises(NotFound):
        field_history(svc, "nope", "title")
    assert field_history(svc, "s1", "title", snapshot="v0").lines[0].text == "t"
    svc.close()


def test_history_command_line(tmp_path, capsys):
    from ckpt_tui.cli.main import main

    path = tmp_path / "checkpoints.db"
    steps = [Checkpoint(status="in_progress", nextSteps=("x",)), Checkpoint(status="blocked")]
    build(path, steps, Checkpoint(status="done", nextSteps=("[red]y[/]",)))
    assert main(["history", "--db", str(path), "s1", "status", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(t["from"], t["to"], t["at"]["name"]) for t in data["transitions"]] == [
        (None, "in_progress", "v0"),
        ("in_progress", "blocked", "v1"),
        ("blocked", "done", "current"),
    ]
    assert main(["history", "--db", str(path), "s1", "nextSteps", "--snapshot", "v1"]) == 0
    out = capsys.readouterr().out
    assert "(empty)" in out and "gone in v1" in out
    assert main(["history", "--db", str(path), "s1", "nextSteps"]) == 0
    assert "[red]y[/]" in capsys.readouterr().out
    assert main(["history", "--db", str(path), "s1", "bogus"]) == 1
    assert "unknown field bogus" in capsys.readouterr().err


def test_a_damaged_field_is_skipped_and_refused_as_the_shown_value(tmp_path):
    path = tmp_path / "checkpoints.db"
    good = Checkpoint(nextSteps=("a",)).to_payload()
    bad = {**good, "nextSteps": "not a list"}
    build(
        path,
        [Checkpoint(nextSteps=("a",)), json.dumps(bad), Checkpoint(nextSteps=("a", "b"))],
        None,
    )
    svc = open_service(path, read_only=True)
    got = field_history(svc, "s1", "nextSteps", snapshot="v2")
    # the damaged version neither removed "a" nor broke its run
    assert [(x.text, x.since.name) for x in got.lines] == [("a", "v0"), ("b", "v2")]
    assert got.skipped == 1 and got.removed == ()
    with pytest.raises(DamagedPayload, match="nextSteps of snapshot 'v1' is damaged"):
        field_history(svc, "s1", "nextSteps", snapshot="v1")
    svc.close()
