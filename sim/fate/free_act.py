"""Free play in Fate (issue 30): ``act [overcome|create] SKILL "what I do"``, a PC's action of the person's own.

The person names a skill (by its name in English or the play's language; a skill the PC has no rating in is
Mediocre, +0, FATE.CHAR.2) and, optionally first, the action: ``overcome`` (the default, FATE.ACTION.1) or
``create`` (create an advantage, FATE.ACTION.2: the new situation aspect is named by what the person says they do).
The GM sets a passive opposition by the ladder (FATE.OPP.2, :func:`sim.fate.characters.ladder.difficulty`): one
reason it is hard (a roll is only called for when failure matters: Fair, +2), one more when an opponent stands in
the PC's zone, and +2 for each situation aspect there whose free invokes the other side holds (FATE.ASPECT.1,
:func:`sim.fate.scenes.rules.aspect_difficulty`); the lines say which rung and why. Then the exact odds (what
``sim odds fate --skill S --vs D`` prints, the skill with its stunt bonus), the roll (4dF from the act's own
stream, FATE.DICE.2; no invokes: the act is rolled as it stands) and the outcome (FATE.OUTCOME.1):

* overcome: a success meets the goal; with style a boost too (FATE.ACTION.1); a tie is a success at a minor cost
  and a failure the GM's reading (FATE.OUTCOME.2-3, the ``fate_failure`` policy the challenges ask: a simple
  failure, a success at a major cost, or a hit the PC takes, ``challenge_cost``);
* create an advantage: the aspect with 1 free invoke (2 with style), a boost on a tie, nothing on a failure
  (FATE.ACTION.2).

An act is made where the PC chooses the action of their turn in a conflict (FATE.CONFLICT.1: one action a turn), and
is that action: the prompted one waiting is set aside. Never in the middle of a roll (an invoke, a hit to absorb).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from sim.i18n import t, term_or
from sim.rng import Rng
from sim.solo.kit import ActResult

#: the decisions at which a free act may be made: the start of a PC's turn in a scene
ACT_AT = frozenset({"fate_action"})
#: the actions an act may take, by the word that names them
ACTION_WORDS = {"overcome": "overcome", "create": "create_advantage", "create_advantage": "create_advantage",
                "advantage": "create_advantage"}


def free_act(scene: Any, seat: str, decision: Any, move: Sequence[str], text: str, rng: Rng | None,
             lang: str) -> ActResult:
    """The hook of :class:`sim.systems.System` for Fate (see the module docstring)."""
    kind = getattr(decision, "kind", None)
    from sim.fate.scenes.scene import Scene

    if not isinstance(scene, Scene) or kind not in ACT_AT or seat not in scene.active() or scene.is_npc(seat):
        return ActResult(False, [t("solo.act.fate_not_now", lang)])
    read = _read(scene, move, lang)
    if isinstance(read, str):
        return ActResult(False, [read])
    action, skill = read
    stakes = _stakes(scene, seat, action, skill)
    odds = _odds(stakes)
    plain_odds = {k: str(v) for k, v in odds.items()}
    if rng is None:
        return ActResult(True, _lines(stakes, odds, lang), stakes, plain_odds)
    return ActResult(True, _roll(scene, seat, stakes, text, rng), stakes, plain_odds)


def _skills(scene: Any) -> tuple[str, ...]:
    from sim.fate.characters.ladder import skills

    return skills(scene.content)


def _skill_names(skill: str, lang: str) -> set[str]:
    key = f"fate.skill.{skill.casefold()}"
    return {skill.casefold(), term_or(key, skill, "en").casefold(), term_or(key, skill, lang).casefold()}


def _read(scene: Any, move: Sequence[str], lang: str) -> tuple[str, str] | str:
    """``(action, skill)`` the words name, or the one line that lists the actions and skills an act takes."""
    words = [w.strip() for w in move]
    action = "overcome"
    if len(words) == 2 and words[0].casefold() in ACTION_WORDS:
        action = ACTION_WORDS[words[0].casefold()]
        words = words[1:]
    known = _skills(scene)
    skill = next((s for s in known if len(words) == 1 and words[0].casefold() in _skill_names(s, lang)), None)
    if skill is None:
        names = ", ".join(term_or(f"fate.skill.{s.casefold()}", s, lang) for s in known)
        return t("solo.act.fate_no_skill", lang, word=repr(" ".join(words)), skills=names)
    return action, skill


def _stakes(scene: Any, seat: str, action: str, skill: str) -> dict:
    """The GM's passive opposition (FATE.OPP.2, FATE.ASPECT.1) and the PC's rating, as plain data."""
    from sim.fate.characters.aspects import SITUATION
    from sim.fate.characters.character import stunt_bonus
    from sim.fate.characters.ladder import difficulty
    from sim.fate.scenes.rules import aspect_difficulty

    char = scene.chars[seat]
    zone = scene.positions.get(seat)
    foes = [c for c in scene.enemies(seat) if scene.positions.get(c) == zone]
    enemies = set(scene.enemies(seat))
    adverse = sorted({name for (name, holder), n in scene.free.items()
                      if n > 0 and holder in enemies and scene.aspects[name].kind == SITUATION
                      and scene.in_zone(scene.aspects[name], seat)})
    factors = 1 + bool(foes)
    opposition = aspect_difficulty(difficulty(factors), len(adverse))
    bonus, stunt = stunt_bonus(char.stunts, skill, action)
    return {"action": action, "skill": skill, "rating": char.skill(skill), "bonus": bonus, "stunt": stunt,
            "opposition": opposition, "factors": factors, "foes": foes, "adverse": adverse, "zone": zone}


def _odds(s: dict) -> dict[str, Fraction]:
    """FATE.DICE.2, FATE.OUTCOME.1: what ``sim odds fate --skill S --vs D`` prints (S: the rating with its stunt)."""
    from sim.odds import fate_odds

    return dict(fate_odds(s["rating"] + s["bonus"], s["opposition"]))


def rung(value: int, lang: str) -> str:
    """``Fair (+2)``: a ladder rung in words (FATE.LADDER.1)."""
    name = term_or(f"fate.ladder.{value}", str(value), lang)
    return t("fate.format.ladder", lang, name=name, value=f"{value:+d}")


def odds_text(s: dict, odds: dict[str, Fraction], lang: str) -> str:
    shares = " · ".join(f"{term_or(f'fate.outcome.{k}', k, lang)} {float(p):.1%} ({p.numerator}/{p.denominator})"
                        for k, p in odds.items())
    skill = term_or(f"fate.skill.{s['skill'].casefold()}", s["skill"], lang)
    return f"{skill} {rung(s['rating'] + s['bonus'], lang)} vs {rung(s['opposition'], lang)}: {shares}"


def _lines(s: dict, odds: dict[str, Fraction], lang: str) -> list[str]:
    """The GM's rung and why, then the odds."""
    why = [t("solo.act.fate_why_roll", lang)]
    if s["foes"]:
        why.append(t("solo.act.fate_why_foe", lang, n=len(s["foes"])))
    if s["adverse"]:
        why.append(t("solo.act.fate_why_aspects", lang, aspects=", ".join(s["adverse"])))
    lines = [t("solo.act.fate_stakes", lang, action=term_or(f"fate.action.{s['action']}", s["action"], lang),
               rung=rung(s["opposition"], lang), why=t("solo.sheet.list_sep", lang).join(why))]
    if s["stunt"]:
        lines.append(t("solo.act.fate_stunt", lang, stunt=s["stunt"], bonus=f"{s['bonus']:+d}"))
    lines.append(t("solo.act.odds", lang, odds=odds_text(s, odds, lang)))
    return lines


def _roll(scene: Any, seat: str, s: dict, text: str, rng: Rng) -> list[str]:
    """Roll and apply the outcome through the scene's own methods (``fate_roll``, ``fate_aspect``, a hit)."""
    from sim.dice import FAIL, STYLE, TIE, roll_fate
    from sim.fate.scenes.actions import CREATE_ACTION, outcome_of
    from sim.fate.scenes.rules import HIT_READINGS, readings
    from sim.fate.scenes.scene import GM, Pending

    scene.free_acted.add(seat)  # the act is this turn's action: the prompted one waiting is set aside (conflict)
    p = Pending(seat, s["skill"], s["action"], roll_fate(rng), s["rating"], bonus=s["bonus"], stunt=s["stunt"])
    outcome = scene.record(p, s["opposition"], free_act=True)
    shifts = p.effort - s["opposition"]
    result = outcome_of(s["action"], shifts)
    if s["action"] == CREATE_ACTION:
        from sim.fate.characters.aspects import SITUATION, Aspect

        if result.free_invokes:
            scene.add_aspect(Aspect(text, SITUATION, zone=s["zone"]), by=seat, free_invokes=result.free_invokes)
        elif result.boost:
            scene.add_boost(seat, text)
        return []
    if outcome == STYLE:
        scene.add_boost(seat, text)
    elif outcome in (FAIL, TIE):
        hit_succeeds = bool(scene.options["fate_hit_succeeds"])
        reading = scene.seats.decide(GM, "fate_failure", readings(FAIL, hit_succeeds), actor=seat, task=text,
                                     shifts=shifts, boxes=scene.chars[seat].empty_boxes("physical"), helpers=0) \
            if outcome == FAIL else "minor"
        hit = max(1, -shifts) if reading in HIT_READINGS else 0
        scene.emit("challenge_cost", task=text, actor=seat, reading=reading, hit=hit)
        if hit:
            scene.take_hit(seat, "physical", hit, by=None)
    return []
