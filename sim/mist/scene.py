"""A scene's steps (MIST.SCENE.2): establish, act, consequence, with mitigation; and the arcs they feed.

* **Establish** (:func:`establish`): the MC sets up a challenge (MIST.CHALLENGE.1).
* **Act** (:func:`act`): the character picks a limit to work toward (its status's approach says which tags
  apply), may burn a tag (MIST.TAG.3), the MC may bring in a weakness (the character's, or a lingering
  wound); the challenge's tags and story tags against the characters hinder; the one status counts
  (MIST.STATUS.3); power (MIST.ROLL.2), the roll (MIST.ROLL.3/4), and effects bought from the budget
  (MIST.EFFECT.1/2).
* **Consequence** (:func:`consequence`): after a failure or a 6-8 the MC cashes in one of the challenge's
  threats (a status on the character, or a story tag against everyone); a clue foresees it; otherwise the
  character may mitigate (option ``mist_mitigation``: a roll whose budget lowers the status).

Every choice is a seat's decision (``game.seats.decide``); the dice are ``game.rng``.
"""

from __future__ import annotations

from typing import Any

from sim.dice import MIST_FAILURE, MIST_SUCCESS
from sim.mist.rules import arcs
from sim.mist.rules.roll import EFFECT_COSTS, count_power, effect_budget, roll_action
from sim.mist.state import Challenge, Character, MistGame
from sim.mist.rules.statuses import MAX_LEVEL, stack


def establish(game: MistGame, challenge_id: str, kind: str, actors: list[Character], purpose: str = "",
              theme: str = "") -> Challenge:
    """MIST.SCENE.2 establish: the MC presents the challenge; story tags of the last scene are gone (MIST.TAG.2)."""
    game.story_tags.clear()
    game.openings.clear()
    challenge = game.challenge = Challenge(game.challenges[challenge_id])
    game.scene_actors = [pc.id for pc in actors]
    game.emit("scene_start", chapter=game.chapter, kind=kind, challenge=challenge.id,
              actors=[pc.id for pc in actors], limits=dict(challenge.limits), threats=list(challenge.threats),
              statuses=dict(challenge.statuses),
              tags=sorted(challenge.tags), purpose=purpose or None, theme=theme or None)
    game.count("scenes")
    return challenge


def close_scene(game: MistGame, rounds: int) -> None:
    """The scene ends: its story tags vanish (MIST.TAG.2); burned tags may come back (MIST.TAG.3)."""
    challenge = game.challenge
    game.emit("scene_end", challenge=challenge.id, overcome=challenge.overcome or None, rounds=rounds)
    game.story_tags.clear()
    if game.options["mist_burn_recovery"] == "end_of_scene":
        for pc in game.characters:
            game.recover_burned(pc, "scene")


# ------------------------------------------------------------------ act

def _tags_for(game: MistGame, pc: Character, approach: str) -> list[str]:
    """The character's positive tags that fit ``approach`` and are not burned (a Sleeper's Gifts are gone)."""
    fits = game.tag_fits
    return [t for theme in pc.themes for t in theme.tags if approach in fits[t] and t not in pc.burned]


def _weaknesses_for(game: MistGame, pc: Character, approach: str) -> list[str]:
    fits = game.tag_fits
    own = [w for theme in pc.themes for w in theme.weaknesses if approach in fits[w]]
    return own + [w for w in pc.wounds if approach in fits.get(w, ()) and w not in own]


def _against(game: MistGame, approach: str) -> list[str]:
    """Tags that count -1 against ``approach``: the challenge's own and story tags against the characters."""
    out = [t for t, hinders in sorted(game.challenge.tags.items()) if approach in hinders]
    return out + [t for t, (fits, side) in sorted(game.story_tags.items()) if side == "against" and approach in fits]


def _theme_of(pc: Character, tag: str) -> str:
    for theme in pc.themes:
        if tag in theme.tags or tag in theme.weaknesses:
            return theme.kit
    return ""


def act(game: MistGame, pc: Character, heist: bool, purpose: str = "") -> str:
    """One character's action against the scene's challenge (MIST.ROLL.1-4, MIST.EFFECT); returns the band.
    ``purpose``: a montage scene's (desire, dilemma, prepare), which the effect decision is told."""
    challenge = game.challenge
    open_limits = tuple(s for s in challenge.limits)
    approaches = {s: game.statuses[s]["approach"] for s in open_limits}
    aim = game.seats.decide(pc.id, "mist_approach", open_limits, challenge=challenge.id,
                            levels=dict(challenge.statuses), limits=dict(challenge.limits), approaches=approaches,
                            tags={s: len(_tags_for(game, pc, a)) - len(_against(game, a)) for s, a in approaches.items()})
    if pc.id in game.free_acted:  # a free act (solo play, sim.mist.free_act) was this action, its consequence too
        game.free_acted.discard(pc.id)
        return MIST_SUCCESS
    approach = game.statuses[aim]["approach"]
    own = _tags_for(game, pc, approach)
    story = [t for t, (fits, side) in sorted(game.story_tags.items()) if side == "for" and approach in fits]
    openings = [f"opening_{k}" for k, n in sorted(game.openings.items()) if n and k != pc.id][:1]  # one a roll
    status = game.roll_status(pc)
    candidates = _weaknesses_for(game, pc, approach)
    # the MC brings in a weakness before the player decides to burn, so the burn is offered at the power the roll
    # will use (MIST.ROLL.2, MIST.TAG.3)
    weakness = game.seats.decide("gm", "mist_weakness", ("", *candidates), actor=pc.id, approach=approach,
                                 wounds=[w for w in candidates if w in pc.wounds])
    weaknesses = ([weakness] if weakness else []) + _against(game, approach)
    base = count_power(own + story + openings, weaknesses, status[1] if status else 0, ())
    burn = game.seats.decide(pc.id, "mist_burn", ("", *own), power=base, heist=heist, approach=approach,
                             weaknesses=weaknesses)
    tags = [t for t in own if t != burn] + story
    for opening in openings:  # an ally's extra feat (MIST.EFFECT.1) is used up by this roll
        game.openings[opening[len("opening_"):]] -= 1
        tags.append(opening)
    burned = [burn] if burn else []
    power = count_power(tags, weaknesses, status[1] if status else 0, burned)
    rolled = roll_action(game.rng, power, game.options["mist_zero_power"], sum_d4s=pc.avatar)
    for theme in pc.themes:
        if any(t in theme.tags for t in (*tags, *burned)):
            pc.used.add(theme.kit)
    if burn:
        game.burn(pc, burn)
    game.count("rolls")
    game.count("rolls_helped", int(bool(status) and status[1] > 0))  # a helpful status counted (MIST.STATUS.3)
    game.count("dice_rolled", 1 + len(rolled.d4s))  # faces read: the d8 and every d4
    game.emit("mist_roll", actor=pc.id, challenge=challenge.id, approach=approach, aim=aim, tags=tags,
              weaknesses=weaknesses, status={"name": status[0], "level": status[1]} if status else None,
              burned=burned, power=power, d8=rolled.d8, d4s=list(rolled.d4s), total=rolled.total,
              result=rolled.result, sum_d4s=rolled.sum_d4s, purpose="act")
    if weakness and weakness not in pc.wounds:  # MIST.ARC.GROW.1: a triggered weakness marks its theme
        kit = _theme_of(pc, weakness)
        if kit:
            mark_and_grow(game, pc, kit, arcs.GROW_TRACK[pc.theme(kit).type], "weakness")
    budget = effect_budget(power, rolled.result, game.options["mist_partial_budget"], game.options["mist_least_budget"])
    spend(game, pc, aim, approach, budget, purpose or ("heist" if heist else ""))
    return rolled.result


def spend(game: MistGame, pc: Character, aim: str, approach: str, budget: int, purpose: str = "") -> None:
    """MIST.EFFECT.1: spend the budget one effect at a time; points toward the aim's status land as one status
    (so ``mist_status_stack: highest`` reads a 3-point hit as a level-3 status, not three level-1 ones).

    The decision is told the scene's ``purpose``, the character's helpful status of this approach (what a
    ``bolster`` raises), the openings it has given and not yet used, and how many allies still in the scene
    would roll at power 0 or below (``weak_allies``: each of them a d8 alone, :func:`ally_power`)."""
    challenge = game.challenge
    points = 0
    helpful = helpful_status(game, approach)
    while budget > 0 and pc.active and not challenge.overcome:
        options = _effect_options(game, pc, approach, budget)
        allies = [a for a in game.active if a.id != pc.id and a.id in game.scene_actors]
        effect = game.seats.decide(pc.id, "mist_effect", options, budget=budget, aim=aim, approach=approach,
                                   level=challenge.statuses.get(aim, 0) + points, limit=challenge.limits[aim],
                                   statuses=dict(pc.statuses), purpose=purpose or None,
                                   helpful=pc.statuses.get(helpful, 0) if helpful else None,
                                   openings=game.openings.get(pc.id, 0),
                                   weak_allies=sum(ally_power(game, a) <= 0 for a in allies))
        if effect == "stop":
            break
        cost = EFFECT_COSTS[effect]
        budget -= cost
        detail = _apply_effect(game, pc, effect, aim, approach)
        if effect == "status_up":
            points += 1
        game.count(f"effect_{effect}")
        game.emit("mist_effect", actor=pc.id, effect=effect, cost=cost, budget_left=budget, **detail)
        if points and stack(challenge.statuses.get(aim, 0), points, game.options["mist_status_stack"]) \
                >= challenge.limits[aim]:
            game.add_status(challenge, aim, points, f"effect:{pc.id}")  # enough: the limit is reached now
            points = 0
    if points and not challenge.overcome:
        game.add_status(challenge, aim, points, f"effect:{pc.id}")


def helpful_status(game: MistGame, approach: str) -> str | None:
    """The helpful status of ``approach`` (content ``mist/statuses``), which ``bolster`` raises; None if none."""
    helpful = (s for s, rec in sorted(game.statuses.items()) if rec["kind"] == "helpful" and rec["approach"] == approach)
    return next(helpful, None)


def ally_power(game: MistGame, ally: Character) -> int:
    """The power ``ally`` would roll with against the scene's challenge at best: the most fitting tags, less the
    tags against, plus its one status (MIST.ROLL.2, MIST.STATUS.3), over the challenge's open limits."""
    status = game.roll_status(ally)
    signed = status[1] if status else 0
    approaches = {game.statuses[s]["approach"] for s in game.challenge.limits}
    return max(len(_tags_for(game, ally, a)) - len(_against(game, a)) for a in sorted(approaches)) + signed


def _effect_options(game: MistGame, pc: Character, approach: str, budget: int) -> tuple[str, ...]:
    """The effects ``budget`` can buy now (MIST.EFFECT.1). An extra feat (an opening for an ally's roll) only
    where another character still acts in this scene."""
    out = ["status_up"]
    if any(game.statuses[s]["kind"] == "harmful" for s in pc.statuses):
        out.append("status_down")
    helpful = helpful_status(game, approach)
    if helpful and pc.statuses.get(helpful, 0) < MAX_LEVEL:
        out.append("bolster")
    if budget >= 2 and any(approach in fits and t not in game.story_tags for t, fits in sorted(game.story_fits.items())):
        out.append("create_tag")
    if budget >= 2 and (_against(game, approach)):
        out.append("remove_tag")
    out.append("clue")
    if any(a.id != pc.id and a.id in game.scene_actors for a in game.active):
        out.append("extra_feat")
    return (*out, "stop")


def _apply_effect(game: MistGame, pc: Character, effect: str, aim: str, approach: str) -> dict[str, Any]:
    if effect == "status_up":
        return {"target": game.challenge.id, "status": aim}
    if effect == "status_down":
        worst = max((s for s in pc.statuses if game.statuses[s]["kind"] == "harmful"),
                    key=lambda s: (pc.statuses[s], s))
        game.add_status(pc, worst, -1, f"effect:{pc.id}")
        return {"target": pc.id, "status": worst}
    if effect == "bolster":  # a helpful status on oneself; it first cancels what it cancels (MIST.STATUS.2)
        helpful = helpful_status(game, approach)
        game.add_status(pc, helpful, 1, f"effect:{pc.id}")
        return {"target": pc.id, "status": helpful}
    if effect == "create_tag":
        tag = next(t for t, fits in sorted(game.story_fits.items()) if approach in fits and t not in game.story_tags)
        game.story_tags[tag] = (game.story_fits[tag], "for")
        return {"tag": tag}
    if effect == "remove_tag":
        tag = _against(game, approach)[0]
        if tag in game.challenge.tags:
            del game.challenge.tags[tag]
        else:
            del game.story_tags[tag]
        return {"tag": tag}
    if effect == "clue":
        game.clues += 1
        return {"clues": game.clues}
    game.openings[pc.id] = game.openings.get(pc.id, 0) + 1  # extra_feat: the next teammate's roll gets +1
    return {"openings": game.openings[pc.id]}


# ------------------------------------------------------------------ consequence

def consequence(game: MistGame, pc: Character, result: str, pursuit: str = "") -> None:
    """MIST.SCENE.2 consequence: after a failure or a success with consequences the MC cashes in a threat.

    The seed leaves what a consequence is open (MIST.OPEN.4); we read it as a status of some level on the
    character or a story tag against everyone (MIST.CHALLENGE.1), which mitigation may lessen."""
    challenge = game.challenge
    if result == MIST_SUCCESS or not pc.active:
        return
    threat_id = game.seats.decide("gm", "mist_threat", challenge.threats, actor=pc.id, challenge=challenge.id,
                                  result=result)
    threat = next(t for t in game.challenges[challenge.id]["threats"] if t["id"] == threat_id)
    if game.clues:  # a clue found earlier foresees it (MIST.EFFECT.1)
        game.clues -= 1
        game.emit("mist_threat", challenge=challenge.id, threat=threat_id, target=pc.id, foreseen=True, level=0)
        return
    if "hinders" in threat:
        game.story_tags[threat_id] = (tuple(threat["hinders"]), "against")
        game.emit("mist_threat", challenge=challenge.id, threat=threat_id, target=None, foreseen=False, level=0)
        return
    level = max(1, threat["level"] + game.seats.decide("gm", "mist_threat_level", (-1, 0, 1), threat=threat_id,
                                                        base=threat["level"], result=result)
                - (1 if result != MIST_FAILURE else 0))
    game.emit("mist_threat", challenge=challenge.id, threat=threat_id, target=pc.id, foreseen=False, level=level)
    name = threat["status"]
    level -= mitigate(game, pc, name, level)
    if level <= 0:
        return
    if forgo(game, pc, pursuit, name, level):
        return
    level = unleash(game, pc, name, level)
    landed = game.add_status(pc, name, level, f"threat:{threat_id}")
    if landed and pursuit == "desire" and pc.active and pc.id not in game.desire_paid:
        # MIST.ARC.GROW.1: indulging a desire and paying for it marks resonance on that Gift, once a chapter
        theme = next((t for t in pc.themes if t.kit == pc.pursued and t.type == arcs.GIFT), None)
        if theme is not None:
            game.desire_paid.add(pc.id)
            mark_and_grow(game, pc, theme.kit, "resonance", "desire")


def forgo(game: MistGame, pc: Character, pursuit: str, name: str, level: int) -> bool:
    """MIST.ARC.FADE.1, the hard choice: a character paying for a desire or a dilemma it pursues may give it up
    instead; the consequence does not land, the theme marks decay (or abandonment) and the scene ends."""
    if pursuit not in ("desire", "dilemma") or not pc.pursued or not any(t.kit == pc.pursued for t in pc.themes):
        return False
    if not game.seats.decide(pc.id, "mist_forgo", (False, True), theme=pc.pursued, status=name, level=level,
                             current=pc.statuses.get(name, 0), limit=game.pc_limit(name)):
        return False
    theme = pc.theme(pc.pursued)
    game.mark(pc, theme.kit, arcs.FADE_TRACK[theme.type], "forgo")
    game.forgone = True
    return True


def mitigate(game: MistGame, pc: Character, name: str, level: int) -> int:
    """MIST.SCENE.2 mitigation (option ``mist_mitigation``): a roll with the tags that fit the status's approach;
    its effect budget lowers the status (1 per point, MIST.EFFECT.1); the seed's section on mitigation is
    missing (MIST.OPEN.4), so this is our reading. Returns the levels taken off."""
    if game.options["mist_mitigation"] == "none":
        return 0
    approach = game.statuses[name]["approach"]
    tags = _tags_for(game, pc, approach)
    status = game.roll_status(pc)
    power = count_power(tags, (), status[1] if status else 0, ())
    if not game.seats.decide(pc.id, "mist_mitigate", (False, True), status=name, level=level, power=power,
                             limit=game.pc_limit(name), current=pc.statuses.get(name, 0)):
        return 0
    rolled = roll_action(game.rng, power, game.options["mist_zero_power"], sum_d4s=pc.avatar)
    game.count("rolls")
    game.count("rolls_helped", int(bool(status) and status[1] > 0))
    game.count("dice_rolled", 1 + len(rolled.d4s))  # faces read: the d8 and every d4
    game.emit("mist_roll", actor=pc.id, challenge=game.challenge.id, approach=approach, aim=name, tags=tags,
              weaknesses=[], status={"name": status[0], "level": status[1]} if status else None, burned=[],
              power=power, d8=rolled.d8, d4s=list(rolled.d4s), total=rolled.total, result=rolled.result,
              sum_d4s=rolled.sum_d4s, purpose="mitigate")
    return min(level, effect_budget(power, rolled.result, game.options["mist_partial_budget"],
                                    game.options["mist_least_budget"]))


def unleash(game: MistGame, pc: Character, name: str, level: int) -> int:
    """MIST.ARC.REPLACE.1 (option ``mist_unleash: replace``): a character about to reach a limit may unleash a
    theme past it: the status stops one short of the limit and the theme is replaced (MIST.ARC.REPLACE.2). The
    seed gives this case no rules (MIST.OPEN.6): off by default."""
    limit = game.pc_limit(name)
    if game.options["mist_unleash"] != "replace" or limit is None or not pc.active:
        return level
    if stack(pc.statuses.get(name, 0), level, game.options["mist_status_stack"]) < limit:
        return level
    kit = game.seats.decide(pc.id, "mist_unleash", ("", *(t.kit for t in pc.themes)), status=name, level=level,
                            limit=limit, fade={t.kit: t.fade for t in pc.themes})
    if not kit:
        return level
    replace_theme(game, pc, kit, "unleash")
    return max(0, limit - 1 - pc.statuses.get(name, 0))


# ------------------------------------------------------------------ arcs

def replace_theme(game: MistGame, pc: Character, kit: str, cause: str) -> None:
    """MIST.ARC.REPLACE.2: the player picks the nascent theme of the other type that comes."""
    lost = pc.theme(kit)
    held = {t.kit for t in pc.themes}
    kind = arcs.opposite(lost.type)
    if pc.sleeper and kind == arcs.GIFT:  # a Sleeper can gain no Gift (MIST.EVOLUTION.1): the theme is just lost
        game.lose_theme(pc, kit, "", cause)
        return
    choices = tuple(k for k, rec in sorted(game.kits.items()) if rec["type"] == kind and k not in held)
    new = game.seats.decide(pc.id, "mist_new_theme", choices, lost=kit, type=kind)
    game.lose_theme(pc, kit, new, cause)


def mark_and_grow(game: MistGame, pc: Character, kit: str, track: str, why: str) -> None:
    """Mark a track; take each growth that is due at once (MIST.ARC.GROW.2/3)."""
    game.mark(pc, kit, track, why)
    normal_at = game.options["mist_nascent_until"]
    while arcs.growth_due(theme := pc.theme(kit), normal_at):
        rec = game.kits[kit]
        spare = [t["id"] for t in rec["tags"] if t["id"] not in theme.tags]
        spare_weak = [w["id"] for w in rec["weaknesses"] if w["id"] not in theme.weaknesses]
        options = arcs.growth_options(theme, spare, spare_weak)
        growth = game.seats.decide(pc.id, "mist_growth", options, theme=kit, nascent=arcs.is_nascent(theme, normal_at),
                                   fade=theme.fade)
        weakness = None
        if growth == "weakness":
            weakness = spare_weak[0] if spare_weak else ""
        game.take_growth(pc, kit, growth, tag=spare[0] if growth == "new_power_tag" else "", weakness=weakness)
