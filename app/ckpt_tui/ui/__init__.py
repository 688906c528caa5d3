"""The Textual app: a view over :mod:`ckpt_tui.core`. No SQL here."""
