"""The styles a widget had in each focus state, given back on a change of
focus instead of matched against the stylesheet again.

When a widget gains or loses the focus, Textual restyles it and its
scrollbars (``Widget.watch_has_focus``): every rule of the stylesheet that
may apply is matched against the path of nodes to it, the winners are
worked out and set one by one, and then each component class is matched
the same way. For the two lists ``enter`` moves between, that was a fifth
of the frame, to find the styles they had the last time they had (or had
not) the focus.

What Textual works out depends only on the stylesheet (Textual counts its
changes: ``App._css_update_count``) and on the path of nodes: their type,
id, classes and pseudo-classes, ``:focus`` among them
(:meth:`KeptFocusStyles._focus_state`). Here, after Textual restyles the
widget in a state, the rules it set on the widget and its scrollbars and
the widget's component styles are kept for that state; the next change of
focus into a state seen before sets those rules (only the ones that differ,
as Textual would) and those component styles, without matching anything.
A new state (a new theme, new CSS, another width class) is Textual's own
restyle.

``watch_has_focus``, ``Styles._rules`` and ``Widget._component_styles`` are
Textual's (pinned below 9); ``tests/test_ui_focus_change.py`` and
``tests/test_ui_instant_screens.py`` fail when the kept styles stop being
used, and check them against Textual's.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import ClassVar

from textual.dom import DOMNode


def _restyled_nodes(widget) -> list[DOMNode]:
    """The nodes Textual restyles with ``widget`` (``Stylesheet.update_nodes``
    over the widget): the widget and the scrollbars it shows."""
    nodes: list[DOMNode] = [widget]
    if widget.is_scrollable:
        vertical = widget.show_vertical_scrollbar and widget.scrollbar_size_vertical
        horizontal = widget.show_horizontal_scrollbar and widget.scrollbar_size_horizontal
        if vertical:
            nodes.append(widget.vertical_scrollbar)
        if horizontal:
            nodes.append(widget.horizontal_scrollbar)
        if vertical and horizontal:
            nodes.append(widget.scrollbar_corner)
    return nodes


def _set_rules(node: DOMNode, rules: dict) -> None:
    """``Stylesheet.replace_rules`` without animation, for the rules that
    differ: what Textual sets when it restyles a node into these rules."""
    base = node.styles.base
    current = base._rules
    changed = [key for key in current.keys() | rules.keys() if current.get(key) != rules.get(key)]
    if not changed:
        return
    for key in changed:
        setattr(base, key, rules.get(key))
    node.notify_style_update()


class KeptFocusStyles:
    """Mix in before a ``Widget`` without children of its own."""

    #: Focus states kept (focused or not, in a few sizes or themes).
    KEPT_FOCUS_STATES: ClassVar[int] = 4

    def watch_has_focus(self, has_focus: bool) -> None:
        nodes = _restyled_nodes(self)
        state = self._focus_state()
        kept: OrderedDict[Hashable, tuple[list[dict], dict]] = self.__dict__.setdefault(
            "_kept_focus_styles", OrderedDict()
        )
        styles = kept.get(state)
        if styles is None or len(styles[0]) != len(nodes) or self._nodes:  # type: ignore[attr-defined]
            super().watch_has_focus(has_focus)  # type: ignore[misc]  # Textual's restyle
            kept[state] = (
                [dict(node.styles.base._rules) for node in nodes],
                dict(self._component_styles),  # type: ignore[attr-defined]
            )
            while len(kept) > self.KEPT_FOCUS_STATES:
                kept.popitem(last=False)
            return
        kept.move_to_end(state)
        rules, component_styles = styles
        for node, node_rules in zip(nodes, rules, strict=True):
            _set_rules(node, node_rules)
        if self._component_styles != component_styles:  # type: ignore[attr-defined]
            self._component_styles = dict(component_styles)  # type: ignore[attr-defined]
            self.refresh()  # type: ignore[attr-defined]  # as Textual does when they change

    def _focus_state(self) -> Hashable:
        """What Textual's restyle of the widget depends on besides its class."""
        return (
            self.app._css_update_count,  # type: ignore[attr-defined]
            tuple(
                (
                    node._css_type_name,
                    node.id,
                    frozenset(node.classes),
                    frozenset(node.get_pseudo_classes()),
                )
                for node in self.css_path_nodes  # type: ignore[attr-defined]
            ),
        )
