"""Component-class styles a widget keeps across changes of focus.

Each time a widget is restyled (as when it gains or loses the focus),
Textual works out the styles of every one of its component classes again:
one virtual node per class, each matched against the whole stylesheet. For
the session list (ten classes) and the project list that was a tenth of
``enter`` moving on to the next pane, to find the same styles as the last
time the list had (or had not) the focus.

Those styles depend only on the stylesheet (Textual counts its changes:
``App._css_update_count``) and on the path of nodes to the widget: their
type, id, classes and pseudo-classes (``:focus`` among them). Here they are
kept per such state (a few), and a restyle in a state seen before is given
them back instead of Textual working them out (it is told there are no
component classes to work out: ``DOMNode._get_component_classes``, which
only the stylesheet calls). A new state, a new theme or new CSS works them
out as before.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import partial
from typing import ClassVar

from textual.dom import DOMNode


def _all_component_classes(cls: type) -> frozenset[str]:
    """Textual's ``DOMNode._get_component_classes`` for ``cls``."""
    return DOMNode._get_component_classes.__func__(cls)  # type: ignore[attr-defined]


class _OnTheNode:
    """``_get_component_classes``: on the class, Textual's (every component
    class); on a node (only the stylesheet asks a node, once per restyle),
    :meth:`KeptComponentStyles._component_classes_to_work_out`."""

    def __get__(self, node: object, owner: type) -> Callable[[], frozenset[str]]:
        if node is None:
            return partial(_all_component_classes, owner)
        return node._component_classes_to_work_out  # type: ignore[attr-defined]


class KeptComponentStyles:
    """Mix in before a ``Widget`` with component classes."""

    #: States whose component styles are kept (focused or not, a few sizes).
    KEPT_STATES: ClassVar[int] = 4

    _get_component_classes = _OnTheNode()

    def _component_styles_kept(self) -> OrderedDict[Hashable, dict]:
        return self.__dict__.setdefault("_kept_component_styles", OrderedDict())

    def keep_worked_out_component_styles(self) -> None:
        """Keep what Textual worked out at the last restyle, for the state it
        was in (done at the next restyle, or as soon as that one is over)."""
        pending = self.__dict__.pop("_component_state_pending", None)
        classes = _all_component_classes(type(self))
        if pending is not None and set(self._component_styles) == classes:  # type: ignore[attr-defined]
            kept = self._component_styles_kept()
            kept[pending] = dict(self._component_styles)  # type: ignore[attr-defined]
            while len(kept) > self.KEPT_STATES:
                kept.popitem(last=False)

    def _component_classes_to_work_out(self) -> frozenset[str]:
        classes = _all_component_classes(type(self))
        self.keep_worked_out_component_styles()
        kept = self._component_styles_kept()
        state = self._component_state()
        styles = kept.get(state)
        if styles is None:
            self.__dict__["_component_state_pending"] = state
            return classes
        kept.move_to_end(state)
        if self._component_styles != styles:  # type: ignore[attr-defined]
            self._component_styles = dict(styles)  # type: ignore[attr-defined]
            self.refresh()  # type: ignore[attr-defined]  # as Textual does when they change
        return frozenset()

    def _component_state(self) -> Hashable:
        """What the component styles depend on besides the widget's class."""
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
