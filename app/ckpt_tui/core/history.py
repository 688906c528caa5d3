"""Field history (blame): where each line or item of a shown value came from.

The history of a value is the session's snapshots in capture order up to the
shown one (or all of them, then the live checkpoint). It is walked once,
oldest to newest, a page at a time, with the field taken out of each payload
by SQLite; each item is followed as a set member, never by diffing pairs.

**Identity.** An item is its text plus which occurrence of that text it is
(the second "run tests" of a list is a different item from the first). A
text field's items are its lines; ``status`` is one item.

**The rule for an item removed and added again**: it is annotated with the
snapshot where it first appeared *in the latest unbroken run of versions
that leads to the shown value*, and flagged ``readded``. A removed item is
reported with the start of its last run and the version where that run
ended. Damaged payloads, and versions whose field has the wrong type (a
damaged field), say nothing about the field and are skipped: they neither
remove nor add anything. A damaged shown value has no history to show.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, NamedTuple

from ckpt_tui import timeutil
from ckpt_tui.core.model import (
    LIST_FIELDS,
    Checkpoint,
    Damaged,
    DamagedField,
    decode,
    loads,
    validate_fields,
)
from ckpt_tui.core.reads import Reader
from ckpt_tui.errors import DamagedPayload, NotFound

# The store's reads (SQLAlchemy) are imported by the functions that run them.

PAGE = 1000


class Origin(NamedTuple):
    """A version in the history: a snapshot, or the live checkpoint (``id`` None)."""

    id: str | None
    name: str
    kind: str
    captured_at: str
    #: In the archive: a snapshot its store has pruned (the archive alone keeps it).
    archived: bool = False

    @property
    def is_current(self) -> bool:
        return self.id is None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "capturedAt": self.captured_at}


class Line(NamedTuple):
    """An item of the shown value and where its latest run began."""

    text: str
    since: Origin
    readded: bool


class Removed(NamedTuple):
    """An item that was in the history and is not in the shown value."""

    text: str
    since: Origin
    removed_at: Origin


class Transition(NamedTuple):
    """``status`` changing from ``old`` (None: the first version) to ``new``."""

    at: Origin
    old: str | None
    new: str


@dataclass(frozen=True)
class FieldHistory:
    session_id: str
    field: str
    shown: Origin
    lines: tuple[Line, ...]
    removed: tuple[Removed, ...]  # most recently removed first
    transitions: tuple[Transition, ...]  # status only, oldest first
    versions: int  # how many versions were walked
    skipped: int  # damaged payloads skipped

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session_id,
            "field": self.field,
            "shown": self.shown.to_json(),
            "lines": [
                {"text": x.text, "since": x.since.to_json(), "readded": x.readded}
                for x in self.lines
            ],
            "removed": [
                {"text": x.text, "since": x.since.to_json(), "removedAt": x.removed_at.to_json()}
                for x in self.removed
            ],
            "transitions": [
                {"at": t.at.to_json(), "from": t.old, "to": t.new} for t in self.transitions
            ],
            "versions": self.versions,
            "skippedDamaged": self.skipped,
        }


def items_of(field: str, value: Any) -> tuple[str, ...] | None:
    """The items blame follows in one value of ``field``; None for a damaged
    value (a version that says nothing about the field)."""
    if isinstance(value, DamagedField):
        return None
    if field in LIST_FIELDS:
        return tuple(value)
    if field == "status":
        return (value,)
    return tuple(value.splitlines())


def keyed(items: tuple[str, ...]) -> list[tuple[str, int]]:
    """Each item with which occurrence of its text it is."""
    if len(set(items)) == len(items):  # the common case: no repeats
        return [(item, 0) for item in items]
    seen: Counter[str] = Counter()
    out = []
    for item in items:
        out.append((item, seen[item]))
        seen[item] += 1
    return out


class Walk:
    """The state of one pass over a history; feed it versions oldest first."""

    def __init__(self, field: str) -> None:
        self.field = field
        #: (id, name, kind, stored time) of each version walked; made into an
        #: Origin only for the few the result shows
        self.origins: list[tuple] = []
        self.present: dict[tuple[str, int], int] = {}  # key -> index where its run began
        self.ever: set[tuple[str, int]] = set()
        self.readded: set[tuple[str, int]] = set()
        self.gone: dict[tuple[str, int], tuple[int, int]] = {}  # key -> (run start, removed at)
        self.transitions: list[Transition] = []
        self.last: tuple[str, ...] | None = None
        self.skipped = 0

    def add(self, origin: tuple, items: tuple[str, ...] | None) -> None:
        """One version; ``items`` None: its payload is damaged (skipped)."""
        if items is None:
            self.skipped += 1
            return
        index = len(self.origins)
        self.origins.append(origin)
        if items == self.last:
            return
        if self.field == "status":
            self.transitions.append(
                Transition(_origin(origin), self.last[0] if self.last else None, items[0])
            )
        self.last = items
        keys = dict.fromkeys(keyed(items))  # ordered: runs print the same, whatever the hash seed
        present = self.present
        for key in [k for k in present if k not in keys]:
            self.gone[key] = (present.pop(key), index)
            self.readded.discard(key)
        for key in keys:
            if key not in present:
                present[key] = index
                if key in self.ever:
                    self.readded.add(key)
                    self.gone.pop(key, None)
                else:
                    self.ever.add(key)

    def result(self, session_id: str) -> FieldHistory:
        if self.last is None:
            raise NotFound(f"session {session_id!r} has no readable version of {self.field}")
        origins: dict[int, Origin] = {}

        def o(index: int) -> Origin:
            if index not in origins:
                origins[index] = _origin(self.origins[index])
            return origins[index]

        lines = tuple(
            Line(text, o(self.present[(text, n)]), (text, n) in self.readded)
            for text, n in keyed(self.last)
        )
        removed = tuple(
            Removed(key[0], o(start), o(end))
            for key, (start, end) in sorted(self.gone.items(), key=lambda kv: -kv[1][1])
        )
        return FieldHistory(
            session_id,
            self.field,
            o(len(self.origins) - 1),
            lines,
            removed,
            tuple(self.transitions),
            len(self.origins),
            self.skipped,
        )


def _origin(version: tuple) -> Origin:
    """``(id, name, kind, captured_at)``, and in the archive ``archived``."""
    sid, name, kind, stored, *archived = version
    return Origin(sid, name, kind, timeutil.normalize(stored), *archived)


def _decode(field: str, json_type: str | None, value: Any) -> Any:
    """A field's value as the codec reads it from a whole payload (a value
    of the wrong type is a DamagedField)."""
    if json_type is None:  # the key is missing: the plugin's default
        return Checkpoint().get(field)
    if json_type in ("true", "false"):
        value = json_type == "true"
    elif json_type == "null":
        value = None
    else:  # JSON text: a string, a number, an array or an object
        value = loads(value)
    return Checkpoint.from_payload({field: value}).get(field)


def _refuse_damaged(value: Any, field: str, where: str) -> None:
    if isinstance(value, DamagedField):
        raise DamagedPayload(f"{field} of {where} is damaged ({value.reason}); it has no history")


def field_history(
    reader: Reader, session_id: str, field: str, snapshot: str | None = None
) -> FieldHistory:
    """Blame ``field`` of the live checkpoint, or of ``snapshot`` (name or id)."""
    from ckpt_tui.store import history_reads as hq
    from ckpt_tui.store.session_reads import get_checkpoint, get_session
    from ckpt_tui.store.snapshot_reads import get_snapshot

    (field,) = validate_fields([field])
    walk = Walk(field)
    with reader.store.read() as q:
        get_session(q, session_id)
        until = None
        if snapshot is not None:
            row, raw = get_snapshot(q, session_id, snapshot)
            shown = decode(raw)
            if isinstance(shown, Damaged):
                raise DamagedPayload(f"snapshot {row.name!r} is damaged; it has no history to show")
            _refuse_damaged(shown.get(field), field, f"snapshot {row.name!r}")
            until = hq.stored_time(q, session_id, row.id)
        after = None
        previous: tuple | None = None
        while True:
            page = hq.field_values(q, session_id, field, after=after, until=until, limit=PAGE)
            for sid, name, kind, captured_at, json_type, value in page:
                origin = (sid, name, kind, captured_at)
                if json_type == hq.DAMAGED:
                    walk.add(origin, None)
                    continue
                raw_value = (json_type, value)
                if raw_value != previous:
                    items = items_of(field, _decode(field, json_type, value))
                    previous = raw_value
                walk.add(origin, items)
            if len(page) < PAGE:
                break
            after = (page[-1]["captured_at"], page[-1]["id"])
        if snapshot is None:
            row = get_checkpoint(q, session_id)
            if row is None:
                raise NotFound(f"session {session_id!r} has no current checkpoint")
            current = Checkpoint.from_row(row.columns)
            _refuse_damaged(current.get(field), field, "the current checkpoint")
            walk.add(
                (None, "current", "current", row.updated_at), items_of(field, current.get(field))
            )
    return walk.result(session_id)
