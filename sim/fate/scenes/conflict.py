"""Conflicts: sides trying to harm each other, exchange by exchange (FATE.CONFLICT, FATE.SCENE).

Turn order is popcorn (FATE.SCENE.6, :mod:`sim.fate.scenes.turns`). On a turn a
character may concede (FATE.CONFLICT.4), take the free move to an adjacent
zone (FATE.SCENE.2), then one action (FATE.SCENE.5): attack an enemy in
reach (FATE.ACTION.4, defended by FATE.ACTION.5 with the skills of
FATE.ACTION.6, zones and reach FATE.SCENE.1-3), create an advantage
(FATE.ACTION.2) on an enemy or the scene, overcome an impeded border, or
give up the turn to help an ally who hasn't acted yet (FATE.TEAM.3).
A hit is absorbed with stress and consequences or the target is taken out
(FATE.CONFLICT.2-3). The conflict ends when at most one side has anyone left
in it (FATE.CONFLICT.5); then concession and hostile-invoke points are paid
and stress clears (:meth:`Scene.end`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from sim.dice import FAIL, STYLE, TIE, teamwork_bonus
from sim.errors import UsageError
from sim.fate.scenes.actions import ATTACK_ACTION, ATTACK_SKILLS, CREATE_ACTION, DEFEND_ACTION, OVERCOME_ACTION, RANGED_SKILLS
from sim.fate.scenes.actions import attack_track, defend_result, defend_skills, outcome_of
from sim.fate.characters.ladder import skills as skill_list
from sim.fate.characters.aspects import SITUATION, Aspect
from sim.fate.characters.character import Character
from sim.fate.scenes.scene import GM, Scene
from sim.fate.tables import boost, pool
from sim.fate.scenes.turns import next_actor_choices, picker_seat
from sim.fate.scenes.zones import ZoneMap, single_zone

#: skills a character may create an advantage with in a fight, and the skills that defend against it
ADVANTAGE_SKILLS: tuple[str, ...] = ("Notice", "Deceive", "Athletics", "Stealth", "Provoke", "Rapport", "Lore", "Crafts")
ADVANTAGE_DEFENCE: tuple[str, ...] = ("Notice", "Will")
#: difficulty of creating an advantage on the scene itself (Fair, FATE.OPP.2: one reason it's hard)
SCENE_ADVANTAGE_DIFFICULTY = 2


@dataclass(frozen=True, slots=True)
class ConflictResult:
    """``winner``: the side left standing (None when nobody is, or ``stalled``); ``out``: id -> how they left."""

    winner: str | None
    exchanges: int
    out: Mapping[str, str]
    characters: Mapping[str, Character]
    reason: str  # "decided" | "stalled"


def standing_sides(scene: Scene) -> tuple[str, ...]:
    """Sides with at least one character neither taken out nor conceded (FATE.CONFLICT.5)."""
    return tuple(s for s in scene.sides() if scene.active(s))


def play_conflict(scene: Scene, *, zones: ZoneMap | None = None, opener: str | None = None,
                  max_exchanges: int = 40) -> ConflictResult:
    """Play the conflict to its end (FATE.CONFLICT.5). ``max_exchanges`` is an engine safety stop, not a rule.

    Characters without a position stand in the first zone of ``zones``.
    """
    zones = zones or single_zone()
    first_zone = zones.zones[0]
    for cid in scene.order:
        scene.positions[cid] = zones.check(scene.positions.get(cid, first_zone))
    if len(scene.sides()) < 2:
        raise UsageError("a conflict needs at least two sides")
    self_pick = bool(scene.options["fate_popcorn_self_pick"])
    scene.emit("conflict_start", sides={s: list(scene.active(s)) for s in scene.sides()},
               zones=list(zones.zones), positions=dict(sorted(scene.positions.items())))
    if opener is None:
        active = scene.active()
        actor = scene.decide(GM, "fate_first_actor", active, npc={c: scene.is_npc(c) for c in active},
                             best_attack={c: scene.best_attack(c) for c in active})
    else:
        if opener not in scene.active():
            raise UsageError(f"opener {opener!r} is not in the conflict")
        actor = opener
    n, acted = 1, []
    helpers: dict[str, list[str]] = {}  # ally -> who gave up their turn to help them this exchange (FATE.TEAM.3)
    scene.emit("exchange", n=n, kind="conflict")
    while len(standing_sides(scene)) > 1:
        _turn(scene, zones, actor, acted, helpers)
        acted.append(actor)
        if len(standing_sides(scene)) <= 1:
            break
        choices, new = next_actor_choices(scene.active(), acted, actor, self_pick=self_pick)
        if new:
            if n >= max_exchanges:
                return _finish(scene, n, "stalled")
            n, acted = n + 1, []
            helpers.clear()
            scene.emit("exchange", n=n, kind="conflict")
        picker = picker_seat(actor, scene.is_npc(actor))
        actor = scene.decide(picker if picker == GM else actor, "fate_next_actor", choices, side=scene.side[actor],
                             new_exchange=new, sides={c: scene.side[c] for c in choices},
                             best_attack={c: scene.best_attack(c) for c in choices})
    return _finish(scene, n, "decided")


def _finish(scene: Scene, n: int, reason: str) -> ConflictResult:
    left = standing_sides(scene)
    winner = left[0] if reason == "decided" and len(left) == 1 else None
    scene.emit("conflict_end", winner=winner, exchanges=n, reason=reason)
    chars = scene.end(kind="conflict", winner=winner)
    return ConflictResult(winner, n, dict(scene.out), chars, reason)


def _in_reach(scene: Scene, zones: ZoneMap, a: str, b: str, skill: str) -> bool:
    return zones.in_reach(scene.positions[a], scene.positions[b], ranged=skill in RANGED_SKILLS)


def _attack_options(scene: Scene, zones: ZoneMap, actor: str) -> list:
    """Attacks in reach: Fight (anyone can throw a punch) and the other attack skills the actor is rated in."""
    opts = []
    char = scene.chars[actor]
    for target in scene.enemies(actor):
        for skill in sorted({s for skills in ATTACK_SKILLS.values() for s in skills}):
            if skill != "Fight" and char.skill(skill) < 1:
                continue
            if _in_reach(scene, zones, actor, target, skill):
                opts.append(("attack", target, skill))
    return opts


def _help_options(scene: Scene, actor: str, acted, helpers) -> list:
    """FATE.TEAM.3: give up your turn for +1 teamwork to a same-zone ally who hasn't acted yet, with their
    best attack skill, if you are rated at least Average (+1) in it (FATE.TEAM.1)."""
    opts = []
    for ally in scene.active(scene.side[actor]):
        if ally == actor or ally in acted or scene.positions[ally] != scene.positions[actor]:
            continue
        skill, _ = scene.chars[ally].best(("Fight", "Shoot", "Provoke"))
        if scene.chars[actor].skill(skill) >= 1 and actor not in helpers.get(ally, ()):
            opts.append(("help", ally, skill))
    return opts


def _turn(scene: Scene, zones: ZoneMap, actor: str, acted=(), helpers=None) -> None:
    helpers = {} if helpers is None else helpers
    scene.emit("turn", actor=actor, zone=scene.positions[actor])
    if _offer_concession(scene, actor):
        return
    if scene.leads(actor):
        choice = _lead_turn(scene, zones, actor, acted, helpers)
    else:
        choice = _shortlist_turn(scene, zones, actor, acted, helpers)
    if actor in scene.free_acted:  # a free act (solo play, sim.fate.free_act) was this turn's action
        scene.free_acted.discard(actor)
        return
    if choice[0] == "attack":
        _attack(scene, actor, choice[1], choice[2], helpers.pop(actor, []))
    elif choice[0] == "help":
        helpers.setdefault(choice[1], []).append(actor)
        scene.emit("teamwork", actor=actor, ally=choice[1], skill=choice[2])
    elif choice[0] == "advantage":
        _advantage(scene, actor, choice[1], choice[2])
    elif choice[0] == "exploit":
        _exploit(scene, actor, choice[1], choice[2])
    elif choice[0] == "discover":
        _discover(scene, actor, choice[1], choice[2])
    else:
        _overcome_move(scene, zones, actor, choice[1])


def _shortlist_turn(scene: Scene, zones: ZoneMap, actor: str, acted, helpers) -> tuple:
    """A scripted seat's turn: the engine's shortlist, one skill per option (the actor's best at it)."""
    here = scene.positions[actor]
    attacks = _attack_options(scene, zones, actor)
    if not attacks:  # the free move toward the nearest enemy (FATE.SCENE.2)
        toward = _toward_enemy(scene, zones, actor)
        moves = tuple(z for z in zones.neighbours(here) if zones.free_move_ok(here, z))
        if moves:
            dest = scene.decide(actor, "fate_move", (None, *moves), toward=toward)
            if dest is not None:
                scene.positions[actor] = dest
                scene.emit("move", actor=actor, frm=here, to=dest, free=True)
                attacks = _attack_options(scene, zones, actor)
    skill, _ = scene.chars[actor].best(ADVANTAGE_SKILLS)
    options = list(attacks)
    options += [("advantage", t, skill) for t in scene.enemies(actor) if scene.positions[t] == scene.positions[actor]]
    options.append(("advantage", None, skill))
    options += _existing_advantage_options(scene, actor, skill)
    here = scene.positions[actor]
    toward = _toward_enemy(scene, zones, actor)
    if not attacks and toward is not None and not zones.free_move_ok(here, toward):
        options.append(("overcome_move", toward, "Athletics"))
    options += _help_options(scene, actor, acted, helpers)
    return scene.decide(actor, "fate_action", tuple(options), **_action_context(scene, actor, options, zones, helpers))


#: FATE.ACTION.6: the skills that attack by default (physical: Fight, Shoot; mental: Provoke), in the order offered
LEAD_ATTACK_SKILLS: tuple[str, ...] = ("Fight", "Shoot", "Provoke")


def _lead_turn(scene: Scene, zones: ZoneMap, actor: str, acted, helpers) -> tuple:
    """A leading seat's turn (issue 30): the free move to any adjacent zone it may freely enter (FATE.SCENE.2), then
    every action the rules allow, in two steps as a GM asks them: "what do you do, to whom?" (``fate_action``), then
    "with which skill?" (``fate_skill``) where more than one skill is legal.

    * attack (FATE.ACTION.4, .6): each enemy in reach with each skill that attacks by default, Fight, Shoot
      (ranged, FATE.SCENE.3) and Provoke, whatever the rating (Mediocre +0 is still a roll); the skill is part of
      the first step, since it picks the target's defence and the track;
    * create an advantage (FATE.ACTION.2, .3): on an enemy in the zone, on the scene, on a known situation aspect
      in reach, or looking for an enemy's hidden aspect, each with any skill of the list (skill chosen next);
    * overcome (FATE.SCENE.2): crossing an impeded border to an adjacent zone, with Athletics;
    * help an ally (FATE.TEAM.3), as the shortlist offers it.
    """
    here = scene.positions[actor]
    moves = tuple(z for z in zones.neighbours(here) if zones.free_move_ok(here, z))
    if moves:
        dest = scene.decide(actor, "fate_move", (None, *moves), toward=_toward_enemy(scene, zones, actor))
        if dest is not None:
            scene.positions[actor] = dest
            scene.emit("move", actor=actor, frm=here, to=dest, free=True)
            here = dest
    options = [("attack", target, skill) for target in scene.enemies(actor) for skill in LEAD_ATTACK_SKILLS
               if _in_reach(scene, zones, actor, target, skill)]
    options += [("advantage", t, None) for t in scene.enemies(actor) if scene.positions[t] == here]
    options.append(("advantage", None, None))
    options += _existing_advantage_options(scene, actor, None)
    options += [("overcome_move", z, "Athletics") for z in zones.neighbours(here) if not zones.free_move_ok(here, z)]
    options += _help_options(scene, actor, acted, helpers)
    context = _action_context(scene, actor, options, zones, helpers)
    what, target, skill = scene.decide(actor, "fate_action", tuple(options), **context)
    if skill is None and actor not in scene.free_acted:  # a free act answered the turn: no skill to ask
        skill = scene.decide(actor, "fate_skill", lead_skills(scene, actor), what=what, target=target,
                             ratings=dict(scene.chars[actor].skills))
    return what, target, skill


def lead_skills(scene: Scene, cid: str) -> tuple[str, ...]:
    """Every skill of the list (``content/fate/skills.yaml``, FATE.CHAR.2), the character's highest rated first
    (list order among equals): any skill may create an advantage (FATE.ACTION.6)."""
    names = skill_list(scene.content)
    char = scene.chars[cid]
    return tuple(sorted(names, key=lambda n: (-char.skill(n), names.index(n))))


def defence_skill(scene: Scene, defender: str, allowed: tuple[str, ...], roll) -> str:
    """The skill ``defender`` defends ``roll`` with (FATE.ACTION.5, .6): a leading seat chooses among the legal ones
    (``fate_defend``; Athletics or Fight against a Fight attack, Notice or Will against an advantage); any other
    defender, and a single legal skill, takes the best rated. The roll's dice are rolled, not shown."""
    best, _ = scene.chars[defender].best(allowed)
    if len(allowed) < 2 or not scene.leads(defender):
        return best
    char = scene.chars[defender]
    ordered = tuple(sorted(allowed, key=lambda n: (-char.skill(n), allowed.index(n))))
    return scene.decide(defender, "fate_defend", ordered, against=roll.actor, what=roll.action, skill=roll.skill,
                        rating=roll.rating + roll.bonus, ratings={n: char.skill(n) for n in allowed})


def _action_context(scene: Scene, actor: str, options: list, zones: ZoneMap | None = None, helpers=None) -> dict:
    """What a seat weighs to pick a conflict turn, as plain data: the actor's ratings and free invokes, each
    helped ally's rating in the offered skill, each attackable enemy's capacity per track (FATE.CONFLICT.CONSEQ.2),
    each impeded border's difficulty (``borders``, FATE.SCENE.2) and the allies whose teamwork the actor's attack
    gets (``helpers``, FATE.TEAM.3): what a person's briefing needs for exact odds."""
    char = scene.chars[actor]
    enemies = sorted({o[1] for o in options if o[0] == "attack"})
    return {"ratings": dict(char.skills), "free_invokes": scene.free_invokes(actor),
            "allies": {o[1]: {o[2]: scene.chars[o[1]].skill(o[2])} for o in options if o[0] == "help"},
            "capacity": {e: {track: scene.chars[e].capacity(track) for track in ("physical", "mental")} for e in enemies},
            "fate_points": scene.fate_points(actor), "zone": scene.positions.get(actor),
            "borders": {o[1]: zones.impeded(scene.positions[actor], o[1]) for o in options if o[0] == "overcome_move"}
            if zones is not None else {},
            "helpers": list((helpers or {}).get(actor, ()))}  # allies who gave up their turn for it (FATE.TEAM.3)


def _toward_enemy(scene: Scene, zones: ZoneMap, actor: str) -> str | None:
    here = scene.positions[actor]
    best = None
    for e in scene.enemies(actor):
        d = zones.distance(here, scene.positions[e])
        if d is not None and d > 0 and (best is None or (d, scene.positions[e]) < best):
            best = (d, scene.positions[e])
    return zones.step_toward(here, best[1]) if best else None


def _offer_concession(scene: Scene, cid: str, threat: int | None = None, track: str = "physical") -> bool:
    """FATE.CONFLICT.4: before dice are rolled against them (or on their turn) a character may concede.

    ``threat``: the hit a good roll of the coming attack would deal (its skill
    edge + 2); ``doomed`` tells the seat that such a hit would take them out.
    """
    doomed = threat is not None and threat > scene.chars[cid].capacity(track)
    if scene.decide(cid, "fate_concede", (False, True), taken=scene.taken[cid], doomed=doomed,
                    character_kind=scene.chars[cid].kind, capacity=scene.chars[cid].capacity(track), threat=threat):
        scene.concede(cid)
        return True
    return False


def _attack(scene: Scene, actor: str, target: str, skill: str, helpers=()) -> None:
    """FATE.ACTION.4-5: attack against defence; a hit is absorbed or takes the target out.

    ``helpers`` gave up their turns for teamwork: +1 each rated Average or better, at most the
    attacker's rating (FATE.TEAM.1, FATE.TEAM.3)."""
    track = attack_track(skill)
    defender = scene.chars[target]
    _, drating = defender.best(defend_skills(skill))
    expected = scene.chars[actor].skill(skill) - drating
    if _offer_concession(scene, target, threat=expected + 2, track=track):
        return
    bonus = teamwork_bonus([scene.chars[c].skill(skill) for c in (actor, *helpers)])
    att = scene.start_roll(actor, skill, ATTACK_ACTION, target=target, bonus=bonus)
    dskill = defence_skill(scene, target, defend_skills(skill), att)
    dfd = scene.start_roll(target, dskill, DEFEND_ACTION, target=actor)
    capacity = defender.capacity(track)
    scene.settle([att, dfd], goals={actor: (1, max(3, capacity + 1)), target: (0, 1)})
    outcome = scene.record(att, dfd.effort)
    scene.record(dfd, att.effort)
    n = att.effort - dfd.effort
    row = outcome_of(ATTACK_ACTION, n)
    if outcome == TIE:
        scene.add_boost(actor, boost("glancing_blow"))
        return
    if outcome == FAIL:
        if defend_result(n).boost:  # the defence succeeded with style (FATE.ACTION.5)
            scene.add_boost(target, boost("perfect_parry"))
        return
    hit = row.hit
    if outcome == STYLE and scene.decide(actor, "fate_style_boost", (False, True), hit=hit, capacity=capacity):
        hit -= 1
        scene.add_boost(actor, boost("upper_hand"))
    scene.take_hit(target, track, hit, by=actor)


def _advantage(scene: Scene, actor: str, target: str | None, skill: str) -> None:
    """FATE.ACTION.2: a new aspect on an enemy (who defends) or on the scene (a difficulty); an enemy whose defence
    beats the attempt by 3 or more gains a boost (FATE.ACTION.5)."""
    p = scene.start_roll(actor, skill, CREATE_ACTION, target=target)
    if target is None:
        scene.settle([p], against={actor: SCENE_ADVANTAGE_DIFFICULTY}, goals={actor: (1, 1)})
        scene.record(p, SCENE_ADVANTAGE_DIFFICULTY)
        opposition = SCENE_ADVANTAGE_DIFFICULTY
    else:
        dskill = defence_skill(scene, target, ADVANTAGE_DEFENCE, p)
        d = scene.start_roll(target, dskill, DEFEND_ACTION, target=actor)
        scene.settle([p, d], goals={actor: (1, 1), target: (0, 0)})
        opposition = d.effort
        scene.record(p, opposition)
        scene.record(d, p.effort)
    row = outcome_of(CREATE_ACTION, p.effort - opposition)
    if target is not None and defend_result(p.effort - opposition).boost:
        scene.add_boost(target, boost("perfect_parry"))  # the defence succeeded with style (FATE.ACTION.5)
    if row.free_invokes:
        names = pool("on_enemy" if target else "on_scene", scene.content)
        name = names[sum(1 for a in scene.aspects.values() if a.kind == SITUATION) % len(names)]
        label = f"{name} ({scene.chars[target].name})" if target else name
        zone = None if target else scene.positions[actor]
        scene.add_aspect(Aspect(label, SITUATION, zone=zone), by=actor, free_invokes=row.free_invokes)
    elif row.boost:
        scene.add_boost(actor, boost("fleeting_edge"))


def _existing_advantage_options(scene: Scene, actor: str, skill: str) -> list:
    """FATE.ACTION.3: create an advantage on an aspect already there. ``exploit``: a known situation aspect the
    actor can reach (its zone, FATE.SCENE.4) and holds no free invoke on; ``discover``: an enemy in the actor's
    zone whose character aspects are not yet revealed (the first of them, the high concept, is the one sought)."""
    held = {name for (name, holder) in scene.free if holder == actor}
    opts = [("exploit", name, skill) for name in sorted(scene.aspects)
            if scene.aspects[name].kind == SITUATION and scene.in_zone(scene.aspects[name], actor) and name not in held]
    for t in scene.enemies(actor):
        hidden = [a for a in scene.chars[t].aspects if a not in scene.revealed]
        if hidden and scene.positions[t] == scene.positions[actor]:
            opts.append(("discover", t, skill))
    return opts


def _free_invokes(scene: Scene, aspect: str, holder: str, count: int, how: str, by: str) -> None:
    """Free invokes on an aspect already in play (FATE.ACTION.3, FATE.ASPECT.8), journaled as ``fate_free_invokes``."""
    scene.free[(aspect, holder)] = scene.free.get((aspect, holder), 0) + count
    scene.emit("fate_free_invokes", aspect=aspect, holder=holder, free_invokes=count, how=how, by=by)


def _exploit(scene: Scene, actor: str, name: str, skill: str) -> None:
    """FATE.ACTION.3, a known aspect: against the scene's difficulty; fail: the enemy (the nearest, first listed)
    gains a free invoke on it; tie: 1 free invoke; success 1, style 2."""
    p = scene.start_roll(actor, skill, CREATE_ACTION, target=None)
    scene.settle([p], against={actor: SCENE_ADVANTAGE_DIFFICULTY}, goals={actor: (0, 0)})
    scene.record(p, SCENE_ADVANTAGE_DIFFICULTY, aspect=name)
    row = outcome_of("create_existing", p.effort - SCENE_ADVANTAGE_DIFFICULTY)
    if row.free_invokes:
        _free_invokes(scene, name, actor, row.free_invokes, "exploit", actor)
    elif row.enemy_free_invoke and scene.enemies(actor):
        here = scene.positions[actor]
        foes = scene.enemies(actor)
        enemy = next((e for e in foes if scene.positions.get(e) == here), foes[0])
        _free_invokes(scene, name, enemy, 1, "exploit_failed", actor)


def _discover(scene: Scene, actor: str, target: str, skill: str) -> None:
    """FATE.ACTION.3, a hidden aspect (the target's first unrevealed character aspect), defended by the target:
    fail: the target reveals it and gains a free invoke on it; tie: a boost, it stays hidden; success: revealed
    with 1 free invoke, style 2. A defence with style gains the defender a boost (FATE.ACTION.5)."""
    name = next(a for a in scene.chars[target].aspects if a not in scene.revealed)
    p = scene.start_roll(actor, skill, CREATE_ACTION, target=target)
    dskill = defence_skill(scene, target, ADVANTAGE_DEFENCE, p)
    d = scene.start_roll(target, dskill, DEFEND_ACTION, target=actor)
    scene.settle([p, d], goals={actor: (0, 0), target: (0, 0)})
    scene.record(p, d.effort, aspect=name, hidden=True)
    scene.record(d, p.effort)
    n = p.effort - d.effort
    row = outcome_of("create_hidden", n)
    if defend_result(n).boost:
        scene.add_boost(target, boost("perfect_parry"))
    if row.free_invokes:
        scene.revealed.add(name)
        scene.emit("fate_reveal", aspect=name, owner=target, by=actor)
        _free_invokes(scene, name, actor, row.free_invokes, "discover", actor)
    elif row.boost:
        scene.add_boost(actor, boost("fleeting_edge"))
    elif row.enemy_free_invoke:
        scene.revealed.add(name)
        scene.emit("fate_reveal", aspect=name, owner=target, by=target)
        _free_invokes(scene, name, target, 1, "discover_failed", actor)


def _overcome_move(scene: Scene, zones: ZoneMap, actor: str, dest: str) -> None:
    """FATE.SCENE.2: crossing an impeded border takes the action: an overcome against its difficulty."""
    here = scene.positions[actor]
    difficulty = zones.impeded(here, dest)
    p = scene.start_roll(actor, "Athletics", OVERCOME_ACTION)
    scene.settle([p], against={actor: difficulty}, goals={actor: (0, 0)})
    outcome = scene.record(p, difficulty, move=dest)
    row = outcome_of(OVERCOME_ACTION, p.effort - difficulty)
    if row.success:
        scene.positions[actor] = dest
        scene.emit("move", actor=actor, frm=here, to=dest, free=False, cost=row.cost)
        if outcome == STYLE:
            scene.add_boost(actor, boost("momentum"))
