"""Errors every layer raises, each carrying the one line a person reads.

The command line prints ``str(error)`` and exits with its kind's status (``cli.exits``); the app shows it in a
notification. Nothing here knows about either.
"""


class CkptError(Exception):
    """Base of every expected failure: the message is shown as it is."""


class StoreMissing(CkptError):
    """The store file does not exist; reading must not create it."""


class StoreUnreadable(CkptError):
    """Not a SQLite file, corrupt, or not a checkpoint store."""


class StoreDamaged(CkptError):
    """A store that has shown corruption: writes are refused until it is repaired."""


class StoreBusy(CkptError):
    """Another process held the write lock for longer than we wait."""


class ReadOnly(CkptError):
    """A write was asked of a store we may only read."""


class NotFound(CkptError):
    """A session, snapshot or project id that the store does not have."""


class InvalidId(CkptError):
    """A missing or malformed id: refused rather than matched against nothing."""


class Conflict(CkptError):
    """The checkpoint changed between a preview and the write it prepared."""


class DamagedPayload(CkptError):
    """A snapshot payload that is not a JSON object; it is never restored."""


class JournalError(CkptError):
    """ckpt-tui's undo journal (in its state dir) cannot be opened or written."""


class NothingToDo(CkptError):
    """Undo or redo with nothing to undo or redo."""


class ChooseFields(CkptError):
    """An undo that cannot tell which fields the write it undoes changed:
    nothing is written until fields are chosen among ``candidates``."""

    def __init__(self, message: str, candidates: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.candidates = candidates
