"""The mark (``m``): one snapshot or one session's live checkpoint, in any
session. ``d`` diffs against it, and ``r`` with a mark from another session
copies it into the selected session (core.across)."""

from __future__ import annotations

from typing import NamedTuple

from ckpt_tui.core.across import Ref


class Mark(NamedTuple):
    session_id: str
    id: str | None  # the snapshot's id; None: the session's live checkpoint
    name: str  # what to call it on screen

    @property
    def ref(self) -> Ref:
        return Ref(self.session_id, self.id)
