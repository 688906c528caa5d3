r"""One byte that is not UTF-8 in a column does not take the store down
(issue 23, point 7): the value reads as damaged, shown escaped, named by
``doctor`` and never restored from, and every other row works, in the
command line and in the app.

SQLite keeps whatever bytes a TEXT column is given
(``CAST(X'4142FF43' AS TEXT)``); ``sqlite3`` refuses to decode the whole
result then. The reads keep such a byte as a surrogate escape
(``store/query.py``), shown as ``\udcff``."""

from __future__ import annotations

import json
import sqlite3

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.model import Checkpoint, Damaged, DamagedField
from ckpt_tui.core.service import open_service
from tests.factory import add_session, add_snapshot, basic_store, connect, set_checkpoint
from tests.ui_support import make_app, run_async, settle


def _bad(conn: sqlite3.Connection, sql: str, hexbytes: str, *args) -> None:
    conn.execute(sql.replace("?", f"CAST(X'{hexbytes}' AS TEXT)", 1), args)


@pytest.fixture
def db(tmp_path):
    """``basic_store`` plus a second session; one bad byte in the first
    session's checkpoint title, in the second session's title, and in the
    payload of a snapshot ``broken``."""
    path = basic_store(tmp_path / "checkpoints.db")
    conn = connect(path)
    add_session(conn, "s2", "p1", title="fine", at="2026-11-01T09:00:00.000Z")
    set_checkpoint(conn, "s2", "p1", Checkpoint(objective="other"), at="2026-11-01T09:00:00.000Z")
    add_snapshot(conn, "s1", "p1", "broken", "{}", at="2026-11-01T10:03:00.000Z")
    _bad(conn, "UPDATE checkpoints SET title=? WHERE session_id='s1'", "4142FF43")
    _bad(conn, "UPDATE sessions SET title=? WHERE id='s2'", "6669FE6E65")
    _bad(conn, "UPDATE snapshots SET payload=? WHERE name='broken'", "7B227469746C65223A2241FF42227D")
    conn.close()
    return path


def run(capsys, db, *argv):
    code = main([*argv, "--db", str(db)])
    out, err = capsys.readouterr()
    out.encode("utf-8"), err.encode("utf-8")  # what a terminal or pipe must encode
    return code, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ["list", "sessions"],
        ["list", "sessions", "--project", "p1"],
        ["list", "snapshots", "s1", "--summary"],
        ["board", "--status", "in_progress,blocked,done"],
        ["search", "two"],
        ["history", "s1", "objective"],
        ["show", "s1"],
        ["show", "s2"],
        ["show", "s1", "--snapshot", "second"],
        ["diff", "s1", "first"],
    ],
)
def test_every_reading_command_works_beside_the_bad_byte(db, capsys, argv):
    for extra in ([], ["--json"]):
        code, out, err = run(capsys, db, *argv, *extra)
        assert code == 0, (argv, err)
        assert "decode" not in err.lower()


def test_the_bad_byte_is_shown_escaped(db, capsys):
    _, out, _ = run(capsys, db, "list", "sessions")
    assert r"fi\udcfene" in out
    _, out, _ = run(capsys, db, "show", "s1")
    assert r"AB\udcffC" in out and "DAMAGED" in out and "not UTF-8" in out
    _, out, _ = run(capsys, db, "show", "s1", "--json")
    assert r"AB\udcffC" in out
    json.loads(out)  # still valid JSON
    code, out, _ = run(capsys, db, "show", "s1", "--snapshot", "broken")
    assert code == 0 and "DAMAGED" in out and r"A\udcffB" in out


def test_the_reader_keeps_every_row(db):
    svc = open_service(db, read_only=True)
    try:
        titles = {r.id: r.title for r in svc.sessions().rows}
        assert titles == {"s1": "A session", "s2": "fi\udcfene"}
        title = svc.current("s1").checkpoint.title
        assert isinstance(title, DamagedField) and "byte 0xff" in title.reason
        assert isinstance(svc.current("s2").checkpoint.title, str)
        view = svc.snapshot("s1", "broken")
        assert isinstance(view.content, Damaged) and "not UTF-8" in view.content.reason
        assert svc.current("s1").checkpoint.objective == "start"  # the rest of the row
    finally:
        svc.close()


def test_doctor_names_each_bad_value(db, capsys):
    code, out, _ = run(capsys, db, "doctor", "--json")
    checks = {c["name"]: c for c in json.loads(out)["checks"]}
    assert code == 1
    assert [i["snapshot"] for i in checks["damaged payloads"]["items"]] == ["broken"]
    assert "not UTF-8" in checks["damaged payloads"]["items"][0]["reason"]
    fields = checks["damaged fields"]["items"]
    assert [(i["session"], i["snapshot"], i["field"]) for i in fields] == [("s1", None, "title")]
    other = checks["text that is not UTF-8"]["items"]
    assert [(i["table"], i["row"], i["column"]) for i in other] == [
        ("sessions", "s2", "title")
    ]
    assert other[0]["reason"] == "not UTF-8: byte 0xfe at character 2"
    code, out, _ = run(capsys, db, "doctor")
    assert r"sessions s2 title: not UTF-8: byte 0xfe" in out


def test_a_payload_that_is_not_utf8_is_never_restored(db, capsys):
    before = db.read_bytes()
    code, _, err = run(capsys, db, "restore", "s1", "broken")
    assert code == 1 and err.count("\n") == 1 and "not UTF-8" in err
    assert db.read_bytes() == before


def test_other_snapshots_of_the_session_restore(db, capsys):
    code, out, err = run(capsys, db, "restore", "s1", "second", "--fields", "objective")
    assert code == 0, err
    svc = open_service(db, read_only=True)
    try:
        assert svc.current("s1").checkpoint.objective == "two"
    finally:
        svc.close()
    raw = sqlite3.connect(db).execute("SELECT hex(title) FROM checkpoints WHERE session_id='s1'")
    assert raw.fetchone()[0] == "4142FF43"  # a column outside the change keeps its bytes


@run_async
async def test_the_sessions_pane_lists_every_session(db):
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        sessions = app.main.sessions
        assert sorted(r.id for r in sessions.rows) == ["s1", "s2"]
        said = [n.text for n in app.notices.notices]
        assert not [n for n in said if "decode" in n.lower() or "unexpected" in n.lower()]


@run_async
async def test_a_sessions_pane_whose_read_fails_shows_the_error_without_crashing(db, monkeypatch):
    """Any failed read of the pane (a store gone bad under the app) is the
    store's one line in the pane, not an ``AttributeError`` of the list."""
    from ckpt_tui.errors import StoreUnreadable

    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)

        def failing(*_args, **_kwargs):
            raise StoreUnreadable("the store is not a readable SQLite database (test)")

        monkeypatch.setattr(app.service, "session_tree", failing)
        app.main.sessions.reload()
        await settle(pilot)
        said = [n.text for n in app.notices.notices]
        assert not [n for n in said if "Unexpected error" in n], said
        assert app.is_running and app._exception is None


def test_a_write_reads_past_a_bad_byte(db, capsys):
    """What a write reads of the session (its snapshots' kinds, to prune)
    may hold a bad byte too: the write goes on, and the byte stays."""
    conn = connect(db)
    _bad(conn, "UPDATE snapshots SET kind=? WHERE name='first'", "6F6C64FF")
    conn.close()
    code, _, err = run(capsys, db, "restore", "s1", "second", "--fields", "objective")
    assert code == 0, err
    code, out, _ = run(capsys, db, "list", "snapshots", "s1")
    assert code == 0 and r"old\udcff" in out
    raw = sqlite3.connect(db).execute("SELECT hex(kind) FROM snapshots WHERE name='first'")
    assert raw.fetchone()[0] == "6F6C64FF"


def _column_bytes(db, column: str) -> bytes:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(
            f"SELECT CAST({column} AS BLOB) FROM checkpoints WHERE session_id='s1'"
        ).fetchone()[0]
    finally:
        conn.close()


def test_undo_gives_back_the_bad_bytes_a_restore_overwrote(db):
    """A whole restore overwrites the title that is not UTF-8; undo writes
    those very bytes back (as text), and redo and undo again too."""
    svc = open_service(db)
    try:
        svc.restore("s1", "first")
        assert _column_bytes(db, "title") != b"AB\xffC"
        outcome = svc.undo("s1")
        assert not outcome.warning, outcome.warning
        assert _column_bytes(db, "title") == b"AB\xffC"
        svc.redo("s1")
        svc.undo("s1")
        assert _column_bytes(db, "title") == b"AB\xffC"
        conn = sqlite3.connect(db)
        assert conn.execute(
            "SELECT typeof(title) FROM checkpoints WHERE session_id='s1'"
        ).fetchone()[0] == "text"
        conn.close()
    finally:
        svc.close()
