"""Reads of the archive: keyset pages of origins, projects, sessions and
snapshots, one session's rows, the board and full-text search.

Every function takes an open :class:`~sqlalchemy.Connection` (the caller
decides what one transaction covers) and returns the records of
``ckpt_tui.records``, the ones the local store's reads return, with the
archive's columns filled: a project's ``origins``, a session's
``archive_origin``, a snapshot's ``archived`` (pruned from its store).

A project is its id, across origins: the same project id pushed from two
machines is one project, listed once, whose sessions are every origin's.
A session is keyed by (origin, id): where an id is in several origins a
read names the origin, else :func:`session_origin` says which ones hold it.
Times are stored as ISO text (a push writes epoch milliseconds as ISO), so
they sort as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from sqlalchemy import (
    Connection,
    String,
    and_,
    false,
    func,
    literal,
    null,
    or_,
    select,
    true,
    union_all,
)
from sqlalchemy.dialects.postgresql import ARRAY, aggregate_order_by

from ckpt_tui import timeutil
from ckpt_tui.errors import CkptError, NotFound
from ckpt_tui.plural import counted
from ckpt_tui.records import OriginRow, Page, ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.store import archive_dialect as dialect
from ckpt_tui.store import archive_schema as A
from ckpt_tui.store.valid_ids import no_project, no_session, no_snapshot, require_id

P, S, C, N = A.projects.c, A.sessions.c, A.checkpoints.c, A.snapshots.c


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _after(keys: Sequence[Any], values: Sequence[Any] | None):
    """Rows after ``values`` in the order ``keys`` descending (a row value
    comparison: one index range)."""
    if values is None:
        return None
    from sqlalchemy import tuple_

    return tuple_(*keys) < tuple_(*(literal(v, String) for v in values))


def _among(columns: Sequence[Any], pairs) -> Any:
    """``(a, b) IN`` the given pairs, as a join to two arrays unnested side
    by side: a list of row values written out is planned as one ``OR`` arm
    per pair, which PostgreSQL can read nearly the whole table for, and
    two bound arrays keep the statement's text, and its compiled form, the
    same whatever the pairs."""
    from sqlalchemy import Text, tuple_

    pairs = list(pairs)
    firsts = literal([p[0] for p in pairs], ARRAY(Text))
    seconds = literal([p[1] for p in pairs], ARRAY(Text))
    return tuple_(*columns).in_(select(func.unnest(firsts), func.unnest(seconds)))


def _page(rows: list, raw: Sequence, total: int, limit: int, cursor_of) -> Page:
    cursor = tuple(cursor_of(raw[-1])) if raw and limit > 0 and len(raw) == limit else None
    return Page(rows, total, cursor)


# -- origins ---------------------------------------------------------------------------


def origins(conn: Connection) -> list[OriginRow]:
    o = A.origins.c
    rows = conn.execute(select(A.origins).order_by(o.last_push_at.desc(), o.origin_id)).mappings()
    return [
        OriginRow(
            id=r["origin_id"],
            host=r["host"],
            store_path=r["store_path"],
            first_push_at=r["first_push_at"],
            last_push_at=r["last_push_at"],
            project_count=r["project_count"],
            session_count=r["session_count"],
            snapshot_count=r["snapshot_count"],
            pruned_count=r["pruned_count"],
        )
        for r in rows
    ]


def require_origin(conn: Connection, origin_id: str) -> str:
    """``origin_id``, or the one origin whose id it begins (ids are long:
    a prefix is enough); :class:`NotFound` otherwise."""
    require_id(origin_id, "origin id")
    o = A.origins.c
    found = (
        conn.execute(
            select(o.origin_id).where(o.origin_id.startswith(origin_id, autoescape=True)).limit(2)
        )
        .scalars()
        .all()
    )
    if origin_id in found or len(found) == 1:
        return origin_id if origin_id in found else found[0]
    if not found:
        raise NotFound(f"no origin {origin_id!r} in the archive (ckpt-tui archive list origins)")
    raise CkptError(f"origin {origin_id!r} is the start of several origins' ids; give more of it")


# -- projects --------------------------------------------------------------------------


def projects_page(
    conn: Connection,
    *,
    origin: str | None = None,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[ProjectRow]:
    """Projects across origins (or of ``origin``), newest first: one row per
    project id, its directory as its newest origin reported it."""
    where = []
    if origin is not None:
        where.append(P.id.in_(select(P.id).where(P.origin_id == origin)))
    if text:
        pattern = _like(text)
        where.append(or_(P.id.ilike(pattern), P.directory.ilike(pattern)))
    newest = [P.updated_at.desc(), P.origin_id]
    grouped = (
        select(
            P.id,
            func.max(P.updated_at).label("updated_at"),
            func.min(P.created_at).label("created_at"),
            func.sum(P.session_count).label("session_count"),
            func.array_agg(aggregate_order_by(P.origin_id, *newest)).label("origins"),
            func.array_agg(aggregate_order_by(P.directory, *newest), type_=ARRAY(String))[1].label(
                "directory"
            ),
            func.array_agg(aggregate_order_by(P.canonical, *newest), type_=ARRAY(String))[1].label(
                "canonical"
            ),
        )
        .where(*where)
        .group_by(P.id)
        .subquery()
    )
    g = grouped.c
    last = select(func.max(S.updated_at)).where(S.project_id == g.id).scalar_subquery()
    stmt = select(grouped, last.label("last_activity"))
    cursor = _after([g.updated_at, g.id], after)
    if cursor is not None:
        stmt = stmt.where(cursor)
    stmt = stmt.order_by(g.updated_at.desc(), g.id.desc())
    if limit >= 0:
        stmt = stmt.limit(limit)
    raw = conn.execute(stmt).mappings().all()
    total = conn.execute(select(func.count()).select_from(grouped)).scalar_one()
    rows = [
        ProjectRow(
            id=r["id"],
            directory=r["directory"],
            canonical=r["canonical"],
            created_at=r["created_at"],
            updated_at=r["updated_at"],
            session_count=int(r["session_count"] or 0),
            last_activity=r["last_activity"] or r["updated_at"],
            origins=tuple(r["origins"]),
        )
        for r in raw
    ]
    return _page(rows, raw, total, limit, lambda r: (r["updated_at"], r["id"]))


def require_project(conn: Connection, project_id: str) -> None:
    require_id(project_id, "project id")
    if conn.execute(select(P.id).where(P.id == project_id).limit(1)).first() is None:
        raise NotFound(no_project(project_id).replace("the store", "the archive"))


# -- sessions --------------------------------------------------------------------------


def _session_select():
    count = (
        select(func.count())
        .where(N.origin_id == S.origin_id, N.session_id == S.id)
        .scalar_subquery()
    )
    source = A.sessions.outerjoin(
        A.checkpoints, and_(C.origin_id == S.origin_id, C.session_id == S.id)
    )
    return select(
        S.origin_id,
        S.id,
        S.project_id,
        S.parent_id,
        S.title,
        S.created_at,
        S.updated_at,
        count.label("snapshot_count"),
        C.status,
        C.title.label("checkpoint_title"),
        C.synthesized,
        C.session_id.is_not(None).label("has_checkpoint"),
    ).select_from(source)


def _session_row(r) -> SessionRow:
    return SessionRow(
        id=r["id"],
        project_id=r["project_id"],
        parent_id=r["parent_id"],
        title=r["title"],
        created_at=r["created_at"],
        updated_at=r["updated_at"],
        snapshot_count=r["snapshot_count"],
        status=r["status"],
        checkpoint_title=r["checkpoint_title"],
        synthesized=bool(r["synthesized"]),
        has_checkpoint=bool(r["has_checkpoint"]),
        archive_origin=r["origin_id"],
    )


def sessions_page(
    conn: Connection,
    project_id: str | None = None,
    *,
    origin: str | None = None,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SessionRow]:
    """A project's sessions from every origin (or ``origin``'s), newest
    activity first, each marked with its origin."""
    where = []
    if project_id is not None:
        where.append(S.project_id == require_id(project_id, "project id"))
    if origin is not None:
        where.append(S.origin_id == origin)
    if text:
        pattern = _like(text)
        where.append(or_(S.id.ilike(pattern), S.title.ilike(pattern)))
    keys = [S.updated_at, S.id, S.origin_id]
    stmt = _session_select().where(*where)
    cursor = _after(keys, after)
    if cursor is not None:
        stmt = stmt.where(cursor)
    stmt = stmt.order_by(*(k.desc() for k in keys))
    if limit >= 0:
        stmt = stmt.limit(limit)
    raw = conn.execute(stmt).mappings().all()
    total = conn.execute(select(func.count()).select_from(A.sessions).where(*where)).scalar_one()
    return _page(
        [_session_row(r) for r in raw],
        raw,
        total,
        limit,
        lambda r: (r["updated_at"], r["id"], r["origin_id"]),
    )


def session_origins(conn: Connection, session_id: str) -> list[str]:
    """The origins holding a session of this id (usually one)."""
    require_id(session_id)
    return list(
        conn.execute(select(S.origin_id).where(S.id == session_id).order_by(S.origin_id)).scalars()
    )


def get_session(conn: Connection, origin: str, session_id: str) -> SessionRow:
    require_id(session_id)
    r = (
        conn.execute(_session_select().where(S.origin_id == origin, S.id == session_id))
        .mappings()
        .first()
    )
    if r is None:
        raise NotFound(no_session(session_id).replace("the store", "the archive"))
    return _session_row(r)


def get_checkpoint(conn: Connection, origin: str, session_id: str) -> dict | None:
    """The session's last pushed checkpoint row (its store's columns)."""
    columns = [C[name] for name in A.copied_columns(A.checkpoints)]
    r = (
        conn.execute(select(*columns).where(C.origin_id == origin, C.session_id == session_id))
        .mappings()
        .first()
    )
    return dict(r) if r is not None else None


# -- snapshots -------------------------------------------------------------------------


def _snapshot_columns():
    return (
        N.id,
        N.session_id,
        N.project_id,
        N.name,
        N.kind,
        N.captured_at,
        N.schema_version,
        N.restored_at,
        N.pruned_at.is_not(None).label("archived"),
    )


def _snapshot_row(r) -> SnapshotRow:
    return SnapshotRow(
        id=r["id"],
        session_id=r["session_id"],
        project_id=r["project_id"],
        name=r["name"],
        kind=r["kind"],
        captured_at=r["captured_at"],
        schema_version=r["schema_version"],
        restored_at=r["restored_at"],
        archived=bool(r["archived"]),
    )


def snapshots_page(
    conn: Connection,
    origin: str,
    session_id: str,
    *,
    kinds: Sequence[str] | None = None,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SnapshotRow]:
    """A session's snapshots, newest first, the pruned ones included
    (``archived``)."""
    require_id(session_id)
    where = [N.origin_id == origin, N.session_id == session_id]
    if kinds:
        where.append(N.kind.in_(list(kinds)))
    if text:
        where.append(N.name.ilike(_like(text)))
    keys = [N.captured_at, N.id]
    stmt = select(*_snapshot_columns()).where(*where)
    cursor = _after(keys, after)
    if cursor is not None:
        stmt = stmt.where(cursor)
    stmt = stmt.order_by(*(k.desc() for k in keys))
    if limit >= 0:
        stmt = stmt.limit(limit)
    raw = conn.execute(stmt).mappings().all()
    total = conn.execute(select(func.count()).where(*where)).scalar_one()
    return _page(
        [_snapshot_row(r) for r in raw], raw, total, limit, lambda r: (r["captured_at"], r["id"])
    )


def get_snapshot(
    conn: Connection, origin: str, session_id: str, name: str
) -> tuple[SnapshotRow, str]:
    """A snapshot by id or name, with its payload text. A name the archive
    holds more than once (pruned, then used again) is refused, naming the
    ids to choose from; the same name once pruned and once in the store
    means the one in the store."""
    require_id(session_id)
    require_id(name, "snapshot name")
    where = [N.origin_id == origin, N.session_id == session_id]
    by_id = (
        conn.execute(select(*_snapshot_columns(), N.payload).where(*where, N.id == name))
        .mappings()
        .first()
    )
    if by_id is not None:
        return _snapshot_row(by_id), by_id["payload"]
    found = (
        conn.execute(
            select(*_snapshot_columns(), N.payload)
            .where(*where, N.name == name)
            .order_by(N.pruned_at.is_not(None), N.captured_at.desc())
            .limit(20)
        )
        .mappings()
        .all()
    )
    if not found:
        raise NotFound(no_snapshot(session_id, name))
    live = [r for r in found if not r["archived"]]
    if len(found) > 1 and len(live) != 1:
        ids = ", ".join(r["id"] for r in found)
        raise CkptError(
            f"session {session_id!r} has {counted(len(found), 'snapshot')} named {name!r} "
            "in the archive; "
            f"give one's id: {ids}"
        )
    r = live[0] if live else found[0]
    return _snapshot_row(r), r["payload"]


def payloads_and_previous(
    conn: Connection, origin: str, session_id: str, ids: Sequence[str]
) -> tuple[dict[str, str | None], dict[str, str]]:
    """For each snapshot of ``ids``: the id of the snapshot captured just
    before it in its session (``None`` for the first), and the payload
    texts of both; what a list's change summaries are made from. One
    statement: each row's predecessor is one step back along the
    session's ``(captured_at, id)`` index."""
    from sqlalchemy import tuple_

    require_id(session_id)
    earlier = A.snapshots.alias("earlier")
    E = earlier.c
    before = (
        select(E.id, E.payload)
        .where(
            E.origin_id == N.origin_id,
            E.session_id == N.session_id,
            tuple_(E.captured_at, E.id) < tuple_(N.captured_at, N.id),
        )
        .order_by(E.captured_at.desc(), E.id.desc())
        .limit(1)
        .lateral("before")
    )
    rows = conn.execute(
        select(N.id, N.payload, before.c.id, before.c.payload)
        .select_from(A.snapshots.outerjoin(before, true()))
        .where(N.origin_id == origin, N.session_id == session_id, N.id.in_(list(ids)))
    ).all()
    previous: dict[str, str | None] = {}
    payloads: dict[str, str] = {}
    for sid, payload, prev_id, prev_payload in rows:
        previous[sid] = prev_id
        payloads[sid] = payload
        if prev_id is not None:
            payloads[prev_id] = prev_payload
    return previous, payloads


class Version(NamedTuple):
    """One snapshot in capture order, with its payload (field history)."""

    id: str
    name: str
    kind: str
    captured_at: str
    payload: str
    #: its store has pruned it
    archived: bool


def versions(
    conn: Connection,
    origin: str,
    session_id: str,
    *,
    after: tuple | None = None,
    until: tuple | None = None,
    limit: int = 1000,
) -> list[Version]:
    """A page of the session's snapshots oldest first, strictly after
    ``after`` and up to ``until`` included (both ``(captured_at, id)``)."""
    from sqlalchemy import tuple_

    keys = tuple_(N.captured_at, N.id)
    stmt = select(
        N.id, N.name, N.kind, N.captured_at, N.payload, N.pruned_at.is_not(None)
    ).where(
        N.origin_id == origin, N.session_id == session_id
    )
    if after is not None:
        stmt = stmt.where(keys > tuple_(*(literal(v, String) for v in after)))
    if until is not None:
        stmt = stmt.where(keys <= tuple_(*(literal(v, String) for v in until)))
    rows = conn.execute(stmt.order_by(N.captured_at, N.id).limit(limit)).all()
    return [Version(*r) for r in rows]


# -- the board -------------------------------------------------------------------------


class BoardRow(NamedTuple):
    """One session on the board: its checkpoint row as stored, with what
    the board shows beside it."""

    origin_id: str
    session_id: str
    project_id: str
    directory: str
    title: str | None
    status: str
    checkpoint: dict
    last_activity: str
    snapshot_count: int


def board_page(
    conn: Connection,
    statuses: Sequence[str],
    *,
    project_id: str | None = None,
    origin: str | None = None,
    after: tuple | None = None,
    limit: int = 50,
) -> Page[BoardRow]:
    """Sessions whose checkpoint status is one of ``statuses``, grouped by
    status in that order, newest activity (the checkpoint's last write)
    first within a status, across origins."""
    where = []
    if project_id is not None:
        where.append(C.project_id == require_id(project_id, "project id"))
    if origin is not None:
        where.append(C.origin_id == origin)
    keys = [C.updated_at, C.session_id, C.origin_id]
    first = 0 if after is None else int(after[0])
    picked: list[tuple] = []
    # a status at a time, each newest first along its index: no sort of every checkpoint
    for rank, status in enumerate(statuses):
        if rank < first or len(picked) >= limit:
            continue
        stmt = select(*keys).where(C.status == status, *where)
        if after is not None and rank == first:
            stmt = stmt.where(_after(keys, tuple(after[1:])))
        stmt = stmt.order_by(*(k.desc() for k in keys)).limit(limit - len(picked))
        picked += [(rank, *r) for r in conn.execute(stmt)]
    total = conn.execute(
        select(func.count()).where(C.status.in_(list(statuses)), *where)
    ).scalar_one()
    rows = _board_details(conn, [(oid, sid) for _r, _at, sid, oid in picked])
    page_rows = [rows[(oid, sid)] for _r, _at, sid, oid in picked]
    cursor = tuple(picked[-1]) if len(picked) == limit else None
    return Page(page_rows, total, cursor)


def _board_details(
    conn: Connection, keys: list[tuple[str, str]]
) -> dict[tuple[str, str], BoardRow]:
    if not keys:
        return {}

    count = (
        select(func.count())
        .where(N.origin_id == S.origin_id, N.session_id == S.id)
        .scalar_subquery()
    )
    columns = A.copied_columns(A.checkpoints)
    stmt = (
        select(
            S.origin_id,
            S.id,
            S.project_id,
            S.title,
            S.updated_at,
            P.directory,
            count.label("snapshot_count"),
            *(C[c].label(f"ck_{c}") for c in columns),
        )
        .select_from(
            A.sessions.join(
                A.checkpoints, and_(C.origin_id == S.origin_id, C.session_id == S.id)
            ).join(A.projects, and_(P.origin_id == S.origin_id, P.id == S.project_id))
        )
        .where(_among([S.origin_id, S.id], keys))
    )
    out = {}
    for r in conn.execute(stmt).mappings():
        checkpoint = {c: r[f"ck_{c}"] for c in columns}
        out[(r["origin_id"], r["id"])] = BoardRow(
            origin_id=r["origin_id"],
            session_id=r["id"],
            project_id=r["project_id"],
            directory=r["directory"],
            title=r["title"],
            status=checkpoint["status"],
            checkpoint=checkpoint,
            last_activity=timeutil.normalize(checkpoint["updated_at"]),
            snapshot_count=r["snapshot_count"],
        )
    return out


# -- search ----------------------------------------------------------------------------


class SearchHit(NamedTuple):
    """A snapshot, or a session's current checkpoint, whose text matches."""

    current: bool
    origin_id: str
    project_id: str
    session_id: str
    snapshot_id: str | None
    name: str | None
    kind: str
    at: str
    archived: bool
    payload: Any  # the snapshot's payload text, or the checkpoint row
    session_title: str | None
    project_dir: str


#: Up to this many sessions holding a search's words, their snapshots are
#: read session by session; past it, every snapshot newest first.
SESSION_CANDIDATES = 500


def search(
    conn: Connection,
    query: dialect.TextQuery,
    *,
    origin: str | None = None,
    project_id: str | None = None,
    session_id: str | None = None,
    kinds: Sequence[str] | None = None,
    current: bool | None = None,
    limit: int = 50,
    offset: int = 0,
) -> list[SearchHit]:
    """A page of matches, newest first (snapshots by capture, checkpoints by
    their last write); ``current``: only checkpoints (True), only
    snapshots (False), both.

    Snapshots are found in two steps (``store/archive_schema.py``): the
    sessions whose words hold the query's (the GIN index); a few, and
    their snapshots are read session by session, kept when their own words
    hold the query's; many, and every snapshot is read newest first along
    the capture index, kept the same way, which ends soon, since so many
    sessions hold those words. Snapshots' own rows are read for the page's
    matches only."""
    want = limit + offset
    branches = []
    sessions: set | None = None
    many = False
    if current is not True:
        ss = A.session_search.c
        held = select(ss.origin_id, ss.session_id).where(dialect.matches(ss.search, query.positive))
        if origin is not None:
            held = held.where(ss.origin_id == origin)
        if session_id is not None:
            held = held.where(ss.session_id == session_id)
        # rows, not distinct sessions: a session has a row per push batch,
        # and a DISTINCT would read every row of a common word's sessions
        rows = conn.execute(held.limit(SESSION_CANDIDATES * 4 + 1)).all()
        sessions = {tuple(r) for r in rows}
        many = len(rows) > SESSION_CANDIDATES * 4 or len(sessions) > SESSION_CANDIDATES
    if sessions:
        t = A.snapshot_search.c
        of_snapshot = and_(N.origin_id == t.origin_id, N.id == t.id)
        found = select(t.origin_id, t.id, t.captured_at).where(
            dialect.matches(t.search, query.text)
        )
        if not many:
            found = found.where(_among([t.origin_id, t.session_id], sessions))
        else:  # newest first along the capture index, until enough hold the words
            if origin is not None:
                found = found.where(t.origin_id == origin)
            if session_id is not None:
                found = found.where(t.session_id == session_id)
        if project_id is not None or kinds:
            found = found.join(A.snapshots, of_snapshot).where(*_scoped(N, None, project_id, None))
            if kinds:
                found = found.where(N.kind.in_(list(kinds)))
        found = found.order_by(t.captured_at.desc(), t.id.desc()).limit(want).subquery()
        branches.append(
            select(
                false().label("current"),
                N.origin_id,
                N.project_id,
                N.session_id,
                N.id.label("snapshot_id"),
                N.name,
                N.kind,
                found.c.captured_at.label("at"),
                N.pruned_at.is_not(None).label("archived"),
            ).select_from(
                found.join(A.snapshots, and_(N.origin_id == found.c.origin_id, N.id == found.c.id))
            )
        )
    if current is not False and not kinds:
        where = [dialect.matches(C.search, query.text)]
        where += _scoped(C, origin, project_id, session_id)
        branches.append(
            select(
                true().label("current"),
                C.origin_id,
                C.project_id,
                C.session_id,
                null().label("snapshot_id"),
                null().label("name"),
                literal("current").label("kind"),
                C.updated_at.label("at"),
                false().label("archived"),
            )
            .where(*where)
            .order_by(C.updated_at.desc())
            .limit(want)
        )
    if not branches:
        return []
    both = union_all(*(b.subquery().select() for b in branches)).subquery()
    keys = (
        conn.execute(
            select(both)
            .order_by(both.c.at.desc(), both.c.snapshot_id.desc().nulls_first())
            .limit(limit)
            .offset(offset)
        )
        .mappings()
        .all()
    )
    return _hits(conn, keys)


def _scoped(columns, origin: str | None, project_id: str | None, session_id: str | None) -> list:
    out = []
    if origin is not None:
        out.append(columns.origin_id == origin)
    if project_id is not None:
        out.append(columns.project_id == project_id)
    if session_id is not None:
        out.append(columns.session_id == session_id)
    return out


def _hits(conn: Connection, keys) -> list[SearchHit]:
    """The page's hits with their text, session titles and project directories."""

    snaps = [(k["origin_id"], k["snapshot_id"]) for k in keys if not k["current"]]
    currents = [(k["origin_id"], k["session_id"]) for k in keys if k["current"]]
    payloads: dict = {}
    if snaps:
        for r in conn.execute(
            select(N.origin_id, N.id, N.payload).where(_among([N.origin_id, N.id], snaps))
        ):
            payloads[(r[0], r[1])] = r[2]
    rows: dict = {}
    if currents:
        columns = A.copied_columns(A.checkpoints)
        for r in conn.execute(
            select(*(C[c] for c in columns), C.origin_id).where(
                _among([C.origin_id, C.session_id], currents)
            )
        ).all():
            rows[(r[-1], r[0])] = dict(zip(columns, r, strict=False))
    sessions = {(k["origin_id"], k["session_id"]) for k in keys}
    titles = (
        dict(
            ((o, s), t)
            for o, s, t in conn.execute(
                select(S.origin_id, S.id, S.title).where(_among([S.origin_id, S.id], sessions))
            )
        )
        if sessions
        else {}
    )
    projects = {(k["origin_id"], k["project_id"]) for k in keys}
    dirs = (
        dict(
            ((o, p), d)
            for o, p, d in conn.execute(
                select(P.origin_id, P.id, P.directory).where(
                    _among([P.origin_id, P.id], projects)
                )
            )
        )
        if projects
        else {}
    )
    out = []
    for k in keys:
        where = (k["origin_id"], k["snapshot_id"] if not k["current"] else k["session_id"])
        payload = (rows if k["current"] else payloads).get(where)
        out.append(
            SearchHit(
                current=bool(k["current"]),
                origin_id=k["origin_id"],
                project_id=k["project_id"],
                session_id=k["session_id"],
                snapshot_id=k["snapshot_id"],
                name=k["name"],
                kind=k["kind"],
                at=k["at"],
                archived=bool(k["archived"]),
                payload=payload,
                session_title=titles.get((k["origin_id"], k["session_id"])),
                project_dir=dirs.get((k["origin_id"], k["project_id"]), ""),
            )
        )
    return out


def schema_version(conn: Connection) -> int | None:
    """The archive's schema version (its version table must exist)."""
    v = A.archive_version.c
    return conn.execute(select(func.max(v.version))).scalar_one()
