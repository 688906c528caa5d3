"""Reading the archive: pages and cursors, sessions of one id in two
origins, field history over pruned snapshots, the board, and full-text
search with the local search's syntax and tokens."""

from __future__ import annotations

import pytest

from ckpt_tui.core.archive import Archive
from ckpt_tui.core.archive_reader import ArchiveReader
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.errors import CkptError, NotFound
from tests.archive_support import make_store, stamp
from tests.factory import (
    PluginWriter,
    add_project,
    add_session,
    add_snapshot,
    connect,
    new_store,
    set_checkpoint,
)


@pytest.fixture
def reader(archive):
    made = ArchiveReader(Archive(archive.url()))
    yield made
    made.close()


def test_pages_follow_their_cursors_to_the_end(reader, tmp_path):
    path = make_store(tmp_path / "s.db", sessions=tuple(f"s{i}" for i in range(7)), snapshots=5)
    reader.archive.push(path)
    seen, after = [], None
    while True:
        page = reader.sessions("p1", after=after, limit=3)
        seen += [r.id for r in page.rows]
        assert page.total == 7
        if page.cursor is None:
            break
        after = page.cursor
    assert sorted(seen) == [f"s{i}" for i in range(7)] and len(seen) == 7
    names, after = [], None
    while True:
        page = reader.snapshots("s3", after=after, limit=2)
        names += [r.name for r in page.rows]
        if page.cursor is None:
            break
        after = page.cursor
    assert names == ["n4", "n3", "n2", "n1", "n0"]  # newest first
    assert reader.projects(limit=1).rows[0].session_count == 7


def test_one_session_id_in_two_origins_needs_its_origin(reader, tmp_path):
    one = make_store(tmp_path / "one.db", sessions=("legacy::p1",), snapshots=1)
    two = make_store(tmp_path / "two.db", sessions=("legacy::p1",), snapshots=2)
    reader.archive.push(one, host="one")
    reader.archive.push(two, host="two")
    with pytest.raises(CkptError, match="pushed from 2 origins"):
        reader.snapshots("legacy::p1")
    by_host = {o.host: o.id for o in reader.origins()}
    assert reader.snapshots("legacy::p1", origin=by_host["two"]).total == 2
    assert reader.snapshots("legacy::p1", origin=by_host["one"][:8]).total == 1
    sessions = reader.sessions("p1").rows
    assert sorted(s.archive_origin for s in sessions) == sorted(by_host.values())
    assert reader.projects(origin=by_host["one"]).total == 1
    with pytest.raises(NotFound):
        reader.session("nope")


def test_field_history_walks_the_snapshots_the_store_pruned(reader, tmp_path):
    path = make_store(tmp_path / "s.db", snapshots=0)
    writer = PluginWriter(path, history_limit=2)
    writer.save("s1", nextSteps=["plan the schema"])
    writer.save("s1", nextSteps=["plan the schema", "write the push"])
    reader.archive.push(path)
    writer.save("s1", nextSteps=["plan the schema", "write the push", "bench it"])
    writer.save("s1", nextSteps=["plan the schema", "write the push", "bench it", "ship"])
    writer.close()
    reader.archive.push(path)  # the first two saves are pruned from the store by now
    found = reader.field_history("s1", "nextSteps")
    since = {line.text: line.since.name for line in found.lines}
    names = [r.name for r in reader.snapshots("s1").rows][::-1]  # oldest first
    assert since["plan the schema"] == names[0]  # a pruned snapshot, seen in the archive
    assert since["write the push"] == names[1]
    assert since["ship"] == names[3]
    assert found.versions == 5  # four snapshots and the checkpoint


def test_the_board_holds_every_origins_sessions_in_flight(reader, tmp_path):
    for host, status in (("a", "blocked"), ("b", "in_progress"), ("c", "done")):
        path = tmp_path / f"{host}.db"
        new_store(path)
        conn = connect(path)
        add_project(conn, "p1")
        add_session(conn, f"s-{host}", "p1")
        set_checkpoint(
            conn, f"s-{host}", "p1", Checkpoint(status=status, nextSteps=("go",)), at=stamp(1)
        )
        conn.close()
        reader.archive.push(path, host=host)
    board = reader.board(["blocked", "in_progress"])
    assert [(i.session_id, i.status) for i in board.rows] == [
        ("s-a", "blocked"),
        ("s-b", "in_progress"),
    ]
    assert all(i.archive_origin for i in board.rows) and board.rows[0].next_step == "go"


def _store_with(path, texts: dict[str, str]):
    new_store(path)
    conn = connect(path)
    add_project(conn, "p1")
    add_session(conn, "s1", "p1", title="search me")
    for i, (name, text) in enumerate(texts.items()):
        add_snapshot(conn, "s1", "p1", name, Checkpoint(notes=text).to_payload(), at=stamp(i))
    set_checkpoint(conn, "s1", "p1", Checkpoint(objective="current café plan"), at=stamp(99))
    conn.close()
    return path


def test_search_speaks_the_local_search_syntax(reader, tmp_path):
    path = _store_with(
        tmp_path / "s.db",
        {
            "a": "keyset pagination for the session list",
            "b": "pagination of keyset things",
            "c": "timestamps parsed in app/ckpt_tui/timeutil.py",
            "d": "Crème brûlée recipe",
        },
    )
    reader.archive.push(path)

    def names(query: str, **kw) -> list[str]:
        return [h.hit.snapshot_name or "current" for h in reader.search(query, **kw).hits]

    assert names('"keyset pagination"') == ["a"]  # a phrase: those words in that order
    assert names("keyset pagination") == ["b", "a"]  # newest first
    assert names("keyset -session") == ["b"]
    assert names("timest*") == ["c"]
    assert names("ckpt") == ["c"]  # a path is its words, as in the local index
    assert names("creme brulee") == ["d"]  # accents folded, as in the local index
    assert names("cafe") == ["current"]
    assert names("pagination", current_only=True) == []
    hit = reader.search('"keyset pagination"').hits[0]
    assert hit.hit.snippet.field == "notes" and "keyset" in hit.hit.snippet.text
    assert hit.hit.session_title == "search me" and not hit.archived


@pytest.mark.parametrize(
    "query",
    [
        "'; DROP TABLE x; --",
        "a & b | !c",
        "foo:* <-> bar",
        "[bold]x[/]",
        '"unclosed',
        "\x1b[31m",
        "-",
        "***",
    ],
)
def test_hostile_queries_are_words_never_syntax(reader, tmp_path, query):
    reader.archive.push(_store_with(tmp_path / "s.db", {"a": "drop table bold foo bar"}))
    reader.search(query)  # no error: at most some words, or nothing, to look for


def test_rows_copied_without_their_search_vectors_are_found_once_indexed(reader, tmp_path):
    reader.archive.push(_store_with(tmp_path / "s.db", {"a": "zebra crossing"}), index=False)
    assert reader.search("zebra").hits == []
    done = reader.archive.index()
    assert done.snapshots == 1
    assert [h.hit.snapshot_name for h in reader.search("zebra").hits] == ["a"]
    assert reader.archive.index().snapshots == 0  # nothing left


def test_the_board_pages_through_its_statuses_in_order(reader, tmp_path):
    path = tmp_path / "s.db"
    new_store(path)
    conn = connect(path)
    add_project(conn, "p1")
    for i, status in enumerate(["in_progress", "blocked", "in_progress", "blocked", "done"]):
        add_session(conn, f"s{i}", "p1")
        set_checkpoint(conn, f"s{i}", "p1", Checkpoint(status=status), at=stamp(i))
    conn.close()
    reader.archive.push(path)
    seen, after = [], None
    while True:
        page = reader.board(["blocked", "in_progress"], after=after, limit=1)
        assert page.total == 4
        seen += [(i.session_id, i.status) for i in page.rows]
        if page.cursor is None:
            break
        after = page.cursor
    assert seen == [
        ("s3", "blocked"),
        ("s1", "blocked"),
        ("s2", "in_progress"),
        ("s0", "in_progress"),
    ]
