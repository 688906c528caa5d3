"""Frozen records made without ``dataclasses``.

``@dataclass`` writes and ``exec()``s the source of ``__init__``,
``__repr__``, ``__eq__`` and ``__hash__`` for every class it makes: 0.7 to
1.5 ms a class. The records the app's first frame imports (the settings,
opencode's session list, a write's plan and outcome) cost 4 ms of its
start-up that way. A :class:`Frozen` subclass declares its fields the same
way (annotations, in order, with their defaults; a :class:`Factory` for a
fresh mutable default) and behaves as a frozen dataclass does: keyword or
positional arguments, no assignment after ``__init__``, equal to a record
of its own class with equal fields, hashed on them, the same ``repr``;
:func:`replace` is ``dataclasses.replace``. A :class:`Record` is the
mutable kind (``@dataclass``: assignable, not hashable).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself only for the type checker
if TYPE_CHECKING:
    from typing import Any


class Factory:
    """A default made afresh for each record (``field(default_factory=...)``)."""

    __slots__ = ("make",)

    def __init__(self, make) -> None:
        self.make = make


_MISSING = object()


class Record:
    """The base of a record (``@dataclass``); its fields are its annotations."""

    #: The fields in order, and the defaults of those that have one.
    _fields: tuple[str, ...] = ()
    _defaults: dict[str, Any] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [name for name in cls.__dict__.get("__annotations__", {}) if name != "_fields"]
        fields = (*cls._fields, *(name for name in own if name not in cls._fields))
        defaults = dict(cls._defaults)
        for name in own:
            if name in cls.__dict__:
                defaults[name] = default = cls.__dict__[name]
                if default.__class__ is Factory:
                    delattr(cls, name)  # as a dataclass does with a default factory
        cls._fields, cls._defaults = fields, defaults

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields, name = self._fields, type(self).__name__
        if len(args) > len(fields):
            raise TypeError(
                f"{name}() takes {len(fields)} positional arguments but {len(args)} were given"
            )
        values = dict(zip(fields, args, strict=False))  # fewer args: the rest by name
        for key, value in kwargs.items():
            if key not in fields:
                raise TypeError(f"{name}() got an unexpected keyword argument {key!r}")
            if key in values:
                raise TypeError(f"{name}() got multiple values for argument {key!r}")
            values[key] = value
        setter = object.__setattr__
        for field in fields:
            value = values.get(field, _MISSING)
            if value is _MISSING:
                value = self._defaults.get(field, _MISSING)
                if value is _MISSING:
                    raise TypeError(f"{name}() missing required argument: {field!r}")
                if value.__class__ is Factory:
                    value = value.make()
            setter(self, field, value)

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()  # type: ignore[attr-defined]
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable: as a dataclass with eq

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"


class Frozen(Record):
    """The base of a frozen record (``@dataclass(frozen=True)``)."""

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")


def replace(record: Record, **changes: Any):
    """A copy of ``record`` with ``changes``: ``dataclasses.replace``, which
    it calls for a dataclass."""
    if not isinstance(record, Record):
        import dataclasses

        return dataclasses.replace(record, **changes)
    values = {name: getattr(record, name) for name in record._fields}
    for key in changes:
        if key not in values:
            raise TypeError(f"{type(record).__name__}() got an unexpected keyword argument {key!r}")
    values.update(changes)
    return type(record)(**values)
