"""The checkpoint's fields (SPEC 5.1): their names, columns and labels.

Constants only, apart from :mod:`ckpt_tui.core.model` (the codec): the
command line's help text and shell completion name the fields without
importing the codec and its dataclasses.
"""

from __future__ import annotations

TEXT_FIELDS = ("title", "objective", "summary", "currentPlan", "notes")
LIST_FIELDS = ("completedSteps", "nextSteps", "blockers", "filesTouched")
#: The fields a person can restore, in the order they are shown.
FIELDS = (
    "title",
    "objective",
    "status",
    "summary",
    "currentPlan",
    "completedSteps",
    "nextSteps",
    "blockers",
    "filesTouched",
    "notes",
)
META_KEYS = ("schemaVersion", "synthesized")
STATUSES = ("in_progress", "blocked", "done", "abandoned")

#: payload key -> checkpoints column
COLUMN = {
    "title": "title",
    "objective": "objective",
    "status": "status",
    "summary": "summary",
    "currentPlan": "current_plan",
    "completedSteps": "completed_steps",
    "nextSteps": "next_steps",
    "blockers": "blockers",
    "filesTouched": "files_touched",
    "notes": "notes",
    "schemaVersion": "schema_version",
    "synthesized": "synthesized",
}

LABEL = {
    "title": "Title",
    "objective": "Objective",
    "status": "Status",
    "summary": "Summary",
    "currentPlan": "Plan",
    "completedSteps": "Done",
    "nextSteps": "Next",
    "blockers": "Blockers",
    "filesTouched": "Files",
    "notes": "Notes",
}
