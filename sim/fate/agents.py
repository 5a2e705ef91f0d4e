"""Scripted answers to Fate scene decisions, and the Fate traits of each policy.

The decisions (registered with :func:`sim.agents.decision`) read traits from
:data:`FATE_POLICIES`, keyed by the same policy names as
``content/agents/policies.yaml`` (players: careful / bold / reckless; GM:
gentle / standard / gritty). They are kept here, in code, because that YAML
file requires every policy of a role to carry the same traits and belongs to
the Blades campaign; :func:`fate_agent` builds an agent from them.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from sim.agents.base import Decision, ScriptedAgent, decision
from sim.errors import UsageError
from sim.rng import Rng

PLAYER_TRAITS = ("keep_points", "concede_after", "advantage_chance", "absorb", "style_boost", "support")
#: Fate traits per policy. keep_points: pay for invokes only while holding more fate points than this;
#: concede_after: concede once this many consequences were taken in the scene (99: never);
#: advantage_chance: chance to create an advantage instead of attacking (conflict) or helping (contest);
#: absorb: "stress_first" (boxes before consequences) or "save_boxes" (consequences before boxes);
#: style_boost: trade 1 shift of a styled hit for a boost when it doesn't change whether the target goes down;
#: support: "give_invoke" (keep the roll and hand the other side a free invoke) or "forfeit" after a failed contest advantage;
#: refuse_at: refuse a compel when holding at least this many fate points (99: never refuse);
#: milestones: a minor milestone's choices in order of preference (FATE.ADV.1);
#: GM only: compel_chance: chance to offer each PC a compel as a scene opens (FATE.ASPECT.6);
#: failure_reading: how the GM reads a failed challenge task (FATE.OUTCOME.2).
FATE_POLICIES: Mapping[str, Mapping[str, Mapping[str, Any]]] = MappingProxyType({
    "players": MappingProxyType({
        "careful": MappingProxyType({"keep_points": 1, "concede_after": 2, "advantage_chance": 0.35,
                                     "absorb": "stress_first", "style_boost": True, "support": "forfeit",
                                     "refuse_at": 4, "milestones": ("buy_stunt", "rewrite_stunt", "swap_skills", "replace_average", "rewrite_aspect")}),
        "bold": MappingProxyType({"keep_points": 0, "concede_after": 3, "advantage_chance": 0.2,
                                  "absorb": "stress_first", "style_boost": True, "support": "give_invoke",
                                  "refuse_at": 3, "milestones": ("swap_skills", "buy_stunt", "rewrite_stunt", "replace_average", "rewrite_aspect")}),
        "reckless": MappingProxyType({"keep_points": 0, "concede_after": 99, "advantage_chance": 0.1,
                                      "absorb": "save_boxes", "style_boost": False, "support": "give_invoke",
                                      "refuse_at": 99, "milestones": ("swap_skills", "rewrite_aspect", "buy_stunt")}),
    }),
    "gm": MappingProxyType({
        "gentle": MappingProxyType({"keep_points": 1, "concede_after": 1, "advantage_chance": 0.3,
                                    "absorb": "stress_first", "style_boost": True, "support": "forfeit", "pcs_first": True,
                                    "compel_chance": 0.25, "failure_reading": "major"}),
        "standard": MappingProxyType({"keep_points": 0, "concede_after": 2, "advantage_chance": 0.25,
                                      "absorb": "stress_first", "style_boost": True, "support": "give_invoke", "pcs_first": True,
                                      "compel_chance": 0.45, "failure_reading": "take_a_hit"}),
        "gritty": MappingProxyType({"keep_points": 0, "concede_after": 3, "advantage_chance": 0.2,
                                    "absorb": "stress_first", "style_boost": False, "support": "give_invoke", "pcs_first": False,
                                    "compel_chance": 0.6, "failure_reading": "simple_failure"}),
    }),
})


def fate_agent(role: str, policy: str) -> ScriptedAgent:
    """A scripted agent for a Fate scene seat: ``role`` "players" or "gm"."""
    try:
        table = FATE_POLICIES[role]
    except KeyError:
        raise UsageError(f"unknown role {role!r}; known: players, gm") from None
    if policy not in table:
        raise UsageError(f"unknown Fate {role} policy {policy!r}; known: {', '.join(sorted(table))}")
    return ScriptedAgent(policy, role, table[policy])


def seats_for(pc_ids, player_policy: str | Mapping[str, str] = "careful", gm_policy: str = "standard") -> dict:
    """Seats for a scene: each PC id with its player policy (one name, or a mapping id -> name), and ``gm``."""
    seats = {"gm": fate_agent("gm", gm_policy)}
    for pc in pc_ids:
        name = player_policy if isinstance(player_policy, str) else player_policy.get(pc, "careful")
        seats[pc] = fate_agent("players", name)
    return seats


@decision("fate_invoke")
def choose_invoke(traits: Mapping[str, Any], d: Decision, rng: Rng) -> Any:
    """FATE.ASPECT.3: spend free invokes while short of ``free_goal``; pay only when +2 reaches ``goal``."""
    gap, goal, free_goal = d.context["gap"], d.context["goal"], d.context["free_goal"]
    free = [o for o in d.options if o[0] == "free"]
    paid = [o for o in d.options if o[0] == "paid"]
    if free and gap < free_goal:
        return free[0]
    if paid and gap < goal and d.context["fate_points"] > traits["keep_points"]:
        if paid[0][2] == "reroll" or gap + 2 >= goal:
            return paid[0]
    return d.options[0]


@decision("fate_oppose")
def choose_oppose(traits: Mapping[str, Any], d: Decision, rng: Rng) -> Any:
    """FATE.ASPECT.3: spend a held free invoke to make an opponent's roll 2 harder when that changes its outcome for
    the worse (a tie to a failure, a success to a tie or a failure, style to a plain success): any gap 0-3."""
    return d.options[1] if len(d.options) > 1 and 0 <= d.context["gap"] <= 3 else d.options[0]


@decision("fate_absorb")
def choose_absorb(traits: Mapping[str, Any], d: Decision, rng: Rng) -> Any:
    """FATE.CONFLICT.CONSEQ.2: the player picks boxes and slots. Options come fewest-consequences first."""
    if traits["absorb"] == "save_boxes":  # fewest boxes, then the lightest consequences
        value = {name: slot["value"] for name, slot in d.context["slots"].items()}
        return min(d.options, key=lambda o: (o[0], sum(value[n] for n in o[1]), len(o[1])))
    return d.options[0]


@decision("fate_soak_boost")
def choose_soak_boost(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """FATE.ACTION.4 (option fate_hit_soak: seed): give up a held boost for one shift when the stress boxes alone
    can't take the hit (it saves a consequence, or keeps us in); a boost is worth less than a consequence."""
    return d.context["hit"] > d.context["boxes"]


@decision("fate_concede")
def choose_concede(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """FATE.CONFLICT.4: concede once the scene has cost ``concede_after`` consequences, or when already hurt
    and a good hit would take us out. Minor NPCs don't concede: they are there to be taken out (FATE.CHAR.5)."""
    if d.context["character_kind"] == "minor":
        return False
    taken = d.context["taken"]
    if taken >= traits["concede_after"]:
        return True
    return bool(d.context.get("doomed")) and taken >= 1 and traits["concede_after"] < 99


@decision("fate_style_boost")
def choose_style_boost(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """FATE.ACTION.4: trade a shift for a boost unless that shift decides whether the target is taken out."""
    hit, capacity = d.context["hit"], d.context["capacity"]
    if (hit > capacity) != (hit - 1 > capacity):
        return False
    return bool(traits["style_boost"])


@decision("fate_next_actor")
def choose_next_actor(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """FATE.SCENE.6: hand the turn to an ally (the best fighter first), else to the weakest enemy."""
    side, sides, punch = d.context["side"], d.context["sides"], d.context["best_attack"]
    ours = [c for c in d.options if sides[c] == side]
    if ours:
        return max(ours, key=lambda c: (punch[c], -d.options.index(c)))
    return min(d.options, key=lambda c: (punch[c], d.options.index(c)))


@decision("fate_first_actor")
def choose_first_actor(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """FATE.SCENE.6: the table decides from the fiction; a GM policy lets the PCs (or the NPCs) open."""
    npc, punch = d.context["npc"], d.context["best_attack"]
    pcs = [c for c in d.options if not npc[c]]
    npcs = [c for c in d.options if npc[c]]
    first = (pcs or npcs) if traits.get("pcs_first", True) else (npcs or pcs)
    return max(first, key=lambda c: (punch[c], -d.options.index(c)))


@decision("fate_action")
def choose_action(traits: Mapping[str, Any], d: Decision, rng: Rng) -> Any:
    """A conflict turn: a poor fighter (best attack at most Average) helps an ally rated Good or better
    who hasn't acted (FATE.TEAM.3); otherwise create an advantage now and then (``advantage_chance``)
    when holding no free invoke, else attack the enemy closest to being taken out, else move toward the fight."""
    ratings, allies, capacity = d.context["ratings"], d.context["allies"], d.context["capacity"]
    attacks = [o for o in d.options if o[0] == "attack"]
    helps = [o for o in d.options if o[0] == "help" and allies[o[1]][o[2]] >= 3]
    best_attack = max((ratings.get(o[2], 0) for o in attacks), default=0)
    if helps and best_attack <= 1:
        return max(helps, key=lambda o: (allies[o[1]][o[2]], -helps.index(o)))
    advantages = [o for o in d.options if o[0] == "advantage"]
    existing = [o for o in d.options if o[0] in ("exploit", "discover")]
    holding = d.context["free_invokes"] > 0
    if (advantages or existing) and not holding and rng.random() < traits["advantage_chance"]:
        # an aspect already there is the better bet (FATE.ACTION.3: a tie still gives a free invoke on a known one,
        # a boost on a hidden one); a new one now and then
        if existing and rng.random() < 0.6:
            return existing[int(rng.random() * len(existing))]
        return advantages[0] if advantages else existing[0]
    if attacks:
        def rank(o):
            target, skill = o[1], o[2]
            track = "mental" if skill == "Provoke" else "physical"
            return (capacity[target][track] - ratings.get(skill, 0), attacks.index(o))
        return min(attacks, key=rank)
    moves = [o for o in d.options if o[0] in ("move", "overcome_move")]
    if moves:
        return moves[0]
    return advantages[0] if advantages else existing[0] if existing else d.options[0]


@decision("fate_contest_advantage")
def choose_contest_advantage(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """FATE.CONTEST.5: try to create an advantage before the side's roll, now and then (``advantage_chance``)."""
    return rng.random() < traits["advantage_chance"]


@decision("fate_move")
def choose_move(traits: Mapping[str, Any], d: Decision, rng: Rng) -> Any:
    """FATE.SCENE.2: with no enemy in reach, take the free move toward the nearest one; otherwise stay."""
    toward = d.context.get("toward")
    return toward if toward in d.options else None


@decision("fate_contest_forfeit")
def choose_contest_forfeit(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """FATE.CONTEST.5: after a failed advantage, forfeit the side's roll or give the other side a free invoke."""
    return traits["support"] if traits["support"] in d.options else d.options[0]



@decision("fate_compel_offer")
def choose_compel_offer(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """FATE.ASPECT.6: the GM compels for free; a policy offers one to each PC now and then (``compel_chance``)."""
    return rng.random() < traits["compel_chance"]


@decision("fate_compel")
def choose_compel(traits: Mapping[str, Any], d: Decision, rng: Rng) -> bool:
    """FATE.ASPECT.6: accept (and earn the point) unless already holding ``refuse_at`` points; refusing costs one."""
    return not (False in d.options and d.context["fate_points"] >= traits["refuse_at"])


@decision("fate_failure")
def choose_failure(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """FATE.OUTCOME.2: the GM's reading of a failed task. ``failure_reading`` "major": always success at a major
    cost. "take_a_hit" (standard): one or two short buy the success with a hit (success at the cost of a hit) when
    the roller worked alone and their stress boxes take it with one to spare, else with a major cost (a hit is one
    character's, the seed says, so a team's near miss costs the situation; and a near miss forces no consequence); where a hit
    taken always succeeds (option fate_hit_succeeds) both are a hit taken. "simple_failure" (gritty): one or two short fail and hurt
    (a hit taken), a team's near miss costs the situation (a major cost). Three or more short is a simple failure, unless the policy always sells success (major)."""
    reading, shifts = traits["failure_reading"], d.context["shifts"]
    if shifts <= -3 and reading != "major":
        reading = "simple_failure"
    elif reading == "take_a_hit" and "success_at_a_hit" in d.options:
        personal = not d.context.get("helpers") and -shifts < d.context.get("boxes", 0)
        reading = "success_at_a_hit" if personal else "major"
    elif reading == "simple_failure":
        reading = "major" if d.context.get("helpers") else "take_a_hit"
    return reading if reading in d.options else d.options[0]


@decision("fate_milestone")
def choose_milestone(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """FATE.ADV.1: the first legal choice in the policy's order of preference, else none."""
    return next((c for c in traits["milestones"] if c in d.options), d.options[-1])


@decision("fate_skill")
def choose_skill(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """FATE.ACTION.2, FATE.ACTION.6 (asked only of a leading seat, so a policy answers it only for ``auto``): the
    highest-rated skill, offered first."""
    return d.options[0]


@decision("fate_defend")
def choose_defend(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """FATE.ACTION.5-6 (a leading seat's; a policy answers it for ``auto``): the highest-rated defence, offered
    first, as every scripted defender defends."""
    return d.options[0]


@decision("fate_task")
def choose_task(traits: Mapping[str, Any], d: Decision, rng: Rng) -> int:
    """FATE.CHALLENGE.1-2 (a leading seat's; a policy answers it for ``auto``): the open task the character is
    rated best at (the first of them on a tie), as the engine assigns tasks."""
    ratings = dict(d.context.get("ratings") or {})
    tasks = d.context["tasks"]
    return max(d.options, key=lambda i: (ratings.get(tasks[i][1], 0), -d.options.index(i)))
