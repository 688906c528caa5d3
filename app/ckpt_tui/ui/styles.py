"""The colours of the text the app draws, in terms of the Textual theme.

Text built from the store (rows, diffs, the checkpoint, badges) is Rich
``Text`` made away from any widget, often in a worker. It carries style
*names* (``"ckpt--added"``), never colours; the widget that draws it
resolves each name through its component classes (``COMPONENT_CLASSES``
and ``get_component_rich_style``, as Textual's own widgets do), whose CSS
below is written in the theme's variables. So every theme, light ones
included, decides the colours, and a theme change repaints them.

A widget lists the names it draws in its ``COMPONENT_CLASSES`` and adds
:func:`component_css` of them to its ``DEFAULT_CSS``: each widget resolves
only what it uses (every component class costs a style match at mount).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.text import Span, Text
from textual.color import Color

#: Text in a theme's colour: ``$text-*`` are Textual's variables for text,
#: tinted towards the theme's contrast colour so they stay readable on its
#: background (``$success`` itself is meant for backgrounds and borders).
#: A chip is the theme's text on a muted background.
STYLES: dict[str, str] = {
    # diffs
    "ckpt--added": "color: $text-success;",
    "ckpt--removed": "color: $text-error;",
    "ckpt--added-word": "color: $foreground; background: $success-muted; text-style: bold;",
    "ckpt--removed-word": "color: $foreground; background: $error-muted; text-style: bold;",
    "ckpt--moved": "color: $text-primary;",
    "ckpt--field": "color: $text-primary; text-style: bold;",
    # messages
    "ckpt--success": "color: $text-success;",
    "ckpt--success-bold": "color: $text-success; text-style: bold;",
    "ckpt--warning": "color: $text-warning;",
    "ckpt--warning-bold": "color: $text-warning; text-style: bold;",
    "ckpt--warning-italic": "color: $text-warning; text-style: italic;",
    "ckpt--error": "color: $text-error;",
    "ckpt--error-bold": "color: $text-error; text-style: bold;",
    # rows and marks
    "ckpt--summary": "color: $text-primary;",
    "ckpt--restored": "color: $text-warning; text-style: bold;",
    "ckpt--marked": "color: $text-accent; text-style: bold;",
    "ckpt--placeholder": "color: $text-secondary; text-style: italic;",
    "ckpt--origin": "color: $text-secondary; text-style: bold;",
    "ckpt--key": "color: $text-accent; text-style: bold;",
    "ckpt--heading": "color: $text-primary; text-style: bold underline;",
    "ckpt--role-user": "color: $text-primary; text-style: bold;",
    "ckpt--role-assistant": "color: $text-secondary; text-style: bold;",
    # snapshot kinds
    "ckpt--kind-auto": "color: $foreground-darken-1;",
    "ckpt--kind-manual": "color: $text-primary; text-style: bold;",
    "ckpt--kind-pre-restore": "color: $text-warning; text-style: bold;",
    "ckpt--kind-compaction": "color: $text-secondary;",
    "ckpt--kind-legacy": "color: $text-warning;",
    # chips: a status, a badge, a legacy file's state
    "ckpt--chip-in_progress": "color: $foreground; background: $primary-muted; text-style: bold;",
    "ckpt--chip-blocked": "color: $foreground; background: $error-muted; text-style: bold;",
    "ckpt--chip-done": "color: $foreground; background: $success-muted; text-style: bold;",
    "ckpt--chip-abandoned": "color: $foreground; background: $panel;",
    "ckpt--chip-legacy": "color: $foreground; background: $warning-muted; text-style: bold;",
    "ckpt--chip-placeholder": "color: $foreground; background: $secondary-muted; text-style: italic;",
    "ckpt--chip-gone": "color: $foreground; background: $error-muted; text-style: bold;",
    "ckpt--chip-alarm": "color: $foreground; background: $error-muted; text-style: bold;",
    "ckpt--chip-muted": "color: $foreground; background: $panel;",
    "ckpt--archived": "color: $foreground; background: $secondary-muted; text-style: italic;",
}

STATUS_CHIP = {
    "in_progress": "ckpt--chip-in_progress",
    "blocked": "ckpt--chip-blocked",
    "done": "ckpt--chip-done",
    "abandoned": "ckpt--chip-abandoned",
}
KIND = {
    "auto": "ckpt--kind-auto",
    "manual": "ckpt--kind-manual",
    "pre-restore": "ckpt--kind-pre-restore",
    "compaction": "ckpt--kind-compaction",
    "legacy": "ckpt--kind-legacy",
}
#: What the diff lines use (the detail pane's checkpoint uses these too).
DIFF = frozenset(
    {
        "ckpt--added",
        "ckpt--removed",
        "ckpt--added-word",
        "ckpt--removed-word",
        "ckpt--moved",
        "ckpt--field",
        "ckpt--warning-italic",
        "ckpt--error",
        "ckpt--chip-alarm",
        *STATUS_CHIP.values(),
    }
)
#: What the three lists draw.
ROWS = frozenset(
    {
        "ckpt--summary",
        "ckpt--restored",
        "ckpt--marked",
        "ckpt--chip-legacy",
        "ckpt--chip-placeholder",
        "ckpt--chip-gone",
        "ckpt--origin",
        "ckpt--archived",
        *STATUS_CHIP.values(),
        *KIND.values(),
    }
)
#: Messages: what went well, what to look at, what failed.
MESSAGES = frozenset(
    {
        "ckpt--success",
        "ckpt--success-bold",
        "ckpt--warning",
        "ckpt--warning-bold",
        "ckpt--warning-italic",
        "ckpt--error",
        "ckpt--error-bold",
        "ckpt--chip-alarm",
    }
)


#: WCAG 2's minimum contrast for text (a little over, for rounding).
MINIMUM_CONTRAST = 4.55


def contrast_ratio(a: Color, b: Color) -> float:
    """WCAG 2's contrast ratio of two opaque colours (1 to 21)."""

    def luminance(color: Color) -> float:
        def channel(c: int) -> float:
            s = c / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def legible(full: Style, partial: Style) -> Style:
    """``partial`` with its text colour moved towards black or white (which
    ever the background calls for) just enough to read at WCAG's 4.5:1.

    Themes choose their ``$text-success``/``$text-warning``… for their own
    widgets, and several measure 2.8-4.4:1 on their own background
    (textual-light's warning, solarized's chips): the hue stays the theme's,
    only its lightness gives way. ``full`` is the style over the widget's
    background, which tells what the text is drawn on. ANSI colours are
    the terminal's to choose and are left alone."""
    fg, bg = full.color, full.bgcolor
    if fg is None or bg is None or fg.is_system_defined or bg.is_system_defined:
        return partial
    text, back = Color.from_rich_color(fg), Color.from_rich_color(bg)
    if contrast_ratio(text, back) >= MINIMUM_CONTRAST:
        return partial
    target = back.get_contrast_text(1.0)
    for step in range(1, 21):
        moved = text.blend(target, step / 20)
        if contrast_ratio(moved, back) >= MINIMUM_CONTRAST:
            break
    return partial + Style(color=moved.rich_color)


def component_css(names: Iterable[str]) -> str:
    """The CSS of the named styles, for a widget's ``DEFAULT_CSS`` (scoped
    to the widget, as component classes are)."""
    return "\n".join(f".{name} {{ {STYLES[name]} }}" for name in sorted(names))


_COMPONENT_CLASSES: dict[type, frozenset[str]] = {}


def component_classes(cls: type) -> frozenset[str]:
    """The component classes a widget class lists, its own and its bases'
    (as Textual gathers them)."""
    names = _COMPONENT_CLASSES.get(cls)
    if names is None:
        names = _COMPONENT_CLASSES[cls] = frozenset(
            name for base in cls.__mro__ for name in base.__dict__.get("COMPONENT_CLASSES", ())
        )
    return names


class Themed:
    """A widget that draws text carrying style names: :meth:`themed` gives
    the same renderable with each name it knows replaced by the style the
    theme gives it (call it where the text is drawn, on the UI thread)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set()

    get_component_rich_style: Callable[..., Style]

    def theme_style(self, name: str) -> Style | str:
        """One name's style now; anything else (``"dim"``) as it is. A name
        this widget does not list is drawn plain (Rich would raise on it)."""
        if name not in STYLES:
            return name
        if name not in component_classes(type(self)):
            return ""
        full = self.get_component_rich_style(name)
        key = (name, full)
        cache: dict = self.__dict__.setdefault("_legible_cache", {})
        if key not in cache:
            cache[key] = legible(full, self.get_component_rich_style(name, partial=True))
        return cache[key]

    def themed(self, renderable: RenderableType) -> RenderableType:
        if isinstance(renderable, Text):
            return self._themed_text(renderable)
        if isinstance(renderable, Group):
            return Group(*(self.themed(r) for r in renderable.renderables))
        if isinstance(renderable, Padding):
            pad = (renderable.top, renderable.right, renderable.bottom, renderable.left)
            return Padding(self.themed(renderable.renderable), pad, expand=renderable.expand)
        return renderable

    def _themed_text(self, text: Text) -> Text:
        return themed_text(text, self.theme_style)


def themed_text(text: Text, theme_style: Callable[[str], Style | str]) -> Text:
    """A copy of ``text`` with each style name resolved by ``theme_style``
    (a widget's :meth:`Themed.theme_style`, or a worker's copy of it)."""

    def resolve(style: str | Style) -> str | Style:
        return theme_style(style) if isinstance(style, str) and style else style

    out = text.copy()
    spans = [Span(s.start, s.end, resolve(s.style)) for s in text.spans]
    if text.style:
        # The base style as the first span: Rich drops a Style object
        # given as a Text's base style when the text has no spans.
        out.style = ""
        spans.insert(0, Span(0, len(text), resolve(text.style)))
    out.spans = spans
    return out
