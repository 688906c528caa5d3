"""opencode's data in the app: titles, agents, gone sessions, the
conversation at a snapshot, and the resume command."""

from __future__ import annotations

from tests.ui_support import FLAKY, make_opencode_app, opencode_world, run_async, settle


@run_async
async def test_sessions_take_titles_agents_and_gone_markers_from_opencode(tmp_path):
    app = make_opencode_app(*opencode_world("ui-opencode-sessions"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        sessions = app.main.sessions
        by_id = {r.id: r for r in sessions.rows}
        assert set(by_id) == {FLAKY, "ses_gone_0001"}
        assert sessions.activity.title(by_id[FLAKY]) == "Fix flaky login test"
        assert sessions.activity.is_gone(by_id["ses_gone_0001"])
        assert not sessions.activity.is_gone(by_id[FLAKY])
        await pilot.press("o")
        await settle(pilot)
        rows = sessions.rows
        extra = [r for r in rows if r.origin == "opencode"]
        assert extra and all(not r.has_checkpoint for r in extra)
        child = next(r for r in rows if r.id == "ses_35234d19fffd56nMF11o1MfdUd")
        parent_index = next(i for i, r in enumerate(rows) if r.id == FLAKY)
        assert rows[parent_index + 1].id == child.id and child.depth == 1, "child under parent"


@run_async
async def test_conversation_opens_at_the_selected_snapshot(tmp_path):
    app = make_opencode_app(*opencode_world("ui-conversation"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        for key in ("enter", "enter", "j"):
            await pilot.press(key)
            await settle(pilot)
        snap = app.main.snapshot
        assert snap.name == "after-diagnosis"
        await pilot.press("c")
        await settle(pilot)
        view = app.screen.query_one("ConversationView")
        assert view.complete and len(view.messages) == 4
        assert set(view.marker_lines) == {r.id for r in app.main.snapshots.rows}
        # The manual snapshot (09:05) falls after the first answer (09:02:12)
        # and before the next question (09:07:28).
        plain = [line.plain for line in view._lines]
        marker = view.marker_lines[snap.id]
        assert "after-diagnosis" in plain[marker]
        before = "\n".join(plain[:marker])
        after = "\n".join(plain[marker:])
        assert "I made the expiry injectable" in before
        assert "Run the whole suite once more." in after
        assert view.scroll_offset.y <= marker <= view.scroll_offset.y + view.size.height
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await settle(pilot)
        # the fixture's project directory does not exist here: no `cd` into it is copied
        assert app.clipboard == ""


@run_async
async def test_opencode_data_arriving_merges_into_the_loaded_sessions_without_a_query(tmp_path):
    """When opencode's data lands, the sessions already on screen take its
    titles and the selection stays; the store is not read again (at start-up
    that second query competed with the first screen)."""
    app = make_opencode_app(*opencode_world("ui-opencode-merge"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        sessions = app.main.sessions
        activity = sessions.activity
        await pilot.press("j")
        await settle(pilot)
        selected = sessions.highlighted.id
        reads = []
        tree = app.service.session_tree
        app.service.session_tree = lambda *a, **k: reads.append(a) or tree(*a, **k)
        sessions.set_activity(type(activity).empty())
        await settle(pilot)
        assert sessions.activity.title(sessions.highlighted) != "Fix flaky login test"
        app._activity_loaded(activity)
        await settle(pilot)
        assert reads == []
        assert sessions.highlighted.id == selected
        flaky = next(i for i, r in enumerate(sessions.rows) if r.id == FLAKY)
        line = sessions.render_row(sessions.rows[flaky], 80).plain
        assert "Fix flaky login test" in line


@run_async
async def test_t_shows_tool_calls_with_their_input_and_output(tmp_path):
    """``t`` toggles tool detail as ``r`` toggles reasoning: each field of
    the input and the output, every line of it on its own row."""
    app = make_opencode_app(*opencode_world("ui-conversation-tools"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        for key in ("enter", "enter", "c"):
            await pilot.press(key)
            await settle(pilot)
        view = app.screen.query_one("ConversationView")
        assert view.complete

        def plain() -> list[str]:
            return [line.plain for line in view._lines]

        bash = next(p for p in plain() if "⚙ bash  ✓ completed" in p)
        assert bash.endswith("▸ input · 1 line of output (t shows)")
        assert "    command: pytest -q" not in plain()
        await pilot.press("t")
        await settle(pilot)
        lines = plain()
        at = lines.index("  ⚙ bash  ✓ completed  2.5 s  Run all tests")
        assert lines[at + 1 : at + 4] == [
            "    command: pytest -q",
            "    description: Run all tests",
            "    output: 42 passed in 3.10s",
        ]
        at = next(i for i, p in enumerate(lines) if p.startswith("  ⚙ read"))
        assert lines[at + 2 : at + 5] == [
            "    output: <file>",
            "      00001| def test_login(client):",
            "      </file>",
        ]
        error = next(i for i, p in enumerate(lines) if p.startswith("  ⚙ bash  ✗ error"))
        assert "exited with code 1" in lines[error + 1]
        assert lines[error + 2] == "    command: pytest tests/test_login.py -x"
        await pilot.press("t")
        await settle(pilot)
        assert "    command: pytest -q" not in plain()


@run_async
async def test_the_words_about_resuming_say_the_command_y_copies(tmp_path):
    """The opencode session's detail names the command ``y`` copies (with its
    ``cd``), and the conversation the command that resumes it from anywhere."""
    app = make_opencode_app(*opencode_world("ui-resume-words"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        for key in ("enter", "o"):
            await pilot.press(key)
            await settle(pilot)
        sessions = app.main.sessions
        extra = next(i for i, r in enumerate(sessions.rows) if r.origin == "opencode")
        sessions.cursor = extra
        await settle(pilot)
        from textual.widgets import Static

        body = app.main.detail.query_one(Static)
        shown = " ".join(str(body.render()).split())
        assert "y copies `cd -- DIR && opencode --session ID`" in shown, shown[-600:]
        await pilot.press("c")
        await settle(pilot)
        head = app.screen._head_text.plain
        assert f"resume: ckpt-tui resume {sessions.rows[extra].id}" in head
        assert "resume: opencode --session" not in head
