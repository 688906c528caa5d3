"""Screens installed with the app and reused, for the keys that open them
often (``d``, ``r``, ``e``, ``?``): opened again, the screen already built
is given its new content, instead of a new one being composed, styled,
mounted and laid out while the person waits.

They are installed with Textual (``App.install_screen``), so closing one
does not remove it. The diff screen, the restore preview and the help are
also built once the app has settled (:func:`build_ahead`): pushed and
popped in one batch of updates, so no frame shows them, and laid out at the
terminal's size as Textual does for a screen it shows. The first ``d``,
``r`` and ``?`` then cost what later ones do. A screen already on the stack
is not taken again: the caller makes a new one.
"""

from __future__ import annotations

import weakref
from typing import TypeVar

from textual.app import App
from textual.screen import Screen

S = TypeVar("S", bound=Screen)

#: Screens being built ahead right now (shown to nobody).
_building: weakref.WeakSet[Screen] = weakref.WeakSet()


def installed(app: App, name: str, kind: type[S]) -> S | None:
    """The screen installed under ``name``, unless it is open now."""
    if not app.is_screen_installed(name):
        return None
    screen = app.get_screen(name)
    if not isinstance(screen, kind) or screen in app.screen_stack:
        return None
    return screen


def install(app: App, name: str, screen: Screen) -> None:
    """Keep ``screen`` for the next openings."""
    if not app.is_screen_installed(name):
        app.install_screen(screen, name)


async def build_ahead(app: App, name: str, screen: Screen) -> None:
    """Install ``screen`` and build it now, unseen: composed, mounted,
    styled and laid out (Textual does all of it for a screen it pushes).
    Pushed and popped within a batch of updates, which draws no frame; the
    app handles no key meanwhile (they wait in its queue), so none reaches
    the screen while it is on top."""
    if app.is_screen_installed(name):
        return
    app.install_screen(screen, name)
    _building.add(screen)
    try:
        with app.batch_update():
            await app.push_screen(name)
            if app.screen is screen:
                await app.pop_screen()
    finally:
        _building.discard(screen)


def being_built(screen: Screen) -> bool:
    """Whether ``screen`` is on top only to be built (:func:`build_ahead`)."""
    return screen in _building
