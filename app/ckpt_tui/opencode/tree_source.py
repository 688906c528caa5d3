"""Sessions from the JSON file tree opencode wrote before v1.2.0.

Layout (ids come from the paths, as opencode took them)::

    storage/session/<projectID>/<sessionID>.json
    storage/message/<sessionID>/<messageID>.json
    storage/part/<messageID>/<partID>.json
    storage/project/<projectID>.json

opencode no longer writes here, but sessions that never reached a database
are only here. Files are read one at a time and never locked or changed.
Messages come in id order, as opencode listed them before v1.2.0 (the tree
has no ``time_created`` column).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ckpt_tui.opencode import records
from ckpt_tui.opencode.model import TREE_SOURCE, ProjectRecord, SessionInfo
from ckpt_tui.opencode.source import HydratedMessage, Listing, RawPage, page_cursor, read_cursor

# Ids become path components here: anything else could climb out of storage/.
_SAFE_ID = re.compile(r"[A-Za-z0-9_-]+")
AGENT_PROBE = 4
# How far back from the newest message file to look for a readable one.
LAST_PROBE = 3


def _read_object(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise records.Damaged(str(exc)) from exc
    return records.load_object(raw)


def _json_files(folder: Path) -> list[Path]:
    """``*.json`` files in id order (their names are the ids)."""
    try:
        return sorted((p for p in folder.iterdir() if p.suffix == ".json"), key=lambda p: p.stem)
    except OSError:
        return []


def _get(data: dict[str, Any], *keys: str) -> Any:
    value: Any = data
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


class TreeSource:
    kind = "tree"
    name = TREE_SOURCE

    def __init__(self, storage: Path) -> None:
        self.storage = storage
        self.path = str(storage)

    # -- files ------------------------------------------------------------------

    def _session_files(self) -> list[tuple[str, Path]]:
        root = self.storage / "session"
        found = []
        for project in sorted(p for p in _dirs(root)):
            found += [(project.name, f) for f in _json_files(project)]
        return found

    def _session_file(self, session_id: str) -> tuple[str, Path] | None:
        if not _SAFE_ID.fullmatch(session_id):
            return None
        for project in sorted(_dirs(self.storage / "session")):
            candidate = project / f"{session_id}.json"
            if candidate.is_file():
                return project.name, candidate
        return None

    def _message_files(self, session_id: str) -> list[Path]:
        return _json_files(self.storage / "message" / session_id)

    def _message(self, session_id: str, file: Path) -> dict[str, Any]:
        return records.hydrate_message(file.stem, session_id, _read_object(file))

    def _parts(self, session_id: str, message_id: str, damaged: set[str]) -> list[dict[str, Any]]:
        parts = []
        for file in _json_files(self.storage / "part" / message_id):
            try:
                data = _read_object(file)
            except records.Damaged:
                damaged.add(str(file))
                continue
            parts.append(records.hydrate_part(file.stem, session_id, message_id, data))
        return parts

    def _project_directory(self, project_id: str) -> str | None:
        if not _SAFE_ID.fullmatch(project_id):
            return None
        try:
            worktree = _read_object(self.storage / "project" / f"{project_id}.json").get("worktree")
        except records.Damaged:
            return None
        return worktree if isinstance(worktree, str) and worktree else None

    # -- projects -----------------------------------------------------------------

    def list_projects(self) -> list[ProjectRecord]:
        """``storage/project/<id>.json`` records; damaged ones are skipped."""
        found = []
        for file in _json_files(self.storage / "project"):
            if not _SAFE_ID.fullmatch(file.stem):
                continue
            try:
                data = _read_object(file)
            except records.Damaged:
                continue
            worktree = data.get("worktree")
            sandboxes = data.get("sandboxes")
            found.append(
                ProjectRecord(
                    file.stem,
                    worktree if isinstance(worktree, str) and worktree else None,
                    tuple(d for d in sandboxes or () if isinstance(d, str) and d)
                    if isinstance(sandboxes, list)
                    else (),
                    self.name,
                )
            )
        return found

    # -- sessions ---------------------------------------------------------------

    def list_sessions(self) -> Listing:
        listing = Listing(sessions=[])
        for project_id, file in self._session_files():
            info = self._describe(project_id, file, listing.damaged)
            if info is not None:
                listing.sessions.append(info)
        return listing

    def has_session(self, session_id: str) -> bool:
        return self._session_file(session_id) is not None

    def find_session(self, session_id: str) -> SessionInfo | None:
        located = self._session_file(session_id)
        return None if located is None else self._describe(*located, set())

    def _describe(self, project_id: str, file: Path, damaged: set[str]) -> SessionInfo | None:
        session_id = file.stem
        try:
            data = _read_object(file)
        except records.Damaged:
            damaged.add(str(file))
            return None
        message_files = self._message_files(session_id)
        activity = None
        for last in reversed(message_files[-LAST_PROBE:]):  # the newest readable one
            try:
                message = self._message(session_id, last)
            except records.Damaged:
                damaged.add(str(last))
                continue
            activity = records.message_activity(
                message, self._parts(session_id, last.stem, damaged)
            )
            break
        agent = data.get("agent") if isinstance(data.get("agent"), str) else None
        if not agent:
            firsts = []
            for f in message_files[:AGENT_PROBE]:
                try:
                    firsts.append(self._message(session_id, f))
                except records.Damaged:
                    damaged.add(str(f))
            agent = records.session_agent(firsts)
        archived = _get(data, "time", "archived")
        directory = data.get("directory")
        title = data.get("title")
        parent = data.get("parentID")
        return SessionInfo(
            id=session_id,
            project_id=project_id,
            directory=directory
            if isinstance(directory, str) and directory
            else self._project_directory(project_id),
            title=title if isinstance(title, str) else "",
            agent=agent or None,
            parent_id=parent if isinstance(parent, str) and parent else None,
            archived=archived is not None,
            archived_at=records.moment(archived),
            created=records.moment(_get(data, "time", "created")),
            updated=records.moment(_get(data, "time", "updated")),
            last_activity=activity,
            message_count=len(message_files),
            source=self.name,
            source_path=self.path,
        )

    # -- conversation -----------------------------------------------------------

    def page(self, session_id: str, after: str | None, limit: int) -> RawPage:
        if not _SAFE_ID.fullmatch(session_id):
            return RawPage([], False, 0)
        start = read_cursor(after)
        files = [f for f in self._message_files(session_id) if start is None or f.stem > start[1]]
        has_more = len(files) > limit
        damaged: set[str] = set()
        messages: list[HydratedMessage] = []
        files = files[:limit]
        for file in files:
            try:
                message = self._message(session_id, file)
            except records.Damaged:
                damaged.add(str(file))
                continue
            messages.append((message, self._parts(session_id, file.stem, damaged)))
        return RawPage(
            messages, has_more, len(damaged), page_cursor(files[-1].stem) if files else None
        )

    def count(self, session_id: str) -> int:
        if not _SAFE_ID.fullmatch(session_id):
            return 0
        return len(self._message_files(session_id))


def _dirs(root: Path) -> list[Path]:
    try:
        return [p for p in root.iterdir() if p.is_dir()]
    except OSError:
        return []
