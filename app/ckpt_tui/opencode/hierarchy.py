"""Children under their parents, for lists that show subagent sessions.

opencode links a subagent's session to the session that spawned it with
``parent_id``. A list reads best with each child right under its parent,
in the order they were created; a child whose parent is not in the list
(archived away, or in a source that could not be read) stands on its own.
"""

from __future__ import annotations

from collections.abc import Iterable

from ckpt_tui.opencode.model import SessionInfo


def session_tree(sessions: Iterable[SessionInfo]) -> list[tuple[SessionInfo, int]]:
    """``(session, depth)`` pairs: roots in the given order, each followed
    by its descendants depth-first, oldest child first."""
    ordered = list(sessions)
    ids = {s.id for s in ordered}
    children: dict[str, list[SessionInfo]] = {}
    roots = []
    for info in ordered:
        if info.parent_id and info.parent_id in ids and info.parent_id != info.id:
            children.setdefault(info.parent_id, []).append(info)
        else:
            roots.append(info)
    for kids in children.values():
        kids.sort(
            key=lambda s: (s.created is None, s.created.timestamp() if s.created else 0, s.id)
        )

    out: list[tuple[SessionInfo, int]] = []
    placed: set[str] = set()

    def walk(info: SessionInfo, depth: int) -> None:
        if info.id in placed:  # a parent_id cycle: show each session once
            return
        placed.add(info.id)
        out.append((info, depth))
        for kid in children.get(info.id, []):
            walk(kid, depth + 1)

    for root in roots:
        walk(root, 0)
    for info in ordered:  # members of a cycle have no root to hang from
        walk(info, 0)
    return out
