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

Shown again, such a screen is not styled again whole (:class:`Reused`):
what changed in it while it was hidden (a label, a button disabled, the
focus) restyled those nodes then, and only a new theme changes the rest.
"""

from __future__ import annotations

import weakref
from typing import TypeVar

from textual import events
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


class Reused:
    """Mixed into a screen before its ``Screen`` base: shown again, its
    nodes are styled again only if the theme changed since they last were.

    Textual styles every node of a screen each time it is shown, in case
    the CSS changed meanwhile (a third of showing the reused help again).
    Nodes changed while it was hidden were restyled as they changed; the
    CSS of a running app changes with its theme (Textual restyles only the
    screens shown then)."""

    _styled_for_theme: str | None = None

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before ``Screen``'s own handler, which styles the screen if
        # ``refresh_styles`` (Textual calls each class's handler in turn).
        theme = self.app.theme  # type: ignore[attr-defined]
        if self._styled_for_theme == theme:
            event.refresh_styles = False
        self._styled_for_theme = theme
