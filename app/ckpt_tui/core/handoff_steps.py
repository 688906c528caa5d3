"""Hand-off notes as undoable steps: writing one is journaled with the
file's previous bytes, undo puts them back (or removes the note), redo
writes the note again; each only if the file still holds what the step
left there. The note itself is ``core.handoff``'s."""

from __future__ import annotations

import base64
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ckpt_tui.core.plans import Outcome, Plan, Step
from ckpt_tui.core.undo_redo import UndoRedo, journal_after_write
from ckpt_tui.errors import CkptError, ReadOnly

if TYPE_CHECKING:

    from ckpt_tui.core.handoff import Handoff, Written
    from ckpt_tui.core.reads import Reader


def write(
    reader: Reader,
    undo_redo: UndoRedo,
    session_id: str,
    snapshot: str | None = None,
    built: Handoff | None = None,
) -> Written:
    """Write the session's hand-off note (``built``: this one, see
    ``core.handoff.write_handoff``), journaled like any other step: undo
    puts back what the file held before (or removes it)."""
    from ckpt_tui.core import handoff as ho

    newest = undo_redo.newest_pre_restore(session_id)
    written = ho.write_handoff(reader, session_id, snapshot, built)
    before, encoding = _as_text(written.previous or b"")
    step = undo_redo.entry_only_step(
        Step.HANDOFF,
        label=f"hand-off note {written.path.name}",
        before=before,
        after=written.handoff.markdown,
        after_snapshot_id=None,
        newest_pre_restore=newest,
        detail={
            "path": str(written.path),
            "existed": written.previous is not None,
            "encoding": encoding,
        },
    )
    warning = journal_after_write(
        lambda: undo_redo.journal.push(session_id, **step), "undo cannot take this note back"
    )
    return replace(written, warning=warning)


def undo_or_redo(reader: Reader, undo_redo: UndoRedo, plan: Plan) -> Outcome:
    """Undo puts back the previous note (or removes it); redo writes ours again."""
    from ckpt_tui.core import handoff as ho

    entry = plan.entry
    assert entry is not None
    if reader.store.read_only_reason:
        raise ReadOnly(f"read-only ({reader.store.read_only_reason}): the note was not changed")
    path = Path(entry.detail["path"])
    if path.name != ho.handoff_filename(plan.session_id):
        raise CkptError(f"{path} is not this session's hand-off note; nothing was changed")
    ours = entry.after.encode("utf-8")
    previous = _from_text(entry.before, entry.detail.get("encoding", "utf-8"))
    if not entry.detail.get("existed"):
        previous = None
    if plan.action == Step.UNDO:
        ho.put_back(path, ours, previous)
        warning = journal_after_write(
            lambda: undo_redo.record_entry_step(plan), "redo cannot write it again"
        )
        what = "put back the previous note" if previous is not None else "removed the note"
        message = f"undid the hand-off: {what} at {path}"
        return Outcome(Step.UNDO, plan.session_id, message, True).warned(warning)
    ho.put_back(path, previous, ours)
    warning = journal_after_write(
        lambda: undo_redo.record_entry_step(plan), "undo cannot take it back again"
    )
    message = f"redid the hand-off: wrote {path} again"
    return Outcome(Step.REDO, plan.session_id, message, True).warned(warning)


def _as_text(data: bytes) -> tuple[str, str]:
    """File bytes as journal text: UTF-8 when they are, else base64."""
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return base64.b64encode(data).decode("ascii"), "base64"


def _from_text(text: str, encoding: str) -> bytes:
    return base64.b64decode(text) if encoding == "base64" else text.encode("utf-8")
