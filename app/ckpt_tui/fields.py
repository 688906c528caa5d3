"""The checkpoint's fields (SPEC 5.1): their names, columns and labels.

Constants only, importing nothing of ours, so that every layer names the
fields from this one list: the codec (``core.model``), the command line's
help and completion (without importing the codec), the store's search
text and doctor's checks (``store`` may not import ``core``).
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


#: How a person reads a status, everywhere (lists, the detail, summaries,
#: the command line's text); JSON keeps the stored value.
STATUS_LABEL = {
    "in_progress": "in progress",
    "blocked": "blocked",
    "done": "done",
    "abandoned": "abandoned",
}


def status_label(status: str) -> str:
    """A status as a person reads it (an unknown one as stored)."""
    return STATUS_LABEL.get(status, status)


def field_labels(keys) -> str:
    """Payload keys as a person reads them: ``Summary, Plan, Done``."""
    return ", ".join(LABEL.get(k, k) for k in keys)
