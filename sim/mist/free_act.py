"""Free play in the mist (issue 30): ``act TAG... "what I do"``, a character's action of the person's own.

The person names the tags their character brings (by id or by name, in any of the play's languages; ``burn TAG``
burns one for +3, MIST.TAG.3). The MC sets the challenge by the rules: the limit worked toward is the scene
challenge's limit whose approach the most named tags fit (MIST.CHALLENGE.1; on a tie, the first listed), a tag that
does not fit that approach does not apply; the challenge's tags and the story tags against the characters that
hinder the approach count against it, story tags for it count for it, and the one status counts (MIST.STATUS.3).
Power (MIST.ROLL.2), the exact odds of each band (MIST.ROLL.4, what ``sim odds mist --power N`` prints), then the
roll from the act's own stream (MIST.ROLL.3): its budget lands as statuses on the challenge toward the aim, as far
as its limit (MIST.EFFECT.1-2), and a failure or a 6-8 brings the MC's threat (:func:`sim.mist.scene.consequence`).
The act is the character's action: the prompted one waiting (which limit to work toward) is set aside.

An act is made where the character is about to act in a scene (the ``mist_approach`` decision: which limit to work
toward), never in the middle of a roll (a burn, an effect, a threat), and only against a challenge not yet overcome.
The MC's own weakness call (``mist_weakness``) is part of a prompted action, not of a free act.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from sim.i18n import t, term_or
from sim.rng import Rng
from sim.solo.kit import ActResult

#: the decisions at which a free act may be made: the start of a character's action in a scene
ACT_AT = frozenset({"mist_approach"})


def free_act(game: Any, seat: str, decision: Any, move: Sequence[str], text: str, rng: Rng | None,
             lang: str) -> ActResult:
    """The hook of :class:`sim.systems.System` for the mist system (see the module docstring)."""
    kind = getattr(decision, "kind", None)
    from sim.mist.state import MistGame

    if not isinstance(game, MistGame) or kind not in ACT_AT or game.challenge is None or game.challenge.overcome:
        return ActResult(False, [t("solo.act.mist_not_now", lang)])
    pc = next((c for c in game.characters if c.id == seat and c.active), None)
    if pc is None:
        return ActResult(False, [t("solo.act.mist_not_now", lang)])
    read = _read_tags(game, pc, move, lang)
    if isinstance(read, str):
        return ActResult(False, [read])
    tags, burned = read
    stakes = _stakes(game, pc, tags, burned)
    odds = _odds(stakes["power"], game.options["mist_zero_power"], pc.avatar)
    if rng is None:
        return ActResult(True, _lines(game, pc, stakes, odds, lang), stakes, {k: str(v) for k, v in odds.items()})
    return ActResult(True, _roll(game, pc, stakes, rng, lang), stakes, {k: str(v) for k, v in odds.items()})


def _names(tag: str, lang: str) -> set[str]:
    """What a tag may be called: its id, and its name in English and in the play's language."""
    out = {tag.casefold(), tag.replace("_", " ").casefold()}
    for language in ("en", lang):
        out.add(term_or(f"mist.tag.{tag}", tag, language).casefold())
    return out


def _read_tags(game: Any, pc: Any, move: Sequence[str], lang: str) -> tuple[list[str], list[str]] | str:
    """The character's positive tags the words name, and those of them burned (``burn TAG``); or the one line
    that says which word is not one of its tags (listing the tags it may bring)."""
    own = [tag for theme in pc.themes for tag in theme.tags]
    tags: list[str] = []
    burned: list[str] = []
    burn = False
    for word in move:
        folded = word.strip().casefold()
        if folded == "burn" and not burn:
            burn = True
            continue
        tag = next((g for g in own if folded in _names(g, lang)), None)
        if tag is None or tag in pc.burned:
            usable = [term_or(f"mist.tag.{g}", g, lang) for g in own if g not in pc.burned]
            return t("solo.act.mist_no_tag", lang, word=repr(word), tags=", ".join(usable))
        if tag in tags or tag in burned:
            continue
        (burned if burn else tags).append(tag)
        if burn and len(burned) > 1:
            return t("solo.act.mist_one_burn", lang)
        burn = False
    if burn:  # "burn" with no tag after it
        return t("solo.act.usage", lang)
    if not tags and not burned:
        return t("solo.act.usage", lang)
    return tags, burned


def _stakes(game: Any, pc: Any, named: list[str], burned: list[str]) -> dict:
    """The MC's reading (see the module docstring), as plain data: the aim, its approach, the tags that apply and
    those that don't, the tags against, the story tags for, the status, the power."""
    from sim.mist.rules.roll import count_power
    from sim.mist.scene import _against

    challenge = game.challenge
    fits = game.tag_fits
    chosen = named + burned
    best, best_n = None, -1
    for limit in challenge.limits:  # the limit the most named tags fit (the first on a tie)
        approach = game.statuses[limit]["approach"]
        n = sum(approach in fits[tag] for tag in chosen)
        if n > best_n:
            best, best_n = limit, n
    aim = best
    approach = game.statuses[aim]["approach"]
    tags = [tag for tag in named if approach in fits[tag]]
    burn = [tag for tag in burned if approach in fits[tag]]
    idle = [tag for tag in chosen if approach not in fits[tag]]
    story = [tag for tag, (f, side) in sorted(game.story_tags.items()) if side == "for" and approach in f]
    against = _against(game, approach)
    status = game.roll_status(pc)
    power = count_power(tags + story, against, status[1] if status else 0, burn)
    return {"challenge": challenge.id, "aim": aim, "approach": approach, "level": challenge.statuses.get(aim, 0),
            "limit": challenge.limits[aim], "tags": tags, "burned": burn, "idle": idle, "story": story,
            "weaknesses": against, "status": {"name": status[0], "level": status[1]} if status else None,
            "power": power}


def _odds(power: int, zero_power: str, avatar: bool) -> dict[str, Fraction]:
    """The exact chance of each band, best first (MIST.ROLL.4; :func:`sim.odds.mist_odds`, what ``sim odds mist``
    prints; an Avatar's summed d4s from :func:`sim.mist.rules.roll.total_distribution`)."""
    from sim.dice import mist_result
    from sim.odds import mist_odds

    if avatar:
        out: dict[str, Fraction] = {}
        from sim.mist.rules.roll import total_distribution

        for total, p in total_distribution(power, zero_power, True).items():
            out[mist_result(total)] = out.get(mist_result(total), Fraction(0)) + p
    else:
        out = dict(mist_odds(power, zero_power))
    order = ("success", "partial", "failure")
    return {k: out.get(k, Fraction(0)) for k in order}


def odds_text(power: int, odds: dict[str, Fraction], lang: str) -> str:
    """``power 3: success 43.0% (55/128) · success with consequences 37.5% (3/8) · failure 19.5% (25/128)``."""
    shares = " · ".join(f"{term_or(f'mist.result.{k}', k, lang)} {float(p):.1%} ({p.numerator}/{p.denominator})"
                        for k, p in odds.items())
    return f"{term_or('mist.odds.power', 'power', lang)} {power}: {shares}"


def _tag_list(tags: Sequence[str], lang: str) -> str:
    from sim.solo.views import tag_name

    return t("solo.sheet.list_sep", lang).join(tag_name(tag, lang) for tag in tags)


def _lines(game: Any, pc: Any, s: dict, odds: dict[str, Fraction], lang: str) -> list[str]:
    """The MC's stakes and why, then the odds (what ``odds act`` shows and every act shows before its roll)."""
    none = t("solo.act.none", lang)
    lines = [t("solo.act.mist_stakes", lang, challenge=term_or(f"mist.challenge.{s['challenge']}", s["challenge"], lang),
               limit=term_or(f"mist.status.{s['aim']}", s["aim"], lang), level=s["level"], max=s["limit"],
               approach=term_or(f"mist.approach.{s['approach']}", s["approach"], lang),
               tags=_tag_list(s["tags"] + s["burned"], lang) or none)]
    if s["idle"]:
        lines.append(t("solo.act.mist_idle", lang, tags=_tag_list(s["idle"], lang)))
    status = s["status"]
    lines.append(t("solo.act.mist_power", lang, tags=len(s["tags"]) + len(s["story"]), burned=3 * len(s["burned"]),
                   against=_tag_list(s["weaknesses"], lang) or none, weaknesses=-len(s["weaknesses"]),
                   status=f"{term_or('mist.status.' + status['name'], status['name'], lang)} {status['level']:+d}"
                   if status else none, power=s["power"]))
    lines.append(t("solo.act.odds", lang, odds=odds_text(s["power"], odds, lang)))
    return lines


def _roll(game: Any, pc: Any, s: dict, rng: Rng, lang: str) -> list[str]:
    """Roll (MIST.ROLL.3-4) and apply: the burn, the budget as the aim's status on the challenge (MIST.EFFECT.1-2),
    the MC's threat after a failure or a 6-8 (:func:`sim.mist.scene.consequence`). Every change is journaled by the
    game's own methods (``mist_roll``, ``mist_effect``, ``mist_status``, ``mist_threat``)."""
    from sim.mist.rules.roll import effect_budget, roll_action
    from sim.mist.rules.statuses import stack
    from sim.mist.scene import consequence

    challenge = game.challenge
    opts = game.options
    rolled = roll_action(rng, s["power"], opts["mist_zero_power"], sum_d4s=pc.avatar)
    for theme in pc.themes:
        if any(tag in theme.tags for tag in (*s["tags"], *s["burned"])):
            pc.used.add(theme.kit)
    for tag in s["burned"]:
        game.burn(pc, tag)
    game.count("rolls")
    game.count("dice_rolled", 1 + len(rolled.d4s))
    status = s["status"]
    game.emit("mist_roll", actor=pc.id, challenge=challenge.id, approach=s["approach"], aim=s["aim"],
              tags=s["tags"] + s["story"], weaknesses=s["weaknesses"], status=status, burned=s["burned"],
              power=s["power"], d8=rolled.d8, d4s=list(rolled.d4s), total=rolled.total, result=rolled.result,
              sum_d4s=rolled.sum_d4s, purpose="act", free_act=True)
    budget = effect_budget(s["power"], rolled.result, opts["mist_partial_budget"], opts["mist_least_budget"])
    # the budget toward the limit aimed at, one level a point, as far as the limit (MIST.EFFECT.1)
    level, limit, points = challenge.statuses.get(s["aim"], 0), challenge.limits[s["aim"]], 0
    while points < budget and stack(level, points, opts["mist_status_stack"]) < limit:
        points += 1
        game.emit("mist_effect", actor=pc.id, effect="status_up", cost=1, budget_left=budget - points,
                  target=challenge.id, status=s["aim"])
    if points:
        game.add_status(challenge, s["aim"], points, f"act:{pc.id}")
    consequence(game, pc, rolled.result)
    game.free_acted.add(pc.id)  # the act was this action: the prompted one waiting is set aside (scene.act)
    return []
