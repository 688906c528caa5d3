"""What a session cost, checked against the fixture made with the real opencode."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.opencode import OpencodeReader
from tests.opencode_fixture import FIXTURE, copy_fixture

FACTS = json.loads((FIXTURE / "fixture_facts.json").read_text())
LOGIN, CHILD, SPIKE, CONFIG, PLAN = FACTS["sessions"]["alpha"]
EXPORT = FACTS["sessions"]["beta"][0]
TREE_BETA = FACTS["sessions"]["tree_beta"][0]


@pytest.fixture(autouse=True)
def _no_opencode_db(monkeypatch):
    monkeypatch.delenv("OPENCODE_DB", raising=False)


@pytest.fixture
def data_dir(tmp_path) -> Path:
    return copy_fixture(tmp_path / "opencode")


def _direct(db: Path, session_id: str) -> dict:
    """The same figures straight from opencode's tables with SQLite's JSON
    functions: an independent reading of the records."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        row = conn.execute(
            """SELECT count(*),
                      sum(json_extract(data, '$.role') = 'user'),
                      sum(json_extract(data, '$.cost')),
                      sum(json_extract(data, '$.tokens.input')),
                      sum(json_extract(data, '$.tokens.output')),
                      sum(json_extract(data, '$.tokens.cache.read'))
               FROM message WHERE session_id = ?""",
            (session_id,),
        ).fetchone()
        models = {
            f"{p}/{m}"
            for p, m in conn.execute(
                "SELECT json_extract(data, '$.providerID'), json_extract(data, '$.modelID') "
                "FROM message WHERE session_id = ? AND json_extract(data, '$.role') = 'assistant'",
                (session_id,),
            )
        }
        agents = {
            a
            for (a,) in conn.execute(
                "SELECT json_extract(data, '$.agent') FROM message "
                "WHERE session_id = ? AND json_extract(data, '$.role') = 'assistant'",
                (session_id,),
            )
        }
        files = {
            f
            for (f,) in conn.execute(
                "SELECT json_extract(data, '$.state.input.filePath') FROM part "
                "WHERE session_id = ? AND json_extract(data, '$.type') = 'tool'",
                (session_id,),
            )
            if f
        } | {
            f
            for (f,) in conn.execute(
                "SELECT j.value FROM part, json_each(part.data, '$.files') AS j "
                "WHERE part.session_id = ? AND json_extract(part.data, '$.type') = 'patch'",
                (session_id,),
            )
        }
    finally:
        conn.close()
    count, prompts, cost, tin, tout, cache = row
    return {
        "messages": count,
        "prompts": prompts,
        "cost": cost,
        "input": tin,
        "output": tout,
        "cacheRead": cache,
        "models": models,
        "agents": agents,
        "files": files,
    }


def test_figures_of_every_database_session_match_the_records(data_dir):
    reader = OpencodeReader(data_dir)
    ids = [s.id for s in reader.sessions().sessions if s.source == "opencode.db"]
    assert len(ids) == 9
    for sid in ids:
        usage = reader.usage(sid)
        want = _direct(data_dir / "opencode.db", sid)
        assert (usage.messages, usage.prompts) == (want["messages"], want["prompts"]), sid
        assert usage.cost == pytest.approx(want["cost"]), sid
        assert usage.tokens["input"] == want["input"]
        assert usage.tokens["output"] == want["output"]
        assert usage.tokens["cacheRead"] == want["cacheRead"]
        assert set(usage.models) == want["models"]
        assert set(usage.agents) == want["agents"]
        assert set(usage.files) == want["files"]


def test_the_login_session_in_figures(data_dir):
    """Written out once, so a wrong direct query cannot hide a wrong sum:
    two assistant messages of 0.0042 and 1200/180 tokens each."""
    usage = OpencodeReader(data_dir).usage(LOGIN)
    assert (usage.messages, usage.prompts, usage.assistant_messages) == (4, 2, 2)
    assert usage.cost == pytest.approx(0.0084)
    assert usage.tokens == {
        "input": 2400,
        "output": 360,
        "reasoning": 80,
        "cacheRead": 1600,
        "cacheWrite": 0,
    }
    assert usage.models == ("anthropic/claude-sonnet-4-5",)
    assert usage.agents == ("build",)
    assert usage.files == ("/tmp/ocfix/work/alpha/tests/test_login.py",)
    export = OpencodeReader(data_dir).usage(EXPORT)
    assert export.files == ("/tmp/ocfix/work/beta/export_csv.py",)  # write tool + patch, once


def test_the_session_table_columns_are_not_trusted(data_dir):
    """opencode's own ``session.cost`` is 0 for these imported sessions; the
    messages say otherwise, and the messages are what was spent."""
    conn = sqlite3.connect(f"file:{data_dir / 'opencode.db'}?mode=ro", uri=True)
    (column,) = conn.execute("SELECT cost FROM session WHERE id = ?", (LOGIN,)).fetchone()
    conn.close()
    assert column == 0
    assert OpencodeReader(data_dir).usage(LOGIN).cost > 0


def test_absent_figures_are_absent_not_zero(data_dir):
    db = data_dir / "opencode.db"
    conn = sqlite3.connect(db)
    conn.execute(
        "UPDATE message SET data = json_remove(data, '$.cost', '$.tokens', '$.modelID', "
        "'$.providerID', '$.agent', '$.mode') WHERE session_id = ?",
        (CONFIG,),
    )
    conn.commit()
    conn.close()
    usage = OpencodeReader(data_dir).usage(CONFIG)
    assert usage.messages == 4
    assert usage.cost is None
    assert usage.tokens == {}
    assert usage.models == ()
    doc = usage.to_json()
    assert doc["cost"] is None
    assert doc["tokens"] == dict.fromkeys(
        ("input", "output", "reasoning", "cacheRead", "cacheWrite")
    )


def test_a_damaged_message_is_skipped_and_counted(data_dir):
    conn = sqlite3.connect(data_dir / "opencode.db")
    conn.execute(
        "UPDATE message SET data = '{broken' WHERE id = "
        "(SELECT max(id) FROM message WHERE session_id = ?)",
        (LOGIN,),
    )
    conn.commit()
    conn.close()
    usage = OpencodeReader(data_dir).usage(LOGIN)
    assert usage.messages == 4 and usage.damaged_skipped == 1
    assert usage.cost == pytest.approx(0.0042)


def test_a_tree_session_has_figures_too(data_dir):
    usage = OpencodeReader(data_dir).usage(TREE_BETA)
    # one of its message files is damaged on purpose (see the fixture's README)
    assert usage.damaged_skipped == 1
    assert usage.cost == pytest.approx(0.0042)
    assert usage.tokens["input"] == 1200


def test_list_sessions_opencode_json_carries_the_usage(capsys, data_dir, tmp_path):
    code = main(
        [
            "list",
            "sessions",
            "--opencode",
            "--opencode-data",
            str(data_dir),
            "--db",
            str(tmp_path / "none.db"),
            "--json",
        ]
    )
    assert code == 0
    items = {i["id"]: i for i in json.loads(capsys.readouterr().out)["items"]}
    login = items[LOGIN]["usage"]
    assert login["cost"] == pytest.approx(0.0084)
    assert (login["tokens"]["input"], login["tokens"]["output"]) == (2400, 360)
    assert login["models"] == ["anthropic/claude-sonnet-4-5"]
    assert login["agents"] == ["build"]
    assert login["files"] == ["/tmp/ocfix/work/alpha/tests/test_login.py"]
    assert items[PLAN]["usage"]["agents"] == ["plan"]


def test_the_detail_pane_says_not_recorded_rather_than_zero(data_dir):
    from ckpt_tui.opencode.usage import summarise
    from ckpt_tui.ui.usage_view import usage_text

    bare = summarise("ses_x", [{"role": "user"}, {"role": "assistant"}], [])
    plain = usage_text(bare).plain
    assert "cost      not recorded" in plain
    assert "in not recorded · out not recorded" in plain
    assert "$0" not in plain and " 0 " not in plain.replace("0 touched", "")
    free = summarise("ses_y", [{"role": "assistant", "cost": 0, "tokens": {"input": 0}}], [])
    assert "$0.0000" in usage_text(free).plain, "a recorded zero is a zero"
    assert "no usage" in usage_text(None).plain
