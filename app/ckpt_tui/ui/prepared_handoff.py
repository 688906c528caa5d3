"""What ``e`` will write and show for the selection, made in the detail
worker once the cursor rests, so the key shows it at once.

A prepared note is built from the store (``core.handoff.build``) and parsed
for drawing (``stamped_note``: without its "Written:" time), with the
store's change token read before it was built (``ui/prepared.py``). At the
key, the note gets the key's time (:meth:`Ready.at`): that exact text is
shown, "being written", and the ``e`` worker writes exactly it if nothing
was committed since the token was read; else it builds, writes and shows
the new note. So what shows is never a note that was not written, only
briefly one being written.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from ckpt_tui.errors import CkptError
from ckpt_tui.ui.prepared import LatestFew, change_token

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ckpt_tui.core.actions import Service
    from ckpt_tui.core.handoff import Handoff
    from ckpt_tui.ui.screens.handoff import StampedNote

#: Notes kept (the selection's, and a few before it).
KEEP = 4


class Note(NamedTuple):
    """A note as built, and as drawn (parsed without its time); where it
    would be written (``None``: the project's directory is gone)."""

    handoff: Handoff
    note: StampedNote
    token: object
    path: str | None

    def at(self, made_at: str) -> tuple[Handoff, StampedNote]:
        """The note written at ``made_at``: its text (the only change is its
        "Written:" line) and what draws it (the same parse, the new time)."""
        old = f"\n- Written: {self.handoff.made_at}\n"
        new = f"\n- Written: {made_at}\n"
        markdown = self.handoff.markdown.replace(old, new, 1)
        shown = self.note.markdown.replace(old, new, 1)
        return (
            replace(self.handoff, made_at=made_at, markdown=markdown),
            self.note._replace(markdown=shown, made_at=made_at),
        )


def prepare_note(service: Service, session_id: str, snapshot: str | None) -> Note | None:
    """In a worker: the note of the session's checkpoint (``snapshot`` None)
    or of one of its snapshots; ``None`` if it cannot be made (the key then
    makes it and says why) or cannot be drawn from a stamped parse."""
    from ckpt_tui.core import handoff as ho
    from ckpt_tui.ui.screens.handoff import StampedNote, stamped_note

    try:
        token = change_token(service)
        built = ho.build(service, session_id, snapshot)
    except CkptError:
        return None
    note: RenderableType | StampedNote = stamped_note(built.markdown, built.made_at)
    line = f"\n- Written: {built.made_at}\n"
    if not isinstance(note, StampedNote) or built.markdown.count(line) != 1:
        return None
    try:
        path: str | None = str(
            ho.handoff_path(ho.project_directory(service, built.project_id), session_id)
        )
    except CkptError:
        path = None
    return Note(built, note, token, path)


class PreparedNotes:
    """The notes made ahead, by session and snapshot."""

    def __init__(self) -> None:
        self._notes: LatestFew[Note] = LatestFew(KEEP)

    def prepare(self, service: Service, session_id: str, snapshot: str | None) -> None:
        """In a worker: the note for ``e`` on this selection, unless one is
        kept at the store's current token."""
        key = (session_id, snapshot)
        try:
            token = change_token(service)
        except CkptError:
            return
        if self._notes.fresh(key, token):
            return
        note = prepare_note(service, session_id, snapshot)
        if note is None:
            self._notes.drop(key)
        else:
            self._notes.put(key, note)

    def get(self, session_id: str, snapshot: str | None) -> Note | None:
        return self._notes.get((session_id, snapshot))
