"""Keeps builds out of the source tree; everything else is in pyproject.toml.

setuptools writes ``build/`` and ``app/ckpt_tui.egg-info/`` next to the
sources by default: an install then dirties the checkout, and two installs
at once write the same files. Each build process gets its own temporary
directory instead, removed when it ends (pip runs each build step in a new
process and keeps what it needs).
"""

import atexit
import shutil
import tempfile

from setuptools import setup

_scratch = tempfile.mkdtemp(prefix="ckpt-tui-build-")
atexit.register(shutil.rmtree, _scratch, ignore_errors=True)

setup(options={"build": {"build_base": f"{_scratch}/build"}, "egg_info": {"egg_base": _scratch}})
