"""Policy over the store: the checkpoint model, diffs, restore/undo/redo.

No Textual here; the app and the command line are views over this package.
"""
