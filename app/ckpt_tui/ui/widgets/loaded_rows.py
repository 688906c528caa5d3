"""The rows a paged list has loaded: from the top, and after ``G`` also
from the end, with a gap between (see :class:`LoadedRows`). Plain data:
the list's workers read the pages, this only places them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from ckpt_tui.records import Page

RowT = TypeVar("RowT")


@dataclass(slots=True)
class LoadedRows(Generic[RowT]):
    """The rows loaded so far.

    Usually the first ``len(rows)`` rows of the list. After ``G`` on a long
    list it is two runs with a gap between them: the rows read from the top
    (``rows[:top]``), ``None`` for each row not read yet, and the rows read
    from the end (``rows[tail:]``). Each run grows page by page towards the
    other (``cursor`` below the top run, ``before`` above the end run) until
    they meet.
    """

    rows: list[RowT | None]
    total: int
    cursor: tuple | None
    at_least: bool = False  # a filter's count stopped at its bound ("1000+")
    tail: int | None = None  # where the run read from the end starts; None: no gap
    before: tuple | None = None  # the key above that run (read upward from it)

    @property
    def top(self) -> int:
        """How many rows the run read from the top holds."""
        if self.tail is None:
            return len(self.rows)
        return next((i for i, r in enumerate(self.rows) if r is None), self.tail)

    def index_of(self, key: object, row_key: Callable[[RowT], object]) -> int | None:
        """Where the loaded row with this key is (``None``: not loaded)."""
        return next(
            (i for i, r in enumerate(self.rows) if r is not None and row_key(r) == key), None
        )

    def fill_down(self, page: Page) -> None:
        """The page below the run read from the top."""
        if self.tail is None:
            self.rows.extend(page.rows)
            self.total, self.cursor, self.at_least = page.total, page.cursor, page.at_least
            return
        top = self.top
        room = self.tail - top
        fresh = list(page.rows)[:room]
        self.rows[top : top + len(fresh)] = fresh
        self.cursor = page.cursor
        if len(fresh) >= room or page.cursor is None:  # the runs meet
            self.close_gap()

    def fill_up(self, page: Page) -> None:
        """The page above the run read from the end."""
        top, tail = self.top, self.tail
        fresh = list(page.rows)[-(tail - top) :] if tail > top else []
        self.rows[tail - len(fresh) : tail] = fresh
        self.tail, self.before = tail - len(fresh), page.cursor
        if self.tail <= top or page.cursor is None:  # the runs meet
            self.close_gap()

    def close_gap(self) -> None:
        self.rows = [r for r in self.rows if r is not None]
        self.tail = self.before = self.cursor = None

    def merge_tail(self, page: Page) -> None:
        """The last page, read from the end, beside the rows read from the top."""
        top = self.top
        if page.cursor is None or self.cursor is None:  # one of them holds the whole list
            if page.cursor is None:
                self.rows, self.cursor = list(page.rows), None
            self.tail = self.before = None
            return
        start = max(page.total - len(page.rows), top)
        rows = self.rows[:top]
        rows += [None] * (start - top)
        rows += list(page.rows)[len(page.rows) - (page.total - start) :]
        self.rows, self.total, self.at_least = rows, page.total, page.at_least
        self.tail, self.before = start, page.cursor
        if start <= top:
            self.close_gap()
