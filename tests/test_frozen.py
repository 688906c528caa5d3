"""``ckpt_tui.frozen``: records that behave as dataclasses do, without the
``exec()`` per class that made the first frame's records cost 4 ms of
start-up (issue 12: the first frame at most 1.3x a minimal app's)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from dataclasses import dataclass, field

import pytest

from ckpt_tui.core.config import Config
from ckpt_tui.core.plans import Outcome, Step
from ckpt_tui.frozen import Factory, Frozen, Record, replace


@dataclass(frozen=True)
class _DataFrozen:
    name: str
    count: int = 0
    tags: dict = field(default_factory=dict)


class _OurFrozen(Frozen):
    name: str
    count: int = 0
    tags: dict = Factory(dict)


@dataclass
class _DataRecord:
    name: str
    count: int = 0


class _OurRecord(Record):
    name: str
    count: int = 0


def _same_repr(ours, theirs) -> bool:
    return repr(ours).split("(", 1)[1] == repr(theirs).split("(", 1)[1]


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [(("a",), {}), (("a", 2), {}), ((), {"name": "a", "tags": {"k": 1}}), (("a",), {"count": 3})],
)
def test_a_frozen_record_is_made_equal_and_shown_as_a_frozen_dataclass(args, kwargs):
    ours, theirs = _OurFrozen(*args, **kwargs), _DataFrozen(*args, **kwargs)
    assert (ours.name, ours.count, ours.tags) == (theirs.name, theirs.count, theirs.tags)
    assert _same_repr(ours, theirs)
    assert ours == _OurFrozen(*args, **kwargs)
    assert ours != _OurFrozen("other")
    assert ours != theirs  # another class, as two dataclasses
    with pytest.raises(AttributeError):
        ours.name = "b"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del ours.count


def test_hash_defaults_and_replace_as_dataclasses_give_them():
    assert hash(_OurFrozen("a", 1, ())) == hash(_OurFrozen("a", 1, ()))
    with pytest.raises(TypeError):
        hash(_OurFrozen("a"))  # a dict field: unhashable, as the dataclass
    one, two = _OurFrozen("a"), _OurFrozen("a")
    assert one.tags == {} and one.tags is not two.tags  # a fresh default each time
    assert "tags" not in _OurFrozen.__dict__ and _OurFrozen.count == 0
    changed = replace(one, count=5)
    assert changed == _OurFrozen("a", 5) and one.count == 0
    assert replace(_DataFrozen("a"), count=5) == _DataFrozen("a", 5)  # a dataclass still works
    with pytest.raises(TypeError):
        replace(one, size=1)


def test_wrong_arguments_are_type_errors_as_for_a_dataclass():
    for args, kwargs in [((), {}), (("a", 1, {}, 4), {}), (("a",), {"name": "b"}), ((), {"x": 1})]:
        with pytest.raises(TypeError):
            _DataFrozen(*args, **kwargs)
        with pytest.raises(TypeError):
            _OurFrozen(*args, **kwargs)


def test_a_record_is_assignable_and_unhashable_as_a_dataclass():
    ours, theirs = _OurRecord("a"), _DataRecord("a")
    ours.count = theirs.count = 4
    assert _same_repr(ours, theirs) and ours == _OurRecord("a", 4)
    with pytest.raises(TypeError):
        hash(ours)
    with pytest.raises(TypeError):
        hash(theirs)


def test_the_apps_records_keep_their_dataclass_behaviour():
    config = Config()
    assert config.keymap == {} and config.keymap is not Config().keymap
    assert replace(config, theme="x") == Config(theme="x")
    assert repr(Config(history_limit=3)).startswith("Config(history_limit=3, preview_undo=False")
    out = Outcome(Step.RESTORE, "s1", "done", True)
    assert out.warned("w") == replace(out, message="done. Warning: w", warning="w")
    assert hash(out) == hash(Outcome(Step.RESTORE, "s1", "done", True))


def test_no_record_on_the_first_frames_path_is_a_dataclass():
    """Everything the app imports before its first frame (``ui.launch``
    runs it; ``ui.app`` holds the screens and flows) makes its records
    without ``dataclasses``."""
    code = (
        "import sys\n"
        "import ckpt_tui.ui.launch, ckpt_tui.ui.app, ckpt_tui.core.service\n"
        "found = sorted(\n"
        "    f'{name}.{key}' for name, module in list(sys.modules.items())\n"
        "    if name.startswith('ckpt_tui') for key, value in vars(module).items()\n"
        "    if isinstance(value, type) and value.__module__ == name\n"
        "    and hasattr(value, '__dataclass_fields__')\n"
        ")\n"
        "print(found)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
    assert dataclasses.is_dataclass(_DataFrozen)  # what the check looks for
