"""A list that loads its rows page by page and renders only what is visible.

DataTable, OptionList and ListView build every row up front, which takes
seconds at 10k rows (see shared/ANCHORS.md). This is a line-API
``ScrollView``: its virtual height is the row count the store reports, rows
arrive in keyset pages from a worker thread as the user scrolls, and
``render_line`` draws one row at a time.

Subclasses say how to fetch a page (called in a thread) and how to draw a
row; the list owns the cursor, the keys that move it, the filter and
reloading without losing the selection.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events, work
from textual.binding import Binding, BindingType
from textual.css.scalar import Unit
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.worker import get_current_worker

from ckpt_tui.errors import CkptError
from ckpt_tui.records import Page
from ckpt_tui.ui.debounce import rested
from ckpt_tui.ui.render import literal, no_match
from ckpt_tui.ui.styles import Themed
from ckpt_tui.ui.widgets.kept_focus_styles import KeptFocusStyles
from ckpt_tui.ui.widgets.kept_lines import KeptLines
from ckpt_tui.ui.widgets.list_end import ReadsFromTheEnd
from ckpt_tui.ui.widgets.list_jump import JumpsToKey
from ckpt_tui.ui.widgets.loaded_rows import LoadedRows
from ckpt_tui.ui.widgets.quick_list_lines import QuickListDrawing

RowT = TypeVar("RowT")

#: Height units that are a share of the parent's height.
_SHARE_OF_PARENT = (Unit.PERCENT, Unit.HEIGHT)

#: Ask for the next page when the cursor or the viewport gets this close to
#: the last loaded row.
PREFETCH_MARGIN = 60
#: A filter keystroke queries the store once typing rests this long
#: (seconds): a word typed fast costs one query, not one per letter.
FILTER_REST = 0.15


class PagedList(
    KeptFocusStyles, QuickListDrawing, KeptLines, JumpsToKey, ReadsFromTheEnd, Themed, ScrollView, Generic[RowT],
    can_focus=True,
):
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
    #: that change (a whole pane of rows took most of a ``j``'s frame).
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
        self._sized: tuple[Size, Size, Size] | None = None  # see _size_updated
        self._update_title()

    # -- what subclasses provide ----------------------------------------------
    def fetch(self, after: tuple | None, limit: int) -> Page[RowT] | None:
        """Load one page; runs in a worker thread. ``None``: nothing to show."""
        raise NotImplementedError

    def render_row(self, row: RowT, width: int) -> Text:
        raise NotImplementedError

    def row_key(self, row: RowT) -> object:
        raise NotImplementedError

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

    # -- loading --------------------------------------------------------------
    def reload(
        self, *, keep_selection: bool = True, reset: bool = False, delay: float = 0.0
    ) -> None:
        """Fetch again as many rows as are loaded now (at least a page).

        Keeps the cursor on the same row (by key) and the scroll position,
        which is what a live refresh needs.
        """
        self._generation += 1
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
            self.refresh()
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
        if data is not None and data.at_least and data.cursor is None:  # every match is loaded
            data.total, data.at_least = len(data.rows), False
        if replace:
            index = self._index_of(key)
            target = index if index is not None else min(self.cursor, max(len(self.rows) - 1, 0))
            self.cursor = target
        self._sync_size()
        self._update_title()
        self.refresh()
        self._announce()

    def _maybe_load_more(self, index: int) -> None:
        data = self._data
        if data is None or self._loading_more:
            return
        if data.tail is not None:
            self._grow_nearer_run(index, PREFETCH_MARGIN)
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
            # after that layout, then lay out and paint the screen again
            # (~25 ms at start-up). A wrong guess is corrected by Textual.
            self.show_vertical_scrollbar = True
            self.vertical_scrollbar.display = True

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """Textual calls this on every layout of the screen. Its
        ``ScrollView`` compares what the layout reports (the pane's size,
        its parent's) with its own virtual and container sizes, which never
        match, and so repaints the scrollbar after every layout: a frame of
        its own for the three lists each time the detail pane changes.
        Passed on only when something it depends on did change."""
        state = (size, container_size, self.virtual_size)
        if state == self._sized:
            return False
        self._sized = state
        return super()._size_updated(size, virtual_size, container_size, layout)

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
        if text != self.filter_text:
            self.filter_text = text
            self._last_highlight_key = self._last_highlight_key if self.highlighted else object()
            self.reload(keep_selection=True, reset=False, delay=FILTER_REST if text else 0.0)
            self._update_title()

    # -- mouse --------------------------------------------------------------------
    async def _on_click(self, event: events.Click) -> None:
        # event.y counts from the border; rows start inside it.
        offset = event.get_content_offset(self)
        index = int(self.scroll_offset.y) + offset.y if offset is not None else -1
        if 0 <= index < len(self.rows) and index == self.cursor and event.chain >= 2:
            self.action_open()  # and no focus() here: it runs later and would win
            return
        self.focus()
        if 0 <= index < len(self.rows):
            self.cursor = index

    # -- drawing (``kept_lines.py`` works out the widget's style once a paint) -----
    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_offset.y) + y
        width = self.scrollable_content_region.width
        base = self.paint_style()
        rows = self.rows
        if index >= len(rows):
            self._maybe_load_more(index)
            if y == 0 and self._data is None:
                message = self._error or "Loading…"
            elif y == 0 and not rows:
                message = no_match(self.filter_text) if self.filter_text else self.EMPTY_TEXT
            elif index < self.total:
                message = "…"
            else:
                return Strip.blank(width, base)
            dim = self.get_component_rich_style("paged-list--dim")
            return Strip([Segment(message[:width].ljust(width), base + dim)], width)
        row = rows[index]
        if row is None:  # in the gap between the rows read from both ends
            self._maybe_load_more(index)
            dim = self.get_component_rich_style("paged-list--dim")
            return Strip([Segment("…"[:width].ljust(width), base + dim)], width)
        style: Style = base
        if index == self.cursor:
            style = base + self.get_component_rich_style("paged-list--cursor")
        return self.kept_row(
            y, index, row, width, style, lambda: self.themed(self.render_row(row, width))
        )
