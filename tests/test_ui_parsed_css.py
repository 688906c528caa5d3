"""The CSS the first frame needs, parsed at one launch and read back at the
next (``ui/parsed_css.py``; issue 12: the first frame). The rules read back
must be Textual's, for the CSS and theme of now."""

from __future__ import annotations

import pickle

import textual.css.stylesheet as textual_stylesheet
from textual.css.stylesheet import Stylesheet

from ckpt_tui import paths
from ckpt_tui.ui import parsed_css
from ckpt_tui.ui.app import CkptApp
from tests.ui_support import demo_db, make_app, run_async, settle


def described(rules) -> list[tuple]:
    """What a parse gave, comparable (``RuleSet.css`` fails on some of
    Textual's own rules)."""
    return [
        (rule.selectors, repr(rule.styles.get_rules()), rule.is_default_rules, rule.tie_breaker)
        for rule in rules
    ]


def kept_file():
    return paths.cache_dir() / parsed_css.FILE_NAME


async def launch(db, monkeypatch) -> tuple[int, str, list[str]]:
    """A launch: Textual's parses up to the first frame, the screen, and
    the rules of the app's stylesheet."""
    parses: list[object] = []
    at_first_frame: list[int] = []
    parse = textual_stylesheet.parse
    after_first_frame = CkptApp._after_first_frame

    def counted(*args, **kwargs):
        parses.append(args[1])
        return parse(*args, **kwargs)

    def first_frame(app):
        at_first_frame.append(len(parses))
        after_first_frame(app)

    monkeypatch.setattr(textual_stylesheet, "parse", counted)
    monkeypatch.setattr(CkptApp, "_after_first_frame", first_frame)
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        rules = described(app.stylesheet.rules)
        shown = app.export_screenshot()
    monkeypatch.setattr(textual_stylesheet, "parse", parse)
    monkeypatch.setattr(CkptApp, "_after_first_frame", after_first_frame)
    return at_first_frame[0], shown, rules


@run_async
async def test_the_next_launch_reads_the_rules_back_instead_of_parsing(monkeypatch):
    db = demo_db("parsed-css")
    assert not kept_file().exists()
    parsed, shown, rules = await launch(db, monkeypatch)
    assert parsed > 10 and kept_file().exists()  # parsed by Textual, then kept
    again, shown_again, rules_again = await launch(db, monkeypatch)
    assert again == 0  # nothing the first frame needs was parsed
    assert rules_again == rules and shown_again == shown


@run_async
async def test_a_damaged_or_foreign_file_is_parsed_anew_and_replaced(monkeypatch):
    db = demo_db("parsed-css-damaged")
    _parsed, shown, rules = await launch(db, monkeypatch)
    install, kept = pickle.loads(kept_file().read_bytes())
    for content in (
        b"not a pickle",
        pickle.dumps((install[:-1] + (install[-1] + 1,), kept)),  # another Textual
        pickle.dumps(["a list"]),
    ):
        kept_file().write_bytes(content)
        parsed, shown_now, rules_now = await launch(db, monkeypatch)
        assert parsed > 10 and shown_now == shown and rules_now == rules
        assert pickle.loads(kept_file().read_bytes())[0] == install  # written again


def test_rules_are_kept_per_theme_and_text(tmp_path):
    """The variables (the theme's colours) and the text are part of the key:
    other colours, or other CSS, are Textual's own parse of them."""
    css = "Label { color: $accent; background: $panel; }"
    key = (css, ("here", "Label.DEFAULT_CSS"), True, 0, "")
    first = parsed_css.ParsedCss(tmp_path / "p")
    dark = Stylesheet(variables={"accent": "#ff0000", "panel": "#000000"})
    light = Stylesheet(variables={"accent": "#00ff00", "panel": "#ffffff"})
    for stylesheet in (dark, light):
        first.rules(stylesheet, key)
    first.write()
    again = parsed_css.ParsedCss.load(tmp_path / "p")
    assert not again.new
    for stylesheet in (dark, light):
        rules = again.rules(stylesheet, key)
        textual_own = parsed_css._textual_parse_rules(stylesheet, *key)
        assert described(rules) == described(textual_own)
    assert not again.new  # both read back
    assert described(again.rules(light, key)) != described(again.rules(dark, key))
    other = (css.replace("$panel", "red"), *key[1:])
    assert described(again.rules(dark, other)) != described(again.rules(dark, key))
    assert again.new
