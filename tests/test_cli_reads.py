"""The command line's reading commands (`list`, `show`, `diff`) on stores
with mixed epoch-ms/ISO times, damaged payloads and hostile text: whole
lists are every page of the panes' reads, errors are one line, output is
printable; and no reading command imports SQLAlchemy."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.demo import build_demo
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from tests.factory import add_session, add_snapshot, connect, new_store, set_checkpoint
from tests.test_store import _mixed, mixed_store


def _varied_store(path):
    """``mixed_store`` plus a checkpoint (epoch-ms time), a child session,
    damaged payloads (bad JSON, a field of the wrong type) and hostile text."""
    mixed_store(path)
    conn = connect(path)
    cp = Checkpoint(objective="ship [bold]it[/]", status="blocked", nextSteps=("a", "b\x1b[31m"))
    set_checkpoint(conn, "s0", "p0", cp, at=_mixed(51))
    set_checkpoint(conn, "s2", "p0", Checkpoint(objective="other"), at=_mixed(52))
    add_session(conn, "child", "p0", title="sub-agent \x07[red]x", parent="s0", at=_mixed(53))
    add_snapshot(conn, "s0", "p0", "broken", "{not json", kind="auto", at=_mixed(54))
    add_snapshot(conn, "s0", "p0", "wrong", '{"nextSteps": 5}', kind="odd-kind", at=_mixed(55))
    add_snapshot(conn, "s0", "p0", "full", cp.to_payload(), kind="manual", at=_mixed(56))
    conn.close()
    return path


COMMANDS = [
    ["list", "sessions"],
    ["list", "sessions", "--project", "p0"],
    ["list", "sessions", "--project", "p1"],
    ["list", "sessions", "--project", "nope"],
    ["list", "sessions", "--project", "bad\x01id"],
    ["list", "snapshots", "s0"],
    ["list", "snapshots", "s0", "--summary"],
    ["list", "snapshots", "s0", "--kind", "pre-restore"],
    ["list", "snapshots", "s0", "--kind", "odd-kind", "--summary"],
    ["list", "snapshots", "s0", "--kind", "nonesuch"],
    ["list", "snapshots", "s1", "--kind", "auto"],
    ["list", "snapshots", "nope"],
    ["show", "s0"],
    ["show", "s1"],
    ["show", "nope"],
    ["show", "s0", "--snapshot", "m03"],
    ["show", "s0", "--snapshot", "broken"],
    ["show", "s0", "--snapshot", "wrong"],
    ["show", "s0", "--snapshot", "absent"],
    ["show", "nope", "--snapshot", "m03"],
    ["diff", "s0", "m01", "m07"],
    ["diff", "s0", "m02"],
    ["diff", "s0", "full"],
    ["diff", "s0", "broken", "m03"],
    ["diff", "s0", "m03", "absent"],
    ["diff", "s2", "m01"],
]


def _run(capsys, db, argv):
    rc = main([*argv, "--db", str(db)])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_reading_commands_answer_or_fail_in_one_line(tmp_path, capsys, json_flag):
    db = _varied_store(tmp_path / "c.db")
    results = [(argv, *_run(capsys, db, argv + json_flag)) for argv in COMMANDS]
    for argv, rc, out, err in results:
        assert rc in (0, 1, 2, 4), argv
        out.encode("utf-8"), err.encode("utf-8")  # printable whatever the store holds
        assert "\x1b" not in out and "\x07" not in out, argv
        if rc:
            assert err.count("\n") == 1 and "Traceback" not in err, (argv, err)
    codes = [rc for _, rc, _, _ in results]
    assert codes.count(0) >= 15 and len(codes) - codes.count(0) >= 6
    shown = results[COMMANDS.index(["show", "s0", "--snapshot", "broken"])][2]
    assert "damaged" in shown.lower()


def _paged(fetch):
    page = fetch(None)
    rows, total = list(page.rows), page.total
    while page.cursor is not None:
        page = fetch(page.cursor)
        rows.extend(page.rows)
    return rows, total


def test_whole_lists_equal_every_page(tmp_path):
    """What the command line printed before: every page of 2, concatenated."""
    db = _varied_store(tmp_path / "c.db")
    svc = open_service(db, read_only=True)
    try:
        for project in (None, "p0", "p1"):
            whole = svc.all_sessions(project)
            paged = _paged(lambda a, p=project: svc.sessions(project_id=p, after=a, limit=2))
            assert (whole.rows, whole.total) == paged
            assert whole.cursor is None
        for kind in (None, "pre-restore", "auto", "odd-kind"):
            whole = svc.all_snapshots("s0", kind)
            kinds = [kind] if kind else None
            paged = _paged(lambda a, k=kinds: svc.snapshots("s0", kinds=k, after=a, limit=2))
            assert (whole.rows, whole.total) == paged
        assert len(svc.all_snapshots("s0").rows) == 15
    finally:
        svc.close()


def test_reading_commands_import_no_sqlalchemy(tmp_path):
    db = _varied_store(tmp_path / "c.db")
    for argv in (
        ["list", "projects"],
        ["list", "projects", "--json"],
        ["list", "sessions", "--project", "p0"],
        ["list", "snapshots", "s0", "--summary", "--kind", "auto"],
        ["show", "s0", "--snapshot", "m03", "--json"],
        ["diff", "s0", "m01"],
    ):
        code = (
            "import sys; from ckpt_tui.cli.main import main;"
            f"rc = main([*{argv!r}, '--db', {str(db)!r}]);"
            "heavy = [m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'textual', 'rich')];"
            "print(heavy, file=sys.stderr); raise SystemExit(rc or (1 if heavy else 0))"
        )
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert result.returncode == 0, (argv, result.stdout + result.stderr)


def _project_pages(svc):
    page = svc.projects(limit=2)
    rows, total = list(page.rows), page.total
    while page.cursor is not None:
        page = svc.projects(after=page.cursor, limit=2)
        rows.extend(page.rows)
    return rows, total


def test_all_projects_equals_every_page(tmp_path):
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    svc = open_service(db)
    try:
        whole = svc.all_projects()
        rows, total = _project_pages(svc)
    finally:
        svc.close()
    assert len(rows) > 2 and whole.cursor is None
    assert (whole.rows, whole.total) == (rows, total)


def test_all_projects_of_an_empty_store(tmp_path):
    svc = open_service(new_store(tmp_path / "empty.db"))
    try:
        assert svc.all_projects() == svc.projects(limit=2)
    finally:
        svc.close()


def test_all_projects_with_epoch_ms_timestamps(tmp_path):
    """Epoch ms beside ISO text (SPEC 3): the same order as the pages."""
    svc = open_service(mixed_store(tmp_path / "c.db"))
    try:
        whole = svc.all_projects()
        assert (whole.rows, whole.total) == _project_pages(svc)
    finally:
        svc.close()
