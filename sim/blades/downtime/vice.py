"""Indulging vice in downtime (BITD.DOWNTIME.VICE): the roll, the friend's die, overindulgence, and the stress
of a vice left unindulged."""

from __future__ import annotations

from itertools import repeat
from typing import Any, Mapping

from sim.agents.base import Decision, decision
from sim.blades.crew.coin import raise_with_coin
from sim.blades.crew.state import ACTIONS_BY_ATTRIBUTE, Campaign, Scoundrel
from sim.blades.downtime.downtime import roll_dice
from sim.rng import Rng

OVERINDULGENCES = ("attract_trouble", "brag", "lost", "tapped")  # BITD.DOWNTIME.VICE.2


@decision("overindulge")
def choose_overindulgence(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """BITD.DOWNTIME.VICE.2: the first of the policy's ``overindulgence_order`` on offer."""
    for option in traits.get("overindulgence_order", OVERINDULGENCES):
        if option in d.options:
            return option
    return d.options[0]


def vice_dice(campaign: Campaign, pc: Scoundrel, helped: bool | None = None) -> int:
    """BITD.DOWNTIME.VICE.1: the lowest attribute, +1d when a friend helps (``helped``; None: whenever one may)."""
    if helped is None:
        helped = friend_may_help(campaign, pc)
    return lowest_attribute(pc) + (1 if helped else 0)


def lowest_attribute(pc: Scoundrel) -> int:
    """BITD.ATTR.2: ``pc``'s lowest attribute rating (the least of ``pc.attribute``), counted in one pass."""
    get = pc.actions.get
    return min(sum(map(_RATED, map(get, actions, repeat(0)))) for actions in _ATTRIBUTE_ACTIONS)


_RATED = (1).__le__  # a rating of 1 or more counts towards its attribute (BITD.ATTR.2): True sums as 1
_ATTRIBUTE_ACTIONS = tuple(ACTIONS_BY_ATTRIBUTE.values())


def friend_may_help(campaign: Campaign, pc: Scoundrel) -> bool:
    """BITD.DOWNTIME.ACT.4, BITD.DOWNTIME.VICE.1: a scoundrel with a close friend may ask their help (option
    ``vice_helper_die``)."""
    return bool(campaign.options["vice_helper_die"] and pc.friend)


def friend_helps(campaign: Campaign, pc: Scoundrel, lowest: int | None = None) -> bool:
    """Whether the scoundrel asks their friend to join the vice (+1d, so more stress cleared and a likelier
    overindulgence): the scoundrel's choice (``vice_friend``) when a friend may help (``lowest``: the scoundrel's
    :func:`lowest_attribute`, if known)."""
    if not (pc.friend and campaign.options["vice_helper_die"]):  # friend_may_help
        return False
    return bool(campaign.ask(pc.id, "vice_friend", (True, False), {
        "pc": pc.id, "friend": pc.friend, "stress": pc.stress,
        "dice": lowest_attribute(pc) if lowest is None else lowest}))


@decision("vice_friend")
def choose_vice_friend(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Ask the friend once stress is at least ``vice_friend_min_stress`` (below it the extra die mostly adds
    overindulgence)."""
    return d.context["stress"] >= int(traits.get("vice_friend_min_stress", 0))


def indulge_vice(campaign: Campaign, pc: Scoundrel) -> int:
    """BITD.DOWNTIME.VICE.1-2: roll the lowest attribute; clear stress = the die; more than marked overindulges."""
    opts = campaign.options
    lowest = lowest_attribute(pc)
    helped = friend_helps(campaign, pc, lowest)
    friend = 1 if helped else 0
    dice_from = {"lowest_attribute": lowest, "friend": friend}
    roll = roll_dice(campaign, lowest + friend)
    cleared = roll.die
    spent = 0
    if opts["vice_coin_raise"]:
        spent, _ = raise_with_coin(campaign, pc, roll.result, "indulge_vice")
        cleared = min(6, cleared + spent)  # each coin clears one more, up to a 6
    before = pc.stress
    overindulged = cleared > before
    campaign.log_activity(pc, "indulge_vice", dice=roll.dice, faces=list(roll.faces), result=roll.result,
                          coin_spent=spent, bonus_levels=0, final_result=roll.result, friend_helped=helped,
                          dice_from=dice_from)
    campaign.add_stress(pc, -cleared, "vice")
    if not campaign.journal.skip("vice"):
        campaign.emit("vice", pc=pc.id, dice=roll.dice, faces=list(roll.faces), die=roll.die, coin_spent=spent,
                      cleared=cleared, stress_before=before, stress_after=pc.stress, overindulged=overindulged,
                      vice=pc.vice)
    if overindulged:
        campaign.count("overindulgences")
        choice = campaign.ask(pc.id, "overindulge", OVERINDULGENCES, {})
        campaign.overindulge(pc, choice)
        if choice == "attract_trouble":  # an extra entanglement, now
            from sim.blades.downtime.entanglements import roll_entanglement

            roll_entanglement(campaign, "attract trouble")
        elif choice == "brag":
            campaign.add_heat(0, {"brag": 2})
        elif choice == "lost":  # gone for weeks (away for the next score), all harm healed on return
            campaign.set_status(pc, "lost", "lost in vice")
        # tapped: the purveyor cuts them off (``overindulge`` forgets them); they find a new source
    return cleared


def unindulged_vice(campaign: Campaign, pc: Scoundrel) -> int:
    """BITD.DOWNTIME.VICE.3: not indulging costs stress = trauma; trauma's satisfied vice waives it once."""
    if pc.id in campaign.ledger.indulged:
        return 0
    if pc.vice_satisfied:
        campaign.set_vice_satisfied(pc, False, "waived unindulged vice")
        return 0
    if pc.trauma:
        campaign.add_stress(pc, len(pc.trauma), "vice unsatisfied")
    return len(pc.trauma)
