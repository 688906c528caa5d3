"""Showing a search hit on the main screen: its project, session and
snapshot selected (however deep in their lists), the matching field
scrolled into view in the detail pane."""

from __future__ import annotations

from ckpt_tui.core.model import LABEL
from ckpt_tui.core.search import Hit

#: Detail pane headings of the fields that are not in ``LABEL``.
_HEADINGS = {"extra": "Extra payload keys"}


def show_hit(main, hit: Hit) -> None:
    """``main`` is the app's MainScreen; every list loads in its own worker."""
    main.projects.reveal_key(hit.project_id)
    main.sessions.show_project(hit.project_id)
    main.sessions.reveal_key(hit.session_id)
    if hit.current:
        main.snapshots.show_session(hit.session_id)
        title, target = "Current checkpoint", main.sessions
    else:
        if hit.kind == "auto" and main.snapshots.hide_auto:
            main.snapshots.hide_auto = False  # or the hit could not be selected
        main.snapshots.show_session(hit.session_id)
        main.snapshots.reveal_key(hit.snapshot_id)
        title, target = "Snapshot", main.snapshots
    field = hit.snippet.field if hit.snippet else None
    heading = LABEL.get(field or "") or _HEADINGS.get(field or "")
    if heading:
        main.detail.reveal(title, heading)
    target.focus()
