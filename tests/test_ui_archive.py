"""The app on the archive (``ckpt-tui --archive``): two machines' stores
pushed to a real PostgreSQL cluster, browsed read-only with their origins
marked, a snapshot their store pruned shown as archived, one copied back
into the local store from the app and undone, the read-only role, and the
one-line errors at start and while open."""

from __future__ import annotations

import sqlite3

import pytest

from ckpt_tui.core.archive_view import open_view
from ckpt_tui.core.search import Filters
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import CkptError
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


async def _detail_of(pilot, heading: str) -> str:
    """The detail pane's text once it shows ``heading`` (polled with a deadline:
    the pane follows the cursor after a short rest)."""
    import time

    deadline = time.monotonic() + 10
    body = pilot.app.main.detail.query_one(".detail-body")
    while heading not in (text := " ".join(drawn_lines(body))):
        assert time.monotonic() < deadline, f"the detail pane never showed {heading!r}"
        await pilot.pause(0.05)
    return text


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
        # the detail pane says so of the pruned one, not of one its store keeps
        said = {}
        for name in ("n0", [r.name for r in main.snapshots.rows if r.kind == "auto"][0]):
            main.snapshots.select_key(next(r.id for r in main.snapshots.rows if r.name == name))
            said[name] = await _detail_of(pilot, f"Snapshot {name}")
        pruned, kept = said.values()
        assert "archived pruned from its store since" in pruned
        assert "pruned from its store" not in kept
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


async def _search(pilot, query: str):
    """``S``, ``query`` typed, and the results once they came (polled with a deadline)."""
    import time

    from ckpt_tui.ui.screens.search import SearchScreen

    await pilot.press("S")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, SearchScreen)
    await pilot.press(*query)
    deadline = time.monotonic() + 10
    while screen.results.query_text != query or screen.results._data is None:
        assert time.monotonic() < deadline, "no results came"
        await pilot.pause(0.05)
        await settle(pilot)
    return screen


@run_async
async def test_search_finds_the_archive_text_and_enter_opens_that_machines_session(
    archive, tmp_path
):
    """S on the archive searches its full text, each hit from its own
    machine (one session id pushed from two), and enter shows the hit's
    snapshot in that machine's session on the main screen."""
    url = archive.url()
    for host, count, words in (("laptop", 2, "plain"), ("devbox", 4, "zebra")):
        path = make_store(tmp_path / f"{host}.db", sessions=("s1",), snapshots=count, words=words)
        assert run_cli("archive", "push", url, "--db", str(path), "--host", host).returncode == 0
    app = _app(url)
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        main = app.main
        laptop = next(o.id for o in app.service.origins() if o.host == "laptop")
        devbox = next(o.id for o in app.service.origins() if o.host == "devbox")
        main.sessions.select_key(("s1", laptop))  # the other machine's session is shown
        await settle(pilot)
        screen = await _search(pilot, '"step 3" zebra')
        hits = screen.results.rows
        assert [(h.snapshot_name, h.archive_origin) for h in hits] == [("n3", devbox)]
        assert any("devbox p1" in x for x in drawn_lines(screen.results))  # the machine said
        assert "step 3" in str(screen.query_one("#preview").render())
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is main
        assert main.sessions.highlighted.archive_origin == devbox
        assert main.snapshots.total == 4  # the devbox's history, not the laptop's 2
        assert main.snapshots.highlighted.name == "n3"
        assert app.service.current("s1").checkpoint.objective == "s1 now zebra"
        # the laptop's words are found in the laptop's session only
        screen = await _search(pilot, "plain")
        assert {h.archive_origin for h in screen.results.rows} == {laptop}
        assert len(screen.results.rows) == 3  # its checkpoint and n0, n1
        assert app.crash_log is None
    # the screen's field filter holds; relevance (the screen's ctrl+o) is refused, saying so
    view = open_view(url)
    try:
        assert view.search("zebra", Filters(by_recency=True, field="name")).hits == []
        found = view.search("zebra", Filters(by_recency=True, field="objective")).hits
        assert len(found) == 5 and {h.snippet.field for h in found} == {"objective"}
        with pytest.raises(CkptError, match="newest first only"):
            view.search("zebra", Filters())
    finally:
        view.close()


@pytest.mark.parametrize(
    "argv",
    [
        ["--archive", "list", "sessions"],
        ["--archive", "postgresql://u@h/d", "list", "sessions"],
        ["--archive=postgresql://u@h/d", "search", "x"],
    ],
)
def test_the_apps_archive_flag_with_a_command_is_one_usage_line(argv, tmp_path, capsys):
    """``--archive`` opens the app: its optional URL never takes a
    COMMAND's name, and with a COMMAND it says where the archive's
    commands are (exit 2), the local store not read."""
    from ckpt_tui.cli.main import main

    store = make_store(tmp_path / "local.db")
    assert main(["--db", str(store), *argv]) == 2
    err = capsys.readouterr().err
    assert "--archive opens the app on the archive and takes no COMMAND" in err
    assert "ckpt-tui archive COMMAND" in err and "not a PostgreSQL URL" not in err


def test_a_commands_own_archive_option_is_untouched():
    from ckpt_tui.cli.main import _parse

    _parser, args = _parse(["copy", "--archive", "postgresql://u@h/d", "archive:s1:n0", "s1"])
    assert args.command == "copy" and args.archive == "postgresql://u@h/d"


def _board_store(path, sessions) -> None:
    """A store whose sessions are (id, project, status, at)."""
    from ckpt_tui.core.model import Checkpoint
    from tests.archive_support import stamp
    from tests.factory import add_project, add_session, connect, new_store, set_checkpoint

    new_store(path)
    conn = connect(path)
    for project in sorted({p for _s, p, _st, _at in sessions}):
        add_project(conn, project, directory=f"/work/{project}")
    for sid, project, status, at in sessions:
        add_session(conn, sid, project, title=f"session {sid}")
        set_checkpoint(conn, sid, project, Checkpoint(status=status), at=stamp(at))
    conn.close()


@run_async
async def test_the_archive_board_groups_by_project_with_t(archive, tmp_path):
    """t on the archive's board: every machine's sessions of a project
    together, the project of the latest write first, newest first within."""
    from ckpt_tui.ui.screens.board import BoardScreen

    url = archive.url()
    stores = {
        "laptop": [("s1", "p1", "in_progress", 1), ("s3", "p2", "blocked", 5)],
        "devbox": [("s2", "p1", "blocked", 3), ("s4", "p2", "done", 9)],
    }
    for host, sessions in stores.items():
        _board_store(tmp_path / f"{host}.db", sessions)
        pushed = run_cli("archive", "push", url, "--db", str(tmp_path / f"{host}.db"), "--host", host)
        assert pushed.returncode == 0, pushed.stderr
    app = _app(url)
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        await pilot.press("B")
        await settle(pilot)
        board = app.screen
        assert isinstance(board, BoardScreen)
        await pilot.press("t")
        await settle(pilot)
        assert board.list.group == "project"
        assert [(i.project_id, i.session_id) for i in board.list.rows] == [
            ("p2", "s3"),
            ("p1", "s2"),
            ("p1", "s1"),
        ]
        drawn = [x for x in drawn_lines(board.list) if "session s" in x]
        assert "p2" in drawn[0] and "p1" in drawn[1] and "p1" not in drawn[2]  # a group named once
        # each row names the machine its session came from
        assert ["@laptop" in drawn[0], "@devbox" in drawn[1], "@laptop" in drawn[2]] == [True] * 3
        assert not [n for n in app.notices.notices if n.severity == "error"]
    # page by page, the same order
    view = open_view(url)
    try:
        seen, after = [], None
        while True:
            page = view.board(["blocked", "in_progress"], group="project", after=after, limit=1)
            assert page.total == 3
            seen += [i.session_id for i in page.rows]
            if page.cursor is None:
                break
            after = page.cursor
        assert seen == ["s3", "s2", "s1"]
    finally:
        view.close()
