"""How far a diff goes before it settles for less: the sizes past which
``core.diff`` compares coarsely and stops pairing rewordings.

Apart from ``core.diff`` so that ``core.summary``, which counts what a diff
would count for a history row, needs them without importing the diff
engine before the app's first frame (its six NamedTuples cost 1.5 ms).
"""

#: Lines longer than this are marked changed as a whole: a word diff of two
#: huge lines costs more than it tells.
WORD_DIFF_MAX_CHARS = 4000
#: Above this many lines a side, ``replace`` blocks are not paired for word
#: diffs (SequenceMatcher is quadratic in the worst case).
WORD_DIFF_MAX_PAIRS = 400
REWORD_RATIO = 0.6
#: Above these sizes a field is compared coarsely: its common start and end
#: are kept and the middle is one change (moves still found in lists).
#: SequenceMatcher's worst case is quadratic; a 10 MB field must not keep a
#: diff busy for minutes. The benchmarks' 1 MB payloads stay well below.
MAX_DIFF_LINES = 50_000
MAX_DIFF_ITEMS = 10_000
#: Rewordings are looked for in a changed block of a list only while its
#: removed × added items stay under this (the old code took 3 s at 1,000 ×
#: 1,000); a bigger block shows plain additions and removals, marked coarse.
REWORD_MAX_PAIRS = 600 * 600
#: How much a list diff compares with SequenceMatcher alone (the sum, over
#: the added items, of their length times the removed items they are tried
#: against, plus those items' lengths; about 1 µs a character) before
#: rapidfuzz's prefilter is imported for the rest (about 10 ms): a diff that
#: changed a few items, or added some and removed none, does not import it.
REWORD_UNFILTERED_CHARS = 3_000
