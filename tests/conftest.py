from __future__ import annotations

import atexit
import gc
import os
import shutil
import subprocess
import sys
import tempfile

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from tests.archive_support import archive, archive_db, no_pg_env  # noqa: F401 - fixtures
from tests.examples import DEEP
from tests.factory import basic_store

# Nothing of hypothesis's in the directory pytest runs from (a checkout, an
# unpacked sdist): no example database, and its caches (constants, Unicode
# tables) in a temporary directory of this run, removed at its end. The
# xdist workers (and any pytest a test starts) share the directory made by
# the process that started them: each would otherwise parse every module of
# the app and the tests again for hypothesis's constants (~1 CPU-s a worker).
# A deep run (CKPT_TUI_DEEP=1, ``tests/examples.py``) draws more examples,
# also in the tests that name no count.
settings.register_profile("ckpt-tui", database=None)
settings.register_profile("ckpt-tui-deep", database=None, max_examples=500)
settings.load_profile("ckpt-tui-deep" if DEEP else "ckpt-tui")
_SHARED_HYPOTHESIS_HOME = "CKPT_TUI_TEST_HYPOTHESIS_HOME"
_HYPOTHESIS_HOME = os.environ.get(_SHARED_HYPOTHESIS_HOME, "")
if not os.path.isdir(_HYPOTHESIS_HOME):
    _HYPOTHESIS_HOME = tempfile.mkdtemp(prefix="ckpt-tui-hypothesis-")
    os.environ[_SHARED_HYPOTHESIS_HOME] = _HYPOTHESIS_HOME
    atexit.register(shutil.rmtree, _HYPOTHESIS_HOME, ignore_errors=True)
set_hypothesis_home_dir(_HYPOTHESIS_HOME)


def pytest_collection_finish(session):
    """Python's cyclic collector tuned for a process that runs hundreds of
    Textual apps one after another (each xdist worker, or a plain run).

    Textual's bounded caches (rendered strips, style caches) keep a couple of
    hundred thousand objects alive between tests, and a UI test allocates
    millions more: with the default thresholds (700, 10, 10), test_ui_keys
    and test_summaries in one process made 23 full collections, each
    walking everything alive. What exists once every test module is
    imported (Textual, the app, the tests) lives as long as the process, so
    it is frozen out of the collector's walks; and the youngest generation
    is collected every 50 000 net allocations instead of 700 (8 full
    collections there). The UI tests' CPU fell by about a sixth; garbage
    with cycles (an app that has exited) is still freed, and a worker's
    peak memory is what it was (at most ~550 MB over the whole suite).
    The app's own use of the collector (paused at launch, frozen after the
    first frame: ``ui/launch.py``) is tested in ``test_ui_launch.py``."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


@pytest.fixture(autouse=True)
def _isolated(tmp_path_factory, monkeypatch):
    """No test touches the user's real config, cache or store."""
    home = tmp_path_factory.mktemp("ckpt-home")
    # A fresh home per test: what a test makes under ``~`` is its own, and the
    # app shows it as ``~/...`` (the snapshot SVGs depend on no temporary path).
    monkeypatch.setenv("HOME", str(home / "home"))
    (home / "home").mkdir()
    monkeypatch.setenv("CKPT_TUI_CONFIG", str(home / "config"))
    monkeypatch.setenv("CKPT_TUI_STATE", str(home / "state"))
    monkeypatch.setenv("CKPT_TUI_CACHE", str(home / "cache"))
    monkeypatch.setenv("CKPT_OPENCODE_DATA", str(home / "opencode-data"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    # platformdirs' own defaults (the former journal place among them) on Linux
    for name in ("XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
    monkeypatch.delenv("CKPT_DB", raising=False)
    monkeypatch.delenv("CKPT_TUI_LOG", raising=False)
    # `y` must not reach the real clipboard or tmux from a test
    for name in ("TMUX", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(autouse=True)
def _ui_test_again_with_the_hooks_off(request):
    """The UI tests (``tests/test_ui_*.py``) must pass with every hook of
    ``ui/textual_compat.py`` switched off (``CKPT_TUI_TEXTUAL_COMPAT=off``):
    the app must not need them.

    A hook asks ``textual_compat.enabled()`` when, and only when, it is about
    to act; off, it does what Textual does by default. So a UI test in which
    no hook asked ran exactly as it runs with the hooks off: its pass is the
    pass with the hooks off. One in which a hook asked is run again here, in
    a fresh ``pytest`` with every hook off, and must pass there too (run once
    more if it fails, so one that fails now and then whatever the hooks, a
    race of its own, does not count). A process the test starts (whose hooks
    cannot be seen from here) runs with the hooks off."""
    if not request.node.path.name.startswith("test_ui_"):
        yield
        return
    from ckpt_tui.ui import textual_compat

    if not textual_compat.enabled():  # this is the run with the hooks off
        yield
        return
    asked: list[bool] = []
    really_enabled = textual_compat.enabled

    def enabled() -> bool:
        asked.append(True)
        return really_enabled()

    class Popen(subprocess.Popen):
        def __init__(self, *args, env=None, **kwargs):
            env = {**(os.environ if env is None else env), textual_compat.SWITCH: "off"}
            super().__init__(*args, env=env, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(textual_compat, "enabled", enabled)
        patch.setattr(subprocess, "Popen", Popen)
        yield
    if not asked:
        return
    env = dict(os.environ, **{textual_compat.SWITCH: "off"})
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", request.node.nodeid]
    for _ in range(2):
        result = subprocess.run(
            command, cwd=request.config.rootpath, env=env, capture_output=True, text=True
        )
        if result.returncode == 0:
            return
    pytest.fail(
        f"{request.node.nodeid} fails with every hook of ui/textual_compat.py off "
        f"({textual_compat.SWITCH}=off; run again so as a hook acted in it):\n"
        + result.stdout[-4000:]
        + result.stderr[-2000:]
    )


@pytest.fixture(scope="session")
def pg_cluster():
    """One throwaway PostgreSQL cluster per test session (``tests/pg_cluster.py``);
    the archive's tests are skipped, saying why, when none can be started."""
    from tests.pg_cluster import start_or_skip

    cluster = start_or_skip()
    yield cluster
    cluster.stop()


@pytest.fixture
def frozen_clock():
    """Fixes ``timeutil.clock`` for the test: ``frozen_clock(iso)``."""
    from ckpt_tui import timeutil

    stack = []

    def fix(iso: str) -> None:
        moment = timeutil.parse(iso)
        assert moment is not None, iso
        block = timeutil.clock.fixed(moment)
        block.__enter__()
        stack.append(block)

    yield fix
    while stack:
        stack.pop().__exit__(None, None, None)


@pytest.fixture
def store_path(tmp_path):
    return basic_store(tmp_path / "checkpoints.db")


@pytest.fixture
def service(store_path):
    from ckpt_tui.core.service import open_service

    svc = open_service(store_path)
    yield svc
    svc.close()


@pytest.fixture
def cli(store_path, capsys):
    """``cli(*argv)`` -> (exit status, stdout, stderr) of ``ckpt-tui ARGV --db STORE``."""
    from ckpt_tui.cli.main import main

    def run(*argv):
        code = main([*argv, "--db", str(store_path)])
        out = capsys.readouterr()
        return code, out.out, out.err

    return run
