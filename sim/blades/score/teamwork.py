"""Teamwork (BITD.TEAM): who assists, who protects, who leads, who sets up.

The rolls themselves are made by :mod:`sim.blades.score.action`; this module holds
the small rules and the scripted answers to the teamwork questions.

* BITD.TEAM.1 assist: one teammate, 1 stress, +1d.
* BITD.TEAM.2 group action: the best result counts for all; the leader takes
  1 stress per participant whose roll failed (:func:`leader_stress`).
* BITD.TEAM.3 protect: a teammate takes a consequence meant for another.
* BITD.TEAM.4 set up: a success gives the follow-up +1 effect or a better position.
* BITD.TEAM.5 only a teammate who is there can take part in teamwork (:func:`present`).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from sim.agents.base import Decision, decision
from sim.dice import RESULTS
from sim.rng import Rng

APPROACHES = ("solo", "group", "setup")


def best_result(results: Sequence[str]) -> str:
    """BITD.TEAM.2: the single best result of a group action counts for everyone."""
    return max(results, key=RESULTS.index)


def leader_stress(results: Sequence[str], leader_result: str | None, counts_self: bool = True) -> int:
    """BITD.TEAM.2: 1 stress per participant whose roll failed (1-3).

    ``results`` are the other participants'; ``leader_result`` the leader's own
    roll, counted when ``counts_self`` (option ``group_leader_counts_self``).
    """
    n = sum(1 for r in results if r == "failure")
    if counts_self and leader_result == "failure":
        n += 1
    return n


def present(pc: Any) -> bool:
    """BITD.TEAM.5: teamwork needs a way to communicate or coordinate: a teammate who is not there (away in prison
    or dead, sitting this score out, taken out of it) can't assist, protect or join a group action. A cohort sent
    alone acts with no scoundrel there (:func:`sim.blades.advancement.cohorts.send`: nobody may assist it)."""
    return pc.status == "active" and not pc.taken_out


def can_assist(pc: Any) -> bool:
    """A teammate can help while there (:func:`present`, BITD.TEAM.5) and not incapacitated by level-3 harm."""
    return present(pc) and not pc.harm[3]


def pick_assistant(campaign: Any, actor: Any, position: str, action: str, dice: int = 0,
                   exclude: Sequence[Any] = (), effect: str | None = None) -> Any:
    """BITD.TEAM.1: ask teammates in crew order; the first who agrees assists (only one per roll).

    ``dice`` is the actor's pool before help (what the help would add to), ``effect`` the roll's (what a person's
    briefing reads). Teammates who lead (people, issue 30) are asked first, so a person is always offered the
    chance to help before a script takes it.
    """
    target, needs_help = actor.id, bool(actor.harm[3])
    mates = campaign.pcs
    seats = campaign.seats
    if seats.anyone_leads():
        mates = sorted(mates, key=lambda m: not seats.leads(m.id))
    for mate in mates:  # can_assist, inline: asked of every teammate on every roll
        if mate is actor or mate.status != "active" or mate.taken_out or mate.harm[3] or mate in exclude:
            continue
        if campaign.ask(mate.id, "assist", (False, True), {
                "pc": mate.id, "target": target, "position": position, "action": action, "dice": dice,
                "stress": mate.stress, "stress_max": mate.stress_max, "needs_help": needs_help,
                **({"effect": effect} if effect is not None else {})}):
            return mate
    return None


def pick_protector(campaign: Any, victim: Any, level: int) -> Any:
    """BITD.TEAM.3: a teammate may step in front of harm meant for ``victim``."""
    vid, victim_harm = victim.id, victim.worst_harm  # the same for every teammate asked (asking changes nothing)
    for mate in campaign.pcs:  # can_assist, inline
        if mate is victim or mate.status != "active" or mate.taken_out or mate.harm[3]:
            continue
        if campaign.ask(mate.id, "protect", (False, True), {
                "pc": mate.id, "victim": vid, "level": level, "victim_harm": victim_harm, "own_harm": mate.worst_harm,
                "stress": mate.stress}):
            return mate
    return None


# --- scripted answers ------------------------------------------------------------

@decision("assist")
def choose_assist(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player trait ``assist_max_stress``: help when it matters.

    Always when the actor cannot act without help (level-3 harm); otherwise
    on a desperate roll, or a risky one with a single die or none.
    """
    c = d.context
    if c["stress"] >= c["stress_max"] - 1 or c["stress"] > traits["assist_max_stress"]:
        return False
    return c["needs_help"] or c["position"] == "desperate" or (c["position"] == "risky" and c["dice"] <= 1)


@decision("protect")
def choose_protect(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Player trait ``protect_min_harm``: step in when a teammate already hurt faces harm this bad and I am less hurt."""
    c = d.context
    return (c["level"] >= traits["protect_min_harm"] and c["victim_harm"] >= 2 and c["own_harm"] < c["victim_harm"]
            and c["stress"] <= traits["assist_max_stress"])


@decision("approach")
def choose_approach(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """How the spotlight scoundrel takes on the obstacle: alone, leading a group action, or setting up a teammate.

    Player traits ``group_chance`` and ``setup_chance``: chances, tried in
    that order, when the option is open (the scene offers ``group`` only when
    every teammate has a dot in the action, ``setup`` only when a teammate is
    better at it or the effect is poor). At zero effect a setup is the way on,
    or a group action when fighting together lifts the effect (scale, BITD.EFFECT.2). First, where the crew's
    cohort fits the plan (BITD.COHORT.7), traits ``cohort_chance`` (lead it) and ``send_cohort_chance`` (send it
    alone, when its position would not be desperate). A scoundrel with Leader Commanding the cohort in a fight
    (context ``leader``, BITD.COHORT.10) leads it whenever it fits, hurt or not (it fights on for them).
    """
    c = d.context
    if c.get("leader") and "cohort" in d.options and c["cohort_fits"]:
        return "cohort"  # BITD.COHORT.10: the Leader came to command their cohort
    if "cohort" in d.options and c["cohort_fits"] and c["cohort_dice"] >= 1 and rng.random() < traits["cohort_chance"]:
        return "cohort"  # BITD.COHORT.7: lead the cohort where one of its types fits the plan
    if "send_cohort" in d.options and c["cohort_fits"] and c["cohort_dice"] >= 1 and c["cohort_position"] != "desperate" \
            and rng.random() < traits["send_cohort_chance"]:
        return "send_cohort"
    if "group" in d.options and c["effect"] == "zero" and c.get("group_effect", "zero") != "zero":
        return "group"
    if "group" in d.options and rng.random() < traits["group_chance"]:
        return "group"
    if "setup" in d.options and (d.context["effect"] == "zero" or rng.random() < traits["setup_chance"]):
        return "setup"
    return "solo"


@decision("setup_benefit")
def choose_setup_benefit(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """BITD.TEAM.4: the setup's author picks: improved position when the follow-up is desperate, else +1 effect."""
    return "position" if d.context["position"] == "desperate" and "position" in d.options else "effect"
