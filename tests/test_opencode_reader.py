"""The opencode reader against storage written by the real opencode CLI.

The fixtures (tests/fixtures/opencode, made by make_fixture.py with opencode
1.18.33) are copied into tmp_path before every read, so the committed files
are never opened.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from ckpt_tui import paths, timeutil
from ckpt_tui.errors import InvalidId, NotFound
from ckpt_tui.opencode import (
    OpencodeReader,
    OpencodeUnreadable,
    OtherPart,
    ReasoningPart,
    TextPart,
    ToolPart,
    session_tree,
    sqlite_read,
)
from tests.opencode_fixture import FIXTURE, copy_fixture

FACTS = json.loads((FIXTURE / "fixture_facts.json").read_text())
SESSIONS = FACTS["sessions"]
LOGIN, CHILD, SPIKE, CONFIG, PLAN = SESSIONS["alpha"]
EXPORT, LEAK, README, UNICODE = SESSIONS["beta"]
(OLD_A,) = SESSIONS["tree_alpha"]
OLD_B, DAMAGED_SESSION = SESSIONS["tree_beta"]
DB_SESSIONS = SESSIONS["alpha"] + SESSIONS["beta"]
TREE_ONLY = [OLD_A, OLD_B]


@pytest.fixture(autouse=True)
def _no_opencode_db(monkeypatch):
    monkeypatch.delenv("OPENCODE_DB", raising=False)


@pytest.fixture
def data_dir(tmp_path) -> Path:
    """A private copy of the fixture data dir."""
    return copy_fixture(tmp_path / "opencode")


@pytest.fixture
def reader(data_dir) -> OpencodeReader:
    return OpencodeReader(data_dir)


def by_id(result):
    return {s.id: s for s in result.sessions}


def side_files(db: Path) -> list[str]:
    return [p.name for p in db.parent.iterdir() if p.name.startswith(db.name + "-")]


def rebuild_without(db: Path, table: str, dropped: set[str]) -> None:
    """Recreate ``table`` without some columns, as an older opencode had it."""
    conn = sqlite3.connect(db, isolation_level=None)
    keep = [r[1] for r in conn.execute(f"PRAGMA table_info({table})") if r[1] not in dropped]
    cols = ", ".join(keep)
    conn.execute("PRAGMA foreign_keys=OFF")
    conn.execute("BEGIN")
    conn.execute(f"CREATE TABLE {table}_old AS SELECT {cols} FROM {table}")
    conn.execute(f"DROP TABLE {table}")
    conn.execute(f"ALTER TABLE {table}_old RENAME TO {table}")
    conn.execute("COMMIT")
    conn.close()


# -- listing ------------------------------------------------------------------------------


def test_every_session_is_found_once(reader):
    result = reader.sessions()
    ids = [s.id for s in result.sessions]
    assert len(ids) == len(set(ids))
    assert set(ids) == set(DB_SESSIONS) | set(TREE_ONLY)
    assert result.warnings and all(s.error is None for s in result.sources)


def test_the_database_wins_and_duplicates_are_counted(reader):
    result = reader.sessions()
    sessions = by_id(result)
    assert result.duplicates_skipped == 2
    assert sessions[LOGIN].source == sessions[EXPORT].source == "opencode.db"
    assert not any("stale tree copy" in s.title for s in result.sessions)
    assert {s.id for s in result.sessions if s.source == "storage tree"} == set(TREE_ONLY)
    tree = next(s for s in result.sources if s.kind == "tree")
    assert (tree.sessions, tree.duplicates_skipped) == (2, 2)


def test_damaged_files_are_skipped_and_counted(reader):
    result = reader.sessions()
    assert DAMAGED_SESSION not in by_id(result)
    # the truncated session file, and the truncated newest message of OLD_B
    assert result.damaged_skipped == 2
    old_b = by_id(result)[OLD_B]
    assert old_b.message_count == 4
    assert old_b.last_activity is not None  # from the newest readable message

    page = reader.conversation_page(OLD_B)
    assert (len(page.messages), page.damaged_skipped) == (3, 1)
    assert reader.conversation_count(OLD_B) == 4


def test_the_doctored_row_is_dated_by_its_data(data_dir, reader):
    doctored = FACTS["doctored_message"]
    conn = sqlite3.connect(f"file:{data_dir / 'opencode.db'}?mode=ro&immutable=1", uri=True)
    (column,) = conn.execute(
        "SELECT time_created FROM message WHERE id = ?", (doctored["id"],)
    ).fetchone()
    conn.close()
    assert column == doctored["time_created_column"] > doctored["data_time_created"]

    data_time = timeutil.parse(doctored["data_time_created"])
    session = reader.session(README)
    assert session.last_activity is not None
    assert session.last_activity < timeutil.parse(column)
    assert session.last_activity == data_time  # the doctored message is the newest one
    assert by_id(reader.sessions())[README].last_activity == data_time
    messages = reader.conversation_page(README).messages
    assert messages[-1].id == doctored["id"]  # still in its place: ids order messages
    assert messages[-1].created == data_time


def test_children_come_right_under_their_parents(reader):
    sessions = reader.sessions().sessions
    assert by_id(reader.sessions())[CHILD].parent_id == LOGIN
    tree = session_tree(sessions)
    order = [s.id for s, _ in tree]
    depth = {s.id: d for s, d in tree}
    assert order.index(CHILD) == order.index(LOGIN) + 1
    assert depth[CHILD] == 1 and depth[LOGIN] == 0
    assert sum(1 for _, d in tree if d == 0) == len(sessions) - 1


def test_archived_sessions_are_marked(reader):
    sessions = by_id(reader.sessions())
    assert sessions[SPIKE].archived and sessions[SPIKE].archived_at is not None
    assert [s.id for s in sessions.values() if s.archived] == [SPIKE]


def test_agent_comes_from_the_session_or_its_first_assistant_message(reader):
    sessions = by_id(reader.sessions())
    assert sessions[PLAN].agent == "plan"  # the session row's agent column
    assert sessions[CHILD].agent == "explore"  # the first assistant message
    assert sessions[OLD_A].agent == "build"  # tree: from its messages
    assert sessions[LOGIN].directory.endswith("/alpha")
    assert sessions[UNICODE].title == "Émoji 🚀 and ümlauts — titles"


def test_sessions_are_newest_activity_first(reader):
    sessions = reader.sessions().sessions
    moments = [s.activity for s in sessions]
    assert moments == sorted(moments, reverse=True)


# -- conversation ---------------------------------------------------------------------------


def test_conversation_has_roles_text_reasoning_and_tools(reader):
    page = reader.conversation_page(LOGIN)
    assert [m.role for m in page.messages] == ["user", "assistant", "user", "assistant"]
    assert page.cursor is None and page.source == "opencode.db"
    first, answer = page.messages[0], page.messages[1]
    assert isinstance(first.parts[0], TextPart) and "login test" in first.parts[0].text
    kinds = [type(p) for p in answer.parts]
    assert kinds == [ReasoningPart, ToolPart, ToolPart, ToolPart, TextPart]
    read, bash, task = answer.parts[1:4]
    assert (read.tool, read.status, read.duration_ms, read.error) == (
        "read",
        "completed",
        2500,
        None,
    )
    assert (bash.tool, bash.status) == ("bash", "error") and "exited with code 1" in bash.error
    assert task.duration_ms == 95_000
    assert answer.last_activity == task.ended > answer.created
    assert [m.created for m in page.messages] == sorted(m.created for m in page.messages)


def test_assistant_errors_running_tools_files_and_patches(reader):
    config = reader.conversation_page(CONFIG).messages
    assert [(m.error.name, m.error.message) for m in config if m.error] == [
        ("APIError", "Overloaded"),
        ("MessageAbortedError", "The operation was aborted."),
    ]
    (running,) = [
        p
        for m in reader.conversation_page(LEAK).messages
        for p in m.parts
        if isinstance(p, ToolPart)
    ]
    assert (running.status, running.ended, running.duration_ms) == ("running", None, None)
    others = [
        p
        for m in reader.conversation_page(EXPORT).messages
        for p in m.parts
        if isinstance(p, OtherPart)
    ]
    assert {(p.type, p.summary) for p in others} == {
        ("file", "notes.txt"),
        ("patch", "1 file changed"),
    }


def test_pages_follow_each_other_and_add_up(reader):
    whole = reader.conversation_page(LOGIN, limit=100).messages
    seen, after = [], None
    while True:
        page = reader.conversation_page(LOGIN, after=after, limit=1)
        seen += page.messages
        if page.cursor is None:
            break
        after = page.cursor
    assert seen == list(whole)
    assert reader.conversation_count(LOGIN) == len(whole) == 4


def _stamp(db: Path, times: dict[str, int]) -> None:
    """Set the ``time_created`` column of some messages (not their data)."""
    conn = sqlite3.connect(db)
    conn.executemany(
        "UPDATE message SET time_created = ? WHERE id = ?", [(t, m) for m, t in times.items()]
    )
    conn.commit()
    conn.close()


def _paged(reader, session_id: str, limit: int) -> list[str]:
    seen, after = [], None
    while True:
        page = reader.conversation_page(session_id, after=after, limit=limit)
        seen += [m.id for m in page.messages]
        if page.cursor is None:
            return seen
        after = page.cursor


def test_messages_come_in_opencodes_order_time_created_column_then_id(data_dir, reader):
    """opencode 1.18.33's ``MessageV2.page`` orders by the ``time_created``
    column, then the id: not by id alone, and not by ``data.time.created``."""
    ids = [m.id for m in reader.conversation_page(LOGIN).messages]
    assert ids == sorted(ids)
    first, second, third, fourth = ids
    # The first message stamped last; the third and fourth tied, so by id.
    _stamp(data_dir / "opencode.db", {first: 9_000_000_000_000, third: 1, fourth: 1, second: 5})
    expected = [third, fourth, second, first]
    page = reader.conversation_page(LOGIN)
    assert [m.id for m in page.messages] == expected
    # data.time.created is untouched: times shown are the records' own.
    assert page.messages[-1].created == timeutil.parse(1772442120000)
    for limit in (1, 2, 3):  # across page boundaries, ties included
        assert _paged(reader, LOGIN, limit) == expected


def test_a_cursor_whose_message_is_gone_still_moves_on(data_dir, reader):
    """opencode deletes messages (a revert): the cursor carries the time it
    is ordered by, so the next page starts where it should all the same."""
    first, second, third, fourth = [m.id for m in reader.conversation_page(LOGIN).messages]
    _stamp(data_dir / "opencode.db", {first: 40, second: 10, third: 30, fourth: 20})
    page = reader.conversation_page(LOGIN, limit=2)
    assert [m.id for m in page.messages] == [second, fourth]
    conn = sqlite3.connect(data_dir / "opencode.db")
    conn.execute("DELETE FROM message WHERE id = ?", (fourth,))
    conn.commit()
    conn.close()
    rest = reader.conversation_page(LOGIN, after=page.cursor)
    assert [m.id for m in rest.messages] == [third, first]


def test_tree_only_sessions_have_their_conversation(reader):
    page = reader.conversation_page(OLD_A)
    assert page.source == "storage tree"
    assert [m.role for m in page.messages] == ["user", "assistant"]
    assert any(isinstance(p, ToolPart) and p.tool == "write" for p in page.messages[1].parts)


def test_unknown_and_malformed_ids(reader):
    with pytest.raises(InvalidId):
        reader.session("")
    with pytest.raises(NotFound):
        reader.session("ses_nope")
    with pytest.raises(NotFound):
        reader.conversation_page("../../etc/passwd")


# -- never writing, never blocking -------------------------------------------------------------


def test_reading_changes_nothing_and_leaves_no_wal(data_dir, reader):
    db = data_dir / "opencode.db"
    before = (db.read_bytes(), db.stat().st_mtime_ns)
    assert side_files(db) == []
    reader.sessions()
    reader.session(LOGIN)
    reader.conversation_page(LOGIN)
    reader.conversation_count(LOGIN)
    assert (db.read_bytes(), db.stat().st_mtime_ns) == before
    assert side_files(db) == []


def test_reading_while_a_writer_holds_the_lock(data_dir, reader):
    db = data_dir / "opencode.db"
    writer = sqlite3.connect(db, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE session SET title = 'renamed' WHERE id = ?", (LOGIN,))
        result = reader.sessions()
        assert not [w for w in result.warnings if "busy" in w]
        assert by_id(result)[LOGIN].title == "Fix flaky login test"  # not committed yet
        assert len(reader.conversation_page(LOGIN).messages) == 4
        writer.execute("COMMIT")
        assert reader.session(LOGIN).title == "renamed"  # reading the live file
    finally:
        writer.close()


def test_a_database_locked_past_the_timeout_is_a_warning(data_dir):
    db = data_dir / "opencode.db"
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")  # an exclusive lock blocks readers only here
    conn.execute("BEGIN EXCLUSIVE")
    try:
        reader = OpencodeReader(data_dir, busy_timeout_ms=20)
        result = reader.sessions()
        (db_source,) = [s for s in result.sources if s.kind == "db"]
        assert db_source.error and "busy" in db_source.error
        assert any("busy" in w for w in result.warnings)
        assert {s.source for s in result.sessions} == {"storage tree"}
        with pytest.raises(OpencodeUnreadable):
            reader.conversation_page(LEAK)  # only the database has it
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def test_a_file_changed_during_an_immutable_read_is_read_again(data_dir):
    db = data_dir / "opencode.db"
    modes = []

    def work(conn):
        modes.append(conn.execute("SELECT count(*) FROM session").fetchone()[0])
        if len(modes) == 1:  # as if opencode checkpointed into the file meanwhile
            os.utime(db, ns=(db.stat().st_atime_ns, db.stat().st_mtime_ns + 1_000_000))
        return len(modes)

    assert sqlite_read.read(db, work) == 2
    assert modes == [9, 9]


def test_a_missing_or_foreign_database_is_a_warning(data_dir, tmp_path):
    (data_dir / "opencode-broken.db").write_bytes(b"not a database at all, just text" * 10)
    foreign = data_dir / "opencode-foreign.db"
    sqlite3.connect(foreign).execute("CREATE TABLE other (x)").connection.close()
    result = OpencodeReader(data_dir, opencode_db=str(tmp_path / "gone.db")).sessions()
    errors = {s.name: s.error for s in result.sources if s.error}
    assert set(errors) == {"gone.db", "opencode-broken.db", "opencode-foreign.db"}
    assert len(result.sessions) == len(DB_SESSIONS) + len(TREE_ONLY)


# -- schemas ------------------------------------------------------------------------------------


def test_a_session_table_without_some_columns_still_reads(data_dir, reader):
    rebuild_without(data_dir / "opencode.db", "session", {"time_archived", "agent", "directory"})
    sessions = by_id(reader.sessions())
    assert set(sessions) == set(DB_SESSIONS) | set(TREE_ONLY)
    assert not any(s.archived for s in sessions.values())
    assert sessions[PLAN].agent == "plan"  # now from its messages
    assert sessions[LOGIN].directory.endswith("/alpha")  # from the project's worktree


def test_no_part_table_means_messages_without_parts(data_dir, reader):
    conn = sqlite3.connect(data_dir / "opencode.db")
    conn.execute("DROP TABLE part")
    conn.close()
    page = reader.conversation_page(LOGIN)
    assert len(page.messages) == 4 and all(m.parts == () for m in page.messages)


def test_a_damaged_row_is_skipped_and_counted(data_dir, reader):
    first = reader.conversation_page(LOGIN).messages[0].id
    conn = sqlite3.connect(data_dir / "opencode.db")
    conn.execute('UPDATE message SET data = \'{"role": "us\' WHERE id = ?', (first,))
    conn.execute(
        "UPDATE part SET data = '[1, 2]' WHERE message_id = ? AND data LIKE '%pytest -q%'",
        (reader.conversation_page(LOGIN).messages[3].id,),
    )
    conn.commit()
    conn.close()
    page = OpencodeReader(data_dir).conversation_page(LOGIN)
    assert [m.role for m in page.messages] == ["assistant", "user", "assistant"]
    assert page.damaged_skipped == 2


# -- where the files are ------------------------------------------------------------------------


def test_channel_databases_are_read_and_the_main_one_wins(data_dir):
    shutil.copy2(data_dir / "opencode.db", data_dir / "opencode-dev.db")
    (data_dir / "opencode-dev.db-wal").write_bytes(b"")  # SQLite's, never a database of its own
    result = OpencodeReader(data_dir).sessions()
    assert [s.name for s in result.sources] == ["opencode.db", "opencode-dev.db", "storage tree"]
    assert {s.source for s in result.sessions if s.id in DB_SESSIONS} == {"opencode.db"}
    assert result.duplicates_skipped == len(DB_SESSIONS) + 2


def test_opencode_db_names_the_database_as_opencode_reads_it(data_dir, tmp_path, monkeypatch):
    (data_dir / "opencode.db").rename(data_dir / "custom.db")
    relative = OpencodeReader(data_dir, opencode_db="custom.db").sessions()
    assert {s.source for s in relative.sessions if s.id in DB_SESSIONS} == {"custom.db"}

    elsewhere = tmp_path / "elsewhere" / "mine.db"
    elsewhere.parent.mkdir()
    (data_dir / "custom.db").rename(elsewhere)
    monkeypatch.setenv("OPENCODE_DB", str(elsewhere))
    absolute = OpencodeReader.from_env(data_dir).sessions()
    assert {s.source_path for s in absolute.sessions if s.id in DB_SESSIONS} == {str(elsewhere)}

    monkeypatch.setenv("OPENCODE_DB", ":memory:")
    assert {s.source for s in OpencodeReader.from_env(data_dir).sessions().sessions} == {
        "storage tree"
    }


def test_a_path_ending_in_storage_means_its_parent(data_dir, monkeypatch):
    monkeypatch.setenv("CKPT_OPENCODE_DATA", str(data_dir / "storage"))
    assert paths.opencode_data_dir() == data_dir
    assert len(OpencodeReader.from_env().sessions().sessions) == len(DB_SESSIONS) + 2


def test_no_data_dir_is_an_empty_result_with_a_warning(tmp_path):
    reader = OpencodeReader(tmp_path / "nothing")
    result = reader.sessions()
    assert not reader.exists()
    assert result.sessions == () and any("no opencode data" in w for w in result.warnings)
