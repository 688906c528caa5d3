"""The lists' columns follow the pane's width: a snapshot's name gets the
room first, every row keeps the same columns, the date only shows where the
age, the kind and a summary fit too, no cell ends in two ellipses, and a
project's folder is cut from its left."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

from ckpt_tui.ui.render import fit, fit_path
from tests.ui_support import FROZEN_NOW, demo_db, drawn_lines, make_app, settle

ACME_SESSIONS = ("j", "j", "j", "j", "enter")
AGE = re.compile(r"(?<= )\d+[smhdw](?= |$)")
DATE = re.compile(r"\d\d-\d\d \d\d:\d\d")


@pytest.fixture(autouse=True)
def _frozen(frozen_clock):
    frozen_clock(FROZEN_NOW)


async def _snapshot_rows_in(size: tuple[int, int]) -> tuple[list[str], list[str]]:
    """The acme session's snapshot rows as drawn at ``size`` (inside the
    border), and the snapshots' names."""
    app = make_app(demo_db(f"columns-{size[0]}"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in ACME_SESSIONS:
            await pilot.press(key)
            await settle(pilot)
        snapshots = app.main.snapshots
        names = [row.name for row in snapshots.rows]
        lines = drawn_lines(snapshots)[1 : 1 + len(names)]
        return [line[1:-1] for line in lines], names


def _snapshot_rows(size: tuple[int, int]) -> tuple[list[str], list[str]]:
    import asyncio

    return asyncio.run(_snapshot_rows_in(size))


@pytest.mark.parametrize("size", [(80, 24), (120, 35), (160, 45)])
def test_rows_agree_on_their_columns(size):
    rows, names = _snapshot_rows(size)
    assert len(rows) == len(names) >= 5
    ages = {[m.end() for m in AGE.finditer(row)][-1] for row in rows}
    assert len(ages) == 1, rows  # the age column starts at one place on every row
    assert not any("……" in row for row in rows), rows
    # each row tells its snapshot apart: no two rows draw one name
    shown = [next(t for t in row.split() if "-" in t or "…" in t) for row in rows]
    assert len(set(shown)) == len(shown), rows


def test_narrow_shows_age_not_date_and_names_told_apart():
    rows, names = _snapshot_rows((80, 24))
    assert not any(DATE.search(row) for row in rows), rows
    for row, name in zip(rows, names, strict=True):
        head, _, tail = row.strip().partition("…")
        # more than "aut…": the name's start and its distinct end both show
        assert len(head) >= 5 and name.startswith(head), (row, name)
        assert tail.split()[0] == name[-len(tail.split()[0]) :], (row, name)
        assert len(tail.split()[0]) >= 5, (row, name)


def test_wide_shows_full_names_age_and_date():
    rows, names = _snapshot_rows((160, 45))
    for row, name in zip(rows, names, strict=True):
        assert name in row, (row, name)
        assert DATE.search(row), row


def test_fit_never_doubles_an_ellipsis_and_width_zero_is_empty():
    assert fit(Text("first snapshot"), 0).plain == ""
    assert fit(Text("no changes…"), 10).plain == "no change…"
    assert fit(Text("no changes…"), 9).plain == "no chang…"


def test_a_path_is_cut_from_its_left_under_home():
    assert fit_path(Text("~/code/clients/acme/services"), 15).plain == "~/…/services   "
    assert fit_path(Text("~/code"), 10).plain == "~/code    "
