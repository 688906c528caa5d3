"""The SQLAlchemy Table objects agree with the schema the plugin's DDL makes.

Queries are built from ``store/schema.py``'s Table objects, files are made
from the DDL text of SPEC 3; both must describe the same columns, defaults,
keys, unique constraints and indexes, or a query silently means something
else than the plugin's file holds.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

import pytest
from sqlalchemy import CheckConstraint, Index, UniqueConstraint
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.sql.elements import TextClause

from ckpt_tui.store import schema
from ckpt_tui.store.schema import ddl, metadata
from ckpt_tui.store.version import CURRENT_VERSION
from tests.factory import new_store

TABLES = ("projects", "sessions", "checkpoints", "snapshots", "session_runtime", "migrations")


def _live(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)


@pytest.fixture(params=[1, 2], ids=["v1", "v2"])
def live(request, tmp_path):
    path = new_store(tmp_path / f"v{request.param}.db", version=request.param)
    conn = _live(path)
    yield request.param, conn
    conn.close()


# -- what the live file says -----------------------------------------------------


def live_columns(conn, table):
    """name -> (type, notnull, default, pk) from PRAGMA table_info."""
    return {
        r[1]: (r[2].upper(), bool(r[3]), r[4], r[5])
        for r in conn.execute(f"PRAGMA table_info({table})")
    }


def live_indexes(conn, table):
    """(name, origin, unique, columns) of every index, autoindexes included."""
    out = set()
    for _seq, name, unique, origin, _partial in conn.execute(f"PRAGMA index_list({table})"):
        cols = tuple(r[2] for r in conn.execute(f"PRAGMA index_info('{name}')"))
        out.add((name, origin, bool(unique), cols))
    return out


def live_foreign_keys(conn, table):
    """{(referred table, local cols, referred cols, on delete)}."""
    groups: dict[int, list] = {}
    for fk_id, seq, ref, frm, to, _upd, on_delete, _match in conn.execute(
        f"PRAGMA foreign_key_list({table})"
    ):
        groups.setdefault(fk_id, []).append((seq, ref, frm, to, on_delete))
    out = set()
    for rows in groups.values():
        rows.sort()
        out.add(
            (
                rows[0][1],
                tuple(r[2] for r in rows),
                tuple(r[3] for r in rows),
                rows[0][4],
            )
        )
    return out


# -- what the Table objects say --------------------------------------------------


def _default(col):
    if col.server_default is None:
        return None
    arg = col.server_default.arg
    if isinstance(arg, TextClause):
        return arg.text
    return "'" + str(arg).replace("'", "''") + "'"


def model_columns(table):
    out = {}
    for col in table.columns:
        pk_index = list(table.primary_key.columns).index(col) + 1 if col.primary_key else 0
        out[col.name] = (
            col.type.compile(dialect=sqlite_dialect.dialect()).upper(),
            not col.nullable,
            _default(col),
            pk_index,
        )
    return out


def model_foreign_keys(table):
    out = set()
    for fk in table.foreign_key_constraints:
        out.add(
            (
                fk.referred_table.name,
                tuple(c.name for c in fk.columns),
                tuple(e.column.name for e in fk.elements),
                (fk.ondelete or "NO ACTION").upper(),
            )
        )
    return out


def model_uniques(table):
    return {
        tuple(c.name for c in con.columns)
        for con in table.constraints
        if isinstance(con, UniqueConstraint)
    }


def model_indexes(table):
    return {(ix.name, tuple(c.name for c in ix.columns)) for ix in table.indexes}


def model_checks(table):
    return {str(con.sqltext) for con in table.constraints if isinstance(con, CheckConstraint)}


# -- the tests ------------------------------------------------------------------------


def test_same_tables(live):
    _version, conn = live
    names = {
        r[0]
        for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        if not r[0].startswith("sqlite_")
    }
    assert names == set(metadata.tables) == set(TABLES)


@pytest.mark.parametrize("table", TABLES)
def test_columns_agree(live, table):
    """Column order, type, NOT NULL, default and primary key position.

    A TEXT PRIMARY KEY without NOT NULL reads ``notnull 0`` in SQLite, while
    SQLAlchemy marks every primary key column not nullable; NOT NULL is
    compared for the other columns only.
    """
    _version, conn = live
    actual = live_columns(conn, table)
    expected = model_columns(metadata.tables[table])
    assert list(actual) == list(expected), "column order differs"
    for name, (typ, notnull, default, pk) in expected.items():
        a_typ, a_notnull, a_default, a_pk = actual[name]
        assert a_typ == typ, f"{table}.{name} type"
        assert a_default == default, f"{table}.{name} default"
        assert a_pk == pk, f"{table}.{name} primary key"
        if not pk:
            assert a_notnull == notnull, f"{table}.{name} NOT NULL"


@pytest.mark.parametrize("table", TABLES)
def test_foreign_keys_agree(live, table):
    _version, conn = live
    assert live_foreign_keys(conn, table) == model_foreign_keys(metadata.tables[table])


@pytest.mark.parametrize("table", TABLES)
def test_unique_constraints_and_indexes_agree_v2(tmp_path, table):
    conn = _live(new_store(tmp_path / "v2.db", version=2))
    indexes = live_indexes(conn, table)
    conn.close()
    t = metadata.tables[table]
    assert {cols for _n, origin, _u, cols in indexes if origin == "u"} == model_uniques(t)
    assert all(unique for _n, origin, unique, _c in indexes if origin == "u")
    assert {(n, cols) for n, origin, _u, cols in indexes if origin == "c"} == model_indexes(t)
    assert not any(unique for _n, origin, unique, _c in indexes if origin == "c")
    # Primary keys: a TEXT PRIMARY KEY gets an autoindex (origin "pk").
    pk_cols = tuple(c.name for c in t.primary_key.columns)
    assert {cols for _n, origin, _u, cols in indexes if origin == "pk"} == {pk_cols}


def test_check_constraint_in_ddl(tmp_path):
    conn = _live(new_store(tmp_path / "v2.db"))
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name='checkpoints'").fetchone()[0]
    conn.close()
    for check in model_checks(schema.checkpoints):
        assert f"CHECK ({check})" in sql
    assert model_checks(schema.checkpoints) == {"synthesized IN (0, 1)"}


def test_check_constraint_enforced(tmp_path):
    from tests.factory import add_project, add_session, connect

    conn = connect(new_store(tmp_path / "v2.db"))
    add_project(conn)
    add_session(conn)
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute(
            "INSERT INTO checkpoints (session_id, project_id, synthesized, created_at, updated_at)"
            " VALUES ('s1','p1',2,'t','t')"
        )
    conn.close()


def test_version_1_differs_only_in_projects_directory(tmp_path):
    v1 = _live(new_store(tmp_path / "v1.db", version=1))
    v2 = _live(new_store(tmp_path / "v2.db", version=2))
    try:
        assert v1.execute("PRAGMA user_version").fetchone()[0] == 1
        assert v2.execute("PRAGMA user_version").fetchone()[0] == CURRENT_VERSION == 2
        for table in TABLES:
            assert live_columns(v1, table) == live_columns(v2, table), table
            assert live_foreign_keys(v1, table) == live_foreign_keys(v2, table), table
            if table != "projects":
                assert live_indexes(v1, table) == live_indexes(v2, table), table
        p1, p2 = live_indexes(v1, "projects"), live_indexes(v2, "projects")
        only_v1 = {(o, u, c) for _n, o, u, c in p1 - p2}
        only_v2 = {(n, o, u, c) for n, o, u, c in p2 - p1}
        assert only_v1 == {("u", True, ("directory",))}
        assert only_v2 == {("projects_directory_idx", "c", False, ("directory",))}
        # Every other schema object (besides the projects table) has identical SQL.
        def objects(conn):
            return {
                r[0]: r[1]
                for r in conn.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL")
                if r[0] not in ("projects", "projects_directory_idx")
            }

        assert objects(v1) == objects(v2)
    finally:
        v1.close()
        v2.close()


def test_the_model_matches_v2_not_v1(tmp_path):
    """The check above can fail: the v1 projects table has a UNIQUE the model lacks."""
    conn = _live(new_store(tmp_path / "v1.db", version=1))
    indexes = live_indexes(conn, "projects")
    conn.close()
    uniques = {cols for _n, origin, _u, cols in indexes if origin == "u"}
    assert uniques != model_uniques(schema.projects)
    assert ("projects_directory_idx", ("directory",)) in model_indexes(schema.projects)


def test_ddl_refuses_unknown_version():
    with pytest.raises(ValueError):
        ddl(3)
    assert ddl(2)[0] != ddl(1)[0] and ddl(2)[2:] == ddl(1)[1:]


def test_index_objects_are_named():
    for table in metadata.tables.values():
        for ix in table.indexes:
            assert isinstance(ix, Index) and ix.name
