"""Test-session settings: the term-table cache (sim.i18n.termcache) goes to a
throwaway folder, never the user's ~/.cache, for this process and every
process the tests start."""

import atexit
import os
import shutil
import tempfile

if "SIM_CACHE_DIR" not in os.environ:
    _CACHE = tempfile.mkdtemp(prefix="sim-test-cache-")
    os.environ["SIM_CACHE_DIR"] = _CACHE
    atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)
