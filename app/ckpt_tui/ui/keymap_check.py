"""Which binding ids and key names ``[keymap]`` may use, from the UI itself.

The ids are those the app's widgets and screens declare (every module of
``ckpt_tui.ui`` is imported and every class walked, so a new screen's
bindings count without a list to keep up to date); the key names are
Textual's. :func:`ckpt_tui.core.config.check_keymap` does the comparing.
"""

from __future__ import annotations

import importlib
import pkgutil
import unicodedata
from functools import cache

from textual import keys as textual_keys
from textual.binding import Binding
from textual.dom import DOMNode

from ckpt_tui.core.config import check_keymap, usable_keymap

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})


def _subclasses(cls: type) -> set[type]:
    found: set[type] = set()
    stack = [cls]
    while stack:
        for sub in stack.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                stack.append(sub)
    return found


@cache
def binding_ids() -> frozenset[str]:
    """Every binding id declared by a class of ``ckpt_tui.ui``."""
    import ckpt_tui.ui as ui_package

    for info in pkgutil.walk_packages(ui_package.__path__, "ckpt_tui.ui."):
        importlib.import_module(info.name)
    ids = set()
    for cls in _subclasses(DOMNode):
        if not cls.__module__.startswith("ckpt_tui."):
            continue
        for binding in cls.__dict__.get("BINDINGS", ()):
            if isinstance(binding, Binding) and binding.id:
                ids.add(binding.id)
    return frozenset(ids)


@cache
def key_names() -> frozenset[str]:
    """Named keys (``escape``, ``pageup``, ``question_mark``…) and the modifiers."""
    names = {k.value for k in textual_keys.Keys if "+" not in k.value}
    names |= set(textual_keys.KEY_TO_UNICODE_NAME) | set(
        textual_keys.KEY_NAME_REPLACEMENTS.values()
    )
    names |= set(textual_keys.KEY_ALIASES) | {"space", "newline"}
    return frozenset(n for n in names if "+" not in n) | MODIFIERS


def is_key(key: str) -> bool:
    """Whether Textual knows ``key`` (``ctrl+shift+r``, ``R``, ``f5``, ``full_stop``)."""
    *mods, base = key.split("+") if key != "+" else [key]
    if not base or any(m not in MODIFIERS for m in mods):
        return False
    if len(base) == 1 or (base in key_names() and base not in MODIFIERS):
        return True
    try:
        unicodedata.lookup(base.replace("_", " ").upper())
    except KeyError:
        return False
    return True


def keymap_problems(keymap: dict[str, str]) -> list[str]:
    """One line per unknown binding id or key name in ``keymap``."""
    if not keymap:
        return []
    return check_keymap(keymap, binding_ids(), is_key, key_names())


def usable(keymap: dict[str, str]) -> dict[str, str]:
    """What of ``keymap`` to apply: unknown key names left out (cheap: no
    module walk, so it can run before the first frame)."""
    return usable_keymap(keymap, is_key)
