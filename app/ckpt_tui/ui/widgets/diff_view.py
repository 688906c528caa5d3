"""A checkpoint diff; ``s`` flips unified / side by side, ``f`` unfolds the
unchanged fields.

Its paint (how it draws: ``ui/painted_lines.py``) is told to the detail
worker (``MainScreen.prepared``), which paints the diffs ``d`` and ``r``
will show for it, so a diff made ahead is shown without wrapping or
drawing its lines on the key's path.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.reactive import reactive

from ckpt_tui.core.diff import CheckpointDiff
from ckpt_tui.ui.diff_lines import Row, diff_rows
from ckpt_tui.ui.painted_lines import Paint, Paints, Rows
from ckpt_tui.ui.render import literal
from ckpt_tui.ui.styles import DIFF, component_css
from ckpt_tui.ui.widgets.text_lines import TextLines


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
        #: The diff's rows unified and folded, when made ahead (``set_diff``).
        self._folded: list[Row] | None = None
        #: The paint last told to the worker that paints ahead.
        self._published: Paint | None = None

    def set_diff(
        self, diff: CheckpointDiff | None, title: str | None = None, rows: list[Row] | None = None
    ) -> None:
        """Show ``diff``; ``rows``: its lines unified and folded
        (``diff_rows(diff)``), made in a worker, if they were."""
        self.diff, self.no_diff, self._folded = diff, None, rows
        if title is not None:
            self.border_title = literal(title)
        self._relayout()

    def reset(
        self, title: str, diff: CheckpointDiff | None = None, rows: list[Row] | None = None
    ) -> None:
        """As a new view of ``diff`` (``None``: "Loading…") with this title:
        unified, unchanged fields folded, at the top (a kept screen opened
        again)."""
        self.set_reactive(DiffView.side_by_side, False)
        self.set_reactive(DiffView.show_unchanged, False)
        self.scroll_to(0, 0, animate=False, immediate=True)
        self.set_diff(diff, title, rows)

    def set_no_diff(self, why: str) -> None:
        """No diff to show, and why (a damaged snapshot, no field chosen):
        never "Loading…" for a diff that is not coming."""
        self.diff, self.no_diff, self._folded = None, why, None
        self._relayout()

    def on_mount(self) -> None:
        self._relayout()

    def _relayout(self) -> None:
        if self.diff is None and self.no_diff is not None:
            rows = [Text(self.no_diff, style="dim")]
        elif self.diff is None:
            rows = [Text("Loading…", style="dim")]
        elif self._folded is not None and not (self.side_by_side or self.show_unchanged):
            rows = self._folded
        else:
            rows = Rows(diff_rows(self.diff, self.side_by_side, self.show_unchanged))
        mode = "side by side" if self.side_by_side else "unified"
        self.border_subtitle = f"{mode} · s toggles"
        self.set_rows(rows)

    def new_paint(self, paint: Paint) -> None:
        """Told to the detail worker, and the diffs it made already painted
        for it in another worker: laid out before it shows (a kept screen,
        ``ui/screens/kept.py``), this view's first diff is painted ahead too."""
        prepared = getattr(getattr(self.app, "main", None), "prepared", None)
        if prepared is not None and paint != self._published:
            self._published = paint
            prepared.paints.publish(id(self), paint)
            self.app.run_worker(
                prepared.paint_all, thread=True, group="paint-ahead", exclusive=True
            )

    def on_resize(self) -> None:
        # (before ``TextLines.on_resize``: Textual calls each class's handler)
        self.paint()  # laid out, shown or not: how it draws now, published

    def watch_side_by_side(self) -> None:
        self._relayout()

    def watch_show_unchanged(self) -> None:
        self._relayout()

    def action_toggle_layout(self) -> None:
        self.side_by_side = not self.side_by_side

    def action_toggle_unchanged(self) -> None:
        self.show_unchanged = not self.show_unchanged


def painted_ahead(app: App) -> Paints | None:
    """The paints the detail worker paints the coming diffs for
    (``ui/prepared.py``), if this app has one (also read in workers)."""
    prepared = getattr(getattr(app, "main", None), "prepared", None)
    return getattr(prepared, "paints", None)
