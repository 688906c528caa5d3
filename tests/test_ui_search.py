"""The search screen: type, see hits, enter jumps to the hit on the main screen."""

from __future__ import annotations

import asyncio

import pytest
from rich.text import Text

from ckpt_tui.core.model import Checkpoint
from ckpt_tui.ui.screens.search import SearchResults, SearchScreen, snippet_text
from tests.factory import add_project, add_session, add_snapshot, connect, new_store, set_checkpoint
from tests.ui_support import FROZEN_NOW, SIZE, demo_db, make_app, settle


def _store(path):
    db = new_store(path / "checkpoints.db")
    conn = connect(db)
    for p in range(3):
        add_project(conn, f"p{p}", f"/work/proj{p}", at=f"2026-11-0{p + 1}T10:00:00.000Z")
        for s in range(3):
            sid = f"s{p}{s}"
            add_session(conn, sid, f"p{p}", title=f"session {p}{s}")
            set_checkpoint(conn, sid, f"p{p}", Checkpoint(objective=f"ordinary {sid}"))
            for i in range(300):  # deeper than one page of the snapshot list
                add_snapshot(
                    conn,
                    sid,
                    f"p{p}",
                    f"snap-{sid}-{i}",
                    Checkpoint(objective=f"routine {i}", notes="filler").to_payload(),
                    kind="auto",
                    at=f"2026-11-0{p + 1}T11:{i // 60:02d}:{i % 60:02d}.000Z",
                )
    add_snapshot(
        conn,
        "s11",
        "p1",
        "the-one",
        Checkpoint(
            objective="x", nextSteps=("a", "b"), notes="[bold red]zanzibar[/] \x1b[2J cutover"
        ).to_payload(),
        kind="manual",
        at="2026-11-02T10:30:00.000Z",
        sid="11111111-1111-1111-1111-111111111111",
    )
    conn.close()
    return db


async def _search(pilot, text: str) -> SearchScreen:
    await settle(pilot)
    await pilot.press("S")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, SearchScreen)
    await pilot.press(*text)
    await pilot.pause(0.3)  # the debounce timer; then wait for its worker
    await settle(pilot)
    return screen


def test_type_see_hits_and_jump(tmp_path):
    db = _store(tmp_path)
    app = make_app(db)

    async def run():
        async with app.run_test(size=SIZE) as pilot:
            screen = await _search(pilot, "zanzibar")
            results = screen.query_one(SearchResults)
            assert [h.snapshot_name for h in results.rows] == ["the-one"]
            hit = results.rows[0]
            assert hit.session_title == "session 11" and hit.snippet.field == "notes"
            line = results.render_row(hit, 120)
            assert "[bold red]zanzibar[/]" in line.plain  # literal, never markup
            assert "\x1b" not in line.plain
            # enter is said where the person looks: the key bar and the help
            from ckpt_tui.ui.widgets.key_bar import KeyBar

            assert "⏎ Open" in screen.query_one(KeyBar).render().plain
            listed = [b.id for _t, bs in app.binding_groups() for b in bs]
            assert "search.open" in listed
            await pilot.press("enter")
            await settle(pilot)
            main = app.main
            assert app.screen is main
            assert main.projects.highlighted.id == "p1"
            assert main.sessions.highlighted.id == "s11"
            assert main.snapshots.highlighted.id == hit.snapshot_id
            assert main.focused is main.snapshots
            assert str(main.detail.border_title) == "4 Snapshot"
            assert main.detail.scroll_y > 0  # the Notes field scrolled into view

    asyncio.run(run())


def test_current_only_and_jump_to_current(tmp_path):
    db = _store(tmp_path)
    app = make_app(db)

    async def run():
        async with app.run_test(size=SIZE) as pilot:
            screen = await _search(pilot, "ordinary s02")
            results = screen.query_one(SearchResults)
            assert [h.key for h in results.rows] == [("current", "s02")]
            await pilot.press("ctrl+t")
            await settle(pilot)
            assert screen.filters.current_only and len(results.rows) == 1
            await pilot.press("ctrl+g")  # kind: manual, clears current-only
            await settle(pilot)
            assert results.rows == [] and not screen.filters.current_only
            await pilot.press("ctrl+g", "ctrl+g", "ctrl+g", "ctrl+g", "ctrl+g")  # back to all
            await settle(pilot)
            assert screen.filters.kinds == ()
            await pilot.press("enter")
            await settle(pilot)
            main = app.main
            assert main.sessions.highlighted.id == "s02"
            assert main.focused is main.sessions
            assert str(main.detail.border_title) == "4 Current checkpoint"

    asyncio.run(run())


def test_hits_follow_the_store_while_open(tmp_path):
    db = _store(tmp_path)
    app = make_app(db)

    async def run():
        async with app.run_test(size=SIZE) as pilot:
            screen = await _search(pilot, "quokka")
            results = screen.query_one(SearchResults)
            assert results.rows == []
            conn = connect(db)
            add_snapshot(conn, "s00", "p0", "new", Checkpoint(notes="quokka").to_payload())
            conn.close()
            app.search_keeper.catch_up()  # what the live poll does when the store moves
            await settle(pilot)
            assert [h.snapshot_name for h in results.rows] == ["new"]

    asyncio.run(run())


def test_search_is_in_help_and_palette(tmp_path):
    app = make_app(_store(tmp_path))

    async def run():
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            groups = dict(app.binding_groups())
            assert any(b.id == "app.search" for b in groups["Everywhere"])
            assert {b.id for b in groups["Search"]} >= {"search.order", "search.current_only"}
            titles = {c.title for c in app.get_system_commands(app.screen)}
            assert "Search" in titles

    asyncio.run(run())


def test_snippet_text_is_literal():
    from ckpt_tui.core.search import Snippet

    text = snippet_text(Snippet("notes", (("[b]x[/b] ", False), ("hit", True))), "bold")
    assert isinstance(text, Text) and text.plain == "[b]x[/b] hit"
    assert [(s.start, s.end) for s in text.spans] == [(9, 12)]


@pytest.fixture
def frozen(frozen_clock):
    frozen_clock(FROZEN_NOW)


def test_search_screen_snapshot(snap_compare, frozen):
    app = make_app(demo_db("search"))

    async def run_before(pilot):
        await _search(pilot, "backfill")
        await pilot.press("down", "down")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
