"""Hand-off notes: content, file names that cannot escape, atomic writes."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pytest

from ckpt_tui import paths
from ckpt_tui.core import handoff
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.errors import DamagedPayload
from tests.factory import add_project, add_session, add_snapshot, connect, set_checkpoint
from tests.workers.spawning import run, spawn

FROZEN = "2026-11-29T13:15:54.123Z"
NAME_RE = re.compile(r"^handoff-[A-Za-z0-9_-]+\.md$")


@pytest.fixture
def proj(tmp_path, store_path):
    d = tmp_path / "proj"
    d.mkdir()
    conn = connect(store_path)
    add_project(conn, "p2", directory=str(d))
    conn.close()
    return d


def add_live(store_path: Path, session_id: str, cp: Checkpoint, project="p2") -> None:
    conn = connect(store_path)
    add_session(conn, session_id, project)
    set_checkpoint(conn, session_id, project, cp, at="2026-11-02T09:00:00.000Z")
    conn.close()


def tree(root: Path) -> set[str]:
    """Every path under ``root`` except the store's own files."""
    return {
        str(p.relative_to(root)) for p in root.rglob("*") if not p.name.startswith("checkpoints.db")
    }


# -- file names ---------------------------------------------------------------------------

LONG_A = "../" * 99 + "aaa"  # 300 characters
LONG_B = "../" * 99 + "aab"


@pytest.mark.parametrize("session_id", ["../../x", "legacy::p", "a/b\\c", LONG_A, "..", "é/ü"])
def test_ids_give_file_names_inside_the_folder(service, store_path, proj, tmp_path, session_id):
    add_live(store_path, session_id, Checkpoint(objective="o"))
    before = tree(tmp_path)

    written = handoff.write_handoff(service, session_id)

    folder = paths.project_state_dir(proj)
    assert written.path.parent == folder
    assert os.path.realpath(written.path).startswith(os.path.realpath(folder) + os.sep)
    assert NAME_RE.match(written.path.name), written.path.name
    assert len(written.path.name.encode()) <= 255
    assert written.path.is_file()
    new = tree(tmp_path) - before
    rel = str(folder.relative_to(tmp_path))
    assert all(
        p == rel or p.startswith(rel + os.sep) or p in ("proj/.opencode", "proj/.opencode/state")
        for p in new
    ), new


def test_known_ids_map_as_the_spec_says():
    assert handoff.handoff_filename("../../x") == "handoff-______x.md"
    assert handoff.handoff_filename("legacy::p") == "handoff-legacy__p.md"
    assert handoff.handoff_filename("a/b\\c") == "handoff-a_b_c.md"


def test_long_ids_are_cut_with_a_hash_and_stay_distinct():
    a, b = handoff.handoff_filename(LONG_A), handoff.handoff_filename(LONG_B)
    assert len(LONG_A) == 300
    assert a != b
    assert len(a.encode()) <= 255 and len(b.encode()) <= 255
    assert NAME_RE.match(a) and NAME_RE.match(b)
    assert handoff.handoff_filename(LONG_A) == a  # stable


# -- content -----------------------------------------------------------------------------------


def test_handoff_has_every_field_and_its_source(service, store_path, proj, frozen_clock):
    frozen_clock(FROZEN)
    cp = Checkpoint(
        title="Parser work",
        objective="ship the parser",
        status="blocked",
        summary="half done",
        currentPlan="1. lex\n2. parse",
        completedSteps=("lexer",),
        nextSteps=("parser", "docs"),
        blockers=("review pending",),
        filesTouched=("src/lex.py",),
        notes="remember the edge case",
    )
    add_live(store_path, "s9", cp)

    written = handoff.write_handoff(service, "s9")
    text = written.path.read_text()

    assert text == written.handoff.markdown
    assert text.startswith("# Hand-off: Parser work\n")
    for heading in (
        "Objective",
        "Status",
        "Summary",
        "Plan",
        "Done",
        "Next",
        "Blockers",
        "Files",
        "Notes",
    ):
        assert f"\n## {heading}\n" in text
    for value in (
        "ship the parser",
        "blocked",
        "half done",
        "1. lex\n2. parse",
        "- lexer",
        "- parser\n- docs",
        "- review pending",
        "- src/lex.py",
        "remember the edge case",
    ):
        assert value in text
    assert "- Session: s9" in text
    assert "- Made from: the committed checkpoint, updated 2026-11-02T09:00:00.000Z" in text
    assert f"- Written: {FROZEN}" in text
    assert written.to_json()["source"] == {
        "kind": "checkpoint",
        "snapshot": None,
        "snapshotKind": None,
        "time": "2026-11-02T09:00:00.000Z",
    }


def test_handoff_from_a_snapshot_says_so(service, proj):
    made = handoff.build(service, "s1", "first")
    assert (
        "- Made from: snapshot first (manual), captured 2026-11-01T10:01:00.000Z" in made.markdown
    )
    assert "\n## Objective\n\none\n" in made.markdown
    assert "- x" in made.markdown  # its blocker


def test_damaged_snapshot_gives_no_handoff(service, store_path):
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "broken", "{not json")
    conn.close()
    with pytest.raises(DamagedPayload):
        handoff.build(service, "s1", "broken")


def test_hostile_text_is_neutralised(service, store_path, proj):
    cp = Checkpoint(
        title="Evil\x1b[2J title\nsecond line",
        objective="# injected heading\n---\nok <!-- hide the rest",
        summary="carriage\rreturn and bidi \u202e",
        nextSteps=("# not a heading\nmore\x07",),
    )
    add_live(store_path, "s9", cp)
    text = handoff.write_handoff(service, "s9").path.read_text()
    assert "\x1b" not in text and "\x07" not in text and "\r" not in text
    assert "\u202e" not in text
    assert "\\x1b[2J" in text and "\\x07" in text and "\\u202e" in text
    assert text.startswith("# Hand-off: Evil\\x1b[2J title second line\n")
    headings = [line for line in text.splitlines() if line.startswith("#")]
    assert all(h.startswith(("# Hand-off", "## ")) for h in headings), headings
    assert "\\# injected heading" in text and "\n\\---\n" in text
    assert "\\<!-- hide the rest" in text
    assert "- \\# not a heading\n  more\\x07" in text


def test_missing_project_directory_suggests_stdout(service, store_path, tmp_path, capsys):
    conn = connect(store_path)
    add_project(conn, "gone", directory=str(tmp_path / "deleted"))
    conn.close()
    add_live(store_path, "s9", Checkpoint(objective="o"), project="gone")
    # Issue 11: the core names no flag; the command line adds its own.
    with pytest.raises(handoff.NotWritable, match="no longer exists") as refused:
        handoff.write_handoff(service, "s9")
    assert "--" not in str(refused.value)
    assert "- Session: s9" in handoff.build(service, "s9").markdown  # --stdout still works
    from ckpt_tui.cli.main import main

    assert main(["--db", str(store_path), "handoff", "s9"]) == 1
    assert "--stdout prints the hand-off instead" in capsys.readouterr().err


def test_no_checkpoint_names_the_flag_only_on_the_command_line(store_path, capsys):
    from ckpt_tui.cli.main import main
    from ckpt_tui.core.service import open_service

    conn = connect(store_path)
    add_session(conn, "bare", "p1")
    conn.commit()
    conn.close()
    svc = open_service(store_path)
    with pytest.raises(handoff.NoCheckpoint) as refused:
        handoff.build(svc, "bare")
    svc.close()
    assert "--" not in str(refused.value)
    assert main(["--db", str(store_path), "handoff", "bare"]) == 1
    assert "pick a snapshot with --snapshot" in capsys.readouterr().err


# -- atomicity ---------------------------------------------------------------------------------



@pytest.mark.parametrize(
    ("stage", "old_exists", "expect"),
    [
        ("chunk", True, "old"),  # half the temp file written
        ("synced", True, "old"),  # temp file complete, not yet renamed
        ("synced", False, "absent"),
        ("replaced", True, "new"),
    ],
)
def test_killed_writer_leaves_old_or_complete_file(
    service, store_path, proj, frozen_clock, stage, old_exists, expect
):
    frozen_clock(FROZEN)
    add_live(store_path, "s9", Checkpoint(objective="small"))
    target = handoff.handoff_path(proj, "s9")
    old = b""
    if old_exists:
        old = handoff.write_handoff(service, "s9").path.read_bytes()
    huge = Checkpoint(objective="huge", notes=("line of notes " * 8 + "\n") * 60_000)  # ~7 MB
    conn = connect(store_path)
    set_checkpoint(conn, "s9", "p2", huge, at="2026-11-03T00:00:00.000Z")
    conn.close()
    new = handoff.build(service, "s9").markdown.encode()
    assert len(new) > 5 * (1 << 20)

    with spawn("handoff_writer", store_path, stage, FROZEN) as child:
        line = child.stdout.readline().strip()
        assert line == f"at {stage}", (line, child.stderr.read())
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL

    if expect == "absent":
        assert not target.exists()
    else:
        assert target.read_bytes() == (old if expect == "old" else new)
    leftovers = [p.name for p in target.parent.iterdir() if p.name.endswith(".md")]
    assert leftovers == ([target.name] if expect != "absent" else [])


# -- undo and redo -----------------------------------------------------------------------


def test_undo_removes_a_new_note_and_redo_writes_it_again(service, store_path, proj):
    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    written = service.write_handoff("s9")
    note = written.path
    made = note.read_bytes()
    assert written.previous is None
    outcome = service.undo("s9")
    assert outcome.wrote and "removed the note" in outcome.message
    assert not note.exists()
    service.redo("s9")
    assert note.read_bytes() == made


def test_undo_puts_back_the_previous_note_bytes_for_bytes(service, store_path, proj):
    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    note = handoff.handoff_path(proj, "s9")
    note.parent.mkdir(parents=True)
    old = b"\xff\xfe not UTF-8, written by hand\n"
    note.write_bytes(old)
    os.chmod(note, 0o600)
    service.write_handoff("s9")
    assert note.read_bytes() != old
    service.undo("s9")
    assert note.read_bytes() == old
    assert note.stat().st_mode & 0o777 == 0o600


def test_undo_leaves_a_note_rewritten_since_alone(service, store_path, proj):
    from ckpt_tui.errors import CkptError

    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    note = service.write_handoff("s9").path
    note.write_text("the plugin wrote a newer note\n")
    with pytest.raises(CkptError, match="rewritten since"):
        service.undo("s9")
    assert note.read_text() == "the plugin wrote a newer note\n"


def test_hand_off_undo_comes_before_an_earlier_restore(service, store_path, proj):
    """One history per session: u takes back the newest step first."""
    add_live(store_path, "s9", Checkpoint(objective="first"))
    conn = connect(store_path)
    add_snapshot(conn, "s9", "p2", "older", Checkpoint(objective="older").to_json())
    conn.close()
    service.restore("s9", "older")
    note = service.write_handoff("s9").path
    service.undo("s9")
    assert not note.exists()
    assert service.current("s9").checkpoint.objective == "older"
    service.undo("s9")
    assert service.current("s9").checkpoint.objective == "first"


def test_put_back_touches_only_hand_off_notes(tmp_path):
    victim = tmp_path / "important.txt"
    victim.write_text("keep me")
    with pytest.raises(handoff.HandoffError, match="not a hand-off note"):
        handoff.put_back(victim, b"keep me", None)
    assert victim.read_text() == "keep me"


def test_cli_undo_takes_back_a_hand_off(store_path, proj, tmp_path):
    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    env = dict(os.environ, CKPT_TUI_CONFIG=str(tmp_path / "cfg"))

    def cli(*args):
        return run("ckpt_tui", "--db", store_path, *args, env=env)

    assert cli("handoff", "s9").returncode == 0
    note = handoff.handoff_path(proj, "s9")
    assert note.exists()
    result = cli("undo", "s9")
    assert result.returncode == 0, result.stderr
    assert not note.exists()


def test_a_note_made_after_the_plugin_restored_is_undone_first(service, store_path, proj):
    """The journal is not trusted once someone else restored, but a note
    written after that restore is still the user's last step."""
    add_live(store_path, "s9", Checkpoint(objective="live"))
    conn = connect(store_path)
    plugin_pre = Checkpoint(objective="before the plugin's restore").to_json()
    add_snapshot(conn, "s9", "p2", "pre-restore-1", plugin_pre, kind="pre-restore",
                 at="2026-11-03T09:00:00.000Z")
    conn.close()
    note = service.write_handoff("s9").path
    outcome = service.undo("s9")
    assert "hand-off" in outcome.message and not note.exists()
    assert service.current("s9").checkpoint.objective == "live"
    # now the undo of the plugin's restore: its fields are chosen, then written
    service.undo("s9", list(service.plan_undo("s9").candidates))
    assert service.current("s9").checkpoint.objective == "before the plugin's restore"


def test_undo_of_a_note_is_not_a_noop_in_the_preview(service, store_path, proj):
    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    service.write_handoff("s9")
    plan = service.plan_undo("s9")
    assert not plan.is_noop and "hand-off" in plan.label


def test_read_only_undo_leaves_the_note(store_path, proj, tmp_path):
    from ckpt_tui.core.service import open_service
    from ckpt_tui.errors import ReadOnly

    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    writer = open_service(store_path)
    note = writer.write_handoff("s9").path
    writer.close()
    reader = open_service(store_path, read_only=True)
    with pytest.raises(ReadOnly):
        reader.undo("s9")
    reader.close()
    assert note.exists()


def test_unusable_journal_is_a_one_line_warning_after_the_note_is_written(store_path, proj, tmp_path):
    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the state dir should be")
    env = dict(os.environ, CKPT_TUI_STATE=str(blocker))
    result = run("ckpt_tui", "--db", store_path, "handoff", "s9", env=env)
    assert result.returncode == 0, "the note was written"
    assert "wrote" in result.stdout
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "warning" in result.stderr and "cannot take this note back" in result.stderr
    assert handoff.handoff_path(proj, "s9").exists()


def test_cli_read_only_handoff_writes_nothing(store_path, proj, tmp_path):
    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    env = dict(os.environ, CKPT_TUI_CONFIG=str(tmp_path / "cfg"))
    result = run("ckpt_tui", "--db", store_path, "--read-only", "handoff", "s9", env=env)
    assert result.returncode == 1 and "--stdout" in result.stderr
    assert not handoff.handoff_path(proj, "s9").exists()


# -- where a note may go ---------------------------------------------------------------


def _cli(capsys, store_path, *args):
    from ckpt_tui.cli.main import main

    code = main(["--db", str(store_path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_note_that_is_a_symlink_is_neither_read_nor_written(store_path, proj, tmp_path, capsys):
    """A link planted at the note's path would copy its target (a secret)
    into the project folder and the undo journal."""
    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    secret = tmp_path / "secret"
    secret.write_bytes(b"TOKEN=hunter2\n")
    note = handoff.handoff_path(proj, "s9")
    note.parent.mkdir(parents=True)
    note.symlink_to(secret)
    code, out, err = _cli(capsys, store_path, "handoff", "s9")
    assert code == 1 and out == "" and err.count("\n") == 1 and "symbolic link" in err
    assert note.is_symlink() and os.readlink(note) == str(secret)
    assert secret.read_bytes() == b"TOKEN=hunter2\n"
    code, _, err = _cli(capsys, store_path, "undo", "s9")
    assert code == 1 and "nothing to undo" in err  # nothing was journaled
    copies = [p for p in proj.rglob("*") if not p.is_symlink() and p.is_file()]
    assert not [p for p in copies if b"hunter2" in p.read_bytes()]


def test_a_linked_folder_under_the_project_is_refused(store_path, proj, tmp_path, capsys):
    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (proj / ".opencode").symlink_to(elsewhere)
    code, _, err = _cli(capsys, store_path, "handoff", "s9")
    assert code == 1 and "symbolic link" in err
    assert list(elsewhere.iterdir()) == []


def test_undo_does_not_follow_a_link_planted_after_the_note(service, store_path, proj, tmp_path):
    add_live(store_path, "s9", Checkpoint(objective="Ship it"))
    written = service.write_handoff("s9")
    secret = tmp_path / "secret"
    secret.write_bytes(b"TOKEN=hunter2\n")
    written.path.unlink()
    written.path.symlink_to(secret)
    with pytest.raises(handoff.LinkRefused):
        service.apply(service.plan_undo("s9"))
    assert written.path.is_symlink() and secret.read_bytes() == b"TOKEN=hunter2\n"


def test_a_relative_project_directory_is_refused(store_path, tmp_path, capsys, monkeypatch):
    """``directory='.'`` would write into wherever the command runs."""
    conn = connect(store_path)
    add_project(conn, "rel", directory=".")
    conn.close()
    add_live(store_path, "s9", Checkpoint(objective="Ship it"), project="rel")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    code, _, err = _cli(capsys, store_path, "handoff", "s9")
    assert code == 1 and "not an absolute path" in err
    assert list(cwd.rglob("*")) == []


def test_a_snapshots_note_never_replaces_the_sessions_note(service, store_path, proj, capsys):
    add_live(store_path, "s9", Checkpoint(objective="Current"))
    conn = connect(store_path)
    add_snapshot(conn, "s9", "p2", "older", Checkpoint(objective="Older").to_payload())
    conn.close()
    note = handoff.handoff_path(proj, "s9")
    live = service.write_handoff("s9").path.read_bytes()
    code, out, _ = _cli(capsys, store_path, "handoff", "s9", "--snapshot", "older")
    assert code == 0 and "Older" in out and "snapshot older" in out  # printed
    assert note.read_bytes() == live
    with pytest.raises(handoff.SnapshotNote):
        handoff.write_handoff(service, "s9", "older")
    assert note.read_bytes() == live


def test_output_writes_a_new_file_the_person_names(store_path, proj, tmp_path, capsys):
    add_live(store_path, "s9", Checkpoint(objective="Current"))
    conn = connect(store_path)
    add_snapshot(conn, "s9", "p2", "older", Checkpoint(objective="Older").to_payload())
    conn.close()
    target = tmp_path / "older.md"
    code, out, _ = _cli(capsys, store_path, "handoff", "s9", "--snapshot", "older", "--output", str(target))
    assert code == 0 and str(target) in out
    assert "Older" in target.read_text() and not handoff.handoff_path(proj, "s9").exists()
    code, _, err = _cli(capsys, store_path, "handoff", "s9", "--output", str(target))
    assert code == 1 and "exists" in err and "Older" in target.read_text()
