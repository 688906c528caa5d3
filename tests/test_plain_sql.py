"""The checked-in plain SQL is what the SQLAlchemy Core statements compile to."""

from __future__ import annotations

from ckpt_tui.store import gen_sql


def test_plain_sql_is_not_stale():
    """Fails after a statement (or SQLAlchemy) changes until
    ``make sql`` (``python -m ckpt_tui.store.gen_sql``) is run again."""
    checked_in = gen_sql.TARGET.read_text(encoding="utf-8")
    assert checked_in == gen_sql.render(), "run `make sql` and commit store/plain_sql.py"


def test_a_changed_statement_makes_it_stale(monkeypatch):
    from ckpt_tui.store import snapshot_reads

    original = snapshot_reads.payloads_statement
    monkeypatch.setattr(snapshot_reads, "payloads_statement", lambda: original().limit(1))
    assert gen_sql.TARGET.read_text(encoding="utf-8") != gen_sql.render()
