"""Reads. Lists come in keyset pages with counts and never select payloads.

Every function takes an open :class:`~sqlalchemy.Connection` so that the
caller decides what one consistent read (one transaction) covers.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from sqlalchemy import (
    Connection,
    Integer,
    Text,
    and_,
    bindparam,
    exists,
    func,
    literal,
    or_,
    select,
)
from sqlalchemy.sql import Select

from ckpt_tui import timeutil
from ckpt_tui.errors import InvalidId, NotFound
from ckpt_tui.records import CheckpointRow, Page, ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.store.ordering import (
    cursor_params,
    instant,
    is_epoch_ms,
    newest_first,
    oldest_first,
)
from ckpt_tui.store.rows import (
    MAX_NESTING,
    keyset_page,
    project_row,
    session_row,
    session_tree,
    snapshot_row,
)
from ckpt_tui.store.schema import checkpoints, projects, sessions, snapshots

MAX_ID_LENGTH = 1024


def require_id(value: object, what: str = "session id") -> str:
    """Invariant 1: a missing or malformed id is an error, never a query."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidId(f"a {what} is required")
    if len(value) > MAX_ID_LENGTH or any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        raise InvalidId(f"malformed {what}: {value[:60]!r}")
    return value


def _like(text: str) -> str:
    """A LIKE pattern matching ``text`` literally anywhere (``\\`` escapes)."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _matches(columns, text: str | None):
    """Any of ``columns`` contains ``text`` (case-insensitive for ASCII)."""
    if not text:
        return None
    pattern = _like(text)
    return or_(*(c.like(pattern, escape="\\") for c in columns))


#: A filter's count stops here (the list shows "1000+"): past it, counting
#: would read every remaining match (every checkpoint of a project, every
#: payload of a session) on each keystroke.
FILTER_COUNT_BOUND = 1000


def _count_upto(rows: Select) -> Select:
    """``count(*)`` of ``rows``, stopping at ``:count_bound`` rows."""
    bound = bindparam("count_bound", type_=Integer)
    return select(func.count()).select_from(rows.limit(bound).subquery())


def _page_total(
    conn: Connection, total_stmt, params: dict, raw: Sequence, limit: int, after, bounded: bool
) -> tuple[int, bool]:
    """(total, at_least) of a keyset page. A first page that is not full
    holds every row: its length is the count, and nothing is read again.
    With ``bounded`` (``total_stmt`` built by ``_count_upto``), the count
    stops at ``FILTER_COUNT_BOUND`` and says so."""
    if after is None and len(raw) < limit:
        return len(raw), False
    if not bounded:
        return conn.execute(total_stmt, params).scalar_one(), False
    total = conn.execute(total_stmt, {**params, "count_bound": FILTER_COUNT_BOUND}).scalar_one()
    return total, total >= FILTER_COUNT_BOUND


# -- projects ---------------------------------------------------------------


def project_stats_columns():
    """A project's session count and last activity (the newest ``instant``
    of its sessions), as columns correlated with ``projects``.

    Both read the project's part of ``sessions_project_idx`` only. The
    newest ISO time is the last index entry that is ISO text (a walk from
    the end that stops at once); epoch rows (rare) are compared by instant.
    """
    of_project = sessions.c.project_id == projects.c.id
    count = select(func.count()).select_from(sessions).where(of_project).scalar_subquery()
    epoch = is_epoch_ms(sessions.c.updated_at)
    iso = (
        select(sessions.c.updated_at)
        .where(of_project, ~epoch)
        .order_by(sessions.c.updated_at.desc())
        .limit(1)
        .scalar_subquery()
    )
    ms = select(func.max(instant(sessions.c.updated_at))).where(of_project, epoch).scalar_subquery()
    last = func.max(func.coalesce(iso, ms), func.coalesce(ms, iso))
    return count.label("session_count"), last.label("last_activity")


def projects_select(text: str | None = None):
    """(rows, total) of the projects list, unordered and unpaged: every
    project (matching ``text``) with its session count and last activity.

    A page should pick its ids first (``projects_of_page``): SQLite computes
    these columns for every row before it sorts."""
    stmt = select(projects, *project_stats_columns())
    total_stmt = select(func.count()).select_from(projects)
    match = _matches([projects.c.id, projects.c.directory, projects.c.canonical], text)
    if match is not None:
        stmt, total_stmt = stmt.where(match), total_stmt.where(match)
    return stmt, total_stmt


def projects_of_page(keys: Select) -> Select:
    """The projects whose ids ``keys`` selects (a page, ordered and cut),
    with their session counts and last activity: counted for the page only."""
    return select(projects, *project_stats_columns()).where(
        projects.c.id.in_(select(keys.subquery().c.id))
    )


@functools.lru_cache(maxsize=64)
def projects_statements(after: bool = False, text: str | None = None):
    """(page, total) for the projects list, newest first; the page takes
    ``:limit`` (and the cursor, if ``after``)."""
    keys = select(projects.c.id)
    total_stmt = select(func.count()).select_from(projects)
    match = _matches([projects.c.id, projects.c.directory, projects.c.canonical], text)
    if match is not None:
        keys, total_stmt = keys.where(match), total_stmt.where(match)
    limit = bindparam("limit", type_=Integer)
    keys = newest_first(keys, projects.c.updated_at, projects.c.id, after, limit)
    at = instant(projects.c.updated_at)
    page = projects_of_page(keys).add_columns(at.label("sort_at"))
    return page.order_by(at.desc(), projects.c.id.desc()), total_stmt


def list_projects(
    conn: Connection, after: tuple | None = None, limit: int = 200, text: str | None = None
) -> Page[ProjectRow]:
    page_stmt, total_stmt = projects_statements(after is not None, text)
    raw = conn.execute(page_stmt, {"limit": limit, **cursor_params(after)}).mappings().all()
    total = conn.execute(total_stmt).scalar_one()
    return keyset_page([project_row(r) for r in raw], raw, total, limit, "sort_at")


def get_project(conn: Connection, project_id: str) -> ProjectRow:
    require_id(project_id, "project id")
    page = list_projects_by_ids(conn, [project_id])
    if not page:
        raise NotFound(f"no such project {project_id!r} in the store")
    return page[0]


def list_projects_by_ids(conn: Connection, ids: Iterable[str]) -> list[ProjectRow]:
    stmt = select(projects).where(projects.c.id.in_(list(ids)))
    return [project_row(r) for r in conn.execute(stmt).mappings()]


# -- sessions ---------------------------------------------------------------


@functools.cache  # a Select is immutable: build it once, not once per query
def _session_select() -> Select:
    snap_count = (
        select(func.count())
        .select_from(snapshots)
        .where(snapshots.c.session_id == sessions.c.id)
        .scalar_subquery()
    )
    return select(
        sessions,
        snap_count.label("snapshot_count"),
        checkpoints.c.status,
        checkpoints.c.title.label("checkpoint_title"),
        checkpoints.c.synthesized,
        (checkpoints.c.session_id.is_not(None)).label("has_checkpoint"),
    ).select_from(sessions.outerjoin(checkpoints, checkpoints.c.session_id == sessions.c.id))


def list_sessions(
    conn: Connection,
    project_id: str | None = None,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SessionRow]:
    """Sessions, newest activity first, flat (for the command line)."""
    if project_id is not None:
        require_id(project_id, "project id")
    stmt, total_stmt = _sessions_statements(project_id is not None, after is not None, text)
    params = {"project_id": project_id, "limit": limit, **cursor_params(after)}
    raw = conn.execute(stmt, params).mappings().all()
    total, at_least = _page_total(
        conn, total_stmt, {"project_id": project_id}, raw, limit, after, bool(text)
    )
    return keyset_page([session_row(r) for r in raw], raw, total, limit, "sort_at", at_least)


@functools.lru_cache(maxsize=64)
def _sessions_statements(of_project: bool, after: bool, text: str | None):
    """(page, total) of ``list_sessions``; they take ``:project_id`` (if
    ``of_project``), ``:limit`` and the cursor (if ``after``)."""
    match = _matches(_SESSION_TEXT, text)
    # Join the checkpoints only to search their text: SQLite keeps the join
    # (and reads a fat checkpoint row per session) even when nothing uses it.
    source = sessions
    if match is not None:
        source = sessions.outerjoin(checkpoints, checkpoints.c.session_id == sessions.c.id)
    keys = select(sessions.c.id).select_from(source)
    total_stmt = select(func.count()).select_from(source)
    if match is not None:
        keys = keys.where(match)
    if of_project:
        project = sessions.c.project_id == bindparam("project_id", type_=Text)
        keys, total_stmt = keys.where(project), total_stmt.where(project)
    if match is not None:  # a filter's count stops at FILTER_COUNT_BOUND
        total_stmt = _count_upto(keys)
    # The page's ids first: the snapshot counts and the checkpoint columns are
    # then read for these rows only, not for every session before the sort.
    limit = bindparam("limit", type_=Integer)
    keys = newest_first(keys, sessions.c.updated_at, sessions.c.id, after, limit).subquery()
    at = instant(sessions.c.updated_at)
    stmt = _session_select().add_columns(at.label("sort_at"))
    stmt = stmt.where(sessions.c.id.in_(select(keys.c.id)))
    return stmt.order_by(at.desc(), sessions.c.id.desc()), total_stmt


_SESSION_TEXT = (
    sessions.c.id,
    sessions.c.title,
    checkpoints.c.title,
    checkpoints.c.objective,
    checkpoints.c.summary,
    checkpoints.c.current_plan,
    checkpoints.c.next_steps,
    checkpoints.c.completed_steps,
    checkpoints.c.blockers,
    checkpoints.c.files_touched,
    checkpoints.c.notes,
)


@functools.lru_cache(maxsize=2)
def tree_statements(after: bool = False):
    """(roots page, roots total, children of ``:frontier``) for the session
    tree of ``:project_id``; the page takes ``:limit`` (and the cursor, if
    ``after``), ``:frontier`` is a JSON array of ids (one statement for any
    number of them)."""
    parent = sessions.alias("parent")
    has_parent = exists(
        select(literal(1)).where(
            parent.c.id == sessions.c.parent_id, parent.c.project_id == sessions.c.project_id
        )
    )
    project = bindparam("project_id", type_=Text)
    is_root = and_(sessions.c.project_id == project, ~has_parent)
    roots = newest_first(
        _session_select().where(is_root),
        sessions.c.updated_at,
        sessions.c.id,
        after,
        bindparam("limit", type_=Integer),
    )
    total = select(func.count()).select_from(sessions).where(is_root)
    frontier = func.json_each(bindparam("frontier", type_=Text)).table_valued("value")
    children = (
        _session_select()
        .where(sessions.c.project_id == project, sessions.c.parent_id.in_(select(frontier.c.value)))
        .order_by(instant(sessions.c.updated_at).desc(), sessions.c.id.desc())
    )
    return roots, total, children


def list_session_tree(
    conn: Connection,
    project_id: str,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SessionRow]:
    """A page of a project's root sessions, each followed by its descendants.

    A root is a session with no parent in this project (the parent may be an
    opencode session the store never saw). Pages are over roots; ``total``
    counts roots. With ``text``, the list is flat: the sessions whose title or
    checkpoint contains it.
    """
    require_id(project_id, "project id")
    if text:
        return list_sessions(conn, project_id, after, limit, text)
    roots_stmt, total_stmt, children_stmt = tree_statements(after is not None)
    params = {"project_id": project_id, "limit": limit, **cursor_params(after)}
    roots = conn.execute(roots_stmt, params).mappings().all()
    total = conn.execute(total_stmt, {"project_id": project_id}).scalar_one()

    def children_of(ids: list[str]):
        params = {"project_id": project_id, "frontier": json.dumps(ids)}
        return conn.execute(children_stmt, params).mappings().all()

    return keyset_page(session_tree(roots, children_of), roots, total, limit, "sort_at")


# -- the session tree from the project's parent links ------------------------------
#
# There is no index on ``parent_id`` (and ckpt-tui adds none, SPEC 1), so
# the children query above reads every session row of the project once per
# tree level. ``TreeLinks`` is that read done once: every (id, parent_id) of
# the project. A caller keeps it while the store does not change
# (``core.tree_links``); a page is then its roots (an index walk that stops
# at the page) and their descendants read by primary key.


class TreeLinks(NamedTuple):
    """A project's parent links: how many roots it has, and the children of
    each session that has any (ids, in no particular order)."""

    roots: int
    children: dict[str, list[str]]


def project_links(conn: Connection, project_id: str) -> TreeLinks:
    """The project's roots (no parent in this project, as ``tree_statements``
    defines them) and its children lists: the links whose parent is in the
    project (a primary-key look-up for each session that has a parent), and
    the session count (the project's index entries) less those."""
    require_id(project_id, "project id")
    links_stmt, count_stmt = _links_statements()
    params = {"project_id": project_id}
    children: dict[str, list[str]] = {}
    linked = 0
    for sid, parent in conn.execute(links_stmt, params):
        children.setdefault(parent, []).append(sid)
        linked += 1
    return TreeLinks(conn.execute(count_stmt, params).scalar_one() - linked, children)


@functools.cache
def _links_statements() -> tuple[Select, Select]:
    """((id, parent_id) of the sessions of ``:project_id`` whose parent is in
    it too, the project's session count)."""
    parent = sessions.alias("parent")
    project = sessions.c.project_id == bindparam("project_id", type_=Text)
    in_project = exists(
        select(literal(1)).where(
            parent.c.id == sessions.c.parent_id, parent.c.project_id == sessions.c.project_id
        )
    )
    links = select(sessions.c.id, sessions.c.parent_id).where(
        project, sessions.c.parent_id.is_not(None), in_project
    )
    return links, select(func.count()).select_from(sessions).where(project)


@functools.lru_cache(maxsize=2)
def _roots_page_statement(after: bool) -> Select:
    """The roots page of ``tree_statements``, its ids picked first so the
    snapshot counts and checkpoint columns are read for the page only."""
    parent = sessions.alias("parent")
    has_parent = exists(
        select(literal(1)).where(
            parent.c.id == sessions.c.parent_id, parent.c.project_id == sessions.c.project_id
        )
    )
    project = sessions.c.project_id == bindparam("project_id", type_=Text)
    keys = select(sessions.c.id).where(project, ~has_parent)
    limit = bindparam("limit", type_=Integer)
    keys = newest_first(keys, sessions.c.updated_at, sessions.c.id, after, limit).subquery()
    at = instant(sessions.c.updated_at)
    stmt = _session_select().add_columns(at.label("sort_at"))
    stmt = stmt.where(sessions.c.id.in_(select(keys.c.id)))
    return stmt.order_by(at.desc(), sessions.c.id.desc())


@functools.cache
def _sessions_by_ids_statement() -> Select:
    """Sessions whose ids are in the JSON array ``:ids``, newest first (the
    order of the children statement)."""
    ids = func.json_each(bindparam("ids", type_=Text)).table_valued("value")
    return (
        _session_select()
        .where(sessions.c.id.in_(select(ids.c.value)))
        .order_by(instant(sessions.c.updated_at).desc(), sessions.c.id.desc())
    )


def list_session_tree_linked(
    conn: Connection,
    project_id: str,
    links: TreeLinks,
    after: tuple | None = None,
    limit: int = 200,
) -> Page[SessionRow]:
    """What ``list_session_tree`` returns (unfiltered), from ``links`` (the
    project's, read at this state of the store) instead of a scan per level:
    the roots page, then every descendant of it in one read by id."""
    require_id(project_id, "project id")
    params = {"project_id": project_id, "limit": limit, **cursor_params(after)}
    roots = conn.execute(_roots_page_statement(after is not None), params).mappings().all()
    # The ids session_tree will reach, level by level, as it does with the
    # children query; their rows in one statement, newest first.
    seen = {r["id"] for r in roots}
    frontier, wanted = list(seen), []
    for _ in range(MAX_NESTING):
        frontier = [c for p in frontier for c in links.children.get(p, ()) if c not in seen]
        if not frontier:
            break
        seen.update(frontier)
        wanted += frontier
    rows = []
    if wanted:
        params = {"ids": json.dumps(wanted)}
        rows = conn.execute(_sessions_by_ids_statement(), params).mappings().all()

    def children_of(ids: list[str]):
        parents = set(ids)
        return [r for r in rows if r["parent_id"] in parents]

    tree = session_tree(roots, children_of)
    return keyset_page(tree, roots, links.roots, limit, "sort_at")


def get_session(conn: Connection, session_id: str) -> SessionRow:
    require_id(session_id)
    r = conn.execute(_session_select().where(sessions.c.id == session_id)).mappings().first()
    if r is None:
        raise NotFound(f"no such session {session_id!r} in the store")
    return session_row(r)


# -- checkpoints ------------------------------------------------------------


def get_checkpoint(conn: Connection, session_id: str) -> CheckpointRow | None:
    require_id(session_id)
    r = (
        conn.execute(select(checkpoints).where(checkpoints.c.session_id == session_id))
        .mappings()
        .first()
    )
    if r is None:
        return None
    return CheckpointRow(
        session_id=r["session_id"],
        project_id=r["project_id"],
        columns=dict(r),
        created_at=timeutil.normalize(r["created_at"]),
        updated_at=r["updated_at"],
    )


# -- snapshots --------------------------------------------------------------

_SNAPSHOT_COLUMNS = [c for c in snapshots.c if c.name != "payload"]


def snapshots_statements(
    kinds: Sequence[str] | None = None,
    exclude_kinds: Sequence[str] | None = None,
    after: bool = False,
    text: str | None = None,
):
    """(page, total) for the snapshots of ``:session_id``; the page takes
    ``:limit`` (and the cursor, if ``after``)."""
    return _snapshots_statements(
        tuple(kinds) if kinds else None, tuple(exclude_kinds) if exclude_kinds else None, after, text
    )


def _snapshot_where(kinds, exclude_kinds, text: str | None):
    """(conditions, text match or None) of a session's snapshot list."""
    where = [snapshots.c.session_id == bindparam("session_id", type_=Text)]
    if kinds:
        where.append(snapshots.c.kind.in_(list(kinds)))
    if exclude_kinds:
        where.append(snapshots.c.kind.not_in(list(exclude_kinds)))
    match = _matches([snapshots.c.name, snapshots.c.kind, snapshots.c.payload], text)
    if match is not None:
        where.append(match)
    return where, match


@functools.lru_cache(maxsize=64)
def _snapshots_statements(
    kinds: tuple[str, ...] | None,
    exclude_kinds: tuple[str, ...] | None,
    after: bool,
    text: str | None,
):
    where, match = _snapshot_where(kinds, exclude_kinds, text)
    page = newest_first(
        select(*_SNAPSHOT_COLUMNS).where(*where),
        snapshots.c.captured_at,
        snapshots.c.id,
        after,
        bindparam("limit", type_=Integer),
    )
    if match is not None:  # a filter's count stops at FILTER_COUNT_BOUND
        return page, _count_upto(select(snapshots.c.id).where(*where))
    return page, select(func.count()).select_from(snapshots).where(*where)


@functools.lru_cache(maxsize=16)
def _last_snapshots_statement(
    kinds: tuple[str, ...] | None,
    exclude_kinds: tuple[str, ...] | None,
    before: bool,
    text: str | None,
) -> Select:
    """The rows of ``_snapshots_statements``'s list read from its end
    (oldest first), before the cursor (if ``before``); takes ``:limit``."""
    where, _ = _snapshot_where(kinds, exclude_kinds, text)
    return oldest_first(
        select(*_SNAPSHOT_COLUMNS).where(*where),
        snapshots.c.captured_at,
        snapshots.c.id,
        before,
        bindparam("limit", type_=Integer),
    )


def list_snapshots_last(
    conn: Connection,
    session_id: str,
    *,
    kinds: Sequence[str] | None = None,
    exclude_kinds: Sequence[str] | None = None,
    before: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SnapshotRow]:
    """The last page of ``list_snapshots``'s list (what ``G`` lands on), or
    the ``limit`` rows just above ``before``: rows in list order (newest
    first), the list's ``total`` (bounded as ``list_snapshots`` bounds it),
    and as ``cursor`` the key of the top row when there are rows above it
    (pass it as ``before`` to read upward), else ``None``.

    Costs what the first page costs, whatever the length of the list.
    """
    require_id(session_id)
    kinds_key = tuple(kinds) if kinds else None
    exclude_key = tuple(exclude_kinds) if exclude_kinds else None
    stmt = _last_snapshots_statement(kinds_key, exclude_key, before is not None, text)
    params = {"session_id": session_id, "limit": limit + 1, **cursor_params(before)}
    raw = conn.execute(stmt, params).mappings().all()
    more = len(raw) > limit
    raw = list(reversed(raw[:limit]))
    if before is None and not more:  # the whole list: its length is the count
        total, at_least = len(raw), False
    else:
        _, total_stmt = _snapshots_statements(kinds_key, exclude_key, False, text)
        params = {"session_id": session_id}
        total, at_least = _page_total(conn, total_stmt, params, raw, limit, before, bool(text))
    cursor = (raw[0]["sort_at"], raw[0]["id"]) if more else None
    rows = [snapshot_row(r) for r in raw]
    return Page(rows=rows, total=total, cursor=cursor, at_least=at_least)


def list_snapshots(
    conn: Connection,
    session_id: str,
    *,
    kinds: Sequence[str] | None = None,
    exclude_kinds: Sequence[str] | None = None,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SnapshotRow]:
    """A session's snapshots, newest first, without payloads.

    ``text`` matches the name or anywhere inside the payload (SQLite reads
    the payloads to filter, but none is returned).
    """
    require_id(session_id)
    page_stmt, total_stmt = snapshots_statements(kinds, exclude_kinds, after is not None, text)
    params = {"session_id": session_id, "limit": limit, **cursor_params(after)}
    raw = conn.execute(page_stmt, params).mappings().all()
    total, at_least = _page_total(
        conn, total_stmt, {"session_id": session_id}, raw, limit, after, bool(text)
    )
    return keyset_page([snapshot_row(r) for r in raw], raw, total, limit, "sort_at", at_least)


def get_snapshot(conn: Connection, session_id: str, name: str) -> tuple[SnapshotRow, str]:
    """A snapshot by name (or id) with its raw payload text."""
    require_id(session_id)
    require_id(name, "snapshot name")
    r = (
        conn.execute(
            select(snapshots).where(
                snapshots.c.session_id == session_id,
                or_(snapshots.c.name == name, snapshots.c.id == name),
            )
        )
        .mappings()
        .first()
    )
    if r is None:
        if not session_exists(conn, session_id):
            raise NotFound(f"no such session {session_id!r} in the store")
        raise NotFound(f"session {session_id!r} has no snapshot {name!r}")
    return snapshot_row(r), r["payload"]


def payloads_statement():
    """(id, payload) of the snapshots of ``:session_id`` whose ids are in
    ``:ids``, a JSON array (one statement whatever the count, so it can be
    cached compiled)."""
    ids = func.json_each(bindparam("ids", type_=Text)).table_valued("value")
    # likely(): without it SQLite walks the session index, reading every row
    # of a long session, instead of looking the ids up by primary key.
    return select(snapshots.c.id, snapshots.c.payload).where(
        func.likely(snapshots.c.session_id == bindparam("session_id", type_=Text)),
        snapshots.c.id.in_(select(ids.c.value)),
    )


def newest_snapshot(conn: Connection, session_id: str, kind: str | None = None):
    """The newest snapshot row (with payload) of a session, optionally of a kind."""
    require_id(session_id)
    params = {"session_id": session_id, "kind": kind, "limit": 1}
    return conn.execute(_newest_statement(kind is not None), params).mappings().first()


@functools.lru_cache(maxsize=4)
def _newest_statement(of_kind: bool, *, ids_only: bool = False) -> Select:
    """The newest ``:limit`` snapshots of ``:session_id`` (of ``:kind``);
    with ``ids_only``, their ids, before the cursor."""
    columns = [snapshots.c.id] if ids_only else [snapshots]
    stmt = select(*columns).where(snapshots.c.session_id == bindparam("session_id", type_=Text))
    if of_kind:
        stmt = stmt.where(snapshots.c.kind == bindparam("kind", type_=Text))
    limit = bindparam("limit", type_=Integer)
    return newest_first(stmt, snapshots.c.captured_at, snapshots.c.id, ids_only, limit)


def session_exists(conn: Connection, session_id: str) -> bool:
    require_id(session_id)
    return (
        conn.execute(select(sessions.c.id).where(sessions.c.id == session_id)).first() is not None
    )


def kind_exists(conn: Connection, kind: str) -> bool:
    """Whether any snapshot in the store has this kind (a scan: ``kind`` has
    no index, so callers ask only for a kind they do not already know)."""
    return (
        conn.execute(select(snapshots.c.id).where(snapshots.c.kind == kind).limit(1)).first()
        is not None
    )


def session_kinds(conn: Connection, session_id: str) -> list[str]:
    """The kinds of a session's snapshots, sorted (through the session index)."""
    require_id(session_id)
    stmt = (
        select(snapshots.c.kind)
        .where(snapshots.c.session_id == session_id)
        .distinct()
        .order_by(snapshots.c.kind)
    )
    return [r[0] for r in conn.execute(stmt)]


def snapshot_exists(conn: Connection, session_id: str, name: str) -> bool:
    return (
        conn.execute(
            select(snapshots.c.id).where(
                snapshots.c.session_id == session_id, snapshots.c.name == name
            )
        ).first()
        is not None
    )
