"""The one-line change summary of a history row, computed without building
the diff, is the line the full diff gives."""

from __future__ import annotations

import json
from difflib import SequenceMatcher

from hypothesis import given, settings
from hypothesis import strategies as st

from ckpt_tui.core.diff import diff_checkpoints
from ckpt_tui.core.model import FIELDS, LIST_FIELDS, STATUSES, Checkpoint, Damaged, decode
from ckpt_tui.core.summary import (
    AUTOJUNK_MIN,
    _longest_match,
    change_summary,
    lcs_length,
    payload_summaries,
    ratio_at_least,
    summarize,
)
from tests.examples import examples

#: Any text UTF-8 can encode, as ``st.text()`` draws it, without the table
#: of the UTF-8 codec Hypothesis builds on a process's first ``st.text()``
#: (its characters minus the surrogates, category Cs: ~1.7 CPU-s a process).
any_text = st.characters(exclude_categories=("Cs",))

# A small alphabet makes duplicates, moves and one-place edits common.
items = st.lists(
    st.sampled_from(["fix a", "fix b", "fix c", "ship it", "ship it now", "x"]), max_size=7
)


@st.composite
def edited(draw, base: list[str]) -> list[str]:
    """``base`` edited the way saves edit lists: an insertion, a removal,
    a rewording, a move, or anything at all."""
    out = list(base)
    how = draw(st.sampled_from(["insert", "remove", "slide", "any", "same"]))
    if how == "insert":
        at = draw(st.integers(0, len(out)))
        out[at:at] = draw(st.lists(st.text(any_text, max_size=8), min_size=1, max_size=3))
    elif how == "remove" and out:
        at = draw(st.integers(0, len(out) - 1))
        del out[at : at + draw(st.integers(1, 3))]
    elif how == "slide" and out:
        out = [*out[1:], draw(st.text(any_text, max_size=8))]
    elif how == "any":
        out = draw(items)
    return out


@st.composite
def pairs(draw):
    old = {name: draw(items) for name in LIST_FIELDS}
    new = {name: draw(edited(old[name])) for name in LIST_FIELDS}
    status = draw(st.sampled_from(STATUSES)), draw(st.sampled_from(STATUSES))
    text = draw(st.sampled_from(["", "a plan"])), draw(st.sampled_from(["", "a plan"]))
    extra = draw(st.dictionaries(st.sampled_from(["k", "j"]), st.integers(0, 1), max_size=2))
    a = Checkpoint(status=status[0], currentPlan=text[0], **{k: tuple(v) for k, v in old.items()})
    b = Checkpoint(
        status=status[1],
        currentPlan=text[1],
        extra=extra,
        **{k: tuple(v) for k, v in new.items()},
    )
    return a, b


@settings(max_examples=examples(100, deep=400), deadline=None)
@given(pairs())
def test_summarize_equals_the_summary_of_the_full_diff(pair):
    old, new = pair
    assert summarize(old, new) == change_summary(diff_checkpoints(old, new, detail=False))


def test_an_appended_step_is_counted_without_pairing():
    old = Checkpoint(nextSteps=("a", "b"), completedSteps=("x",))
    new = Checkpoint(nextSteps=("b",), completedSteps=("x", "a"), status="blocked")
    assert summarize(old, new) == "status→blocked  +1 done  -1 next"


sentences = st.lists(
    st.text(alphabet="abcde fgh", min_size=0, max_size=14), min_size=0, max_size=12
)


@settings(max_examples=examples(100, deep=300), deadline=None)
@given(sentences, sentences)
def test_rapidfuzz_prefilter_pairs_what_sequencematcher_alone_pairs(old, new):
    """The prefilter only skips pairs that could not reach the threshold:
    pairing every candidate with SequenceMatcher gives the same items (and
    so does a diff small enough to skip the prefilter, as shipped)."""
    import ckpt_tui.core.diff as diff

    shipped = diff.diff_items(tuple(old), tuple(new))
    original, budget = diff._similar, diff.REWORD_UNFILTERED_CHARS
    diff.REWORD_UNFILTERED_CHARS = 0  # every pairing through the prefilter
    try:
        fast = diff.diff_items(tuple(old), tuple(new))
        diff._similar = lambda text, live: list(live)
        slow = diff.diff_items(tuple(old), tuple(new))
    finally:
        diff._similar, diff.REWORD_UNFILTERED_CHARS = original, budget
    assert fast == slow == shipped


def test_a_600_by_600_block_of_rewordings_is_paired_whole():
    import random

    from ckpt_tui.core.diff import diff_items

    rng = random.Random(1)
    words = [
        "store",
        "plan",
        "cut",
        "over",
        "undo",
        "redo",
        "plugin",
        "session",
        "write",
        "read",
        "page",
        "list",
    ]
    old = tuple(" ".join(rng.choice(words) for _ in range(10)) for _ in range(600))
    new = tuple(f"{s} now" for s in old)
    items, coarse = diff_items(old, new)
    assert not coarse and sum(item.kind == "reworded" for item in items) == 600


# Saves that edit a list in several places at once: items inserted, removed
# and reworded at two or three spots, sometimes swapped, over lists of
# mostly distinct sentences (the case the ordered fast path counts).
words = st.sampled_from(["plan", "store", "undo", "page", "list", "write"])
sentence = st.lists(words, min_size=1, max_size=4).map(" ".join)


@st.composite
def many_place_edits(draw) -> tuple[list[str], list[str]]:
    old = draw(st.lists(sentence, max_size=10))
    new = list(old)
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["insert", "remove", "reword", "swap"]))
        if how == "insert":
            at = draw(st.integers(0, len(new)))
            new[at:at] = draw(st.lists(sentence, min_size=1, max_size=2))
        elif new and how == "remove":
            del new[draw(st.integers(0, len(new) - 1))]
        elif new and how == "reword":
            at = draw(st.integers(0, len(new) - 1))
            new[at] = new[at] + " " + draw(words)
        elif len(new) > 1 and how == "swap":
            i, j = draw(st.integers(0, len(new) - 1)), draw(st.integers(0, len(new) - 1))
            new[i], new[j] = new[j], new[i]
    return old, new


@settings(max_examples=examples(150, deep=600), deadline=None)
@given(many_place_edits(), many_place_edits())
def test_summaries_of_edits_in_several_places_equal_the_full_diff(steps, blockers):
    old = Checkpoint(nextSteps=tuple(steps[0]), blockers=tuple(blockers[0]))
    new = Checkpoint(nextSteps=tuple(steps[1]), blockers=tuple(blockers[1]))
    assert summarize(old, new) == change_summary(diff_checkpoints(old, new, detail=False))


# -- the history list's lines, from payload texts --------------------------------
# ``payload_summaries`` decodes each payload once into the values a
# Checkpoint holds and compares those; it must give the line the codec and
# ``summarize`` give (and the full diff), whatever the payloads hold:
# damaged JSON, other JSON than an object, fields missing or of another
# type, lists holding other things than strings, values that Python finds
# equal and JSON does not (1, 1.0, true), unknown keys.


odd = st.sampled_from([1, 1.0, True, False, None, 0, "x", {"a": 1}, [], [1], [True], ["a", 2]])
texts = st.sampled_from(["", "a plan", "done", "in_progress", "blocked", "ship it now"])


@st.composite
def payload_texts(draw, base: dict | None = None) -> str | None:
    """A payload as the store may hold it; with ``base``, mostly an edit of it."""
    how = draw(st.sampled_from(["object"] * 8 + ["damaged"]))
    if how == "damaged":
        return draw(
            st.sampled_from(["{not json", "[1, 2]", "null", '"text"', "", '{"a": NaN}', None])
        )
    out = dict(base or {})
    for name in FIELDS:
        if base is not None and draw(st.integers(0, 2)):
            value = out.get(name)
            if name in LIST_FIELDS and isinstance(value, list) and draw(st.booleans()):
                out[name] = draw(edited([v for v in value if isinstance(v, str)]))
            continue
        choice = draw(st.integers(0, 9))
        if choice == 0:
            out.pop(name, None)
        elif choice == 1:
            out[name] = draw(odd)
        elif name in LIST_FIELDS:
            out[name] = draw(items)
        elif name == "status":
            out[name] = draw(st.sampled_from(["", *STATUSES, "shipped"]))
        else:
            out[name] = draw(texts)
    for key in ("k", "j", "schemaVersion", "synthesized"):
        if draw(st.booleans()):
            out[key] = draw(odd)
    text = json.dumps(out, ensure_ascii=draw(st.booleans()))
    return text if base is None or draw(st.integers(0, 9)) else text.replace("}", "} ")


@st.composite
def histories(draw):
    """Payload texts of a session, newest first, with the previous id of
    each row as a summary read gives it (the last one's may be unknown)."""
    first = draw(payload_texts())
    chain = [first]
    for _ in range(draw(st.integers(1, 6))):
        base = chain[-1]
        try:
            parsed = json.loads(base) if base else None
        except ValueError:
            parsed = None
        chain.append(draw(payload_texts(parsed if isinstance(parsed, dict) else None)))
    ids = [f"s{i}" for i in range(len(chain))]
    payloads = {sid: text for sid, text in zip(ids, chain, strict=True) if text is not None}
    payloads.update({sid: None for sid, text in zip(ids, chain, strict=True) if text is None})
    missing = draw(st.lists(st.sampled_from(ids), max_size=2))  # rows whose payload was not read
    for sid in missing:
        payloads.pop(sid, None)
    previous = {sid: ids[i - 1] if i else None for i, sid in enumerate(ids)}
    previous[ids[-1]] = draw(st.sampled_from([ids[-2], None, "gone"]))
    return ids, previous, payloads


def _lines_from_checkpoints(ids, previous, payloads):
    """What the history list showed before: each payload decoded by the
    codec, each pair through ``summarize``."""
    decoded = {sid: decode(raw) for sid, raw in payloads.items()}
    out = {}
    for sid in ids:
        mine, before = decoded.get(sid), decoded.get(previous.get(sid) or "")
        if isinstance(mine, Damaged):
            out[sid] = "damaged payload"
        elif mine is None:
            out[sid] = ""
        elif before is None:
            out[sid] = "first snapshot"
        elif isinstance(before, Damaged):
            out[sid] = "after a damaged snapshot"
        else:
            out[sid] = summarize(before, mine)
            assert out[sid] == change_summary(diff_checkpoints(before, mine, detail=False))
    return out


@settings(max_examples=examples(120, deep=500), deadline=None)
@given(histories())
def test_lines_from_payload_texts_equal_the_lines_from_checkpoints(history):
    ids, previous, payloads = history
    assert payload_summaries(ids, previous, payloads) == _lines_from_checkpoints(*history)


def test_values_python_finds_equal_but_json_does_not_are_a_change():
    old = json.dumps({"nextSteps": [1], "title": 1, "k": 1})
    new = json.dumps({"nextSteps": [True], "title": 1.0, "k": True})
    lines = payload_summaries(["b"], {"b": "a"}, {"a": old, "b": new})
    assert lines == _lines_from_checkpoints(["b"], {"b": "a"}, {"a": old, "b": new})
    assert lines == {"b": "next damaged"}  # the title: 1 and 1.0 are both "1"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcd e", max_size=40), st.text(alphabet="abcd e", max_size=40))
def test_lcs_length_is_the_longest_common_subsequence(a, b):
    row = [0] * (len(b) + 1)
    for x in a:
        diagonal = 0
        for j, y in enumerate(b, 1):
            diagonal, row[j] = row[j], diagonal + 1 if x == y else max(row[j], row[j - 1])
    assert lcs_length(a, b) == row[-1]


#: Letters for 200-odd characters: some more than 3 times (autojunk's
#: "popular" there), some fewer.
_SOME_RARE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ  "
_RATIOS = st.sampled_from([0.0, 0.25, 0.5, 0.6, 0.6000001, 2 / 3, 0.75, 1.0])


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab c", max_size=30), st.text(alphabet="ab c", max_size=30), _RATIOS)
def test_ratio_at_least_answers_as_sequencematchers_ratio(a, b, threshold):
    assert ratio_at_least(a, b, threshold) == (SequenceMatcher(None, a, b).ratio() >= threshold)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcd e", max_size=40), st.text(alphabet="abcd e", max_size=40), st.data())
def test_longest_match_is_difflibs_in_any_region(a, b, data):
    alo = data.draw(st.integers(0, len(a)))
    ahi = data.draw(st.integers(alo, len(a)))
    blo = data.draw(st.integers(0, len(b)))
    bhi = data.draw(st.integers(blo, len(b)))
    expected = tuple(SequenceMatcher(None, a, b).find_longest_match(alo, ahi, blo, bhi))
    assert _longest_match(a, b, alo, ahi, blo, bhi) == expected


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet=_SOME_RARE, min_size=AUTOJUNK_MIN - 20, max_size=AUTOJUNK_MIN + 40),
    st.text(alphabet=_SOME_RARE, min_size=AUTOJUNK_MIN - 20, max_size=AUTOJUNK_MIN + 40),
    _RATIOS,
)
def test_ratio_at_least_keeps_the_junk_heuristic_of_long_strings(a, b, threshold):
    """From 200 characters on, SequenceMatcher ignores the characters too
    common in its second string: matches it gives up on count no more."""
    assert ratio_at_least(a, b, threshold) == (SequenceMatcher(None, a, b).ratio() >= threshold)


def test_ratio_at_least_on_strings_the_junk_heuristic_changes():
    """Two 210-character lines of two letters: autojunk drops both from
    the second string, so SequenceMatcher sees no match at all."""
    a, b = "ab" * 100 + "x" * 10, "ba" * 100 + "y" * 10
    assert SequenceMatcher(None, a, b).ratio() == 0.0
    assert not ratio_at_least(a, b, 0.6)
    assert ratio_at_least(a[:150], b[:150], 0.6)  # short: nothing is junk
    assert ratio_at_least("", "", 1.0) and not ratio_at_least("", "x", 0.1)


def test_a_pair_the_ratio_refuses_is_not_a_rewording_whatever_the_bound_says():
    """``cbcbc`` and ``bccb`` share a subsequence of 3 (bound 0.67) but
    SequenceMatcher matches 2 (ratio 0.44): replaced, not reworded."""
    old = Checkpoint(nextSteps=("keep", "cbcbc", "also"), blockers=("keep", "ship it", "x"))
    new = Checkpoint(nextSteps=("keep", "bccb", "also"), blockers=("keep", "ship it now", "x"))
    line = change_summary(diff_checkpoints(old, new, detail=False))
    assert line == "+1 next  -1 next  ~1 blocker"
    assert summarize(old, new) == line
    texts = {"a": old.to_json(), "b": new.to_json()}
    assert payload_summaries(["b"], {"b": "a"}, texts) == {"b": line}


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(any_text, max_size=5),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(any_text, max_size=3), inner),
        max_leaves=8,
    ),
    st.sampled_from(["", " ", "\n", "\ufeff"]),
    st.sampled_from(["", " ", "\t", "x", "NaN", "}"]),
)
def test_the_codec_decodes_as_strict_json_loads_does(value, before, after):
    """``model.loads`` (a kept decoder, and no whitespace scan for a text
    the value fills) gives what ``json.loads`` refusing NaN and Infinity
    gives, or refuses what it refuses."""
    from ckpt_tui.core.model import _no_constant, loads

    text = before + json.dumps(value) + after
    for candidate in (text, text.replace("1", "NaN", 1), text.encode()):
        try:
            expected = json.loads(candidate, parse_constant=_no_constant)
        except ValueError:
            try:
                loads(candidate)
            except ValueError:
                continue
            raise AssertionError(f"{candidate!r} was decoded") from None
        assert loads(candidate) == expected
