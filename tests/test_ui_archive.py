"""The app on the archive (``ckpt-tui --archive``): two machines' stores
pushed to a real PostgreSQL cluster, browsed read-only with their origins
marked, a snapshot their store pruned shown as archived, one copied back
into the local store from the app and undone, the read-only role, and the
one-line errors at start and while open."""

from __future__ import annotations

import sqlite3

import pytest

from ckpt_tui.core.archive_view import open_view
from ckpt_tui.core.service import open_service
from ckpt_tui.ui.app import CkptApp
from tests.archive_support import make_store, run_cli
from tests.factory import PluginWriter
from tests.ui_support import drawn_lines, run_async, settle


def _checkpoint(path) -> tuple:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT * FROM checkpoints WHERE session_id='s1'").fetchone()
    finally:
        conn.close()


@pytest.fixture
def two_origins(archive, tmp_path):
    """Project p1 pushed from a laptop (session s1, its first snapshot n0
    since pruned by the plugin) and from a dev box (session s2)."""
    laptop = make_store(tmp_path / "laptop.db", sessions=("s1",), snapshots=2)
    devbox = make_store(tmp_path / "devbox.db", sessions=("s2",), snapshots=2)
    url = archive.url()
    for path, host in ((laptop, "laptop"), (devbox, "devbox")):
        pushed = run_cli("archive", "push", url, "--db", str(path), "--host", host)
        assert pushed.returncode == 0, pushed.stderr
    writer = PluginWriter(laptop, history_limit=2)  # n0 is pruned by these saves
    writer.save("s1", objective="later work", nextSteps=["ship"])
    writer.save("s1", objective="latest work")
    writer.close()
    assert run_cli("archive", "push", url, "--db", str(laptop), "--host", "laptop").returncode == 0
    return archive, laptop, devbox


def _app(url: str) -> CkptApp:
    """The app on the archive at ``url`` (no live poll, no opencode data)."""
    return CkptApp(open_view(url), poll=False, read_opencode=False)


def _rows(pane) -> list[str]:
    return [line for line in drawn_lines(pane) if line.strip()]


async def _into_snapshots(pilot, session: str) -> None:
    main = pilot.app.main
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    main.sessions.select_key(main.session_key(session))
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert main.snapshots.session_id == session


@run_async
async def test_two_origins_browsed_read_only_with_their_marks(two_origins):
    archive, _laptop, _devbox = two_origins
    app = _app(archive.url())
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        main = app.main
        # one project, held by both machines
        assert [r.id for r in main.projects.rows] == ["p1"]
        project_line = next(x for x in _rows(main.projects) if "p1" in x)
        assert "laptop" in project_line and "devbox" in project_line
        assert "@all" in _rows(main.projects)[-1]  # the pane's bottom line
        # its sessions, each marked with its machine
        await pilot.press("enter")
        await settle(pilot)
        sessions = _rows(main.sessions)
        assert any("laptop" in x and "session s1" in x for x in sessions)
        assert any("devbox" in x and "session s2" in x for x in sessions)
        # the laptop's history: the pruned n0 still there, marked archived
        main.sessions.select_key(main.session_key("s1"))
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        names = {r.name: r.archived for r in main.snapshots.rows}
        assert names["n0"] is True and names["n1"] is True  # both pruned by two saves
        assert [r.archived for r in main.snapshots.rows if r.kind == "auto"] == [False, False]
        n0 = next(x for x in _rows(main.snapshots) if " n0 " in x)
        assert "archived" in n0
        # every write key says why it does nothing
        for key in ("r", "n", "u"):
            await pilot.press(key)
            await settle(pilot)
        said = " ".join(n.text for n in app.notices.notices)
        assert "the archive is browsed read-only" in said
        assert "n snapshots a local session" in said
        assert app.crash_log is None  # no worker failed on the way


@run_async
async def test_origin_key_keeps_projects_and_sessions_to_one_machine(two_origins):
    archive, _laptop, _devbox = two_origins
    app = _app(archive.url())
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        main = app.main
        hosts = []
        for _ in range(3):
            await pilot.press("o")
            await settle(pilot)
            hosts.append(({r.archive_origin for r in main.sessions.rows}, _rows(main.projects)[-1]))
        origins = {o.host: o.id for o in app.service.origins()}
        first, second, everyone = hosts
        assert len(first[0]) == 1 and len(second[0]) == 1 and first[0] != second[0]
        assert first[0] | second[0] == set(origins.values()) == everyone[0]
        assert "@all" in everyone[1] and "@all" not in first[1]


@run_async
async def test_diff_and_field_history_over_the_pruned_snapshot(two_origins):
    archive, _laptop, _devbox = two_origins
    app = _app(archive.url())
    async with app.run_test(size=(160, 45)) as pilot:
        await _into_snapshots(pilot, "s1")
        main = app.main
        main.snapshots.select_key(next(r.id for r in main.snapshots.rows if r.name == "n0"))
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert app.screen.title_text == "n0 → current checkpoint"
        assert "objective" in app.screen.compare().changed_names
        await pilot.press("escape")
        await settle(pilot)
        history = app.service.field_history("s1", "objective")
        archived = [v.archived for v in (line.since for line in history.lines)]
        assert history.versions == 5  # n0 (pruned), n1, two autos, the checkpoint
        assert archived == [False]
        from ckpt_tui.ui.screens.history import _note

        first = app.service.field_history("s1", "objective", "n0").shown
        assert first.archived and "archived" in _note(first, "").plain


@run_async
async def test_copy_back_into_the_local_session_then_undo_from_the_app(two_origins):
    archive, laptop, _devbox = two_origins
    view = open_view(archive.url())
    view.copy_into(open_service(laptop))
    before = _checkpoint(laptop)
    app = CkptApp(view, poll=False, read_opencode=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await _into_snapshots(pilot, "s1")
        main = app.main
        main.snapshots.select_key(next(r.id for r in main.snapshots.rows if r.name == "n0"))
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert app.screen.title_text == (
            "Copy archived n0 (pruned from its store) into local session s1"
        )
        assert _checkpoint(laptop) == before  # the preview writes nothing
        await pilot.press("y")
        await settle(pilot)
        conn = sqlite3.connect(f"file:{laptop}?mode=ro", uri=True)
        objective, kinds = (
            conn.execute("SELECT objective FROM checkpoints WHERE session_id='s1'").fetchone()[0],
            [k for (k,) in conn.execute("SELECT kind FROM snapshots WHERE session_id='s1'")],
        )
        conn.close()
        assert objective == "s1 step 0" and "pre-restore" in kinds
        await pilot.press("u")
        await settle(pilot)
        assert _checkpoint(laptop)[2:-1] == before[2:-1]  # every column but updated_at
        assert app.crash_log is None


@run_async
async def test_the_read_only_role_browses(two_origins):
    archive, _laptop, _devbox = two_origins
    archive.grant_reader()
    app = _app(archive.url(reader=True))
    async with app.run_test(size=(120, 35)) as pilot:
        await _into_snapshots(pilot, "s2")
        assert [r.name for r in app.main.snapshots.rows][-2:] == ["n1", "n0"]
        assert "devbox" in " ".join(_rows(app.main.sessions))


def test_start_errors_are_one_line_and_leave_the_store_alone(two_origins, monkeypatch, capsys):
    from ckpt_tui.cli import main as cli

    archive, laptop, _devbox = two_origins
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    before = laptop.read_bytes()
    cluster = archive.cluster
    wrong = cluster.url("ckpt_writer", "secret-pw", archive.name, tcp=True)
    dead = wrong.replace(f":{cluster.port}/", ":1/")
    cluster.create_database("t_empty_" + archive.name, "ckpt_writer")
    missing = archive.url().replace(f"/{archive.name}?", f"/t_empty_{archive.name}?")
    said = []
    for url in (wrong, dead, missing):
        code = cli.main(["--archive", url, "--db", str(laptop)])
        err = capsys.readouterr().err
        assert code != 0 and len(err.strip().splitlines()) == 1, err
        assert "secret-pw" not in err and archive.writer_password not in err
        said.append(err)
    assert "password" in said[0] and "archive init" in said[2], said
    assert laptop.read_bytes() == before


@run_async
async def test_a_server_lost_while_open_is_one_notice(two_origins):
    archive, _laptop, _devbox = two_origins
    app = _app(archive.url())
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        reader = app.service.reader
        reader.archive.close()
        reader.archive.url = archive.cluster.url("x", "y", "z", tcp=True).replace(
            str(archive.cluster.port), "1"
        )
        app._poll()
        await settle(pilot)
        app._poll()
        await settle(pilot)
        lost = [n for n in app.notices.notices if "stopped answering" in n.text]
        assert len(lost) == 1 and app.crash_log is None
        assert len(lost[0].text.splitlines()) == 1


@run_async
async def test_one_session_id_from_two_machines_is_two_sessions(archive, tmp_path):
    """A store copied to another machine: the same session id from two
    origins, each row showing its own machine's snapshots."""
    url = archive.url()
    for host, count in (("laptop", 2), ("devbox", 4)):
        path = make_store(tmp_path / f"{host}.db", sessions=("s1",), snapshots=count)
        assert run_cli("archive", "push", url, "--db", str(path), "--host", host).returncode == 0
    app = _app(url)
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        main = app.main
        seen = {}
        for index in range(2):
            main.sessions.cursor = index
            await settle(pilot)
            host = app.service.host_of(main.sessions.highlighted.archive_origin)
            seen[host] = (main.snapshots.total, app.service.current("s1").checkpoint.objective)
        assert seen == {"laptop": (2, "s1 now"), "devbox": (4, "s1 now")}
        assert [r.archive_origin for r in main.sessions.rows][0] != main.sessions.rows[
            1
        ].archive_origin
