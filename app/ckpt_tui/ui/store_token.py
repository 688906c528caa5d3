"""What a key shows, read from the store before the key, and whether the
store has changed since.

``d``, ``r`` and ``e`` show what the main screen's detail worker worked out
while the cursor rested on the selection (the diff, the restore plan, the
hand-off note: ``ui/flows/diff.py``, ``restore.py``, ``handoff.py``), so the
key only shows it. Each value is kept :class:`AsOf` the store's change
token read before it was worked out (the file's identity and ``PRAGMA
data_version``, which moves on any commit, the plugin's or ours). The
screen that shows one reads the token again in its own worker and, if
anything was committed since, works it out again and shows that instead;
and a restore's ``y`` is refused by the core (``Conflict``) whenever the
checkpoint moved after its plan was made, however the plan was made.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar

from textual.cache import LRUCache

from ckpt_tui.errors import CkptError

if TYPE_CHECKING:
    from ckpt_tui.core.actions import Service

T = TypeVar("T")
#: Values kept of each kind: the selection's, and a few before it (the
#: cursor going back and forth between neighbours).
KEEP = 4


class AsOf(NamedTuple, Generic[T]):
    """A value and the store's change token read before it was worked out."""

    value: T
    token: object


def change_token(service: Service) -> object:
    """The file and its change token: read before working something out,
    compared after."""
    store = service.store
    store.follow_path()  # another file at the path: its identity, its token
    return (store.identity, store.change_token())


def still_current(service: Service, token: object) -> bool:
    """In a worker: nothing was committed since ``token`` was read."""
    try:
        return change_token(service) == token
    except CkptError:
        return False  # worked out again: the error, if any, is said there


class Latest(Generic[T]):
    """The last few values worked out ahead, by what they are for. Kept on
    the UI thread: a worker is given the token of what is kept
    (:meth:`token`) and hands a new value back with ``call_from_thread``."""

    def __init__(self, keep: int = KEEP) -> None:
        self._values: LRUCache[Hashable, AsOf[T]] = LRUCache(keep)

    def get(self, key: Hashable) -> AsOf[T] | None:
        return self._values.get(key)

    def put(self, key: Hashable, value: AsOf[T] | None) -> None:
        """Keep ``value`` (``None``: it could not be worked out; forgotten)."""
        if value is None:
            self._values.discard(key)
        else:
            self._values.set(key, value)

    def token(self, key: Hashable) -> object:
        """The token the value kept for ``key`` was worked out at (``None``: none kept)."""
        kept = self._values.get(key)
        return None if kept is None else kept.token
