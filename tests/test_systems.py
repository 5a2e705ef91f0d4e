"""The registry of game systems (sim.systems, issue 10 part 1).

A toy second system, a coin-flip race, is registered here, inside the test: its own scenario
schema, one content table schema (``coinrace/coins``, under a temporary content root), play,
narrate, closing, batch game and summary fields. ``sim validate``, ``sim play``, ``sim batch`` and
``sim schema`` then run on it through ``sim.cli.main`` — proof that a new system needs no edit
outside its own package.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from sim import systems
from sim.cli import main
from sim.content.scenario import check_common, checked_scenario, scenario_schema
from sim.content.schema import F, Id, Int, ListOf, Record, Ref, Str
from sim.content.table import TableSchema
from sim.errors import ContentError, UsageError
from sim.journal import Journal
from sim.options import RuleOptions
from sim.rng import make_rng

ROOT = Path(__file__).resolve().parents[1]

# --- the toy system: players flip a coin in turn, heads scores a point, first to `target` wins ---------------

COINS = TableSchema("coinrace/coins", Record({
    "coins": F(ListOf(Record({"id": F(Id()), "heads": F(Int(0, 100), doc="percent chance of heads")}),
                      min=1, unique_by="id")),
}), "Coins", provides=(("coin", "coins[*]"),))

SCENARIO = scenario_schema("coinrace", {
    "target": F(Int(1, 50), doc="points to win"),
    "coin": F(Ref("coin")),
    "players": F(ListOf(Str(), min=2, max=4, unique_by="")),
})


@dataclass(frozen=True, slots=True)
class Race:
    name: str
    system: str
    seed: int
    lang: str
    options: RuleOptions
    content: Any
    path: str
    target: int
    coin: str
    players: tuple[str, ...]


def load(path, content_root=None) -> Race:
    doc, content = checked_scenario(path, content_root)
    d = doc.data
    return Race(d["name"], d["system"], d["seed"], d["lang"], RuleOptions(d.get("options") or {}), content,
                doc.file, d["target"], d["coin"], tuple(d["players"]))


def check(doc, path, content_root=None):
    _ck, problems, content, overlays = check_common(doc, path, SCENARIO, require=("coinrace/coins",),
                                                    content_root=content_root)
    return problems, content, overlays


def play(race: Race, seed: int, *, journal=None, series=None, scores=None, **kw):
    j = journal if isinstance(journal, Journal) else Journal(keep=journal is not None)
    if isinstance(journal, list):
        j.events = journal
    heads = race.content.index("coinrace/coins")[race.coin]["heads"] / 100
    rng, points, flips = make_rng(seed), dict.fromkeys(race.players, 0), 0
    target = scores or race.target
    while max(points.values()) < target:
        player = race.players[flips % len(race.players)]
        flips += 1
        head = rng.random() < heads
        points[player] += head
        j.emit("flip", player=player, heads=head, points=points[player])
        if series is not None and flips % len(race.players) == 0:
            series.append({"score": flips // len(race.players), **{f"points_{p}": n for p, n in points.items()}})
    winner = max(race.players, key=lambda p: points[p])
    summary = {"scenario": race.name, "seed": int(seed), "flips": flips, "winner": winner,
               **{f"points_{p}": n for p, n in points.items()}}
    return points, summary


def narrate(events, content, lang):
    return [f"{e['player']}: {'heads' if e['heads'] else 'tails'} ({e['points']})" for e in events]


def closing(points, summary, content, lang):
    return [f"{summary['winner']} wins after {summary['flips']} flips"]


@dataclass(frozen=True, slots=True)
class RaceGame:
    def scenario_info(self, path):
        race = load(path)
        return race.name, race.seed, hashlib.sha256(Path(race.path).read_bytes()).hexdigest()

    def prepare(self, path, params):
        return load(path)

    def play(self, race, seed, journal, series):
        return play(race, seed, journal=journal, series=series)[1]


def summary_fields(race: Race) -> tuple[str, ...]:
    return tuple(sorted(("scenario", "seed", "flips", "winner", *(f"points_{p}" for p in race.players))))


TOY = systems.System(
    name="coinrace", package="coinrace", scenario_schema=SCENARIO, tables={COINS.key: COINS},
    load_scenario=load, check_scenario=check, play=play, narrate=narrate, closing=closing,
    batch_game=RaceGame, summary_fields=summary_fields)


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy system registered, a project with its content and one scenario; unregistered afterwards."""
    systems.register_system(TOY)
    (tmp_path / "content/coinrace").mkdir(parents=True)
    (tmp_path / "content/coinrace/coins.yaml").write_text("coins:\n  - {id: fair, heads: 50}\n  - {id: bent, heads: 80}\n")
    (tmp_path / "scenarios").mkdir()
    path = tmp_path / "scenarios/race.yaml"
    path.write_text("name: race\nsystem: coinrace\nseed: 7\nlang: en\ntarget: 3\ncoin: bent\nplayers: [ana, bo]\n")
    monkeypatch.chdir(tmp_path)
    yield path
    systems.unregister("coinrace")


def test_blades_and_fate_are_found_by_discovery():
    assert systems.system_modules()[:1] == ["sim.blades.system"] and "sim.fate.system" in systems.system_modules()
    assert list(systems.systems()) == ["blades", "fate", "mist"]
    assert systems.get_system("blades").package == "blades"
    fate = systems.table_sets()["fate"]
    assert "fate/skills" in fate.tables and systems.find_system("fate").package == "fate"


def test_an_unknown_system_names_the_known_ones():
    with pytest.raises(UsageError, match=r"^unknown system 'chess'; known systems: blades, fate, mist$"):
        systems.get_system("chess")


def test_toy_system_validates_through_the_cli(toy, capsys):
    assert main(["validate", "content", "scenarios"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "OK: 1 table and 1 scenario checked, no errors"
    toy.write_text(toy.read_text().replace("coin: bent", "coin: bnet").replace("target: 3", "target: 0"))
    assert main(["validate", str(toy)]) == 1
    out = capsys.readouterr().err.splitlines()
    assert "scenarios/race.yaml:5: target: must be 1..50, got 0" in out
    assert "scenarios/race.yaml:6: coin: unknown coin 'bnet'; did you mean 'bent'?" in out


def test_toy_system_plays_and_tells_through_the_cli(toy, capsys):
    race = load(toy)
    points, summary = play(race, 7)
    assert main(["play", str(toy)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"{summary['winner']} wins after {summary['flips']} flips"
    assert len(lines) == summary["flips"] + 1 and max(points.values()) == 3
    assert main(["play", str(toy), "--json", "--seed", "7"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [e["event"] for e in events] == ["flip"] * summary["flips"]


def test_toy_system_batches_through_the_cli(toy, capsys):
    out = toy.parent.parent / "runs/race"
    assert main(["batch", str(toy), "--campaigns", "3", "--workers", "1", "--out", str(out)]) == 0
    rows = pd.read_parquet(out / "campaigns.parquet")
    race = load(toy)
    assert tuple(sorted(c for c in rows.columns if c in summary_fields(race))) == summary_fields(race)
    assert len(rows) == 3 and (rows["flips"] >= 3).all()


def test_toy_system_schema_through_the_cli(toy, capsys):
    assert main(["schema", "--out", "schemas"]) == 0
    written = json.loads(Path("schemas/scenario.coinrace.schema.json").read_text(encoding="utf-8"))
    assert set(written["properties"]) >= {"name", "seed", "lang", "options", "target", "coin", "players"}
    assert written["properties"]["target"] == {"type": "integer", "minimum": 1, "maximum": 50,
                                               "description": "points to win"}
    assert written["properties"]["system"]["enum"] == ["coinrace"]
    assert Path("schemas/coinrace/coins.schema.json").is_file() and Path("schemas/scenario.blades.schema.json").is_file()


def test_a_scenario_of_another_system_needs_only_its_own_tables(toy):
    """REQUIRED is per system: the toy project has no Blades tables and needs none."""
    assert load(toy).content.tables.keys() == {"coinrace/coins"}
    (toy.parent.parent / "content/coinrace/coins.yaml").unlink()
    with pytest.raises(ContentError, match="missing table 'coinrace/coins'"):
        load(toy)


def test_importing_sim_and_sim_help_load_no_engine():
    """docs/dev/style.md 9: discovery happens on the first question to the registry, and imports only system modules."""
    code = ("import sys, sim.cli\n"
            "try:\n    sim.cli.main(['--help'])\nexcept SystemExit:\n    pass\n"
            "from sim import systems\nsystems.systems()\n"
            "print(sorted(m for m in sys.modules if m.startswith(('sim.blades.campaign', 'sim.blades.score.score', "
            "'sim.blades.crew.state', 'sim.fate.scenes.conflict'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.splitlines()[-1] == "[]"
