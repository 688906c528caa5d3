"""Search results grouped by text: hits of one text in many snapshots of a
session are one row that says how many, which snapshot it shows and in
which field (issue 24, point 18)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core import search as core_search
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.search import Filters, Searcher
from tests.factory import add_project, add_session, add_snapshot, connect, new_store, set_checkpoint

TITLE = "Migrate the orders table to UUID keys"


def _store(tmp_path: Path) -> Path:
    """Session s1: twelve auto snapshots and the checkpoint with one title,
    and two snapshots that say uuid elsewhere; session s2 with the title too."""
    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn)
    add_session(conn, "s1", "p1", title="orders")
    add_session(conn, "s2", "p1", title="other")
    set_checkpoint(
        conn, "s1", "p1", Checkpoint(title=TITLE, notes="latest"), at="2026-11-20T12:00:00.000Z"
    )
    for i in range(12):
        payload = Checkpoint(title=TITLE, notes=f"step {i}").to_payload()
        add_snapshot(
            conn, "s1", "p1", f"auto-{i:02d}", payload, "auto", at=f"2026-11-20T10:{i:02d}:00.000Z"
        )
    for i, text in enumerate(("uuid v4 or v7?", "uuid v7 chosen")):
        payload = Checkpoint(title="Keys", objective=text).to_payload()
        add_snapshot(
            conn, "s1", "p1", f"manual-{i}", payload, "manual", at=f"2026-11-20T11:0{i}:00.000Z"
        )
    add_snapshot(
        conn,
        "s2",
        "p1",
        "elsewhere",
        Checkpoint(title=TITLE).to_payload(),
        "manual",
        at="2026-11-20T09:00:00.000Z",
    )
    conn.close()
    return db


@pytest.fixture
def searcher(tmp_path):
    s = Searcher(_store(tmp_path), tmp_path / "state")
    s.sync()
    yield s
    s.close()


def _rows(results) -> list[tuple]:
    return [(h.session_id, h.snippet.field, h.snippet.text, h.count) for h in results.hits]


def test_one_text_in_many_snapshots_is_one_row_with_a_count(searcher):
    results = searcher.search("uuid", Filters(by_recency=True), group=True)
    assert _rows(results) == [
        ("s1", "title", TITLE, 13),
        ("s1", "objective", "uuid v7 chosen", 1),
        ("s1", "objective", "uuid v4 or v7?", 1),
        ("s2", "title", TITLE, 1),
    ]
    titled = results.hits[0]
    # It shows the newest of them (the current checkpoint), and names the rest.
    assert titled.current and titled.snapshot_name is None
    assert [o.snapshot_name for o in titled.others] == [f"auto-{i:02d}" for i in range(11, -1, -1)]
    assert {o.kind for o in titled.others} == {"auto"}
    snapshot_row = results.hits[1]
    assert (snapshot_row.snapshot_name, snapshot_row.kind) == ("manual-1", "manual")
    assert not results.more
    # Ungrouped, the same search is one hit per document.
    assert len(searcher.search("uuid", Filters(by_recency=True), limit=100).hits) == 16


def _documents(hit) -> list[tuple]:
    return [(hit.current, hit.snapshot_name)] + [(o.current, o.snapshot_name) for o in hit.others]


def test_grouped_pages_lose_and_repeat_no_hit(searcher):
    """A page ends just before the first hit of a text it has no room for;
    the next page starts there. A text whose hits go on past the end of a
    page has a row on a later page too, with the hits left."""
    whole = searcher.search("uuid", Filters(by_recency=True), group=True).hits
    for limit in (1, 2, 3):
        seen, rows, offset = [], 0, 0
        while True:
            page = searcher.search(
                "uuid", Filters(by_recency=True), limit=limit, offset=offset, group=True
            )
            assert len(page.hits) <= limit
            rows += len(page.hits)
            seen += [d for h in page.hits for d in _documents(h)]
            if not page.more:
                break
            offset = page.next_offset
        assert sorted(seen, key=repr) == sorted((d for h in whole for d in _documents(h)), key=repr)
        assert len(seen) == len(set(seen)) == 16
    # Pages of one: current, manual-1, manual-0, then the twelve autos as one.
    first = searcher.search("uuid", Filters(by_recency=True), limit=1, group=True)
    assert [h.count for h in first.hits] == [1] and first.next_offset == 1
    page = searcher.search("uuid", Filters(by_recency=True), limit=1, offset=3, group=True)
    assert [(h.snapshot_name, h.count) for h in page.hits] == [("auto-11", 12)]


def test_a_page_reads_a_bounded_number_of_hits(searcher, monkeypatch):
    monkeypatch.setattr(core_search, "GROUP_SCAN", 5)
    monkeypatch.setattr(core_search, "GROUP_BATCH", 2)
    filters = Filters(by_recency=True, field="title", session_id="s1")
    first = searcher.search("uuid", filters, group=True)
    assert [h.count for h in first.hits] == [5] and first.more
    rest = searcher.search("uuid", filters, offset=first.next_offset, group=True)
    assert [h.count for h in rest.hits] == [5] and rest.more


def test_the_command_line_says_the_snapshot_the_field_and_how_many(tmp_path, capsys):
    db = _store(tmp_path)
    assert main(["search", "--db", str(db), "uuid", "--kind", "auto"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2
    assert out[0].endswith("·  auto-11 (auto) +11 more with this title")
    assert out[1] == f"    title: {TITLE}"
    assert main(["search", "--db", str(db), "uuid", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)["items"]
    [titled] = [i for i in items if i["sessionId"] == "s1" and i["field"] == "title"]
    assert titled["count"] == 13 and len(titled["others"]) == 12
    assert titled["others"][0]["snapshot"]["name"].startswith("auto-")
    assert {"current", "snapshot", "kind", "time"} == set(titled["others"][0])
