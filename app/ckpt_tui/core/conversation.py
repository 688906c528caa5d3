"""The records of a conversation, as the app shows them (from opencode)."""

from ckpt_tui.opencode import (
    ConversationMessage,
    ConversationPage,
    MessageError,
    OtherPart,
    ReasoningPart,
    TextPart,
    ToolPart,
)

__all__ = [
    "ConversationMessage",
    "ConversationPage",
    "MessageError",
    "OtherPart",
    "ReasoningPart",
    "TextPart",
    "ToolPart",
]
