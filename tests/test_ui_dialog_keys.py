"""Issue 11, point 4 and 5: a dialog's key bar shows its own keys, and
help and quit (or close) stay in the key bar however narrow it is."""

from __future__ import annotations

from tests.ui_support import make_app, run_async, settle


def _bar_text(app) -> str:
    from ckpt_tui.ui.widgets.key_bar import KeyBar

    bars = list(app.screen.query(KeyBar))
    assert bars, f"{type(app.screen).__name__} has no key bar"
    return bars[-1].render().plain


@run_async
async def test_restore_preview_shows_its_own_keys(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        bar = _bar_text(app)
        assert "y Confirm" in bar and "Close" in bar and "? Help" in bar
        # The main screen's keys are not what the dialog acts on.
        assert "Hand-off" not in bar and "Restore" not in bar and "Diff" not in bar


@run_async
async def test_name_prompt_and_help_show_their_keys(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        bar = _bar_text(app)
        assert "Close" in bar and "Snapshot" not in bar


@run_async
async def test_key_bar_keeps_help_and_quit_at_80_columns(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        bar = _bar_text(app)
        assert "? Help" in bar and "q Quit" in bar
        assert len(bar) <= 80


@run_async
async def test_filter_with_no_match_says_so_and_clears_the_detail(store_path):
    """Issue 11, point 7."""
    from ckpt_tui.ui.widgets.detail import DetailPane

    app = make_app(store_path)
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        await pilot.press("slash", "z", "q", "x")
        await settle(pilot)
        main = app.screen
        assert main.projects.highlighted is None
        assert main.projects.render_line(0).text.startswith("no match for 'zqx'")
        detail = main.query_one(DetailPane)
        title, shown = detail._shown
        assert "no match for 'zqx'" in str(shown)
        box = main.query_one("#filter")
        assert box.border_title and "filter projects" in str(box.border_title)


@run_async
async def test_session_titles_keep_24_characters_at_80x24(tmp_path):
    """Issue 11, point 5: the sessions pane gets the room."""
    from tests.factory import add_project, add_session, connect, new_store

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/a-project-with-a-long-directory-name")
    title = "Migrate the orders table to UUID keys"
    add_session(conn, "s1", "p1", title=title)
    conn.commit()
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        main = app.screen
        assert title[:24] in main.sessions.render_line(0).text
        assert main.projects.render_line(0).text.startswith("a-project")  # names only
        # One project, one session: the lists take their fewest rows (4 and
        # a border), the detail pane everything between them and the key bar.
        assert main.detail.outer_size.height == 24 - 1 - 1 - (4 + 2)


@run_async
async def test_a_long_notification_is_one_line_and_m_shows_all_of_it(store_path):
    """Issue 11, point 4: an 11-line message covered a dialog's buttons."""
    from ckpt_tui.ui.screens.notices import NoticesScreen

    app = make_app(store_path)
    long = "imported legacy state\n" + "\n".join(f"  • created thing {i}" for i in range(10))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        app.notify(long, title="Import", timeout=30)
        await settle(pilot)
        shown = [n.message for n in app.notices.shown()]
        assert shown == ["imported legacy state (M: full text)"]
        # On a dialog the notification is at the top, clear of the buttons.
        toast = app.screen.query_one("Toast")  # by its CSS type: the class is not public
        buttons = app.screen.query_one("#buttons")
        assert toast.region.height > 0 and not toast.region.overlaps(buttons.region)
        await pilot.press("M")
        await settle(pilot)
        assert isinstance(app.screen, NoticesScreen)
        assert "created thing 9" in " ".join(
            str(s.render()) for s in app.screen.query(".notice")
        )


@run_async
async def test_name_prompt_says_what_is_wrong_in_place_and_keeps_the_text(store_path):
    """Issue 11, point 4: a taken or empty name is said under the field."""
    from ckpt_tui.ui.screens.prompt import NamePrompt

    app = make_app(store_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the session
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NamePrompt)
        await pilot.press("enter")
        await settle(pilot)
        prompt = app.screen
        assert isinstance(prompt, NamePrompt)
        assert "required" in prompt.query_one("#problem").shown.plain
        await pilot.press(*"first")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is prompt
        assert "already has a snapshot named 'first'" in prompt.query_one("#problem").shown.plain
        assert prompt.query_one("#name").value == "first"
        await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace")
        await pilot.press(*"third")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is not prompt
        names = [r.name for r in app.service.snapshots("s1").rows]
        assert "third" in names


@run_async
async def test_no_checkpoint_to_snapshot_is_said_before_the_prompt(tmp_path):
    from ckpt_tui.ui.screens.prompt import NamePrompt
    from tests.factory import add_project, add_session, connect, new_store

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn)
    add_session(conn)  # no checkpoint
    conn.commit()
    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "n")
        await settle(pilot)
        assert not isinstance(app.screen, NamePrompt)
        assert any("No checkpoint to snapshot" in n.message for n in app.notices.shown())


@run_async
async def test_handoff_without_checkpoint_names_no_command_line_flag(tmp_path):
    from tests.factory import add_project, add_session, connect, new_store

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn)
    add_session(conn)  # no checkpoint, no snapshot
    conn.commit()
    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "e")
        await settle(pilot)
        said = [n.message for n in app.notices.shown()]
        assert any("no checkpoint to hand off" in m for m in said), said
        assert not any("--" in m for m in said), said


@run_async
async def test_j_and_k_move_in_the_field_picker_and_space_is_in_help(store_path):
    """Issue 11, point 4."""
    app = make_app(store_path)
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        picker = app.screen.query_one("#fields")
        assert app.screen.focused is picker and picker.highlighted == 0
        await pilot.press("j")
        assert picker.highlighted == 1
        await pilot.press("k")
        assert picker.highlighted == 0
        assert "space Toggle field" in _bar_text(app)
        rows = []
        for title, bindings in app.binding_groups():
            rows += [(title, b.key, b.description) for b in bindings]
        assert any(key == "space" and "field" in what.lower() for _t, key, what in rows)


@run_async
async def test_restoring_a_damaged_snapshot_says_why_in_the_preview(tmp_path):
    """Issue 11, point 4: the diff said "Loading…" for good."""
    from tests.factory import add_snapshot, basic_store, connect

    db = basic_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    damaged = '{"objective": "unterminated'
    add_snapshot(conn, "s1", "p1", "broken", damaged, at="2026-11-01T10:03:00.000Z")
    conn.commit()
    conn.close()
    app = make_app(db)
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")  # the snapshots; newest (broken) first
        await settle(pilot)
        assert app.screen.snapshot.name == "broken"
        await pilot.press("r")
        await settle(pilot)
        diff = app.screen.query_one("#diff")
        shown = " ".join(line.text for line in diff.render_lines(diff.region.reset_offset))
        assert "Loading" not in shown
        assert "damaged" in shown
        assert app.screen.query_one("#confirm").disabled


@run_async
async def test_handoff_preview_changes_after_its_undo(tmp_path):
    """Issue 11, point 4: after u the screen still said "Written to ..."."""
    from pathlib import Path

    from ckpt_tui.core.demo import build_demo

    db = Path(build_demo(tmp_path / "demo", seed=3)["db"])
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "e")
        await settle(pilot)
        screen = app.screen
        assert "Written to" in screen.query_one("#where").shown.plain
        await pilot.press("u")
        await settle(pilot)
        assert app.screen is screen
        where = screen.query_one("#where").shown.plain
        assert where.startswith("Undone: no note at") and "ctrl+r" in where
        assert "undo removed it" in screen.query_one("#note").document.markup
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert "Written to" in screen.query_one("#where").shown.plain


@run_async
async def test_adoption_has_a_field_picker_and_a_blank_legacy_title_keeps_the_live_one(tmp_path):
    """Issue 11, point 4: adoption picks fields as a restore does; a field
    the legacy state leaves blank starts unticked."""
    import sqlite3
    from pathlib import Path

    from ckpt_tui.core.demo import build_demo
    from ckpt_tui.ui.screens.adopt import AdoptScreen

    db = Path(build_demo(tmp_path / "demo", seed=3)["db"])
    query = "SELECT title, objective FROM checkpoints WHERE session_id='ses_docs_01'"
    conn = sqlite3.connect(db)
    live_title = conn.execute(query).fetchone()[0]
    conn.close()
    assert live_title
    app = make_app(db)
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        await pilot.press("L")
        await settle(pilot)
        statuses = [f.status for f in app.screen.files]
        for _ in range(statuses.index("importable")):
            await pilot.press("down")
        for key in ("i", "y"):
            await pilot.press(key)
            await settle(pilot)
        await pilot.press("A")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AdoptScreen)
        picker = screen.query_one("#fields")
        offered = {picker.get_option_at_index(i).value for i in range(picker.option_count)}
        assert "title" in offered and "objective" in offered
        assert "title" not in picker.selected and "objective" in picker.selected
        assert "title" not in screen.plan.keys
        await pilot.press("y")
        await settle(pilot)
        conn = sqlite3.connect(db)
        title, objective = conn.execute(query).fetchone()
        conn.close()
        assert title == live_title
        assert objective == "Versioned docs for 2.x"


@run_async
async def test_a_dialog_opens_clear_of_earlier_notifications(store_path):
    """In tmux at 80x24 the restore's notification covered the name prompt."""
    app = make_app(store_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        app.notify("restore of x: changed Objective (u undoes it)", timeout=30)
        await pilot.press("enter", "n")
        await settle(pilot)
        assert type(app.screen).__name__ == "NamePrompt"
        assert not app.notices.shown()
        assert any("u undoes it" in n.text for n in app.notices.notices)  # still for M


@run_async
async def test_confirm_dialog_and_help_fit_80_columns(store_path):
    """At 80x24 the import's confirmation cut its Import button off."""
    from ckpt_tui.ui.screens.confirm import ConfirmScreen

    app = make_app(store_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ConfirmScreen("Import legacy state", "x" * 300, "Import"))
        await settle(pilot)
        assert app.screen.query_one("#confirm").region.right <= 80
        await pilot.press("escape", "question_mark")
        await settle(pilot)
        assert app.screen.query_one("VerticalScroll").region.right <= 80


@run_async
async def test_s_and_f_toggle_the_preview_diff_from_the_field_picker(store_path):
    """The diff's subtitle says "s toggles"; the focus starts in the field
    picker, where s and f did nothing."""
    from ckpt_tui.ui.widgets.diff_view import DiffView

    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        view = app.screen.query_one(DiffView)
        assert app.screen.focused is app.screen.query_one("#fields")
        bar = _bar_text(app)
        assert "s Side by side" in bar and "f Unfold unchanged" in bar and "y Confirm" in bar
        await pilot.press("s", "f")
        await settle(pilot)
        assert view.side_by_side and view.show_unchanged
        assert "side by side" in str(view.border_subtitle)
        view.focus()
        await pilot.press("s")  # the view's own key, once
        await settle(pilot)
        assert not view.side_by_side
        assert app.screen.focused is view and "s Side by side" in _bar_text(app)
