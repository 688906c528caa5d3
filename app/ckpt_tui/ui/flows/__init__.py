"""The workflows the app runs when a screen asks (``ui/messages.py``): each
reads in a worker of the app, then opens the screen that shows the result
or runs the write. Functions of the app, not methods: each file is one
workflow, read alone; the app's handlers only call them. Their ``app`` is
the running ``CkptApp`` (``ui/app.py``): its ``service``, ``config`` and
``main`` screen, and Textual's ``run_worker``, ``call_from_thread``,
``notify`` and ``push_screen``."""
