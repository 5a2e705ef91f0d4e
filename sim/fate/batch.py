"""The game ``sim batch`` plays for Fate scenarios: Fate adventures (:func:`sim.fate.adventure.play_adventure`).

A variant's parameters change the loaded scenario, never its file: a rule option (``RuleOptions.replace``),
``players`` (every PC's policy), ``gm`` (the GM policy) or ``scenes`` (the most scenes an adventure plays).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sim.batch.seated import SeatedGame
from sim.errors import UsageError
from sim.fate.scenario import GM_POLICIES, PLAYER_POLICIES, FateScenario, load, seat_scenario



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
class FateGame(SeatedGame):
    """Plays Fate adventures for :func:`sim.batch.runner.run_batch`; ``seats``: ``--seat`` pairs (policies only)."""

    def seated(self, path: str) -> tuple[Any, tuple[str, ...]]:
        return seat_scenario(load(path), dict(self.seats))

    def with_params(self, scenario: Any, params: tuple[tuple[str, Any], ...]) -> Any:
        return with_params(scenario, params)

    def play(self, prepared: FateScenario, seed: int, journal: list | None, series: list | None) -> dict[str, Any]:
        from sim.fate.adventure import play_adventure

        return play_adventure(prepared, seed, journal=journal, series=series)[1]
