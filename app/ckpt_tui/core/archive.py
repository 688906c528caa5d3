"""The team archive: a PostgreSQL database that keeps every snapshot of
every machine's store, and what ckpt-tui does with it.

* :func:`open_archive`: the archive at the URL given, else
  ``$CKPT_ARCHIVE_URL``, else the config's ``archive.url`` (libpq fills in
  what the URL leaves out: ``PG*`` variables, ``~/.pgpass``).
* :meth:`Archive.init` and :meth:`Archive.migrate`: its schema, created
  and moved forward by an explicit command only, with a version table of
  its own (``store/archive_schema.py``).
* :meth:`Archive.push` and :meth:`Archive.watch`: copy a store into it,
  once or each time the store changes (``store/archive_push.py``). The
  store is only read; its origin (which store file it is) comes from
  ``store/file_identity.py``, kept in ckpt-tui's state dir.
* :func:`plan_copy`: an archived snapshot copied into a local session's
  checkpoint, planned as a restore is (preview, fields, pre-restore
  snapshot, undo and redo), through ``Service.plan_copy``.

Reading it is ``core/archive_reader.py``'s. Every failure of the server or
the driver is one line naming the archive by its URL without the password
(``store/archive_dialect.translate``), and never touches the local store.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ckpt_tui import paths, timeutil
from ckpt_tui.core.model import Checkpoint, Damaged, field_labels, validate_fields
from ckpt_tui.core.plans import Plan, Step
from ckpt_tui.errors import CkptError, DamagedPayload
from ckpt_tui.plural import counted
from ckpt_tui.store import archive_url

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

    from ckpt_tui.core.actions import Service
    from ckpt_tui.core.archive_reader import ArchiveReader
    from ckpt_tui.store.archive_push import Progress, PushStats

#: SQLSTATEs of a statement naming a table or column the archive lacks.
_NOT_THERE = ("42P01", "42703")
#: Seconds between two looks at the store's change counter (``--watch``).
WATCH_INTERVAL = 2.0


def configured_url() -> str | None:
    """``archive.url`` of the config file, if any."""
    from ckpt_tui.core.config import load

    return load().archive_url


def open_archive(url: str | None = None) -> Archive:
    """The archive at ``url``, else ``$CKPT_ARCHIVE_URL``, else the config's
    ``archive.url``. Nothing connects until the first use."""
    chosen = archive_url.resolve(url, dict(os.environ), None if url else configured_url())
    if chosen is None:
        raise CkptError(
            "no archive given: pass its URL (postgresql://USER@HOST/DB), set "
            f"${archive_url.ENV} or archive.url in the config"
        )
    archive_url.driver_url(chosen)  # a URL of another kind: refused before anything else
    return Archive(chosen)


class Archive:
    """One archive: its engine, its schema, pushes into it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine: Engine | None = None
        self._lock = threading.Lock()

    @property
    def shown(self) -> str:
        """The URL as it may be shown: without its password."""
        return archive_url.redacted(self.url)

    @property
    def engine(self) -> Engine:
        with self._lock:
            if self._engine is None:
                from ckpt_tui.store import archive_dialect

                self._engine = archive_dialect.create_engine(self.url)
            return self._engine

    def close(self) -> None:
        with self._lock:
            if self._engine is not None:
                self._engine.dispose()
                self._engine = None

    @contextmanager
    def errors(self) -> Iterator[None]:
        """The driver's and the server's failures as one line each."""
        from sqlalchemy.exc import DBAPIError, SQLAlchemyError

        from ckpt_tui.store import archive_dialect

        try:
            yield
        except DBAPIError as exc:
            error = archive_dialect.translate(exc, self.url)
            if getattr(exc.orig, "sqlstate", None) in _NOT_THERE:
                error = self._made_elsewhere() or error
            raise error from None
        except SQLAlchemyError as exc:
            raise archive_dialect.translate(exc, self.url) from None

    def _made_elsewhere(self) -> CkptError | None:
        """After a statement found no such table or column: the error of an
        archive at this ckpt-tui's version whose tables are not its own, or
        ``None`` (no archive there, or another failure)."""
        from sqlalchemy.exc import SQLAlchemyError

        from ckpt_tui.store import archive_schema as A

        try:
            with self.engine.connect() as conn:
                if self.version(conn) == A.VERSION:
                    return self._other_build(conn)
        except SQLAlchemyError:
            pass
        return None

    def _other_build(self, conn: Connection) -> CkptError | None:
        """The error of an archive whose ``archive_version`` is this
        ckpt-tui's but whose tables lack some of its own (an earlier build
        at the same version number made it), or ``None``."""
        from ckpt_tui.store import archive_dialect
        from ckpt_tui.store import archive_schema as A

        lacking = A.missing(archive_dialect.columns_present(conn, A.SCHEMA))
        if not lacking:
            return None
        named = ", ".join(lacking[:3])
        if len(lacking) > 3:
            named += f" and {len(lacking) - 3} more"
        return archive_dialect.ArchiveError(
            f"the archive at {self.shown} was made by another build of ckpt-tui: its schema "
            f"(version {A.VERSION}) lacks {named}; run `ckpt-tui archive init` on an empty "
            "database and push into that one"
        )

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A read transaction on an archive whose schema this ckpt-tui knows."""
        with self.errors(), self.engine.connect() as conn:
            self._check_version(conn, writing=False)
            yield conn
            conn.rollback()

    # -- schema ---------------------------------------------------------------------
    def version(self, conn: Connection) -> int | None:
        from ckpt_tui.store import archive_dialect, archive_reads
        from ckpt_tui.store import archive_schema as A

        if not archive_dialect.table_exists(conn, A.SCHEMA, A.archive_version.name):
            return None
        return archive_reads.schema_version(conn)

    def _check_version(self, conn: Connection, *, writing: bool) -> int:
        from ckpt_tui.store import archive_dialect
        from ckpt_tui.store import archive_schema as A

        version = self.version(conn)
        if version is None:
            raise archive_dialect.ArchiveMissing(
                f"no ckpt-tui archive at {self.shown} (schema {A.SCHEMA} has no "
                "archive_version table); `ckpt-tui archive init` creates one"
            )
        if version == A.VERSION and writing and (error := self._other_build(conn)):
            raise error
        if version > A.VERSION:
            if writing:
                raise archive_dialect.ArchiveError(
                    f"the archive at {self.shown} is at schema version {version}, newer than "
                    f"this ckpt-tui knows ({A.VERSION}); nothing was written"
                )
        elif version < A.VERSION and writing:
            raise archive_dialect.ArchiveError(
                f"the archive at {self.shown} is at schema version {version}; "
                "`ckpt-tui archive migrate` brings it to this ckpt-tui's"
            )
        return version

    def init(self) -> str:
        """Create the archive's schema, tables and version (once; again: nothing)."""
        from sqlalchemy import insert

        from ckpt_tui.store import archive_dialect
        from ckpt_tui.store import archive_schema as A

        with self.errors(), self.engine.begin() as conn:
            archive_dialect.lock_schema(conn)
            version = self.version(conn)
            if version == A.VERSION:
                if error := self._other_build(conn):
                    raise error
                return f"the archive at {self.shown} is already at version {version}; nothing to do"
            if version is not None:
                self._check_version(conn, writing=True)
            archive_dialect.create_schema(conn, A.SCHEMA)
            A.metadata.create_all(conn)
            archive_dialect.set_storage(conn, A.SCHEMA)
            conn.execute(
                insert(A.archive_version).values(version=A.VERSION, applied_at=timeutil.now_iso())
            )
        return f"created the archive at {self.shown} (schema {A.SCHEMA}, version {A.VERSION})"

    def migrate(self) -> str:
        """Bring an older archive schema to this ckpt-tui's, one version per
        transaction (each re-reads the version under the schema lock)."""
        from sqlalchemy import insert

        from ckpt_tui.store import archive_dialect
        from ckpt_tui.store import archive_schema as A

        done = []
        while True:
            with self.errors(), self.engine.begin() as conn:
                archive_dialect.lock_schema(conn)
                version = self._check_version(conn, writing=False)
                if version == A.VERSION and (error := self._other_build(conn)):
                    raise error
                if version >= A.VERSION:
                    break
                step = MIGRATIONS[version]
                step(conn)
                conn.execute(
                    insert(A.archive_version).values(
                        version=version + 1, applied_at=timeutil.now_iso()
                    )
                )
                done.append(version + 1)
        if version > A.VERSION:
            raise archive_dialect.ArchiveError(
                f"the archive at {self.shown} is at schema version {version}, newer than this "
                f"ckpt-tui knows ({A.VERSION}); nothing was changed"
            )
        if not done:
            return f"the archive at {self.shown} is at version {version}, the current one; nothing to do"
        return f"migrated the archive at {self.shown} to version {done[-1]}"

    def version_in_force(self) -> int:
        """The archive's schema version (one this ckpt-tui can read)."""
        with self.read() as conn:
            return self._check_version(conn, writing=False)

    def size_bytes(self) -> int:
        from ckpt_tui.store import archive_dialect
        from ckpt_tui.store import archive_schema as A

        with self.read() as conn:
            return archive_dialect.size_bytes(conn, A.SCHEMA)

    # -- pushing --------------------------------------------------------------------
    def push(
        self,
        db: str | os.PathLike[str] | None = None,
        *,
        host: str | None = None,
        batch: int | None = None,
        progress: Progress | None = None,
        index: bool = True,
    ) -> PushResult:
        """Copy what the store at ``db`` (default: SPEC 1) holds and the
        archive does not; mark what its store no longer holds; then (unless
        ``index`` is false) make the search vectors of its snapshots still
        missing one."""
        import time

        from ckpt_tui.store import Store, archive_push

        path = Path(db).expanduser() if db else paths.default_store_path()
        store = Store(path, read_only=True)  # a missing or unreadable store: its own line
        immutable = store.immutable
        store.close()
        with self.errors():
            with self.engine.connect() as conn:
                self._check_version(conn, writing=True)
            started = time.perf_counter()
            stats, indexing = archive_push.push(
                store.path,
                self.engine,
                host or default_host(),
                snapshot_words=snapshot_words,
                checkpoint_words=checkpoint_words,
                index=index,
                immutable=immutable,
                batch=batch or archive_push.BATCH,
                progress=progress,
            )
            spent = time.perf_counter() - started
        indexed = None if indexing is None else Indexed(indexing.snapshots, indexing.seconds)
        copied = spent - (indexed.seconds if indexed else 0.0)
        return PushResult(store.path, self.shown, stats, copied, indexed)

    def index(self, *, batch: int | None = None, progress: Progress | None = None) -> Indexed:
        """Make the search vectors of the snapshots pushed without one yet
        (``push --no-index``, or a push stopped before it was done), for
        every origin no push is under way for."""
        from ckpt_tui.store import archive_push

        with self.errors():
            with self.engine.connect() as conn:
                self._check_version(conn, writing=True)
            done = archive_push.index_pending(
                self.engine,
                snapshot_words,
                batch=batch or archive_push.BATCH,
                progress=progress,
            )
        return Indexed(done.snapshots, done.seconds)

    def watch(
        self,
        db: str | os.PathLike[str] | None = None,
        *,
        stop: threading.Event,
        interval: float = WATCH_INTERVAL,
        on_push: Callable[[PushResult], None],
        on_error: Callable[[CkptError], None],
        host: str | None = None,
        batch: int | None = None,
        progress: Progress | None = None,
    ) -> int:
        """Push, then push again each time the store's change counter moves
        (looked at every ``interval`` seconds), until ``stop`` is set; how
        many pushes ran. A server that cannot be reached is said once per
        failure (``on_error``) and tried again at the next change or after
        ``interval``; a missing archive or a refusal ends the watch."""
        from ckpt_tui.store import Store, archive_dialect

        path = Path(db).expanduser() if db else paths.default_store_path()
        store = Store(path, read_only=True)
        pushes, pushed_at = 0, None
        try:
            while not stop.is_set():
                token = store.change_token()
                if token != pushed_at:
                    try:
                        on_push(self.push(path, host=host, batch=batch, progress=progress))
                        pushes, pushed_at = pushes + 1, token
                    except archive_dialect.ArchiveUnreachable as exc:
                        on_error(exc)
                stop.wait(interval)
        finally:
            store.close()
        return pushes


#: Archive schema migrations: version -> the step that makes it version + 1.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {}


class Indexed(NamedTuple):
    """Snapshots given their search vector, and how long that took."""

    snapshots: int
    seconds: float


class PushResult(NamedTuple):
    store: Path
    archive: str  # its URL without the password
    stats: PushStats
    #: seconds the copy took (reading the store, comparing, sending)
    seconds: float = 0.0
    #: snapshots indexed for search after the copy (``None``: not asked)
    indexed: Indexed | None = None

    def message(self) -> str:
        s = self.stats
        parts = [
            counted(s.snapshots, "new snapshot"),
            counted(s.checkpoints, "checkpoint"),
            counted(s.sessions, "session"),
            counted(s.projects, "project"),
        ]
        if s.restored:
            parts.append(counted(s.restored, "snapshot") + " updated")
        if s.pruned:
            parts.append(f"{s.pruned} pruned from the store (kept in the archive)")
        head = "pushed " + ", ".join(parts) if s.sent or s.pruned else "nothing new to push"
        rate = f" in {self.seconds:.1f} s" if s.snapshots else ""
        indexed = ""
        if self.indexed is not None and self.indexed.snapshots:
            indexed = (
                f"; indexed {counted(self.indexed.snapshots, 'snapshot')} for search "
                f"in {self.indexed.seconds:.1f} s"
            )
        return (
            f"{head}{rate} from {self.store} to {self.archive}{indexed}: the archive keeps "
            f"{counted(s.archived_snapshots, 'snapshot')} "
            f"of this store, {s.archived_pruned} of them pruned from it"
        )


def schema_name() -> str:
    """The PostgreSQL schema that holds the archive's tables."""
    from ckpt_tui.store import archive_schema

    return archive_schema.SCHEMA


def read_only_grants(role: str) -> list[str]:
    """The SQL that lets ``role`` browse the archive and nothing else."""
    from ckpt_tui.store import archive_dialect, archive_schema

    return archive_dialect.read_only_grants(archive_schema.SCHEMA, role)


def default_host() -> str:
    """The host label an origin is pushed with unless one is given."""
    return socket.gethostname() or "localhost"


# -- search words ----------------------------------------------------------------------


#: Folded tokens of each text seen lately (a push meets the same values
#: save after save: a session's steps, plan lines and files carry over).
_WORDS: dict[str, tuple[str, ...]] = {}
_WORDS_KEPT = 100_000


def _words_of(text: str) -> tuple[str, ...]:
    found = _WORDS.get(text)
    if found is None:
        from ckpt_tui.core.search_match import tokens

        found = tuple(tokens(text))
        if len(text) < 10_000:  # a big value is rarely seen twice: not kept
            if len(_WORDS) >= _WORDS_KEPT:
                _WORDS.clear()
            _WORDS[text] = found
    return found


def _json_words(value: object, into: set[str]) -> None:
    """The tokens of ``store.search_text``'s text of a payload value: a
    string's, a list's items' one by one (a list is its items, one a line),
    anything else's JSON."""
    if isinstance(value, str):
        into.update(_words_of(value))
    elif isinstance(value, list):
        for item in value:
            _json_words(item, into)
    elif value is not None:
        import json

        into.update(_words_of(json.dumps(value, ensure_ascii=False)))


def snapshot_words(name: str, payload: str) -> set[str]:
    """A snapshot's search words: the set of tokens the local index holds
    for it (``store.search_text.payload_columns`` cut by
    ``core.search_match.tokens``), without their places (a phrase is
    checked on the hit's text, ``ArchiveReader.search``)."""
    import json

    from ckpt_tui.core.search_match import tokens
    from ckpt_tui.fields import FIELDS as FIELD_COLUMNS
    from ckpt_tui.fields import META_KEYS

    words: set[str] = set(tokens(name))  # a name is rarely seen twice: not kept
    try:
        data = json.loads(payload)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        words.update(_words_of(payload))
        return words
    known = _WORDS
    found = [words]  # the words of each value, made one set at the end, in C
    for key, value in data.items():  # _json_words, unrolled for the usual values
        if key in META_KEYS:
            continue
        if key not in FIELD_COLUMNS:
            found.append(_words_of(key))
        if value.__class__ is list:
            for item in value:
                if item.__class__ is str:
                    found.append(known.get(item) or _words_of(item))
                else:
                    _json_words(item, words)
        elif value.__class__ is str:
            found.append(known.get(value) or _words_of(value))
        else:
            _json_words(value, words)
    return words.union(*found)


def checkpoint_words(row: dict) -> set[str]:
    """A current checkpoint's search words (see :func:`snapshot_words`)."""
    from ckpt_tui.store.search_text import checkpoint_columns

    words: set[str] = set()
    for text in checkpoint_columns(row).values():  # type: ignore[arg-type]
        words.update(_words_of(text))
    return words


# -- copying back ----------------------------------------------------------------------


class ArchiveRef(NamedTuple):
    """``archive[@ORIGIN]:SESSION:SNAPSHOT``: a snapshot of the archive."""

    session_id: str
    snapshot: str
    origin: str | None = None

    def label(self) -> str:
        at = f"@{self.origin[:8]}" if self.origin else ""
        return f"archive{at}:{self.session_id}:{self.snapshot}"


PREFIX = "archive"


def is_archive_ref(text: str) -> bool:
    return text.startswith((f"{PREFIX}:", f"{PREFIX}@"))


def parse_ref(text: str) -> ArchiveRef:
    """``archive:SESSION:SNAPSHOT`` or ``archive@ORIGIN:SESSION:SNAPSHOT``.
    Session ids may hold colons (``legacy::p1``): the snapshot is what
    follows the last colon; an origin may be given by the start of its id."""
    if not is_archive_ref(text):
        raise CkptError(f"not an archived snapshot: {text[:200]!r} (archive:SESSION:SNAPSHOT)")
    head, _, rest = text.partition(":")
    origin = head.partition("@")[2] or None
    session_id, _, snapshot = rest.rpartition(":")
    if not session_id or not snapshot:
        raise CkptError(
            f"{text[:200]!r} names no snapshot: archive:SESSION:SNAPSHOT "
            "(the snapshot's name or id; ckpt-tui archive list snapshots SESSION)"
        )
    return ArchiveRef(session_id, snapshot, origin)


class ArchivedSource(NamedTuple):
    """An archived snapshot read for a copy: its content and how a plan names it."""

    content: Checkpoint
    label: str


def copy_source(reader: ArchiveReader, ref: ArchiveRef) -> ArchivedSource:
    """Read the archived snapshot a copy takes (before the store's write lock:
    the plugin never waits on the network). A damaged payload is refused."""
    view = reader.snapshot(ref.session_id, ref.snapshot, origin=ref.origin)
    content = view.content
    if isinstance(content, Damaged):
        raise DamagedPayload(
            f"archived snapshot {view.row.name!r} is damaged ({content.reason}); "
            "it cannot be copied"
        )
    pruned = ", pruned from its store" if view.row.archived else ""
    label = (
        f"{view.row.name} of archived session {ref.session_id} "
        f"({reader.origin_label(view.origin)}{pruned})"
    )
    return ArchivedSource(content, label)


def plan_copy(
    service: Service,
    source: ArchivedSource,
    target_session: str,
    fields: list[str] | None = None,
) -> Plan:
    """Copy an archived snapshot (all fields, or ``fields``) into a local
    session's checkpoint: the plan a copy across sessions makes, with its
    preview, field choice, pre-restore snapshot, undo and redo. Damaged
    fields are skipped, or refused when named."""
    service.current(target_session)  # the target must exist: a clear error first
    scope = "all fields" if fields is None else field_labels(validate_fields(fields))
    return service.plan_copy(
        target_session,
        source.content,
        label=f"copy of {source.label} ({scope})",
        source_snapshot_id=None,  # the archive's row: nothing local to mark restored
        fields=fields,
        action=Step.COPY,
    )
