"""Small Fate rules the scenes and the adventure share (FATE.DICE.1, FATE.DICE.4, FATE.OUTCOME.2-4,
FATE.ASPECT.1/5/9, FATE.FP.4-5, FATE.TEAM.2). Pure functions; nothing here journals.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from sim.dice import FAIL, STYLE, SUCCEED, TIE
from sim.errors import IllegalMove, UsageError
from sim.rng import Rng

# --- rolling ------------------------------------------------------------------------------------------

def needs_roll(opposed: bool, can_go_wrong: bool, failure_interesting: bool) -> bool:
    """FATE.DICE.1: roll only when something opposes, something could go wrong and failing is interesting."""
    return bool(opposed and can_go_wrong and failure_interesting)


def fate_face_from_d6(face: int) -> int:
    """FATE.DICE.4: a six-sided die read as a Fate die: 1-2 minus, 3-4 blank, 5-6 plus."""
    face = int(face)
    if not 1 <= face <= 6:
        raise UsageError(f"a d6 shows 1..6, got {face}")
    return -1 if face <= 2 else 0 if face <= 4 else 1


def roll_fate_d6(rng: Rng) -> tuple[int, int, int, int]:
    """FATE.DICE.4: 4dF rolled with four d6 (each read by :func:`fate_face_from_d6`)."""
    return tuple(fate_face_from_d6(1 + int(rng.random() * 6)) for _ in range(4))  # type: ignore[return-value]


# --- reading outcomes -----------------------------------------------------------------------------------

#: FATE.OUTCOME.2-4: the readings a GM may give each outcome (ids: the terms fate.cost.<id>, plus success/style).
#: A failure's ``take_a_hit`` fails and hurts; ``success_at_a_hit`` mixes it with success (the seed: 伤害代价的成功)
READINGS: Mapping[str, tuple[str, ...]] = {
    FAIL: ("simple_failure", "major", "take_a_hit", "success_at_a_hit"),
    TIE: ("minor", "partial"),
    SUCCEED: ("success",),
    STYLE: ("success_and_more",),
}
#: readings of a failure that cost the actor a hit (FATE.OUTCOME.2)
HIT_READINGS: tuple[str, ...] = ("take_a_hit", "success_at_a_hit")


def readings(outcome: str, hit_succeeds: bool = False) -> tuple[str, ...]:
    """The legal readings of an outcome (FATE.OUTCOME.2 failure, .3 tie, .4 success / style). With
    ``hit_succeeds`` (option ``fate_hit_succeeds``) a hit taken always buys the success, so there is no separate
    success at a hit's cost."""
    try:
        out = READINGS[outcome]
    except KeyError:
        raise UsageError(f"unknown outcome {outcome!r}; known: {', '.join(READINGS)}") from None
    return tuple(r for r in out if r != "success_at_a_hit") if hit_succeeds else out


def goal_met(reading: str, hit_succeeds: bool = False) -> bool:
    """Does the actor get what they wanted under this reading? FATE.OUTCOME.2: a simple failure no; a major cost
    buys the success; taking a hit "does not necessarily succeed" (the seed): it fails unless the GM mixes in
    success (``success_at_a_hit``), or always succeeds with ``hit_succeeds`` (the reading before issue 31).
    FATE.OUTCOME.3: a tie's partial success counts."""
    if reading == "take_a_hit":
        return bool(hit_succeeds)
    return reading != "simple_failure"


# --- aspects --------------------------------------------------------------------------------------------

def aspect_difficulty(base: int, adverse_aspects: int) -> int:
    """FATE.ASPECT.1 with FATE.OPP.2: an aspect that makes a task harder is true, and counts as one more adverse
    factor: +2 to the difficulty each."""
    if adverse_aspects < 0:
        raise UsageError("adverse aspects can't be negative")
    return int(base) + 2 * int(adverse_aspects)


def declare_detail_cost(fate_points: int, covered_by_aspect: bool) -> int:
    """FATE.ASPECT.5: a story detail costs 1 fate point, nothing when an aspect already makes it true."""
    if covered_by_aspect:
        return 0
    if fate_points <= 0:
        raise IllegalMove("declaring a detail costs a fate point and there is none")
    return 1


def removal_needs_roll(blocked: bool) -> bool:
    """FATE.ASPECT.9: removing an aspect takes an overcome only when something in the story stands in the way."""
    return bool(blocked)


# --- fate points ----------------------------------------------------------------------------------------

#: FATE.FP.4: the ways a character earns fate points (``fate_points`` events' ``reason``)
EARNED: tuple[str, ...] = ("compel", "hostile_invoke", "concession")
#: ways points are spent (FATE.ASPECT.3 invokes, FATE.ASPECT.6 refusing a compel)
SPENT: tuple[str, ...] = ("invoke", "refuse_compel")
#: FATE.FP.1: the session's refresh
REFRESHED: tuple[str, ...] = ("refresh",)


def earned_points(accepted_compels: int, hostile_invokes: int, concession: int) -> int:
    """FATE.FP.4: what a character earns: 1 per accepted compel, 1 per hostile invoke against them (after the
    scene), and a concession's points (FATE.CONFLICT.4)."""
    return int(accepted_compels) + int(hostile_invokes) + int(concession)


def gm_pool(pcs: int, carried: int = 0, unspent_compel: int = 0) -> int:
    """FATE.FP.5: the GM's fate points at a scene's start: one per PC, plus points carried by major NPCs who
    conceded or took hostile invokes earlier, plus one from a scene-ending compel the GM couldn't spend."""
    if pcs < 0 or carried < 0 or unspent_compel < 0:
        raise UsageError("the GM's pool counts can't be negative")
    return int(pcs) + int(carried) + int(unspent_compel)


# --- teamwork -------------------------------------------------------------------------------------------

def pass_free_invokes(free: Mapping[tuple[str, str], int], aspect: str, giver: str, taker: str,
                      count: int = 1) -> dict[tuple[str, str], int]:
    """FATE.TEAM.2 (with FATE.ASPECT.8): free invokes on ``aspect`` held by ``giver`` handed to an ally ``taker``.
    Returns the new holdings; IllegalMove when the giver holds fewer."""
    held = free.get((aspect, giver), 0)
    if count < 1 or held < count:
        raise IllegalMove(f"{giver} holds {held} free invokes on {aspect!r}, can't pass {count}")
    out = dict(free)
    out[(aspect, giver)] = held - count
    if not out[(aspect, giver)]:
        del out[(aspect, giver)]
    out[(aspect, taker)] = out.get((aspect, taker), 0) + count
    return out


def team_invoke_total(effort: int, invokes: Iterable[str]) -> int:
    """FATE.TEAM.2: invokes from allies (their fate points, outside their turn) add +2 each to the roller's effort."""
    return int(effort) + 2 * sum(1 for _ in invokes)
