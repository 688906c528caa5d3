"""Keys that mean nothing here are dimmed, and say why when pressed.

A screen or widget says, per action, why it does not apply to what it
shows (``why_not``); :class:`Explains` turns that into Textual's
``check_action``: ``None`` (the key bar dims the key, the palette shows it
disabled with the reason) or ``True``. When a dimmed key is pressed anyway,
the app asks the same ``why_not`` and shows the one line
(:meth:`CkptApp.run_action`), instead of a key that silently does nothing
or acts on something else. One function answers all three, so they cannot
disagree.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from textual.actions import ActionError, parse
from textual.dom import DOMNode


class Explains:
    """Mixed into a screen or widget that defines ``why_not``."""

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why ``action`` does not apply here now (one line), or ``None``."""
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if self.why_not(action, parameters) else True


def reason_for(node: DOMNode, action: str, parameters: tuple[object, ...]) -> str | None:
    """``node``'s reason for not running ``action``, if it gives one."""
    why_not = getattr(node, "why_not", None)
    return why_not(action, parameters) if why_not is not None else None


def action_target(
    app, action: str | tuple, default: DOMNode, namespaces: Mapping[str, DOMNode] | None = None
) -> tuple[DOMNode, str, tuple[object, ...]] | None:
    """The node ``action`` runs on, its name and its parameters, as Textual
    finds them (``app.``, ``screen.`` and ``focused.`` name those nodes);
    ``None`` for an action Textual would report as wrong itself."""
    try:
        destination, name, params = action if isinstance(action, tuple) else parse(action)
    except ActionError:
        return None
    target = None if namespaces is None else namespaces.get(destination)
    if destination and target is None:
        named = {"app": app, "screen": app.screen, "focused": app.focused}
        target = named.get(destination)
        if target is None:
            return None
    return (default if target is None else target), name, params


def refusal(app, action: str, default_namespace, namespaces) -> str | None:
    """Why the node that ``action`` would run on refuses it now (its
    ``check_action`` dims it and its ``why_not`` says why), or ``None``: the
    app's ``run_action`` then says so instead of running it."""
    found = action_target(
        app, action, app if default_namespace is None else default_namespace, namespaces
    )
    if found is None:  # Textual reports a bad action itself
        return None
    target, name, params = found
    if target.check_action(name, params) is None:
        return reason_for(target, name, params)
    return None


def key_of(node: DOMNode, binding_id: str) -> str:
    """The key that runs ``binding_id`` for this person (their keymap first),
    as a message names it: the first of its keys."""
    from textual.binding import Binding

    keys = getattr(node.app, "keymap_in_force", {}).get(binding_id)
    if keys is None:
        for cls in type(node).__mro__:
            for binding in cls.__dict__.get("BINDINGS", ()):
                if isinstance(binding, Binding) and binding.id == binding_id:
                    keys = binding.key
                    break
            if keys is not None:
                break
    first = (keys or "?").split(",")[0].strip()
    return node.app.get_key_display(Binding(first, ""))


#: How the core's messages name the undo and redo keys (their defaults).
_CORE_KEYS = re.compile(r"\b(?:(u) (?=undoes|restores|may)|(ctrl\+r) (?=redoes|cannot))")


def name_keys(node: DOMNode, message: str) -> str:
    """A write's message with the undo and redo keys it names replaced by
    this person's (``"app.undo" = "ctrl+u"``: "ctrl+u undoes it", not "u")."""

    def mine(match: re.Match[str]) -> str:
        return key_of(node, "app.undo" if match.group(1) else "app.redo") + " "

    return _CORE_KEYS.sub(mine, message)
