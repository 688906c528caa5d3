"""The three panes: projects, sessions of a project, snapshots of a session."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.binding import Binding, BindingType
from textual.message import Message

from ckpt_tui import timeutil
from ckpt_tui.core.actions import Service
from ckpt_tui.core.activity import Activity
from ckpt_tui.core.archive_view import ArchiveView
from ckpt_tui.core.sorting import (
    PROJECT_SORT_LABELS,
    PROJECT_SORTS,
    SESSION_SORT_LABELS,
    SESSION_SORTS,
    next_sort,
)
from ckpt_tui.core.text import printable
from ckpt_tui.errors import CkptError
from ckpt_tui.records import Page, ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.ui.mark import Mark
from ckpt_tui.ui.render import (
    fit,
    fit_middle,
    fit_path,
    home_relative,
    kind_badge,
    safe,
    status_chip,
)
from ckpt_tui.ui.styles import KIND, STATUS_CHIP, component_css
from ckpt_tui.ui.widgets.paged_list import PagedList

#: Below these widths (inside the border) a row keeps only what matters
#: most: a project its name, a session its title, status and age, a
#: snapshot its kind, name and age.
NARROW_PROJECTS = 20
NARROW_SESSIONS = 50

#: A snapshot row's fixed columns: the kind badge and its space, the age
#: (as wide as ``PagedList.row_age``), the date ("11-21 14:00") and its gap.
KIND_CELLS = 8
AGE_CELLS = 4
DATE_CELLS = 13
#: The least a change summary is worth showing in, and the most a name takes
#: while a summary wants the room.
SUMMARY_MIN = 12
NAME_MOST = 48


class SnapshotColumns(NamedTuple):
    """Which columns a snapshot row shows, and how wide its name and summary are."""

    kind: bool
    name: int
    summary: int
    date: bool


def snapshot_columns(width: int, name_cells: int) -> SnapshotColumns:
    """The columns of a snapshot row ``width`` cells wide whose longest name
    (with its marks) is ``name_cells``: the name gets the space first, then
    its age, the kind, a change summary, and the date only when all of those
    fit (the age and the date never both crowd a narrow pane)."""
    name = min(name_cells, NAME_MOST)
    room = width - 1 - AGE_CELLS  # the name, the space before the age
    if room <= name:
        return SnapshotColumns(False, max(room, 0), 0, False)
    room -= name
    kind = room >= KIND_CELLS
    if kind:
        room -= KIND_CELLS
    date = room >= DATE_CELLS + 1 + SUMMARY_MIN
    if date:
        room -= DATE_CELLS
    summary = room - 1 if room - 1 >= SUMMARY_MIN else 0
    if not summary:  # the name has the rest: the age stays at the right edge
        name += room
    return SnapshotColumns(kind, name, summary, date)


def _tail(path: str) -> tuple[str, str]:
    head, _, name = home_relative(path).rstrip("/").rpartition("/")
    return name or path, head




class MarkChanged(Message):
    """The mark was set, moved or taken off (``mark`` ``None``)."""

    def __init__(self, mark: Mark | None) -> None:
        super().__init__()
        self.mark = mark

class SortChanged(Message):
    """A pane's order changed; ``setting`` is its name in ``config.toml``."""

    def __init__(self, setting: str, value: str) -> None:
        super().__init__()
        self.setting = setting
        self.value = value


class _Sorted:
    """``s`` cycles the pane's order; the title says which, the setting is
    remembered (the screen writes it to the config)."""

    SORTS: ClassVar[tuple[str, ...]] = ()
    SORT_LABELS: ClassVar[dict[str, str]] = {}
    SORT_SETTING = ""
    sort = "activity"

    def sort_title(self) -> str:
        short = {"snapshots": "count"}.get(self.sort, self.sort)
        return "" if self.sort == "activity" else f" [by {short}]"

    def action_cycle_sort(self) -> None:
        self.sort = next_sort(self.sort, self.SORTS)
        self.reload(keep_selection=True)
        self._update_title()
        self.notify(f"{self.NOUN} by {self.SORT_LABELS[self.sort]}", timeout=2)
        self.post_message(SortChanged(self.SORT_SETTING, self.sort))


class ProjectList(_Sorted, PagedList[ProjectRow]):
    FILTERABLE = True
    NOUN = "projects"
    EMPTY_TEXT = "No projects in this store yet"
    SORTS = PROJECT_SORTS
    SORT_LABELS = PROJECT_SORT_LABELS
    SORT_SETTING = "project_sort"
    COMPONENT_CLASSES: ClassVar[set[str]] = {"ckpt--origin"}
    DEFAULT_CSS = component_css(COMPONENT_CLASSES)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "cycle_sort", "Sort: activity, name", show=False, id="projects.sort"),
        Binding("o", "next_origin", "Origin", id="projects.origin"),
    ]

    def __init__(self, service: Service | ArchiveView, *, id: str | None = None) -> None:
        self.service = service
        #: The archive shown (``--archive``): its origins come first.
        self.archive = service if isinstance(service, ArchiveView) else None
        super().__init__("1 Projects", id=id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``o`` (origins) is the archive's; the archive has one order, no ``s``."""
        if action == "next_origin":
            return self.archive is not None
        if action == "cycle_sort":
            return self.archive is None
        return True

    def action_next_origin(self) -> None:
        """Keep the projects and their sessions to the next origin, then to all again."""
        origin = self.archive.next_scope()
        self.reload(keep_selection=True, reset=True)
        self._update_title()
        self.post_message(self.OriginChanged())
        if origin is None:
            self.notify("every origin", timeout=2)
        else:
            self.notify(f"origin {self.archive.host_of(origin.id)}: {origin.label}", timeout=3)

    class OriginChanged(Message):
        """The projects now come from another origin (or all): the sessions follow."""

    def context(self) -> object:
        if self.archive is not None:  # and the origin the projects come from
            return ("projects", self.sort, self.archive.scope)
        return ("projects", self.sort)

    def title_text(self) -> str:
        return super().title_text() + ("" if self.archive is not None else self.sort_title())

    def subtitle_text(self) -> str:
        """In the archive, which origin the projects come from (``o`` moves on)."""
        if self.archive is None:
            return super().subtitle_text()
        scope = self.archive.scope
        where = f"@{self.archive.host_of(scope) if scope else 'all'}"
        return f"{where} {super().subtitle_text()}".rstrip()

    def fetch(self, after, limit) -> Page[ProjectRow]:
        return self.service.projects(
            after=after, limit=limit, text=self.filter_text or None, sort=self.sort
        )

    def row_key(self, row: ProjectRow) -> object:
        return row.id

    def row_time(self, row: ProjectRow) -> object:
        return row.last_activity

    def render_row(self, row: ProjectRow, width: int) -> Text:
        name, head = _tail(row.directory)
        if width < NARROW_PROJECTS:  # a narrow pane: the names, nothing else
            return fit(safe(name, 200, style="bold"), width)
        right = Text.assemble((f"{row.session_count:>3}", "bold"), (f" {self.row_age(row)}", "dim"))
        room = max(width - right.cell_len - 1, 4)
        shown = safe(name, 200, style="bold")
        if row.origins and self.archive is not None:  # the machines holding it
            hosts = " ".join(sorted(self.archive.host_of(o) for o in row.origins))
            return Text.assemble(
                fit(Text.assemble(shown, " ", (hosts, "ckpt--origin")), room), " ", right
            )
        where = room - shown.cell_len - 1  # the folder it is in, cut from the left
        if head and where >= min(len(head), 4 + len(head.rpartition("/")[2])):
            shown = Text.assemble(shown, " ", fit_path(safe(head, 400, style="dim"), where))
        return Text.assemble(fit(shown, room), " ", right)


class SessionList(_Sorted, PagedList[SessionRow]):
    """A project's sessions, children under parents; with opencode's data
    loaded, also its titles, agents and archive state, and (``o``) the
    opencode sessions that have no checkpoint."""

    FILTERABLE = True
    NOUN = "sessions"
    EMPTY_TEXT = "No sessions"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "ckpt--chip-legacy", "ckpt--chip-placeholder", "ckpt--chip-gone", "ckpt--origin",
        *STATUS_CHIP.values(),
    }
    DEFAULT_CSS = component_css(COMPONENT_CLASSES)
    SORTS = SESSION_SORTS
    SORT_LABELS = SESSION_SORT_LABELS
    SORT_SETTING = "session_sort"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "toggle_opencode", "opencode sessions", id="sessions.toggle_opencode"),
        Binding(
            "s",
            "cycle_sort",
            "Sort: activity, title, status, snapshots",
            show=False,
            id="sessions.sort",
        ),
        Binding("m", "mark", "Mark checkpoint", show=False, id="sessions.mark"),
    ]

    class MarkCheckpoint(Message):
        """Mark this session's live checkpoint (for a diff or a copy across sessions)."""

        def __init__(self, row: SessionRow) -> None:
            super().__init__()
            self.row = row

    def __init__(self, service: Service | ArchiveView, *, id: str | None = None) -> None:
        self.service = service
        self.archive = service if isinstance(service, ArchiveView) else None
        self.project_id: str | None = None
        self.activity = Activity.empty()
        self.show_opencode = False
        super().__init__("2 Sessions", id=id)

    def action_mark(self) -> None:
        row = self.highlighted
        if row is not None and row.origin == "store" and row.has_checkpoint:
            self.post_message(self.MarkCheckpoint(row))

    def set_activity(self, activity: Activity) -> None:
        """opencode's data has arrived: merged into the rows already loaded
        (titles, agents and archive marks are drawn from it, its parent links
        nest the rows again), without reading the store again. At start-up a
        second query would compete with the first screen (and be the first
        to need SQLAlchemy). Only the opencode-only rows need a reload.
        When opencode knows nothing, before and now (no data dir), no row
        changes and nothing is repainted: the screen settles sooner."""
        previous, self.activity = self.activity, activity
        knows_nothing = not (activity.readable or activity.sessions)
        if knows_nothing and not (previous.readable or previous.sessions) and self._data is not None:
            return
        if self._data is None or self.show_opencode:
            self.reload()
            return
        key = self.row_key(self.highlighted) if self.highlighted is not None else None
        if self.archive is None:
            self._data.rows = activity.nest(list(self._data.rows))
        index = self._index_of(key)
        if index is not None and index != self.cursor:
            self.set_reactive(PagedList.cursor, index)
        self.rows_changed()

    def action_toggle_opencode(self) -> None:
        if not self.activity.readable:
            why = "; ".join(self.activity.warnings) or "opencode's data is still loading"
            self.notify(f"No opencode sessions to show: {why}", severity="warning")
            return
        self.show_opencode = not self.show_opencode
        self.reload()
        self.notify(
            "showing opencode sessions without a checkpoint (dimmed)"
            if self.show_opencode
            else "showing checkpoint sessions only",
            timeout=3,
        )

    def title_text(self) -> str:
        return (
            super().title_text()
            + self.sort_title()
            + (" [+opencode]" if self.show_opencode else "")
        )

    def show_project(self, project_id: str | None) -> None:
        if project_id != self.project_id:
            self.project_id = project_id
            self.reload(keep_selection=False, reset=True)

    def context(self) -> object:
        return (self.project_id, self.show_opencode, self.sort)

    def fetch(self, after, limit) -> Page[SessionRow] | None:
        if self.project_id is None:
            return None
        text = self.filter_text or None
        page = self.service.session_tree(
            self.project_id, after=after, limit=limit, text=text, sort=self.sort
        )
        rows = list(page.rows)
        total = page.total
        if self.show_opencode and after is None:
            known = self._all_ids(self.project_id)
            extras = self.activity.opencode_only(self.project_id, known)
            if text:
                extras = [r for r in extras if text.lower() in (r.title or r.id).lower()]
            rows += extras
            total += len(extras)
        # The archive lists one session of an id per machine, flat: nesting
        # (by id) would fold two machines' sessions into one.
        nested = rows if self.archive is not None else self.activity.nest(rows)
        return Page(rows=nested, total=total, cursor=page.cursor, at_least=page.at_least)

    def _all_ids(self, project_id: str) -> set[str]:
        ids: set[str] = set()
        after = None
        while True:
            page = self.service.sessions(project_id=project_id, after=after, limit=1000)
            ids.update(r.id for r in page.rows)
            after = page.cursor
            if after is None:
                return ids

    def row_key(self, row: SessionRow) -> object:
        """The id; in the archive with its origin (two machines may push one id)."""
        return row.id if row.archive_origin is None else (row.id, row.archive_origin)

    def row_time(self, row: SessionRow) -> object:
        return row.updated_at

    def render_row(self, row: SessionRow, width: int) -> Text:
        indent = "  " * max(row.depth - 1, 0) + ("└ " if row.depth else "")
        marks = Text()
        if row.is_legacy:
            marks.append(" legacy ", style="ckpt--chip-legacy")
            marks.append(" ")
        if row.synthesized:
            marks.append(" placeholder ", style="ckpt--chip-placeholder")
            marks.append(" ")
        info = self.activity.info(row.id)
        if self.activity.is_gone(row):
            marks.append("gone", style="ckpt--chip-gone")
            marks.append(" ")
        if info is not None and info.archived:
            marks.append("arch", style="dim reverse")
            marks.append(" ")
        if row.archive_origin is not None and self.archive is not None:
            marks.append(self.service.host_of(row.archive_origin), style="ckpt--origin")
            marks.append(" ")
        title = self.activity.title(row) or row.id
        dim = (
            "dim italic" if row.origin == "opencode" else ("dim" if not row.has_checkpoint else "")
        )
        left = Text.assemble(indent, marks, safe(title, 300, style=dim))
        if info is not None and info.agent:
            left.append(f" {info.agent}", style="dim italic")
        chip = status_chip(row.status if row.has_checkpoint else None)
        count = (f"{row.snapshot_count:>5}", "bold") if width >= NARROW_SESSIONS else ""
        right = Text.assemble(chip, count, (f" {self.row_age(row)}", "dim"))
        return Text.assemble(fit(left, max(width - right.cell_len - 1, 4)), " ", right)


class SnapshotList(PagedList[SnapshotRow]):
    """A session's history, newest first, with a change summary per row.

    The summary of a row needs two payloads, so summaries are computed in a
    worker for the rows on screen only, and cached by snapshot id.
    """

    FILTERABLE = True
    NOUN = "snapshots"
    EMPTY_TEXT = "No snapshots"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "ckpt--summary", "ckpt--restored", "ckpt--marked", "ckpt--archived", *KIND.values()
    }
    DEFAULT_CSS = component_css(COMPONENT_CLASSES)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "toggle_auto", "Hide auto", id="snapshots.toggle_auto"),
        Binding("m", "mark", "Mark", id="snapshots.mark"),
    ]

    def __init__(self, service: Service, *, id: str | None = None) -> None:
        self.service = service
        self.session_id: str | None = None
        self.origin: str | None = None  # in the archive: the session's origin
        self.hide_auto = False
        #: survives a change of session: a diff or copy may cross sessions
        self.marked: Mark | None = None
        self._summaries: dict[str, str] = {}
        self._summary_pending = False
        self._layout: tuple[tuple[int, int], SnapshotColumns] | None = None
        super().__init__("3 Snapshots", id=id)

    def show_session(self, session_id: str | None, origin: str | None = None) -> None:
        """The session's snapshots; in the archive, of the session of that
        id pushed from ``origin`` (an id two machines pushed is two sessions).
        ``None``: of no session, which still loads once: the pane then says
        it has none, not "Loading…"."""
        new = (session_id, origin) != (self.session_id, self.origin)
        if new or (session_id is None and self._data is None):  # not a session's load under way
            self.session_id, self.origin = session_id, origin
            self._summaries.clear()
            self.reload(keep_selection=False, reset=True)

    def reload(
        self, *, keep_selection: bool = True, reset: bool = False, delay: float = 0.0
    ) -> None:
        if not reset:
            self._summaries.clear()
        super().reload(keep_selection=keep_selection, reset=reset, delay=delay)

    def title_text(self) -> str:
        return super().title_text() + (" [auto hidden]" if self.hide_auto else "")

    def subtitle_text(self) -> str:
        if self.marked is None:
            return super().subtitle_text()
        where = "" if self.marked.session_id == self.session_id else " (other session)"
        return f"marked: {self.marked.name[:30]}{where}" + (
            f"  /{self.filter_text}" if self.filter_text else ""
        )

    def context(self) -> object:
        if self.origin is not None:  # the archive: the session's origin too
            return (self.session_id, self.origin, self.hide_auto)
        return (self.session_id, self.hide_auto)

    def fetch(self, after, limit) -> Page[SnapshotRow] | None:
        if self.session_id is None:
            return None
        return self.service.snapshots(
            self.session_id,
            exclude_kinds=["auto"] if self.hide_auto else None,
            after=after,
            limit=limit,
            text=self.filter_text or None,
        )

    def fetch_last(self, before, limit) -> Page[SnapshotRow] | None:
        # The archive reads from the top only: G goes to the last loaded row.
        if self.session_id is None or isinstance(self.service, ArchiveView):
            return None
        return self.service.last_snapshots(
            self.session_id,
            exclude_kinds=["auto"] if self.hide_auto else None,
            before=before,
            limit=limit,
            text=self.filter_text or None,
        )

    def row_key(self, row: SnapshotRow) -> object:
        return row.id

    def row_time(self, row: SnapshotRow) -> object:
        return row.captured_at

    def _flags(self, row: SnapshotRow) -> Text:
        flags = Text()
        if self.marked is not None and self.marked.id == row.id:
            flags.append("◆ ", style="ckpt--marked")
        if row.restored_at:
            flags.append("↺ ", style="ckpt--restored")
        if row.archived:  # pruned from its store: the archive alone keeps it
            flags.append("archived", style="ckpt--archived")
            flags.append(" ")
        return flags

    def _columns(self, width: int) -> SnapshotColumns:
        """One layout for every row at ``width``, so rows agree on their
        columns; worked out again when the rows change (a new page, a mark)."""
        key = (self._rows_version, width)
        if self._layout is None or self._layout[0] != key:
            rows = [r for r in self.rows if r is not None]
            name = max((cell_len(printable(r.name, 200)) for r in rows), default=0)
            flags = max((self._flags(r).cell_len for r in rows), default=0)
            self._layout = (key, snapshot_columns(width, name + flags))
        return self._layout[1]

    def render_row(self, row: SnapshotRow, width: int) -> Text:
        columns = self._columns(width)
        flags = self._flags(row)
        name = Text.assemble(
            flags, safe(row.name, 200, style="bold" if row.kind == "manual" else "")
        )
        parts: list[Text | str] = []
        if columns.kind:
            parts += [kind_badge(row.kind), " "]
        parts.append(fit_middle(name, columns.name))
        if columns.summary:
            summary = self._summaries.get(row.id)
            if summary is None:
                self._want_summaries()
                summary = "…"
            parts += [" ", fit(safe(summary, 400, style="ckpt--summary"), columns.summary)]
        parts += [" ", Text(self.row_age(row))]
        if columns.date:
            parts.append(Text("  " + timeutil.short(row.captured_at)[5:], "dim"))
        return Text.assemble(*parts)

    def add_summaries(self, found: dict[str, str]) -> None:
        """Summaries already computed for this session's rows (the first frame's)."""
        self._summaries.update(found)
        self.rows_changed()

    def _want_summaries(self) -> None:
        if not self._summary_pending:
            self._summary_pending = True
            self.call_after_refresh(self._load_summaries)

    def _load_summaries(self) -> None:
        top = int(self.scroll_offset.y)
        visible = self.rows[top : top + self.size.height + 1]
        missing = [r for r in visible if r is not None and r.id not in self._summaries]
        if missing and self.session_id:
            self._summaries_worker(self.session_id, missing)
        else:
            self._summary_pending = False

    @work(thread=True, exclusive=True, group="summaries")
    def _summaries_worker(self, session_id: str, rows: list[SnapshotRow]) -> None:
        try:
            found = self.service.summaries(session_id, rows)
        except CkptError as exc:
            found = {r.id: f"({exc})" for r in rows}
        self.app.call_from_thread(self._apply_summaries, session_id, found)

    def _apply_summaries(self, session_id: str, found: dict[str, str]) -> None:
        self._summary_pending = False
        if session_id == self.session_id:
            self.add_summaries(found)

    def action_toggle_auto(self) -> None:
        self.hide_auto = not self.hide_auto
        self.reload(keep_selection=True)
        self._update_title()
        self.refresh_bindings()  # "a Show auto" while they are hidden
        self.notify(
            "auto snapshots hidden" if self.hide_auto else "auto snapshots shown", timeout=2
        )

    def action_mark(self) -> None:
        row = self.highlighted
        if row is not None:
            self.set_mark(Mark(row.session_id, row.id, row.name))

    def set_mark(self, mark: Mark | None) -> None:
        """Mark ``mark``; marking what is marked already takes the mark off
        (``None``: the mark goes). The screen is told (``MarkChanged``)."""
        self.marked = None if mark is None or self.marked == mark else mark
        self._update_title()
        self.rows_changed()
        self.post_message(MarkChanged(self.marked))

    def describe_binding(self, binding: Binding) -> str | None:
        """The key bar's word for ``m`` and ``a``, as they would act now."""
        if binding.action == "mark":
            row = self.highlighted
            marked = self.marked
            if row is not None and marked is not None and marked.id == row.id:
                return "Unmark"
        elif binding.action == "toggle_auto" and self.hide_auto:
            return "Show auto"
        return None
