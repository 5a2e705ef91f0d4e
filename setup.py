"""The build step pyproject.toml cannot say: copy the top-level ``content/``, ``scenarios/`` and the rules reference
``docs/rules/`` into the package.

The repository keeps ``content/`` and ``scenarios/`` at its top (the layout is fixed). A wheel carries them as
``sim/_data/content``, ``sim/_data/scenarios`` and ``sim/_data/docs/rules``, where :mod:`sim.content.bundled` finds them through
``importlib.resources``. An editable install (``pip install -e .``) copies nothing: it runs from the checkout,
whose folders are used as they are. The sdist carries the folders at its top (MANIFEST.in), so a wheel built from
it gets the same copy.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = ("content", "scenarios", "docs/rules")  # each copied whole to sim/_data/<name> (the rules: sim mcp reads them)


class BuildWithData(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in DATA:
            source, target = HERE / name, Path(self.build_lib) / "sim" / "_data" / name
            if not source.is_dir():
                raise SystemExit(f"setup.py: {source} is missing; a wheel without it could play nothing")
            shutil.rmtree(target, ignore_errors=True)  # a file deleted from content/ leaves no stale copy
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))

    def get_outputs(self, include_bytecode=True):
        out = list(super().get_outputs(include_bytecode))
        if not getattr(self, "editable_mode", False):
            for name in DATA:
                out.extend(str(Path(self.build_lib) / "sim" / "_data" / name / p.relative_to(HERE / name))
                           for p in sorted((HERE / name).rglob("*")) if p.is_file())
        return out


setup(cmdclass={"build_py": BuildWithData})
