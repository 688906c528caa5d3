"""The opencode reader says what it could not read (issue 9, point 11):
a conversation read from the old JSON tree because the database was locked,
a database whose conversation tables this version does not know, and times
written as strings."""

from __future__ import annotations

import contextlib
import functools
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.activity import Activity
from ckpt_tui.opencode import OpencodeReader, OpencodeUnreadable, ToolPart, sqlite_read
from ckpt_tui.ui.screens.conversation import ConversationScreen
from tests.opencode_fixture import FIXTURE, copy_fixture
from tests.ui_support import make_app, run_async, settle

FACTS = json.loads((FIXTURE / "fixture_facts.json").read_text())
LOGIN = FACTS["sessions"]["alpha"][0]  # in the database, and a stale copy in the tree
OLD_A = FACTS["sessions"]["tree_alpha"][0]  # only in the tree
NOT_UNDERSTOOD = "this opencode version is not understood"


@pytest.fixture(autouse=True)
def _no_opencode_db(monkeypatch):
    monkeypatch.delenv("OPENCODE_DB", raising=False)


@pytest.fixture
def data_dir(tmp_path) -> Path:
    return copy_fixture(tmp_path / "opencode")


@contextlib.contextmanager
def locked(db: Path):
    """opencode holding an exclusive lock (readers wait only in rollback mode)."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def edit(db: Path, *statements: tuple) -> None:
    conn = sqlite3.connect(db)
    for sql, *params in statements:
        conn.execute(sql, params)
    conn.commit()
    conn.close()


# -- read from the tree because the database was locked ------------------------------------


def test_a_conversation_read_from_the_tree_because_the_database_is_busy_says_so(data_dir):
    reader = OpencodeReader(data_dir, busy_timeout_ms=30)
    normal = reader.conversation_page(LOGIN)
    assert normal.source == "opencode.db" and normal.warnings == ()
    reader = OpencodeReader(data_dir, busy_timeout_ms=30)
    with locked(data_dir / "opencode.db"):
        page = reader.conversation_page(LOGIN)
    assert page.source == "storage tree"
    (warning,) = page.warnings
    assert "old storage tree" in warning and "opencode.db: busy" in warning
    assert "out of date" in warning and "\n" not in warning


def test_a_tree_only_session_needs_no_warning(data_dir):
    page = OpencodeReader(data_dir).conversation_page(OLD_A)
    assert page.source == "storage tree" and page.warnings == ()


def _short_timeouts(monkeypatch):
    """The command line's reader, waiting 30 ms instead of 2 s for a lock."""
    real = OpencodeReader.from_env.__func__
    monkeypatch.setattr(
        OpencodeReader,
        "from_env",
        classmethod(functools.partial(real, busy_timeout_ms=30)),
    )


def test_the_conversation_command_says_it_read_the_tree(data_dir, capsys, monkeypatch):
    _short_timeouts(monkeypatch)
    with locked(data_dir / "opencode.db"):
        code = main(["conversation", LOGIN, "--opencode-data", str(data_dir)])
        out, err = capsys.readouterr()
        assert code == 0, err
        assert "storage tree" in out
        assert "warning: read from the old storage tree because opencode.db: busy" in err
        code = main(["conversation", LOGIN, "--opencode-data", str(data_dir), "--json"])
        out, err = capsys.readouterr()
    doc = json.loads(out)
    assert code == 0 and doc["session"]["source"] == "storage tree"
    assert len(doc["warnings"]) == 1 and "old storage tree" in doc["warnings"][0]
    code = main(["conversation", LOGIN, "--opencode-data", str(data_dir), "--json"])
    assert json.loads(capsys.readouterr().out)["warnings"] == []


# -- a database this version does not understand -------------------------------------------


@pytest.mark.parametrize(
    "change",
    [
        ("DROP TABLE message",),
        ("ALTER TABLE message RENAME TO message_v3",),
        ("ALTER TABLE message RENAME COLUMN data TO payload",),
    ],
)
def test_a_database_without_the_message_table_is_not_understood(data_dir, change):
    edit(data_dir / "opencode.db", ("PRAGMA foreign_keys=OFF",), change)
    reader = OpencodeReader(data_dir)
    assert reader.session(LOGIN).title == "Fix flaky login test"  # the session is there
    with pytest.raises(OpencodeUnreadable, match=NOT_UNDERSTOOD) as err:
        reader.conversation_page(LOGIN)
    assert "\n" not in str(err.value)
    with pytest.raises(OpencodeUnreadable, match=NOT_UNDERSTOOD):
        reader.conversation_count(LOGIN)


def messages_only_in_session_message(data_dir: Path) -> None:
    """The login session as a newer opencode might keep it: its messages in
    ``session_message`` only."""
    edit(
        data_dir / "opencode.db",
        ("PRAGMA foreign_keys=OFF",),
        (
            "INSERT INTO session_message (id, session_id, type, seq, time_created, "
            "time_updated, data) SELECT id, session_id, 'message', rowid, time_created, "
            "time_updated, data FROM message WHERE session_id = ?",
            LOGIN,
        ),
        ("DELETE FROM part WHERE session_id = ?", LOGIN),
        ("DELETE FROM message WHERE session_id = ?", LOGIN),
    )


def test_messages_only_in_a_newer_table_are_not_understood(data_dir):
    """A newer opencode keeping the conversation in ``session_message`` only."""
    messages_only_in_session_message(data_dir)
    with pytest.raises(OpencodeUnreadable, match=NOT_UNDERSTOOD) as err:
        OpencodeReader(data_dir).conversation_page(LOGIN)
    assert "session_message" in str(err.value)


def test_the_session_list_says_unknown_not_zero_messages(data_dir, capsys):
    """Where the conversation says "not understood", the list's count is
    unknown too: ``None``, ``?`` in the table, ``null`` in JSON."""
    edit(data_dir / "opencode.db", ("PRAGMA foreign_keys=OFF",), ("DROP TABLE message",))
    reader = OpencodeReader(data_dir)
    listed = {s.id: s for s in reader.sessions().sessions}
    assert listed[LOGIN].message_count is None
    assert listed[OLD_A].message_count == 2  # the old tree is read as before
    assert reader.session(LOGIN).messages_text().startswith("messages unknown")
    code = main(["list", "sessions", "--opencode", "--opencode-data", str(data_dir)])
    out, err = capsys.readouterr()
    assert code == 0, err
    [line] = [ln for ln in out.splitlines() if ln.strip().startswith(LOGIN)]
    assert line.split()[2] == "?"
    code = main(["list", "sessions", "--opencode", "--opencode-data", str(data_dir), "--json"])
    items = {i["id"]: i for i in json.loads(capsys.readouterr().out)["items"]}
    assert items[LOGIN]["messageCount"] is None and items[OLD_A]["messageCount"] == 2


def test_a_session_whose_messages_are_only_in_a_newer_table_has_an_unknown_count(data_dir):
    messages_only_in_session_message(data_dir)
    reader = OpencodeReader(data_dir)
    listed = {s.id: s for s in reader.sessions().sessions}
    assert listed[LOGIN].message_count is None
    other = FACTS["sessions"]["alpha"][3]
    assert listed[other].message_count == 4  # the message table is read for the others
    assert reader.session(LOGIN).message_count is None


def test_opencodes_five_second_busy_timeout():
    """opencode waits 5 s on a locked database (its storage/db.ts): so does a read."""
    assert OpencodeReader("/nowhere").busy_timeout_ms == 5000
    assert sqlite_read.DEFAULT_BUSY_TIMEOUT_MS == 5000


def test_a_read_connection_has_that_busy_timeout(data_dir):
    timeout = sqlite_read.read(
        data_dir / "opencode.db", lambda conn: conn.execute("PRAGMA busy_timeout").fetchone()[0]
    )
    assert timeout == 5000


def test_a_missing_part_table_is_said(data_dir):
    edit(data_dir / "opencode.db", ("DROP TABLE part",))
    page = OpencodeReader(data_dir).conversation_page(LOGIN)
    assert len(page.messages) == 4
    (warning,) = page.warnings
    assert "no part table" in warning


def test_the_conversation_command_says_not_understood_in_one_line(data_dir, capsys):
    edit(data_dir / "opencode.db", ("PRAGMA foreign_keys=OFF",), ("DROP TABLE message",))
    code = main(["conversation", LOGIN, "--opencode-data", str(data_dir)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.startswith("ckpt-tui: opencode.db: " + NOT_UNDERSTOOD)
    assert err.count("\n") == 1


# -- string times -------------------------------------------------------------------------


def test_string_times_in_records_are_parsed(data_dir):
    reader = OpencodeReader(data_dir)
    before = reader.conversation_page(LOGIN).messages
    answer = before[1]
    tool = next(p for p in answer.parts if isinstance(p, ToolPart) and p.tool == "task")
    db = data_dir / "opencode.db"
    conn = sqlite3.connect(db)
    (raw,) = conn.execute("SELECT data FROM message WHERE id = ?", (before[0].id,)).fetchone()
    data = json.loads(raw)
    data["time"]["created"] = before[0].created.isoformat().replace("+00:00", "Z")  # ISO
    conn.execute("UPDATE message SET data = ? WHERE id = ?", (json.dumps(data), before[0].id))
    (raw,) = conn.execute("SELECT data FROM part WHERE id = ?", (tool.id,)).fetchone()
    data = json.loads(raw)
    data["state"]["time"] = {k: str(v) for k, v in data["state"]["time"].items()}  # digits
    data["state"]["time"]["start"] += ".0"  # and a fraction
    conn.execute("UPDATE part SET data = ? WHERE id = ?", (json.dumps(data), tool.id))
    conn.commit()
    conn.close()

    after = OpencodeReader(data_dir).conversation_page(LOGIN).messages
    assert after[0].created == before[0].created
    again = next(p for p in after[1].parts if p.id == tool.id)
    assert (again.started, again.ended, again.duration_ms) == (
        tool.started,
        tool.ended,
        tool.duration_ms,
    )
    assert again.duration_ms == 95_000
    assert after[1].last_activity == answer.last_activity


def test_string_times_in_tree_records_are_parsed(data_dir):
    (file,) = (data_dir / "storage" / "session").glob(f"*/{OLD_A}.json")
    data = json.loads(file.read_text())
    created = data["time"]["created"]
    data["time"]["created"] = f"{created}.0"  # a numeric string with a fraction
    data["time"]["updated"] = "2025-12-01T10:00:00.000Z"
    file.write_text(json.dumps(data))
    info = OpencodeReader(data_dir).session(OLD_A)
    assert info.created == datetime.fromtimestamp(created / 1000, UTC)
    assert info.updated == datetime(2025, 12, 1, 10, 0, tzinfo=UTC)


# -- the app's conversation screen ------------------------------------------------------------


async def _open_conversation(pilot, data_dir, session_id):
    reader = OpencodeReader(data_dir, busy_timeout_ms=30)
    activity = Activity(reader, {s.id: s for s in reader.sessions().sessions}, True)
    screen = ConversationScreen(pilot.app.service, activity, session_id)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


def _notice(screen) -> tuple[str, set[str]]:
    widget = screen.query_one("#conversation-notice")
    return str(widget.render()), set(widget.classes)


@run_async
async def test_the_conversation_screen_says_it_read_the_tree(store_path, tmp_path):
    data_dir = copy_fixture(tmp_path / "opencode")
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        with locked(data_dir / "opencode.db"):
            screen = await _open_conversation(pilot, data_dir, LOGIN)
        text, classes = _notice(screen)
        assert "old storage tree" in text and "busy" in text
        assert "-warning" in classes and screen.query_one("#conversation-notice").display
        assert len(screen.query_one("ConversationView").messages) == 4


@run_async
async def test_the_conversation_screen_says_not_understood_and_the_count_unknown(
    store_path, tmp_path
):
    data_dir = copy_fixture(tmp_path / "opencode")
    edit(data_dir / "opencode.db", ("PRAGMA foreign_keys=OFF",), ("DROP TABLE message",))
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        screen = await _open_conversation(pilot, data_dir, LOGIN)
        text, classes = _notice(screen)
        assert NOT_UNDERSTOOD in text and "-error" in classes
        head = str(screen.query_one("#conversation-head").render())
        assert "messages unknown" in head and "0 messages" not in head


@run_async
async def test_a_normal_conversation_shows_no_notice(store_path, tmp_path):
    data_dir = copy_fixture(tmp_path / "opencode")
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        screen = await _open_conversation(pilot, data_dir, LOGIN)
        assert not screen.query_one("#conversation-notice").display
        assert len(screen.query_one("ConversationView").messages) == 4
