"""The search screen as a person meets it: a prompt before anything is
typed, one row per text with how many snapshots hold it and where, "No
matches" that names the filters when they are on, and the query and
filters there again when it opens again."""

from __future__ import annotations

import asyncio

from ckpt_tui.ui.screens.search import SearchScreen
from tests.ui_support import demo_db, make_app, run_async, settle


async def _until(pilot, condition, seconds: float = 5.0) -> None:
    """Wait for ``condition`` (the debounce timer, then its worker)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition() and asyncio.get_running_loop().time() < deadline:
        await pilot.pause(0.05)
        await settle(pilot)
    assert condition()


async def _open(pilot) -> SearchScreen:
    await settle(pilot)
    await pilot.press("S")
    await settle(pilot)
    assert isinstance(pilot.app.screen, SearchScreen)
    return pilot.app.screen


async def _searched(pilot, text: str = "uuid") -> SearchScreen:
    """The search screen with ``text`` typed and its hits in."""
    screen = await _open(pilot)
    await pilot.press(*text)
    await _until(pilot, lambda: bool(screen.results.rows))
    return screen


@run_async
async def test_an_empty_query_shows_a_prompt_not_loading():
    app = make_app(demo_db("search-prompt"))
    async with app.run_test(size=(120, 35)) as pilot:
        screen = await _open(pilot)
        await settle(pilot)
        first = screen.results.render_line(0).text
        assert "Loading" not in first and "Type to search" in first, first


@run_async
async def test_one_text_in_many_snapshots_is_one_row_with_its_count_name_and_field():
    app = make_app(demo_db("search-grouped"))
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await _searched(pilot)
        rows = screen.results.rows
        keys = [(r.session_id, r.snippet.field, r.snippet.parts) for r in rows]
        assert len(keys) == len(set(keys)), "one row per text, not one per snapshot"
        top = rows[0]
        assert top.count > 1
        line = screen.results.render_line(0).text
        assert f"×{top.count}" in line and "Title" in line, line
        assert (top.snapshot_name or "")[:8] in line, line


@run_async
async def test_no_matches_with_filters_on_says_they_may_be_why():
    app = make_app(demo_db("search-filters"))
    async with app.run_test(size=(120, 35)) as pilot:
        screen = await _searched(pilot)
        for _ in range(3):  # kind: manual, auto, pre-restore (no pre-restore says uuid)
            await pilot.press("ctrl+g")
        await _until(pilot, lambda: screen.results.total == 0 and screen.results._data is not None)
        first = screen.results.render_line(0).text
        assert "filters on" in first and "pre-restore" in first, first


@run_async
async def test_query_and_filters_are_there_again_after_close():
    from textual.widgets import Input

    app = make_app(demo_db("search-remembered"))
    async with app.run_test(size=(120, 35)) as pilot:
        screen = await _open(pilot)
        await pilot.press(*"uuid")
        await pilot.press("ctrl+g")  # kind: manual
        await _until(pilot, lambda: screen.results._data is not None)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, SearchScreen)
        again = await _open(pilot)
        assert again.query_one(Input).value == "uuid"
        assert again.filters.kinds == ("manual",)
