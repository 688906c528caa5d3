"""The package as pip builds it: the sdist and wheel made by the build
backend (offline: hatchling is in the dev group), checked for what a person
installing or reading them needs."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HATCHLING = Path(sys.executable).with_name("hatchling")


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """(sdist, wheel) built from a copy of the checkout's tracked files, so
    the build sees what a clean clone holds."""
    if not HATCHLING.exists():
        pytest.skip("hatchling is not installed (make install puts it in the venv)")
    base = tmp_path_factory.mktemp("build")
    tree = base / "tree"
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, files):
        source = ROOT / name.decode()
        if source.is_file():
            target = tree / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    dist = base / "dist"
    subprocess.run(
        [str(HATCHLING), "build", "-t", "sdist", "-t", "wheel", "-d", str(dist)],
        cwd=tree,
        capture_output=True,
        check=True,
    )
    before = set(files)
    after = set(
        subprocess.run(
            ["git", "ls-files", "-z", "--others", "--cached", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.split(b"\0")
    )
    assert after == before, "the build wrote into the checkout"
    assert not (tree / "build").exists() and not list(tree.rglob("*.egg-info"))
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    return sdist, wheel


def test_the_sdist_holds_every_image_the_readme_shows(built):
    sdist, _ = built
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        top = tar.getnames()[0].split("/", 1)[0]
        readme = tar.extractfile(f"{top}/README.md")
        text = readme.read().decode("utf-8")
    images = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text)
    assert images, "the README shows no image: this test checks nothing"
    missing = [i for i in images if not i.startswith(("http:", "https:")) and i not in names]
    assert missing == []
    # `make screenshots` runs from an unpacked sdist too
    assert "screenshots/make_screenshots.py" in names
    assert "setup.py" not in names and "setup.cfg" not in names and "MANIFEST.in" not in names


def test_the_wheel_ships_the_app_but_not_the_sql_generator(built):
    _, wheel = built
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
        metadata = whl.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "ckpt_tui/cli/main.py" in names
    assert not [n for n in names if n.endswith("gen_sql.py")]
    assert not [n for n in names if n.startswith(("tests/", "bench/"))]
    assert "License-Expression: MIT" in metadata
    # dev tools are a dependency group, not an extra a user can install
    assert "Provides-Extra: dev" not in metadata


def test_dependency_bounds():
    deps = {re.split(r"[<>=\s]", d, maxsplit=1)[0].lower(): d for d in _pyproject()["project"]["dependencies"]}
    assert deps["rich"].replace(" ", "") == "rich>=15,<16"
    low = re.search(r">=([\d.]+)", deps["sqlalchemy"]).group(1)
    assert tuple(map(int, low.split("."))) >= (2, 0, 31)  # 2.0.30 does not import on 3.13
    for spec in deps.values():  # test-min pins each lower bound
        assert re.search(r">=[\d.]+", spec) and "<" in spec, spec
    assert "dev" in _pyproject()["dependency-groups"]
    assert "dev" not in _pyproject()["project"].get("optional-dependencies", {})


def test_hypothesis_writes_nothing_where_pytest_runs():
    """Otherwise `.hypothesis/` (examples, constants, Unicode tables) appears
    in whatever directory pytest runs from."""
    from hypothesis import settings
    from hypothesis.configuration import storage_directory

    assert settings().database is None
    home = storage_directory("constants", intent_to_write=False).home_directory.resolve()
    assert not home.is_relative_to(Path.cwd().resolve()) and not home.is_relative_to(ROOT)


def test_the_makefile_has_the_targets_people_run():
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z-]+):", text, re.M))
    assert {"install", "test", "test-min", "lint", "sql", "demo", "run", "screenshots", "bench", "clean"} <= targets
    assert "--group dev" in text
