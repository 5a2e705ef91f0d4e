"""Test-session settings: the term-table cache (sim.i18n.termcache) goes to a
throwaway folder, never the user's ~/.cache, for this process and every
process the tests start."""

import atexit
import os
import shutil
import tempfile

import pytest

if "SIM_CACHE_DIR" not in os.environ:
    _CACHE = tempfile.mkdtemp(prefix="sim-test-cache-")
    os.environ["SIM_CACHE_DIR"] = _CACHE
    atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)


@pytest.fixture()
def project(tmp_path, monkeypatch):
    """A copy of content/ and scenarios/ in tmp_path, which becomes the working directory."""
    from sim.content import PROJECT_ROOT

    shutil.copytree(PROJECT_ROOT / "content", tmp_path / "content")
    shutil.copytree(PROJECT_ROOT / "scenarios", tmp_path / "scenarios")
    monkeypatch.chdir(tmp_path)
    return tmp_path
