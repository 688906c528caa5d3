"""``e`` with the note made while the cursor rested (``ui/flows/handoff.py``):
shown at the key, being written; what is written is exactly what is shown;
a plugin save in between gives the new note, shown and written; a note that
cannot be written says why on one line."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ckpt_tui.ui.flows import handoff as handoff_flow
from tests.ui_support import drawn_lines, make_app, run_async, settle

NOTE = "demo/projects/docs-site/.opencode/state/checkpoint-orchestrator/handoff-ses_docs_01.md"


def where(app) -> str:
    return app.screen.query_one("#where").render().plain


def note_text(app) -> str:
    """The note as the hand-off screen draws it, as plain text."""
    return "\n".join(drawn_lines(app.screen.query_one("#note")))


def written_time(markdown: str) -> str:
    (line,) = [line for line in markdown.splitlines() if line.startswith("- Written: ")]
    return line.removeprefix("- Written: ")


def demo(tmp_path) -> Path:
    from ckpt_tui.core.demo import build_demo

    return Path(build_demo(tmp_path / "demo", seed=3)["db"])


def held_worker(monkeypatch) -> list[tuple]:
    """The ``e`` worker's calls, held (not run) until the test runs them."""
    held: list[tuple] = []
    monkeypatch.setattr(handoff_flow, "_write_note", lambda *args: held.append(args))
    return held


@run_async
async def test_e_shows_the_note_made_ahead_at_once_then_writes_exactly_it(tmp_path, monkeypatch):
    real = handoff_flow._write_note
    held = held_worker(monkeypatch)
    note = tmp_path / NOTE
    app = make_app(demo(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)  # the cursor rests: the note is made
        assert app.main.notes.get(("ses_docs_01", None)) is not None
        await pilot.press("e")
        await pilot.pause()
        assert type(app.screen).__name__ == "HandoffScreen", "shown before any worker ran"
        assert len(held) == 1 and not note.exists()
        assert where(app).startswith("Writing to ") and where(app).endswith("handoff-ses_docs_01.md…")
        shown = app.screen.markdown
        assert f"Written: {written_time(shown)}" in note_text(app)
        await asyncio.to_thread(real, *held[0])
        await settle(pilot)
        assert note.read_text() == shown, "what is written is what was shown"
        assert where(app).startswith("Written to ") and "undoes it" in where(app)
        assert f"Written: {written_time(shown)}" in note_text(app)
        await pilot.press("u")  # undone from the hand-off screen, as any write
        await settle(pilot)
        assert not note.exists()
        assert "Undone" in where(app)


@run_async
async def test_a_plugin_save_after_the_rest_gives_the_new_note_shown_and_written(tmp_path):
    from tests.factory import PluginWriter

    db = demo(tmp_path)
    note = tmp_path / NOTE
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        ahead = app.main.notes.get(("ses_docs_01", None))
        assert ahead is not None and "Objective 42" not in ahead.value.handoff.markdown
        writer = PluginWriter(db)
        assert writer.save("ses_docs_01", objective="Objective 42: saved after the rest")
        writer.close()
        await pilot.press("e")
        await settle(pilot)
        assert "Objective 42: saved after the rest" in note.read_text()
        assert note.read_text() == app.screen.markdown
        assert "Objective 42: saved after the rest" in note_text(app)
        assert where(app).startswith("Written to ")


@run_async
async def test_a_note_made_ahead_that_cannot_be_written_says_why_on_one_line(tmp_path):
    note = tmp_path / NOTE
    app = make_app(demo(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.main.notes.get(("ses_docs_01", None)) is not None
        note.mkdir(parents=True)  # where the note goes: a folder, not a file
        await pilot.press("e")
        await settle(pilot)
        line = where(app)
        assert line.startswith("Not written: ") and "is not a regular file" in line
        assert "\n" not in line
        assert note.is_dir() and not any(note.iterdir())


@run_async
async def test_read_only_shows_the_note_made_ahead_as_not_written(tmp_path):
    db = demo(tmp_path)
    app = make_app(db, read_only=True)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.main.notes.get(("ses_docs_01", None)) is not None
        await pilot.press("e")
        await pilot.pause()
        assert where(app).startswith("Not written: read-only")
        await settle(pilot)
        assert where(app).startswith("Not written: read-only")
    assert not (tmp_path / NOTE).parent.exists()


@run_async
async def test_the_path_line_breaks_after_a_slash_never_inside_a_name(tmp_path):
    """At 60 columns the path is wider than the line: each line it is
    broken into ends at a ``/`` or a space (it was cut inside
    "checkpoint-orchestrator"), and together they say the whole path."""
    from ckpt_tui.ui.widgets.themed_text import PathLine

    app = make_app(demo(tmp_path))
    async with app.run_test(size=(60, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        line = app.screen.query_one("#where", PathLine)
        rows = [row.rstrip() for row in drawn_lines(line)]
        assert len(rows) > 1, rows
        full = line.render().plain  # the line unbroken
        assert full.startswith("Written to ") and str(tmp_path / NOTE) in full
        at = 0
        for row in rows:  # the rows are the line in order, each ended at a / or a space
            start = full.index(row.strip(), at)
            at = start + len(row.strip())
            assert full[at - 1] == "/" or at == len(full) or full[at] == " ", (row, rows)
        assert at == len(full)


@run_async
async def test_e_again_draws_the_note_from_its_lines_with_the_new_written_time(
    tmp_path, monkeypatch
):
    """Each ``e`` writes the note with a new "Written:" time; the rest is
    the same note, drawn once: the next ``e`` draws no note anew, shows
    the new time, and shows what drawing that note anew shows."""
    from datetime import UTC, datetime

    from ckpt_tui import timeutil
    from ckpt_tui.ui.render import home_relative_in
    from ckpt_tui.ui.screens.handoff import note_renderable
    from ckpt_tui.ui.widgets import document_view

    note = tmp_path / NOTE
    app = make_app(demo(tmp_path))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        with timeutil.clock.fixed(datetime(2026, 1, 2, 3, 4, 5, 6000, tzinfo=UTC)):
            await pilot.press("e")
            await settle(pilot)
        screen = app.screen
        assert "Written: 2026-01-02T03:04:05.006Z" in note_text(app)
        await pilot.press("escape")
        await settle(pilot)
        drawn: list[object] = []
        visualize = document_view.visualize
        monkeypatch.setattr(
            document_view, "visualize", lambda *args, **kw: drawn.append(1) or visualize(*args, **kw)
        )
        with timeutil.clock.fixed(datetime(2026, 1, 2, 3, 4, 9, 7000, tzinfo=UTC)):
            await pilot.press("e")
            await settle(pilot)
        assert app.screen is screen
        assert written_time(note.read_text()) == "2026-01-02T03:04:09.007Z"
        shown = note_text(app)
        assert "Written: 2026-01-02T03:04:09.007Z" in shown and "03:04:05.006Z" not in shown
        assert drawn == [], "the note was drawn again"
        view = screen.query_one("#note")
        view.show(note_renderable(home_relative_in(screen.markdown)))  # drawn anew
        assert note_text(app) == shown and drawn
