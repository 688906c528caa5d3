"""Legacy import (SPEC 6): the project id of a directory the store does not
know is the one opencode has for it, or gives it when it first opens there
(its project record; a directory of one of its projects; the git
repository's cached id or root commit; ``global`` outside git), and the
import says which rule decided it. A changed file adds only the history
entries not imported yet."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core import legacy
from tests.factory import add_snapshot, connect
from tests.opencode_fixture import copy_fixture
from tests.test_legacy import V1, dump, rows, write_state
from tests.ui_support import run_async, settle

ALPHA = "09a5b575cf1dd75baa9d884ca52ed84b20c56c8c"
BETA = "68da4a745c786fbf0a6d3db0dccb74f7861aece8"


@pytest.fixture(autouse=True)
def _no_opencode_db(monkeypatch):
    monkeypatch.delenv("OPENCODE_DB", raising=False)


@pytest.fixture
def proj(tmp_path) -> Path:
    d = tmp_path / "proj"
    d.mkdir()
    return d


@pytest.fixture
def data(tmp_path) -> Path:
    """opencode's data dir as opencode 1.18.33 wrote it (the fixture), copied."""
    return copy_fixture(tmp_path / "opencode")


def set_worktree(data: Path, project_id: str, worktree: str, *, sandboxes=None) -> None:
    """Point one of opencode's project rows at a directory of this test."""
    conn = sqlite3.connect(data / "opencode.db")
    conn.execute("UPDATE project SET worktree = ? WHERE id = ?", (worktree, project_id))
    if sandboxes is not None:
        conn.execute(
            "UPDATE project SET sandboxes = ? WHERE id = ?", (json.dumps(sandboxes), project_id)
        )
    conn.commit()
    conn.close()


def set_tree_worktree(data: Path, project_id: str, worktree: str) -> None:
    file = data / "storage" / "project" / f"{project_id}.json"
    record = json.loads(file.read_text())
    record["worktree"] = worktree
    file.write_text(json.dumps(record))


GIT_ENV = {
    "GIT_AUTHOR_NAME": "Fixture",
    "GIT_AUTHOR_EMAIL": "fixture@example.invalid",
    "GIT_COMMITTER_NAME": "Fixture",
    "GIT_COMMITTER_EMAIL": "fixture@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(cwd: Path, *args: str, when: str = "2026-01-01T00:00:00Z") -> str:
    env = {**os.environ, **GIT_ENV, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    done = subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout.strip()


def repository(path: Path, *, commit: bool = True) -> str | None:
    """A git repository at ``path`` with one commit; its root commit."""
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    if not commit:
        return None
    (path / "README").write_text("x\n")
    git(path, "add", "README")
    git(path, "commit", "-q", "-m", "first")
    return git(path, "rev-list", "--max-parents=0", "HEAD")


# -- the project id -----------------------------------------------------------------------


def test_an_unknown_directory_gets_opencodes_project_id(service, store_path, proj, data):
    set_worktree(data, ALPHA, str(proj))
    write_state(proj, V1)

    plan = legacy.plan_import(service, proj, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == (ALPHA, "opencode-worktree")
    assert plan.created_project and "opencode's project for this directory" in plan.message

    outcome = legacy.import_legacy(service, proj, opencode_data=data)
    assert outcome.project_id == ALPHA and outcome.created_project
    assert outcome.import_id == f"legacy-import:{ALPHA}:{outcome.file.sha256}"
    assert "has it as worktree" in outcome.message
    assert rows(store_path, "SELECT id, directory FROM projects WHERE id = ?", ALPHA) == [
        (ALPHA, str(proj))
    ]
    assert rows(store_path, "SELECT project_id FROM sessions WHERE id = ?", f"legacy::{ALPHA}") == [
        (ALPHA,)
    ]
    assert rows(store_path, "SELECT count(*) FROM projects WHERE id LIKE 'dir-%'") == [(0,)]
    # The same file again is already imported, under the same id.
    assert legacy.import_legacy(service, proj, opencode_data=data).status == legacy.ALREADY


def test_undo_takes_back_exactly_what_an_opencode_id_import_created(
    service, store_path, proj, data
):
    pristine = dump(store_path)
    set_worktree(data, ALPHA, str(proj))
    write_state(proj, V1)
    outcome = legacy.import_legacy(service, proj, opencode_data=data)
    undone = legacy.undo_import(service, outcome.import_id)
    assert undone.deleted_project and undone.deleted_session
    assert dump(store_path) == pristine


def test_a_worktree_recorded_through_a_symlink_still_matches(service, proj, data, tmp_path):
    link = tmp_path / "link"
    link.symlink_to(proj, target_is_directory=True)
    set_worktree(data, BETA, str(link))  # opencode saw the link, we are given the real path
    write_state(proj, V1)
    assert legacy.plan_import(service, proj, opencode_data=data).project_id == BETA


def test_the_old_tree_project_records_are_used_too(service, proj, data):
    (data / "opencode.db").unlink()
    set_tree_worktree(data, BETA, str(proj))
    write_state(proj, V1)
    plan = legacy.plan_import(service, proj, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == (BETA, "opencode-worktree")
    assert "storage tree" in plan.message


def test_the_database_wins_over_the_tree(service, proj, data):
    set_worktree(data, ALPHA, str(proj))
    set_tree_worktree(data, BETA, str(proj))
    write_state(proj, V1)
    assert legacy.plan_import(service, proj, opencode_data=data).project_id == ALPHA


def test_a_sandbox_of_an_opencode_project_is_that_project(service, proj, data):
    set_worktree(data, ALPHA, "/elsewhere/main-checkout", sandboxes=[str(proj)])
    write_state(proj, V1)
    plan = legacy.plan_import(service, proj, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == (ALPHA, "opencode-sandbox")


def test_a_directory_the_store_knows_keeps_the_stores_project(service, store_path, proj, data):
    conn = connect(store_path)
    conn.execute(
        "INSERT INTO projects VALUES ('p9', ?, ?, '2026-01-01T00:00:00.000Z', "
        "'2026-01-01T00:00:00.000Z')",
        (str(proj), str(proj)),
    )
    conn.close()
    set_worktree(data, ALPHA, str(proj))
    write_state(proj, V1)
    plan = legacy.plan_import(service, proj, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == ("p9", "store")
    assert "into project p9 (the store's project for this directory)" in plan.message


def test_outside_git_and_unknown_to_opencode_is_global_and_says_so(service, proj, data):
    write_state(proj, V1)  # the fixture's projects live in /tmp/ocfix/work/...
    outcome = legacy.import_legacy(service, proj, opencode_data=data)
    assert (outcome.project_id, outcome.file.project_source) == ("global", "global")
    assert "opencode has no project for this directory" in outcome.message
    assert "not inside a git repository, so opencode files it under `global`" in outcome.message
    assert "dir-" not in outcome.message


# -- what opencode computes when it has no record ------------------------------------------


def test_a_git_repository_gets_its_root_commit(service, store_path, tmp_path, data):
    repo = tmp_path / "repo"
    root = repository(repo)
    write_state(repo, V1)
    outcome = legacy.import_legacy(service, repo, opencode_data=data)
    assert (outcome.project_id, outcome.file.project_source) == (root, "git-root-commit")
    assert rows(store_path, "SELECT id, directory FROM projects WHERE id = ?", root) == [
        (root, str(repo))
    ]
    assert rows(store_path, "SELECT count(*) FROM projects WHERE id LIKE 'dir-%'") == [(0,)]
    # opencode caches the id it computes; ckpt-tui only reads the cache.
    assert not (repo / ".git" / "opencode").exists()


def test_a_subdirectory_of_a_repository_is_the_repositorys_project(service, tmp_path, data):
    repo = tmp_path / "repo"
    root = repository(repo)
    sub = repo / "packages" / "web"
    sub.mkdir(parents=True)
    write_state(sub, V1)
    plan = legacy.plan_import(service, sub, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == (root, "git-root-commit")


def test_the_cached_id_in_dot_git_opencode_is_read_first(service, tmp_path, data):
    repo = tmp_path / "repo"
    repository(repo)
    (repo / ".git" / "opencode").write_text("cached-project-id\n")
    write_state(repo, V1)
    plan = legacy.plan_import(service, repo, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == ("cached-project-id", "git-cache")
    assert str(repo / ".git" / "opencode") in plan.message


def test_a_linked_worktree_is_its_repositorys_project(service, tmp_path, data):
    """In a linked worktree ``.git`` is a file: opencode reads the main
    worktree's cache, and else uses the root commit of the worktree's HEAD."""
    repo = tmp_path / "repo"
    root = repository(repo)
    linked = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", str(linked), "-b", "feature")
    assert (linked / ".git").is_file()
    write_state(linked, V1)
    plan = legacy.plan_import(service, linked, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == (root, "git-root-commit")
    assert f"the root commit of the git repository {repo}" in plan.message

    (repo / ".git" / "opencode").write_text("main-cache")
    plan = legacy.plan_import(service, linked, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == ("main-cache", "git-cache")


def test_of_several_root_commits_the_first_line_of_rev_list_is_the_id(service, tmp_path, data):
    """SPEC 6: the first line of `git rev-list --max-parents=0 HEAD`, not the
    smallest hash (the second root is remade until the two rules differ)."""
    for attempt in range(40):
        repo = tmp_path / f"repo{attempt}"
        repository(repo)
        git(repo, "checkout", "-q", "--orphan", "other")
        (repo / "OTHER").write_text("y\n")
        git(repo, "add", "OTHER")
        git(repo, "commit", "-q", "-m", f"second root {attempt}", when="2026-02-01T00:00:00Z")
        git(repo, "checkout", "-q", "main")
        git(repo, "merge", "-q", "--allow-unrelated-histories", "-m", "join", "other")
        roots = git(repo, "rev-list", "--max-parents=0", "HEAD").splitlines()
        assert len(roots) == 2
        if roots[0] != min(roots):
            break
    assert roots[0] != min(roots)
    write_state(repo, V1)
    assert legacy.plan_import(service, repo, opencode_data=data).project_id == roots[0]


def test_a_repository_without_a_commit_is_global(service, tmp_path, data):
    repo = tmp_path / "repo"
    repository(repo, commit=False)
    write_state(repo, V1)
    plan = legacy.plan_import(service, repo, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == ("global", "global")
    assert "has no commit yet" in plan.message


def test_without_git_installed_the_cache_or_global(service, tmp_path, data, monkeypatch):
    repo = tmp_path / "repo"
    repository(repo)
    write_state(repo, V1)
    monkeypatch.setenv("PATH", str(tmp_path / "no-bin"))
    plan = legacy.plan_import(service, repo, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == ("global", "global")
    assert "git is not installed" in plan.message
    (repo / ".git" / "opencode").write_text("cached")
    other = legacy.plan_import(service, repo, opencode_data=data)
    assert (other.project_id, other.file.project_source) == ("cached", "git-cache")


def test_a_subdirectory_of_a_worktree_opencode_knows_is_that_project(service, proj, data):
    set_worktree(data, ALPHA, str(proj))
    inner = proj / "services" / "api"
    inner.mkdir(parents=True)
    write_state(inner, V1)
    plan = legacy.plan_import(service, inner, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == (ALPHA, "opencode-subdirectory")
    assert f"inside {proj}" in plan.message


def test_a_repository_nested_in_a_known_worktree_has_its_own_id(service, proj, data):
    set_worktree(data, ALPHA, str(proj))
    nested = proj / "vendor" / "lib"
    root = repository(nested)
    write_state(nested, V1)
    plan = legacy.plan_import(service, nested, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == (root, "git-root-commit")


@pytest.mark.parametrize("content", ["bad\x1bid", "x" * 5000], ids=["escape", "5000-chars"])
def test_a_cached_id_the_store_cannot_hold_is_refused_in_one_line(
    service, store_path, tmp_path, data, content
):
    repo = tmp_path / "repo"
    repository(repo)
    (repo / ".git" / "opencode").write_text(content)
    write_state(repo, V1)
    before = dump(store_path)
    with pytest.raises(legacy.LegacyError, match="cannot be a project id") as err:
        legacy.import_legacy(service, repo, opencode_data=data)
    assert "\n" not in str(err.value) and len(str(err.value)) < 1000
    assert dump(store_path) == before
    # A scan still lists the file, saying why it cannot be imported as it is.
    [item] = legacy.scan(service, [repo], opencode_data=data).files
    assert item.project_id is None and "cannot be a project id" in item.project_note


def test_adopt_reaches_the_plugins_sessions_of_a_repository(service, tmp_path, data):
    """The plugin files the directory's sessions under opencode's id: the
    imported legacy state is in that project, so adopting it works."""
    from tests.factory import add_session

    repo = tmp_path / "repo"
    root = repository(repo)
    write_state(repo, V1)
    legacy.import_legacy(service, repo, opencode_data=data)
    conn = connect(service.store.path)
    add_session(conn, "ses_live", root, title="live")
    conn.close()
    plan = legacy.plan_adoption(service, root, "ses_live")
    outcome = service.apply(plan)
    assert service.current("ses_live").checkpoint.objective == V1["checkpoint"]["objective"]
    assert outcome.pre_restore is None or outcome.pre_restore.startswith("pre-restore-")


# -- ids an earlier ckpt-tui derived -----------------------------------------------------------


OLD = "dir-0123456789abcdef"


def test_an_import_under_a_derived_id_says_how_to_move_it(service, store_path, tmp_path, data):
    repo = tmp_path / "repo"
    root = repository(repo)
    write_state(repo, V1)
    old = legacy.import_legacy(service, repo, OLD, opencode_data=data)  # as earlier versions did
    assert old.project_id == OLD

    info = legacy.classify(service, repo, opencode_data=data)
    assert (info.status, info.project_id) == (legacy.ALREADY, OLD)
    assert f"the plugin files this directory under {root}" in info.project_note
    assert "undo that import" in info.project_note

    legacy.undo_import(service, old.import_id)
    again = legacy.import_legacy(service, repo, opencode_data=data)
    assert (again.project_id, again.file.project_source) == (root, "git-root-commit")
    assert rows(store_path, "SELECT count(*) FROM projects WHERE id = ?", OLD) == [(0,)]


def test_a_changed_file_goes_to_opencodes_id_not_the_derived_one(service, tmp_path, data):
    repo = tmp_path / "repo"
    root = repository(repo)
    path = write_state(repo, V1)
    legacy.import_legacy(service, repo, OLD, opencode_data=data)
    path.write_text(json.dumps(dict(V1, history=[])))
    plan = legacy.plan_import(service, repo, opencode_data=data)
    assert (plan.project_id, plan.file.project_source) == (root, "git-root-commit")
    assert f"the store also has project {OLD}" in plan.message


@contextlib.contextmanager
def locked(db: Path):
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def test_an_unreadable_opencode_refuses_rather_than_guessing(
    service, store_path, proj, data, monkeypatch
):
    """opencode.db is busy and the tree does not know the directory: an id
    derived now might differ from opencode's, so nothing is imported."""
    from ckpt_tui.opencode import OpencodeReader

    real = OpencodeReader.__init__

    def quick(self, *args, **kwargs):
        kwargs["busy_timeout_ms"] = 30
        real(self, *args, **kwargs)

    monkeypatch.setattr(OpencodeReader, "__init__", quick)
    set_worktree(data, ALPHA, str(proj))
    write_state(proj, V1)
    before = dump(store_path)
    with locked(data / "opencode.db"):
        plan = legacy.plan_import(service, proj, opencode_data=data)
        assert (plan.project_id, plan.file.project_source) == ("global", "global")
        assert "could not be read" in plan.file.project_note
        assert "its records may say otherwise" in plan.message
        with pytest.raises(legacy.LegacyError, match="cannot tell which project opencode has"):
            legacy.import_legacy(service, proj, opencode_data=data)
    assert dump(store_path) == before
    # Given explicitly, it imports.
    assert legacy.import_legacy(service, proj, ALPHA, opencode_data=data).status == "imported"


def test_scan_finds_legacy_files_in_opencodes_projects(service, proj, data):
    """A project last used before the plugin moved to SQLite is in opencode's
    records, not in the store: its legacy file is found all the same."""
    set_worktree(data, BETA, str(proj))
    write_state(proj, V1)
    report = legacy.scan(service, opencode_data=data)
    [item] = report.files
    assert (item.project_id, item.project_source, item.status) == (
        BETA,
        "opencode-worktree",
        "importable",
    )
    assert "opencode's project for this directory" in item.project_note


# -- command line -------------------------------------------------------------------------


def _import(store_path, capsys, *argv):
    code = main(["legacy", "import", *map(str, argv), "--db", str(store_path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_command_line_says_which_rule_decided_the_id(store_path, capsys, proj, data, tmp_path):
    set_worktree(data, ALPHA, str(proj))
    write_state(proj, V1)
    code, out, err = _import(store_path, capsys, proj, "--opencode-data", data, "--dry-run")
    assert code == 0, err
    assert f"into a new project {ALPHA}" in out
    assert "opencode's project for this directory" in out and "opencode.db" in out
    code, out, err = _import(
        store_path, capsys, proj, "--opencode-data", data, "--dry-run", "--json"
    )
    doc = json.loads(out)
    assert code == 0, err
    assert (doc["projectId"], doc["projectSource"]) == (ALPHA, "opencode-worktree")
    assert "has it as worktree" in doc["projectNote"]

    repo = tmp_path / "repo"
    root = repository(repo)
    write_state(repo, V1)
    code, out, err = _import(store_path, capsys, repo, "--opencode-data", data, "--dry-run")
    assert code == 0, err
    assert f"into a new project {root}" in out
    assert f"the root commit of the git repository {repo}" in out
    code, out, err = _import(store_path, capsys, repo, "--opencode-data", data, "--json")
    doc = json.loads(out)
    assert code == 0, err
    assert (doc["projectId"], doc["projectSource"]) == (root, "git-root-commit")
    assert "git rev-list --max-parents=0 HEAD" in doc["projectNote"]

    other = tmp_path / "other"
    other.mkdir()
    write_state(other, V1)
    code, out, err = _import(store_path, capsys, other, "--opencode-data", data, "--dry-run")
    assert code == 0 and "into a new project global" in out
    assert "not inside a git repository" in out
    code = main(["legacy", "scan", "--scan", str(other), "--db", str(store_path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    [line] = [ln for ln in out.splitlines() if str(other) in ln]
    assert line.split()[:3] == ["importable", "global", "global"]


# -- the app ----------------------------------------------------------------------------------


@run_async
async def test_the_app_imports_an_opencode_project_and_says_so(store_path, proj, data):
    from ckpt_tui.core.service import open_service
    from ckpt_tui.ui.app import CkptApp

    set_worktree(data, BETA, str(proj))
    write_state(proj, V1)
    app = CkptApp(open_service(store_path), poll=False, opencode_data=str(data))
    notes: list[str] = []
    async with app.run_test(size=(140, 40)) as pilot:
        real_notify = app.notify

        def notify(message, *args, **kwargs):
            notes.append(str(message))
            return real_notify(message, *args, **kwargs)

        app.notify = notify
        await settle(pilot)
        await pilot.press("L")
        await settle(pilot)
        assert [f.project_id for f in app.screen.files] == [BETA]
        await pilot.press("i")
        await settle(pilot)
        dialog = app.screen.body.plain
        assert "opencode's project for this directory" in dialog
        await pilot.press("y")
        await settle(pilot)
    assert any(BETA in n and "opencode's project for this directory" in n for n in notes), notes
    assert rows(store_path, "SELECT id FROM projects WHERE id = ?", BETA) == [(BETA,)]


# -- a changed file --------------------------------------------------------------------------


def _history(*entries):
    data = json.loads(json.dumps(V1))
    data["history"] = [
        {"name": name, "capturedAt": at, "checkpoint": cp} for name, at, cp in entries
    ]
    return data


A = ("a", "2025-03-01T10:00:00.000Z", {"objective": "start"})
B = ("b", 1740830400123, {"objective": "halfway"})
C = ("c", "2025-04-01T00:00:00Z", {"objective": "third"})


@pytest.fixture
def imported(service, proj):
    """``proj``'s legacy file with entries A and B, imported."""
    path = write_state(proj, _history(A, B))
    first = legacy.import_legacy(service, proj)
    assert [s["name"] for s in first.snapshots] == ["legacy-1", "legacy-2"]
    return path, first


def legacy_rows(db: Path, sid: str):
    return rows(
        db,
        "SELECT name, captured_at, payload FROM snapshots WHERE session_id = ? AND kind = 'legacy'"
        " ORDER BY name",
        sid,
    )


def test_one_new_entry_adds_one_snapshot(service, store_path, proj, imported):
    path, first = imported
    path.write_text(json.dumps(_history(A, B, C)))
    outcome = legacy.import_legacy(service, proj)
    assert [(s["name"], s["originalName"]) for s in outcome.snapshots] == [("legacy-3", "c")]
    assert outcome.skipped_entries == 2 and "2 history entries already in" in outcome.message
    assert len(legacy_rows(store_path, first.session_id)) == 3
    # The ledger row records what the import created, so undo takes back just that.
    undone = legacy.undo_import(service, outcome.import_id)
    assert undone.deleted_snapshots == 1
    assert [r[0] for r in legacy_rows(store_path, first.session_id)] == ["legacy-1", "legacy-2"]


def test_same_time_other_content_or_same_content_other_time_is_new(
    service, store_path, proj, imported
):
    path, first = imported
    changed_content = ("a2", A[1], {"objective": "start, reworded"})
    changed_time = ("b2", "2025-03-02T00:00:00.000Z", B[2])
    path.write_text(json.dumps(_history(A, B, changed_content, changed_time)))
    outcome = legacy.import_legacy(service, proj)
    assert [s["originalName"] for s in outcome.snapshots] == ["a2", "b2"]
    assert outcome.skipped_entries == 2


def test_a_repeated_entry_is_kept_as_often_as_the_file_repeats_it(service, proj, imported):
    path, _ = imported
    path.write_text(json.dumps(_history(A, B, A, A)))
    outcome = legacy.import_legacy(service, proj)
    assert [s["originalName"] for s in outcome.snapshots] == ["a", "a"]
    path.write_text(json.dumps(_history(A, B, A, A, B)))
    again = legacy.import_legacy(service, proj)
    assert [s["originalName"] for s in again.snapshots] == ["b"]


def test_a_file_with_nothing_new_writes_only_its_ledger_row(service, store_path, proj, imported):
    path, first = imported
    before = dump(store_path)
    # Same content, other bytes (indented): a new hash, nothing new in it.
    path.write_text(json.dumps(_history(A, B), indent=2))
    outcome = legacy.import_legacy(service, proj)
    assert outcome.status == "imported"
    assert outcome.snapshots == () and not outcome.checkpoint_changed
    assert outcome.skipped_entries == 2
    after = dump(store_path)
    assert {k: v for k, v in after.items() if k != "migrations"} == {
        k: v for k, v in before.items() if k != "migrations"
    }  # not even the session's updated_at moved
    assert len(after["migrations"]) == 2
    assert legacy.classify(service, proj).status == legacy.ALREADY
    legacy.undo_import(service, outcome.import_id)
    assert dump(store_path) == before


def test_entries_the_plugin_imported_count_as_already_there(service, store_path, proj):
    """The plugin may have imported the file itself (epoch-ms times, its own
    key order); the same entries are not added again."""
    conn = connect(store_path)
    conn.execute(
        "INSERT INTO projects VALUES ('p7', ?, ?, '2026-01-01T00:00:00.000Z', "
        "'2026-01-01T00:00:00.000Z')",
        (str(proj), str(proj)),
    )
    conn.execute(
        "INSERT INTO sessions (id, project_id, title, created_at, updated_at) VALUES "
        "('legacy::p7', 'p7', 'Legacy state', '2026-01-01T00:00:00.000Z', "
        "'2026-01-01T00:00:00.000Z')"
    )
    from ckpt_tui.core.model import Checkpoint

    payload = dict(reversed(list(Checkpoint.from_payload(A[2]).to_payload().items())))
    add_snapshot(
        conn, "legacy::p7", "p7", "legacy-1", payload, kind="legacy", at=1740823200000
    )  # A's time, as epoch milliseconds
    conn.close()
    write_state(proj, _history(A, B))
    outcome = legacy.import_legacy(service, proj)
    assert [(s["name"], s["originalName"]) for s in outcome.snapshots] == [("legacy-2", "b")]
    assert outcome.skipped_entries == 1
