"""Rolling dice for the three rule systems, keeping the faces.

Every roll takes an explicit ``random.Random`` and reads only ``rng.random()``
(stable across Python versions and platforms). A roll of n small dice picks
one of the equally likely face sequences with ``int(rng.random() * 6**n)``
(the same distribution as ``int(rng.random() * 6) + 1`` per die, with one
draw instead of n). Rolls are frozen values; rules that read them are small
pure functions. Exact distributions live in :mod:`sim.odds`.

Blades in the Dark
    The four common kinds of roll (BITD.CORE.4), action, downtime, fortune and
    resistance, are all pools of d6 read the same way (:func:`roll_action`).
    :func:`action_pool`, :func:`roll_action` (BITD.CORE.1-3, BITD.ACTION.4),
    :func:`raise_result` (BITD.DOWNTIME.ACT.4), :func:`resistance_stress`
    (BITD.RESIST.3), :func:`vice_cleared` (BITD.DOWNTIME.VICE.1),
    :func:`ticks_for_result` (BITD.DOWNTIME.LTP.1, RECOVER.1, REDUCEHEAT.1),
    :func:`harm_for_position` (BITD.HARM.2), :func:`effect_ticks`
    (BITD.EFFECT.1), :func:`shift_effect` (BITD.EFFECT.3-4).
Fate Condensed
    :func:`roll_fate` (FATE.DICE.2), :func:`effort`, :func:`shifts`,
    :func:`fate_outcome` (FATE.OUTCOME.1), :func:`teamwork_bonus`
    (FATE.TEAM.1), :func:`ladder_name` (FATE.LADDER).
Mist
    :func:`power` (MIST.ROLL.2), :func:`roll_mist` (MIST.ROLL.3),
    :func:`mist_result` (MIST.ROLL.4).

Two samplers exist for Blades rolls (option ``dice_sampler``): ``faces`` rolls
every die; ``table`` draws the die that is read (and whether it is a critical)
straight from the exact distribution with one uniform draw, which is faster for
batches and has no faces. Both are tested against :mod:`sim.odds`. Dice sit
below the exact odds, so ``table`` lives beside them (:func:`sim.sampling.roll_table`)
and registers itself (:func:`register_sampler`) when :mod:`sim.sampling` is imported
(the Blades engine and ``sim roll`` import it).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Callable, Iterable, Mapping, Sequence

from sim.errors import IllegalMove, UsageError
from sim.rng import Rng

# --- Blades in the Dark: result levels --------------------------------------

FAILURE = "failure"    # highest die 1-3
PARTIAL = "partial"    # highest die 4 or 5
SUCCESS = "success"    # highest die 6, one six
CRITICAL = "critical"  # two or more sixes (never on a zero pool)

#: Result levels from worst to best (the order coin raises them in).
RESULTS: tuple[str, ...] = (FAILURE, PARTIAL, SUCCESS, CRITICAL)
#: The same levels best first, the order tables print them in.
RESULTS_BEST_FIRST: tuple[str, ...] = tuple(reversed(RESULTS))

_LEVEL_OF_DIE = (None, FAILURE, FAILURE, FAILURE, PARTIAL, PARTIAL, SUCCESS)

SAMPLERS = ("faces", "table")


@dataclass(frozen=True, slots=True)
class BladesRoll:
    """One Blades roll (action, resistance, fortune, downtime or vice).

    ``dice`` is the pool asked for (0 or less means "roll two, keep the
    lowest", BITD.CORE.3); ``faces`` the dice as rolled, in order (empty when
    the ``table`` sampler drew the result without faces); ``die`` the face that
    is read (highest, or lowest of two for a zero pool); ``result`` one of
    :data:`RESULTS`.
    """

    dice: int
    faces: tuple[int, ...]
    die: int
    result: str

    @property
    def critical(self) -> bool:
        return self.result == CRITICAL


def blades_result(faces: Sequence[int], dice: int) -> tuple[int, str]:
    """Return ``(die read, result level)`` for faces rolled on a pool of ``dice``.

    BITD.CORE.1-2: read the highest die; two or more 6s are a critical.
    BITD.CORE.3: a pool of 0 or fewer dice reads the lowest of its two dice and
    never crits (two 6s count as a plain 6).
    """
    if dice <= 0:
        die = min(faces)
        return die, _LEVEL_OF_DIE[die]
    die = max(faces)
    if die == 6 and faces.count(6) > 1:
        return die, CRITICAL
    return die, _LEVEL_OF_DIE[die]


def action_pool(rating: int, *, assist: bool = False, push: bool = False, bargain: bool = False,
                bonus: int = 0, share_slot: bool = True) -> int:
    """Dice for an action roll: rating + assist + (push or devil's bargain) + other bonus dice.

    BITD.ACTION.4, BITD.TEAM.1 (assist +1d), BITD.PUSH.1-2 (push +1d and the
    devil's bargain share one bonus slot: both at once raises
    :class:`~sim.errors.IllegalMove` unless ``share_slot`` is false, the
    option ``push_and_bargain_share_slot``), BITD.BARGAIN.1. ``bonus`` is any
    further dice (abilities) or penalty dice (harm, negative); the result may
    be 0 or negative, which :func:`roll_action` reads per BITD.CORE.3.
    """
    if push and bargain and share_slot:
        raise IllegalMove("pushing for +1d and taking a devil's bargain share one bonus die; choose one (BITD.PUSH.2)")
    return int(rating) + int(assist) + int(push) + int(bargain) + int(bonus)


def roll_action(rng: Rng, dice: int, sampler: str = "faces") -> BladesRoll:
    """Roll a Blades pool of ``dice`` d6 (BITD.CORE.1-3; used for every Blades roll type).

    ``sampler="faces"`` rolls the dice and keeps their faces. Pools of up to
    :data:`ENUMERATED_POOL` dice (and zero pools) pick one of the 6^n equally
    likely face sequences with a single ``rng.random()`` (the sequences are
    enumerated once per pool size, so a roll allocates nothing); bigger pools
    join independent chunks of up to 5 dice drawn the same way. Either way
    every face sequence has the same probability, as if each die were
    ``int(rng.random() * 6) + 1``. ``sampler="table"`` draws the read die (and
    critical) from the exact distribution with one ``rng.random()`` and
    returns a roll without faces.
    """
    if sampler == "faces":
        if dice > ENUMERATED_POOL:
            return _roll_each(rng, dice)
        try:
            rolls, size = _ROLLS[dice]
        except KeyError:
            rolls, size = _enumerate(dice)
        return rolls[int(rng.random() * size)]
    roll = _SAMPLER_FNS.get(sampler)
    if roll is None:
        if sampler in SAMPLERS:  # a known name whose module is not imported
            raise UsageError(f"dice sampler {sampler!r} is not registered: import sim.sampling first")
        raise UsageError(f"unknown dice sampler {sampler!r}; choose {' or '.join(SAMPLERS)}")
    return roll(rng, dice)


#: Blades samplers besides ``faces``: name -> ``fn(rng, dice) -> BladesRoll`` (see :func:`register_sampler`).
_SAMPLER_FNS: dict[str, Callable[[Rng, int], "BladesRoll"]] = {}


def register_sampler(name: str, fn: Callable[[Rng, int], "BladesRoll"]) -> None:
    """Make ``roll_action(rng, dice, name)`` roll with ``fn`` (``sim.sampling`` registers ``table``).

    ``name`` must be one of :data:`SAMPLERS` (the option ``dice_sampler``'s choices) other than ``faces``.
    """
    if name == "faces" or name not in SAMPLERS or _SAMPLER_FNS.get(name, fn) is not fn:
        raise ValueError(f"dice sampler {name!r}: not a known sampler or registered twice")
    _SAMPLER_FNS[name] = fn


#: Largest pool whose face sequences are enumerated (6^5 = 7776 rolls).
ENUMERATED_POOL = 5
_ROLLS: dict[int, tuple[tuple[BladesRoll, ...], float]] = {}


def _enumerate(dice: int) -> tuple[tuple[BladesRoll, ...], float]:
    """Every face sequence of a pool, in ``itertools.product`` order, as rolls, and their count.

    Built once per pool; the count is kept as a float so a roll does no ``len()``.
    """
    rolls = []
    for faces in product(range(1, 7), repeat=2 if dice <= 0 else dice):
        die, result = blades_result(faces, dice)
        rolls.append(BladesRoll(dice, faces, die, result))
    _ROLLS[dice] = table = (tuple(rolls), float(len(rolls)))
    return table


def _roll_each(rng: Rng, dice: int) -> BladesRoll:
    """Roll a pool too big to enumerate as independent chunks of up to :data:`ENUMERATED_POOL` dice."""
    faces: tuple[int, ...] = ()
    left = dice
    while left > 0:
        chunk = min(left, ENUMERATED_POOL)
        rolls, size = _ROLLS.get(chunk) or _enumerate(chunk)
        faces += rolls[int(rng.random() * size)].faces
        left -= chunk
    die, result = blades_result(faces, dice)
    return BladesRoll(dice, faces, die, result)


def raise_result(result: str, steps: int = 1) -> str:
    """Raise (or, with negative ``steps``, lower) a result level, capped at critical / failure.

    BITD.DOWNTIME.ACT.4: after a downtime roll each coin spent raises the
    result one level, 1-3 -> 4/5 -> 6 -> critical. (Vice rolls only when the
    option ``vice_coin_raise`` is on, BITD.DOWNTIME.VICE.1.)
    """
    try:
        index = RESULTS.index(result)
    except ValueError:
        raise UsageError(f"unknown result level {result!r}") from None
    return RESULTS[max(0, min(len(RESULTS) - 1, index + int(steps)))]


def resistance_stress(roll: BladesRoll) -> int:
    """Stress a resistance roll costs: 6 - the read die; a critical costs -1 (clears 1 stress).

    BITD.RESIST.3: table 1->5, 2->4, 3->3, 4->2, 5->1, 6->0, critical->-1.
    A zero pool reads the lowest of two dice (and cannot crit).
    """
    if roll.result == CRITICAL:
        return -1
    return 6 - roll.die


def vice_cleared(roll: BladesRoll) -> int:
    """Stress an indulge-vice roll clears: the read die (BITD.DOWNTIME.VICE.1).

    The pool is the lowest attribute rating; a zero pool reads the lowest of
    two dice (BITD.CORE.3). A critical still clears 6. Overindulging (clearing
    more than is marked) is the caller's rule, BITD.DOWNTIME.VICE.2.
    """
    return roll.die


def ticks_for_result(result: str, critical_ticks: int = 5) -> int:
    """Clock ticks for a long-term project, recovery, reducing heat or a faction clock roll.

    BITD.DOWNTIME.LTP.1 / RECOVER.1 / REDUCEHEAT.1 (heat removed) / faction
    clocks (BITD.FACTION): 1-3 -> 1, 4/5 -> 2, 6 -> 3, critical -> 5. Pass the
    option ``ltp_critical_ticks`` as ``critical_ticks`` (the seed's 4, the SRD's 5).
    """
    if result == CRITICAL:
        return int(critical_ticks)
    try:
        return (1, 2, 3)[RESULTS.index(result)]
    except ValueError:
        raise UsageError(f"unknown result level {result!r}") from None


# --- Blades: position and effect (what a result means) ----------------------

POSITIONS: tuple[str, ...] = ("controlled", "risky", "desperate")
#: Effect levels from lowest to highest (BITD.EFFECT.1, BITD.EFFECT.3).
EFFECTS: tuple[str, ...] = ("zero", "limited", "standard", "great", "extreme")


def harm_for_position(position: str) -> int:
    """Harm level a consequence at ``position`` inflicts: controlled 1, risky 2, desperate 3 (BITD.HARM.2)."""
    try:
        return POSITIONS.index(position) + 1
    except ValueError:
        raise UsageError(f"unknown position {position!r}; choose controlled, risky or desperate") from None


def effect_ticks(effect: str, zero_ticks: int = 0, extreme_ticks: int = 4) -> int:
    """Ticks on a progress clock for an effect level (BITD.EFFECT.1, BITD.CLOCK.3).

    limited 1, standard 2, great 3; zero and extreme come from the options
    ``zero_effect_ticks`` (default 0, [inferred]) and ``extreme_effect_ticks``
    (default 4, [unverified]).
    """
    table = {"zero": zero_ticks, "limited": 1, "standard": 2, "great": 3, "extreme": extreme_ticks}
    try:
        return int(table[effect])
    except KeyError:
        raise UsageError(f"unknown effect level {effect!r}; choose {', '.join(EFFECTS)}") from None


def shift_effect(effect: str, steps: int) -> str:
    """Move an effect level by ``steps``, within zero..extreme (BITD.EFFECT.3-4; a critical adds 1, BITD.ACTION.5)."""
    if effect not in EFFECTS:
        raise UsageError(f"unknown effect level {effect!r}; choose {', '.join(EFFECTS)}")
    return EFFECTS[max(0, min(len(EFFECTS) - 1, EFFECTS.index(effect) + int(steps)))]


@dataclass(frozen=True, slots=True)
class ResultMeaning:
    """What an action-roll result means at a position and effect (BITD.ACTION.5).

    ``effect`` is the effect level that lands (``None`` when the action has no
    effect, BITD.ACTION.6), ``ticks`` its ticks on a progress clock, ``harm``
    the harm level of the default consequence (0 for none, BITD.HARM.2), and
    ``summary`` a short English description (words for people go through
    ``sim.i18n`` when rendered).
    """

    result: str
    position: str
    effect: str | None
    ticks: int
    harm: int
    summary: str


_SUMMARIES = {
    ("controlled", PARTIAL): "succeed with a minor consequence (lesser harm, reduced effect, or end up risky), or withdraw",
    ("controlled", FAILURE): "you falter: press on from a risky position, or withdraw; no harm",
    ("risky", PARTIAL): "succeed with a consequence: harm, a complication, reduced effect, or end up desperate",
    ("risky", FAILURE): "things go badly: harm, a complication, end up desperate, or lose this opportunity",
    ("desperate", PARTIAL): "succeed with a consequence: severe harm, a serious complication, or reduced effect",
    ("desperate", FAILURE): "worst outcome: severe harm, a serious complication, lose this opportunity",
}


def result_meaning(result: str, position: str = "risky", effect: str = "standard",
                   zero_ticks: int = 0, extreme_ticks: int = 4) -> ResultMeaning:
    """The default reading of an action result at ``position`` / ``effect`` (BITD.ACTION.5-6).

    Critical: success with increased effect (+1 level). 6: success at the
    effect set. 4/5: the effect lands with a consequence of the position's
    harm level (BITD.HARM.2). 1-3: no effect (BITD.ACTION.6); harm at risky
    and desperate, none at controlled (the PC falters instead).
    """
    harm = harm_for_position(position)
    if result == CRITICAL:
        landed = shift_effect(effect, 1)
        return ResultMeaning(result, position, landed, effect_ticks(landed, zero_ticks, extreme_ticks), 0,
                             "success with increased effect")
    if result == SUCCESS:
        return ResultMeaning(result, position, effect, effect_ticks(effect, zero_ticks, extreme_ticks), 0,
                             "success")
    if result == PARTIAL:
        return ResultMeaning(result, position, effect, effect_ticks(effect, zero_ticks, extreme_ticks), harm,
                             _SUMMARIES[(position, PARTIAL)])
    if result == FAILURE:
        return ResultMeaning(result, position, None, 0, 0 if position == "controlled" else harm,
                             _SUMMARIES[(position, FAILURE)])
    raise UsageError(f"unknown result level {result!r}")


# --- Fate Condensed -----------------------------------------------------------

FAIL, TIE, SUCCEED, STYLE = "fail", "tie", "succeed", "style"
#: Fate outcomes from worst to best (FATE.OUTCOME.1).
FATE_OUTCOMES: tuple[str, ...] = (FAIL, TIE, SUCCEED, STYLE)

LADDER: Mapping[int, str] = {
    8: "Legendary", 7: "Epic", 6: "Fantastic", 5: "Superb", 4: "Great", 3: "Good", 2: "Fair",
    1: "Average", 0: "Mediocre", -1: "Poor", -2: "Terrible", -3: "Catastrophic", -4: "Horrifying",
}
INVOKE_BONUS = 2


_FATE_FACES: tuple[tuple[int, int, int, int], ...] = tuple(product((-1, 0, 1), repeat=4))


def roll_fate(rng: Rng) -> tuple[int, int, int, int]:
    """Roll 4dF: four faces, each -1, 0 or +1 (FATE.DICE.2). ``sum()`` of it is the dice total.

    One ``rng.random()`` picks one of the 81 equally likely face sequences.
    """
    return _FATE_FACES[int(rng.random() * 81)]


def effort(dice: int | Iterable[int], skill: int, invokes: int = 0, bonus: int = 0) -> int:
    """Effort = 4dF total + skill + 2 per invoke + other bonuses (stunts, teamwork) (FATE.DICE.2).

    ``dice`` is the faces from :func:`roll_fate` or their sum. An invoke may
    instead buy a reroll: the caller rolls :func:`roll_fate` again and passes
    the new faces with that invoke left out of ``invokes`` (FATE.ASPECT).
    """
    total = dice if isinstance(dice, int) else sum(dice)
    return total + int(skill) + INVOKE_BONUS * int(invokes) + int(bonus)


def shifts(effort_value: int, target: int) -> int:
    """Shifts = effort - target, the target being a difficulty or an opposing effort (FATE.OUTCOME.1)."""
    return int(effort_value) - int(target)


def fate_outcome(shift_count: int) -> str:
    """fail (< 0), tie (0), succeed (1-2) or style (>= 3, succeed with style) (FATE.OUTCOME.1)."""
    if shift_count < 0:
        return FAIL
    if shift_count == 0:
        return TIE
    return SUCCEED if shift_count < 3 else STYLE


def teamwork_bonus(skills: Sequence[int]) -> int:
    """Teamwork bonus for participants with these ratings in the skill (FATE.TEAM.1).

    The highest-rated participant rolls; each other participant rated at least
    Average (+1) adds +1; the bonus never exceeds the roller's rating:
    ``min(count(helpers >= 1), highest)`` (and never below 0).
    """
    if not skills:
        raise UsageError("teamwork needs at least one participant")
    ordered = sorted((int(s) for s in skills), reverse=True)
    roller, helpers = ordered[0], ordered[1:]
    return max(0, min(sum(1 for s in helpers if s >= 1), roller))


def ladder_name(value: int) -> str:
    """The English ladder name of a value, e.g. 3 -> "Good" (FATE.LADDER.1).

    Values outside -4..+8 are named by number, "+9" / "-5" (FATE.LADDER.2).
    Translations go through ``sim.i18n`` key ``fate.ladder.<value>``.
    """
    value = int(value)
    return LADDER.get(value, f"{value:+d}")


# --- Mist ---------------------------------------------------------------------

MIST_FAILURE, MIST_PARTIAL, MIST_SUCCESS = "failure", "partial", "success"
#: Mist outcomes from worst to best (MIST.ROLL.4).
MIST_RESULTS: tuple[str, ...] = (MIST_FAILURE, MIST_PARTIAL, MIST_SUCCESS)
ZERO_POWER_MODES = ("d8_only", "one_d4")


@dataclass(frozen=True, slots=True)
class MistRoll:
    """One mist roll: the d8, the d4s rolled (possibly none), the total and the band."""

    power: int
    d8: int
    d4s: tuple[int, ...]
    total: int
    result: str


def power(tags: int = 0, weaknesses: int = 0, statuses: Iterable[int] = (), burned: int = 0) -> int:
    """Power for a mist roll (MIST.ROLL.2, MIST.STATUS.3, MIST.TAG.3).

    ``tags`` applicable positive tags (+1 each), ``weaknesses`` applicable
    weakness tags (-1 each), ``burned`` burned positive tags (+3 each, instead
    of their +1), ``statuses`` the signed levels of the relevant statuses (+
    helpful, - hindering): only the highest level counts. When a helpful and a
    hindering status tie for highest they cancel to 0 `[inferred]` (different
    statuses cancel, MIST.STATUS.2).
    """
    if tags < 0 or weaknesses < 0 or burned < 0:
        raise UsageError("tag counts cannot be negative")
    levels = [int(s) for s in statuses]
    top = max((abs(s) for s in levels), default=0)
    helpful, hindering = top in levels, -top in levels
    status = 0 if helpful == hindering else (top if helpful else -top)
    return int(tags) - int(weaknesses) + 3 * int(burned) + status


def mist_result(total: int) -> str:
    """The band of a mist total: <= 5 failure, 6-8 partial (success with consequences), >= 9 success (MIST.ROLL.4)."""
    if total <= 5:
        return MIST_FAILURE
    return MIST_PARTIAL if total <= 8 else MIST_SUCCESS


def mist_d4_count(power_value: int, zero_power: str = "d8_only") -> int:
    """How many d4s a roll at ``power_value`` rolls (MIST.ROLL.3).

    Power N >= 1 rolls N d4 (keep the highest). Power <= 0 is unspecified
    [unverified]; option ``mist_zero_power``: ``d8_only`` (no d4, the
    default) or ``one_d4``.
    """
    if zero_power not in ZERO_POWER_MODES:
        raise UsageError(f"unknown mist_zero_power {zero_power!r}; choose d8_only or one_d4")
    if power_value >= 1:
        return int(power_value)
    return 0 if zero_power == "d8_only" else 1


def roll_mist(rng: Rng, power_value: int, zero_power: str = "d8_only") -> MistRoll:
    """Roll 1d8 + the highest of N d4, N = power (MIST.ROLL.3), and read the band (MIST.ROLL.4).

    Up to :data:`ENUMERATED_D4` d4s, one ``rng.random()`` picks one of the
    8 * 4^N equally likely face sequences (enumerated once per power); more
    d4s roll die by die (``int(rng.random() * 4) + 1``).
    """
    key = (power_value, zero_power)
    try:
        rolls, size = _MIST_ROLLS[key]
    except KeyError:
        count = mist_d4_count(power_value, zero_power)
        if count > ENUMERATED_D4:
            rnd = rng.random
            d8 = int(rnd() * 8) + 1
            d4s = tuple([int(rnd() * 4) + 1 for _ in range(count)])
            return _mist_roll(int(power_value), d8, d4s)
        rolls = tuple(_mist_roll(int(power_value), faces[0], faces[1:])
                      for faces in product(range(1, 9), *[range(1, 5)] * count))
        size = float(len(rolls))
        _MIST_ROLLS[key] = (rolls, size)
    return rolls[int(rng.random() * size)]


#: Largest number of d4s whose face sequences are enumerated (8 * 4^4 = 2048 rolls).
ENUMERATED_D4 = 4
_MIST_ROLLS: dict[tuple[int, str], tuple[tuple[MistRoll, ...], float]] = {}


def _mist_roll(power_value: int, d8: int, d4s: tuple[int, ...]) -> MistRoll:
    total = d8 + (max(d4s) if d4s else 0)
    return MistRoll(power_value, d8, d4s, total, mist_result(total))
