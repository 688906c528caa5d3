r"""A lone surrogate in store JSON (``"\ud800"``, which ``JSON.stringify``
writes for a broken pair) is hostile text like any other: every command
shows it as an escape, ``--json`` keeps it as an escape, a restore writes
what the plugin's driver would (U+FFFD in a text column, the escape in a
JSON column), and nothing ends with an encoding error."""

from __future__ import annotations

import json

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.model import Checkpoint
from tests.factory import add_snapshot, connect

LONE = r'"t \ud800 u"'
PAYLOAD = (
    '{"title":' + LONE + ',"objective":"o","status":"in_progress","summary":"",'
    '"currentPlan":"","completedSteps":["a \\udc01 b"],"nextSteps":[],"blockers":[],'
    '"filesTouched":[],"notes":"","schemaVersion":1,"synthesized":false}'
)


@pytest.fixture
def db(store_path):
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "lone", PAYLOAD, at="2026-11-01T10:03:00.000Z")
    conn.close()
    return str(store_path)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    # what a UTF-8 terminal or pipe would have to encode
    out.encode("utf-8")
    err.encode("utf-8")
    return code, out, err


def test_show_and_diff_print_the_escape(db, capsys):
    code, out, _ = run(capsys, "show", "--db", db, "s1", "--snapshot", "lone")
    assert code == 0 and r"t \ud800 u" in out and r"a \udc01 b" in out
    code, out, _ = run(capsys, "diff", "--db", db, "s1", "first", "lone")
    assert code == 0 and r"t \ud800 u" in out


def test_json_output_keeps_the_escape_and_stays_valid(db, capsys):
    code, out, _ = run(capsys, "show", "--db", db, "s1", "--snapshot", "lone", "--json")
    assert code == 0
    assert r'"t \ud800 u"' in out
    assert json.loads(out)["checkpoint"]["title"] == "t \ud800 u"


def test_history_reads_the_field(db, capsys):
    code, out, _ = run(capsys, "history", "--db", db, "s1", "title", "--snapshot", "lone")
    assert code == 0 and r"t \ud800 u" in out


def test_restore_writes_what_the_plugin_would_and_undo_takes_it_back(db, store_path, capsys):
    code, out, err = run(capsys, "restore", "--db", db, "s1", "lone")
    assert code == 0, err
    conn = connect(store_path)
    title, done = conn.execute(
        "SELECT title, completed_steps FROM checkpoints WHERE session_id='s1'"
    ).fetchone()
    # a text column: U+FFFD, as V8 writes a broken pair as UTF-8;
    # a JSON column: the escape, as JSON.stringify writes it
    assert title == "t \ufffd u"
    assert done == r'["a \udc01 b"]'
    code, _, err = run(capsys, "undo", "--db", db, "s1")
    assert code == 0, err
    row = conn.execute("SELECT objective, next_steps FROM checkpoints WHERE session_id='s1'")
    assert row.fetchone() == ("start", '["a","b"]')
    conn.close()


def test_column_text_of_a_checkpoint_replaces_only_lone_surrogates():
    row = Checkpoint(title="x \ud83d\ude00 \udfff").to_row(["title"])
    assert row == {"title": "x \U0001f600 \ufffd"}
