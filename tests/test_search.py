"""Search: hits equal a brute-force scan; the index follows the store."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ckpt_tui import timeutil
from ckpt_tui.core import search as core_search
from ckpt_tui.core.model import FIELDS, LIST_FIELDS, Checkpoint
from ckpt_tui.core.search import Filters, Searcher, parse
from ckpt_tui.store import search_sync as si
from tests.factory import (
    PluginWriter,
    add_project,
    add_session,
    add_snapshot,
    connect,
    new_store,
    set_checkpoint,
)
from tests.search_support import index_docs as _index_docs
from tests.search_support import store_docs as _store_docs

ROOT = Path(__file__).resolve().parents[1]

# -- a brute-force scan, written without the code under test -----------------------

_SEP = re.compile(r"[\W_]+")


def _words(text: str) -> list[str]:
    plain = unicodedata.normalize("NFD", text.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return [w for w in _SEP.split(plain) if w]


def _columns(name: str, payload: dict) -> dict[str, list[str]]:
    out = {"name": _words(name)}
    for key in FIELDS:
        value = payload.get(key, "")
        text = "\n".join(value) if isinstance(value, list | tuple) else str(value)
        out[key] = _words(text)
    return out


def _term_in(words: list[str], term: tuple[list[str], bool]) -> bool:
    toks, prefix = term
    n = len(toks)
    for i in range(len(words) - n + 1):
        if words[i : i + n - 1] == toks[:-1] and (
            words[i + n - 1].startswith(toks[-1]) if prefix else words[i + n - 1] == toks[-1]
        ):
            return True
    return False


def brute_force(docs: dict[tuple, dict], pos: list, neg: list, field: str | None) -> set:
    hits = set()
    for key, cols in docs.items():
        scope = [cols[field]] if field else list(cols.values())
        if all(any(_term_in(c, t) for c in scope) for t in pos) and not any(
            any(_term_in(c, t) for c in scope) for t in neg
        ):
            hits.add(key)
    return hits


# -- generated stores ---------------------------------------------------------------------

VOCAB = ["cutover", "plan", "Plän", "café", "CAFE", "migration", "migrate", "uuid", "keys", "ßeta"]
words = st.sampled_from(VOCAB)
texts = st.lists(words, max_size=6).map(" ".join)
items = st.lists(texts, max_size=3)


@st.composite
def checkpoints(draw) -> Checkpoint:
    return Checkpoint(
        title=draw(texts),
        objective=draw(texts),
        summary=draw(texts),
        nextSteps=tuple(draw(items)),
        blockers=tuple(draw(items)),
        notes=draw(texts),
    )


@st.composite
def terms(draw):
    n = draw(st.integers(1, 2))
    toks = [draw(words) for _ in range(n)]
    prefix = draw(st.booleans())
    if prefix:
        toks[-1] = toks[-1][: draw(st.integers(1, len(toks[-1])))]
    return toks, prefix


def _query_text(term, negated: bool) -> str:
    toks, prefix = term
    body = " ".join(toks)
    body = f'"{body}"' if len(toks) > 1 else body
    return ("-" if negated else "") + body + ("*" if prefix else "")


def _fold_term(term):
    toks, prefix = term
    folded = [w for t in toks for w in _words(t)]
    return folded, prefix


def _all_keys(searcher: Searcher, text: str, filters: Filters | None = None) -> set:
    results = searcher.search(text, filters, limit=10_000)
    return {h.key for h in results.hits}


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    snaps=st.lists(checkpoints(), min_size=1, max_size=8),
    current=checkpoints(),
    pos=st.lists(terms(), min_size=1, max_size=2),
    neg=st.lists(terms(), max_size=1),
    field=st.sampled_from([None, "title", "nextSteps", "name"]),
)
def test_hits_equal_brute_force(tmp_path_factory, snaps, current, pos, neg, field):
    db = new_store(tmp_path_factory.mktemp("prop") / "checkpoints.db")
    conn = connect(db)
    add_project(conn)
    add_session(conn)
    set_checkpoint(conn, "s1", "p1", current)
    docs = {("current", "s1"): _columns("", current.to_payload())}
    for i, cp in enumerate(snaps):
        sid = f"00000000-0000-0000-0000-{i:012d}"
        name = f"snap {VOCAB[i % len(VOCAB)]} {i}"
        add_snapshot(conn, "s1", "p1", name, cp.to_payload(), sid=sid)
        docs[("snapshot", sid)] = _columns(name, cp.to_payload())
    conn.close()
    searcher = Searcher(db, tmp_path_factory.mktemp("state"))
    searcher.sync()
    text = " ".join([_query_text(t, False) for t in pos] + [_query_text(t, True) for t in neg])
    expected = brute_force(docs, [_fold_term(t) for t in pos], [_fold_term(t) for t in neg], field)
    assert _all_keys(searcher, text, Filters(field=field)) == expected
    searcher.close()


# -- queries ------------------------------------------------------------------------------------


def test_parse_words_phrases_prefix_exclusion():
    q = parse('Cutover "the PLAN" mig* -Café')
    assert [(t.tokens, t.prefix, t.negated) for t in q.terms] == [
        (("cutover",), False, False),
        (("the", "plan"), False, False),
        (("mig",), True, False),
        (("cafe",), False, True),
    ]
    assert q.note is None


@pytest.mark.parametrize(
    "text",
    [
        '"unbalanced quote',
        'title:"x',
        "{notes}: secret",
        "NEAR(a b) OR NOT AND",
        '*prefix - -- "" ^start',
        'a"b',
        "-only",
    ],
)
def test_syntax_errors_search_literal_words(service, tmp_path, text):
    searcher = Searcher(service.store.path, tmp_path)
    searcher.sync()
    results = searcher.search(text)  # never raises
    for term in results.query.terms:
        assert all(t.isalnum() for t in term.tokens)
    expr = results.query.expression() if not results.query.empty else ""
    # Only quoted tokens and our own operators reach FTS5.
    outside = re.sub(r'"[a-z0-9 ]+"', "", expr)
    assert set(outside.replace("AND", "").replace("NOT", "")) <= set("()* ")
    searcher.close()


def test_unbalanced_quotes_find_the_words(service, tmp_path):
    searcher = Searcher(service.store.path, tmp_path)
    searcher.sync()
    results = searcher.search('"blocked x')
    assert results.query.note and "unbalanced" in results.query.note
    plain = searcher.search("blocked x")
    assert {h.key for h in results.hits} == {h.key for h in plain.hits}
    searcher.close()


def test_case_and_accent_insensitive(tmp_path):
    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn)
    add_session(conn)
    set_checkpoint(conn, "s1", "p1", Checkpoint(objective="Résumé the CUTOVER über plan"))
    conn.close()
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    for text in ("resume", "RÉSUMÉ", "cutover", "uber", "Über", '"the cutover"', "cut*"):
        assert _all_keys(searcher, text) == {("current", "s1")}, text
    searcher.close()


# -- keeping up with the store -----------------------------------------------------------------------


def _store(tmp_path: Path, sessions: int = 2, snaps: int = 5) -> Path:
    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn)
    for s in range(sessions):
        add_session(conn, f"s{s}", "p1", title=f"session {s}")
        set_checkpoint(conn, f"s{s}", "p1", Checkpoint(objective=f"objective {s}"))
        for i in range(snaps):
            add_snapshot(
                conn,
                f"s{s}",
                "p1",
                f"snap-{s}-{i}",
                Checkpoint(objective=f"alpha step{i}", nextSteps=(f"beta {s}",)).to_payload(),
                at=f"2026-11-01T10:{i:02d}:00.000Z",
            )
    conn.close()
    return db


def test_follows_inserts_prunes_and_checkpoint_changes(tmp_path):
    db = _store(tmp_path, snaps=3)
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    assert _index_docs(searcher) == _store_docs(db)
    writer = PluginWriter(db, history_limit=3)
    writer.save("s0", objective="gamma rocket")  # adds one, prunes one
    writer.save("s1", nextSteps=["delta"])
    writer.close()
    stats = searcher.sync()
    assert (stats.added, stats.removed) == (2, 2)
    assert _index_docs(searcher) == _store_docs(db)
    assert searcher.index.counts() == (6, 2)  # kept on inserts and deletes
    assert ("current", "s0") in _all_keys(searcher, "gamma")
    assert _all_keys(searcher, "gamma rocket", Filters(current_only=True)) == {("current", "s0")}
    assert ("current", "s1") not in _all_keys(searcher, "beta", Filters(current_only=True))
    assert _all_keys(searcher, "delta", Filters(current_only=True)) == {("current", "s1")}
    searcher.close()


def test_deleted_newest_row_and_reused_rowid(tmp_path):
    """Undo of a manual snapshot deletes the newest row; SQLite gives the
    next insert the same rowid: the index must not keep the old text."""
    db = _store(tmp_path, sessions=1, snaps=2)
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    conn = connect(db)
    newest = conn.execute("SELECT id FROM snapshots ORDER BY rowid DESC LIMIT 1").fetchone()[0]
    conn.execute("DELETE FROM snapshots WHERE id = ?", (newest,))
    add_snapshot(conn, "s0", "p1", "other", Checkpoint(objective="zebra").to_payload())
    conn.close()
    searcher.sync()
    assert _index_docs(searcher) == _store_docs(db)
    assert _all_keys(searcher, "zebra") and ("snapshot", newest) not in _all_keys(searcher, "alpha")
    searcher.close()


def test_hit_is_never_a_row_that_no_longer_exists(tmp_path):
    db = _store(tmp_path, sessions=1, snaps=3)
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    conn = connect(db)
    gone = conn.execute("SELECT id FROM snapshots LIMIT 1").fetchone()[0]
    conn.execute("DELETE FROM snapshots WHERE id = ?", (gone,))
    conn.close()
    keys = _all_keys(searcher, "alpha")  # no sync in between
    assert ("snapshot", gone) not in keys and len(keys) == 2
    page = searcher.search("alpha", limit=1)
    assert len(page.hits) == 1 and page.more
    searcher.close()


def test_replaced_store_file_starts_afresh(tmp_path):
    db = _store(tmp_path / "a", sessions=1)
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    other = new_store(tmp_path / "b.db")
    conn = connect(other)
    add_project(conn)
    add_session(conn, "x1", "p1")
    add_snapshot(conn, "x1", "p1", "only", Checkpoint(objective="omega").to_payload())
    conn.close()
    os.replace(other, db)
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    stats = searcher.sync()
    assert stats.rebuilt
    assert _index_docs(searcher) == _store_docs(db)
    assert not _all_keys(searcher, "alpha") and _all_keys(searcher, "omega")
    searcher.close()


def test_deleted_index_is_rebuilt(tmp_path):
    db = _store(tmp_path)
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{searcher.path}{suffix}").unlink(missing_ok=True)
    assert not searcher.is_built()
    searcher.sync()
    assert _index_docs(searcher) == _store_docs(db)
    searcher.close()


def test_read_only_store_is_searchable_and_untouched(tmp_path):
    db = _store(tmp_path / "ro")
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    before = db.read_bytes()
    os.chmod(db, 0o444)
    os.chmod(db.parent, 0o555)
    try:
        searcher = Searcher(db, tmp_path / "state")
        searcher.sync()
        assert _all_keys(searcher, "beta")
        searcher.close()
        assert db.read_bytes() == before
        assert sorted(p.name for p in db.parent.iterdir()) == ["checkpoints.db"]
    finally:
        os.chmod(db.parent, 0o755)
        os.chmod(db, 0o644)


def test_plugin_writing_during_the_build(tmp_path, monkeypatch):
    db = _store(tmp_path, sessions=3, snaps=20)
    monkeypatch.setattr(si, "BATCH", 7)
    writer = PluginWriter(db, history_limit=15)
    searcher = Searcher(db, tmp_path / "state")
    seen = []

    def write_between_batches(done: int, total: int) -> None:
        # The plugin commits between our batches (another connection, its
        # own transactions): saves that add and prune.
        seen.append(done)
        writer.save(f"s{len(seen) % 3}", objective=f"during build {len(seen)}")

    searcher.sync(write_between_batches)
    writer.close()
    assert len(seen) > 3
    searcher.sync()
    assert _index_docs(searcher) == _store_docs(db)
    searcher.close()


def test_plugin_writing_from_a_thread_during_the_build(tmp_path, monkeypatch):
    db = _store(tmp_path, sessions=3, snaps=30)
    monkeypatch.setattr(si, "BATCH", 5)
    searcher = Searcher(db, tmp_path / "state")
    started = threading.Event()

    def plugin() -> None:
        writer = PluginWriter(db, history_limit=20)
        started.wait(10)
        for i in range(40):
            writer.save(f"s{i % 3}", notes=f"thread {i}")
        writer.close()

    thread = threading.Thread(target=plugin)
    thread.start()
    searcher.sync(lambda done, total: started.set())
    thread.join()
    searcher.sync()
    assert _index_docs(searcher) == _store_docs(db)
    searcher.close()


KILLER = """
import os, signal, sys
from pathlib import Path
from ckpt_tui.core.search import Searcher
from ckpt_tui.store import search_sync as si
si.BATCH = 10
calls = []
def progress(done, total):
    calls.append(done)
    if len(calls) == 4:  # three batches committed: killed mid-build
        os.kill(os.getpid(), signal.SIGKILL)
Searcher(Path(sys.argv[1]), Path(sys.argv[2])).sync(progress)
"""


def test_killed_build_leaves_a_usable_index_that_resumes(tmp_path):
    db = _store(tmp_path, sessions=2, snaps=40)
    state = tmp_path / "state"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "app")}
    proc = subprocess.run(
        [sys.executable, "-c", KILLER, str(db), str(state)], env=env, capture_output=True
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    searcher = Searcher(db, state)
    assert not searcher.is_built()
    assert searcher.index.counts() == (30, 0)  # three whole batches, nothing half-done
    assert len(_all_keys(searcher, "alpha")) == 30  # usable as it is
    stats = searcher.sync()
    assert stats.added == 50 and stats.checkpoints == 2
    assert _index_docs(searcher) == _store_docs(db)
    searcher.close()


# -- what a hit shows ------------------------------------------------------------------------------------


def test_snippet_is_literal_with_highlights(tmp_path):
    hostile = "[bold red]cutover[/] \x1b[31m plan \x1b[0m [link=file:///etc/passwd]x[/]"
    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn)
    add_session(conn)
    add_snapshot(conn, "s1", "p1", "[blink]n[/]", Checkpoint(notes=hostile).to_payload())
    conn.close()
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    (hit,) = searcher.search("cutover plan").hits
    snip = hit.snippet
    assert snip.field == "notes"
    assert "[bold red]" in snip.text and "\x1b" not in snip.text and "\\x1b" in snip.text
    marked = [snip.text[a:b] for a, b in snip.highlights]
    assert marked == ["cutover", "plan"]
    assert hit.snapshot_name == "[blink]n[/]"
    searcher.close()


def test_snippet_of_a_long_value_is_cut_around_the_match():
    q = parse("needle")
    text = "hay " * 5000 + "needle" + " straw" * 5000
    snip = core_search.snippet(q, {"notes": text})
    assert snip is not None and len(snip.text) < 250
    assert [snip.text[a:b] for a, b in snip.highlights] == ["needle"]
    assert snip.text.startswith("…") and snip.text.endswith("…")


def test_damaged_payload_is_searched_as_its_text(tmp_path):
    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn)
    add_session(conn)
    add_snapshot(conn, "s1", "p1", "bad", '{"objective": "broken quux')
    conn.close()
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    (hit,) = searcher.search("quux").hits
    assert hit.snippet.field == "extra"
    searcher.close()


def test_fields_match_the_model():
    from ckpt_tui.store import search_text as si

    assert si.FIELD_COLUMNS == FIELDS
    assert set(LIST_FIELDS) <= set(si.FIELD_COLUMNS)


# -- the command line -----------------------------------------------------------------------------------


def _cli(*args: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "app"), **(env_extra or {})}
    return subprocess.run(
        [sys.executable, "-m", "ckpt_tui", *args], env=env, capture_output=True, text=True
    )


def test_cli_json_names_session_and_snapshot_or_current(tmp_path):
    db = _store(tmp_path, sessions=1, snaps=2)
    proc = _cli("search", "--db", str(db), "0", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    items = data["items"]
    assert {i["current"] for i in items} == {True, False}
    for item in items:
        assert item["sessionId"] == "s0" and item["sessionTitle"] == "session 0"
        if item["current"]:
            assert item["snapshot"] is None and item["kind"] == "current"
        else:
            assert set(item["snapshot"]) == {"id", "name"} and item["snapshot"]["name"]
        assert item["snippet"][slice(*item["highlights"][0])].lower() == "0"
    assert proc.stderr == ""  # not a terminal: no progress line


def test_cli_filters(tmp_path):
    db = _store(tmp_path, sessions=2, snaps=2)
    proc = _cli("search", "--db", str(db), "alpha", "--session", "s1", "--json", "--limit", "1")
    data = json.loads(proc.stdout)
    assert [i["sessionId"] for i in data["items"]] == ["s1"] and data["more"]
    proc = _cli("search", "--db", str(db), "objective", "--kind", "current", "--json")
    assert {i["current"] for i in json.loads(proc.stdout)["items"]} == {True}
    proc = _cli("search", "--db", str(db), "beta", "--field", "objective", "--json")
    assert json.loads(proc.stdout)["items"] == []
    proc = _cli("search", "--db", str(tmp_path / "missing.db"), "x")
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1


def test_cli_progress_line_on_a_terminal(tmp_path, monkeypatch, capsys):
    from ckpt_tui.cli import search_cmd
    from ckpt_tui.cli.main import main

    db = _store(tmp_path, sessions=2, snaps=3)
    monkeypatch.setattr(search_cmd, "PROGRESS_FROM", 1)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["search", "--db", str(db), "alpha"]) == 0
    err = capsys.readouterr().err
    assert "indexing" in err and "snapshots" in err


def test_index_lives_in_the_state_dir_and_store_is_unchanged(tmp_path):
    db = _store(tmp_path / "s")
    conn = sqlite3.connect(db)
    schema = list(conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name"))
    conn.close()
    state = tmp_path / "state"
    proc = _cli("search", "--db", str(db), "alpha", env_extra={"CKPT_TUI_STATE": str(state)})
    assert proc.returncode == 0, proc.stderr
    conn = sqlite3.connect(db)
    assert list(conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name")) == schema
    conn.close()
    assert list((state / "search").glob("index-*.db"))


def test_two_stores_have_two_indexes(tmp_path):
    a = _store(tmp_path / "a")
    b = shutil.copytree(tmp_path / "a", tmp_path / "b") / "checkpoints.db"
    assert Searcher(a, tmp_path).path != Searcher(b, tmp_path).path


def test_snippet_of_a_10_mb_value_is_fast():
    import time

    q = parse("needle")
    text = "hay planning " * 800_000 + " needle " + "straw " * 10
    start = time.process_time()
    snip = core_search.snippet(q, {"notes": text})
    assert time.process_time() - start < 1.0
    assert [snip.text[a:b] for a, b in snip.highlights] == ["needle"]


def test_recency_order_and_pages(tmp_path):
    db = _store(tmp_path, sessions=3, snaps=7)
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    conn = sqlite3.connect(db)
    expected = [
        r[0]
        for r in conn.execute(
            "SELECT id FROM snapshots WHERE session_id != 's1' ORDER BY captured_at DESC, rowid DESC"
        )
    ]
    conn.close()
    filters = Filters(by_recency=True, kinds=("manual",))
    full = searcher.search('alpha -"beta 1"', filters, limit=100).hits
    got = [h.snapshot_id for h in full]
    assert sorted(got) == sorted(expected)
    assert [h.at for h in full] == sorted((h.at for h in full), reverse=True)
    paged, offset = [], 0
    while True:
        page = searcher.search('alpha -"beta 1"', filters, limit=4, offset=offset)
        paged += [h.snapshot_id for h in page.hits]
        if not page.more:
            break
        offset = page.next_offset
    assert paged == got
    by_rank = searcher.search('alpha -"beta 1"', Filters(kinds=("manual",)), limit=100).hits
    assert sorted(h.snapshot_id for h in by_rank) == sorted(expected)
    searcher.close()


# -- orders: time-ordered rowids, bounded relevance ------------------------------------------


def _one_session_store(tmp_path: Path) -> sqlite3.Connection:
    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn)
    add_session(conn)
    return conn


def test_relevance_ranks_the_newest_window_then_older_matches_newest_first(tmp_path, monkeypatch):
    """bm25 ranks the matches among the newest RECENT_DOCS documents; older
    ones follow by time, even the best-scoring one (see ARCHITECTURE)."""
    monkeypatch.setattr(si, "RECENT_DOCS", 3)
    conn = _one_session_store(tmp_path)
    texts = {  # same length each, so bm25 orders by how often "zeta" occurs
        "t0": "zeta zeta zeta zeta",
        "t1": "zeta alpha alpha alpha",
        "t2": "zeta alpha alpha alpha",
        "t3": "zeta zeta alpha alpha",
        "t4": "zeta alpha alpha alpha",
        "t5": "zeta alpha alpha alpha",
    }
    for i, (name, text) in enumerate(texts.items()):
        at = f"2026-11-01T10:00:0{i}.000Z"
        add_snapshot(conn, "s1", "p1", name, Checkpoint(objective=text).to_payload(), at=at)
    db = tmp_path / "checkpoints.db"
    conn.close()
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    hits = searcher.search("zeta", limit=10).hits
    names = [h.snapshot_name for h in hits]
    assert names[0] == "t3" and sorted(names[:3]) == ["t3", "t4", "t5"]
    assert names[3:] == ["t2", "t1", "t0"]
    assert all(h.score < 0 for h in hits[:3]) and all(h.score == 0 for h in hits[3:])
    for size in (1, 2, 4):  # pages across the window's edge give the same order
        paged, offset = [], 0
        while True:
            page = searcher.search("zeta", limit=size, offset=offset)
            paged += [h.snapshot_name for h in page.hits]
            if not page.more:
                break
            offset = page.next_offset
        assert paged == names, size
    searcher.close()


def test_recency_is_time_order_whatever_the_write_order(tmp_path):
    """Rowids carry the time: snapshots written out of time order, epoch
    milliseconds, a burst in one millisecond (ties in write order), and an
    unparseable time (oldest) come out newest first; a later burst in the
    same millisecond goes after the earlier one."""
    conn = _one_session_store(tmp_path)
    db = tmp_path / "checkpoints.db"
    burst = "2026-11-01T10:00:01.000Z"
    times = ["2026-11-01T10:00:05.000Z", burst, "1793527203000", "garbage"] + [burst] * 40
    for i, at in enumerate(times):
        add_snapshot(conn, "s1", "p1", f"n{i}", Checkpoint(objective="omega").to_payload(), at=at)
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    for i in range(len(times), len(times) + 20):  # a second burst, indexed by a later sync
        add_snapshot(
            conn, "s1", "p1", f"n{i}", Checkpoint(objective="omega").to_payload(), at=burst
        )
    searcher.sync()

    def when(at: str) -> int:
        moment = timeutil.parse(at)
        return timeutil.epoch_ms(moment) if moment else -1

    rows = conn.execute("SELECT rowid, name, captured_at FROM snapshots").fetchall()
    conn.close()
    expected = [r[1] for r in sorted(rows, key=lambda r: (when(r[2]), r[0]), reverse=True)]
    got = [
        h.snapshot_name for h in searcher.search("omega", Filters(by_recency=True), limit=100).hits
    ]
    assert got == expected
    assert searcher.index.counts() == (len(rows), 0)
    searcher.close()


def test_an_index_of_an_older_layout_is_rebuilt(tmp_path):
    db = _store(tmp_path, sessions=1, snaps=2)
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    path = searcher.path
    searcher.close()
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE counts")
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    assert _index_docs(searcher) == _store_docs(db)
    assert searcher.index.counts() == (2, 1)
    searcher.close()


def test_a_damaged_index_file_is_rebuilt(tmp_path):
    """The first build runs with synchronous=OFF: a power cut could damage
    the file, which is derived data, so it is deleted and built again."""
    db = _store(tmp_path, sessions=1, snaps=3)
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    path = searcher.path
    searcher.close()
    path.write_bytes(b"this is not an SQLite file" * 100)
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    assert _index_docs(searcher) == _store_docs(db)
    assert len(_all_keys(searcher, "alpha")) == 3
    searcher.close()


def test_recent_part_is_cut_back_and_follows_prunes(tmp_path, monkeypatch):
    """``recent`` holds exactly the documents from its floor on, through
    inserts, prunes and cut-backs: relevance lists every match once."""
    monkeypatch.setattr(si, "RECENT_DOCS", 2)
    monkeypatch.setattr(si, "RECENT_MAX", 4)
    conn = _one_session_store(tmp_path)
    db = tmp_path / "checkpoints.db"
    searcher = Searcher(db, tmp_path / "state")
    n = 0
    for round_ in range(6):
        if round_ % 2:  # prune the newest indexed (in recent) and the oldest
            conn.execute("DELETE FROM snapshots WHERE rowid = (SELECT max(rowid) FROM snapshots)")
            conn.execute("DELETE FROM snapshots WHERE rowid = (SELECT min(rowid) FROM snapshots)")
        for _ in range(3):
            at = f"2026-11-01T10:{n // 60:02d}:{n % 60:02d}.000Z"
            payload = Checkpoint(objective=f"omega {'omega ' * (n % 3)}").to_payload()
            add_snapshot(conn, "s1", "p1", f"n{n}", payload, at=at)
            n += 1
        searcher.sync()
        index = searcher.index._connection()
        floor = int(searcher.index._meta(index, "recent_floor"))
        in_recent = {
            r[0] for r in index.execute("SELECT rowid FROM recent WHERE recent MATCH 'omega'")
        }
        assert in_recent == {
            r[0] for r in index.execute("SELECT rowid FROM docs WHERE rowid >= ?", (floor,))
        }
        assert 2 <= len(in_recent) <= 4
        counted = index.execute("SELECT n FROM counts WHERE doc_type = 'recent'").fetchone()[0]
        assert counted == len(in_recent)
        assert searcher.index.counts()[0] == len(list(conn.execute("SELECT id FROM snapshots")))
        names = [h.snapshot_name for h in searcher.search("omega", limit=100).hits]
        stored = {r[0] for r in conn.execute("SELECT name FROM snapshots")}
        assert len(names) == len(set(names)) and set(names) == stored
    searcher.close()
    conn.close()
