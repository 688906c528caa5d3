"""Commands over opencode's own storage (read only): ``conversation`` and
``list sessions --opencode``.

Both find opencode's data dir from ``--opencode-data DIR``, else
``$CKPT_OPENCODE_DATA``, else the platform default, and honour
``$OPENCODE_DB`` as opencode does. Times are ISO 8601 UTC with milliseconds
(``2026-03-02T09:02:00.000Z``) or ``null``.

``ckpt-tui list sessions --opencode --json``::

    {
      "dataDir": "/home/me/.local/share/opencode",
      "store": "/home/me/.local/share/opencode/checkpoint-orchestrator/checkpoints.db",
      "storeStatus": "ok" | "missing" | "error: <one line>",
      "total": 11,
      "duplicatesSkipped": 2,        # sessions also found in a later source
      "damagedSkipped": 2,           # records that were not JSON objects
      "sources": [{"name": "opencode.db" | "opencode-dev.db" | "storage tree",
                   "kind": "db" | "tree", "path": "...", "sessions": 9,
                   "duplicatesSkipped": 0, "damagedSkipped": 0,
                   "error": null | "<why the source was skipped>"}],
      "warnings": ["..."],
      "items": [{                     # children right after their parent
        "id": "ses_...", "projectId": "...", "directory": "/path" | null,
        "title": "...", "agent": "build" | null, "parentId": "ses_..." | null,
        "depth": 0,                   # 1 for a child, 2 for a grandchild...
        "archived": false, "archivedAt": null,
        "createdAt": "...", "updatedAt": "...", "lastActivity": "...",
        "messageCount": 4 | null,     # null: unknown (this opencode version is not understood)
        "source": "opencode.db",
        "checkpoint": "in_progress" | "done (placeholder)" | ... | "none" | "no store",
        "hasCheckpoint": true,
        "usage": null | {             # from the messages; null: not readable
          "messages": 4, "prompts": 2, "assistantMessages": 2,
          "cost": 0.0084 | null,      # null: no message recorded a cost (not 0)
          "tokens": {"input": 2400, "output": 360, "reasoning": 80,
                     "cacheRead": 1600, "cacheWrite": 0},  # each null when absent
          "models": ["anthropic/claude-sonnet-4-5"], "agents": ["build"],
          "files": ["/path/touched/by/a/tool"], "damagedSkipped": 0
        }
      }]
    }

``ckpt-tui conversation SESSION --json``::

    {
      "session": { ...one item as above, without depth/checkpoint... },
      "total": 4,                     # messages, damaged ones included
      "damagedSkipped": 0,
      "warnings": ["read from the old storage tree because opencode.db: busy (...):
                    it may be out of date"],   # or [] when nothing is amiss
      "messages": [{
        "id": "msg_...", "role": "user" | "assistant",
        "createdAt": "...", "completedAt": "..." | null,
        "lastActivity": "...",       # created, or a later tool end
        "agent": "build" | null, "model": "anthropic/claude-sonnet-4-5" | null,
        "error": null | {"name": "APIError", "message": "Overloaded"},
        "parts": [
          {"type": "text", "id": "prt_...", "text": "...", "synthetic": false},
          {"type": "reasoning", "id": "prt_...", "text": "..."},
          {"type": "tool", "id": "prt_...", "tool": "bash",
           "status": "completed" | "error" | "running" | "pending",
           "title": "..." | null, "startedAt": "..." | null, "endedAt": "..." | null,
           "durationMs": 2500 | null, "error": "..." | null,
           "input": {"command": "pytest -q"} | null,   # state.input as recorded, whole
           "output": "..." | null},                     # whole; null: none (see error)
          {"type": "file" | "patch" | "...", "id": "prt_...", "summary": "..."}
        ]
      }]
    }

In text, each tool call is followed by its input (one line per field) and
its output, each cut after 12 lines or 2,000 characters with a line saying
how much was left out; ``--full`` prints them whole.

Exit status: 0, or 1 with one line on stderr (no data dir, unknown session,
unreadable source, or a database whose conversation tables this version does
not know: "this opencode version is not understood").
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ckpt_tui import paths, timeutil
from ckpt_tui.cli.output import emit_json, say, status_style, table
from ckpt_tui.core.text import printable
from ckpt_tui.errors import CkptError, NotFound, StoreMissing
from ckpt_tui.plural import counted

if TYPE_CHECKING:
    from ckpt_tui.opencode import OpencodeReader, SessionInfo

# Command bodies import the views and the core modules they use when they
# run: `ckpt-tui` with no subcommand builds this parser on its way to the app.
PAGE = 500
#: Where ``conversation`` cuts a tool's input value or output (--full: never);
#: ``ckpt_tui.conversation.FOLD_LINES``, without importing it for --help.
FOLD_LINES = 12
NO_STORE = "no store"
NO_CHECKPOINT = "none"


def _reader(args) -> OpencodeReader:
    from ckpt_tui import opencode as oc

    reader = oc.OpencodeReader.from_env(getattr(args, "opencode_data", None))
    if not reader.exists():
        raise CkptError(
            f"no opencode data at {reader.data_dir} (use --opencode-data DIR or $CKPT_OPENCODE_DATA)"
        )
    return reader


def _warn(lines) -> None:
    for line in lines:
        print(printable(f"ckpt-tui: warning: {line}", 2000), file=sys.stderr)


def _when(moment) -> str:
    """Local time with its age, as every table of the command line shows it."""
    from ckpt_tui.cli.output import when

    return when(timeutil.fmt(moment)) if moment is not None else "-"


def _status_text(status: str) -> str:
    """A checkpoint status as a person reads it (``in progress (placeholder)``);
    JSON keeps the stored value."""
    from ckpt_tui.fields import status_label

    value, placeholder, _ = status.partition(" (placeholder)")
    return status_label(value) + placeholder


# -- checkpoint status ----------------------------------------------------------------


def _checkpoint_statuses(db) -> tuple[dict[str, str] | None, str]:
    """Checkpoint status by session id from the store, read-only, and how
    the store fared: ``ok``, ``missing`` or ``error: ...``."""
    from ckpt_tui.core.service import open_service

    try:
        svc = open_service(db, read_only=True)
    except StoreMissing:
        return None, "missing"
    except CkptError as exc:
        return None, f"error: {exc}"
    statuses: dict[str, str] = {}
    try:
        after = None
        while True:
            page = svc.sessions(after=after, limit=PAGE)
            for row in page.rows:
                if not row.has_checkpoint:
                    statuses[row.id] = NO_CHECKPOINT
                elif row.synthesized:
                    statuses[row.id] = f"{row.status} (placeholder)"
                else:
                    statuses[row.id] = str(row.status)
            if page.cursor is None:
                break
            after = page.cursor
    except CkptError as exc:
        return None, f"error: {exc}"
    finally:
        svc.close()
    return statuses, "ok"


def _store_has_project(db, project_id: str) -> bool:
    from ckpt_tui.core.service import open_service

    try:
        svc = open_service(db, read_only=True)
    except CkptError:
        return False
    try:
        svc.project(project_id)
    except NotFound:
        return False
    finally:
        svc.close()
    return True


# -- list sessions --opencode -----------------------------------------------------------


def list_opencode_sessions(args) -> int:
    """opencode's sessions, children under parents, with checkpoint status."""
    from ckpt_tui import opencode as oc

    reader = _reader(args)
    result = reader.sessions()
    sessions = list(result.sessions)
    project = getattr(args, "project", None)
    statuses, store_status = _checkpoint_statuses(args.db)
    if project is not None:
        sessions = [s for s in sessions if s.project_id == project]
        if not sessions and not _store_has_project(args.db, project):
            raise NotFound(f"no such project {project!r} in opencode's data or the store")
    warnings = list(result.warnings)
    if store_status.startswith("error"):
        warnings.append(f"checkpoint store: {store_status[len('error: ') :]}")

    def status(info: SessionInfo) -> str:
        if statuses is None:
            return NO_STORE
        return statuses.get(info.id, NO_CHECKPOINT)

    tree = oc.session_tree(sessions)
    if args.json:
        emit_json(_sessions_json(args, reader, result, tree, status, store_status, warnings))
        return 0
    _warn(warnings)
    table(
        ["SESSION", "AGENT", "MSGS", "LAST ACTIVITY", "CHECKPOINT", "SOURCE", "TITLE"],
        [
            (
                "  " * depth + info.id,
                info.agent or "-",
                "?" if info.message_count is None else info.message_count,
                _when(info.activity),
                _status_text(status(info)),
                info.source,
                ("[archived] " if info.archived else "") + info.title,
            )
            for info, depth in tree
        ],
        styles={4: status_style},
    )
    return 0


def _sessions_json(args, reader, result, tree, status, store_status, warnings) -> dict:
    """``list sessions --opencode --json``: the session tree with each
    session's checkpoint status and usage, and where it was read from."""
    from ckpt_tui.cli import opencode_json as ocjson

    items = []
    for info, depth in tree:
        item = ocjson.session(info)
        item["depth"] = depth
        item["checkpoint"] = status(info)
        item["hasCheckpoint"] = status(info) not in (NO_STORE, NO_CHECKPOINT)
        item["usage"] = _usage(reader, info.id)
        items.append(item)
    return {
        "dataDir": str(reader.data_dir),
        "store": str(args.db or paths.default_store_path()),
        "storeStatus": store_status,
        "total": len(items),
        "duplicatesSkipped": result.duplicates_skipped,
        "damagedSkipped": result.damaged_skipped,
        "sources": [ocjson.source(s) for s in result.sources],
        "warnings": warnings,
        "items": items,
    }


def _usage(reader: OpencodeReader, session_id: str) -> dict | None:
    """What the session cost, or ``None`` when its source cannot be read now."""
    try:
        return reader.usage(session_id).to_json()
    except CkptError:
        return None


# -- conversation ---------------------------------------------------------------------


def _all_messages(reader: OpencodeReader, session_id: str):
    """Every message, the damaged records skipped, and the pages' warnings (once each)."""
    messages, damaged, after, warnings = [], 0, None, {}
    while True:
        page = reader.conversation_page(session_id, after=after, limit=PAGE)
        messages += page.messages
        damaged += page.damaged_skipped
        warnings.update(dict.fromkeys(page.warnings))
        if page.cursor is None:
            return messages, damaged, list(warnings)
        after = page.cursor


def _seconds(ms: int | None) -> str:
    return "" if ms is None else f" {ms / 1000:.1f}s"


def _print_block(label: str, text: str, full: bool) -> None:
    """``    label: text``, later lines indented under it, folded unless ``full``."""
    from ckpt_tui.conversation import fold

    shown = fold(text)
    body = text if full or not shown.folded else shown.text
    lines = body.split("\n")
    say(f"    {label}: {lines[0]}")
    for line in lines[1:]:
        say(f"      {line}")
    if not full and shown.folded:
        say(f"      {shown.rest()} (--full shows them)")


def _print_tool_detail(part, full: bool) -> None:
    """A tool call's input, field by field, and its output."""
    for name, value in part.input_fields():
        _print_block(name, value, full)
    if part.output is not None:
        _print_block("output", part.output, full)


def _print_message(message, full: bool = False) -> None:
    from ckpt_tui import opencode as oc

    head = f"--- {_when(message.created)}  {message.role}"
    if message.agent:
        head += f"  {message.agent}"
    if message.model:
        head += f"  {message.model}"
    say(head, "bold")
    for part in message.parts:
        if isinstance(part, oc.TextPart):
            say(part.text)
        elif isinstance(part, oc.ReasoningPart):
            say(f"[reasoning] {part.text}")
        elif isinstance(part, oc.ToolPart):
            detail = part.error or part.title or ""
            say(f"[tool {part.tool} {part.status}{_seconds(part.duration_ms)}] {detail}".rstrip())
            _print_tool_detail(part, full)
        else:
            say(f"[{part.type}] {part.summary}".rstrip())
    if message.error is not None:
        say(f"[error {message.error.name}] {message.error.message}".rstrip())


def cmd_conversation(args) -> int:
    from ckpt_tui.cli import opencode_json as ocjson

    reader = _reader(args)
    info = reader.session(args.session)
    messages, damaged, warnings = _all_messages(reader, args.session)
    total = reader.conversation_count(args.session)
    if args.json:
        emit_json(
            {
                "session": ocjson.session(info),
                "total": total,
                "damagedSkipped": damaged,
                "warnings": warnings,
                "messages": [ocjson.message(m) for m in messages],
            }
        )
        return 0
    if damaged:
        warnings.append(f"{counted(damaged, 'damaged record')} skipped")
    _warn(warnings)
    say(f"{info.title or '(untitled)'}  ({info.id}, {info.source}, {counted(total, 'message')})")
    for message in messages:
        _print_message(message, args.full)
    return 0


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    help_text = "show an opencode session's conversation (read only)"
    p = sub.add_parser("conversation", parents=[common], help=help_text, description=help_text)
    p.add_argument("session", metavar="SESSION", help="opencode session id")
    p.add_argument(
        "--full",
        action="store_true",
        help=f"show tool inputs and outputs whole (else each is cut after {counted(FOLD_LINES, 'line')})",
    )
    # SUPPRESS: an unset sub-option must not hide ``ckpt-tui --opencode-data DIR conversation``.
    p.add_argument(
        "--opencode-data", metavar="DIR", default=argparse.SUPPRESS, help="opencode's data dir"
    )
    p.set_defaults(run=cmd_conversation, paged=True)
