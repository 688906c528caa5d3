"""Field history (blame): each line or item of a field with the snapshot
where it first appeared; the status timeline; removed items folded below.

``enter`` on an annotated row selects that snapshot in the main screen
(an :class:`~ckpt_tui.ui.messages.OpenInMain` message); on the fold it
shows or hides the removed items.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ckpt_tui import timeutil
from ckpt_tui.core.actions import Service
from ckpt_tui.core.history import FieldHistory, Origin
from ckpt_tui.core.model import LABEL
from ckpt_tui.plural import counted
from ckpt_tui.records import Page
from ckpt_tui.ui.messages import OpenInMain
from ckpt_tui.ui.render import ARCHIVED_MARK, fit, kind_badge, literal, safe
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.paged_list import PagedList

#: Width of the annotation column (snapshot name and time).
NOTE_WIDTH = 45
#: The narrowest note: its time and kind ("12-01 10:56 pre-rst ").
NOTE_MIN = 24


class Row(NamedTuple):
    kind: str  # line | transition | fold | removed | heading
    text: str
    origin: Origin | None = None
    readded: bool = False
    old: str | None = None
    index: int = 0  # rows with the same text stay distinct keys


class BlameList(PagedList[Row]):
    """The annotated rows; computed once, in the list's worker, then paged
    from memory (a field may have thousands of lines)."""

    NOUN = "lines"
    EMPTY_TEXT = "(empty)"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *PagedList.COMPONENT_CLASSES,
        "blame--note",
        "blame--readded",
        "blame--removed",
        "blame--fold",
        "blame--new",
    }
    DEFAULT_CSS = """
    BlameList > .blame--note { color: $text-muted; }
    BlameList > .blame--readded { color: $warning; }
    BlameList > .blame--removed { color: $error; }
    BlameList > .blame--fold { color: $accent; text-style: bold; }
    BlameList > .blame--new { color: $success; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "toggle_removed", "Removed items", id="history.toggle_removed"),
    ]

    class Loaded(Message):
        def __init__(self, history: FieldHistory) -> None:
            super().__init__()
            self.history = history

    def __init__(
        self,
        service: Service,
        project_id: str,
        session_id: str,
        snapshot_id: str | None,
        field: str,
    ) -> None:
        self.service = service
        self.project_id = project_id
        self.session_id = session_id
        self.snapshot_id = snapshot_id
        self.field = field
        self.history: FieldHistory | None = None
        self.show_removed = False
        super().__init__(f"{LABEL[field]}", id="blame")

    def fetch(self, after, limit) -> Page[Row]:
        if self.history is None:
            self.history = self.service.field_history(
                self.session_id, self.field, self.snapshot_id
            )
            self.post_message(self.Loaded(self.history))
        rows = self._rows(self.history)
        start = after[0] if after else 0
        end = start + limit
        return Page(rows[start:end], len(rows), (end,) if end < len(rows) else None)

    def _rows(self, h: FieldHistory) -> list[Row]:
        rows: list[Row] = []
        if h.transitions:
            rows.append(
                Row("heading", f"Status timeline ({counted(len(h.transitions), 'change')})")
            )
            for i, t in enumerate(reversed(h.transitions)):
                rows.append(Row("transition", t.new, t.at, old=t.old, index=i))
            rows.append(Row("heading", "Current value"))
        rows += [Row("line", x.text, x.since, x.readded, index=i) for i, x in enumerate(h.lines)]
        if not h.lines:
            rows.append(Row("heading", "(empty now)"))
        if h.removed:
            mark = "▾" if self.show_removed else "▸"
            hint = "" if self.show_removed else "  (enter or x shows them)"
            what = f"Removed: {len(h.removed)}, each with the snapshot where it disappeared"
            rows.append(Row("fold", f"{mark} {what}{hint}"))
            if self.show_removed:
                rows += [
                    Row("removed", x.text, x.removed_at, index=i) for i, x in enumerate(h.removed)
                ]
        return rows

    def row_key(self, row: Row) -> object:
        return (row.kind, row.text, row.index)

    def render_row(self, row: Row, width: int) -> Text:
        note_style = self.get_component_rich_style("blame--note")
        if row.kind in ("heading", "fold"):
            style = (
                "bold" if row.kind == "heading" else self.get_component_rich_style("blame--fold")
            )
            return Text(row.text, style=style)
        note = _note(row.origin, note_style)
        if row.kind == "line" and row.readded:
            note.append(" re-added", style=self.get_component_rich_style("blame--readded"))
        # At 80 columns a 45-wide note left the line itself 30: the note is
        # cut first (its time and kind stay), the line keeps the room.
        room = min(NOTE_WIDTH, max(NOTE_MIN, width // 3))
        note = fit(note, room - 1)  # a space before the rule, always
        note.pad_right(room - note.cell_len)
        if row.kind == "transition":
            body = Text.assemble(
                safe(row.old or "(start)", 100), " → ", safe(row.text, 100, "bold")
            )
        elif row.kind == "removed":
            body = Text.assemble(("- ", ""), safe(row.text, 2000))
            body.stylize(self.get_component_rich_style("blame--removed"))
        else:
            body = safe(row.text, 2000)
        return Text.assemble(note, ("│ ", note_style), body)

    def action_open(self) -> None:
        row = self.highlighted
        if row is None:
            return
        if row.kind == "fold":
            self.action_toggle_removed()
        elif row.origin is not None:
            self.post_message(OpenInMain(self.project_id, self.session_id, row.origin.id))

    def action_toggle_removed(self) -> None:
        if self.history is None or not self.history.removed:
            return
        self.show_removed = not self.show_removed
        self.reload(keep_selection=True)


def _note(origin: Origin | None, style) -> Text:
    """When first (it is always visible), then the kind and the name."""
    if origin is None:
        return Text()
    when = (f"{timeutil.short(origin.captured_at)[5:]} ", style)
    if origin.is_current:
        return Text.assemble(when, ("current checkpoint", "italic"))
    name = safe(origin.name, 200)
    if origin.archived:  # pruned from its store: the archive alone keeps it
        return Text.assemble(when, kind_badge(origin.kind), " ", ARCHIVED_MARK, " ", name)
    return Text.assemble(when, kind_badge(origin.kind), " ", name)


class HistoryScreen(Screen[None]):
    DEFAULT_CSS = """
    HistoryScreen #summary { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="history.close"),
    ]

    def __init__(
        self,
        service: Service,
        project_id: str,
        session_id: str,
        snapshot_id: str | None,
        field: str,
    ) -> None:
        super().__init__()
        self.blame = BlameList(service, project_id, session_id, snapshot_id, field)

    def compose(self) -> ComposeResult:
        yield Static("Walking the history…", id="summary")
        yield self.blame
        yield KeyBar()

    def on_mount(self) -> None:
        self.blame.reload(reset=True)
        self.blame.focus()

    def on_blame_list_loaded(self, event: BlameList.Loaded) -> None:
        h = event.history
        shown = "the current checkpoint" if h.shown.is_current else f"snapshot {h.shown.name}"
        text = Text.assemble(
            ("History of ", ""),
            (LABEL[h.field], "bold"),
            " in ",
            safe(shown, 200),
            " of session ",
            safe(h.session_id, 200),
            f"\n{counted(h.versions, 'version')} walked, oldest first",
        )
        if h.skipped:
            text.append(f"; {h.skipped} damaged skipped")
        text.append(
            ". Each line: the snapshot where it first appeared in the unbroken run of "
            "versions that leads here. enter selects that snapshot."
        )
        self.query_one("#summary", Static).update(text)
        self.blame.border_subtitle = literal(f"{len(h.lines)} now, {len(h.removed)} removed")

    def action_close(self) -> None:
        self.dismiss()
