"""`list sessions`, `list snapshots`, `show` and `diff` read through the
generated plain SQL (store/plain_commands.py): byte for byte the output of
the SQLAlchemy path, on stores with mixed epoch-ms/ISO times, damaged
payloads and hostile text, errors included; and no SQLAlchemy import."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.demo import build_demo
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.store import plain_read
from tests.factory import add_session, add_snapshot, connect, set_checkpoint
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


def _through_sqlalchemy(monkeypatch):
    """Every plain read fails as a locked file would: the SQLAlchemy path answers."""

    def refuse(self):
        raise sqlite3.OperationalError("database is locked (forced by the test)")

    monkeypatch.setattr(plain_read.PlainRead, "__enter__", refuse)


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_plain_output_equals_the_sqlalchemy_output(tmp_path, capsys, monkeypatch, json_flag):
    db = _varied_store(tmp_path / "c.db")
    plain = [_run(capsys, db, argv + json_flag) for argv in COMMANDS]
    with monkeypatch.context() as m:
        _through_sqlalchemy(m)
        via_sqlalchemy = [_run(capsys, db, argv + json_flag) for argv in COMMANDS]
    for argv, a, b in zip(COMMANDS, plain, via_sqlalchemy, strict=True):
        assert a == b, argv
    # the comparison covers successes and one-line errors alike
    codes = [rc for rc, _, _ in plain]
    assert codes.count(0) >= 15 and len(codes) - codes.count(0) >= 6
    assert "damaged" in plain[COMMANDS.index(["show", "s0", "--snapshot", "broken"])][1].lower()


def test_plain_output_equals_the_sqlalchemy_output_on_a_demo_store(tmp_path, capsys, monkeypatch):
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    svc = open_service(db, read_only=True)
    try:
        session = max(svc.all_sessions().rows, key=lambda r: r.snapshot_count)
        names = [r.name for r in svc.all_snapshots(session.id).rows]
    finally:
        svc.close()
    commands = [
        ["list", "sessions"],
        ["list", "snapshots", session.id, "--summary"],
        ["show", session.id],
        ["show", session.id, "--snapshot", names[-1]],
        ["diff", session.id, names[-1]],
        ["diff", session.id, names[-1], names[0]],
    ]
    for flag in ([], ["--json"]):
        plain = [_run(capsys, db, argv + flag) for argv in commands]
        with monkeypatch.context() as m:
            _through_sqlalchemy(m)
            assert [_run(capsys, db, argv + flag) for argv in commands] == plain
        assert all(rc == 0 for rc, _, _ in plain)


def _paged(fetch):
    page = fetch(None)
    rows, total = list(page.rows), page.total
    while page.cursor is not None:
        page = fetch(page.cursor)
        rows.extend(page.rows)
    return rows, total


def test_whole_lists_equal_the_sqlalchemy_pages(tmp_path):
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
