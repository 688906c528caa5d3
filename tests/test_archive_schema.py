"""The archive's schema comes from the store's tables, its URL is never
shown with a password, and a search query is never syntax."""

from __future__ import annotations

import pytest

from ckpt_tui.store import archive_dialect, archive_url
from ckpt_tui.store import archive_schema as A
from ckpt_tui.store import schema as store_schema


@pytest.mark.parametrize("table", A.ARCHIVED, ids=lambda t: t.name)
def test_every_store_column_is_archived_with_origin_in_every_key(table):
    source = store_schema.metadata.tables[table.name]
    for col in source.columns:
        copy = table.c[col.name]
        assert (type(copy.type), copy.nullable) == (type(col.type), col.nullable)
    assert [c.name for c in table.primary_key.columns] == [
        "origin_id",
        *(c.name for c in source.primary_key.columns),
    ]
    for fk in table.foreign_key_constraints:
        assert fk.column_keys[0] == "origin_id" and fk.elements[0].column.name == "origin_id"
    kept = 0 if table.name == "snapshots" else len(source.foreign_key_constraints)
    assert len(table.foreign_key_constraints) == kept  # snapshots: the push's order keeps them
    from sqlalchemy import UniqueConstraint

    for unique in table.constraints:
        if isinstance(unique, UniqueConstraint):
            assert unique.columns.keys()[0] == "origin_id"


def test_a_snapshot_name_may_come_back_after_pruning():
    from sqlalchemy import UniqueConstraint

    uniques = [c for c in A.snapshots.constraints if isinstance(c, UniqueConstraint)]
    assert all("name" not in c.columns for c in uniques)
    # a name is looked up among its session's snapshots, in capture order
    assert any(i.columns.keys() == ["origin_id", "session_id", "captured_at"] for i in A.snapshots.indexes)


def test_the_plugins_bookkeeping_is_not_archived():
    assert {t.name for t in A.ARCHIVED} == {"projects", "sessions", "checkpoints", "snapshots"}
    assert (
        "session_runtime" not in A.metadata.tables
        and "ckpt_archive.migrations" not in A.metadata.tables
    )


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (
            "postgresql://bob:s3cret@db:5432/ckpt?sslmode=require",
            "postgresql://bob:***@db:5432/ckpt?sslmode=require",
        ),
        ("postgres://bob@db/ckpt", "postgres://bob@db/ckpt"),
        (
            "postgresql://db/ckpt?user=bob&password=s3cret",
            "postgresql://db/ckpt?user=bob&password=***",
        ),
        ("postgresql://", "postgresql://"),
        (
            "postgresql://bob:p%40ss%3Aw@/ckpt?host=/run/pg",
            "postgresql://bob:***@/ckpt?host=/run/pg",
        ),
    ],
)
def test_a_url_is_shown_without_its_password(url, shown):
    assert archive_url.redacted(url) == shown


def test_a_driver_message_is_scrubbed_of_the_password_in_every_spelling():
    url = "postgresql://bob:p%40ss%3Aw@db/ckpt"
    text = "failed for p@ss:w and p%40ss%3Aw"
    assert "ss" not in archive_url.scrub(text, url).replace("***", "")


def test_only_postgresql_urls_are_taken():
    with pytest.raises(archive_url.ArchiveUrlError) as refused:
        archive_url.driver_url("mysql://bob:s3cret@db/x")
    assert "s3cret" not in str(refused.value)
    assert archive_url.driver_url("postgresql://") == "postgresql+psycopg://"
    assert (
        archive_url.resolve(None, {"CKPT_ARCHIVE_URL": "postgresql://e"}, "postgresql://c")
        == "postgresql://e"
    )
    assert archive_url.resolve(None, {}, "postgresql://c") == "postgresql://c"
    assert (
        archive_url.resolve("postgresql://g", {"CKPT_ARCHIVE_URL": "x"}, None) == "postgresql://g"
    )


def test_a_query_is_quoted_words_and_the_operators_are_ours():
    query = archive_dialect.tsquery_text(
        [(("keyset", "pagination"), False, False), (("time",), True, False), (("x",), False, True)]
    )
    assert query.text == "'keyset' & 'pagination' & 'time':* & !'x'"
    assert query.positive == "'keyset' & 'pagination' & 'time':*"  # what a session must hold
    assert query.recheck  # the phrase: its order is checked on the text
    assert archive_dialect.tsquery_text([(("x",), False, True)]) is None  # only exclusions
    query = archive_dialect.tsquery_text([(("a", "b"), False, True), (("c",), False, False)])
    assert (query.text, query.recheck) == ("'c'", True)  # a negated phrase: only the text can tell
    assert archive_dialect.tsquery_text([(("café",), False, False)]).text == "'café'"


def test_a_search_vector_is_lexemes_postgresql_takes_whole():
    assert archive_dialect.vector_text(["keyset", "café", "x" * 3000]) == "keyset 'café'"
    assert len(archive_dialect.vector_text(f"w{i}" for i in range(300_000))) < 1_000_000


def test_the_config_takes_an_archive_url(tmp_path):
    from ckpt_tui.core.config import effective, load

    path = tmp_path / "config.toml"
    path.write_text('[archive]\nurl = "postgresql://bob:s3cret@db/ckpt"\nurls = 1\n')
    config = load(path)
    assert config.archive_url == "postgresql://bob:s3cret@db/ckpt"
    assert config.problems == (
        "config.toml: [archive] unknown key 'urls' (did you mean 'url'?); ignored",
    )
    assert effective(config)["archive"] == {"url": "postgresql://bob:***@db/ckpt"}
    path.write_text("[archive]\nurl = 5\n")
    assert load(path).archive_url is None and "[archive] url must be" in load(path).problems[0]
