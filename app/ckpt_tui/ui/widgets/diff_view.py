"""A checkpoint diff; ``s`` flips unified / side by side, ``f`` unfolds the
unchanged fields."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.reactive import reactive

from ckpt_tui.core.diff import CheckpointDiff
from ckpt_tui.ui.diff_lines import Row, diff_rows
from ckpt_tui.ui.render import literal
from ckpt_tui.ui.styles import DIFF, component_css
from ckpt_tui.ui.widgets.text_lines import Drawn, Look, TextLines, draw_ahead


class DiffShown(NamedTuple):
    """A diff and the rows a diff view first shows of it (unified, the
    unchanged fields folded), drawn as the view draws if its look is known:
    made in a worker, so showing it shows lines already drawn."""

    diff: CheckpointDiff
    rows: list[Row]
    drawn: Drawn | None = None

    @classmethod
    def of(cls, diff: CheckpointDiff, look: Look | None = None) -> DiffShown:
        rows = diff_rows(diff)
        return cls(diff, rows, None if look is None else draw_ahead(rows, look))


class DiffView(TextLines):
    COMPONENT_CLASSES: ClassVar[set[str]] = set(DIFF)
    DEFAULT_CSS = component_css(DIFF)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "toggle_layout", "Side by side", id="diff.toggle_layout"),
        Binding("f", "toggle_unchanged", "Unfold unchanged", id="diff.toggle_unchanged"),
    ]

    side_by_side: reactive[bool] = reactive(False)
    show_unchanged: reactive[bool] = reactive(False)

    def __init__(
        self, diff: CheckpointDiff | None = None, *, title: str = "", id: str | None = None
    ) -> None:
        super().__init__(title=title, id=id)
        self.diff = diff
        #: Shown instead of a diff that will not come (why, in one line).
        self.no_diff: str | None = None
        #: The diff's rows unified and folded, when made ahead (``set_diff``),
        #: and drawn ahead.
        self._folded: list[Row] | None = None
        self._drawn_ahead: Drawn | None = None

    def set_diff(
        self,
        diff: CheckpointDiff | None,
        title: str | None = None,
        rows: list[Row] | None = None,
        drawn: Drawn | None = None,
    ) -> None:
        """Show ``diff``; ``rows``: its lines unified and folded
        (``diff_rows(diff)``), made in a worker, if they were (and
        ``drawn``, those drawn there)."""
        self.diff, self.no_diff, self._folded, self._drawn_ahead = diff, None, rows, drawn
        if title is not None:
            self.border_title = literal(title)
        self._relayout()

    def show(self, shown: DiffShown) -> None:
        """Show a diff made in a worker."""
        self.set_diff(shown.diff, rows=shown.rows, drawn=shown.drawn)

    def reset(self, title: str, shown: DiffShown | None = None) -> None:
        """As a new view of ``shown`` (``None``: "Loading…") with this title:
        unified, unchanged fields folded, at the top (a screen opened again;
        showing it so already, nothing changes)."""
        if shown is not None and self._shows_as_new(title, shown):
            return
        self.set_reactive(DiffView.side_by_side, False)
        self.set_reactive(DiffView.show_unchanged, False)
        self.scroll_to(0, 0, animate=False, immediate=True)
        if shown is None:
            self.set_diff(None, title)
        else:
            self.set_diff(shown.diff, title, shown.rows, shown.drawn)

    def _shows_as_new(self, title: str, shown: DiffShown) -> bool:
        return (
            self.diff is shown.diff
            and self.no_diff is None
            and not (self.side_by_side or self.show_unchanged)
            and self.scroll_offset == (0, 0)
            and str(self.border_title) == title
        )

    def set_no_diff(self, why: str) -> None:
        """No diff to show, and why (a damaged snapshot, no field chosen):
        never "Loading…" for a diff that is not coming."""
        self.diff, self.no_diff, self._folded, self._drawn_ahead = None, why, None, None
        self._relayout()

    def on_mount(self) -> None:
        self._relayout()

    def _relayout(self) -> None:
        drawn = None
        if self.diff is None and self.no_diff is not None:
            rows: list[Row] = [Text(self.no_diff, style="dim")]
        elif self.diff is None:
            rows = [Text("Loading…", style="dim")]
        elif self._folded is not None and not (self.side_by_side or self.show_unchanged):
            rows, drawn = self._folded, self._drawn_ahead
        else:
            rows = diff_rows(self.diff, self.side_by_side, self.show_unchanged)
        mode = "side by side" if self.side_by_side else "unified"
        self.border_subtitle = f"{mode} · s toggles"
        self.set_rows(rows, drawn)

    def watch_side_by_side(self) -> None:
        self._relayout()

    def watch_show_unchanged(self) -> None:
        self._relayout()

    def action_toggle_layout(self) -> None:
        self.side_by_side = not self.side_by_side

    def action_toggle_unchanged(self) -> None:
        self.show_unchanged = not self.show_unchanged
