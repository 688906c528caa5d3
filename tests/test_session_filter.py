"""A project's filtered session list read from the checkpoints side
(``store.project_filter``) is the list the newest-first walk gives: the same
pages, in the same order, with the same bounded count."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ckpt_tui import timeutil
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.store import Store, filters, session_reads
from ckpt_tui.store.keys import cursor_params, variant
from ckpt_tui.store.query import Query
from ckpt_tui.store.rows import keyset_page, session_row
from tests.examples import examples
from tests.factory import add_project, add_session, connect, new_store, set_checkpoint

# Case, LIKE's wildcards and escape, and a non-ASCII letter LIKE does not fold.
WORDS = ["Parser", "parser", "pars", "50%", "a_b", "a\\b", "Éte", "éte", "zq", ""]
TEXTS = ["parser", "PARS", "%", "_", "\\", "éte", "ÉTE", "zq", "s1", "none", "a"]


def _at(minute: int, epoch: bool) -> str | int:
    moment = datetime(2026, 11, 1, 10, minute, tzinfo=UTC)
    return timeutil.epoch_ms(moment) if epoch else timeutil.fmt(moment)


@st.composite
def stores(draw):
    """Sessions of ``p`` and of ``q`` (with and without checkpoints, times ISO
    or epoch ms, some equal) as rows to write."""
    n = draw(st.integers(0, 12))
    rows = []
    for i in range(n):
        project = draw(st.sampled_from(["p", "p", "q"]))
        title = draw(st.sampled_from([*WORDS, None]))
        minute = draw(st.integers(0, 5))
        epoch = draw(st.booleans())
        checkpoint = draw(
            st.none()
            | st.builds(
                lambda o, n, notes: Checkpoint(objective=o, nextSteps=tuple(n), notes=notes),
                st.sampled_from(WORDS),
                st.lists(st.sampled_from(WORDS), max_size=2),
                st.sampled_from(WORDS),
            )
        )
        rows.append((f"s{i}", project, title, _at(minute, epoch), checkpoint))
    return rows


def _write(path: Path, rows) -> None:
    new_store(path)
    conn = connect(path)
    add_project(conn, "p")
    add_project(conn, "q")
    for sid, project, title, at, checkpoint in rows:
        add_session(conn, sid, project, title=title, at=at)
        if checkpoint is not None:
            set_checkpoint(conn, sid, project, checkpoint, at=at)
    conn.close()


def _walk_reference(q, text, after, limit):
    """The newest-first walk with its bounded count: ``list_sessions`` as
    it was before the checkpoints side."""
    params = {"project_id": "p", "pattern": filters.like_pattern(text)}
    page = variant("sessions_page", of_project=True, after=after is not None, match=True)
    raw = q.run(page, **params, limit=limit, **cursor_params(after))
    total = variant("sessions_total", of_project=True, match=True)
    total, at_least = filters.page_total(q, total, params, raw, limit, after, True)
    return keyset_page([session_row(r) for r in raw], raw, total, limit, "sort_at", at_least)


def _pages(read, limit):
    pages, after = [], None
    for _ in range(20):
        page = read(after, limit)
        pages.append(page)
        if page.cursor is None:
            break
        after = page.cursor
    return pages


@settings(
    max_examples=examples(20, deep=60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    stores(),
    st.sampled_from(TEXTS),
    st.sampled_from([1, 2, 3, 50]),
    st.sampled_from([1, 2, 3, 1000]),
)
def test_checkpoint_side_pages_equal_the_walk(monkeypatch_bound, rows, text, limit, bound):
    monkeypatch_bound(bound)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "c.db"
        _write(path, rows)
        store = Store(path, read_only=True)
        try:
            with store.read() as conn:
                ours = _pages(
                    lambda a, lim: session_reads.list_sessions(conn, "p", a, lim, text), limit
                )
                theirs = _pages(lambda a, lim: _walk_reference(conn, text, a, lim), limit)
        finally:
            store.close()
    assert ours == theirs


@pytest.fixture
def monkeypatch_bound():
    """Sets ``filters.FILTER_COUNT_BOUND`` (read where it is used) for one
    example (hypothesis runs many examples in one test: the fixture's
    monkeypatch would only undo at the end)."""
    saved = filters.FILTER_COUNT_BOUND

    def set_bound(bound: int) -> None:
        filters.FILTER_COUNT_BOUND = bound

    yield set_bound
    filters.FILTER_COUNT_BOUND = saved


def test_few_matches_are_read_from_the_checkpoints_side(tmp_path, monkeypatch):
    """A text few sessions hold never takes the newest-first walk, and the
    checkpoints are not read when the sessions' own columns fill the bound."""
    path = tmp_path / "c.db"
    _write(
        path,
        [
            ("s1", "p", "Parser work", _at(1, False), Checkpoint(objective="x")),
            ("s2", "p", "other", _at(2, True), Checkpoint(notes="the parser")),
            ("s3", "p", "other", _at(3, False), None),
        ],
    )
    walks = []
    real = Query.run

    def run(self, name, /, **params):
        if name.startswith("sessions_page"):
            walks.append(name)
        return real(self, name, **params)

    monkeypatch.setattr(Query, "run", run)
    store = Store(path, read_only=True)
    try:
        with store.read() as conn:
            page = session_reads.list_sessions(conn, "p", None, 50, "parser")
            assert [r.id for r in page.rows] == ["s2", "s1"]
            assert (page.total, page.at_least) == (2, False)
            assert walks == []
            monkeypatch.setattr(filters, "FILTER_COUNT_BOUND", 1)
            page = session_reads.list_sessions(conn, "p", None, 1, "parser")
            assert [r.id for r in page.rows] == ["s2"]
            assert (page.total, page.at_least) == (1, True)
            assert len(walks) == 1
    finally:
        store.close()
