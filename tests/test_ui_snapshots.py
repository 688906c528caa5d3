"""What a person sees, as SVG snapshots (fixed size, frozen clock)."""

from __future__ import annotations

import pytest

from ckpt_tui.core.model import Checkpoint
from tests.factory import add_project, add_session, add_snapshot, connect, new_store, set_checkpoint
from tests.ui_support import FROZEN_NOW, SIZE, demo_db, home_dir, make_app, press_settled


@pytest.fixture(autouse=True)
def _frozen(frozen_clock):
    frozen_clock(FROZEN_NOW)


def test_main_screen(snap_compare):
    app = make_app(demo_db("main"))
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled("j", "j", "j", "j", "enter", "enter"))


def test_empty_store(snap_compare):
    db = new_store(home_dir("empty") / "checkpoints.db")
    assert snap_compare(make_app(db), terminal_size=SIZE, run_before=press_settled())


def test_diff_unified(snap_compare):
    app = make_app(demo_db("diff-unified"))
    keys = ("j", "j", "j", "j", "enter", "enter", "j", "j", "j", "d")
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled(*keys))


def test_diff_side_by_side(snap_compare):
    app = make_app(demo_db("diff-sbs"))
    keys = ("j", "j", "j", "j", "enter", "enter", "j", "j", "j", "d", "s")
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled(*keys))


def test_restore_preview_partial(snap_compare):
    app = make_app(demo_db("restore-preview"))
    # Third snapshot of acme's newest session, then untick the second field.
    keys = ("j", "j", "j", "j", "enter", "enter", "j", "j", "r", "down", "space")
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled(*keys))


def test_help_screen(snap_compare):
    app = make_app(demo_db("help"))
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled("question_mark"))


def test_read_only_header(snap_compare):
    app = make_app(demo_db("read-only"), read_only=True)
    assert snap_compare(app, terminal_size=(140, 12), run_before=press_settled())


def test_damaged_payload(snap_compare):
    # ml-pipeline (2nd project), its oldest session holds the damaged snapshot.
    app = make_app(demo_db("damaged"))
    keys = ("j", "enter", "j", "j", "enter")
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled(*keys))


def test_hostile_markup_in_title(snap_compare):
    db = new_store(home_dir("hostile") / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/work/[bold red]proj[/]")
    add_session(conn, "s1", "p1", title="[bold red]x[/] [link=file:///etc/passwd]y[/] \x1b[31mred\x1b[0m")
    hostile = Checkpoint(
        title="[blink]t[/]",
        objective="[on red]" + "x" * 300,
        summary="line\x1b[2J\x07 [/] [bold]",
        nextSteps=("[link=file:///etc/passwd]click[/]", "\x1b]8;;http://evil\x1b\\y"),
        notes="# heading\n[red]not red[/]",
    )
    set_checkpoint(conn, "s1", "p1", hostile)
    add_snapshot(conn, "s1", "p1", "[reverse]snap[/]", hostile.to_payload())
    conn.close()
    assert snap_compare(make_app(db), terminal_size=SIZE, run_before=press_settled("enter"))


def _demo_with_import(name: str):
    from ckpt_tui.core import legacy
    from ckpt_tui.core.service import open_service

    db = demo_db(name)
    svc = open_service(db)
    legacy.import_legacy(svc, db.parent / "projects" / "docs-site")
    svc.close()
    return db


def test_legacy_view(snap_compare):
    app = make_app(demo_db("legacy-view"))
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled("L"))


def test_adoption_target_picker(snap_compare):
    app = make_app(_demo_with_import("adopt"))
    # docs-site is the newest project; its legacy session is listed first.
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled("enter", "A"))


def test_handoff_preview(snap_compare):
    app = make_app(demo_db("handoff"))
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled("enter", "e"))


def test_sessions_with_opencode_data(snap_compare):
    from tests.ui_support import make_opencode_app, opencode_world

    app = make_opencode_app(*opencode_world("opencode-sessions"))
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled("enter", "o"))


def test_conversation_with_snapshot_marker(snap_compare):
    from tests.ui_support import make_opencode_app, opencode_world

    app = make_opencode_app(*opencode_world("conversation"))
    # sessions -> snapshots -> the manual snapshot (second row) -> conversation there
    keys = ("enter", "enter", "j", "c")
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled(*keys))


def test_session_detail_with_what_it_cost(snap_compare):
    """The detail pane of a session opencode knows: messages, cost, tokens,
    models, agents and the files its tools touched, from the fixture made
    with the real opencode (2 answers of $0.0042 and 1,200/180 tokens)."""
    from tests.ui_support import make_opencode_app, opencode_world

    app = make_opencode_app(*opencode_world("session-usage"))
    assert snap_compare(app, terminal_size=(140, 48), run_before=press_settled("enter"))


def test_board_screen(snap_compare):
    app = make_app(demo_db("board"))
    # every status (a): the demo has one session in flight; grouped by status
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled("B", "a"))


def test_field_history_screen(snap_compare):
    app = make_app(demo_db("history"))
    # infra-terraform (3rd project), "Split the monolithic state file", its
    # live checkpoint in the detail pane, its plan (4 fields down), b, and
    # the removed lines unfolded (x)
    keys = ("j", "j", "enter", "j", "4", *["right_square_bracket"] * 4, "b", "x")
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled(*keys))


def test_diff_in_a_light_theme(snap_compare):
    """textual-light: the diff's added and removed lines and the key bar's
    keys read on a light background (issue 11 point 9)."""
    app = make_app(demo_db("diff-light"))
    app.theme = "textual-light"
    keys = ("j", "j", "j", "j", "enter", "enter", "j", "j", "j", "d")
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled(*keys))


def test_main_screen_in_a_light_theme(snap_compare):
    app = make_app(demo_db("main-light"))
    app.theme = "catppuccin-latte"
    assert snap_compare(app, terminal_size=SIZE, run_before=press_settled("j", "j", "j", "j", "enter", "enter"))
