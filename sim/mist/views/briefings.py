"""Briefings for a person in a mist seat (:mod:`sim.agents.briefing`): names, and the exact odds of each roll
option from :func:`sim.odds.mist_odds` (power -> the bands). Never rolls, never journals."""

from __future__ import annotations

from typing import Any

from sim.agents.base import Decision
from sim.agents.briefing import briefing, distribution, names_for
from sim.mist.state import MistGame
from sim.odds import mist_odds


@names_for(MistGame)
def mist_names(game: MistGame) -> dict:
    return {pc.id: pc.name for pc in game.characters}


def _odds(game: MistGame, power: int) -> dict:
    return distribution(mist_odds(power, game.options["mist_zero_power"]))


@briefing("mist_burn")
def brief_burn(game: MistGame, d: Decision) -> dict[str, Any]:
    """The odds without burning and with a burn (+2 over bringing the tag: +3 in place of +1, MIST.TAG.3)."""
    power = int(d.context.get("power", 0))
    return {"odds": {opt or "none": _odds(game, power + (2 if opt else 0)) for opt in d.options}}


@briefing("mist_mitigate")
def brief_mitigate(game: MistGame, d: Decision) -> dict[str, Any]:
    return {"odds": _odds(game, int(d.context.get("power", 0)))}


@briefing("mist_approach")
def brief_approach(game: MistGame, d: Decision) -> dict[str, Any]:
    """Per limit: the tags of the acting character that fit its approach (a power before weaknesses)."""
    pc = game.pc(d.seat)
    out = {}
    for status in d.options:
        approach = game.statuses[status]["approach"]
        tags = [t for th in pc.themes for t in th.tags if approach in game.tag_fits[t] and t not in pc.burned]
        out[status] = {"approach": approach, "tags": tags, "odds": _odds(game, len(tags))}
    return {"options": out}


@briefing("mist_effect")
def brief_effect(game: MistGame, d: Decision) -> dict[str, Any]:
    """What an extra feat is worth (MIST.EFFECT.1): each ally still to act in the scene, the power it would roll
    at best now (:func:`sim.mist.scene.ally_power`) and the odds of that roll without and with the opening."""
    if "extra_feat" not in d.options or game.challenge is None:
        return {}
    from sim.mist.scene import ally_power

    allies = {}
    for ally in game.active:
        if ally.id != d.seat and ally.id in game.scene_actors:
            power = ally_power(game, ally)
            allies[ally.id] = {"power": power, "odds": _odds(game, power), "with_opening": _odds(game, power + 1)}
    return {"allies": allies}
