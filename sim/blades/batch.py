"""The game ``sim batch`` plays for Blades scenarios: Blades in the Dark campaigns (``sim.blades.run_campaign``).

The Blades system (:mod:`sim.blades.system`) hands :class:`BladesGame` to the batch runner.

A variant's parameters change the loaded scenario, never its file: a rule
option (``RuleOptions.replace``), ``players`` (every starting member's
policy), ``gm`` (the GM policy), ``scores`` (the campaign length),
``tier.<faction>`` (that faction's starting Tier, as the scenario's
``faction_tiers``), ``status.<faction>`` (the crew's starting status with
it, as ``crew.statuses``) or ``policy.<faction>`` (the policy in the faction's
seat, as ``seats: {faction.<id>: ...}``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sim.batch.seated import SeatedGame, fingerprint  # noqa: F401 - the Blades scenario fingerprint, as before
from sim.blades.campaign import run_campaign
from sim.blades.scenario import GM_POLICIES, PLAYER_POLICIES, Scenario
from sim.blades.scenario import load as load_scenario
from sim.blades.schemas import FACTION_POLICY_NAMES
from sim.errors import UsageError



def with_params(scenario: Scenario, params: tuple[tuple[str, Any], ...]) -> Scenario:
    """The scenario with one variant's parameters applied (see the module docstring)."""
    for name, value in params:
        if name == "players":
            if value not in PLAYER_POLICIES:
                raise UsageError(f"--sweep players: unknown policy {value!r} ({', '.join(PLAYER_POLICIES)})")
            members = tuple(replace(m, policy=value) for m in scenario.crew.members)
            seats = tuple((seat, h) for seat, h in scenario.seats if seat == "gm" or h == "human")  # the sweep wins
            scenario = replace(scenario, crew=replace(scenario.crew, members=members), seats=seats)
        elif name == "gm":
            if value not in GM_POLICIES:
                raise UsageError(f"--sweep gm: unknown policy {value!r} ({', '.join(GM_POLICIES)})")
            seats = tuple((seat, h) for seat, h in scenario.seats if seat != "gm" or h == "human")  # the sweep wins
            scenario = replace(scenario, gm=replace(scenario.gm, policy=value), seats=seats)
        elif name == "scores":
            scenario = replace(scenario, length=replace(scenario.length, scores=value))
        elif name.startswith(("tier.", "status.")):
            prefix, _, faction = name.partition(".")
            if faction not in scenario.factions:
                raise UsageError(f"--sweep {name}: faction {faction!r} is not in this scenario's factions")
            if prefix == "tier":
                scenario = replace(scenario, faction_tiers=_set(scenario.faction_tiers, faction, value))
            else:
                scenario = replace(scenario, crew=replace(scenario.crew,
                                                          statuses=_set(scenario.crew.statuses, faction, value)))
        elif name.startswith("policy."):  # the faction seat's policy (sim.blades.city.factions); the sweep wins
            faction = name.partition(".")[2]
            if faction not in scenario.factions:
                raise UsageError(f"--sweep {name}: faction {faction!r} is not in this scenario's factions")
            if value not in FACTION_POLICY_NAMES:
                raise UsageError(f"--sweep {name}: unknown faction policy {value!r} ({', '.join(FACTION_POLICY_NAMES)})")
            seat = f"faction.{faction}"
            scenario = replace(scenario, seats=tuple((k, h) for k, h in scenario.seats if k != seat) + ((seat, value),))
        else:
            scenario = replace(scenario, options=scenario.options.replace(**{name: value}))
    return scenario


def _set(pairs: tuple[tuple[str, int], ...], key: str, value: int) -> tuple[tuple[str, int], ...]:
    """``pairs`` with ``key`` set to ``value`` (replaced in place, else added at the end)."""
    if any(k == key for k, _ in pairs):
        return tuple((k, value if k == key else v) for k, v in pairs)
    return pairs + ((key, value),)


@dataclass(frozen=True, slots=True)
class BladesGame(SeatedGame):
    """Plays Blades campaigns for :func:`sim.batch.runner.run_batch`.

    ``seats``: ``--seat SEAT=HOLDER`` pairs laid over the scenario's own ``seats:`` for every variant (policy
    names only: a batch asks nobody, so a seat held by a person is refused). They are part of the batch's
    fingerprint: a rerun with other holders is another batch.
    """

    def seated(self, path: str) -> tuple[Any, tuple[str, ...]]:
        from sim.blades.seating import seat_scenario

        return seat_scenario(load_scenario(path), dict(self.seats))

    def with_params(self, scenario: Any, params: tuple[tuple[str, Any], ...]) -> Any:
        return with_params(scenario, params)

    def play(self, prepared: Scenario, seed: int, journal: list | None, series: list | None) -> dict[str, Any]:
        return run_campaign(prepared, seed, journal=journal, series=series)
