"""A worker started once per change of what it shows.

The main screen asks for the detail pane and the next steps on every event
that may change them: a list's highlight, a focus change, opencode's data
arriving. At launch that was five detail workers and four next-steps
workers (two of them reading the store) for one project and one session,
threads that drew nothing new and competed with the first frames. The
screen now remembers what it last asked for and starts a worker only when
it asks for something else; a change the request cannot see (a write to
the store, a hand-off note in the journal) forgets it first.
"""

from __future__ import annotations

_NOTHING = object()


class LastAsked:
    """What a worker was last started for (a tuple of its arguments)."""

    __slots__ = ("_request",)

    def __init__(self) -> None:
        self._request: object = _NOTHING

    def changed(self, request: object) -> bool:
        """Whether ``request`` differs from the last one; it is the last one now."""
        if self._request is not _NOTHING and self._request == request:
            return False
        self._request = request
        return True

    def forget(self) -> None:
        """The next request starts its worker, whatever it is (what it shows
        may have changed where the request cannot see it)."""
        self._request = _NOTHING
