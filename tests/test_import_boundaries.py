"""Generic layers ask a system's registry entry, never its internals (issue 29 part 3).

The layers every system shares (solo play, the batch runner and its report, the commands, the seats and
decision catalogue, content, i18n, the oracle, the top-level modules, and the coming ``sim/web`` and
``sim/mcp``) may reach a game system only through :mod:`sim.systems` (``System``: ``solo``, ``sheets``,
``report_sections``, ``briefings``, ``namers``, ...) or the system's own entry module ``sim.<system>.system``.
:func:`violations` walks every module under ``sim/`` with :mod:`ast` (nothing is imported): every ``import``
and ``from ... import``, at module level and inside functions (an import that waits for the first call is
an import all the same), and every module name written as a string for :mod:`importlib`.

Then a toy system registered in the test (the coin race of ``tests/test_systems.py``, with final sheets and a
report section of its own) gets a solo export and a batch report with no edit outside its definition.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from sim import systems
from sim.cli import main

SIM = Path(__file__).resolve().parents[1] / "sim"
#: a string naming a module of a system package, e.g. "sim.blades.views.briefings" (for importlib)
MODULE_STRING = re.compile(r"^sim(\.[a-z_][a-z0-9_]*)+$")


#: modules whose module-name strings are not imports: the optional compiled path lists the files it compiles
#: (``sim accel build``), every system's hot modules among them, and imports none of them
NAMES_NOT_IMPORTS = {"sim/accel.py"}


def system_packages(root: Path = SIM) -> set[str]:
    """The packages that register a playable system: ``sim/<pkg>/system.py`` calling ``register_system``."""
    return {p.parent.name for p in root.glob("*/system.py") if "register_system(" in p.read_text(encoding="utf-8")}


def module_name(path: Path, root: Path = SIM) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(path: Path, root: Path = SIM, strings: bool = True) -> list[tuple[int, str]]:
    """``(line, module)`` for every import in the file (relative ones resolved), and every string that is a
    dotted ``sim.`` module name (what ``importlib.import_module`` would be handed)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
        elif strings and isinstance(node, ast.Constant) and isinstance(node.value, str) and MODULE_STRING.match(
                node.value):
            found.append((node.lineno, node.value))
    return found


def is_internal(module: str, packages: set[str]) -> bool:
    """Whether ``module`` is inside a system package other than through its entry (``sim.<pkg>.system``)."""
    parts = module.split(".")
    return len(parts) >= 3 and parts[0] == "sim" and parts[1] in packages and parts[2] != "system"


def violations(root: Path = SIM) -> list[str]:
    """``path:line: imports module`` for each generic module reaching into a system package's internals."""
    packages = system_packages(root)
    out = []
    for path in sorted(root.rglob("*.py")):
        owner = path.relative_to(root).parts
        if len(owner) > 1 and owner[0] in packages:
            continue  # a system's own modules may import anything of it
        rel = path.relative_to(root.parent).as_posix()
        for line, module in imported_names(path, root, strings=rel not in NAMES_NOT_IMPORTS):
            if is_internal(module, packages):
                out.append(f"{rel}:{line}: imports {module}")
    return out


def test_the_system_packages_are_found():
    assert system_packages() == {"blades", "fate", "mist"}


def test_no_generic_layer_imports_a_system_package_s_internals():
    assert violations() == []


def test_the_walk_finds_function_level_imports_and_module_strings(tmp_path):
    """The walk is not vacuous: a generic module importing a system's internals, at the top, in a function or
    by name for importlib, is caught; the registry and a system's entry module are not."""
    (tmp_path / "sim/blades").mkdir(parents=True)
    (tmp_path / "sim/blades/system.py").write_text("register_system(None)\n", encoding="utf-8")
    (tmp_path / "sim/blades/rules.py").write_text("from sim.blades.crew import state\n", encoding="utf-8")
    (tmp_path / "sim/solo").mkdir()
    (tmp_path / "sim/solo/ok.py").write_text("from sim.systems import get_system\nimport sim.blades.system\n",
                                             encoding="utf-8")
    (tmp_path / "sim/solo/bad.py").write_text(
        "from sim.blades.crew.sheet import fold_sheet\n"
        "def f():\n    from sim.blades import narrate\n    return narrate\n"
        "MODULES = ('sim.blades.views.briefings',)\n", encoding="utf-8")
    assert violations(tmp_path / "sim") == [
        "sim/solo/bad.py:1: imports sim.blades.crew.sheet",
        "sim/solo/bad.py:1: imports sim.blades.crew.sheet.fold_sheet",
        "sim/solo/bad.py:3: imports sim.blades.narrate",
        "sim/solo/bad.py:5: imports sim.blades.views.briefings",
    ]


# --- a toy system: its own sheets and report section, found by the solo export and the batch report ----------

@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The coin race of test_systems, with ``sheets`` and a ``report_sections`` entry of its own."""
    import dataclasses

    import test_systems as race

    def sheets(events, content, lang, scenario=None):
        final = {}
        for e in events:
            if e.get("event") == "flip":
                final[e["player"]] = e["points"]
        return [f"- {player}: {points} points" for player, points in sorted(final.items())]

    def flips_section(out, summary, variants, schema, plots, lang, fmt="png"):
        if "flips" not in schema.names:
            return []
        mean = summary["variants"][0]["aggregates"]["flips"]["mean"]
        from sim.batch.reporting.figures import new_figure, save_figure

        figure = new_figure(4, 3)
        figure.add_subplot().bar([0], [mean])
        save_figure(figure, out / plots / "race_flips.png")
        return ["## The race", "", f"Flips to a winner: {mean:.2f} on average.", "", f"![flips]({plots}/race_flips.png)",
                ""]

    toy = dataclasses.replace(race.TOY, sheets=sheets, report_sections=(flips_section,))
    systems.register_system(toy)
    (tmp_path / "content/coinrace").mkdir(parents=True)
    (tmp_path / "content/coinrace/coins.yaml").write_text("coins:\n  - {id: bent, heads: 80}\n", encoding="utf-8")
    path = tmp_path / "race.yaml"
    path.write_text("name: race\nsystem: coinrace\nseed: 7\nlang: en\ntarget: 3\ncoin: bent\nplayers: [ana, bo]\n",
                    encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    yield race, path
    systems.unregister("coinrace")


def test_a_toy_system_gets_a_solo_export_with_its_own_sheets(toy):
    race, path = toy
    from sim.journal import Journal
    from sim.solo.export import export_markdown

    scenario = race.load(path)
    journal = Journal(keep=True)
    points, _ = race.play(scenario, 7, journal=journal)
    text = export_markdown({"system": "coinrace", "scenario_name": "race", "seed": 7}, [], journal.events,
                           scenario.content, "en", scenario)
    assert "system: \"coinrace\"" in text
    sheets = text.split("## Final sheets\n\n", 1)[1].splitlines()
    assert sheets == [f"- {p}: {n} points" for p, n in sorted(points.items())]
    assert sum("heads" in line or "tails" in line for line in text.splitlines()) == len(journal.events)


def test_a_toy_system_gets_a_batch_report_with_its_own_section(toy, capsys):
    race, path = toy
    assert main(["batch", str(path), "--campaigns", "4", "--workers", "1", "--out", "runs/race"]) == 0
    report = Path("runs/race/report.md").read_text(encoding="utf-8")
    assert "## The race" in report and "![flips](plots/race_flips.png)" in report
    assert Path("runs/race/plots/race_flips.png").stat().st_size > 0
    assert "city" not in report.lower()  # Blades' own section is Blades' alone


def test_blades_brings_its_sheets_report_section_and_briefings_through_its_entry():
    blades = systems.get_system("blades")
    assert blades.sheets is not None and len(blades.report_sections) == 1
    assert blades.briefings == ("sim.blades.views.briefings",)
    from sim.agents.briefing import briefing_modules

    assert briefing_modules() == ("sim.blades.views.briefings", "sim.fate.views.briefings", "sim.mist.views.briefings")
