"""Who sits where in a Blades campaign: the scenario's ``seats:`` and ``--seat SEAT=HOLDER``.

Seats are ``gm``, ``pc1`` .. ``pcN`` (the crew's members in file order) and ``faction.<id>`` for each faction
in play (a faction policy: ``expansionist``, ``vengeful``, ``cautious``, ``secretive``; sim.blades.city.factions).
A holder is a policy name (``careful``, ``bold``, ``reckless`` for a
scoundrel; ``gentle``, ``standard``, ``gritty`` for the GM) or ``human``. A
seat's policy replaces the member's or the GM's ``policy`` for the campaign
(``campaign_start`` names it); a person's seat must be given an agent by the
caller (``sim play`` seats its prompt; a batch asks nobody and refuses).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from sim.blades.scenario import HUMAN, seat_problem
from sim.errors import UsageError


def seat_scenario(scenario: Any, overrides: Mapping[str, str] | None = None) -> tuple[Any, tuple[str, ...]]:
    """The scenario with ``overrides`` (``--seat``) laid over its ``seats:``, and the seats people hold.

    Raises UsageError for a seat the crew doesn't have or a holder that cannot sit there.
    """
    holders = dict(scenario.seats)
    holders.update(overrides or {})
    members = len(scenario.crew.members)
    for seat, holder in holders.items():
        why = seat_problem(seat, holder, members, scenario.factions)
        if why:
            raise UsageError(f"--seat: {why}" if seat in (overrides or {}) else why)
    people = sorted((seat for seat, holder in holders.items() if holder == HUMAN), key=_seat_order)
    seated = replace(scenario, seats=tuple(sorted(holders.items(), key=lambda kv: _seat_order(kv[0]))))
    return seated, tuple(people)


def seat_policy(scenario: Any, seat: str, default: str) -> str:
    """The policy that plays ``seat``: the scenario's ``seats:`` entry, else ``default`` (the member's or GM's)."""
    for name, holder in scenario.seats:
        if name == seat and holder != HUMAN:
            return holder
    return default


def people(scenario: Any) -> tuple[str, ...]:
    """The seats the scenario gives to people (``human``)."""
    return tuple(seat for seat, holder in scenario.seats if holder == HUMAN)


def _seat_order(seat: str) -> tuple[int, int, str]:
    if seat.startswith("faction."):
        return (2, 0, seat)
    return (0, 0, "") if seat == "gm" else (1, int(seat[2:]), "")
