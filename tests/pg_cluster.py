"""A throwaway PostgreSQL cluster for the archive's tests and its bench.

``initdb`` in a fresh temporary directory, a server on a unix socket in
that directory and on a free loopback port, stopped and removed at the end.
``initdb`` refuses to run as root (CI runs as root), so as root the cluster
is run by the ``postgres`` user (``runuser -u postgres --``); otherwise by
the user running the tests. The binaries are looked up in
``$CKPT_TEST_PG_BIN``, then ``initdb`` on ``PATH``, then Debian's
``/usr/lib/postgresql/<version>/bin``; :func:`find_bindir` says why none
was found, which is the tests' skip reason.

Logins: the superuser ``postgres`` over the socket without a password (the
tests' administration), every other role with a password (SCRAM), over the
socket and over TCP, so a wrong password is really refused.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

DEBIAN = Path("/usr/lib/postgresql")


def find_bindir() -> tuple[Path | None, str]:
    """The directory of ``initdb`` and ``pg_ctl``, or ``None`` and why."""
    env = os.environ.get("CKPT_TEST_PG_BIN")
    candidates = [Path(env)] if env else []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    if DEBIAN.is_dir():

        def version(p: Path) -> tuple:
            return tuple(int(x) for x in p.name.split(".") if x.isdigit())

        candidates += [d / "bin" for d in sorted(DEBIAN.iterdir(), key=version, reverse=True)]
    for bindir in candidates:
        if (bindir / "initdb").is_file() and (bindir / "pg_ctl").is_file():
            return bindir, ""
    return None, (
        "no PostgreSQL server binaries (initdb, pg_ctl): set CKPT_TEST_PG_BIN, put initdb on "
        "PATH, or install Debian's postgresql package"
    )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One running cluster (see the module docstring)."""

    def __init__(self, bindir: Path, *, fsync: bool = False, settings: dict | None = None) -> None:
        self.bindir = bindir
        self.as_postgres = os.geteuid() == 0
        self.dir = Path(tempfile.mkdtemp(prefix="ckpt-pg-"))
        self.data = self.dir / "data"
        self.port = 0
        self.fsync = fsync
        self.settings = settings or {}
        if self.as_postgres:
            shutil.chown(self.dir, "postgres")
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--locale=C",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "-N",
        )
        hba = self.data / "pg_hba.conf"
        self._write_as_owner(
            hba,
            "local all postgres trust\n"
            "local all all scram-sha-256\n"
            "host all all 127.0.0.1/32 scram-sha-256\n",
        )
        self.start()

    # -- running things as the cluster's owner ---------------------------------------
    def _cmd(self, name: str, *args: str) -> list[str]:
        cmd = [str(self.bindir / name), *args]
        return ["runuser", "-u", "postgres", "--", *cmd] if self.as_postgres else cmd

    def _run(self, name: str, *args: str) -> None:
        result = subprocess.run(
            self._cmd(name, *args), capture_output=True, text=True, cwd=self.dir, timeout=120
        )
        if result.returncode != 0:
            raise RuntimeError(f"{name} failed: {result.stdout}\n{result.stderr}")

    def _write_as_owner(self, path: Path, text: str) -> None:
        path.write_text(text)
        if self.as_postgres:
            shutil.chown(path, "postgres")

    def start(self) -> None:
        options = [
            f"-k {self.dir}",
            "-c listen_addresses=127.0.0.1",
            "-c max_connections=60",
            "-c unix_socket_permissions=0777",
        ]
        if not self.fsync:
            options.append("-F")
        options += [f"-c {k}={v}" for k, v in self.settings.items()]
        for _ in range(5):  # a port taken between the look and the start: another one
            self.port = _free_port()
            try:
                self._run(
                    "pg_ctl",
                    "-D",
                    str(self.data),
                    "-l",
                    str(self.dir / "server.log"),
                    "-w",
                    "-t",
                    "60",
                    "-o",
                    " ".join([*options, f"-p {self.port}"]),
                    "start",
                )
                return
            except RuntimeError:
                time.sleep(0.2)
        raise RuntimeError((self.dir / "server.log").read_text()[-2000:])

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)

    # -- administration ------------------------------------------------------------------
    def admin(self, dbname: str = "postgres"):
        """A superuser connection over the socket (autocommit)."""
        import psycopg

        return psycopg.connect(
            host=str(self.dir), port=self.port, user="postgres", dbname=dbname, autocommit=True
        )

    def sql(self, statement: str, dbname: str = "postgres", params=None) -> list[tuple]:
        with self.admin(dbname) as conn:
            cur = conn.execute(statement, params)
            return cur.fetchall() if cur.description else []

    def create_role(self, name: str, password: str | None = None) -> str:
        from psycopg import sql

        password = password or secrets.token_urlsafe(12)
        with self.admin() as conn:
            conn.execute(
                sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(
                    sql.Identifier(name), sql.Literal(password)
                )
            )
        return password

    def create_database(self, name: str, owner: str) -> None:
        self.sql(f'CREATE DATABASE "{name}" OWNER "{owner}"')

    def url(
        self, user: str, password: str | None, dbname: str, *, tcp: bool = False, **query: str
    ) -> str:
        """A libpq URL for ``user`` (over TCP, or the socket given as ``host=``)."""
        auth = quote(user) + (f":{quote(password, safe='')}" if password is not None else "")
        params = dict(query)
        if tcp:
            where = f"127.0.0.1:{self.port}"
        else:
            where = ""
            params = {"host": str(self.dir), "port": str(self.port), **params}
        tail = "&".join(f"{k}={quote(v, safe='/')}" for k, v in params.items())
        return f"postgresql://{auth}@{where}/{dbname}" + (f"?{tail}" if tail else "")


def start_or_skip() -> Cluster:
    """A running cluster, or the test skipped with the reason none can run."""
    import pytest

    bindir, why = find_bindir()
    if bindir is None:
        pytest.skip(why)
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        pytest.skip("running as root, and no runuser to run PostgreSQL as the postgres user")
    return Cluster(bindir)
