"""A store we may read but not write (a mounted backup, a read-only folder).

A read-only SQLite open of a WAL file creates ``-wal`` and ``-shm`` beside it;
where it may not, SQLite answers "attempt to write a readonly database"
(a folder we may not write: SQLITE_READONLY_DIRECTORY) or "unable to open
database file" (a read-only mount: EROFS, SQLITE_CANTOPEN). Reads must work
there and writes say "read-only" in one line.

Tests run as root, and root writes through file modes, so three ways are
used to get there:

* in-process, a directory where SQLite would create ``checkpoints.db-wal``:
  its creation fails (EISDIR) for root too, as on a read-only mount; this
  takes the same path through the code as the real thing;
* a real read-only folder (mode 555), with the command run without the
  capabilities that let root ignore modes (``setpriv --bounding-set``) when
  we are root: exactly the error of the report;
* a real read-only bind mount in a private mount namespace (``unshare``),
  when the machine allows it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import ReadOnly
from ckpt_tui.store import Store
from tests.factory import basic_store, connect, new_store

READS = (
    ["list", "projects"],
    ["list", "snapshots", "s1"],
    ["show", "s1"],
    ["diff", "s1", "first", "second"],
    ["doctor"],
    ["search", "two"],
    ["__complete", "sessions"],
)


def fingerprint(path: Path) -> tuple:
    st = path.stat()
    return hashlib.sha256(path.read_bytes()).hexdigest(), st.st_mtime_ns


def no_side_files(path: Path) -> Path:
    """A closed WAL store: every page in the main file, no -wal, no -shm."""
    for suffix in ("-wal", "-shm"):
        assert not Path(f"{path}{suffix}").exists()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    return path


@pytest.fixture
def walled_store(tmp_path) -> Path:
    """A store beside which SQLite cannot create its ``-wal`` (see the top)."""
    path = no_side_files(basic_store(tmp_path / "checkpoints.db"))
    Path(f"{path}-wal").mkdir()
    return path


def test_store_reads_immutable_and_refuses_writes(walled_store):
    before = fingerprint(walled_store)
    svc = open_service(walled_store)
    try:
        store = svc.store
        assert store.immutable and not store.writable
        assert "read-only" in store.read_only_reason and "\n" not in store.read_only_reason
        assert svc.current("s1").checkpoint.objective == "start"
        assert svc.snapshots("s1").total == 2
        assert svc.compare("s1", "first", "second").diff.changed_names
        with pytest.raises(ReadOnly, match="read-only"):
            svc.snapshot_create("s1", "mine")
        with pytest.raises(ReadOnly, match="read-only"):
            svc.apply(svc.plan_restore("s1", "first"))
    finally:
        svc.close()
    assert fingerprint(walled_store) == before


def test_cli_reads_and_refuses_writes_in_one_line(walled_store, capsys):
    before = fingerprint(walled_store)
    db = ["--db", str(walled_store)]
    for argv in READS:
        assert main(argv + db) == 0, (argv, capsys.readouterr().err)
    capsys.readouterr()
    for argv in (["snapshot", "s1", "mine"], ["restore", "s1", "first"]):
        assert main(argv + db) == 1, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "read-only" in err, (argv, err)
    assert fingerprint(walled_store) == before


def test_first_screen_reads_it_too(walled_store):
    """The first frame's read opens the file as the store did."""
    svc = open_service(walled_store)
    try:
        first = svc.first_screen(limit=50)
        assert [r.id for r in first.sessions.rows] == ["s1"]
        assert first.snapshots.rows
    finally:
        svc.close()


def test_wal_holding_changes_is_never_read_immutable(tmp_path):
    """``immutable=1`` ignores the -wal: with changes in it, reading the main
    file alone would show old data, so the store says it cannot be read."""
    path = basic_store(tmp_path / "checkpoints.db")
    holder = connect(path)
    holder.execute("PRAGMA wal_autocheckpoint=0")
    holder.execute("UPDATE checkpoints SET objective='only in the wal'")
    copy = tmp_path / "copy"
    copy.mkdir()
    for suffix in ("", "-wal"):  # a copy of the main file and its -wal, no -shm
        shutil.copy(f"{path}{suffix}", copy / f"checkpoints.db{suffix}")
    holder.close()
    Path(copy / "checkpoints.db-shm").mkdir()  # and no -shm can be made
    try:
        store = Store(copy / "checkpoints.db")
    except Exception as exc:  # noqa: BLE001 - either refusal is right: one line
        assert "\n" not in str(exc)
    else:
        try:
            with store.read() as conn:
                objective = conn.conn.execute("SELECT objective FROM checkpoints").fetchone()[0]
            assert objective == "only in the wal" and not store.immutable
        finally:
            store.close()


# -- the real thing, in a child process ---------------------------------------------------


def run_cli(argv: list[str], prefix: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*prefix, sys.executable, "-m", "ckpt_tui", *argv],
        capture_output=True,
        text=True,
        timeout=120,
    )


def check_child(db: Path, prefix: list[str], expected_failure: str) -> None:
    """Without our fix, a plain read fails as the report says; with it,
    reads work and writes say read-only in one line."""
    conn = subprocess.run(
        [*prefix, sys.executable, "-c",
         "import sqlite3, sys\n"
         "c = sqlite3.connect(f'file:{sys.argv[1]}?mode=ro', uri=True)\n"
         "c.execute('SELECT count(*) FROM snapshots').fetchone()",
         str(db)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    if expected_failure not in conn.stderr:
        pytest.skip(f"this machine does not refuse the side files here: {conn.stderr[-200:]}")
    for argv in READS:
        done = run_cli([*argv, "--db", str(db)], prefix)
        assert done.returncode == 0, (argv, done.stderr)
        assert "readonly" not in done.stdout + done.stderr
    done = run_cli(["list", "sessions", "--db", str(db)], prefix)
    assert "s1" in done.stdout
    done = run_cli(["snapshot", "s1", "mine", "--db", str(db)], prefix)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "read-only" in done.stderr, done.stderr


def test_real_read_only_folder(tmp_path):
    folder = tmp_path / "backup"
    path = no_side_files(basic_store(folder / "checkpoints.db"))
    before = fingerprint(path)
    prefix: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("root ignores file modes and setpriv is not there to drop that")
        prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search"]
    folder.chmod(0o555)
    try:
        check_child(path, prefix, "attempt to write a readonly database")
    finally:
        folder.chmod(0o755)
    assert fingerprint(path) == before
    assert sorted(p.name for p in folder.iterdir()) == ["checkpoints.db"]


def test_real_read_only_mount(tmp_path):
    folder = tmp_path / "mounted"
    path = no_side_files(basic_store(folder / "checkpoints.db"))
    before = fingerprint(path)
    unshare = shutil.which("unshare")
    probe = subprocess.run(
        [unshare or "unshare", "--mount", "--map-root-user", "true"], capture_output=True
    ) if unshare else None  # fmt: skip
    if probe is None or probe.returncode != 0:
        pytest.skip("no private mount namespace here")
    # A shell in a private mount namespace mounts the folder read-only over
    # itself, then runs the command given to it.
    prefix = [
        unshare, "--mount", "--map-root-user", "sh", "-c",
        f'mount --bind -o ro "{folder}" "{folder}" && exec "$@"', "sh",
    ]  # fmt: skip
    check_child(path, prefix, "unable to open database file")
    assert fingerprint(path) == before
    assert sorted(p.name for p in folder.iterdir()) == ["checkpoints.db"]


def test_a_read_only_store_file_is_read_without_leaving_side_files(tmp_path, capsys):
    """Reading a store file nobody may write (mode 0444) leaves no ``-wal``
    or ``-shm`` beside it: SQLite would make them with the file's mode, and
    once the file is writable again the plugin's next save fails on the
    read-only ``-shm`` ("attempt to write a readonly database")."""
    path = no_side_files(basic_store(tmp_path / "checkpoints.db"))
    path.chmod(0o444)
    try:
        before = fingerprint(path)
        for argv in READS:
            assert main([*argv, "--db", str(path)]) == 0, (argv, capsys.readouterr().err)
        svc = open_service(path)
        try:
            assert svc.first_screen(summaries=2).snapshots.rows
            assert svc.store.change_token() is not None
            assert svc.store.read_only_reason == "the store file is read-only"
        finally:
            svc.close()
        assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("checkpoints")) == [
            "checkpoints.db"
        ]
        assert fingerprint(path) == before
    finally:
        path.chmod(0o644)
    # writable again: the plugin's save goes through, and reads follow it
    conn = connect(path)
    conn.execute("UPDATE checkpoints SET objective = 'after'")
    conn.close()
    svc = open_service(path)
    try:
        assert svc.current("s1").checkpoint.objective == "after" and svc.store.writable
    finally:
        svc.close()


def test_migrate_refuses_in_one_line(tmp_path, capsys):
    path = no_side_files(new_store(tmp_path / "checkpoints.db", version=1))
    Path(f"{path}-wal").mkdir()
    before = fingerprint(path)
    assert main(["migrate", "--db", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "read-only" in err, err
    assert fingerprint(path) == before
    assert not list(tmp_path.glob("*backup*"))
