"""A list that loads its rows page by page and draws only what is visible.

DataTable, OptionList and ListView build every row up front, which takes
seconds at 10k rows (see shared/ANCHORS.md). This is a line-API
``ScrollView``, as toolong's log view is: its virtual height is the row
count the store reports, rows arrive in keyset pages from a worker thread
as the person scrolls, and ``render_line`` draws one row at a time. The
lines drawn are kept in an ``LRUCache`` by everything a line shows (the
rows' version, the row, the width, its style, the theme, its age), so a
change of focus or a screen closed over the list draws from it; a cursor
move refreshes its two rows only.

``G`` lands on the true last row in one press when the list can read from
its end (:meth:`PagedList.fetch_last`): the list then holds the rows read
from the top and those read from the end, with a gap between them
(:class:`~ckpt_tui.ui.widgets.loaded_rows.LoadedRows`) that fills as the
cursor comes near it. :meth:`PagedList.select_key` and
:meth:`PagedList.reveal_key` put the cursor on a row by its key, however
deep (the board, the field history, a search hit).

A row's age ("3m") is worked out at the app's clock (``CkptApp.now``); when
the clock moves, the rows in view whose age now reads otherwise are drawn
again: what a row says stays true while the app is open.

Subclasses say how to fetch a page (called in a thread) and how to draw a
row; the list owns the cursor, the keys that move it, the filter and
reloading without losing the selection.
"""

from __future__ import annotations

import textwrap
from dataclasses import replace
from datetime import datetime
from functools import lru_cache
from typing import Any, ClassVar, Generic, TypeVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events, work
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.css.scalar import Unit
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.worker import get_current_worker

from ckpt_tui import timeutil
from ckpt_tui.errors import CkptError
from ckpt_tui.records import Page
from ckpt_tui.ui.debounce import rested
from ckpt_tui.ui.render import literal, no_match, text_strip
from ckpt_tui.ui.styles import Themed
from ckpt_tui.ui.widgets.loaded_rows import LoadedRows

RowT = TypeVar("RowT")

#: Height units that are a share of the parent's height.
_SHARE_OF_PARENT = (Unit.PERCENT, Unit.HEIGHT)

#: Ask for the next page when the cursor or the viewport gets this close to
#: the last loaded row.
PREFETCH_MARGIN = 60
#: A filter keystroke queries the store once typing rests this long
#: (seconds): a word typed fast costs one query, not one per letter.
FILTER_REST = 0.15
#: Lines kept drawn: a few screens of rows, each with and without the
#: cursor, focused or not.
LINES_KEPT = 1024
#: :meth:`PagedList.reveal_key` stops looking after this many rows.
REVEAL_LIMIT = 50_000


@lru_cache(maxsize=64)
def _wrapped(message: str, width: int) -> tuple[str, ...]:
    """A list's message ("No projects in this store yet") on lines of
    ``width``, so a narrow pane says all of it."""
    return tuple(textwrap.wrap(message, max(width, 1))) or ("",)


@lru_cache(maxsize=4096)
def _age(moment: object, now: datetime) -> str:
    """A list column's age of ``moment`` at ``now``: worked out once per
    clock tick for each stored time (every row drawn asks for its age)."""
    return f"{timeutil.relative(moment, now, compact=True):>4}"


class PagedList(Themed, ScrollView, Generic[RowT], can_focus=True):
    """Rows from the store, one keyset page at a time."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"paged-list--cursor", "paged-list--dim"}
    DEFAULT_CSS = """
    PagedList {
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
        overflow-x: hidden;
    }
    PagedList:focus {
        border: round $accent;
        border-title-color: $text;
        border-title-style: bold;
    }
    PagedList > .paged-list--cursor { background: $accent 30%; }
    PagedList:focus > .paged-list--cursor { background: $accent 60%; text-style: bold; }
    PagedList > .paged-list--dim { color: $text-muted; text-style: italic; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "cursor_down", "Down", show=False, id="list.down"),
        Binding("up,k", "cursor_up", "Up", show=False, id="list.up"),
        Binding("pagedown,ctrl+d", "page_down", "Page down", show=False, id="list.page_down"),
        Binding("pageup,ctrl+u", "page_up", "Page up", show=False, id="list.page_up"),
        Binding("g,home", "first", "Top", show=False, id="list.top"),
        Binding("G,end", "last", "Bottom", show=False, id="list.bottom"),
        Binding("enter", "open", "Open", id="list.open"),
        Binding("slash", "filter", "Filter", id="list.filter"),
    ]

    #: No repaint of its own: :meth:`watch_cursor` repaints the two rows
    #: that change.
    cursor: reactive[int] = reactive(0, always_update=True, init=False, repaint=False)
    #: Whether ``/`` filters this list: on a screen that has a filter line
    #: (the main screen's lists). Elsewhere the key is not offered at all.
    FILTERABLE: ClassVar[bool] = False
    PAGE_SIZE = 200
    EMPTY_TEXT = "Nothing here"
    NOUN = "rows"

    class Highlighted(Message):
        """The cursor rests on ``row`` (``None``: the list is empty)."""

        def __init__(self, source: PagedList, row: Any) -> None:
            super().__init__()
            self.source = source
            self.row = row

    class FilterRequested(Message):
        def __init__(self, source: PagedList) -> None:
            super().__init__()
            self.source = source

    def __init__(self, title: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = title
        self.filter_text = ""
        self._data: LoadedRows[RowT] | None = None
        self._loading_more = False
        self._landing = False  # G's read of the last page is under way
        self._generation = 0
        self._error: str | None = None
        self._last_highlight_key: object = object()  # a new filter that still has no row resets it
        self._preloaded: tuple[object, Page[RowT]] | None = None
        #: While a filter is on: the whole list as it was loaded before, and
        #: the context it was loaded in; clearing the filter shows it again
        #: without a query. Any other reload (the store changed, another
        #: session) drops it.
        self._unfiltered: tuple[object, LoadedRows[RowT]] | None = None
        #: Bumped whenever what the rows say may have changed (new rows,
        #: opencode's titles, summaries, the mark): a line drawn before is
        #: not given back.
        self._rows_version = 0
        self._lines: LRUCache[tuple, Strip] = LRUCache(LINES_KEPT)
        #: The age each row in view was last drawn with, by index.
        self._ages_drawn: dict[int, str] = {}
        #: How lines are drawn during a pass (:meth:`render_lines`, :meth:`_drawing`).
        self._pass: tuple[int, Style, Style, str] | None = None
        self._update_title()

    # -- what subclasses provide ----------------------------------------------
    def fetch(self, after: tuple | None, limit: int) -> Page[RowT] | None:
        """Load one page; runs in a worker thread. ``None``: nothing to show."""
        raise NotImplementedError

    def fetch_last(self, before: tuple | None, limit: int) -> Page[RowT] | None:
        """The list's last page read from its end, or the ``limit`` rows just
        above ``before``; runs in a worker thread (``cursor``: the key above
        the page, ``None`` at the top). Lists that cannot read from the end
        return ``None`` and ``G`` goes to the last loaded row."""
        return None

    def render_row(self, row: RowT, width: int) -> Text:
        raise NotImplementedError

    def row_key(self, row: RowT) -> object:
        raise NotImplementedError

    def row_time(self, row: RowT) -> object:
        """The stored time the row shows as an age (``None``: it shows none)."""
        return None

    def context(self) -> object:
        """What the rows depend on (the project, the session); see :meth:`preload`."""
        return None

    def preload(self, context: object, page: Page[RowT] | None) -> None:
        """A page already read for ``context``: the next reset reload in that
        context uses it instead of asking a worker (the app's first frame)."""
        self._preloaded = (context, page) if page is not None else None

    # -- state ----------------------------------------------------------------
    @property
    def rows(self) -> list[RowT]:
        return self._data.rows if self._data else []

    @property
    def total(self) -> int:
        return self._data.total if self._data else 0

    def _index_of(self, key: object) -> int | None:
        return self._data.index_of(key, self.row_key) if self._data and key is not None else None

    @property
    def highlighted(self) -> RowT | None:
        rows = self.rows
        return rows[self.cursor] if 0 <= self.cursor < len(rows) else None

    def _update_title(self) -> None:
        self.border_title = literal(self.title_text())
        self.border_subtitle = literal(self.subtitle_text())

    def title_text(self) -> str:
        more = "+" if self._data is not None and self._data.at_least else ""
        count = f" ({self.total}{more})" if self._data is not None else ""
        return f"{self.title}{count}"

    def subtitle_text(self) -> str:
        return f"/{self.filter_text}" if self.filter_text else ""

    def rows_changed(self) -> None:
        """What the rows say changed (call after changing anything
        :meth:`render_row` reads): every row is drawn again."""
        self._rows_version += 1
        self.refresh()

    # -- ages ------------------------------------------------------------------
    def row_age(self, row: RowT) -> str:
        """The row's age at the app's clock ("3m"), as wide as the column
        that shows it; blank for a row that shows none."""
        moment = self.row_time(row)
        return "" if moment is None else _age(moment, self.app.now)

    def on_mount(self) -> None:
        self.watch(self.app, "now", self._clock_moved, init=False)

    def _clock_moved(self) -> None:
        """The rows in view whose age reads otherwise now, drawn again."""
        top = int(self.scroll_offset.y)
        rows = self.rows
        for index in range(top, min(top + self.size.height, len(rows))):
            row = rows[index]
            drawn = self._ages_drawn.get(index)
            if row is not None and drawn is not None and drawn != self.row_age(row):
                self.refresh_line(index)

    # -- loading --------------------------------------------------------------
    def reload(
        self, *, keep_selection: bool = True, reset: bool = False, delay: float = 0.0
    ) -> None:
        """Fetch again as many rows as are loaded now (at least a page).

        Keeps the cursor on the same row (by key) and the scroll position,
        which is what a live refresh needs.
        """
        self._generation += 1
        self._unfiltered = None
        if reset:
            # No watcher: announcing "nothing highlighted" now would make the
            # next pane clear itself and reload; the new page announces its
            # own first row when it lands.
            self._data = None
            self._error = None
            self.set_reactive(PagedList.cursor, 0)
            self.scroll_to(0, 0, animate=False)
            self._last_highlight_key = object()
            self._sync_size()
            self.rows_changed()
        key = self.row_key(self.highlighted) if keep_selection and self.highlighted else None
        preloaded, self._preloaded = self._preloaded, None
        if preloaded is not None and preloaded[0] == self.context() and not self.filter_text:
            self._apply_page(self._generation, preloaded[1], key, True, None)
            return
        data = self._data
        tail = data is not None and data.tail is not None and not reset  # G read the end
        limit = max(self.PAGE_SIZE, data.top if data is not None and not reset else 0)
        self._load(
            self._generation, None, limit, key, True, delay=delay, with_tail=tail, follow=True
        )

    @work(thread=True, exclusive=True, group="page-load")
    def _load(
        self,
        generation: int,
        after: tuple | None,
        limit: int,
        key: object,
        replace: bool,
        delay: float = 0.0,
        with_tail: bool = False,
        follow: bool = False,
    ) -> None:
        """One page from ``after`` (and, ``with_tail``, the last page too: a
        reload of a list that ``G`` read from its end keeps both ends);
        ``follow``: a reload keeping the selection, see :meth:`_apply_page`."""
        worker = get_current_worker()
        if not rested(delay):  # a newer keystroke's load replaced this one
            return
        tail = None
        try:
            page = self.fetch(after, limit)
            if with_tail and page is not None and page.cursor is not None:
                tail = self.fetch_last(None, self.PAGE_SIZE)
            error = None
        except CkptError as exc:
            page, error = None, str(exc)
        if worker.is_cancelled:
            return
        self.app.call_from_thread(
            self._apply_page, generation, page, key, replace, error, tail, follow
        )

    def _apply_page(
        self,
        generation: int,
        page: Page | None,
        key: object,
        replace: bool,
        error: str | None,
        tail: Page | None = None,
        follow: bool = False,
    ) -> None:
        self._loading_more = self._landing = False
        if generation != self._generation:
            return
        if follow and key is not None and self.highlighted is not None:
            # The cursor moved while the page loaded (``j`` right after
            # ``esc`` in the filter): keep the row it is on now.
            key = self.row_key(self.highlighted)
        self._error = error
        if page is None:
            self._data = LoadedRows([], 0, None) if error is None else None
        elif replace or self._data is None:
            self._data = LoadedRows(list(page.rows), page.total, page.cursor, page.at_least)
            if tail is not None:
                self._data.merge_tail(tail)
        else:
            self._data.fill_down(page)
        data = self._data  # None: the read failed, and the pane shows its error
        if data is not None and data.cursor is None and data.tail is None:
            # Every row is loaded: the count is the rows (a bound "1000+", or
            # a tree's sessions some of which no root reaches, would be off).
            data.total, data.at_least = len(data.rows), False
        if replace:
            index = self._index_of(key)
            target = index if index is not None else min(self.cursor, max(len(self.rows) - 1, 0))
            self.cursor = target
        self._sync_size()
        self._update_title()
        self.rows_changed()
        self._announce()

    def _maybe_load_more(self, index: int) -> None:
        data = self._data
        if data is None or self._loading_more:
            return
        if data.tail is not None:
            self._grow_nearer_run(index)
            return
        if data.cursor is None:
            return
        if index >= len(data.rows) - PREFETCH_MARGIN:
            self._loading_more = True
            self._load(self._generation, data.cursor, self.PAGE_SIZE, None, False)

    def _sync_size(self) -> None:
        # Width 0: rows are cut to the pane, never scrolled sideways. A width
        # taken from the layout would change after the first layout and make
        # Textual draw every pane a second time at start-up.
        height = max(self.total, len(self.rows), 1)
        self.virtual_size = Size(0, height)
        if height > self._most_lines() and not self.show_vertical_scrollbar:
            # More rows than the pane can ever show: the scrollbar is certain.
            # Shown now, it is part of the first layout; Textual would add it
            # after that layout, then lay out and paint the screen again.
            self.show_vertical_scrollbar = True
            self.vertical_scrollbar.display = True

    def _most_lines(self) -> int:
        """An upper bound on the rows this list shows, known before any
        layout: the terminal's height, scaled by each percentage height from
        here up to the screen (the panes are a share of the screen), or by
        the first ``vh`` height on the way (a share of the terminal itself)."""
        share = 1.0
        node = self
        while node is not None and node is not self.screen:
            height = node.styles.height
            if height is not None and height.unit in _SHARE_OF_PARENT:
                share *= height.value / 100
            elif height is not None and height.unit is Unit.VIEW_HEIGHT:
                share *= height.value / 100
                break
            elif height is not None and height.unit is Unit.CELLS:  # the main screen's panes
                return int(height.value * share)
            node = node.parent
        return int(self.app.size.height * share)

    # -- G: the last row, read from the end ---------------------------------------
    def action_last(self) -> None:
        """To the true last row in one press: a list that can read from its
        end (:meth:`fetch_last`) reads the last page, leaving a gap that
        fills as the cursor comes near it. Otherwise (or when a filter's
        count is only a bound) to the last loaded row, and more pages load as
        it gets there. Held down, it stays on the last row."""
        data = self._data
        if data is None or data.cursor is None or data.tail is not None or data.at_least:
            self.cursor = len(self.rows) - 1
            return
        if type(self).fetch_last is PagedList.fetch_last:
            self.cursor = len(self.rows) - 1
            return
        if not self._landing:  # held down: one read, and the cursor stays there
            self._landing = self._loading_more = True
            self._load_up(self._generation, None)

    def _grow_nearer_run(self, index: int) -> None:
        """Rows read from both ends: ``index`` near the gap grows the run
        nearer to it by a page (down from the top run, up from the end run)."""
        data = self._data
        top, tail = data.top, data.tail
        if not top - PREFETCH_MARGIN <= index < tail + PREFETCH_MARGIN:
            return
        self._loading_more = True
        if index - top < tail - index:
            self._load(self._generation, data.cursor, self.PAGE_SIZE, None, False)
        else:
            self._load_up(self._generation, data.before)

    @work(thread=True, exclusive=True, group="page-load")
    def _load_up(self, generation: int, before: tuple | None) -> None:
        """The page above the run read from the end (``before`` None: the
        last page, which is what ``G`` asks for)."""
        worker = get_current_worker()
        try:
            page = self.fetch_last(before, self.PAGE_SIZE)
            error = None
        except CkptError as exc:
            page, error = None, str(exc)
        if worker.is_cancelled:
            return
        self.app.call_from_thread(self._apply_up, generation, page, before is None, error)

    def _apply_up(
        self, generation: int, page: Page | None, land: bool, error: str | None
    ) -> None:
        self._loading_more = False
        if land:
            self._landing = False
        if generation != self._generation or self._data is None:
            return
        if error is not None:
            self.notify(error, severity="error")
            return
        if page is None:
            return
        if land:
            self._data.merge_tail(page)
        elif self._data.tail is not None:
            self._data.fill_up(page)
        self._sync_size()
        self._update_title()
        if land:
            self.cursor = len(self.rows) - 1
        self.rows_changed()
        self._announce()

    # -- a row by its key ----------------------------------------------------------
    def select_key(self, key: object, *, within: int = 0) -> None:
        """Move the cursor to the loaded row with this key, now or after the
        next reload (of at least ``within`` rows, for a row far down)."""
        index = self._index_of(key)
        if index is not None:
            self.cursor = index
            return
        self._generation += 1
        limit = max(self.PAGE_SIZE, self._data.top if self._data else 0, within)
        self._load(self._generation, None, limit, key, True)

    def reveal_key(self, key: object) -> None:
        """Put the cursor on the row with this key however deep it is (a
        search hit): clears the filter and loads page after page until the
        row is there (at most :data:`REVEAL_LIMIT` rows)."""
        self.filter_text = ""
        self._unfiltered = None
        self._update_title()
        self._generation += 1
        self._reveal(self._generation, key)

    @work(thread=True, exclusive=True, group="page-load")
    def _reveal(self, generation: int, key: object) -> None:
        worker = get_current_worker()
        rows: list[Any] = []
        after, total, error, at_least = None, 0, None, False
        try:
            while not worker.is_cancelled:
                page = self.fetch(after, max(self.PAGE_SIZE, 500))
                if page is None:
                    break
                rows.extend(page.rows)
                total, after, at_least = page.total, page.cursor, page.at_least
                found = any(self.row_key(r) == key for r in page.rows)
                if found or after is None or len(rows) >= REVEAL_LIMIT:
                    break
        except CkptError as exc:
            error = str(exc)
        if worker.is_cancelled:
            return
        page = None if error else Page(rows, total, after, at_least)
        self.app.call_from_thread(self._apply_page, generation, page, key, True, error)

    # -- cursor -----------------------------------------------------------------
    def validate_cursor(self, value: int) -> int:
        return max(0, min(value, max(len(self.rows) - 1, 0)))

    def watch_cursor(self, old: int, new: int) -> None:
        self.refresh_line(old)
        self.refresh_line(new)
        if self.is_mounted:
            self.scroll_to_region(Region(0, new, 1, 1), animate=False, force=True)
        self._maybe_load_more(new)
        self._announce()

    def _announce(self) -> None:
        row = self.highlighted
        key = self.row_key(row) if row is not None else None
        if key != self._last_highlight_key:
            self._last_highlight_key = key
            self.post_message(self.Highlighted(self, row))

    def refresh_line(self, index: int) -> None:
        y = index - int(self.scroll_offset.y)
        if 0 <= y < self.size.height:
            self.refresh(Region(0, y, self.size.width, 1))

    def action_cursor_down(self) -> None:
        self.cursor += 1

    def action_cursor_up(self) -> None:
        self.cursor -= 1

    def action_page_down(self) -> None:
        self.cursor += max(self.size.height - 1, 1)

    def action_page_up(self) -> None:
        self.cursor -= max(self.size.height - 1, 1)

    def action_first(self) -> None:
        self.cursor = 0

    def action_open(self) -> None:
        """Move on to the next pane now (not via a message), so keys typed
        ahead land where the user expects."""
        if self.highlighted is not None:
            self.screen.focus_next()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.FILTERABLE or action != "filter"

    def action_filter(self) -> None:
        self.post_message(self.FilterRequested(self))

    def set_filter(self, text: str) -> None:
        if text == self.filter_text:
            return
        unfiltered = self._unfiltered
        if not self.filter_text and self._data is not None and self._error is None:
            # A copy: until the filtered page comes, pages still load into the rows shown.
            unfiltered = (self.context(), replace(self._data, rows=list(self._data.rows)))
        self.filter_text = text
        self._last_highlight_key = self._last_highlight_key if self.highlighted else object()
        if not text and unfiltered is not None and self._show_unfiltered(*unfiltered):
            return
        self.reload(keep_selection=True, reset=False, delay=FILTER_REST if text else 0.0)
        self._unfiltered = unfiltered if text else None
        self._update_title()

    def _show_unfiltered(self, context: object, data: LoadedRows[RowT]) -> bool:
        """The filter cleared: the whole list as it was before the filter,
        at once, with the cursor on the row it is on now (else at its index),
        as a reload would put it. ``False``: a reload is needed (the list
        shows another context now, or the row under the cursor is not among
        the rows kept)."""
        row = self.highlighted
        index = data.index_of(self.row_key(row), self.row_key) if row is not None else None
        if context != self.context() or (row is not None and index is None):
            return False
        self._generation += 1  # a filtered page still coming is not shown
        self._loading_more = self._landing = False
        self._unfiltered, self._data, self._error = None, data, None
        self.cursor = index if index is not None else min(self.cursor, max(len(data.rows) - 1, 0))
        self._sync_size()
        self._update_title()
        self.rows_changed()
        self._announce()
        return True

    # -- mouse --------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        # event.y counts from the border; rows start inside it.
        offset = event.get_content_offset(self)
        index = int(self.scroll_offset.y) + offset.y if offset is not None else -1
        if 0 <= index < len(self.rows) and index == self.cursor and event.chain >= 2:
            self.action_open()  # and no focus() here: it runs later and would win
            return
        self.focus()
        if 0 <= index < len(self.rows):
            self.cursor = index

    # -- drawing --------------------------------------------------------------------
    def render_lines(self, crop: Region) -> list[Strip]:
        # The width, the widget's style (every ancestor's background
        # composed) and the cursor's, worked out once for the lines of this
        # pass, not per line.
        self._pass = self._drawing()
        try:
            return super().render_lines(crop)
        finally:
            self._pass = None

    def _drawing(self) -> tuple[int, Style, Style, str]:
        """The width rows are drawn at, the plain and the cursor row's style, the theme."""
        if self._pass is not None:
            return self._pass
        base = self.rich_style
        cursor = base + self.get_component_rich_style("paged-list--cursor")
        return self.scrollable_content_region.width, base, cursor, self.app.theme

    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_offset.y) + y
        width, base, cursor, theme = self._drawing()
        rows = self.rows
        if index >= len(rows):
            self._maybe_load_more(index)
            if self._data is None or not rows:  # said in full, over as many lines as it takes
                if self._data is None:
                    message = self._error or "Loading…"
                else:
                    message = no_match(self.filter_text) if self.filter_text else self.EMPTY_TEXT
                said = _wrapped(message, width)
                if y < len(said):
                    return self._dim_line(said[y], width, base)
            if index < self.total:
                return self._dim_line("…", width, base)
            return Strip.blank(width, base)
        row = rows[index]
        if row is None:  # in the gap between the rows read from both ends
            self._maybe_load_more(index)
            return self._dim_line("…", width, base)
        style = cursor if index == self.cursor else base
        age = self._ages_drawn[index] = self.row_age(row)
        key = (self._rows_version, index, width, style, theme, age)
        line = self._lines.get(key)
        if line is None:
            text = self.themed(self.render_row(row, width))
            line = text_strip(text, width, style, self.app.console)
            self._lines.set(key, line)
        return line

    def _dim_line(self, message: str, width: int, base: Style) -> Strip:
        dim = self.get_component_rich_style("paged-list--dim")
        return Strip([Segment(message[:width].ljust(width), base + dim)], width)
