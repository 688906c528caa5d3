"""The command line's help: every argument explained, no internal references,
nothing wrapped mid-word, and a mistyped command lists the real ones."""

from __future__ import annotations

import argparse

import pytest

from ckpt_tui.cli.main import build_parser, main


def _parsers(parser: argparse.ArgumentParser, path: str = "ckpt-tui"):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, f"{path} {name}")


def _commands(parser: argparse.ArgumentParser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {c.dest: c.help for c in action._choices_actions}
            yield from ((name, helps.get(name)) for name in action.choices)


ALL = list(_parsers(build_parser()))


@pytest.mark.parametrize("path,parser", ALL, ids=[p for p, _ in ALL])
def test_every_argument_and_command_has_help(path, parser):
    missing = [
        "/".join(a.option_strings) or a.dest
        for a in parser._actions
        if not isinstance(a, argparse._SubParsersAction) and not a.help
    ]
    missing += [name for name, text in _commands(parser) if not text]
    assert missing == [], f"{path}: no help for {missing}"


@pytest.mark.parametrize("path,parser", ALL, ids=[p for p, _ in ALL])
def test_placeholders_are_upper_case_names(path, parser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.nargs == 0:
            continue
        shown = action.metavar or (action.dest if not action.option_strings else None)
        if shown is None or action.choices:
            continue
        assert shown == shown.upper() and shown.replace("_", "").isalpha(), (path, shown)


def _help(path: str, columns: int, monkeypatch) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    parser = dict(_parsers(build_parser()))[path]
    return parser.format_help()


@pytest.mark.parametrize("path", [p for p, _ in ALL])
def test_help_has_no_internal_references_and_never_breaks_a_word(path, monkeypatch):
    wide = _help(path, 1000, monkeypatch)
    narrow = _help(path, 60, monkeypatch)
    assert "SPEC" not in wide
    # A word broken by the wrapping shows up as pieces that are no word of
    # the unwrapped text.
    pieces = set(narrow.split()) - set(wide.split())
    assert pieces == set(), f"{path}: wrapped mid-word: {sorted(pieces)}"


@pytest.mark.parametrize("argv", [["bogus"], ["--db", "x.db", "bogus"], ["--read-only", "lst"]])
def test_an_unknown_command_lists_the_real_ones(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "choose from )" not in err
    for word in ("'list'", "'restore'", "'completion'", "'config'"):
        assert word in err


def test_json_without_a_command_is_still_a_usage_error(capsys):
    assert main(["--json"]) == 2
    assert "--json needs a COMMAND" in capsys.readouterr().err
