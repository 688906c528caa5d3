"""Unknown session and project ids exit 4 with "no such session/project";
``--kind`` takes SPEC 5.2's kinds (or one the store holds) and else names them."""

from __future__ import annotations

import json

import pytest

from tests.factory import add_snapshot, connect
from tests.opencode_fixture import copy_fixture


@pytest.fixture
def run(cli):
    return cli


def assert_not_found(result, what):
    code, out, err = result
    assert code == 4, (out, err)
    assert out == ""
    if err.startswith("{"):  # --json: the same words in a JSON object
        error = json.loads(err)["error"]
        assert error["code"] == "not_found" and error["exit"] == 4
        err = f"ckpt-tui: {error['message']}\n"
    assert err.startswith(f"ckpt-tui: no such {what} ") and err.count("\n") == 1, err


@pytest.mark.parametrize(
    "argv",
    [
        ("list", "snapshots", "NOSUCH"),
        ("list", "snapshots", "NOSUCH", "--json"),
        ("list", "snapshots", "NOSUCH", "--kind", "auto"),
        ("show", "NOSUCH"),
        ("show", "NOSUCH", "--snapshot", "first"),
        ("diff", "NOSUCH", "first"),
        ("restore", "NOSUCH", "first"),
        ("restore", "NOSUCH", "first", "--dry-run"),
        ("undo", "NOSUCH"),
        ("redo", "NOSUCH"),
        ("snapshot", "NOSUCH", "name"),
        ("handoff", "NOSUCH"),
        ("adopt", "p1", "NOSUCH"),
    ],
)
def test_unknown_session(run, argv):
    assert_not_found(run(*argv), "session")


@pytest.mark.parametrize(
    "argv",
    [
        ("list", "sessions", "--project", "NOSUCH"),
        ("list", "sessions", "--project", "NOSUCH", "--json"),
        ("legacy", "imports", "--project", "NOSUCH"),
        ("adopt", "NOSUCH", "s1"),
    ],
)
def test_unknown_project(run, argv):
    assert_not_found(run(*argv), "project")


def test_unknown_project_in_opencode_listing(run, tmp_path):
    data = copy_fixture(tmp_path / "opencode")
    assert_not_found(
        run("list", "sessions", "--opencode", "--opencode-data", str(data), "--project", "NOSUCH"),
        "project",
    )
    # A project of the store (p1) with no opencode session is an empty list.
    code, out, err = run(
        "list", "sessions", "--opencode", "--opencode-data", str(data), "--project", "p1", "--json"
    )
    assert code == 0 and json.loads(out)["items"] == [], err


def test_known_ids_still_list(run):
    code, out, _ = run("list", "sessions", "--project", "p1", "--json")
    assert code == 0 and json.loads(out)["total"] == 1
    code, out, _ = run("legacy", "imports", "--project", "p1")
    assert code == 0 and "no legacy imports" in out


@pytest.mark.parametrize("kind", ["auto", "manual", "pre-restore", "compaction", "legacy"])
def test_every_known_kind_is_accepted(run, kind):
    code, out, err = run("list", "snapshots", "s1", "--kind", kind, "--json")
    assert code == 0, err
    assert all(item["kind"] == kind for item in json.loads(out)["items"])


def test_an_unknown_kind_names_the_kinds_there_are(run):
    code, out, err = run("list", "snapshots", "s1", "--kind", "atuo")
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert "no snapshot kind 'atuo'" in err
    assert "auto, manual, pre-restore, compaction, legacy" in err


def test_a_kind_present_in_the_store_is_accepted(run, store_path):
    """A reader shows any other kind as it is, so it can be listed too."""
    conn = connect(store_path)
    add_snapshot(
        conn,
        "s1",
        "p1",
        "odd",
        {"objective": "x"},
        kind="checkpoint-v9",
        at="2026-11-01T11:00:00.000Z",
    )
    conn.close()
    code, out, err = run("list", "snapshots", "s1", "--kind", "checkpoint-v9", "--json")
    assert code == 0, err
    assert [i["name"] for i in json.loads(out)["items"]] == ["odd"]
    code, _, err = run("list", "snapshots", "s1", "--kind", "checkpoint-v1")
    assert code == 1 and "checkpoint-v9" in err  # named among the kinds there are
