"""``ckpt-tui report``: Markdown and one-file HTML, hostile text kept as text."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ckpt_tui.cli.main import main as cli_main
from ckpt_tui.core import report, report_formats
from ckpt_tui.core.reads import open_reader
from tests.factory import PluginWriter, add_snapshot, basic_store, connect

HOSTILE = [
    "<script>alert('x')</script>",
    "[bold red]rich[/bold red] [link](javascript:alert(1))",
    "\x1b[31mred\x1b[0m \u202eevil",
    "a | b | c",
    "# not a heading",
    "1. not a list",
]
BIG = "x" * 10 * 1024 * 1024


@pytest.fixture(scope="module")
def hostile_store(tmp_path_factory) -> Path:
    """One store for the tests below, which only read it: saving its 10 MB
    notes three times costs ~0.4 CPU-s."""
    db = basic_store(tmp_path_factory.mktemp("hostile") / "c.db")
    writer = PluginWriter(db)
    writer.save("s1", status="in_progress", nextSteps=HOSTILE, summary="<b>bold</b>\nline two")
    writer.save("s1", status="blocked", blockers=["<img src=x onerror=alert(1)>"], notes=BIG)
    writer.save("s1", completedSteps=HOSTILE[:2], nextSteps=HOSTILE[2:])
    return db


def build(db: Path) -> report.Report:
    return report.build(open_reader(db), "s1")


@pytest.fixture(scope="module")
def hostile_report(hostile_store) -> report.Report:
    """The hostile store's report, built once (reading the 10 MB notes costs ~0.4 CPU-s)."""
    return build(hostile_store)


def test_markdown_escapes_and_cuts(hostile_report):
    text = report_formats.markdown(hostile_report)
    assert len(text) < 100_000  # the 10 MB notes are cut
    assert "cut: 10,485,760 characters in all" in text
    assert "<script" not in text and "<img" not in text and "<b>" not in text
    assert "&lt;script&gt;" in text
    assert "\x1b" not in text and "\u202e" not in text
    assert r"\\x1b\[31m" in text and r"\\u202e" in text  # shown, escaped for Markdown
    assert "\\[bold red\\]" in text and "\\[link\\](javascript" in text
    assert "\n# not" not in text and "\\# not a heading" in text
    assert "1\\. not a list" in text
    # every row of the timeline table has its 9 cell borders: no "|" from the store splits one
    rows = [line for line in text.splitlines() if line.startswith("| ") and "UTC" not in line]
    timeline = [r for r in rows if re.match(r"\| \d+ \|", r)]
    assert timeline and all(len(re.findall(r"(?<!\\)\|", r)) == 9 for r in timeline)
    assert "Status: in progress → blocked" in text  # a change, in order


def test_html_is_one_escaped_file(hostile_report):
    page = report_formats.html(hostile_report)
    lowered = page.lower()
    assert "<script" not in lowered and "<img" not in lowered
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "&lt;script&gt;" in page
    # self-contained: no tag loads anything, no style fetches anything
    tags = re.findall(r"<[^>]*>", page)
    assert not [t for t in tags if re.search(r"\s(src|href|srcset|action)=", t, re.I)]
    for needle in ("<link", "@import", "url(", "<iframe", "<object", "<embed"):
        assert needle not in lowered, needle
    assert "\x1b" not in page and "\\x1b[31m" in page
    assert len(page) < 200_000 and "cut: 10,485,760 characters in all" in page
    assert page.count("<svg") == 1 and "<polyline" in page


def test_demo_session_marks_and_cost(tmp_path):
    from ckpt_tui.core.activity import Activity
    from ckpt_tui.core.demo import build_demo

    paths = build_demo(tmp_path / "demo", seed=7)
    made = report.build(
        open_reader(paths["db"]), "ses_acme_api_01", Activity.load(paths["opencode"])
    )
    labels = [m.label for m in made.timeline.marks]
    assert labels == ["manual: before-refactor", "restore of before-refactor", "undo (or restore)"]
    md = report_formats.markdown(made)
    assert "restore of before\\-refactor" in md or "restore of before-refactor" in md
    assert "**Cost:** $0.0444" in md
    page = report_formats.html(made)
    assert ">R</text>" in page and ">U</text>" in page and ">M</text>" in page


def test_command_writes_md_and_html(hostile_store, tmp_path, capsys):
    assert cli_main(["report", "s1", "--db", str(hostile_store)]) == 0
    assert capsys.readouterr().out.startswith("# Session report: ")
    out = tmp_path / "r.html"
    assert (
        cli_main(["report", "s1", "--db", str(hostile_store), "--format", "html", "-o", str(out)])
        == 0
    )
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert cli_main(["report", "nope", "--db", str(hostile_store)]) != 0
    assert "no such session" in capsys.readouterr().err


def test_a_session_without_snapshots(tmp_path):
    db = basic_store(tmp_path / "c.db")
    conn = connect(db)
    conn.execute("DELETE FROM snapshots")
    add_snapshot(conn, "s1", "p1", "broken", "{not json")
    conn.close()
    made = build(db)
    assert made.timeline.points[0].status is None  # damaged: no figures, no failure
    assert "damaged" in report_formats.markdown(made)
    report_formats.html(made)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
def test_html_renders_in_headless_chromium(hostile_report, tmp_path):
    """The page opens in a browser that may load nothing and run nothing,
    and what it draws is a picture of the report (not an error page)."""
    page = tmp_path / "r.html"
    page.write_text(report_formats.html(hostile_report), encoding="utf-8")
    shot = tmp_path / "r.png"
    done = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--screenshot={shot}",
            "--window-size=1000,1400",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shot.is_file(), done.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
