"""A child session counts the same in the projects pane and in the sessions
pane's title, in every order the sessions pane has."""

from __future__ import annotations

import pytest

from ckpt_tui.core.service import open_service
from ckpt_tui.core.sorting import SESSION_SORTS
from tests.ui_support import FROZEN_NOW, demo_db, make_app, run_async, settle


@pytest.fixture(autouse=True)
def _frozen(frozen_clock):
    frozen_clock(FROZEN_NOW)


@pytest.mark.parametrize("sort", SESSION_SORTS)
def test_a_tree_page_counts_every_session_of_the_project(sort):
    service = open_service(demo_db(f"counts-{sort}"), read_only=True)
    for project in service.projects().rows:
        page = service.session_tree(project.id, sort=sort)
        assert page.total == project.session_count == len(page.rows), (sort, project.directory)


@run_async
async def test_the_sessions_title_counts_the_child_session():
    app = make_app(demo_db("counts-app"))
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        for key in ("j", "j", "j", "j"):
            await pilot.press(key)
            await settle(pilot)
        main = app.main
        project = main.projects.highlighted
        assert project.session_count == 3
        sessions = main.sessions
        assert any(row.depth for row in sessions.rows)  # acme's child session
        assert len(sessions.rows) == 3
        assert str(sessions.border_title).startswith("2 Sessions (3)"), sessions.border_title
