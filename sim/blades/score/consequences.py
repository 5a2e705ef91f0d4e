"""Consequences of an action roll (BITD.ACTION.5, BITD.CONSEQ, BITD.HARM.2).

The GM reads the position and result (:func:`consequence_kinds`), picks a kind
(harm share by GM trait), a severity (by position, shifted by the GM's
``severity_shift``), and for a complication draws one from
``blades/complications`` by plan, position and severity. The scoundrel (or a
teammate who protects them, BITD.TEAM.3) may resist (BITD.RESIST, armor), then
what is left is applied through :func:`sim.blades.score.effects.apply_effect`.

BITD.CONSEQ.2: on a partial success the draw never includes a complication
that loses the opportunity (it would negate the success just granted).
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Decision, decision, pick_weighted
from sim.blades.crew import abilities
from sim.blades.score.effects import ScoreTally, apply_effect, starts_war
from sim.blades.score.resist import resist_complication, resist_harm
from sim.blades.score.teamwork import pick_protector
from sim.blades.tables import SEVERITIES, draw_id, make_pool, score_tables
from sim.rng import Rng

SEVERITY_OF_POSITION = {"controlled": "minor", "risky": "standard", "desperate": "serious"}  # BITD.ACTION.5

#: BITD.ACTION.5: consequences the GM may pick, by (position, result).
_KINDS = {
    ("controlled", "partial"): ("harm", "complication", "reduced_effect", "worse_position"),
    ("risky", "partial"): ("harm", "complication", "reduced_effect", "worse_position"),
    ("desperate", "partial"): ("harm", "complication", "reduced_effect"),
    ("risky", "failure"): ("harm", "complication"),
    ("desperate", "failure"): ("harm", "complication"),
}


def consequence_kinds(position: str, result: str) -> tuple[str, ...]:
    """The consequences the GM chooses from (BITD.ACTION.5); none on a 6 or critical.

    A controlled failure inflicts nothing: the scoundrel falters and presses on
    from a risky position (the caller worsens the next position). Risky and
    desperate failures carry one of harm or complication *and* worsen things
    further (end up desperate / lose this opportunity), which the caller adds: one roll may bring several
    consequences, each resisted on its own (BITD.CONSEQ.3).
    """
    return _KINDS.get((position, result), ())


def severity_for(position: str, shift: int = 0) -> str:
    """BITD.ACTION.5, BITD.CONSEQ.1: minor / standard / serious by position, moved ``shift`` steps."""
    i = SEVERITIES.index(SEVERITY_OF_POSITION[position]) + shift
    return SEVERITIES[max(0, min(len(SEVERITIES) - 1, i))]


#: plans whose harm is supernatural terror (mental harm of the occult, BITD.RESIST.2) [inferred]
TERROR_PLANS = ("occult",)


def immune(campaign: Any, pc: Any, what: str) -> bool:
    """Whether ``pc``'s abilities (``immune``) make them immune to ``what`` (Iron will: ``supernatural_terror``)."""
    return what in (abilities.mechanic_value(campaign, pc, "immune", ()) or ())


def inflict(campaign: Any, tally: ScoreTally, pc: Any, position: str, result: str, *, plan: str,
            target_faction: str | None, action: str = "", assistant: Any = None,
            only: tuple[str, ...] = ()) -> str | None:
    """Choose, resist and apply the consequence of ``pc``'s roll; return its kind (None if none). Harm may be
    shared with the teammate who assisted the roll (``assistant``, :func:`share_with_assistant`). ``only``: the
    kinds already chosen (a cohort's complication, :mod:`sim.blades.advancement.cohorts`)."""
    kinds = only or consequence_kinds(position, result)
    if kinds and plan in TERROR_PLANS and "harm" in kinds and immune(campaign, pc, "supernatural_terror"):
        kinds = tuple(k for k in kinds if k != "harm")  # Iron will: the supernatural's mental harm can't touch them
    if not kinds:
        return None
    kind = campaign.ask("gm", "consequence", kinds, {"pc": pc.id, "position": position, "result": result})
    tally.noticed += 1
    severity = campaign.ask("gm", "severity", SEVERITIES, {
        "position": position, "suggested": SEVERITY_OF_POSITION[position]})
    level = SEVERITIES.index(severity) + 1  # BITD.HARM.2: lesser 1, harm 2, severe 3
    if kind == "harm":
        if not campaign.journal.skip("consequence"):  # nobody reads it: seq only
            campaign.emit("consequence", pc=pc.id, kind="harm", severity=severity, level=level, position=position,
                          result=result, action=action)
        _harm(campaign, pc, level, plan, severity, position)
        share_with_assistant(campaign, pc, assistant, level, plan, severity)
        return kind
    if kind == "complication":
        tables = score_tables(campaign.content)
        key = (plan, position, severity)
        pool = tables.complications[key] if result == "failure" else tables.safe_complications[key]
        if not pool:
            pool = tables.complications[key]
        if tally.complications and any(i in tally.complications for i in pool.ids):
            fresh = [c for c in pool.entries if c["id"] not in tally.complications]
            if fresh:  # the same complication twice in one score is no new trouble: the GM draws another
                pool = make_pool(fresh)
        war = tuple(c["id"] for c in pool.entries  # only a status price can start a war (most have none)
                    if c["effect"].get("status") and starts_war(campaign, c["effect"], target_faction))
        entry = campaign.ask("gm", "complication", pool.ids, {
            "weights": pool.weights, "starts_war": war, "pc": pc.id, "severity": severity, "result": result})
        comp = pool.entries[pool.ids.index(entry)]
        tally.complications.append(comp["id"])
        if not campaign.journal.skip("consequence"):  # nobody reads it: seq only
            campaign.emit("consequence", pc=pc.id, kind="complication", severity=severity, level=level,
                          position=position, result=result, action=action)
        effect = comp["effect"]
        if result != "failure" and effect.get("lose_opportunity"):  # BITD.CONSEQ.2 (only if the table has no other)
            effect = {k: v for k, v in effect.items() if k != "lose_opportunity"}
        if not campaign.journal.skip("complication"):  # nobody reads it: seq only
            campaign.emit("complication", id=comp["id"], pc=pc.id, severity=severity, effect=dict(effect))
        campaign.count("complication")
        if "harm" in effect:  # harm is harm, however it comes: protect, armor and resistance as for harm
            _harm(campaign, pc, int(effect["harm"]), plan, severity, position)
            effect = {k: v for k, v in effect.items() if k != "harm"}
        if effect:
            landed = resist_complication(campaign, pc, effect, severity, plan, "complication", position)
            if landed:
                apply_effect(campaign, landed, pc=pc, target_faction=target_faction, scene=tally, reason="complication")
        return kind
    if not campaign.journal.skip("consequence"):  # nobody reads it: seq only
        campaign.emit("consequence", pc=pc.id, kind=kind, severity=severity, level=level, position=position,
                      result=result, action=action)
    if kind == "reduced_effect":  # BITD.CONSEQ.1: -1 effect on this action, after all other factors
        tally.pending_effect -= 1
    else:  # worse position: the next try at this obstacle is one step worse
        tally.pending_worse += 1
    return kind


def _harm(campaign: Any, pc: Any, level: int, plan: str, severity: str, position: str = "") -> None:
    """Harm meant for ``pc``: a teammate may take it (BITD.TEAM.3), then armor and resistance, then the harm track."""
    victim = pick_protector(campaign, pc, level) or pc
    if victim is not pc:
        campaign.emit("protect", pc=victim.id, protected=pc.id, level=level)
        campaign.count("protect")
    landed = resist_harm(campaign, victim, level, plan, "harm", protecting=victim is not pc, position=position)
    if landed > 0:
        campaign.take_harm(victim, landed, f"{plan} {severity} harm")


def share_with_assistant(campaign: Any, pc: Any, assistant: Any, level: int, plan: str, severity: str) -> bool:
    """BITD.TEAM.1: the teammate who assisted may share in the consequences; the GM says whether
    (``assist_consequence``). Sharing harm of ``level`` gives the assistant harm one level lower `[inferred]`
    (lesser harm shares nothing), resisted as usual. Journals ``consequence`` for the assistant with
    ``shared_from``; True when shared."""
    if assistant is None or level < 2 or not (assistant.active and not assistant.taken_out):
        return False
    choice = campaign.ask("gm", "assist_consequence", ("none", "share"), {
        "pc": pc.id, "assistant": assistant.id, "level": level})
    if choice != "share":
        return False
    campaign.emit("consequence", pc=assistant.id, kind="harm", severity=SEVERITIES[level - 2], level=level - 1,
                  position="", result="", action="", shared_from=pc.id)
    _harm(campaign, assistant, level - 1, plan, SEVERITIES[level - 2])
    return True


# --- scripted answers ------------------------------------------------------------


@decision("assist_consequence")
def choose_assist_consequence(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """GM trait ``assist_share_chance``: the chance the helper shares in harm."""
    chance = float(traits.get("assist_share_chance", 0))
    return "share" if chance > 0 and rng.random() < chance else "none"

@decision("consequence")
def choose_consequence(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """GM traits ``harm_share`` (harm vs the rest) and ``soft_share`` (of the rest: reduced effect or worse position)."""
    opts = d.options
    if "harm" in opts and rng.random() < traits["harm_share"]:
        return "harm"
    soft = [k for k in opts if k in ("reduced_effect", "worse_position")]
    if soft and rng.random() < traits["soft_share"]:
        return soft[int(rng.random() * len(soft))]
    return "complication"


@decision("severity")
def choose_severity(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """GM trait ``severity_shift``: consequences lighter or heavier than the position suggests."""
    return severity_for(d.context["position"], traits["severity_shift"])


@decision("complication")
def choose_complication(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """A weighted draw from the fitting complications (``weight`` in the table); GM trait ``war_weight`` scales the
    weight of those whose status price would start a war (context ``starts_war``, BITD.FACTION.7)."""
    ids, weights, war = d.options, d.context["weights"], d.context.get("starts_war")
    factor = traits["war_weight"]
    if not war or factor == 1 or all(i in war for i in ids):
        return draw_id(rng, ids, weights)
    return pick_weighted(rng, ids, [w * (factor if i in war else 1) for i, w in zip(ids, weights)])
