"""Modules loaded on first use.

SQLAlchemy takes about 0.2 s to import, a third of the app's start-up; the
first frame does not need it (see ``store/sqlcache.py``). Modules that use
the query and write layers at call time bind them through :func:`module`,
so importing them stays cheap and the real import happens on first use,
under the import system's own locks (safe from several worker threads).
"""

from __future__ import annotations

import importlib
from typing import Any


class _Deferred:
    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self._name), attr)

    def __repr__(self) -> str:
        return f"<module {self._name} (loaded on first use)>"


def module(name: str) -> Any:
    """A stand-in for module ``name`` that imports it when first touched."""
    return _Deferred(name)
