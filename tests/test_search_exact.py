"""Pages read from the index alone: when the store has not been written since
the index caught up with it (its stamp), a search shows the index's hits
with the text the index keeps, reading only session titles from the store.
Such a page must equal one checked against the store, and still never be a
row that no longer exists."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ckpt_tui.core import search_match
from ckpt_tui.core.search import Filters, Searcher
from ckpt_tui.store import probe, search_stamp, search_store
from tests.examples import examples
from tests.factory import add_project, add_session, add_snapshot, connect, new_store
from tests.search_support import index_docs, store_docs

ROOT = Path(__file__).resolve().parents[1]
AHEAD_NS = 10 * 1_000_000_000


@contextmanager
def settled_clock():
    """The stamp's clock 10 s ahead: files written now count as settled, so
    a sync records a stamp and the next search can trust it."""
    real = search_stamp.now_ns
    search_stamp.now_ns = lambda: time.time_ns() + AHEAD_NS
    try:
        yield
    finally:
        search_stamp.now_ns = real


@contextmanager
def store_rows_unread():
    """Fail if a hit is looked up in the store, or the store probed."""

    def refuse(*_args, **_kwargs):
        raise AssertionError("the store's rows were read: the page was not exact")

    saved = search_store.fetch_docs, probe.probe
    search_store.fetch_docs = probe.probe = refuse
    try:
        yield
    finally:
        search_store.fetch_docs, probe.probe = saved


VOCAB = [
    "cutover",
    "plan",
    "Plän",
    "café",
    "RÉSUMÉ",
    "[bold red]x[/]",
    "\x1b[31m",
    "\u202egnp.exe",
    "\ud800",
    "keys",
    "a",
]
texts = st.lists(st.sampled_from(VOCAB), max_size=6).map(" ".join)
#: Words for a column: a lone surrogate only ever reaches the store escaped, in JSON.
COLUMN_VOCAB = [w for w in VOCAB if w != "\ud800"]
column_texts = st.lists(st.sampled_from(COLUMN_VOCAB), max_size=6).map(" ".join)


@st.composite
def payloads(draw):
    if draw(st.integers(0, 9)) == 0:
        return '{"objective": "damaged ' + draw(column_texts)  # not JSON: searched as text
    payload = {"title": draw(texts), "objective": draw(texts), "notes": draw(texts)}
    payload["nextSteps"] = draw(st.lists(texts, max_size=3))
    if draw(st.booleans()):
        payload["someNewKey"] = draw(texts)
    return json.dumps(payload)


def _make_store(tmp: Path, snaps: list[str], titles: list[str]) -> Path:
    db = new_store(tmp / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", directory="/tmp/[red]one")
    add_project(conn, "p2")
    for i, title in enumerate(titles):
        add_session(conn, f"s{i}", f"p{1 + i % 2}", title=title)
        conn.execute(
            "INSERT INTO checkpoints (session_id, project_id, objective, next_steps, "
            "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            (
                f"s{i}",
                f"p{1 + i % 2}",
                title,
                json.dumps([title]),
                "2026-11-01T09:00:00.000Z",
                "2026-11-01T09:00:00.000Z",
            ),
        )
    for i, payload in enumerate(snaps):
        sid = f"s{i % len(titles)}"
        add_snapshot(
            conn,
            sid,
            f"p{1 + (i % len(titles)) % 2}",
            f"n{i} {COLUMN_VOCAB[i % len(COLUMN_VOCAB)]}",
            payload,
            kind=("manual", "auto")[i % 2],
            at=f"2026-11-01T10:{i:02d}:00.000Z",
        )
    conn.close()
    return db


QUERIES = ["cutover", "plan", "cafe", "resume", "red", "keys -plan", '"cutover plan"', "a*"]
FILTERS = [
    Filters(),
    Filters(by_recency=True),
    Filters(field="notes"),
    Filters(kinds=("auto",)),
    Filters(current_only=True),
    Filters(project_id="p1", by_recency=True),
]


def _pages(searcher: Searcher) -> list:
    out = []
    for text in QUERIES:
        for filters in FILTERS:
            out.append(searcher.search(text, filters, limit=100))
            out.append(searcher.search(text, filters, limit=2, offset=1))
    return out


@settings(
    max_examples=examples(8, deep=20),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    snaps=st.lists(payloads(), min_size=1, max_size=10),
    titles=st.lists(column_texts, min_size=1, max_size=3),
)
def test_exact_pages_equal_pages_checked_against_the_store(tmp_path_factory, snaps, titles):
    db = _make_store(tmp_path_factory.mktemp("store"), snaps, titles)
    searcher = Searcher(db, tmp_path_factory.mktemp("state"))
    searcher.sync()  # files written just now: no stamp, each page is checked
    assert not searcher.index.matches_store()
    checked = _pages(searcher)
    with settled_clock():
        searcher.sync()
        assert searcher.index.matches_store()
        with store_rows_unread():
            exact = _pages(searcher)
    searcher.close()
    assert exact == checked
    assert any(r.hits for r in exact)


def test_a_lone_surrogate_shows_the_same_either_way(tmp_path):
    db = _make_store(tmp_path, ['{"notes": "alpha \\ud800 beta"}'], ["t"])
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    checked = searcher.search("alpha").hits[0].snippet
    with settled_clock():
        searcher.sync()
        with store_rows_unread():
            exact = searcher.search("alpha").hits[0].snippet
    searcher.close()
    assert exact == checked and "\\ud800" in exact.text


def test_a_prune_after_the_sync_is_caught_by_the_stamp(tmp_path):
    """The index's stamp no longer matches once the plugin writes: the page
    is checked against the store, and the pruned row is not shown."""
    db = _make_store(tmp_path, [json.dumps({"notes": f"alpha {i}"}) for i in range(3)], ["t"])
    searcher = Searcher(db, tmp_path / "state")
    with settled_clock():
        searcher.sync()
        searcher.sync()  # the first read made the store's -wal: its stamp moved
        assert searcher.index.matches_store()
        conn = connect(db)
        gone = conn.execute("SELECT id FROM snapshots ORDER BY rowid LIMIT 1").fetchone()[0]
        conn.execute("DELETE FROM snapshots WHERE id = ?", (gone,))
        conn.close()
        assert not searcher.index.matches_store()
        keys = {h.key for h in searcher.search("alpha", limit=100).hits}  # no sync between
    searcher.close()
    assert ("snapshot", gone) not in keys and len(keys) == 2


@pytest.mark.parametrize("write", ["prune", "checkpoint"])
def test_a_write_the_stamp_cannot_see_is_caught_by_the_keys(tmp_path, monkeypatch, write):
    """Were the stamp to miss a write (a clock set back: see store.search_stamp),
    the page's keys, looked up with the titles, still show it: a pruned
    snapshot is not listed, and a changed checkpoint's text is the store's."""
    db = _make_store(tmp_path, [json.dumps({"notes": f"alpha {i}"}) for i in range(2)], ["alpha"])
    searcher = Searcher(db, tmp_path / "state")
    with settled_clock():
        searcher.sync()
        searcher.sync()
        recorded = search_stamp.store_stamp(db)
    conn = connect(db)
    if write == "prune":
        gone = conn.execute("SELECT id FROM snapshots ORDER BY rowid LIMIT 1").fetchone()[0]
        conn.execute("DELETE FROM snapshots WHERE id = ?", (gone,))
    else:
        conn.execute(
            "UPDATE checkpoints SET objective = 'alpha moved', updated_at = ? WHERE session_id = 's0'",
            ("2026-11-02T00:00:00.000Z",),
        )
    conn.close()
    monkeypatch.setattr(search_stamp, "store_stamp", lambda _path: recorded)  # blind to it
    hits = searcher.search("alpha", limit=100).hits
    searcher.close()
    if write == "prune":
        assert gone not in {h.snapshot_id for h in hits} and len(hits) == 2
    else:
        (current,) = [h for h in hits if h.current]
        assert current.snippet.text == "alpha moved"


_SETTLED_MAIN = (
    "import sys, time\n"
    "from ckpt_tui.store import search_stamp, probe, search_store\n"
    f"search_stamp.now_ns = lambda: time.time_ns() + {AHEAD_NS}\n"
    "if sys.argv[1] == 'exact':\n"
    "    def refuse(*a, **k): raise SystemExit('the store was probed or its rows read')\n"
    "    probe.probe = search_store.fetch_docs = refuse\n"
    "from ckpt_tui.cli.main import main\n"
    "code = main(sys.argv[2:])\n"
    "print(sorted(m for m in ('typing', 'json', 'unicodedata') if m in sys.modules),"
    " file=sys.stderr)\n"
    "raise SystemExit(code)\n"
)


def _run(state: Path, db: Path, mode: str, *extra: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "app"), "CKPT_TUI_STATE": str(state)}
    args = [sys.executable, "-c", _SETTLED_MAIN, mode, "search", "alpha", "--db", str(db), *extra]
    proc = subprocess.run(args, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc


def _search(state: Path, db: Path, mode: str) -> dict:
    return json.loads(_run(state, db, mode, "--json").stdout)


def test_a_search_read_from_the_index_imports_no_typing_json_or_unicodedata(tmp_path):
    """What the command's speed rests on (README, search bench): a search of
    an unchanged store imports none of them; one that reads the store's
    payloads needs ``json``."""
    db = _make_store(tmp_path, [json.dumps({"notes": "alpha"})], ["t"])
    state = tmp_path / "state"
    first = _run(state, db, "checked")
    assert "json" in first.stderr  # the build decoded the payloads
    _run(state, db, "checked")
    lean = _run(state, db, "exact")
    assert "alpha" in lean.stdout
    assert lean.stderr.strip() == "[]"


def test_a_pruned_snapshot_is_gone_for_the_next_command(tmp_path):
    """Each command is a new process: the first builds the index and records
    the stamp, the second answers from the index alone (it neither probes
    the store nor reads its rows); the plugin prunes a snapshot; the third
    sees the stamp moved, catches up, and does not list it."""
    db = _make_store(tmp_path, [json.dumps({"notes": f"alpha {i}"}) for i in range(3)], ["t"])
    state = tmp_path / "state"
    first = _search(state, db, "checked")
    _search(state, db, "checked")  # a first read may leave the store's side files moved
    again = _search(state, db, "exact")
    assert again["items"] == first["items"] and len(first["items"]) == 3
    assert {i["sessionTitle"] for i in again["items"]} == {"t"}
    assert {i["projectDirectory"] for i in again["items"]} == {"/tmp/[red]one"}
    conn = connect(db)
    conn.execute("BEGIN IMMEDIATE")
    gone = conn.execute("SELECT id FROM snapshots ORDER BY rowid LIMIT 1").fetchone()[0]
    conn.execute("DELETE FROM snapshots WHERE id = ?", (gone,))
    conn.execute("COMMIT")
    conn.close()
    after = _search(state, db, "checked")
    ids = {i["snapshot"]["id"] for i in after["items"] if i["snapshot"]}
    assert gone not in ids and len(ids) == 2
    searcher = Searcher(db, state)
    assert index_docs(searcher) == store_docs(db)
    searcher.close()


@pytest.mark.parametrize("how", ["rewritten", "replaced"])
def test_a_store_damaged_after_indexing_is_refused_in_one_line(tmp_path, capsys, how):
    """The probe is left out only while the stamp matches; a damaged file
    never matches it."""
    from ckpt_tui.cli.main import main

    db = _make_store(tmp_path, [json.dumps({"notes": "alpha"})], ["t"])
    with settled_clock():
        assert main(["search", "alpha", "--db", str(db)]) == 0
        for suffix in ("-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        if how == "rewritten":
            db.write_bytes(b"this is not a database" * 100)
        else:
            other = tmp_path / "other.db"
            other.write_bytes(b"this is not a database" * 100)
            os.replace(other, db)
        capsys.readouterr()
        code = main(["search", "alpha", "--db", str(db)])
    err = capsys.readouterr().err.strip()
    assert code != 0 and len(err.splitlines()) == 1 and err.startswith("ckpt-tui:")


# -- the token rules, fast paths against the plain walk ---------------------------------


def _reference_spans(text: str) -> list[tuple[int, int, str]]:
    """FTS5's unicode61 tokens as the plain walk finds them (letters, digits,
    Mn and Co characters; lower case, Mn removed)."""
    import unicodedata

    def fold(token: str) -> str:
        decomposed = unicodedata.normalize("NFD", token.lower())
        return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")

    spans, start = [], None
    for i, ch in enumerate(text):
        cat = unicodedata.category(ch)
        if cat[0] in "LN" or cat in ("Co", "Mn"):
            start = i if start is None else start
        elif start is not None:
            spans.append((start, i, fold(text[start:i])))
            start = None
    if start is not None:
        spans.append((start, len(text), fold(text[start:])))
    return [s for s in spans if s[2]]


@given(st.text(alphabet="aZ9 _-.é\u0301ß½\u4e2d\ue000\u2014\u00a0\u200b\n", max_size=40))
def test_token_spans_equal_the_plain_walk(text):
    assert search_match.token_spans(text) == _reference_spans(text)


ascii_words = st.sampled_from(["a", "ab", "abc", "b", "B", "x1", "1"])


@given(
    text=st.lists(
        st.tuples(ascii_words, st.sampled_from([" ", "-", "_", "", ". ", "\n"])), max_size=12
    ).map(lambda parts: "".join(w + sep for w, sep in parts)),
    terms=st.lists(
        st.tuples(st.lists(ascii_words, min_size=1, max_size=2), st.booleans()),
        min_size=1,
        max_size=2,
    ),
)
@example(text="a a a", terms=[(["a", "a"], False)])  # a phrase overlapping itself
@example(text="ab-abc x1", terms=[(["ab"], True), (["B"], False)])
def test_ascii_matching_equals_the_token_walk(text, terms):
    query_terms = [
        search_match.Term(tuple(w.lower() for w in words), prefix) for words, prefix in terms
    ]
    spans = _reference_spans(text)
    expected = sorted({r for t in query_terms for r in search_match._term_ranges(t, spans)})
    assert search_match._ranges(query_terms, text) == expected
