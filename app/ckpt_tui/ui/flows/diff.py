"""``d``: the diff of a snapshot against the current checkpoint, or of the
marked snapshot against it. The diff is worked out while the cursor rests
on the snapshot (:func:`work_out`, in the main screen's detail worker), so
the key only opens the screen on it; the screen itself is built once the
app has settled and reused (``ui/screens/installed.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ckpt_tui.errors import CkptError
from ckpt_tui.ui.screens.installed import build_ahead, install, installed
from ckpt_tui.ui.store_token import AsOf, change_token

if TYPE_CHECKING:
    from ckpt_tui.core.actions import Service
    from ckpt_tui.ui.widgets.diff_view import DiffShown
    from ckpt_tui.ui.widgets.text_lines import Look

#: The name the diff screen is installed under.
DIFF_SCREEN = "diff"


def work_out(
    service: Service,
    session_id: str,
    old: str,
    new: str | None,
    known: object,
    look: Look | None = None,
) -> AsOf[DiffShown] | None:
    """In a worker: the diff ``d`` will show (``new`` ``None``: against the
    current checkpoint), drawn as the diff view draws (``look``), unless the
    one kept was worked out at the store's token now (``known``: then
    ``None``, nothing new). What fails is not kept: the screen works it out
    and says why."""
    from ckpt_tui.ui.widgets.diff_view import DiffShown

    try:
        token = change_token(service)
        if token == known:
            return None
        diff = service.compare(session_id, old, new).diff
    except CkptError:
        return None
    return AsOf(DiffShown.of(diff, look), token)


def view_look(app) -> Look | None:
    """How the diff screen's view draws, to draw a diff ahead for."""
    from ckpt_tui.ui.screens.diff import DiffScreen

    screen = installed(app, DIFF_SCREEN, DiffScreen)
    return None if screen is None or not screen.is_mounted else screen.diff_view.look()


def show_diff(app, session_id: str, old: str, new: str | None, title: str) -> None:
    """The diff screen on this pair, showing the diff worked out ahead if
    there is one (its worker checks it is still current)."""
    from ckpt_tui.ui.screens.diff import DiffScreen

    ready = app.main.diffs.get((session_id, old, new))
    screen = installed(app, DIFF_SCREEN, DiffScreen)
    if screen is None:
        screen = DiffScreen(app.service)
        install(app, DIFF_SCREEN, screen)
    screen.open(session_id, old, new, title, ready)
    app.push_screen(screen)


async def build_diff_screen(app) -> None:
    """Built once the app has settled: the first ``d`` only opens it."""
    from ckpt_tui.ui.screens.diff import DiffScreen

    await build_ahead(app, DIFF_SCREEN, DiffScreen(app.service))
