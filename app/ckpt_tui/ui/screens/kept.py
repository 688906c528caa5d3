"""Screens kept between openings, for the keys that open them often (``d``,
``r``, ``e``, ``?``): opened again, the kept screen is given its new content
instead of a new one being composed, styled and mounted (issue 12: the key
then costs a push and a paint, as a one-label screen's).

They are installed with Textual (``App.install_screen``), so closing one
does not remove it; the diff screen, the restore preview and the help are
built (composed, mounted and laid out at the terminal's size, not shown)
once the app has settled (:func:`build_kept_screens`,
``ui/commands.prepare_help``), and laid out again when the terminal is
resized (:func:`lay_out_kept`), so the first opening is quick as well. A kept screen already on the stack is not taken:
the caller makes a new one.
"""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.app import App
from textual.screen import Screen

S = TypeVar("S", bound=Screen)

#: The names the kept screens of ``d`` and ``r`` are installed under.
DIFF = "diff"
RESTORE = "restore"


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
    first step of Textual's ``push_screen`` (``_get_screen``), without the
    push; then lay it out (:func:`lay_out`)."""
    if app.is_screen_installed(name):
        return
    app.install_screen(screen, name)
    _screen, mounted = app._get_screen(name)

    async def laid_out() -> None:
        await mounted
        lay_out(screen)

    app.call_next(laid_out)


def lay_out(screen: Screen) -> None:
    """Lay out a kept screen that is not shown at the terminal's size: no
    frame is drawn (Textual draws only the current screen's), no focus
    moves. Its widgets learn their sizes now (a diff view its paint, which
    the detail worker then paints the coming diffs for), and showing it at
    that size lays nothing out (``Screen._on_screen_resume``): the first
    ``d`` and ``r`` cost what later ones do."""
    app = screen.app
    if not screen.is_attached or screen in app.screen_stack:
        return  # (opened meanwhile: Textual lays it out)
    screen._refresh_layout(app.size)
    if isinstance(screen, KeptScreen):
        screen.restyle()  # its scrollbars, made by the layout, too: not when it shows
    # A screen's update timer waits a whole frame period before its very
    # first tick: run it once now, so the first opening's frame does not wait.
    screen._update_timer.resume()
    # Once its widgets have taken their sizes, drawn once without output:
    # each keeps its lines (Textual's ``StylesCache``) for that frame.
    screen.call_after_refresh(_drawn_unseen, screen)


def _drawn_unseen(screen: Screen, rounds: int = 3) -> None:
    if screen.is_attached and screen not in screen.app.screen_stack:
        if screen._layout_required and rounds:
            # What its widgets asked for since (their first content, sizes
            # and scrollbars), laid out now, until they ask no more: Textual
            # lays out only the current screen, so the first opening would.
            screen._refresh_layout(screen.app.size)
            screen._layout_required = False
            screen.call_after_refresh(_drawn_unseen, screen, rounds - 1)
            return
        # Written nowhere: the styles' terminal codes worked out (each style
        # keeps its own), which the first opening's frame would do.
        screen._compositor.render_update(full=True).render_segments(screen.app.console)


def lay_out_kept(app: App) -> None:
    """The terminal was resized: the kept screens not shown, laid out again."""
    for name in (DIFF, RESTORE):
        screen = kept(app, name, Screen)
        if screen is not None:
            lay_out(screen)


def in_stack(screen: Screen) -> bool:
    """Whether ``screen`` is being opened (pushed), rather than built ahead:
    on mount, a pushed screen is on the stack already."""
    return screen in screen.app.screen_stack


def build_kept_screens(app) -> None:
    """The diff screen and the restore preview, built ahead (once the app
    has settled): the first ``d`` and ``r`` only open them, as later ones do."""
    from ckpt_tui.ui.flows.previews import restore_preview
    from ckpt_tui.ui.screens.diff import DiffScreen

    build(app, DIFF, DiffScreen(app.service, "", "", None, ""))
    if app.service.store.writable:
        build(app, RESTORE, restore_preview(app, "", None))


class KeptScreen:
    """Mixed into a kept screen, before its ``Screen`` base (a mixin, so
    Textual's CSS inheritance, which follows the first DOM base, is the
    screen's own): shown again, its nodes are not all styled again unless
    the CSS or the terminal's size changed while it was hidden.

    Textual restyles every node of a screen each time it is shown again
    (``ScreenResume``), in case the CSS changed meanwhile: for the restore
    preview 5-7 ms of a 20 ms key, a third of showing the kept help. The CSS
    changes only with a new theme or stylesheet, which Textual counts
    (``App._css_update_count``); the size can change the breakpoint classes.
    What the opener changes in a kept screen's nodes (a label, the focus, a
    button enabled) restyles those nodes itself.
    """

    #: The app's CSS generation and size when this screen was last styled.
    _styled_for: tuple[int, object] | None = None

    def mark_styled(self) -> None:
        """Call when built ahead (mounted off the stack): every node was
        styled as it was mounted, for the CSS and size of now."""
        self._styled_for = self._style_state()

    def restyle(self) -> None:
        """Style every node now, as showing the screen would."""
        self.update_node_styles(animate=False)  # type: ignore[attr-defined]
        self.mark_styled()

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before ``Screen._on_screen_resume`` (Textual calls each class's
        # handler in turn), which restyles the screen if ``refresh_styles``.
        state = self._style_state()
        if event.refresh_styles and self._styled_for == state:
            event.refresh_styles = False
        self._styled_for = state

    def _style_state(self) -> tuple[int, object]:
        app = self.app  # type: ignore[attr-defined]
        return (app._css_update_count, app.size)
