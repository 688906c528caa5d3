"""Search from the app: opening the search screen (its index, FTS5 and
the keeper that follows the store, made on first use only), and showing a
hit on the main screen: its project, session and snapshot selected
(however deep in their lists), the matching field scrolled into view in
the detail pane."""

from __future__ import annotations

from ckpt_tui.core.archive_view import ArchiveView
from ckpt_tui.core.model import LABEL
from ckpt_tui.core.search import Hit

#: Detail pane headings of the fields that are not in ``LABEL``.
_HEADINGS = {"extra": "Extra payload keys"}


def open_search(app) -> None:
    """``S``: the search screen, over the store's index (made, then kept
    current by the app's poll, from the first search on)."""
    from ckpt_tui.core.search import Filters, Searcher
    from ckpt_tui.ui.screens.search import SearchScreen
    from ckpt_tui.ui.search_keeper import SearchKeeper

    if isinstance(app.screen, SearchScreen):
        return
    if isinstance(app.service, ArchiveView):
        if app.search_keeper is None:
            app.search_keeper = ServerIndex(Filters(by_recency=True))  # the archive's one order
        app.push_screen(SearchScreen(app.search_keeper, app.service))
        return
    path = app.service.store.path
    if app.search_keeper is None:
        app.search_keeper = SearchKeeper(app, path)
    app.push_screen(SearchScreen(app.search_keeper, Searcher(path)))


class ServerIndex:
    """What the search screen asks of its index's keeper, on the archive:
    the server's full-text index, which each push keeps current, so there
    is nothing to build or follow here."""

    running = False
    error: str | None = None
    progress = (0, 0)

    def __init__(self, filters) -> None:
        # the query and filters the screen had when it last closed (as SearchKeeper)
        self.last_query = ""
        self.last_filters = filters

    def catch_up(self) -> None:
        pass


def jump_to(app, hit: Hit) -> None:
    """Close the screens above the main screen and show ``hit`` there."""
    while len(app.screen_stack) > 1 and app.screen is not app.main:
        app.pop_screen()
    show_hit(app.main, hit)


def show_hit(main, hit: Hit) -> None:
    """``main`` is the app's MainScreen; every list loads in its own worker."""
    session_key = hit.session_id
    if hit.archive_origin is not None and main.archive is not None:
        main.archive.read_from(hit.session_id, hit.archive_origin)  # that machine's session
        session_key = main.session_key(hit.session_id)
    main.projects.reveal_key(hit.project_id)
    main.sessions.show_project(hit.project_id)
    main.sessions.reveal_key(session_key)
    if hit.current:
        main.snapshots.show_session(hit.session_id, hit.archive_origin)
        title, target = "Current checkpoint", main.sessions
    else:
        if hit.kind == "auto" and main.snapshots.hide_auto:
            main.snapshots.hide_auto = False  # or the hit could not be selected
        main.snapshots.show_session(hit.session_id, hit.archive_origin)
        main.snapshots.reveal_key(hit.snapshot_id)
        title, target = "Snapshot", main.snapshots
    field = hit.snippet.field if hit.snippet else None
    heading = LABEL.get(field or "") or _HEADINGS.get(field or "")
    if heading:
        main.detail.reveal(title, heading)
    target.focus()
