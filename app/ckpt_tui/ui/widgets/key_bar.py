"""The footer: the keys that work here, as one line of text.

Textual's ``Footer`` is a widget per key and recomposes on every change of
focus; at start-up that alone cost about a third of a second here
(``bench/bench_startup.py``). This draws the same information as one
``Text`` when the line is painted (a change of keys repaints it, never lays
out the screen again), and still runs a key's action when it is clicked.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from ckpt_tui.ui.styles import Themed, component_css

#: Actions the bar never drops, however narrow the terminal: how to get
#: help and how to leave (the app, or a dialog).
KEPT_ACTIONS = ("help", "app.help", "quit", "app.quit", "close")
#: Lines the bar keeps drawn (the keys of each pane, a few widths or themes).
LINES_KEPT = 8


#: Keys the bar leaves out before any other when it is full: a list's
#: ``enter`` moves to the next pane, as ``tab`` does (not shown either);
#: at 80 columns the snapshots pane showed it and left out ``r Restore``.
DROPPED_FIRST = ("list.open",)


#: The pane's own first keys, which an offered undo or redo does not
#: outrank: filtering a list, and a snapshot's diff and restore.
PRIMARY = ("list.filter", "main.diff", "main.restore")
#: The app's undo and redo: offered (they apply), they outrank the pane's
#: other keys (at 80 columns the sessions pane showed ``n``, ``e`` and ``c``
#: and left out "u Undo restore of …", because the app's keys come last).
UNDO_REDO = ("app.undo", "app.redo")


def _rank(entry) -> int:
    """How late a key that applies is dropped: the primary keys last, then
    an offered undo or redo, then the others (in the bar's order)."""
    binding_id = entry[3].id
    return 0 if binding_id in PRIMARY else 1 if binding_id in UNDO_REDO else 2


def _droppable(entries: list) -> list:
    """The entries the bar may leave out, the last to go first: in their
    order (the dimmed keys last), an offered undo or redo after every key
    that applies but the primary ones (:func:`_rank`), and
    :data:`DROPPED_FIRST` after every other key that applies."""
    droppable = [e for e in entries if e[3].action not in KEPT_ACTIONS]
    return sorted(
        droppable,
        key=lambda e: (not e[0], e[3].id in DROPPED_FIRST, _rank(e) if e[0] else 0),
    )


class KeyBar(Themed, Widget):
    #: ``key-bar--off``: a key that means nothing here (``ui/explain.py``),
    #: drawn in the theme's colour for disabled text, so it reads as off
    #: beside the others (which are in the theme's text colour).
    COMPONENT_CLASSES: ClassVar[set[str]] = {"ckpt--key", "key-bar--on", "key-bar--off"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $panel;
        color: $text-muted;
    }
    KeyBar > .key-bar--on { color: $foreground; }
    KeyBar > .key-bar--off { color: $text-disabled; }
    """ + component_css({"ckpt--key"})

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, str]] = []
        self._recheck_pending = False
        #: The keys the bar last drew.
        self._drawn: list | None = None
        #: The keys ``_recheck`` just worked out, for the repaint it asked
        #: for; forgotten as soon as the keys may have changed again.
        self._fresh: list | None = None
        #: Lines drawn, by keys, width, theme and style (a change of focus
        #: goes back and forth between a few): the line and its key spans.
        self._lines: LRUCache[Hashable, tuple[Strip, list]] = LRUCache(LINES_KEPT)

    def on_mount(self) -> None:
        self._watched = self.screen
        self._watched.bindings_updated_signal.subscribe(self, self._changed)

    def on_unmount(self) -> None:
        self._watched.bindings_updated_signal.unsubscribe(self)

    def _changed(self, screen: Screen) -> None:
        # The keys are asked for once, after whatever asked for them (a list
        # says so on every cursor move), and the bar is repainted only if
        # they changed: ``j`` in a list seldom changes a key, and a repaint
        # would be a frame of its own right after the cursor's.
        self._fresh = None  # keys worked out before this may be stale
        if not self._recheck_pending:
            self._recheck_pending = True
            self.call_later(self._recheck)

    def _recheck(self) -> None:
        """Work the keys out; repaint if they are not the ones drawn. The
        repaint draws these (asked for once per change, not again): they
        stay fresh until the next change (:meth:`_changed`) or paint."""
        self._recheck_pending = False
        entries = self._entries()
        if entries == self._drawn:
            self._fresh = None
        else:
            self._fresh = entries
            self.refresh()  # a repaint, never a layout: the bar is one line whatever it says

    def _entries(self) -> list:
        """The keys to show: ``(enabled, key, description, binding)``, the
        keys that apply first; then the dimmed ones."""
        seen: set[str] = set()
        shown = [a for a in self.screen.active_bindings.values() if a.binding.show]
        entries = []
        for node, binding, enabled, _tooltip in shown:
            if binding.action in seen:
                continue
            seen.add(binding.action)
            # What the key will do, where that depends on the state ("Undo restore of X").
            describe = getattr(node, "describe_binding", None)
            description = (describe(binding) if describe else None) or binding.description
            entries.append((enabled, self.app.get_key_display(binding), description, binding))
        entries.sort(key=lambda e: not e[0])
        return entries

    def render(self) -> Text:
        """The keys as one line of text (what :meth:`render_line` draws)."""
        return self._draw(self._entries(), self.size.width)[0]

    def render_line(self, y: int) -> Strip:
        """The keys, worked out when the line is painted (so at most once a
        frame, and already in the first frame), or taken from
        :meth:`_recheck`. A line drawn before for the same keys, width and
        theme is given back as it was."""
        width = self.size.width
        if y != 0:
            return Strip.blank(width, self.visual_style.rich_style)
        entries, self._fresh = (self._fresh if self._fresh is not None else self._entries()), None
        self._drawn = entries
        key = (tuple(entries), width, self.app.theme, self.visual_style)
        drawn = self._lines.get(key)
        if drawn is None:
            text, spans = self._draw(list(entries), width)
            visual = visualize(self, text, markup=False)
            drawn = (Visual.to_strips(self, visual, width, 1, self.visual_style)[0], spans)
            self._lines.set(key, drawn)
        line, self._spans = drawn
        return line

    def _draw(self, entries: list, width: int) -> tuple[Text, list[tuple[int, int, str]]]:
        """The line for ``entries`` at ``width``: when they do not fit, long
        descriptions shrink to the key's own word, then the last keys go
        first; help and quit (or a dialog's close) always stay. And where
        each key is on it, for clicks."""
        text = Text(no_wrap=True, overflow="ellipsis")
        on = self.get_component_rich_style("key-bar--on", partial=True)
        off = self.get_component_rich_style("key-bar--off")  # blended over the bar
        spans: list[tuple[int, int, str]] = []
        # The dimmed keys go by their keys alone when the bar has no room for their words.
        terse = sum(len(key) + len(words) + 3 for _on, key, words, _b in entries) > width - 12
        palette = " ^p palette "

        def cost(entry) -> int:
            enabled, key, words, _binding = entry
            return len(key) + len(words) + 3 if enabled or not terse else len(key) + 1

        order = {id(e[3]): i for i, e in enumerate(entries)}
        dropped: list = []
        while sum(map(cost, entries)) + len(palette) + 1 > width:
            # A state-dependent description ("Undo restore of X") is cut back
            # to the key's own word before any key is dropped.
            # The primary keys' words ("r Copy mark here") are cut last:
            # after every other key that can go has gone.
            long = [i for i, e in enumerate(entries) if e[2] != e[3].description]
            others = [i for i in long if entries[i][3].id not in PRIMARY]
            droppable = _droppable(entries)
            if not others and droppable and droppable[-1][3].id not in PRIMARY:
                dropped.append(droppable[-1])
                entries.remove(dropped[-1])
            elif long:
                cut = (others or long)[-1]
                enabled, key, _words, binding = entries[cut]
                entries[cut] = (enabled, key, binding.description, binding)
            elif droppable:
                dropped.append(_droppable(entries)[-1])
                entries.remove(dropped[-1])
            else:
                break
        # The room a long key left: the keys dropped after it that fit take
        # it, the earliest first (the bar is never half empty while keys
        # that would fit are left out).
        for entry in sorted(dropped, key=lambda e: order[id(e[3])]):
            if sum(map(cost, entries)) + cost(entry) + len(palette) + 1 <= width:
                entries.append(entry)
                entries.sort(key=lambda e: order[id(e[3])])
        if sum(map(cost, entries)) + len(palette) + 1 > width:
            palette = ""
        for enabled, key, description, binding in entries:
            start = len(text)
            if enabled:
                text.append(f" {key} ", style="ckpt--key")
                text.append(f"{description} ", style=on)
            else:
                text.append(f" {key}" if terse else f" {key} {description} ", style=off)
            spans.append((start, len(text), binding.key.split(",")[0]))
        text.append(" " * max(width - len(text) - len(palette), 1 if palette else 0))
        text.append(palette, style="dim")
        return self.themed(text), spans  # type: ignore[return-value]

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
