"""The archive's safety: the password never shown, TLS settings passed to
libpq, a read-only role that can browse and nothing more, and a dead
server, a wrong password or a missing archive each one line and a non-zero
exit with the local store untouched."""

from __future__ import annotations

import socket

import pytest

from tests.archive_support import (
    READER,
    WRITER,
    cli_json,
    file_digest,
    make_store,
    run_cli,
    run_process,
)


def _one_line(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again: nobody listens there


@pytest.mark.usefixtures("no_pg_env")
def test_a_dead_server_is_one_line_without_the_password(tmp_path):
    path = make_store(tmp_path / "s.db")
    before = file_digest(path)
    secret = "Sup3r-s3cret-pw"
    url = f"postgresql://{WRITER}:{secret}@127.0.0.1:{_closed_port()}/ckpt"
    for args in (
        ("archive", "push", url, "--db", str(path)),
        ("archive", "list", "projects", "--archive", url),
    ):
        result = run_cli(*args)
        assert result.returncode == 1
        line = _one_line(result)
        assert "cannot reach the archive" in line and "refused" in line.lower()
        assert secret not in result.stderr + result.stdout
        assert f"{WRITER}:***@127.0.0.1" in line
    assert file_digest(path) == before


def test_a_wrong_password_is_one_line_without_it(archive, tmp_path):
    path = make_store(tmp_path / "s.db")
    before = file_digest(path)
    wrong = "not-the-pw-4242"
    url = archive.cluster.url(WRITER, wrong, archive.name, tcp=True)
    result = run_cli("archive", "push", url, "--db", str(path))
    assert result.returncode == 1
    line = _one_line(result)
    assert "refused the login" in line and "password authentication failed" in line
    assert wrong not in result.stderr + result.stdout
    assert file_digest(path) == before


def test_a_database_without_an_archive_says_init_creates_one(archive_db, tmp_path):
    path = make_store(tmp_path / "s.db")
    for args in (("archive", "push", "--db", str(path)), ("archive", "list", "projects")):
        result = run_cli(*args, "--archive", archive_db.url())
        assert result.returncode == 1
        assert "archive init" in _one_line(result)
        assert archive_db.writer_password not in result.stderr
    assert run_cli("archive", "init", archive_db.url()).returncode == 0
    assert "already at version 1" in run_cli("archive", "init", archive_db.url()).stdout
    assert "nothing to do" in run_cli("archive", "migrate", archive_db.url()).stdout


def test_sslmode_reaches_libpq(archive):
    # the test server has no TLS: libpq itself refuses a connection that requires it
    result = run_cli(
        "archive", "list", "projects", "--archive", archive.url(tcp=True, sslmode="require")
    )
    assert result.returncode == 1
    assert "SSL" in _one_line(result)
    assert archive.writer_password not in result.stderr
    assert (
        run_cli(
            "archive", "list", "projects", "--archive", archive.url(tcp=True, sslmode="disable")
        ).returncode
        == 0
    )


def test_a_read_only_role_browses_and_cannot_push(archive, tmp_path):
    path = make_store(tmp_path / "s.db", sessions=("s1", "s2"), words="searchable words")
    assert run_cli("archive", "push", archive.url(), "--db", str(path)).returncode == 0
    reader_url = archive.url(reader=True)
    denied = run_cli("archive", "list", "projects", "--archive", reader_url)
    assert denied.returncode == 1 and "permission denied" in _one_line(denied)
    archive.grant_reader()

    assert [
        p["id"] for p in cli_json("archive", "list", "projects", "--archive", reader_url)["items"]
    ] == ["p1"]
    assert cli_json("archive", "list", "sessions", "--archive", reader_url)["total"] == 2
    assert cli_json("archive", "list", "snapshots", "s1", "--archive", reader_url)["total"] == 3
    assert cli_json("archive", "list", "origins", "--archive", reader_url)["total"] == 1
    assert (
        cli_json("archive", "show", "s1", "--snapshot", "n1", "--archive", reader_url)["snapshot"][
            "name"
        ]
        == "n1"
    )
    assert cli_json("archive", "diff", "s1", "n0", "--archive", reader_url)["fields"]
    assert (
        cli_json("archive", "history", "s1", "objective", "--archive", reader_url)["versions"] == 4
    )
    assert cli_json("archive", "board", "--archive", reader_url)["total"] == 2
    assert cli_json("archive", "search", "searchable", "--archive", reader_url)["items"]
    assert cli_json("archive", "status", "--archive", reader_url)["version"] == 1

    other = make_store(tmp_path / "other.db")
    before = file_digest(other)
    pushed = run_cli("archive", "push", reader_url, "--db", str(other))
    assert pushed.returncode == 1
    line = _one_line(pushed)
    assert "refused" in line and "permission denied" in line
    assert archive.reader_password not in pushed.stderr
    assert file_digest(other) == before


def test_libpq_variables_and_pgpass_fill_in_the_url(archive, tmp_path, monkeypatch):
    from pathlib import Path

    path = make_store(tmp_path / "s.db")
    cluster = archive.cluster
    monkeypatch.setenv("PGHOST", str(cluster.dir))
    monkeypatch.setenv("PGPORT", str(cluster.port))
    monkeypatch.setenv("PGDATABASE", archive.name)
    monkeypatch.setenv("PGUSER", WRITER)
    denied = run_cli("archive", "push", "postgresql://", "--db", str(path))
    assert denied.returncode == 1 and "refused the login" in denied.stderr  # no password yet
    pgpass = Path.home() / ".pgpass"  # the test's own home (conftest)
    pgpass.write_text(f"*:*:*:{WRITER}:{archive.writer_password.replace(':', chr(92) + ':')}\n")
    pgpass.chmod(0o600)
    assert run_cli("archive", "push", "postgresql://", "--db", str(path)).returncode == 0
    monkeypatch.setenv("CKPT_ARCHIVE_URL", "postgresql://")
    assert cli_json("archive", "list", "projects")["total"] == 1


def test_the_password_is_in_no_output_config_or_log(archive, tmp_path, monkeypatch):
    path = make_store(tmp_path / "s.db")
    url = archive.url()
    config = tmp_path / "config"
    config.mkdir()
    (config / "config.toml").write_text(f'[archive]\nurl = "{url}"\n')
    log = tmp_path / "debug.log"
    env = {"CKPT_TUI_CONFIG": str(config), "CKPT_TUI_LOG": str(log)}
    outputs = []
    for args in (
        ("config", "show"),
        ("config", "show", "--json"),
        ("archive", "push", "--db", str(path), "--debug"),
        ("archive", "status"),
        ("archive", "list", "origins", "--json"),
        ("archive", "search", "step", "--debug"),
    ):
        result = run_process(*args, env=env)  # --debug: a log of its own process
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout + result.stderr)
    text = "\n".join(outputs) + (log.read_text() if log.exists() else "")
    assert archive.writer_password not in text
    assert "url" in outputs[0] and f"{WRITER}:***@" in outputs[0]
    assert archive.writer_password[-10:] not in text  # nor its URL-escaped form's tail


def test_a_newer_archive_is_read_but_not_written(archive, tmp_path):
    path = make_store(tmp_path / "s.db")
    assert run_cli("archive", "push", archive.url(), "--db", str(path)).returncode == 0
    archive.sql("INSERT INTO ckpt_archive.archive_version VALUES (99, 'later')")
    assert cli_json("archive", "list", "projects", "--archive", archive.url())["total"] == 1
    more = make_store(tmp_path / "more.db")
    result = run_cli("archive", "push", archive.url(), "--db", str(more))
    assert result.returncode == 1 and "newer than this ckpt-tui knows" in _one_line(result)
    migrated = run_cli("archive", "migrate", archive.url())
    assert migrated.returncode == 1 and "newer" in migrated.stderr


def test_grants_print_only_usage_and_select():
    result = run_cli("archive", "grants", READER)
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        f'GRANT USAGE ON SCHEMA "ckpt_archive" TO "{READER}";',
        f'GRANT SELECT ON ALL TABLES IN SCHEMA "ckpt_archive" TO "{READER}";',
    ]
    hostile = run_cli("archive", "grants", 'x"; DROP TABLE y; --')
    assert '"x""; DROP TABLE y; --"' in hostile.stdout


#: What every command that writes or checks the archive's schema runs.
_SCHEMA_COMMANDS = (("archive", "init"), ("archive", "migrate"), ("archive", "index"))


@pytest.mark.parametrize(
    ("change", "missing", "reading"),
    [
        (
            "DROP TABLE ckpt_archive.snapshot_search",
            "table ckpt_archive.snapshot_search",
            ("archive", "search", "step"),
        ),
        (
            "ALTER TABLE ckpt_archive.projects DROP COLUMN session_count",
            "column ckpt_archive.projects.session_count",
            ("archive", "list", "projects"),
        ),
    ],
)
def test_an_archive_made_by_another_build_says_so_and_what_to_do(
    archive, tmp_path, change, missing, reading
):
    """An archive whose version is this ckpt-tui's but whose tables are not
    (an earlier build at the same version number made it): a push, a read
    that needs what is missing and the schema commands each say so in one
    line, with what is missing and what to do, and neither the archive's
    rows nor the store change."""
    path = make_store(tmp_path / "s.db")
    assert run_cli("archive", "push", archive.url(), "--db", str(path)).returncode == 0
    archive.sql(change)
    archived = archive.sql("SELECT count(*) FROM ckpt_archive.snapshots")
    before = file_digest(path)
    more = make_store(tmp_path / "more.db")
    url = archive.url()
    for args in (
        ("archive", "push", url, "--db", str(more)),
        (*reading, "--archive", url),
        *((*command, url) for command in _SCHEMA_COMMANDS),
    ):
        result = run_cli(*args)
        assert result.returncode == 1, (args, result.stdout, result.stderr)
        line = _one_line(result)
        assert "made by another build of ckpt-tui" in line, (args, line)
        assert missing in line and "archive init" in line and "empty database" in line
        assert "creates one" not in line
        assert archive.writer_password not in result.stderr
    assert archive.sql("SELECT count(*) FROM ckpt_archive.snapshots") == archived
    assert file_digest(path) == before
