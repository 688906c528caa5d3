"""Turning store text into Rich ``Text``: always literal, always bounded.

``Text(value)`` never parses markup, so ``[bold red]x[/]`` stays those
characters; :func:`safe` also makes control characters visible and cuts
very long values, so an escape sequence or a 10 MB summary can neither
restyle the terminal nor stall a frame.
"""

from __future__ import annotations

import os
from datetime import datetime
from typing import NamedTuple

from rich.console import Console, Group, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.strip import Strip

from ckpt_tui import timeutil
from ckpt_tui.core.model import DamagedField, status_label
from ckpt_tui.core.text import printable
from ckpt_tui.plural import counted
from ckpt_tui.ui.styles import KIND, STATUS_CHIP

#: Longest value rendered in one piece (list rows are cut much shorter).
DISPLAY_LIMIT = 20_000

#: Style names, resolved by the widget that draws them (``ui/styles.py``).
STATUS_STYLE = STATUS_CHIP
KIND_STYLE = KIND
KIND_SHORT = {
    "auto": "auto",
    "manual": "manual",
    "pre-restore": "pre-rst",
    "compaction": "compact",
    "legacy": "legacy",
}


def literal(value: object, limit: int = 300) -> Content:
    """A border title, label or prompt that shows ``value`` as it is: a
    plain ``str`` there would be parsed as Textual markup (``[auto hidden]``
    vanished; a snapshot named ``[@click=app.quit]x[/]`` became a link)."""
    return Content(printable("" if value is None else str(value), limit))


def home_relative(path: object) -> str:
    """A path as a person reads it: the home directory as ``~`` (as lazygit
    and harlequin show paths), so a store under home fits a narrow header."""
    text = "" if path is None else str(path)
    home = os.path.expanduser("~").rstrip("/")
    if home and (text == home or text.startswith(home + "/")):
        return "~" + text[len(home) :]
    return text


def home_relative_in(text: str) -> str:
    """Every path under home in a longer text (a hand-off preview) as
    ``~/...``, as the app shows paths everywhere; the file keeps them whole."""
    home = os.path.expanduser("~").rstrip("/")
    return text.replace(home + "/", "~/") if home else text


def safe(value: object, limit: int = DISPLAY_LIMIT, style: str = "") -> Text:
    """Literal, printable, bounded text of any stored value (one line)."""
    return Text(printable("" if value is None else str(value), limit), style=style)


#: Most lines of one multi-line value drawn in the detail pane (laying out
#: 10,000 short lines took over a second of the UI thread).
DISPLAY_LINES = 400


def safe_block(value: object, limit: int = DISPLAY_LIMIT, style: str = "") -> Text:
    """Like :func:`safe` but keeps line breaks (for multi-line fields): at
    most :data:`DISPLAY_LINES` lines and ``limit`` characters of them."""
    text = "" if value is None else str(value)
    head = text.split("\n", DISPLAY_LINES)
    more = 0
    if len(head) > DISPLAY_LINES:
        rest = head.pop()
        more = rest.count("\n") + (1 if rest and not rest.endswith("\n") else 0)
        text = "\n".join(head)
    shown = printable(text, limit, keep_newlines=True)
    if more:
        shown += f"\n… (+{counted(more, 'more line')})"
    return Text(shown, style=style)


#: A list row's status column: the longest label ("in progress").
STATUS_WIDTH = 11


def status_chip(status: str | None) -> Text:
    """A fixed-width status for list rows, with the same label as the detail
    pane's badge and the summaries (``core.model.STATUS_LABEL``)."""
    if not status:
        return Text(f"{'—':^{STATUS_WIDTH}}", style="dim")
    label = printable(status_label(status), STATUS_WIDTH)
    return Text(f"{label:^{STATUS_WIDTH}}", style=STATUS_STYLE.get(status, "reverse"))


def status_badge(status: str | None) -> Text:
    if not status:
        return Text(" no checkpoint ", style="dim italic")
    label = status_label(status)
    return Text(f" {printable(label, 20)} ", style=STATUS_STYLE.get(status, "reverse"))


#: A damaged field (SPEC 3): style names, in the theme's error colours.
DAMAGED_BADGE = "ckpt--chip-alarm"
DAMAGED_TEXT = "ckpt--error"


def damaged_badge() -> Text:
    return Text(" DAMAGED ", style=DAMAGED_BADGE)


def damaged_value(field: DamagedField, limit: int = 2000) -> Text:
    """One line: the badge, why, and the stored value as it is (literal, cut)."""
    return Text.assemble(
        damaged_badge(),
        (f" {field.reason}: ", DAMAGED_TEXT),
        safe(field.shown(), limit, style="dim"),
    )


#: A snapshot the archive keeps and its store has pruned.
ARCHIVED_MARK = Text("archived", style="italic reverse")


def kind_badge(kind: str) -> Text:
    short = KIND_SHORT.get(kind, printable(kind, 7))
    return Text(f"{short:<7}", style=KIND_STYLE.get(kind, "italic"))


def text_strip(text: Text, width: int, style: Style, console: Console) -> Strip:
    """One line of ``text`` drawn at exactly ``width`` cells over ``style``:
    what a line-API view returns from ``render_line``."""
    return parts_strip(text_parts(text, width, console), width, style)


def text_parts(text: Text, width: int, console: Console) -> list[tuple[str, Style | None]]:
    """``text`` cut or padded to ``width`` cells, as its pieces and their own
    styles: drawn over any style by :func:`parts_strip` (a list's row drawn
    once, then over the cursor's style and the plain one)."""
    text.truncate(width, overflow="ellipsis", pad=True)
    return [(seg.text, seg.style) for seg in text.render(console) if seg.text != "\n"]


def parts_strip(parts: list[tuple[str, Style | None]], width: int, style: Style) -> Strip:
    """The pieces of :func:`text_parts` as a line over ``style``."""
    segments = [Segment(text, style + own if own else style) for text, own in parts]
    return Strip(segments).crop_extend(0, width, style)


def no_match(filter_text: str) -> str:
    """What an empty filtered list says: the filter, not that nothing exists."""
    return f"no match for {printable(filter_text, 60)!r}"


def fit(text: Text, width: int) -> Text:
    """Cut (with one ellipsis) or pad ``text`` to exactly ``width`` cells;
    nothing at all at width 0 (Rich would keep all but one character)."""
    if width <= 0:
        return Text()
    text = Text.assemble(text)  # padding must not take the text's own style
    if text.cell_len > width:
        text.truncate(width - 1)
        text.rstrip_end(0)
        while text.plain.endswith(("…", " ")):  # "no chang……" reads as a fault
            text.right_crop(1)
        text.append("…")
    text.truncate(width, pad=True)
    return text


def fit_middle(text: Text, width: int) -> Text:
    """``text`` cut in its middle to ``width`` cells, padded when shorter:
    names that share a long start ("auto-1795269…-42423") stay told apart
    by their ends."""
    if width <= 0:
        return Text()
    if text.cell_len <= width:
        return fit(text, width)
    if width < 8:
        return fit(text, width)
    tail = (width - 1) // 2
    head = width - 1 - tail
    plain = text.plain
    cut = Text.assemble(text[:head], "…", text[len(plain) - tail :])
    return fit(cut, width)


def fit_path(text: Text, width: int) -> Text:
    """A path cut from its left to ``width`` cells ("~/…/projects"): its
    end says more than its start; what it is under (``~``, ``/``) stays."""
    if width <= 0:
        return Text()
    plain = text.plain
    if text.cell_len <= width:
        return fit(text, width)
    lead = "~/…" if plain.startswith("~/") else ("/…" if plain.startswith("/") else "…")
    keep = width - len(lead)
    if keep <= 0:
        return fit(text, width)
    tail = plain[len(plain) - keep :]
    slash = tail.find("/")
    if slash > 0 and lead.endswith("…"):  # from a folder's start, not mid-name
        tail = tail[slash:]
    return fit(Text.assemble(lead, text[len(plain) - len(tail) :]), width)


class Ago(NamedTuple):
    """A stored time shown as its age ("3m ago"), worked out when it is
    drawn, at the app's clock: text built in a worker says what is true when
    it shows, and again when the clock moves (``CkptApp.now``)."""

    moment: object
    style: str = ""


class Aged(NamedTuple):
    """Text with ages in it: ``parts`` (``Text`` or :class:`Ago`) make one
    ``Text`` at a given instant (:meth:`at`); ``below``, if any, is drawn
    under it (the note of a session without a checkpoint)."""

    parts: tuple[Text | Ago, ...]
    below: tuple[RenderableType, ...] = ()

    def text(self, now: datetime) -> Text:
        """The parts as one text, each age as it reads at ``now``."""
        return Text.assemble(
            *(
                Text(timeutil.relative(part.moment, now), part.style)
                if isinstance(part, Ago)
                else part
                for part in self.parts
            )
        )

    def at(self, now: datetime) -> RenderableType:
        """What to draw at ``now``."""
        text = self.text(now)
        return Group(text, *self.below) if self.below else text
