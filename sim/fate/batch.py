"""The game ``sim batch`` plays for Fate scenarios: Fate adventures (:func:`sim.fate.adventure.play_adventure`).

A variant's parameters change the loaded scenario, never its file: a rule option (``RuleOptions.replace``),
``players`` (every PC's policy), ``gm`` (the GM policy) or ``scenes`` (the most scenes an adventure plays).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sim.errors import UsageError
from sim.fate.scenario import GM_POLICIES, PLAYER_POLICIES, FateScenario, load, seat_scenario


def fingerprint(scenario: FateScenario) -> str:
    """SHA-256 of the scenario file and every content table it is played with (the term tables left out)."""
    digest = hashlib.sha256(Path(scenario.path).read_bytes())
    played = {k: v for k, v in scenario.content.tables.items() if not k.startswith("i18n/")}
    digest.update(json.dumps(played, sort_keys=True, default=str).encode())
    return digest.hexdigest()


def with_params(scenario: FateScenario, params: tuple[tuple[str, Any], ...]) -> FateScenario:
    """The scenario with one variant's parameters applied (see the module docstring)."""
    for name, value in params:
        if name == "players":
            if value not in PLAYER_POLICIES:
                raise UsageError(f"--sweep players: unknown policy {value!r} ({', '.join(PLAYER_POLICIES)})")
            scenario = replace(scenario, pcs=tuple(replace(p, policy=value) for p in scenario.pcs),
                               seats=tuple((s, h) for s, h in scenario.seats if s == "gm" or h == "human"))
        elif name == "gm":
            if value not in GM_POLICIES:
                raise UsageError(f"--sweep gm: unknown policy {value!r} ({', '.join(GM_POLICIES)})")
            scenario = replace(scenario, gm_policy=value,
                               seats=tuple((s, h) for s, h in scenario.seats if s != "gm" or h == "human"))
        elif name in ("scenes", "scores"):
            scenario = replace(scenario, max_scenes=int(value))
        else:
            scenario = replace(scenario, options=scenario.options.replace(**{name: value}))
    return scenario


@dataclass(frozen=True, slots=True)
class FateGame:
    """Plays Fate adventures for :func:`sim.batch.runner.run_batch`; ``seats``: ``--seat`` pairs (policies only)."""

    seats: tuple[tuple[str, str], ...] = ()

    def _seated(self, path: str) -> FateScenario:
        scenario, people = seat_scenario(load(path), dict(self.seats))
        if people:
            raise UsageError(f"a batch asks nobody, but {', '.join(people)} {'is' if len(people) == 1 else 'are'} "
                             f"held by a person (human): give {'it' if len(people) == 1 else 'them'} a policy, "
                             f"e.g. --seat {people[0]}={'standard' if people[0] == 'gm' else 'careful'}")
        return scenario

    def scenario_info(self, path: str) -> tuple[str, int, str]:
        scenario = self._seated(path)
        digest = fingerprint(scenario)
        if self.seats:
            digest = hashlib.sha256(f"{digest}\x1fseats={json.dumps(sorted(self.seats))}".encode()).hexdigest()
        return scenario.name, scenario.seed, digest

    def prepare(self, path: str, params: tuple[tuple[str, Any], ...]) -> FateScenario:
        return with_params(self._seated(path), params)

    def play(self, prepared: FateScenario, seed: int, journal: list | None, series: list | None) -> dict[str, Any]:
        from sim.fate.adventure import play_adventure

        return play_adventure(prepared, seed, journal=journal, series=series)[1]
