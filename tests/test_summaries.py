"""The one-line change summary of a history row, computed without building
the diff, is the line the full diff gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ckpt_tui.core.diff import diff_checkpoints
from ckpt_tui.core.model import LIST_FIELDS, STATUSES, Checkpoint
from ckpt_tui.core.summary import change_summary, summarize

# A small alphabet makes duplicates, moves and one-place edits common.
items = st.lists(st.sampled_from(["fix a", "fix b", "fix c", "ship it", "ship it now", "x"]), max_size=7)


@st.composite
def edited(draw, base: list[str]) -> list[str]:
    """``base`` edited the way saves edit lists: an insertion, a removal,
    a rewording, a move, or anything at all."""
    out = list(base)
    how = draw(st.sampled_from(["insert", "remove", "slide", "any", "same"]))
    if how == "insert":
        at = draw(st.integers(0, len(out)))
        out[at:at] = draw(st.lists(st.text(max_size=8), min_size=1, max_size=3))
    elif how == "remove" and out:
        at = draw(st.integers(0, len(out) - 1))
        del out[at : at + draw(st.integers(1, 3))]
    elif how == "slide" and out:
        out = [*out[1:], draw(st.text(max_size=8))]
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


@settings(max_examples=400, deadline=None)
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


@settings(max_examples=300, deadline=None)
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
    words = ["store", "plan", "cut", "over", "undo", "redo", "plugin", "session", "write", "read", "page", "list"]
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


@settings(max_examples=600, deadline=None)
@given(many_place_edits(), many_place_edits())
def test_summaries_of_edits_in_several_places_equal_the_full_diff(steps, blockers):
    old = Checkpoint(nextSteps=tuple(steps[0]), blockers=tuple(blockers[0]))
    new = Checkpoint(nextSteps=tuple(steps[1]), blockers=tuple(blockers[1]))
    assert summarize(old, new) == change_summary(diff_checkpoints(old, new, detail=False))
