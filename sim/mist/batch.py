"""The game ``sim batch`` plays for mist scenarios (:mod:`sim.batch.worker`'s protocol).

A variant's parameters: a rule option, ``players`` (every character's policy), ``gm`` (the MC's policy) or
``chapters`` (the length).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sim.batch.seated import SeatedGame
from sim.errors import UsageError
from sim.mist.scenario import GM_POLICIES, PLAYER_POLICIES, HUMAN, Scenario, load, seat_scenario



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
class MistBatch(SeatedGame):
    """Plays mist campaigns for :func:`sim.batch.runner.run_batch`; ``seats``: ``--seat`` policy pairs."""

    def seated(self, path: str) -> tuple[Any, tuple[str, ...]]:
        return seat_scenario(load(path), dict(self.seats))

    def with_params(self, scenario: Any, params: tuple[tuple[str, Any], ...]) -> Any:
        return with_params(scenario, params)

    def play(self, prepared: Scenario, seed: int, journal: list | None, series: list | None) -> dict[str, Any]:
        from sim.mist.campaign import play_campaign

        return play_campaign(prepared, seed, journal=journal, series=series)[1]
