"""A session's history as a picture, and a project's activity per day.

``t`` on a session: completed steps, next steps and blockers at each
snapshot (then the live checkpoint) as lines, the status under them as
coloured bands, restores, undos and manual snapshots as lettered marks
(``core/timeline.py`` says which is which). ``←``/``→`` (``h``/``l``) move
the selection along it, shown as a vertical line and described under the
plot; ``d`` diffs the selected snapshot against the current checkpoint (in
the diff screen ``d`` opens on the main screen); ``enter`` selects it in
the main screen.

``t`` on a project: snapshots per day over the last four weeks, stacked by
session, and what opencode's messages cost each day where they say.

Drawn with textual-plotext (Plotext in a Textual widget; both MIT), in the
theme's colours (``$success``, ``$primary``, ``$error``...), not with
characters of our own. A plot is built again only when what it shows, its
size or the theme changed (a build is tens of milliseconds); while a
movement key is held the text under the plot follows at once and the
plot's selection line when the key rests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.screen import Screen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from ckpt_tui.core.timeline import CURRENT, Day, Timeline, project_activity, session_timeline
from ckpt_tui.errors import CkptError
from ckpt_tui.fields import status_label
from ckpt_tui.plural import counted
from ckpt_tui.ui.messages import OpenInMain
from ckpt_tui.ui.render import home_relative, safe
from ckpt_tui.ui.widgets.key_bar import KeyBar

if TYPE_CHECKING:
    from ckpt_tui.core.actions import Service
    from ckpt_tui.records import ProjectRow, SessionRow

#: Seconds a movement key must rest before the plot draws the selection.
SELECTION_REST = 0.08
#: The letter each kind of mark is drawn with.
MARK_LETTER = {"restore": "R", "undo": "U", "manual": "M", "compaction": "C", "legacy": "L"}
#: The theme variable each status band is drawn in.
STATUS_COLOUR = {"in_progress": "primary", "blocked": "error", "done": "success"}
#: Sessions drawn apart in the project view; the rest are one "other" bar.
MAX_SESSIONS = 6


def theme_rgb(widget, name: str, fallback: str = "foreground") -> tuple[int, int, int]:
    """A theme variable as the RGB triple Plotext takes."""
    variables = widget.app.theme_variables
    return Color.parse(variables.get(name) or variables[fallback]).rgb


class ThemedPlot(PlotextPlot):
    """A Plotext plot built by :meth:`draw` in the theme's colours, and
    built again only when what it shows, its size or the theme changed."""

    DEFAULT_CSS = "ThemedPlot { height: 1fr; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._built: tuple[object, Text] | None = None

    def key(self) -> object:
        """What the plot shows: a change of it builds the plot again."""
        return None

    def draw(self) -> None:
        """Plot onto ``self.plt`` (cleared, sized and themed already)."""

    def render(self) -> Text:
        key = (self.key(), self.size, self.app.theme)
        if self._built is not None and self._built[0] == key:
            return self._built[1]
        self.plt.clear_figure()
        if self.size.width > 10 and self.size.height > 4:
            self.draw()
        text = super().render()  # sized and themed as the app is, then built
        self._built = (key, text)
        return text


class TimelinePlot(ThemedPlot):
    def __init__(self) -> None:
        super().__init__(id="plot")
        self.timeline: Timeline | None = None
        self.selected = 0

    def key(self) -> object:
        return (id(self.timeline), self.selected)

    def draw(self) -> None:
        timeline, plt = self.timeline, self.plt
        if timeline is None or not timeline.points:
            return
        points = timeline.points
        xs = [p.index for p in points]
        counts = [v for p in points for v in (p.done, p.next, p.blockers) if v is not None]
        top = max([*counts, 1])
        band = max(top / 8, 0.5)
        for status in sorted({p.status or "" for p in points}):
            at = [p.index for p in points if (p.status or "") == status]
            colour = theme_rgb(self, STATUS_COLOUR.get(status, "secondary"))
            # a band below the zero line, clear of it
            plt.bar(at, [-band / 4] * len(at), minimum=-band, color=colour, width=1, marker="sd")
        for attr, colour in (("done", "success"), ("next", "primary"), ("blockers", "error")):
            ys = [getattr(p, attr) for p in points]
            # a damaged field has no figure: the line steps over it at 0
            plt.plot(
                xs,
                [y if y is not None else 0 for y in ys],
                color=theme_rgb(self, colour),
                marker="braille",
            )
        warning, surface = theme_rgb(self, "warning"), theme_rgb(self, "surface")
        for mark in timeline.marks:
            plt.text(
                MARK_LETTER.get(mark.kind, "*"),
                mark.index,
                top + band,
                color=warning,
                background=surface,
                alignment="center",
            )
        plt.vline(self.selected, theme_rgb(self, "accent"))
        plt.xlim(-0.5, len(points) - 0.5)
        plt.ylim(-band, top + band * 1.5)
        plt.yticks(sorted({0, top // 2, top}))
        last = len(points) - 1
        end = (
            "now" if points[-1].kind == CURRENT else points[-1].captured_at[5:16].replace("T", " ")
        )
        plt.xticks(
            sorted({0, last}),
            [points[0].captured_at[5:16].replace("T", " "), end][: len({0, last})],
        )


class TimelineScreen(Screen[None]):
    DEFAULT_CSS = """
    TimelineScreen #title { height: auto; padding: 0 1; }
    TimelineScreen #selected { height: auto; padding: 0 1; border-top: solid $panel-lighten-2; }
    TimelineScreen TimelinePlot { height: 1fr; min-height: 8; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", "Earlier", id="timeline.left"),
        Binding("right,l", "move(1)", "Later", id="timeline.right"),
        Binding("pageup", "move(-10)", "10 earlier", show=False, id="timeline.page_left"),
        Binding("pagedown", "move(10)", "10 later", show=False, id="timeline.page_right"),
        Binding("home,g", "to(0)", "First", show=False, id="timeline.first"),
        Binding("end,G", "to(-1)", "Last", show=False, id="timeline.last"),
        Binding("d", "diff", "Diff with current", id="timeline.diff"),
        Binding("enter", "open", "Select in main", id="timeline.open"),
        Binding("escape,q", "close", "Close", id="timeline.close"),
    ]

    def __init__(self, service: Service, session: SessionRow) -> None:
        super().__init__()
        self.service = service
        self.session = session
        self.plot = TimelinePlot()
        self.timeline: Timeline | None = None
        self.selected = 0
        self._rest = None

    def compose(self) -> ComposeResult:
        yield Static(
            Text.assemble(
                "Timeline of ", safe(self.session.display_title, 200, "bold"), " — reading…"
            ),
            id="title",
        )
        yield self.plot
        yield Static("", id="selected")
        yield KeyBar()

    def on_mount(self) -> None:
        self._load()

    @work(thread=True, exclusive=True)
    def _load(self) -> None:
        try:
            timeline = session_timeline(self.service, self.session.id)
        except CkptError as exc:
            self.app.call_from_thread(self.notify, str(exc), severity="error")
            return
        self.app.call_from_thread(self._loaded, timeline)

    def _loaded(self, timeline: Timeline) -> None:
        self.timeline = self.plot.timeline = timeline
        last = max(len(timeline.points) - 1, 0)
        self.selected = self.plot.selected = last
        snaps = len(timeline.snapshots)
        title = Text.assemble(
            "Timeline of ",
            safe(self.session.display_title, 200, "bold"),
            f" ({self.session.id}): {counted(snaps, 'snapshot')}, {counted(len(timeline.marks), 'mark')}\n",
        )
        title.append("Lines: ", style="dim")  # the plot's colours: it draws no legend
        title.append("completed", style=f"bold {self.app.theme_variables.get('success', '')}")
        title.append(" · ")
        title.append("next", style=f"bold {self.app.theme_variables.get('primary', '')}")
        title.append(" · ")
        title.append("blockers", style=f"bold {self.app.theme_variables.get('error', '')}")
        title.append(
            ". Band: status. Marks: R restore, U undo, M manual, C compaction.", style="dim"
        )
        self.query_one("#title", Static).update(title)
        self._describe()
        self.plot.refresh()

    def _describe(self) -> None:
        timeline = self.timeline
        if timeline is None or not timeline.points:
            self.query_one("#selected", Static).update("No snapshots yet.")
            return
        p = timeline.points[self.selected]
        text = Text(f"{p.index + 1}/{len(timeline.points)}  ", style="bold")
        text.append(f"{p.captured_at[:19].replace('T', ' ')}  ")
        text.append_text(
            safe("current checkpoint" if p.kind == CURRENT else f"{p.kind}  {p.name}", 200)
        )
        status = status_label(p.status) if p.status else "damaged"
        text.append(
            f"\nstatus {status} · completed {_n(p.done)} · next {_n(p.next)} · "
            f"blockers {_n(p.blockers)}"
        )
        for mark in timeline.marks_at(p.index):
            text.append("  ◆ ", style="bold")
            text.append_text(safe(mark.label, 200))
        self.query_one("#selected", Static).update(text)

    def _select(self, index: int) -> None:
        if self.timeline is None or not self.timeline.points:
            return
        index = max(0, min(index, len(self.timeline.points) - 1))
        if index == self.selected:
            return
        self.selected = index
        self._describe()
        if self._rest is not None:
            self._rest.stop()
        self._rest = self.set_timer(SELECTION_REST, self._draw_selection)

    def _draw_selection(self) -> None:
        self._rest = None
        self.plot.selected = self.selected
        self.plot.refresh()

    def action_move(self, by: int) -> None:
        self._select(self.selected + by)

    def action_to(self, index: int) -> None:
        if self.timeline is not None:
            self._select(index if index >= 0 else len(self.timeline.points) - 1)

    def _point(self):
        if self.timeline is None or not self.timeline.points:
            return None
        return self.timeline.points[self.selected]

    def action_diff(self) -> None:
        from ckpt_tui.ui.screens.diff import DiffScreen

        p = self._point()
        if p is None:
            return
        if p.kind == CURRENT:
            self.notify(
                "This is the current checkpoint: select a snapshot (←) to diff", severity="warning"
            )
            return
        title = f"{p.name} → current checkpoint"
        self.app.push_screen(DiffScreen(self.service, self.session.id, p.snapshot_id, None, title))

    def action_open(self) -> None:
        p = self._point()
        snapshot = p.snapshot_id if p is not None else None
        self.post_message(OpenInMain(self.session.project_id, self.session.id, snapshot))

    def action_close(self) -> None:
        self.dismiss()


def _n(value: int | None) -> str:
    return "?" if value is None else str(value)


# -- a project's activity per day ----------------------------------------------------------


class ActivityPlot(ThemedPlot):
    """Snapshots per day, stacked by session; or, ``cost``, cost per day."""

    def __init__(self, *, cost: bool, id: str) -> None:
        super().__init__(id=id)
        self.cost = cost
        self.days: list[Day] = []
        self.titles: dict[str, str] = {}

    def key(self) -> object:
        return (id(self.days), self.cost)

    def draw(self) -> None:
        plt, days = self.plt, self.days
        if not days:
            return
        labels = [d.day[5:] for d in days]
        xs = list(range(len(days)))
        if self.cost:
            costs = [d.cost or 0.0 for d in days]
            plt.bar(xs, costs, color=theme_rgb(self, "warning"), width=0.8, marker="hd")
            plt.title("Cost per day (opencode, USD)")
        else:
            totals: dict[str, int] = {}
            for d in days:
                for sid, n in d.sessions.items():
                    totals[sid] = totals.get(sid, 0) + n
            shown = sorted(totals, key=lambda s: (-totals[s], s))[:MAX_SESSIONS]
            series = [[d.sessions.get(sid, 0) for d in days] for sid in shown]
            other = [d.saves - sum(d.sessions.get(sid, 0) for sid in shown) for d in days]
            names = [self.titles.get(sid, sid)[:24] for sid in shown]
            if any(other):
                series.append(other)
                names.append("other sessions")
            colours = [
                "primary",
                "success",
                "warning",
                "error",
                "secondary",
                "accent",
                "foreground",
            ]
            if series:
                plt.stacked_bar(
                    xs,
                    series,
                    labels=names,
                    width=0.8,
                    marker="hd",
                    color=[theme_rgb(self, colours[i % len(colours)]) for i in range(len(series))],
                )
            top = max([d.saves for d in days] + [1])
            plt.yticks(sorted({0, top // 2, top}))
            plt.title("Snapshots per day, by session")
        step = max(1, len(days) // 7)
        plt.xticks(xs[::step], labels[::step])


class ProjectActivityScreen(Screen[None]):
    DEFAULT_CSS = """
    ProjectActivityScreen #title { height: auto; padding: 0 1; }
    ProjectActivityScreen #saves { height: 2fr; }
    ProjectActivityScreen #cost { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="activity.close"),
    ]

    def __init__(self, service: Service, project: ProjectRow) -> None:
        super().__init__()
        self.service = service
        self.project = project
        self.saves = ActivityPlot(cost=False, id="saves")
        self.cost = ActivityPlot(cost=True, id="cost")

    def compose(self) -> ComposeResult:
        yield Static(
            Text.assemble(
                "Activity of ",
                safe(home_relative(self.project.directory), 300, "bold"),
                " — reading…",
            ),
            id="title",
        )
        yield self.saves
        yield self.cost
        yield KeyBar()

    def on_mount(self) -> None:
        self._load(getattr(self.app, "activity", None))

    @work(thread=True, exclusive=True)
    def _load(self, activity) -> None:
        """The days, and the sessions' titles (read in the worker: opencode
        data is handed in from the UI thread)."""
        try:
            days = project_activity(self.service, self.project.id, activity=activity)
            titles = {}
            for day in days:
                for sid in day.sessions:
                    if sid not in titles:
                        titles[sid] = self.service.session(sid).display_title
        except CkptError as exc:
            self.app.call_from_thread(self.notify, str(exc), severity="error")
            return
        self.app.call_from_thread(self._loaded, days, titles)

    def _loaded(self, days: list[Day], titles: dict[str, str]) -> None:
        for plot in (self.saves, self.cost):
            plot.days, plot.titles = days, titles
            plot.refresh()
        saves = sum(d.saves for d in days)
        costs = [d.cost for d in days if d.cost is not None]
        spent = f", ${sum(costs):,.4f} in opencode" if costs else ", no cost recorded by opencode"
        text = Text.assemble(
            "Activity of ",
            safe(home_relative(self.project.directory), 300, "bold"),
            f" over the last {len(days)} days (UTC): {counted(saves, 'snapshot')}{spent}",
        )
        self.query_one("#title", Static).update(text)
        self.cost.display = bool(costs)

    def action_close(self) -> None:
        self.dismiss()


def open_timeline(
    screen: Screen, service: Service, session: SessionRow | None, project: ProjectRow | None
) -> None:
    """``t``: the session's timeline, else the project's activity."""
    if session is not None:
        screen.app.push_screen(TimelineScreen(service, session))
    elif project is not None:
        screen.app.push_screen(ProjectActivityScreen(service, project))
    else:
        screen.notify("Select a project or a session first", severity="warning")
