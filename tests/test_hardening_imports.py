"""Issue 28 (Windows-safe imports) and the lock both writers share (issue 33 case 5, sim.locks).

Every module of ``sim`` imports where the POSIX-only modules (``fcntl``, ``resource``, ``termios``, ...) do not
exist, as on Windows: a subprocess blocks them with a ``sys.meta_path`` finder before importing ``sim``, then
imports every module that ``pkgutil.walk_packages`` finds. What needs them imports them where it is used, with a
fallback (:mod:`sim.locks` takes ``msvcrt.locking`` where there is no ``fcntl``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from sim.content import PROJECT_ROOT
from sim.locks import FileLock, LockHeld, holder_words

PROBE = textwrap.dedent('''
    import importlib, pkgutil, sys
    BLOCKED = {"fcntl", "resource", "termios", "tty", "pty", "pwd", "grp"}

    class Block:  # as on Windows: these modules do not exist
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"No module named {name!r}")
            return None

    for name in BLOCKED:
        sys.modules.pop(name, None)
    sys.meta_path.insert(0, Block())
    import sim
    names = [m.name for m in pkgutil.walk_packages(sim.__path__, "sim.") if m.name != "sim.__main__"]
    failed = []
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:
            failed.append(f"{name}: {type(exc).__name__}: {exc}")
    assert not BLOCKED & set(sys.modules), BLOCKED & set(sys.modules)
    print(len(names))
    print("\\n".join(failed))
''')


def test_issue_28_every_module_imports_without_fcntl_and_resource():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=300,
                          cwd=PROJECT_ROOT, env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)})
    assert done.returncode == 0, done.stderr
    count, *failed = done.stdout.strip().split("\n")
    assert int(count) > 150  # every module, not a few
    assert [line for line in failed if line] == []


def test_the_lock_refuses_a_second_holder_and_names_the_first(tmp_path):
    path = tmp_path / "x.lock"
    with FileLock(path):
        with pytest.raises(LockHeld) as held:
            FileLock(path).acquire()
        assert held.value.holder.startswith(f"pid {os.getpid()} on ") and " since " in held.value.holder
    again = FileLock(path).acquire()  # released
    again.release()
    assert path.read_text() == ""  # the words name no holder once released


def test_the_lock_file_is_never_a_followed_symlink(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    (tmp_path / "x.lock").symlink_to(victim)
    with pytest.raises(OSError):
        FileLock(tmp_path / "x.lock").acquire()
    assert victim.read_text() == "precious\n"


def test_holder_words_read_what_a_holder_wrote():
    assert holder_words("123\nbox\n2026-12-03 19:04:16 UTC\n") == "pid 123 on box since 2026-12-03 19:04:16 UTC"
    assert holder_words("123\n") == "pid 123"  # a batch.lock an older sim wrote
    assert holder_words("").startswith("another process")
