"""What the main screen's detail pane shows for the selection: a project,
a session's current checkpoint (or an opencode session that has none),
or a snapshot. Built in the detail workers (the store and opencode's
records are read here), handed to the pane on the UI thread."""

from __future__ import annotations

from typing import NamedTuple

from rich.console import RenderableType
from rich.text import Text

from ckpt_tui.core.actions import Service
from ckpt_tui.core.activity import Activity
from ckpt_tui.core.model import Damaged
from ckpt_tui.errors import CkptError
from ckpt_tui.records import ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.ui.checkpoint_view import damaged_parts
from ckpt_tui.ui.render import Aged, Ago, home_relative, safe
from ckpt_tui.ui.usage_view import usage_text
from ckpt_tui.ui.widgets.detail import Shown

EMPTY_STORE = Text.assemble(
    ("This store has no projects yet.\n\n", "bold"),
    "The checkpoint-orchestrator plugin fills it as you work with opencode.\n",
    "To look around first: ",
    ("ckpt-tui demo", "bold"),
    " writes a sample store, and ",
    ("make demo", "bold"),
    " opens it.",
)


class Plain(NamedTuple):
    """Anything but a checkpoint: what to show (ages in it worked out when
    drawn) and the pane's title."""

    body: RenderableType | Aged
    title: str


#: What a detail worker hands the pane: a checkpoint (its fields can be
#: moved through) or anything else.
Detail = Shown | Plain


def project_text(row: ProjectRow) -> Plain:
    text = Text.assemble(
        ("Project ", "bold"),
        safe(row.id, 200),
        "\n",
        ("Directory  ", "dim"),
        safe(home_relative(row.directory), 500),
        "\n",
        ("Canonical  ", "dim"),
        safe(home_relative(row.canonical), 500),
        "\n",
        ("Sessions   ", "dim"),
        str(row.session_count),
        "\n",
        ("Last activity  ", "dim"),
    )
    return Plain(Aged((text, Ago(row.last_activity), Text(f"  ({row.last_activity})"))), "Project")


def opencode_only(row: SessionRow, activity: Activity) -> Plain:
    """A session opencode knows and the plugin saved nothing for (it reads
    opencode's records for the usage: in a worker)."""
    info = activity.info(row.id)
    text = Text.assemble(
        ("opencode session ", "dim"),
        safe(row.title or row.id, 300, style="bold"),
        "\n",
        safe(row.id, 300, style="dim"),
        "\n\n",
        ("No checkpoint: the plugin has saved nothing for this session.\n", "italic"),
    )
    if info is not None:
        text.append(f"\n{info.messages_text()}", style="dim")
        if info.agent:
            text.append(f" · agent {info.agent}", style="dim")
        if info.archived:
            text.append(" · archived", style="dim")
        if info.directory:
            text.append("\ndirectory ", style="dim")
            text.append_text(safe(home_relative(info.directory), 500))
    text.append(
        "\n\nc shows its conversation · y copies `cd -- DIR && opencode --session ID` "
        "(as `ckpt-tui resume --print` prints it)",
        style="dim",
    )
    text.append_text(usage_text(activity.usage(row.id)))
    return Plain(text, "opencode session")


def current_checkpoint(
    service: Service, row: SessionRow, activity: Activity, loaded: bool
) -> Detail:
    """The session's current checkpoint under a heading: its title, when it
    was updated, and what it cost (once opencode's data has ``loaded``)."""
    if row.origin == "opencode":
        return opencode_only(row, activity)
    try:
        current = service.current(row.id)
    except CkptError as exc:
        return Plain(Text(str(exc), style="ckpt--error"), "Session")
    parts: list[Text | Ago] = [
        Text.assemble(
            ("Current checkpoint of ", "dim"),
            safe(activity.title(row) or row.id, 300, style="bold"),
            ("\n", ""),
            safe(row.id, 300, style="dim"),
        )
    ]
    if current.updated_at is not None:
        parts += [Text("  updated ", style="dim"), Ago(current.updated_at, "dim")]
    parts.append(Text("\n"))
    if loaded and activity.readable:
        parts.append(usage_text(activity.usage(row.id)))
    if current.checkpoint is None:
        body = Aged(tuple(parts), (Text("This session has no checkpoint yet.", style="dim"),))
        return Plain(body, "Current checkpoint")
    heading = Aged(tuple(parts))
    return Shown(row.project_id, row.id, None, current.checkpoint, heading, "Current checkpoint")


def snapshot(service: Service, row: SnapshotRow) -> Detail:
    """A snapshot under a heading: its name, kind, when it was captured and
    restored, whether its store has pruned it (the archive's); a damaged
    payload shown raw."""
    try:
        view = service.snapshot(row.session_id, row.id)
    except CkptError as exc:
        return Plain(Text(str(exc), style="ckpt--error"), "Snapshot")
    parts: list[Text | Ago] = [
        Text.assemble(
            ("Snapshot ", "dim"),
            safe(row.name, 300, style="bold"),
            (f"  {row.kind}", "italic"),
            ("\ncaptured ", "dim"),
        ),
        Ago(row.captured_at, "dim"),
        Text(f"  ({row.captured_at})", style="dim"),
    ]
    if row.restored_at:
        parts += [Text("\nrestored ", style="ckpt--restored"), Ago(row.restored_at, "ckpt--restored")]
    if row.archived:
        parts += [
            Text("\n"),
            Text("archived", style="ckpt--archived"),
            Text(" pruned from its store since: the archive alone keeps it", style="dim"),
        ]
    parts.append(Text("\n"))
    heading = Aged(tuple(parts))
    if isinstance(view.content, Damaged):
        return Plain(Aged(heading.parts, damaged_parts(view.content)), "Snapshot")
    return Shown(row.project_id, row.session_id, row.id, view.content, heading, "Snapshot")
