"""The archive's search words and how a search finds them: the same tokens
as the local index, a phrase held within one field, an exclusion judged per
snapshot, and the two ways a search reads sessions' snapshots giving the
same hits."""

from __future__ import annotations

import json

import pytest

from ckpt_tui.core.archive import Archive, checkpoint_words, snapshot_words
from ckpt_tui.core.archive_reader import ArchiveReader
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.search_match import tokens
from ckpt_tui.store import archive_reads
from ckpt_tui.store.search_text import checkpoint_columns, payload_columns
from tests.archive_support import stamp
from tests.factory import add_project, add_session, add_snapshot, connect, new_store

PAYLOADS = [
    json.dumps(
        Checkpoint(
            title="Port app/ckpt_tui/x.py", nextSteps=("keyset pagination", "bench it")
        ).to_payload()
    ),
    json.dumps({"title": "Crème brûlée", "notes": "日本語のメモ", "blockers": ["naïve café"]}),
    json.dumps(
        {
            "objective": 5,
            "summary": None,
            "nextSteps": [["nested", "list"], {"a key": "a\nvalue"}, None, 7, 1.5],
            "schemaVersion": 99,
            "synthesized": "yes indeed",
            "agentModel": "anthropic/claude-sonnet",
            "filesTouched": "not a list",
        }
    ),
    '{"title": "truncated',  # damaged: its text, as it is
    '["a", "json", "array"]',
    '"just a string"',
    json.dumps({"title": "a\\u00e9b", "notes": "tab\tand\\backslash"}),
    json.dumps({"title": "x" * 3000 + " tail"}),
]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_snapshots_words_are_the_local_indexs_tokens(payload):
    expected = {
        t for text in payload_columns("auto-17 name", payload).values() for t in tokens(text)
    }
    assert snapshot_words("auto-17 name", payload) == expected
    assert snapshot_words("auto-17 name", payload) == expected  # the second time, from memory


def test_a_checkpoints_words_are_the_local_indexs_tokens():
    row = {
        "title": "Ünïcode title",
        "objective": "ship it",
        "status": "blocked",
        "summary": "",
        "current_plan": "1. a\n2. b",
        "completed_steps": '["done thing"]',
        "next_steps": "not json [",
        "blockers": "[]",
        "files_touched": '["src/x.py"]',
        "notes": "n",
    }
    expected = {t for text in checkpoint_columns(row).values() for t in tokens(text)}
    assert checkpoint_words(row) == expected


@pytest.fixture
def reader(archive):
    made = ArchiveReader(Archive(archive.url()))
    yield made
    made.close()


def _store(path, sessions: dict[str, list[Checkpoint]]):
    new_store(path)
    conn = connect(path)
    add_project(conn, "p1")
    at = 0
    for sid, saves in sessions.items():
        add_session(conn, sid, "p1", title=f"session {sid}")
        for i, cp in enumerate(saves):
            add_snapshot(conn, sid, "p1", f"{sid}-{i}", cp.to_payload(), at=stamp(at))
            at += 1
    conn.close()
    return path


def _names(reader, query: str) -> list[str]:
    return [h.hit.snapshot_name for h in reader.search(query).hits if not h.hit.current]


def test_a_phrase_is_held_within_one_field(reader, tmp_path):
    path = _store(
        tmp_path / "s.db",
        {
            "s1": [
                Checkpoint(title="speed up keyset", objective="pagination of the list"),
                Checkpoint(notes="we want keyset pagination here"),
            ]
        },
    )
    reader.archive.push(path)
    # the first has both words next to each other, but across two fields
    assert _names(reader, '"keyset pagination"') == ["s1-1"]
    assert _names(reader, "keyset pagination") == ["s1-1", "s1-0"]


def test_an_exclusion_is_judged_per_snapshot_not_per_session(reader, tmp_path):
    path = _store(
        tmp_path / "s.db",
        {"s1": [Checkpoint(notes="alpha beta"), Checkpoint(notes="alpha gamma")]},
    )
    reader.archive.push(path)
    assert _names(reader, "alpha -beta") == ["s1-1"]
    assert _names(reader, 'alpha -"alpha gamma"') == ["s1-0"]


def test_few_or_many_sessions_holding_the_words_give_the_same_hits(
    reader, tmp_path, monkeypatch
):
    sessions = {
        f"s{k}": [Checkpoint(notes=f"shared word {k} {'odd' if k % 2 else 'even'}")]
        for k in range(6)
    }
    reader.archive.push(_store(tmp_path / "s.db", sessions))
    few = [_names(reader, q) for q in ("shared", "shared -odd", "even", "shar*")]
    monkeypatch.setattr(archive_reads, "SESSION_CANDIDATES", 1)  # every query: "many"
    many = [_names(reader, q) for q in ("shared", "shared -odd", "even", "shar*")]
    assert few == many
    assert few[0] == [f"s{k}-0" for k in range(5, -1, -1)]
    assert few[1] == ["s4-0", "s2-0", "s0-0"]


def test_a_search_pages_on_past_hits_whose_text_lacks_the_phrase(reader, tmp_path):
    saves = [Checkpoint(notes="pagination keyset")] * 5 + [Checkpoint(notes="keyset pagination")]
    reader.archive.push(_store(tmp_path / "s.db", {"s1": saves}))
    first = reader.search('"keyset pagination"', limit=1)
    assert [h.hit.snapshot_name for h in first.hits] == ["s1-5"] and not first.more
    assert reader.search('"keyset pagination"', offset=first.next_offset).hits == []
