"""``conversation`` and ``list sessions --opencode`` through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.model import Checkpoint
from tests.factory import add_project, add_session, connect, new_store, set_checkpoint
from tests.opencode_fixture import FIXTURE, copy_fixture

FACTS = json.loads((FIXTURE / "fixture_facts.json").read_text())
LOGIN, CHILD, SPIKE, CONFIG, PLAN = FACTS["sessions"]["alpha"]
EXPORT = FACTS["sessions"]["beta"][0]
OLD_A = FACTS["sessions"]["tree_alpha"][0]
ALL = 11  # 9 in the database, 2 only in the tree


@pytest.fixture(autouse=True)
def _no_opencode_db(monkeypatch):
    monkeypatch.delenv("OPENCODE_DB", raising=False)


@pytest.fixture
def data_dir(tmp_path) -> Path:
    return copy_fixture(tmp_path / "opencode")


@pytest.fixture
def store(tmp_path) -> Path:
    """A checkpoint store that knows three of the opencode sessions."""
    path = new_store(tmp_path / "checkpoints.db")
    conn = connect(path)
    add_project(conn, "p1")
    for sid in (LOGIN, EXPORT, PLAN):
        add_session(conn, sid, "p1")
    set_checkpoint(conn, LOGIN, "p1", Checkpoint(title="Login", status="blocked"))
    set_checkpoint(conn, PLAN, "p1", Checkpoint(status="done", synthesized=True))
    conn.close()
    return path


def run_json(capsys, *argv) -> tuple[int, dict]:
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


# -- list sessions --opencode ---------------------------------------------------------------


def test_list_json_shape_and_checkpoint_status(capsys, data_dir, store):
    code, doc = run_json(
        capsys,
        "list",
        "sessions",
        "--opencode",
        "--opencode-data",
        str(data_dir),
        "--db",
        str(store),
    )
    assert code == 0
    assert set(doc) == {
        "dataDir",
        "store",
        "storeStatus",
        "total",
        "duplicatesSkipped",
        "damagedSkipped",
        "sources",
        "warnings",
        "items",
    }
    assert (doc["storeStatus"], doc["total"], len(doc["items"])) == ("ok", ALL, ALL)
    assert (doc["duplicatesSkipped"], doc["damagedSkipped"]) == (2, 2)
    assert [s["name"] for s in doc["sources"]] == ["opencode.db", "storage tree"]
    items = {i["id"]: i for i in doc["items"]}
    assert set(items[LOGIN]) == {
        "id",
        "projectId",
        "directory",
        "title",
        "agent",
        "parentId",
        "depth",
        "archived",
        "archivedAt",
        "createdAt",
        "updatedAt",
        "lastActivity",
        "messageCount",
        "source",
        "checkpoint",
        "hasCheckpoint",
        "usage",
    }
    assert (items[LOGIN]["checkpoint"], items[LOGIN]["hasCheckpoint"]) == ("blocked", True)
    assert items[PLAN]["checkpoint"] == "done (placeholder)"
    assert (items[EXPORT]["checkpoint"], items[EXPORT]["hasCheckpoint"]) == ("none", False)
    assert items[OLD_A]["checkpoint"] == "none"
    assert items[SPIKE]["archived"] is True and items[SPIKE]["archivedAt"].endswith("Z")
    order = [i["id"] for i in doc["items"]]
    assert order.index(CHILD) == order.index(LOGIN) + 1
    assert (items[CHILD]["depth"], items[CHILD]["parentId"]) == (1, LOGIN)


def test_list_without_a_store_says_no_store(capsys, data_dir, tmp_path):
    code, doc = run_json(
        capsys,
        "list",
        "sessions",
        "--opencode",
        "--opencode-data",
        str(data_dir),
        "--db",
        str(tmp_path / "absent.db"),
    )
    assert code == 0 and doc["storeStatus"] == "missing"
    assert {i["checkpoint"] for i in doc["items"]} == {"no store"}
    assert not (tmp_path / "absent.db").exists()


def test_list_text_marks_archived_and_indents_children(capsys, data_dir, store):
    code = main(
        ["list", "sessions", "--opencode", "--opencode-data", str(data_dir), "--db", str(store)]
    )
    out, err = capsys.readouterr()
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == [
        "SESSION",
        "AGENT",
        "MSGS",
        "LAST",
        "ACTIVITY",
        "CHECKPOINT",
        "SOURCE",
        "TITLE",
    ]
    assert len(lines) == ALL + 1
    assert any(line.startswith(f"  {CHILD}") for line in lines)
    assert "[archived] Old spike: response caching" in out
    assert "Émoji 🚀" in out
    assert "more than one place" in err and "damaged" in err


def test_list_reads_the_data_dir_from_the_environment(capsys, data_dir, store, monkeypatch):
    monkeypatch.setenv("CKPT_OPENCODE_DATA", str(data_dir))
    code, doc = run_json(capsys, "list", "sessions", "--opencode", "--db", str(store))
    assert code == 0 and doc["total"] == ALL


ALPHA_PROJECT = "09a5b575cf1dd75baa9d884ca52ed84b20c56c8c"


def test_list_filters_by_project(capsys, data_dir, store):
    code, doc = run_json(
        capsys,
        "list",
        "sessions",
        "--opencode",
        "--opencode-data",
        str(data_dir),
        "--db",
        str(store),
        "--project",
        ALPHA_PROJECT,
    )
    assert code == 0 and doc["items"]
    assert {i["projectId"] for i in doc["items"]} == {ALPHA_PROJECT}
    # An unknown project is an error, not an empty list (issue 9, point 13).
    code = main(["list", "sessions", "--opencode", "--opencode-data", str(data_dir), "--db",
                 str(store), "--project", "no-such-project"])
    err = capsys.readouterr().err
    assert code == 4 and "no such project 'no-such-project'" in err


def test_no_opencode_data_is_an_error(capsys, tmp_path):
    code = main(["list", "sessions", "--opencode", "--opencode-data", str(tmp_path / "none")])
    err = capsys.readouterr().err
    assert code == 1
    assert len(err.splitlines()) == 1 and "no opencode data" in err


# -- conversation -------------------------------------------------------------------------------


def test_conversation_json_shape(capsys, data_dir):
    code, doc = run_json(capsys, "conversation", CONFIG, "--opencode-data", str(data_dir))
    assert code == 0
    assert set(doc) == {"session", "total", "damagedSkipped", "warnings", "messages"}
    assert doc["warnings"] == []
    assert doc["session"]["id"] == CONFIG and doc["total"] == len(doc["messages"]) == 4
    first = doc["messages"][0]
    assert set(first) == {
        "id",
        "role",
        "createdAt",
        "completedAt",
        "lastActivity",
        "agent",
        "model",
        "error",
        "parts",
    }
    assert doc["messages"][1]["error"] == {"name": "APIError", "message": "Overloaded"}
    (tool,) = [p for p in doc["messages"][1]["parts"] if p["type"] == "tool"]
    assert set(tool) == {
        "type",
        "id",
        "tool",
        "status",
        "title",
        "startedAt",
        "endedAt",
        "durationMs",
        "error",
        "input",
        "output",
    }
    assert (tool["tool"], tool["status"], tool["durationMs"]) == ("read", "completed", 2500)
    assert tool["input"] == {"filePath": "/tmp/ocfix/work/alpha/app/config.py"}
    assert tool["output"] == "<file>...</file>"


def test_conversation_text(capsys, data_dir):
    code = main(["conversation", LOGIN, "--opencode-data", str(data_dir)])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[0].startswith("Fix flaky login test")
    assert "[tool bash error 2.5s] Command exited with code 1" in out
    assert "[reasoning] Flaky usually means timing." in out
    assert out.count("--- ") == 4


def test_conversation_text_shows_tool_input_and_output(capsys, data_dir):
    code = main(["conversation", LOGIN, "--opencode-data", str(data_dir)])
    out = capsys.readouterr().out
    assert code == 0
    lines = out.splitlines()
    at = lines.index("[tool bash completed 2.5s] Run all tests")
    assert lines[at + 1 : at + 4] == [
        "    command: pytest -q",
        "    description: Run all tests",
        "    output: 42 passed in 3.10s",
    ]
    at = lines.index("[tool read completed 2.5s] /tmp/ocfix/work/alpha/tests/test_login.py")
    assert lines[at + 2 : at + 5] == [
        "    output: <file>",
        "      00001| def test_login(client):",
        "      </file>",
    ]


def _long_output(data_dir: Path, text: str) -> None:
    """Give the login session's last bash call another output."""
    import sqlite3

    conn = sqlite3.connect(data_dir / "opencode.db")
    for pid, raw in conn.execute("SELECT id, data FROM part WHERE session_id = ?", (LOGIN,)):
        data = json.loads(raw)
        if data.get("tool") == "bash" and data["state"].get("output") == "42 passed in 3.10s":
            data["state"]["output"] = text
            conn.execute("UPDATE part SET data = ? WHERE id = ?", (json.dumps(data), pid))
    conn.commit()
    conn.close()


def test_conversation_text_folds_a_long_output_and_full_shows_it(capsys, data_dir):
    _long_output(data_dir, "\n".join(f"line {i}" for i in range(1, 101)))
    main(["conversation", LOGIN, "--opencode-data", str(data_dir)])
    out = capsys.readouterr().out
    assert "      line 12\n      … 88 more lines (--full shows them)\n" in out
    assert "line 13" not in out
    main(["conversation", LOGIN, "--opencode-data", str(data_dir), "--full"])
    out = capsys.readouterr().out
    assert "      line 100\n" in out and "more lines" not in out
    code, doc = run_json(capsys, "conversation", LOGIN, "--opencode-data", str(data_dir))
    outputs = [p.get("output") for m in doc["messages"] for p in m["parts"]]
    assert any(o and o.endswith("line 100") for o in outputs)  # JSON keeps it whole


def test_conversation_text_neutralises_escapes_in_tool_output(capsys, data_dir):
    _long_output(data_dir, "\x1b[2J\x1b]0;pwned\x07" + "x" * 10_000)
    main(["conversation", LOGIN, "--opencode-data", str(data_dir)])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "… 8,0" in out and "more characters (--full shows them)" in out


def test_conversation_of_a_tree_session(capsys, data_dir):
    code, doc = run_json(capsys, "conversation", OLD_A, "--opencode-data", str(data_dir))
    assert code == 0 and doc["session"]["source"] == "storage tree"
    assert [m["role"] for m in doc["messages"]] == ["user", "assistant"]


def test_conversation_of_an_unknown_session_fails_in_one_line(capsys, data_dir):
    code = main(["conversation", "ses_unknown", "--opencode-data", str(data_dir)])
    err = capsys.readouterr().err
    assert code == 4  # not found
    assert err.strip() == "ckpt-tui: no opencode session ses_unknown"


def test_conversation_needs_a_session_argument(capsys):
    assert main(["conversation"]) == 2
