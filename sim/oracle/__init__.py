"""The oracle: yes/no answers, random events, meaning words and scene checks for solo play.

Our own design, written out in ``docs/rules/oracle.md`` (ORACLE.*). Pure functions of a caller's
``random.Random`` (solo play passes the campaign's ``oracle`` stream); no engine imports, and
importing this package reads no files (:func:`load_words` reads the tables on first call)::

    words = load_words()
    r = ask(rng, "Is the door guarded?", "likely", 5, words)   # {"question", ..., "answer", "event"}
    exact("likely", 5)    # {"outcomes": {answer: Fraction}, "event_chance": Fraction}

* :mod:`sim.oracle.scale`: the likelihood scale, tension, the answer bands, :func:`exact`;
* :mod:`sim.oracle.question`: :func:`ask` (and :func:`count_answers`, many asks counted);
* :mod:`sim.oracle.events`: :func:`random_event`, :func:`meaning`, :func:`scene_check`;
* :mod:`sim.oracle.words`: :func:`load_words` and :class:`Words`.
"""

from __future__ import annotations

from sim.oracle.events import FOCUS_IDS, SCENE_RESULTS, meaning, random_event, scene_check, scene_odds
from sim.oracle.question import ask, count_answers
from sim.oracle.scale import (
    ANSWERS, LIKELIHOODS, TENSION_MAX, TENSION_MIN, TENSION_START, YES_ANSWERS, exact, shift_tension, yes_chance,
)
from sim.oracle.words import Words, load_words

__all__ = [
    "ANSWERS", "FOCUS_IDS", "LIKELIHOODS", "SCENE_RESULTS", "TENSION_MAX", "TENSION_MIN", "TENSION_START",
    "YES_ANSWERS", "Words", "ask", "count_answers", "exact", "load_words", "meaning", "random_event", "scene_check",
    "scene_odds", "shift_tension", "yes_chance",
]
