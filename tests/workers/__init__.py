"""Scripts the concurrency tests run in subprocesses (``python -m tests.workers.<name>``)."""
