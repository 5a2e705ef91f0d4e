"""The game ``sim batch`` plays for mist scenarios (:mod:`sim.batch.worker`'s protocol).

A variant's parameters: a rule option, ``players`` (every character's policy), ``gm`` (the MC's policy) or
``chapters`` (the length).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sim.errors import UsageError
from sim.mist.scenario import GM_POLICIES, PLAYER_POLICIES, HUMAN, Scenario, load, seat_scenario


def fingerprint(scenario: Scenario) -> str:
    """SHA-256 of the scenario file and every content table it plays with (the words left out)."""
    digest = hashlib.sha256(Path(scenario.path).read_bytes())
    played = {k: v for k, v in scenario.content.tables.items() if not k.startswith("i18n/")}
    digest.update(json.dumps(played, sort_keys=True, default=str).encode())
    return digest.hexdigest()


def with_params(scenario: Scenario, params: tuple[tuple[str, Any], ...]) -> Scenario:
    for name, value in params:
        if name == "players":
            if value not in PLAYER_POLICIES:
                raise UsageError(f"--sweep players: unknown policy {value!r} ({', '.join(PLAYER_POLICIES)})")
            chars = tuple(replace(c, policy=value) for c in scenario.characters)
            seats = tuple((s, h) for s, h in scenario.seats if s == "gm" or h == HUMAN)
            scenario = replace(scenario, characters=chars, seats=seats)
        elif name == "gm":
            if value not in GM_POLICIES:
                raise UsageError(f"--sweep gm: unknown policy {value!r} ({', '.join(GM_POLICIES)})")
            seats = tuple((s, h) for s, h in scenario.seats if s != "gm" or h == HUMAN)
            scenario = replace(scenario, gm=value, seats=seats)
        elif name in ("chapters", "scores"):
            scenario = replace(scenario, chapters=int(value))
        else:
            scenario = replace(scenario, options=scenario.options.replace(**{name: value}))
    return scenario


@dataclass(frozen=True, slots=True)
class MistBatch:
    """Plays mist campaigns for :func:`sim.batch.runner.run_batch`; ``seats``: ``--seat`` policy pairs."""

    seats: tuple[tuple[str, str], ...] = ()

    def _seated(self, path: str) -> Scenario:
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

    def prepare(self, path: str, params: tuple[tuple[str, Any], ...]) -> Scenario:
        return with_params(self._seated(path), params)

    def play(self, prepared: Scenario, seed: int, journal: list | None, series: list | None) -> dict[str, Any]:
        from sim.mist.campaign import play_campaign

        return play_campaign(prepared, seed, journal=journal, series=series)[1]
