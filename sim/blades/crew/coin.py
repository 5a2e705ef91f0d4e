"""Crew coin spent on a downtime roll: each coin raises the result one level (BITD.DOWNTIME.ACT.4).

Coin here is the crew's coin: the policy's ``coin_priority`` says what it is
for, so coin is spent on a purpose only if that purpose ranks before saving
for the next Tier, or if there is coin to spare beyond the Tier cost.
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Decision, decision
from sim.blades.advancement.advancement import tier_cost
from sim.blades.crew.state import Campaign, Scoundrel
from sim.dice import RESULTS, raise_result, ticks_for_result
from sim.rng import Rng


def coin_budget(traits: Mapping[str, Any], coin: int, tier_cost: int, purpose: str) -> int:
    """Crew coin a scripted policy lets go to ``purpose``: all of it if ``coin_priority`` ranks the purpose before
    saving for the next Tier, else only what is left beyond the Tier's cost. A policy's own reckoning: the rules
    offer every coin the crew has (a person may spend it all)."""
    priority = traits.get("coin_priority", ())
    if type(priority) is not list and type(priority) is not tuple:
        priority = list(priority)
    if purpose in priority and ("tier" not in priority or priority.index(purpose) < priority.index("tier")):
        return coin
    return max(0, coin - tier_cost)


_ROOM = {r: len(RESULTS) - 1 - i for i, r in enumerate(RESULTS)}  # levels a result may still be raised


@decision("coin_raise")
def choose_coin_raise(traits: Mapping[str, Any], d: Decision, rng: Rng) -> int:
    """Coin to spend raising a result (options 0..n): lift a 1-3 to 4/5, no further (trait ``coin_raise_max``)."""
    c = d.context
    want = 1 if c.get("result") == "failure" else 0
    if want and "heal_left" in c:  # recovery: only when the raise is what fills the healing clock
        want = int(ticks_for_result(raise_result(c["result"], 1)) >= c["heal_left"] > ticks_for_result(c["result"]))
    if not want and c["coin"] >= 0:  # the budget is never below 0 then: no need to reckon it
        want = min(0, int(traits.get("coin_raise_max", 1)))
    else:
        want = min(want, int(traits.get("coin_raise_max", 1)),
                   coin_budget(traits, c["coin"], c["tier_cost"], c["purpose"]))
    return max(o for o in d.options if o <= want)


def raise_with_coin(campaign: Campaign, pc: Scoundrel, result: str, purpose: str, **context: Any) -> tuple[int, str]:
    """BITD.DOWNTIME.ACT.4: each coin spent after the roll raises the result one level."""
    coin = campaign.crew.coin
    most = min(_ROOM[result], coin)
    if not most:
        return 0, result
    spent = campaign.ask(pc.id, "coin_raise", tuple(range(most + 1)), {
        "result": result, "purpose": purpose, "coin": coin, "tier_cost": tier_cost(campaign), **context})
    if spent:
        campaign.add_coin(-spent, purpose)
    return spent, raise_result(result, spent)
