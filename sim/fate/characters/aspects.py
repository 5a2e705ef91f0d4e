"""Aspects, invokes, compels and boosts (FATE.ASPECT).

Aspects are values; who holds free invokes on which aspect is kept by the
scene (:class:`sim.fate.scenes.scene.Scene`). These functions are the rules: what
an invoke does to a roll (FATE.ASPECT.3), when an aspect may be invoked,
who a hostile invoke pays (FATE.ASPECT.4), what a compel costs
(FATE.ASPECT.6), how long each kind lasts (FATE.ASPECT.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.dice import INVOKE_BONUS, roll_fate
from sim.errors import IllegalMove, UsageError
from sim.rng import Rng

CHARACTER, SITUATION, CONSEQUENCE, BOOST = "character", "situation", "consequence", "boost"
ASPECT_KINDS: tuple[str, ...] = (CHARACTER, SITUATION, CONSEQUENCE, BOOST)
#: what an invoke buys (FATE.ASPECT.3): +2 to your roll, reroll all four dice, +2 to another's difficulty
BONUS, REROLL, OPPOSE = "bonus", "reroll", "oppose"
INVOKE_MODES: tuple[str, ...] = (BONUS, REROLL, OPPOSE)


@dataclass(frozen=True, slots=True)
class Aspect:
    """An aspect in play. ``owner``: the character it describes (character and
    consequence aspects) or holds it (a boost); None for situation aspects.
    ``zone``: a zone aspect applies to that zone only (FATE.SCENE.4)."""

    name: str
    kind: str
    owner: str | None = None
    zone: str | None = None

    def __post_init__(self):
        if self.kind not in ASPECT_KINDS:
            raise UsageError(f"unknown aspect kind {self.kind!r}; known: {', '.join(ASPECT_KINDS)}")


def outlives_scene(kind: str) -> bool:
    """Character aspects and consequences persist; situation aspects and boosts end with the scene (FATE.ASPECT.2)."""
    return kind in (CHARACTER, CONSEQUENCE)


def can_invoke(aspect: Aspect, *, free: bool, used: tuple[str, ...] = ()) -> bool:
    """May ``aspect`` be invoked on this roll (FATE.ASPECT.3, FATE.ASPECT.7)?

    Paid invokes: each aspect once per roll, and never a boost. Free invokes:
    any number on one aspect.
    """
    if free:
        return True
    return aspect.kind != BOOST and aspect.name not in used


def invoke(rng: Rng, faces: tuple[int, ...], mode: str) -> tuple[tuple[int, ...], int]:
    """Apply one invoke to a roll: returns (faces, bonus to the roller's effort) (FATE.ASPECT.3).

    ``bonus``: +2. ``reroll``: all four dice rolled again, no bonus. ``oppose``
    (+2 to another's difficulty) is the same +2 added on the opposing side's
    total, so it returns the faces unchanged and +2 for the caller to add there.
    """
    if mode == REROLL:
        return roll_fate(rng), 0
    if mode in (BONUS, OPPOSE):
        return tuple(faces), INVOKE_BONUS
    raise UsageError(f"unknown invoke mode {mode!r}; known: {', '.join(INVOKE_MODES)}")


def best_invoke_mode(faces: tuple[int, ...]) -> str:
    """Reroll when the dice show -3 or worse (a fresh 4dF averages 0, a gain of 3 or more), else +2 `[derived]`."""
    return REROLL if sum(faces) <= -3 else BONUS


def hostile_payee(aspect: Aspect, invoker: str, *, free: bool) -> str | None:
    """Who a paid invoke of someone else's aspect pays, after the scene (FATE.ASPECT.4); None if nobody."""
    if free or aspect.kind not in (CHARACTER, CONSEQUENCE) or aspect.owner in (None, invoker):
        return None
    return aspect.owner


def compel(fate_points: int, accept: bool, *, gm_offer: bool = True, offerer_points: int | None = None) -> tuple[int, int | None]:
    """Settle a compel (FATE.ASPECT.6): returns (target's points, offerer's points).

    Accept: the target gains 1 point (paid by a player offerer; the GM's
    compels are free). Refuse: the target pays 1 point, impossible at 0.
    """
    if not gm_offer and offerer_points is None:
        raise UsageError("a player's compel needs the offerer's fate points")
    if not accept:
        if fate_points <= 0:
            raise IllegalMove("refusing a compel costs a fate point and the target has none")
        return fate_points - 1, offerer_points
    if gm_offer:
        return fate_points + 1, offerer_points
    if offerer_points <= 0:
        raise IllegalMove("a player offering a compel pays a fate point and has none")
    return fate_points + 1, offerer_points - 1
