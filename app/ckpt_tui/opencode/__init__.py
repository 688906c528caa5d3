"""A read-only reader of opencode's own storage (SPEC 7).

opencode keeps sessions in ``opencode.db`` (and ``opencode-<channel>.db``)
in its data dir, and before v1.2.0 kept them as a JSON file tree under
``storage/``. This package reads both, never writes either, and has no UI:
the app and the command line call :class:`OpencodeReader`.
"""

from ckpt_tui.conversation import (
    ConversationMessage,
    ConversationPage,
    MessageError,
    OtherPart,
    Part,
    ReasoningPart,
    TextPart,
    ToolPart,
)
from ckpt_tui.opencode.hierarchy import session_tree
from ckpt_tui.opencode.model import (
    ProjectRecord,
    ProjectsResult,
    SessionInfo,
    SessionsResult,
    SourceSummary,
)
from ckpt_tui.opencode.reader import OpencodeReader, OpencodeUnreadable

__all__ = [
    "ConversationMessage",
    "ConversationPage",
    "MessageError",
    "OpencodeReader",
    "OpencodeUnreadable",
    "OtherPart",
    "Part",
    "ProjectRecord",
    "ProjectsResult",
    "ReasoningPart",
    "SessionInfo",
    "SessionsResult",
    "SourceSummary",
    "TextPart",
    "ToolPart",
    "session_tree",
]
