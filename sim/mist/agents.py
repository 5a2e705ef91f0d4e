"""Scripted answers to the mist decisions, from each policy's mist traits (``content/agents/policies.yaml``,
section ``mist``). The rules offer the legal options (:mod:`sim.mist.scene`, :mod:`sim.mist.loop`); a
policy only weighs them. A person answers the same decisions through the seats (solo play).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from sim.agents.base import POLICY_FILE, Decision, ScriptedAgent, decision, pick_weighted
from sim.errors import UsageError
from sim.rng import Rng

_TRAITS: dict[str, Mapping[str, Mapping[str, Any]]] = {}


def mist_traits() -> Mapping[str, Mapping[str, Mapping[str, Any]]]:
    """``{"players": {policy: traits}, "gm": {policy: traits}}`` from the policy file's ``mist`` section."""
    if not _TRAITS:
        import yaml

        with open(POLICY_FILE, encoding="utf-8") as fh:
            doc = yaml.safe_load(fh)["mist"]
        for role in ("players", "gm"):
            _TRAITS[role] = MappingProxyType({n: MappingProxyType(dict(t)) for n, t in doc[role].items()})
    return _TRAITS


def mist_agent(role: str, name: str) -> ScriptedAgent:
    """The scripted policy ``name`` for a mist seat of ``role`` (``players`` or ``gm``)."""
    table = mist_traits()[role]
    if name not in table:
        raise UsageError(f"unknown mist {role} policy {name!r}; known: {', '.join(sorted(table))}")
    return ScriptedAgent(name, role, table[name])


# --- players ---------------------------------------------------------------------------------------------

@decision("mist_approach")
def choose_approach(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Work toward the limit that is nearest once the character's tags for it are counted (the levels still
    missing less the tags that fit, net of the challenge's tags against them; MIST.LIMIT.2, MIST.ROLL.2);
    ties by the offered order."""
    levels, limits, tags = d.context.get("levels", {}), d.context.get("limits", {}), d.context.get("tags", {})
    return min(d.options, key=lambda s: (limits.get(s, 6) - levels.get(s, 0) - tags.get(s, 0), d.options.index(s)))


@decision("mist_burn")
def choose_burn(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Burn a tag (MIST.TAG.3) when the power before burning is at most ``burn_below`` (in a heist, or anywhere
    with ``burn_in_montage``); the last tag offered goes first."""
    if not (d.context.get("heist") or traits["burn_in_montage"]):
        return ""
    return d.options[-1] if d.context.get("power", 0) <= traits["burn_below"] else ""


@decision("mist_effect")
def choose_effect(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """MIST.EFFECT.1: ease one's own worst harm at ``heal_at``, clear a hindering tag, buy a story tag with a
    big budget; give an ally who would roll at power 0 or below an opening (an extra feat: a d8 alone can't
    reach 9, and with the opening the ally's failures halve), one per such ally, with ``open_for_weak``; when
    preparing, bolster a helpful status up to ``bolster_to`` (it helps every roll and cancels its opposite
    harm, MIST.STATUS.2); else push the challenge toward its limit, buying a clue when the limit is far."""
    options, ctx = d.options, d.context
    statuses = ctx.get("statuses", {})
    if "status_down" in options and max(statuses.values(), default=0) >= traits["heal_at"]:
        return "status_down"
    if "remove_tag" in options and traits["remove_tags"]:
        return "remove_tag"
    if "create_tag" in options and ctx.get("budget", 0) >= traits["create_tag_budget"]:
        return "create_tag"
    if "extra_feat" in options and traits["open_for_weak"] and ctx.get("weak_allies", 0) > ctx.get("openings", 0):
        return "extra_feat"
    if "bolster" in options and ctx.get("purpose") == "prepare" and (ctx.get("helpful") or 0) < traits["bolster_to"]:
        return "bolster"
    if "clue" in options and ctx.get("limit", 6) - ctx.get("level", 0) > ctx.get("budget", 0) + traits["clue_margin"]:
        return "clue"
    return "status_up"


@decision("mist_mitigate")
def choose_mitigate(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """Mitigate (MIST.SCENE.2) a status of ``mitigate_from`` or more, or one that would reach the limit."""
    ctx = d.context
    near = ctx.get("limit") is not None and ctx.get("current", 0) + ctx.get("level", 0) >= ctx["limit"]
    return True if (ctx.get("level", 0) >= traits["mitigate_from"] or near) and ctx.get("power", 0) > 0 else False


@decision("mist_unleash")
def choose_unleash(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Unleash a theme past the limit (option ``mist_unleash``) rather than be lost, with ``unleash``: the theme
    nearest to fading anyway (the most decay or abandonment), the last offered on a tie."""
    if not traits["unleash"]:
        return ""
    fade = d.context.get("fade", {})
    themes = [k for k in d.options if k]
    return max(themes, key=lambda k: (fade.get(k, 0), themes.index(k))) if themes else ""


@decision("mist_new_theme")
def choose_new_theme(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The nascent theme that replaces a lost one (MIST.ARC.REPLACE.2): any kit of the right type."""
    return d.options[int(rng.random() * len(d.options))]


@decision("mist_growth")
def choose_growth(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """MIST.ARC.GROW.2: the first growth of ``growth_order`` on offer (a reset only with decay marked)."""
    for growth in traits["growth_order"]:
        if growth in d.options:
            return growth
    return d.options[0]


@decision("mist_pursue")
def choose_pursue(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """MIST.ARC.GROW.1/FADE.1: pursue the Gift (or, with ``pursue_selves``, the theme) nearest to fading;
    prepare instead (``""``) with chance ``prepare_chance``."""
    if rng.random() < traits["prepare_chance"]:
        return ""
    fade, types = d.context.get("fade", {}), d.context.get("types", {})
    choices = [k for k in d.options if k and (types.get(k) == "gift" or traits["pursue_selves"])]
    if not choices:
        return ""
    return max(choices, key=lambda k: (fade.get(k, 0), -choices.index(k)))


@decision("mist_cling")
def choose_cling(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """MIST.ARC.FADE.1: hold on to a Self pursued this chapter; one only used, with ``cling_chance``; one left
    unused is let go."""
    if d.context.get("pursued"):
        return True
    return bool(d.context.get("used")) and rng.random() < traits["cling_chance"]


@decision("mist_ending")
def choose_ending(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """MIST.EVOLUTION.1: the policy's ``ending`` once evolution reaches ``ending_at``."""
    if d.context.get("evolution", 0) < traits["ending_at"]:
        return ""
    return traits["ending"] if traits["ending"] in d.options else ""


@decision("mist_forgo")
def choose_forgo(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """MIST.ARC.FADE.1: give up the pursuit rather than let a status reach ``forgo_at``."""
    ctx = d.context
    return ctx.get("current", 0) + ctx.get("level", 0) >= traits["forgo_at"]


@decision("mist_new_character")
def choose_new_character(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """MIST.EVOLUTION.1: after a return to calm, make a new character (``new_character``)."""
    return bool(traits["new_character"])


# --- the MC -------------------------------------------------------------------------------------------------

@decision("mist_weakness")
def choose_weakness(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Bring a weakness into the roll (MIST.ROLL.2) with chance ``weakness_chance``; lingering wounds first."""
    live = [o for o in d.options if o]
    if not live or rng.random() >= traits["weakness_chance"]:
        return ""
    wounds = [w for w in live if w in d.context.get("wounds", ())]
    return (wounds or live)[0]


@decision("mist_threat")
def choose_threat(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """The threat to cash in (MIST.SCENE.2): any, alike."""
    return d.options[int(rng.random() * len(d.options))]


@decision("mist_threat_level")
def choose_threat_level(traits: Mapping[str, Any], d: Decision, rng: Rng) -> int:
    """How hard a consequence lands (MIST.OPEN.5): the policy's ``threat_shift`` (-1, 0 or +1)."""
    return traits["threat_shift"]


@decision("mist_montage")
def choose_montage(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """A montage scene's challenge (MIST.CHAPTER.1), drawn by the content's weights."""
    return pick_weighted(rng, d.options, d.context.get("weights") or [1] * len(d.options))
