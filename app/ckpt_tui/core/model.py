"""The checkpoint and its camelCase payload codec (SPEC 5.1).

A payload is decoded into a :class:`Checkpoint` that keeps every unknown key
in ``extra``, so copying a snapshot never drops what a newer plugin wrote.
A payload that is not JSON, or not an object, decodes to :class:`Damaged`,
which the policy refuses to restore; a single field of the wrong type (in a
payload or a column) decodes to a :class:`DamagedField`, kept as it was
found (SPEC 3).

The three classes are written out rather than made by ``dataclasses``:
importing it (and ``inspect``, which it imports) and generating their
methods is about 8 ms of ``ckpt-tui show`` and ``diff``, a third of what
a plain ``sqlite3`` script printing the same takes. They behave as the
frozen dataclasses they were: keyword or positional arguments in field
order, equality and hash over the fields (``Checkpoint.extra`` left out),
the same ``repr``, no assignment; ``Checkpoint.replace`` is
``dataclasses.replace``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ckpt_tui.core.jsjson import column_text, stringify
from ckpt_tui.errors import CkptError
from ckpt_tui.fields import (  # noqa: F401 - they are the model's names too
    COLUMN,
    FIELDS,
    LABEL,
    LIST_FIELDS,
    META_KEYS,
    STATUS_LABEL,
    STATUSES,
    TEXT_FIELDS,
    field_labels,
    status_label,
)
from ckpt_tui.store.query import not_utf8

#: What ``--fields`` accepts, case-insensitive: a payload key or its label.
_FIELD_NAMES = {**{k.lower(): k for k in FIELDS}, **{v.lower(): k for k, v in LABEL.items()}}


def json_kind(value: Any) -> str:
    """What a JSON value is, in words: ``a number``, ``null``, ``an array``..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, bytes):
        return "a BLOB"
    return type(value).__name__


class _Frozen:
    """Fields set once, in ``__init__``: no assignment after (as a frozen
    dataclass); ``repr`` lists the fields as a dataclass does."""

    _fields: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def _set(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"


class DamagedField(_Frozen):
    """A field whose stored value has the wrong type (SPEC 3): ``"title": 5``,
    ``"nextSteps": "x"``, a list column that is not a JSON array of strings.

    ``raw`` is the value exactly as found (the JSON value of a payload key,
    or the text of a column), so that nothing is coerced: a copy of the
    checkpoint (a ``pre-restore`` snapshot, the undo journal) carries
    ``raw``, and undo writes the column's own text back. A damaged field is
    shown as damaged and is never restored from a snapshot.
    """

    _fields = ("raw", "reason")
    raw: Any
    reason: str

    def __init__(self, raw: Any, reason: str) -> None:
        self._set(raw=raw, reason=reason)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DamagedField) and self.column_text() == other.column_text()

    def __hash__(self) -> int:
        return hash(self.column_text())

    def column_text(self) -> str:
        """What goes back into the column: the text it held, else the JSON."""
        return self.raw if isinstance(self.raw, str) else stringify(self.raw)

    def shown(self) -> str:
        """The value for a person: a column's text as it is, else its JSON."""
        return self.column_text()


def _text_value(value: Any) -> str | DamagedField:
    if isinstance(value, str):
        return value
    return DamagedField(value, f"is {json_kind(value)}, not a string")


def _list_value(value: Any, where: str = "") -> tuple[str, ...] | DamagedField:
    if not isinstance(value, list):
        return DamagedField(value, f"{where}is {json_kind(value)}, not an array of strings")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            return DamagedField(
                value, f"{where}is an array whose item #{i + 1} is {json_kind(item)}, not a string"
            )
    return tuple(value)


def _list_column(text: Any) -> tuple[str, ...] | DamagedField:
    """A list column's text: a JSON array of strings, else damaged (the
    column's own text kept, so it can be written back byte for byte)."""
    if reason := not_utf8(text):
        return DamagedField(text, f"the column holds text that is {reason}")
    if isinstance(text, bytes):
        return DamagedField(text.decode("utf-8", "replace"), "the column holds a BLOB, not text")
    if not isinstance(text, str):
        return DamagedField(text, f"the column holds {json_kind(text)}, not JSON text")
    try:
        value = loads(text)
    except ValueError as exc:
        return DamagedField(text, f"the column is not valid JSON ({_json_error(exc)})")
    found = _list_value(value, "the column ")
    return DamagedField(text, found.reason) if isinstance(found, DamagedField) else found


def _text_column(value: Any) -> str | DamagedField:
    if reason := not_utf8(value):
        return DamagedField(value, f"the column holds text that is {reason}")
    if isinstance(value, bytes):
        return DamagedField(value.decode("utf-8", "replace"), "the column holds a BLOB, not text")
    return _text_value(value)


def _json_error(exc: ValueError) -> str:
    msg, pos = getattr(exc, "msg", None), getattr(exc, "pos", None)
    if msg is None:
        return str(exc)
    # Some of json's messages end with "at" already ("Unterminated string
    # starting at"): "at at char 48" read as a fault of ckpt-tui.
    return f"{msg.removesuffix(' at')} at char {pos}"


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


#: ``json.loads(text, parse_constant=...)`` makes a decoder (and its
#: scanner) per call: a fifth of decoding a 2 kB payload. Text is decoded
#: with this one instead (bytes, and text with a BOM, which ``json.loads``
#: refuses, still go through ``json.loads``).
_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def loads(text: str) -> Any:
    """``json.loads`` as strict as ``JSON.parse``: no NaN or Infinity, and a
    nesting too deep to decode is a ``ValueError`` too."""
    try:
        if type(text) is str and not text.startswith("\ufeff"):
            try:  # a value that fills the text (what the plugin writes): no whitespace scan
                value, end = _DECODER.raw_decode(text)
            except ValueError:
                return _DECODER.decode(text)  # leading whitespace, or the error's own words
            return value if end == len(text) else _DECODER.decode(text)
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None


class Checkpoint(_Frozen):
    """The checkpoint's fields; a field whose stored value has the wrong
    type holds a :class:`DamagedField` instead of its value. ``extra``
    (the payload's unknown keys) is not compared."""

    _fields = (*FIELDS, "schemaVersion", "synthesized", "extra")
    title: str | DamagedField
    objective: str | DamagedField
    status: str | DamagedField
    summary: str | DamagedField
    currentPlan: str | DamagedField  # noqa: N815 - the payload's own key
    completedSteps: tuple[str, ...] | DamagedField  # noqa: N815
    nextSteps: tuple[str, ...] | DamagedField  # noqa: N815
    blockers: tuple[str, ...] | DamagedField
    filesTouched: tuple[str, ...] | DamagedField  # noqa: N815
    notes: str | DamagedField
    schemaVersion: int  # noqa: N815
    synthesized: bool | DamagedField
    extra: Mapping[str, Any]

    def __init__(
        self,
        title: str | DamagedField = "",
        objective: str | DamagedField = "",
        status: str | DamagedField = "in_progress",
        summary: str | DamagedField = "",
        currentPlan: str | DamagedField = "",  # noqa: N803
        completedSteps: tuple[str, ...] | DamagedField = (),  # noqa: N803
        nextSteps: tuple[str, ...] | DamagedField = (),  # noqa: N803
        blockers: tuple[str, ...] | DamagedField = (),
        filesTouched: tuple[str, ...] | DamagedField = (),  # noqa: N803
        notes: str | DamagedField = "",
        schemaVersion: int = 1,  # noqa: N803
        synthesized: bool | DamagedField = False,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        self._set(
            title=title,
            objective=objective,
            status=status,
            summary=summary,
            currentPlan=currentPlan,
            completedSteps=completedSteps,
            nextSteps=nextSteps,
            blockers=blockers,
            filesTouched=filesTouched,
            notes=notes,
            schemaVersion=schemaVersion,
            synthesized=synthesized,
            extra={} if extra is None else extra,
        )

    def _compared(self) -> tuple:
        """Every field but ``extra``: what equality and the hash are of."""
        return tuple(getattr(self, name) for name in self._fields[:-1])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._compared() == other._compared()  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._compared())

    def replace(self, **changes: Any) -> Checkpoint:
        """A copy with ``changes`` (field names as keywords), as
        ``dataclasses.replace`` made it."""
        return Checkpoint(**{**self.__dict__, **changes})

    # -- codec ---------------------------------------------------------
    @classmethod
    def from_payload(cls, data: Mapping[str, Any]) -> Checkpoint:
        """From a decoded payload; a key of the wrong type is a damaged field
        (a missing key is the plugin's default)."""
        known = set(FIELDS) | set(META_KEYS)
        values: dict[str, Any] = {}
        for name in (*TEXT_FIELDS, "status"):
            if name in data:
                values[name] = _text_value(data[name])
        for name in LIST_FIELDS:
            if name in data:
                values[name] = _list_value(data[name])
        version = data.get("schemaVersion", 1)
        values["schemaVersion"] = (
            version if isinstance(version, int) and not isinstance(version, bool) else 1
        )
        if "synthesized" in data:
            flag = data["synthesized"]
            values["synthesized"] = (
                flag
                if isinstance(flag, bool)
                else DamagedField(flag, f"is {json_kind(flag)}, not true or false")
            )
        return cls(**values, extra={k: v for k, v in data.items() if k not in known})

    def to_payload(self) -> dict[str, Any]:
        """The camelCase payload; a damaged field as it was found."""
        payload: dict[str, Any] = {}
        for name in (*FIELDS, "schemaVersion", "synthesized"):
            value = getattr(self, name)
            if isinstance(value, DamagedField):
                value = value.raw
            elif name in LIST_FIELDS:
                value = list(value)
            payload[name] = value
        payload.update(self.extra)
        return payload

    def to_json(self) -> str:
        """The payload as ``JSON.stringify`` writes it (SPEC 3)."""
        return stringify(self.to_payload())

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Checkpoint:
        """From a ``checkpoints`` row: a list column that is not a JSON array
        of strings, or a text column that is not text, is a damaged field
        holding the column's own text."""
        values: dict[str, Any] = {}
        for name in (*TEXT_FIELDS, "status"):
            values[name] = _text_column(row[COLUMN[name]])
        for name in LIST_FIELDS:
            values[name] = _list_column(row[COLUMN[name]])
        version = row["schema_version"]
        values["schemaVersion"] = version if isinstance(version, int) else 1
        values["synthesized"] = bool(row["synthesized"])
        return cls(**values)

    def to_row(self, keys: Iterable[str] | None = None) -> dict[str, Any]:
        """Column values of the payload ``keys`` (default: every column).

        A write passes only the keys it changes, so a column that is not
        part of the change (a damaged one above all) keeps its bytes. Lists
        are written as ``JSON.stringify`` writes them; a damaged field as
        the text it was read from.
        """
        row: dict[str, Any] = {}
        for key in COLUMN if keys is None else keys:
            value = getattr(self, key)
            if isinstance(value, DamagedField):
                if key == "synthesized":
                    raise CkptError(f"synthesized is damaged ({value.reason}); it is not written")
                value = value.column_text()
            elif key in LIST_FIELDS:
                value = stringify(list(value))
            elif key == "synthesized":
                value = int(value)
            elif isinstance(value, str):
                value = column_text(value)
            row[COLUMN[key]] = value
        return row

    # -- policy helpers ------------------------------------------------
    def get(self, name: str) -> Any:
        return getattr(self, name)

    def damaged_fields(self) -> dict[str, DamagedField]:
        """The damaged fields by payload key, in :data:`FIELDS` order."""
        return {
            name: value
            for name in (*FIELDS, "synthesized")
            if isinstance(value := getattr(self, name), DamagedField)
        }


class Damaged(_Frozen):
    """A payload that cannot be decoded; shown raw, never restored."""

    _fields = ("raw", "reason")
    raw: str
    reason: str

    def __init__(self, raw: str, reason: str) -> None:
        self._set(raw=raw, reason=reason)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.raw, self.reason) == (other.raw, other.reason)  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.raw, self.reason))


def decode(raw: str | None) -> Checkpoint | Damaged:
    if raw is None:
        return Damaged("", "payload is empty")
    if reason := not_utf8(raw):
        return Damaged(raw, f"payload is {reason}")
    try:
        data = loads(raw)
    except ValueError as exc:
        return Damaged(raw, f"not valid JSON ({_json_error(exc)})")
    if not isinstance(data, dict):
        return Damaged(raw, f"payload is a JSON {type(data).__name__}, not an object")
    return Checkpoint.from_payload(data)


def validate_fields(fields: Iterable[str]) -> tuple[str, ...]:
    """Field names as the payload spells them, from a key or a label in any
    case (``currentPlan``, ``Plan``, ``plan``); unknown names are an error."""
    named = [f.strip() for f in fields if f.strip()]
    unknown = [f for f in named if f.lower() not in _FIELD_NAMES]
    if unknown:
        raise CkptError(
            f"unknown field {', '.join(unknown)}; fields are {', '.join(LABEL.values())} "
            f"(or {', '.join(FIELDS)})"
        )
    chosen = tuple(dict.fromkeys(_FIELD_NAMES[f.lower()] for f in named))
    if not chosen:
        raise CkptError("no fields chosen")
    return chosen
