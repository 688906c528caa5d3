"""Screens kept between openings, for the keys that open them often (``d``,
``r``): opened again, the kept screen is given its new content instead of a
new one being composed, styled and mounted (issue 12: the key then costs a
push and a paint, as a one-label screen's).

They are installed with Textual (``App.install_screen``), so closing one
does not remove it, and built (composed and mounted, not shown) once the
app has settled (:func:`build`), so the first opening is quick as well. A
kept screen already on the stack is not taken: the caller makes a new one.
"""

from __future__ import annotations

from typing import TypeVar

from textual.app import App
from textual.screen import Screen

S = TypeVar("S", bound=Screen)


def kept(app: App, name: str, kind: type[S]) -> S | None:
    """The screen kept under ``name``, unless it is open now."""
    try:
        screen = app.get_screen(name, kind)
    except KeyError:
        return None
    return None if screen in app.screen_stack else screen


def keep(app: App, name: str, screen: Screen) -> None:
    """Keep ``screen`` for the next openings."""
    if not app.is_screen_installed(name):
        app.install_screen(screen, name)


def build(app: App, name: str, screen: Screen) -> None:
    """Keep ``screen`` and compose and mount it now, without showing it: the
    first step of Textual's ``push_screen`` (``_get_screen``), without the push."""
    if app.is_screen_installed(name):
        return
    app.install_screen(screen, name)
    app._get_screen(name)


def in_stack(screen: Screen) -> bool:
    """Whether ``screen`` is being opened (pushed), rather than built ahead:
    on mount, a pushed screen is on the stack already."""
    return screen in screen.app.screen_stack


class KeptScreen:
    """Mixed into a kept screen (before its ``Screen`` base; a mixin, so
    Textual's CSS inheritance, which follows the first DOM base, is the
    screen's own): on opening again, its styles are not all matched again
    unless the app's CSS changed since.

    Textual matches the CSS of every node of a screen on each resume (for
    the restore preview 5-7 ms of a 20 ms key, its component classes most of
    it). A kept screen's nodes only change while it is closed through what
    :meth:`opening_again` 's caller does to them (a label, the focus, a
    button enabled), and each of those restyles its own node. A theme chosen
    meanwhile does not reach a screen off the stack (Textual restyles the
    stack), so then, or at another size, the resume restyles it all as usual.
    """

    #: The app's CSS generation and size at the last full style match.
    _styled_for: tuple[int, object] | None = None
    _skip_next_styles = False

    def opening_again(self) -> None:
        """Call just before pushing the kept screen again."""
        self._skip_next_styles = self._styled_for == self._style_state()

    def built_ahead(self) -> None:
        """Call when built ahead (mounted off the stack): every node was
        styled as it was mounted, for the CSS and size of now."""
        self._styled_for = self._style_state()

    def update_node_styles(self, animate: bool = True) -> None:
        skip, self._skip_next_styles = self._skip_next_styles, False
        if skip and self._styled_for == self._style_state():
            return
        super().update_node_styles(animate)  # type: ignore[misc]
        self._styled_for = self._style_state()

    def _style_state(self) -> tuple[int, object]:
        app = self.app  # type: ignore[attr-defined]
        return (app._css_update_count, app.size)


#: The names the kept screens are installed under.
DIFF = "diff"
RESTORE = "restore"


def build_kept_screens(app) -> None:
    """The diff screen and the restore preview, built ahead (once the app
    has settled): the first ``d`` and ``r`` only open them, as later ones do."""
    from ckpt_tui.ui.flows.previews import restore_preview
    from ckpt_tui.ui.screens.diff import DiffScreen

    build(app, DIFF, DiffScreen(app.service, "", "", None, ""))
    if app.service.store.writable:
        build(app, RESTORE, restore_preview(app, "", None))
