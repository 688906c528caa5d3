"""Jumping between the person's prompts in the conversation, and the
"prompt 3 of 12" count in its header."""

from __future__ import annotations

import json
import sqlite3

from tests.ui_support import FLAKY, make_opencode_app, opencode_world, run_async, settle

EXTRA_TURNS = 150  # 300 more messages: the conversation loads in pages of 100


def _long_conversation(name: str):
    """The opencode world, with the login session made long: each extra turn
    is a prompt and an answer, each with one text part."""
    db, data = opencode_world(name)
    conn = sqlite3.connect(data / "opencode.db")
    base = 1772450000000
    for turn in range(EXTRA_TURNS):
        for offset, role in enumerate(("user", "assistant")):
            mid = f"msg_zz{turn:05d}{offset}"
            created = base + turn * 60_000 + offset * 1000
            conn.execute(
                "INSERT INTO message (id, session_id, time_created, time_updated, data) "
                "VALUES (?, ?, ?, ?, ?)",
                (
                    mid,
                    FLAKY,
                    created,
                    created,
                    json.dumps({"role": role, "time": {"created": created}}),
                ),
            )
            text = f"prompt number {turn + 3}" if role == "user" else f"answer {turn + 3}"
            conn.execute(
                "INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    f"prt_zz{turn:05d}{offset}",
                    mid,
                    FLAKY,
                    created,
                    created,
                    json.dumps({"type": "text", "text": text}),
                ),
            )
    conn.commit()
    (prompts,) = conn.execute(
        "SELECT count(*) FROM message WHERE session_id = ? AND json_extract(data, '$.role') = 'user'",
        (FLAKY,),
    ).fetchone()
    conn.close()
    return db, data, prompts


def _head(app) -> str:
    return str(app.screen.query_one("#conversation-head").render())


@run_async
async def test_prompt_keys_jump_and_the_header_counts(tmp_path):
    db, data, prompts = _long_conversation("ui-prompts")
    assert prompts == EXTRA_TURNS + 2
    app = make_opencode_app(db, data)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        for key in ("enter", "c"):
            await pilot.press(key)
            await settle(pilot)
        view = app.screen.query_one("ConversationView")
        assert not view.complete, "only the first page is loaded"
        assert f"prompt 1 of {prompts}" in _head(app)
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert f"prompt 2 of {prompts}" in _head(app)
        line = view.prompt_lines[1]
        assert view.scroll_offset.y == line - 3
        plain = view._lines[line + 1].plain
        assert "Run the whole suite once more." in plain, "the second prompt of the fixture"
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert f"prompt 3 of {prompts}" in _head(app)
        assert "prompt number 3" in view._lines[view.prompt_lines[2] + 1].plain
        await pilot.press("left_square_bracket")
        await settle(pilot)
        assert f"prompt 2 of {prompts}" in _head(app)
        # The snapshot-marker keys still do their own job.
        await pilot.press("n")
        await settle(pilot)
        assert "prompt" in _head(app)


@run_async
async def test_the_prompts_of_a_short_conversation(tmp_path):
    app = make_opencode_app(*opencode_world("ui-prompts-short"))
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        for key in ("enter", "c"):
            await pilot.press(key)
            await settle(pilot)
        view = app.screen.query_one("ConversationView")
        assert view.complete and len(view.prompt_lines) == 2
        assert "prompt 1 of 2" in _head(app)
        await pilot.press("left_square_bracket")  # already at the first: stays
        await settle(pilot)
        assert "prompt 1 of 2" in _head(app)


def _notes(app) -> list[str]:
    return [str(n.message) for n in app.notices.shown()]


@run_async
async def test_at_the_end_the_header_names_the_prompt_jumped_to_and_the_ends_are_said(tmp_path):
    """The last prompt is too near the end to come to the top: ``]`` still
    says "prompt 2 of 2" (it said 1 of 2), and ``]`` again, ``[`` before
    the first, ``n``/``p`` past the markers say so instead of nothing."""
    app = make_opencode_app(*opencode_world("ui-prompts-end"))
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(pilot)
        for key in ("enter", "c"):
            await pilot.press(key)
            await settle(pilot)
        view = app.screen.query_one("ConversationView")
        assert view.complete and len(view.prompt_lines) == 2
        assert 0 < view.max_scroll_y < view.prompt_lines[1] - 3, "the last cannot reach the top"
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert "prompt 2 of 2" in _head(app)
        assert _notes(app) == []
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert "prompt 2 of 2" in _head(app)
        assert _notes(app) == ["Last prompt"]
        await pilot.press("left_square_bracket")
        await settle(pilot)
        assert "prompt 1 of 2" in _head(app)
        await pilot.press("left_square_bracket")
        await settle(pilot)
        assert _notes(app)[-1] == "First prompt"
        for _ in range(len(view.marker_lines) + 1):
            await pilot.press("n")
            await settle(pilot)
        assert view.marker_lines and _notes(app)[-1] == "Last snapshot marker"
        # Scrolling by hand: the header counts the top line's prompt again.
        await pilot.press("home")
        await settle(pilot)
        assert "prompt 1 of 2" in _head(app)
