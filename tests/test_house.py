"""The house rules of the source tree (issue 29, "Done means"): every package opens with a docstring, no module
is longer than 600 lines, and a folder of more than 15 modules has subfolders (rooms) to hold them.

Read from the files (nothing is imported), so a new package or a grown module fails here before review.
"""

from __future__ import annotations

import ast
from pathlib import Path

SIM = Path(__file__).resolve().parents[1] / "sim"
MAX_LINES = 600
MAX_FLAT = 15


def test_every_package_opens_with_a_docstring():
    packages = sorted({p.parent for p in SIM.rglob("*.py")})
    missing = [str(d.relative_to(SIM.parent)) for d in packages
               if not (d / "__init__.py").is_file()
               or not (ast.get_docstring(ast.parse((d / "__init__.py").read_text(encoding="utf-8"))) or "").strip()]
    assert missing == []


def test_no_module_is_longer_than_600_lines():
    long = {str(p.relative_to(SIM.parent)): n for p in SIM.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_a_folder_of_many_modules_has_rooms():
    crowded = []
    for folder in sorted({p.parent for p in SIM.rglob("*.py")}):
        modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
        rooms = [d for d in folder.iterdir() if d.is_dir() and (d / "__init__.py").is_file()]
        if len(modules) > MAX_FLAT and not rooms:
            crowded.append(f"{folder.relative_to(SIM.parent)}: {len(modules)} modules")
    assert crowded == []


def test_the_blades_loop_reads_down_its_folder():
    """sim/blades/ holds its rooms, named for the parts of the game a player knows, each with a docstring that
    names the rule sections it implements."""
    rooms = {d.name for d in (SIM / "blades").iterdir() if (d / "__init__.py").is_file()}
    assert rooms == {"crew", "score", "downtime", "city", "advancement", "arcana", "views"}
    for room in rooms - {"views"}:
        doc = ast.get_docstring(ast.parse((SIM / "blades" / room / "__init__.py").read_text(encoding="utf-8")))
        assert "Rule sections (docs/rules/blades.md): BITD." in doc, room
