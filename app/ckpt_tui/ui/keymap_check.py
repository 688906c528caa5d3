"""Which binding ids and key names ``[keymap]`` may use, from the UI itself,
and which built-in keys a person's keymap takes over.

The ids are those the app's widgets and screens declare (every module of
``ckpt_tui.ui`` is imported and every class walked, so a new screen's
bindings count without a list to keep up to date); the key names are
Textual's. :func:`ckpt_tui.core.config.check_keymap` does the comparing.

A key the person gives to one binding is taken from every built-in binding
that had it, in every widget and screen (:func:`resolve`): Textual only
resolves a clash inside one widget, so ``"app.undo" = "ctrl+u"`` would
otherwise still page up in every list, which has the focus.
"""

from __future__ import annotations

import importlib
import pkgutil
import unicodedata
from dataclasses import dataclass
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
def default_keys() -> dict[str, tuple[str, ...]]:
    """Every binding id declared by a class of ``ckpt_tui.ui``, with its
    built-in keys (in the order declared)."""
    import ckpt_tui.ui as ui_package

    for info in pkgutil.walk_packages(ui_package.__path__, "ckpt_tui.ui."):
        importlib.import_module(info.name)
    keys: dict[str, tuple[str, ...]] = {}
    for cls in sorted(_subclasses(DOMNode), key=lambda c: (c.__module__, c.__qualname__)):
        if not cls.__module__.startswith("ckpt_tui."):
            continue
        for binding in cls.__dict__.get("BINDINGS", ()):
            if isinstance(binding, Binding) and binding.id:
                own = tuple(k.strip() for k in binding.key.split(","))
                keys[binding.id] = tuple(dict.fromkeys(keys.get(binding.id, ()) + own))
    return keys


def binding_ids() -> frozenset[str]:
    """Every binding id declared by a class of ``ckpt_tui.ui``."""
    return frozenset(default_keys())


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


def keymap_in_force(keymap: dict[str, str]) -> tuple[dict[str, str], tuple[str, ...]]:
    """The person's bindings as they apply, for ``config show``: known
    binding ids only, with their known key names, after :func:`resolve`
    settled two of them on one key; and those clashes, one line each."""
    if not keymap:
        return {}, ()
    ids = binding_ids()
    resolved = resolve({b: keys for b, keys in keymap.items() if b in ids})
    return {b: k for b, k in resolved.keymap.items() if b in keymap}, resolved.unresolved


def usable(keymap: dict[str, str]) -> dict[str, str]:
    """What of ``keymap`` to apply: unknown key names left out (cheap: no
    module walk, so it can run before the first frame)."""
    return usable_keymap(keymap, is_key)


@dataclass(frozen=True)
class Resolved:
    """The keymap to apply and what it changed, one line each."""

    keymap: dict[str, str]
    #: Built-in keys the person's keymap took over, and their own bindings'
    #: old keys (``app.undo`` is ``ctrl+u``, no longer ``u, z``).
    displaced: tuple[str, ...] = ()
    #: Clashes left as they are: two of the person's bindings on one key, or
    #: a built-in binding whose only key was taken.
    unresolved: tuple[str, ...] = ()

    @property
    def notes(self) -> tuple[str, ...]:
        return self.displaced + self.unresolved


def resolve(keymap: dict[str, str], defaults: dict[str, tuple[str, ...]] | None = None) -> Resolved:
    """The person's keymap wins: each key they give a binding is taken from
    every other binding that has it by default (which keeps its other keys).
    A built-in binding left with no key keeps its only one (Textual's keymap
    cannot unbind). Two of the person's bindings on one key: the first in
    the file keeps it, the later one does without it, and if that leaves it
    no key, it keeps those of its built-in keys nobody took (so ``undo`` is
    never left unreachable); both are said, as unresolved."""
    defaults = default_keys() if defaults is None else defaults
    mine = {b: [k.strip() for k in keys.split(",")] for b, keys in usable(keymap).items()}
    displaced: list[str] = []
    unresolved: list[str] = []
    taken: dict[str, str] = {}
    lost_to: dict[str, list[tuple[str, str]]] = {}  # binding -> [(key, who has it)]
    for binding, keys in mine.items():
        for key in keys:
            if key in taken and taken[key] != binding:
                lost_to.setdefault(binding, []).append((key, taken[key]))
            else:
                taken.setdefault(key, binding)
    result: dict[str, str] = {}
    for binding, keys in mine.items():
        own = [k for k in dict.fromkeys(keys) if taken.get(k) == binding]
        fallback = False
        if not own:  # every key it was given went to an earlier binding
            own = [k for k in defaults.get(binding, ()) if k not in taken]
            fallback = True
            for key in own:
                taken[key] = binding
        for key, other in lost_to.get(binding, ()):
            if not own:
                left = f"{binding} has no key left (give it another)"
            elif fallback:
                left = f"{binding} keeps {', '.join(own)}"
            else:
                left = f"{binding} has {', '.join(own)}"
            unresolved.append(f"{key} is given to both {other} and {binding}: {other} has it, {left}")
        if own:
            result[binding] = ",".join(own)
        if binding in defaults and tuple(own) != defaults[binding] and not fallback:
            displaced.append(f"{binding} is {', '.join(own)} (was {', '.join(defaults[binding])})")
    for other, keys in defaults.items():
        if other in mine:
            continue
        lost = [k for k in keys if k in taken]
        if not lost:
            continue
        kept = [k for k in keys if k not in taken]
        for key in lost:
            if kept:
                displaced.append(f"{key} is {taken[key]}, no longer {other} (which keeps {', '.join(kept)})")
            else:
                unresolved.append(
                    f"{key} is {taken[key]} but also {other}'s only key: where {other} applies, "
                    f"it still has {key} (give {other} another key)"
                )
        if kept:
            result[other] = ",".join(kept)
    return Resolved(result, tuple(displaced), tuple(unresolved))
