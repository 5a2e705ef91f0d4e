"""The oracle's yes/no answers: a likelihood scale shifted by tension (ORACLE.SCALE, ORACLE.ANSWER).

Our own design (``docs/rules/oracle.md``). A question is answered with three ten-sided dice:

* the **total** is ``3d10 + likelihood modifier + tension modifier`` (ORACLE.SCALE.1-2);
* its **margin** is ``total - 17``: 0 or more is a yes, below 0 a no (ORACLE.ANSWER.1);
* the margin's band names the answer: ``+8`` or more ``yes_and``, ``+2..+7`` ``yes``, ``0..+1``
  ``yes_but``, ``-1..-2`` ``no_but``, ``-3..-8`` ``no``, ``-9`` or less ``no_and`` (ORACLE.ANSWER.2).

A fourth die, a d20 (the tension die), says whether the question also brings a random event:
it does when the die shows the tension level or less (ORACLE.EVENT.1, :mod:`sim.oracle.events`). The option
``oracle_events`` (:data:`EVENT_DICE`) makes it a d100 instead: events at Mythic's rate (a chaos factor of N brings
one on N rolls in a hundred), about a fifth of ours at every tension.

Every function here is pure but :func:`roll_dice`, which reads only ``rng.random()`` from the
caller's generator (:func:`sim.oracle.question.ask` asks with it). :func:`exact` enumerates the 1,000 answer rolls
(and the 20 faces of the tension die) with :class:`fractions.Fraction`.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any, Sequence

from sim.errors import UsageError

#: the likelihood scale, least likely first (ORACLE.SCALE.1)
LIKELIHOODS: tuple[str, ...] = (
    "impossible", "nearly_impossible", "very_unlikely", "unlikely", "even",
    "likely", "very_likely", "nearly_certain", "certain",
)
#: the six answers, best for the asker first (ORACLE.ANSWER.1)
ANSWERS: tuple[str, ...] = ("yes_and", "yes", "yes_but", "no_but", "no", "no_and")
#: the answers that say yes (ORACLE.ANSWER.1)
YES_ANSWERS: tuple[str, ...] = ANSWERS[:3]

TENSION_MIN, TENSION_MAX, TENSION_START = 1, 9, 5

#: ORACLE.SCALE.2: what each likelihood adds to the 3d10 total. Two points a step in the middle,
#: three at the ends, so ``impossible`` and ``certain`` stand apart from their neighbours.
LIKELIHOOD_MODIFIERS: dict[str, int] = {
    "impossible": -9, "nearly_impossible": -6, "very_unlikely": -4, "unlikely": -2, "even": 0,
    "likely": 2, "very_likely": 4, "nearly_certain": 6, "certain": 9,
}
#: ORACLE.ANSWER.1: the total a yes needs; 3d10 runs 3..30, so 17 splits an even question in half
YES_AT = 17
#: ORACLE.ANSWER.2: the margins (total - YES_AT) where each band starts, best band first
BANDS: tuple[tuple[str, int], ...] = (("yes_and", 8), ("yes", 2), ("yes_but", 0), ("no_but", -2), ("no", -8))
#: the faces of the answer dice and of the tension die
ANSWER_DIE, ANSWER_DICE, TENSION_DIE = 10, 3, 20
#: ORACLE.EVENT.1 and the option ``oracle_events``: the tension die's faces by the option's value (``d20``, ours:
#: 25% at tension 5; ``d100``: 5% at tension 5, the rate of Mythic GME's doubles at a chaos factor of 5)
EVENT_DICE: dict[str, int] = {"d20": 20, "d100": 100}


def event_die(events: str | int) -> int:
    """The tension die's faces for an ``oracle_events`` value (or a face count already), else a UsageError."""
    if isinstance(events, int) and not isinstance(events, bool) and events in EVENT_DICE.values():
        return events
    if events not in EVENT_DICE:
        raise UsageError(f"unknown oracle_events {events!r}; choose one of {', '.join(EVENT_DICE)}")
    return EVENT_DICE[events]


def check_likelihood(likelihood: str) -> str:
    """``likelihood`` if it is a name of the scale, else a UsageError listing the names in order."""
    if likelihood not in LIKELIHOOD_MODIFIERS:
        raise UsageError(f"unknown likelihood {likelihood!r}; choose one of {', '.join(LIKELIHOODS)}")
    return likelihood


def check_tension(tension: int) -> int:
    """``tension`` if it is a whole number in TENSION_MIN..TENSION_MAX (ORACLE.TENSION.1)."""
    if isinstance(tension, bool) or not isinstance(tension, int) or not TENSION_MIN <= tension <= TENSION_MAX:
        raise UsageError(f"tension must be a whole number {TENSION_MIN}..{TENSION_MAX}, got {tension!r}")
    return tension


def shift_tension(tension: int, delta: int) -> int:
    """The tension after moving it by ``delta``, kept within TENSION_MIN..TENSION_MAX (ORACLE.TENSION.2)."""
    return max(TENSION_MIN, min(TENSION_MAX, int(tension) + int(delta)))


def tension_modifier(tension: int) -> int:
    """ORACLE.SCALE.3: tension adds one point a level above 5 and takes one a level below."""
    return check_tension(tension) - TENSION_START


def answer_for(dice: Sequence[int], likelihood: str, tension: int) -> str:
    """The answer three answer dice give at this likelihood and tension (ORACLE.ANSWER.1-2)."""
    margin = sum(dice) + LIKELIHOOD_MODIFIERS[check_likelihood(likelihood)] + tension_modifier(tension) - YES_AT
    for answer, start in BANDS:
        if margin >= start:
            return answer
    return "no_and"


def event_triggered(tension_die: int, tension: int) -> bool:
    """ORACLE.EVENT.1: a question brings a random event when the d20 shows the tension or less."""
    return tension_die <= check_tension(tension)


def die(rng, faces: int) -> int:
    """One die of ``faces`` faces, read from ``rng.random()`` only (like :mod:`sim.dice`)."""
    return int(rng.random() * faces) + 1


def roll_dice(rng, tension_die: int = TENSION_DIE) -> list[int]:
    """The four dice of a question: three d10 answer dice, then the tension die (a d20; d100 by option)."""
    return [die(rng, ANSWER_DIE) for _ in range(ANSWER_DICE)] + [die(rng, tension_die)]


def exact(likelihood: str, tension: int, tension_die: int = TENSION_DIE) -> dict[str, Any]:
    """The exact chance of each answer and of a random event, by enumerating every roll.

    ``{"outcomes": {answer: Fraction} (in ANSWERS order), "event_chance": Fraction}``; ``tension_die`` is the
    tension die's faces (:func:`event_die`).
    """
    check_likelihood(likelihood)
    check_tension(tension)
    tension_die = event_die(tension_die)
    counts = dict.fromkeys(ANSWERS, 0)
    rolls = list(product(range(1, ANSWER_DIE + 1), repeat=ANSWER_DICE))
    for dice in rolls:
        counts[answer_for(dice, likelihood, tension)] += 1
    events = sum(event_triggered(face, tension) for face in range(1, tension_die + 1))
    return {"outcomes": {a: Fraction(n, len(rolls)) for a, n in counts.items()},
            "event_chance": Fraction(events, tension_die)}


def yes_chance(likelihood: str, tension: int) -> Fraction:
    """P(yes_and, yes or yes_but) at this likelihood and tension."""
    outcomes = exact(likelihood, tension)["outcomes"]
    return sum((outcomes[a] for a in YES_ANSWERS), Fraction(0))

