"""ckpt-tui: browse, diff and restore checkpoint-orchestrator checkpoints."""

__version__ = "0.1.0"
