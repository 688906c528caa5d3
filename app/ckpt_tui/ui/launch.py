"""``ckpt-tui`` with no subcommand: open the store, then the app.

Python's cyclic collector is paused from the launch to the app's first
frame: importing Textual and the app, reading the first screen and
building it allocate hundreds of thousands of objects that live as long as
the app, and the collector ran about 120 times on the way to walk them, to
find a few hundred unreachable ones. At the first frame what exists is
frozen (``gc.freeze``) and the collector runs again
(``CkptApp._after_first_frame``).
"""

from __future__ import annotations

import gc
import shutil
import sys

from ckpt_tui.core.config import load
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import CkptError


def run_theme(name: str | None) -> str | None:
    """``--theme NAME`` checked before anything opens: an unknown name is a
    one-line error naming the closest themes."""
    if name is None:
        return None
    import difflib

    from textual.theme import BUILTIN_THEMES

    if name in BUILTIN_THEMES:
        return name
    names = sorted(BUILTIN_THEMES)
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.3)
    hint = f"closest: {', '.join(close)}" if close else f"one of {', '.join(names)}"
    raise CkptError(f"unknown theme {name!r}; {hint}")


def run_app(args, make_app_class=None) -> int:
    """Open the store named by ``args`` and run the app on it until it quits.

    ``make_app_class`` makes the class to run from :class:`CkptApp` (the
    start-up benchmarks make one that reports its frames): called once the
    app is imported here, so the benchmarks time the imports where
    ``ckpt-tui`` makes them.
    """
    paused = gc.isenabled()  # (a collector turned off elsewhere stays off)
    gc.disable()
    try:
        return _open_and_run(args, make_app_class, paused)
    finally:
        if paused:
            gc.enable()


def _open_and_run(args, make_app_class, collector_paused: bool) -> int:
    config = load()
    theme = run_theme(getattr(args, "theme", None))
    service = open_source(args, config)
    from ckpt_tui.ui.app import CkptApp
    from ckpt_tui.ui.screens.main import PANES_PERCENT

    # The first pages are read here, before the UI exists (no UI thread to
    # block yet), so the first frame is painted complete, with the change
    # summaries of as many snapshots as the panes have lines.
    lines = shutil.get_terminal_size((80, 50)).lines * PANES_PERCENT // 100
    first = service.first_screen(limit=first_page_rows(lines), summaries=lines)
    app_class = CkptApp if make_app_class is None else make_app_class(CkptApp)
    app = app_class(
        service,
        config,
        opencode_data=getattr(args, "opencode_data", None),
        first=first,
        theme=theme,
        collector_paused=collector_paused,
    )
    try:
        app.run()
    finally:
        service.close()
    if app.return_code and app.crash_log:
        print(f"ckpt-tui: the traceback is also in {app.crash_log}", file=sys.stderr)
    return app.return_code or 0


def open_source(args, config):
    """What the app shows: the store (``--db``), or the archive
    (``--archive [URL]``), checked first, and with ``--db`` too the local
    store a snapshot is copied back into."""
    if getattr(args, "archive", None) is None:
        return open_service(args.db, read_only=args.read_only, config=config)
    from ckpt_tui.core.archive_view import open_view

    view = open_view(args.archive or None)
    if args.db:
        try:
            view.copy_into(open_service(args.db, read_only=args.read_only, config=config))
        except CkptError:
            view.close()
            raise
    return view


def first_page_rows(lines: int) -> int:
    """How many rows the first page of each list holds when ``lines`` fit:
    those, and as many again as the lists keep loaded ahead of the cursor
    (``PREFETCH_MARGIN``, so none asks for more at once), at most a whole
    page. Reading 200 of each before the first frame cost 3 ms more, for
    rows nobody sees until they scroll, which loads them as any page."""
    from ckpt_tui.ui.widgets.paged_list import PREFETCH_MARGIN, PagedList

    return min(lines + PREFETCH_MARGIN + 20, PagedList.PAGE_SIZE)


def keymap_problems(keymap: dict[str, str]) -> list[str]:
    """For ``ckpt-tui config show``: the command line may reach the UI only
    through this module."""
    from ckpt_tui.ui.keymap_check import keymap_problems as check

    return check(keymap)


def keymap_in_force(keymap: dict[str, str]) -> tuple[dict[str, str], tuple[str, ...]]:
    """For ``ckpt-tui config show``: the bindings that apply, and the clashes."""
    from ckpt_tui.ui.keymap_check import keymap_in_force as in_force

    return in_force(keymap)


def theme_names() -> list[str]:
    """Textual's themes, for ``--theme``'s shell completion."""
    from textual.theme import BUILTIN_THEMES

    return sorted(BUILTIN_THEMES)
