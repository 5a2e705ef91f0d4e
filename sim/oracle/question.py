"""Asking the oracle: the dice of :mod:`sim.oracle.scale` and, when the tension die says so, a
random event of :mod:`sim.oracle.events` (ORACLE.ANSWER.1-2, ORACLE.EVENT.1)."""

from __future__ import annotations

from typing import Any, Sequence

from sim.oracle.events import random_event
from sim.oracle.scale import (
    ANSWER_DICE, ANSWERS, TENSION_DIE, answer_for, check_likelihood, check_tension, event_die, event_triggered, roll_dice,
)


def ask(rng, question: str, likelihood: str, tension: int, words, lang: str = "en",
        threads: Sequence[str] = (), npcs: Sequence[str] = (), tension_die: int | str = TENSION_DIE) -> dict[str, Any]:
    """Ask the oracle a yes/no question (ORACLE.ANSWER.1-2, ORACLE.EVENT.1).

    Returns a journal-ready dict: ``question, likelihood, tension, roll, answer, event``;
    ``roll`` is the four dice read (three d10, then the tension die: a d20, or a d100 with ``tension_die`` 100 or
    ``"d100"``, the option ``oracle_events``) and ``event`` is None or a :func:`sim.oracle.events.random_event`
    dict, drawn from ``rng`` after the dice.
    """
    check_likelihood(likelihood)
    check_tension(tension)
    dice = roll_dice(rng, event_die(tension_die))
    event = None
    if event_triggered(dice[-1], tension):
        event = random_event(rng, words, lang, threads=threads, npcs=npcs)
    return {"question": str(question), "likelihood": likelihood, "tension": tension, "roll": dice,
            "answer": answer_for(dice[:ANSWER_DICE], likelihood, tension), "event": event}


def count_answers(rng, likelihood: str, tension: int, n: int, words,
                  tension_die: int | str = TENSION_DIE) -> tuple[dict[str, int], int]:
    """Ask ``n`` times with :func:`ask` itself: ``({answer: count} in ANSWERS order, events)``."""
    counts = dict.fromkeys(ANSWERS, 0)
    events = 0
    for _ in range(n):
        r = ask(rng, "", likelihood, tension, words, tension_die=tension_die)
        counts[r["answer"]] += 1
        events += r["event"] is not None
    return counts, events
