"""What a key acts on, what undo will do, read-only keys and the palette's
dimmed commands (issue 11, points 1, 2, 8, 11), through the app."""

from __future__ import annotations

from ckpt_tui.ui.widgets.key_bar import KeyBar
from tests.ui_support import make_app, run_async, settle


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


def bar(app) -> str:
    """The key bar's line as painted, and the keys drawn dimmed in it."""
    return app.screen.query_one(KeyBar).render().plain


def dimmed(app) -> set[str]:
    return {
        b.action
        for _node, b, enabled, _tip in app.screen.active_bindings.values()
        if not enabled
    }


def messages(app) -> list[str]:
    return [str(n.message) for n in app.notices.shown()]


@run_async
async def test_keys_act_on_what_the_focused_pane_shows(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        main = app.main
        assert app.focused is main.projects
        # From the projects pane no session key applies: dimmed, and said why.
        assert {"diff", "restore", "new_snapshot", "handoff", "conversation"} <= dimmed(app)
        await press(pilot, "d")
        assert type(app.screen).__name__ == "MainScreen", "d diffed nothing"
        assert any("projects pane" in m for m in messages(app))
        # The sessions pane: session keys apply, snapshot keys do not.
        await press(pilot, "2")
        assert {"new_snapshot", "handoff", "conversation"}.isdisjoint(dimmed(app))
        assert {"diff", "restore"} <= dimmed(app)
        # The snapshot pane: d and r act on its snapshot.
        await press(pilot, "3")
        assert {"diff", "restore"}.isdisjoint(dimmed(app))
        # The detail pane showing the current checkpoint: r offers no snapshot.
        await press(pilot, "2", "4")
        assert main.detail.checkpoint is not None and main.detail.checkpoint.snapshot_id is None
        assert "restore" in dimmed(app)
        await press(pilot, "r")
        assert type(app.screen).__name__ == "MainScreen", "r offered no restore"
        assert any("current checkpoint" in m for m in messages(app))
        # The detail pane showing a snapshot: r restores that snapshot.
        await press(pilot, "3", "j", "4")
        shown = main.detail.checkpoint
        assert shown is not None and shown.snapshot_id == main.snapshot.id
        assert "restore" not in dimmed(app)
        await press(pilot, "r")
        assert type(app.screen).__name__ == "PlanScreen"
        assert app.screen.title_text.startswith(f"Restore {main.snapshot.name} ")


@run_async
async def test_the_key_bar_says_what_undo_and_redo_take_back(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(160, 40)) as pilot:
        await press(pilot, "2")
        assert {"undo", "redo"} <= dimmed(app), "nothing to undo yet"
        await press(pilot, "u")
        assert any("nothing to undo in session s1" in m for m in messages(app))
        app.service.restore("s1", "first")
        app.main.refresh_all()
        await settle(pilot)
        assert "undo" not in dimmed(app)
        assert "Undo restore of first" in bar(app)
        await press(pilot, "u")  # undone without a preview (the default)
        assert app.service.current("s1").checkpoint.objective == "start"
        assert "Redo restore of first" in bar(app)
        assert "undo" in dimmed(app)


@run_async
async def test_a_narrow_key_bar_shortens_the_undo_label_before_dropping_undo(store_path):
    """Where "u Undo restore of X" does not fit, the bar keeps "u Undo"
    rather than dropping the key while less central keys stay."""
    app = make_app(store_path)
    async with app.run_test(size=(135, 40)) as pilot:
        await press(pilot, "3")
        app.service.restore("s1", "first")
        app.main.refresh_all()
        await settle(pilot)
        assert "undo" not in dimmed(app)
        line = bar(app)
        assert " u Undo " in line and "Undo restore of" not in line, line


@run_async
async def test_legacy_view_has_one_undo_and_no_hidden_redo(store_path):
    from ckpt_tui.ui.screens.legacy import LegacyScreen

    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await press(pilot, "2", "L")
        assert isinstance(app.screen, LegacyScreen)
        actions = [b.action for _n, b, _e, _t in app.screen.active_bindings.values()]
        assert "undo" not in actions and "redo" not in actions, "no undo of a session nobody sees"
        assert actions.count("undo_import") == 1
        # ctrl+r here acts on no hidden session.
        app.service.restore("s1", "first")
        app.service.undo("s1")
        await press(pilot, "ctrl+r")
        assert app.service.current("s1").checkpoint.objective == "start"


@run_async
async def test_read_only_dims_every_write_key(store_path):
    app = make_app(store_path, read_only=True)
    async with app.run_test(size=(140, 40)) as pilot:
        await press(pilot, "2")
        assert {"new_snapshot", "undo", "redo"} <= dimmed(app)
        await press(pilot, "3")
        assert {"restore", "new_snapshot", "undo", "redo"} <= dimmed(app)
        assert "diff" not in dimmed(app), "reading keys stay"
        assert "e Hand-off preview" in bar(app), "e shows the note, writing nothing"
        await press(pilot, "n")
        assert type(app.screen).__name__ == "MainScreen", "no name prompt to refuse later"
        assert any(m.startswith("Read-only: ") for m in messages(app))
        await press(pilot, "L")
        await settle(pilot)
        assert {"import_file", "undo_import", "adopt"} <= dimmed(app)


@run_async
async def test_the_palette_shows_what_does_not_apply_dimmed_with_the_reason(store_path):
    from textual.command import CommandPalette

    from ckpt_tui.ui.palette import unavailable

    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)  # the projects pane has the focus
        entries = {e.title: e for e in unavailable(app.screen)}
        assert "Restore" in entries and "projects pane" in entries["Restore"].reason
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        await press(pilot, *"restore")
        await settle(pilot)
        options = app.screen.query_one("CommandList")
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("Restore" in p and "not here: the projects pane" in p for p in shown), shown
        await press(pilot, "enter")
        assert type(app.screen).__name__ == "MainScreen"
        assert any("projects pane" in m for m in messages(app))


@run_async
async def test_a_persons_key_wins_over_the_built_in_one_and_the_app_says_so(store_path):
    from ckpt_tui.core.config import Config
    from ckpt_tui.core.service import open_service
    from ckpt_tui.ui.app import CkptApp
    from ckpt_tui.ui.screens.help import HelpTable

    service = open_service(store_path)
    app = CkptApp(service, Config(keymap={"app.undo": "ctrl+u"}), poll=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await press(pilot, "3", "j", "r", "y")  # restore "first"
        assert service.current("s1").checkpoint.objective == "one"
        assert any("(^u undoes it" in m for m in messages(app)), "the message names my key"
        await press(pilot, "2")  # a list has the focus: its ctrl+u paged up
        keymap_notes = [
            str(n.message) for n in app.notices.shown() if n.title == "Keymap"
        ]
        assert len(keymap_notes) == 1, "one notification at start"
        assert "no longer list.page_up (which keeps pageup)" in keymap_notes[0]
        assert "app.undo is ctrl+u (was u, z, ctrl+z)" in keymap_notes[0]
        await press(pilot, "ctrl+u")
        assert service.current("s1").checkpoint.objective == "start", "ctrl+u undid"
        await press(pilot, "question_mark")
        table = app.screen.query_one(HelpTable)
        options = app.console.options.update_width(120)
        lines = [
            "".join(segment.text for segment in line)
            for line in app.console.render_lines(table.render(), options)
        ]
        assert "Your keymap" in lines[0]
        # The key column (18 wide): ctrl+u is one binding's key, not two.
        with_ctrl_u = [line for line in lines if "ctrl+u" in line[:18]]
        assert len(with_ctrl_u) == 1, with_ctrl_u
        assert "Undo" in with_ctrl_u[0]


def test_resolve_says_what_it_could_not_resolve():
    from ckpt_tui.ui.keymap_check import resolve

    defaults = {"a.one": ("x",), "a.two": ("y", "z"), "a.quit": ("q",)}
    resolved = resolve({"a.one": "z", "a.extra": "z,q"}, defaults)
    assert resolved.keymap == {"a.one": "z", "a.extra": "q", "a.two": "y"}
    assert "z is given to both a.one and a.extra: a.one has it, a.extra has q" in resolved.unresolved
    assert any("q is a.extra but also a.quit's only key" in n for n in resolved.unresolved)
    assert "z is a.one, no longer a.two (which keeps y)" in resolved.displaced


@run_async
async def test_after_an_adoption_u_undoes_the_adoption_not_the_import(tmp_path):
    import sqlite3

    from ckpt_tui.core.demo import build_demo

    db = build_demo(tmp_path / "demo", seed=3)["db"]
    app = make_app(db)
    async with app.run_test(size=(160, 40)) as pilot:
        await press(pilot, "L")
        statuses = [f.status for f in app.screen.files]
        await press(pilot, *["down"] * statuses.index("importable"), "i", "y", "A", "y")
        # Back where the message's "u undoes it" is true, on the adopted session.
        assert type(app.screen).__name__ == "MainScreen"
        assert app.main.session.id == "ses_docs_01"
        assert "Undo adoption of the legacy" in bar(app)
        await press(pilot, "u")
        with sqlite3.connect(db) as conn:
            legacy_rows = conn.execute(
                "SELECT count(*) FROM snapshots WHERE session_id='legacy::prj_docs'"
            ).fetchone()
        assert legacy_rows == (2,), "the import stays"
        assert "Redo adoption of the legacy" in bar(app)


@run_async
async def test_asking_what_undo_would_do_never_creates_the_journal(store_path):
    from ckpt_tui import paths

    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await press(pilot, "2", "3", "j")
        assert app.main.next_steps is not None and app.main.next_steps[1] == (None, None)
    assert not (paths.state_dir() / "journal.db").exists(), "browsing writes nothing"


@run_async
async def test_the_same_next_steps_again_leave_the_keys_unchecked(store_path):
    """Undo and redo read again (after a write that did not change them):
    the same words ask no new check of the keys (issue 12); other words do."""
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await press(pilot, "2", "3", "j")
        main = app.main
        steps = main.next_steps
        assert steps is not None
        checks: list[object] = []
        main.bindings_updated_signal.subscribe(main, checks.append)
        main._next_steps_loaded(steps)
        await pilot.pause()
        assert checks == []
        main._next_steps_loaded((steps[0], steps[1]._replace(undo="restore of x")))
        await pilot.pause()
        assert checks


@run_async
async def test_undo_and_redo_are_in_the_palette_offered_or_dimmed(store_path):
    """Asked with the palette open, undo and redo looked at the palette
    (not a screen showing a session) and were in neither list of it."""
    from textual.command import CommandPalette

    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "enter")  # a session, nothing done yet
        for query, wanted in (("undo", "not here: nothing to undo"), ("redo", "nothing to redo")):
            await press(pilot, "ctrl+p")
            assert isinstance(app.screen, CommandPalette)
            await press(pilot, *query)
            await settle(pilot)
            options = app.screen.query_one("CommandList")
            shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
            assert any(query.title() in p and wanted in p for p in shown), shown
            await press(pilot, "escape")
        await press(pilot, "r", "y")  # a restore: now undo applies
        await press(pilot, "ctrl+p", *"undo")
        await settle(pilot)
        options = app.screen.query_one("CommandList")
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("Undo" in p and "not here" not in p for p in shown), shown
        await press(pilot, "enter")
        assert type(app.screen).__name__ == "MainScreen"
        assert any(m.startswith("undo ") and "redoes it" in m for m in messages(app)), messages(app)
