"""``S``: search every snapshot and current checkpoint of the store.

Results come as you type (debounced; the query runs in the list's worker),
one line each: kind, time, project, session title and a snippet with the
match highlighted, and the highlighted hit in full below. ``enter`` posts
:class:`SearchScreen.Jump`, which the app turns into a selection on the
main screen. Store text is only ever put into ``Text`` (never markup); the
highlight is a style span whose colour comes from the theme.
"""

from __future__ import annotations

import threading
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, ProgressBar, Static

from ckpt_tui import timeutil
from ckpt_tui.core.model import LABEL
from ckpt_tui.core.search import SEARCH_FIELDS, Filters, Hit, Searcher, Snippet
from ckpt_tui.plural import counted
from ckpt_tui.records import Page
from ckpt_tui.ui.render import fit, fit_middle, home_relative, kind_badge, safe
from ckpt_tui.ui.search_keeper import IndexProgress, IndexSynced, SearchKeeper
from ckpt_tui.ui.styles import KIND, component_css
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.paged_list import PagedList

#: Seconds of quiet typing before the query runs.
DEBOUNCE = 0.15
#: What the kind filter steps through.
KINDS = (None, "manual", "auto", "pre-restore", "compaction", "legacy")
FIELD_CHOICES = (None, *SEARCH_FIELDS)
#: A catch-up smaller than this shows no progress bar.
PROGRESS_FROM = 1000


#: What the results say before anything is typed.
PROMPT = "Type to search every snapshot and current checkpoint"


def filters_on(filters: Filters) -> list[str]:
    """The filters that narrow a search, as the status line names them."""
    narrowed = []
    if filters.current_only:
        narrowed.append("current checkpoints only")
    elif filters.kinds:
        narrowed.append(f"kind {filters.kinds[0]}")
    if filters.field:
        narrowed.append(f"in {_label(filters.field)}")
    if filters.project_id:
        narrowed.append("this project")
    if filters.session_id:
        narrowed.append("this session")
    return narrowed


def _label(field: str) -> str:
    return LABEL.get(
        field, {"name": "Snapshot name", "extra": "Extra payload keys"}.get(field, field)
    )


def snippet_text(snip: Snippet | None, match_style) -> Text:
    """The snippet as literal text with its matches styled."""
    text = Text()
    if snip is None:
        return text
    for part, matched in snip.parts:
        text.append(part, style=match_style if matched else "")
    return text


class SearchResults(PagedList[Hit]):
    """Hits, a page at a time (the index's offset is the page cursor)."""

    NOUN = "results"
    #: A screenful and then some: each hit is checked against the store and
    #: gets a snippet, so pages are smaller than the other lists'.
    PAGE_SIZE = 50
    EMPTY_TEXT = "No matches"
    COMPONENT_CLASSES: ClassVar[set[str]] = {"search-results--match", *KIND.values()}
    DEFAULT_CSS = """
    SearchResults > .search-results--match { background: $warning 45%; text-style: bold; }
    """ + component_css(KIND.values())

    def __init__(self, searcher: Searcher, *, id: str | None = None) -> None:
        self.searcher = searcher
        self.query_text = ""
        self.filters = Filters()
        self.more = False
        self._lock = threading.Lock()  # one search at a time on the connection
        super().__init__("Results", id=id)

    def set_search(self, text: str, filters: Filters) -> None:
        self.query_text, self.filters = text, filters
        self.EMPTY_TEXT = self._empty_text()
        self.reload(keep_selection=False, reset=True)

    def _empty_text(self) -> str:
        """What the list says with no row: type something; or no match, and
        when filters are on, that they are why there may be none."""
        if not self.query_text.strip():
            return PROMPT
        narrowed = filters_on(self.filters)
        if narrowed:
            return f"No matches with the filters on ({', '.join(narrowed)}): they may be why"
        return "No matches"

    def context(self) -> object:
        return (self.query_text, self.filters)

    def fetch(self, after, limit) -> Page[Hit] | None:
        if not self.query_text.strip():
            return None
        offset = after[0] if after else 0
        with self._lock:
            results = self.searcher.search(
                self.query_text, self.filters, limit=limit, offset=offset, group=True
            )
        self.more = results.more
        loaded = (len(self.rows) if after else 0) + len(results.hits)
        cursor = (results.next_offset,) if results.more else None
        return Page(rows=results.hits, total=loaded + (1 if results.more else 0), cursor=cursor)

    def title_text(self) -> str:
        if self._data is None:
            return self.title
        count = f"{len(self.rows)}+" if self.more else str(len(self.rows))
        return f"{self.title} ({count})"

    def row_key(self, row: Hit) -> object:
        return row.key

    def row_time(self, row: Hit) -> object:
        return row.at

    @property
    def match_style(self):
        return self.get_component_rich_style("search-results--match")

    def render_row(self, row: Hit, width: int) -> Text:
        """Kind, age, how many snapshots hold this text (``×12``), project,
        session, the snapshot's name, the field, then the snippet."""
        kind = kind_badge(row.kind) if not row.current else Text("current", style="bold")
        when = Text(self.row_age(row), style="dim")
        count = Text(f"×{row.count}" if row.count > 1 else "", style="bold")
        project = row.project_dir.rstrip("/").rpartition("/")[2] or row.project_id
        if row.archive_origin is not None:  # the archive's (ArchiveView): which machine
            project = f"{self.searcher.host_of(row.archive_origin)} {project}"
        name = "current" if row.current else (row.snapshot_name or "")
        field = _label(row.snippet.field) if row.snippet is not None else ""
        where = Text.assemble(
            fit(safe(project, 100, style="dim"), 12),
            " ",
            fit(safe(row.session_title or row.session_id, 200, style="bold"), 20),
            " ",
            fit_middle(safe(name, 200), 22),
            " ",
            fit(Text(field, style="dim italic"), 12),
        )
        head = Text.assemble(fit(kind, 7), " ", when, " ", fit(count, 4), " ", where, "  ")
        rest = max(width - head.cell_len, 4)
        return Text.assemble(head, fit(snippet_text(row.snippet, self.match_style), rest))

    def action_open(self) -> None:
        if self.highlighted is not None:
            self.post_message(SearchScreen.Jump(self.highlighted))


class SearchScreen(Screen[None]):
    DEFAULT_CSS = """
    SearchScreen #query { dock: top; }
    SearchScreen #status { height: 1; padding: 0 1; color: $text-muted; }
    SearchScreen #progress { height: 1; padding: 0 1; display: none; }
    SearchScreen #progress.visible { display: block; }
    SearchScreen SearchResults { height: 1fr; }
    SearchScreen #preview {
        height: 9; border: round $panel-lighten-2; padding: 0 1;
        border-title-color: $text-muted;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        # (priority: the query line would take it as its own submit, shown nowhere)
        Binding("enter", "open_hit", "Open", priority=True, id="search.open"),
        Binding("escape", "close", "Close", id="search.close"),
        Binding("ctrl+o", "toggle_order", "Relevance/recency", id="search.order"),
        Binding("ctrl+t", "toggle_current", "Current only", id="search.current_only"),
        Binding("ctrl+g", "cycle_kind", "Kind", id="search.kind"),
        Binding("ctrl+l", "cycle_field", "Field", id="search.field"),
        Binding("ctrl+n", "toggle_project", "This project", id="search.project"),
        Binding("down", "move(1)", "Next result", show=False, id="search.down"),
        Binding("up", "move(-1)", "Previous result", show=False, id="search.up"),
    ]

    class Jump(Message):
        """Show this hit on the main screen."""

        def __init__(self, hit: Hit) -> None:
            super().__init__()
            self.hit = hit

    def __init__(self, keeper: SearchKeeper, searcher: Searcher, text: str | None = None) -> None:
        super().__init__()
        self.keeper = keeper
        # Opens on the query and filters it had when it last closed.
        self.filters = keeper.last_filters or Filters()
        self.initial = keeper.last_query if text is None else text
        self.results = SearchResults(searcher, id="results")
        self._timer = None

    def compose(self) -> ComposeResult:
        yield Input(
            self.initial,
            placeholder='search every checkpoint: words, "a phrase", prefix*, -exclude',
            id="query",
        )
        yield Static(id="status")
        yield ProgressBar(id="progress", show_eta=False)
        yield self.results
        preview = Static(id="preview")
        preview.border_title = "Hit"
        yield preview
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_status()
        self.query_one(Input).focus()
        if self.keeper.running:
            self._show_progress(*self.keeper.progress)
        self.keeper.catch_up()
        self._run()  # an empty query: the prompt, not "Loading…"

    # -- the query ----------------------------------------------------------------
    @on(Input.Changed, "#query")
    def _changed(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(DEBOUNCE, self._run)

    def action_open_hit(self) -> None:
        """The highlighted hit on the main screen (its project, session and
        snapshot selected, the field in view)."""
        if self.results.highlighted is not None:
            self.remember()
            self.post_message(self.Jump(self.results.highlighted))

    def _run(self) -> None:
        self._timer = None
        self.results.set_search(self.query_one(Input).value, self.filters)
        self._show_status()

    def _refilter(self, **changes) -> None:
        self.filters = self.filters._replace(**changes)
        self._run()

    def _show_status(self, note: str | None = None) -> None:
        f = self.filters
        parts = ["recency" if f.by_recency else "relevance"]
        parts.append(
            "current checkpoints only"
            if f.current_only
            else (f.kinds[0] if f.kinds else "all kinds")
        )
        parts.append(f"in {_label(f.field)}" if f.field else "all fields")
        parts.append(f"project {f.project_id}" if f.project_id else "all projects")
        text = Text(" · ".join(parts))
        if self.keeper.error:
            text.append(f"   index: {self.keeper.error}", style="bold")
        elif note:
            text.append(f"   {note}", style="italic")
        self.query_one("#status", Static).update(text)

    # -- the index ---------------------------------------------------------------------
    def on_index_progress(self, message: IndexProgress) -> None:
        self._show_progress(message.done, message.total)

    def _show_progress(self, done: int, total: int) -> None:
        bar = self.query_one(ProgressBar)
        if total < PROGRESS_FROM and not bar.has_class("visible"):
            return
        bar.add_class("visible")
        bar.update(total=max(total, 1), progress=done)
        self.query_one("#status", Static).update(
            Text(
                f"indexing the store: {done:,} of {counted(total, 'snapshot', grouped=True)} "
                "(search works meanwhile)"
            )
        )

    def on_index_synced(self, message: IndexSynced) -> None:
        self.query_one(ProgressBar).remove_class("visible")
        self._show_status()
        if self.results.query_text:
            self.results.reload()  # new rows may match

    # -- results ------------------------------------------------------------------------
    @on(PagedList.Highlighted)
    def _highlighted(self, event: PagedList.Highlighted) -> None:
        if event.source is not self.results:
            return
        hit: Hit | None = event.row
        preview = self.query_one("#preview", Static)
        if hit is None:
            preview.update(Text(""))
            return
        what = (
            Text("current checkpoint", style="bold")
            if hit.current
            else Text.assemble(
                ("snapshot ", "dim"), safe(hit.snapshot_name, 300, style="bold"), f"  {hit.kind}"
            )
        )
        body = Text.assemble(
            safe(hit.session_title or "(untitled session)", 300, style="bold"),
            "  ",
            safe(hit.session_id, 200, style="dim"),
            "\n",
            ("project ", "dim"),
            safe(home_relative(hit.project_dir) if hit.project_dir else hit.project_id, 300),
            "\n",
            what,
            (f"  {timeutil.relative(hit.at)}  ({hit.at})", "dim"),
            "\n",
        )
        if hit.snippet is not None:
            body.append(f"{_label(hit.snippet.field)}: ", style="dim")
            body.append_text(snippet_text(hit.snippet, self.results.match_style))
        preview.update(body)

    def action_move(self, step: int) -> None:
        self.results.cursor += step

    def action_close(self) -> None:
        self.remember()
        self.app.pop_screen()

    def remember(self) -> None:
        """The query and filters, for the next opening."""
        self.keeper.last_query = self.query_one(Input).value
        self.keeper.last_filters = self.filters

    def action_toggle_order(self) -> None:
        self._refilter(by_recency=not self.filters.by_recency)

    def action_toggle_current(self) -> None:
        self._refilter(current_only=not self.filters.current_only, kinds=())

    def action_cycle_kind(self) -> None:
        now = self.filters.kinds[0] if self.filters.kinds else None
        nxt = KINDS[(KINDS.index(now) + 1) % len(KINDS)] if now in KINDS else None
        self._refilter(kinds=(nxt,) if nxt else (), current_only=False)

    def action_cycle_field(self) -> None:
        now = self.filters.field
        self._refilter(field=FIELD_CHOICES[(FIELD_CHOICES.index(now) + 1) % len(FIELD_CHOICES)])

    def action_toggle_project(self) -> None:
        hit = self.results.highlighted
        if self.filters.project_id is not None:
            self._refilter(project_id=None)
        elif hit is not None:
            self._refilter(project_id=hit.project_id)
        else:
            self.notify("Highlight a result to search its project only", timeout=3)
