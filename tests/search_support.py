"""What the search tests compare: the documents the store has and those
the index holds, as ``(doc_type, ref)`` pairs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ckpt_tui.core.search import Searcher


def store_docs(db: Path) -> set:
    conn = sqlite3.connect(db)
    snaps = {("snapshot", r[0]) for r in conn.execute("SELECT id FROM snapshots")}
    currents = {("current", r[0]) for r in conn.execute("SELECT session_id FROM checkpoints")}
    conn.close()
    return snaps | currents


def index_docs(searcher: Searcher) -> set:
    conn = searcher.index._connection()
    return set(conn.execute("SELECT doc_type, ref FROM docs"))
