"""Random events, meaning word pairs and scene checks (ORACLE.EVENT, ORACLE.MEANING, ORACLE.SCENE).

Our own design (``docs/rules/oracle.md``):

* a random event is an **event focus** (what the event is about, drawn by weight from
  ``content/oracle/focus.yaml``; ORACLE.EVENT.2), a thread or an NPC when the focus names one and
  the lists have any (ORACLE.EVENT.3), and a **meaning** pair (ORACLE.MEANING.1);
* a meaning pair is one action and one subject, each drawn evenly from its table;
* a scene check is ``d20 + tension``: 15 or less the scene goes as expected, 16..20 it is
  altered, 21 or more it is interrupted (ORACLE.SCENE.1).

Draws read only ``rng.random()`` from the caller's generator (:func:`sim.oracle.scale.die`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from sim.oracle.scale import check_tension, die

#: the event focus ids (ORACLE.EVENT.2); ``content/oracle/focus.yaml`` gives each a weight and names
FOCUS_IDS: tuple[str, ...] = (
    "npc_acts", "new_npc", "thread_toward", "thread_away", "thread_closes",
    "pc_positive", "pc_negative", "remote_event", "ambiguous", "current_context",
)
#: foci that point at a thread, and at an NPC (ORACLE.EVENT.3)
THREAD_FOCI = frozenset({"thread_toward", "thread_away", "thread_closes"})
NPC_FOCI = frozenset({"npc_acts"})
#: ORACLE.SCENE.1: scene die faces, and the highest d20 + tension that is still expected / altered
SCENE_DIE, EXPECTED_UP_TO, ALTERED_UP_TO = 20, 15, 20
SCENE_RESULTS: tuple[str, ...] = ("expected", "altered", "interrupted")


def pick(rng, items: Sequence[Any]) -> Any:
    """One of ``items``, each as likely (a die with ``len(items)`` faces)."""
    return items[die(rng, len(items)) - 1]


def weighted(rng, entries: Sequence[tuple[str, int]]) -> str:
    """The id whose span a die of ``sum(weights)`` faces lands in (entries in table order)."""
    face = die(rng, sum(w for _, w in entries))
    for ident, weight in entries:
        face -= weight
        if face <= 0:
            return ident
    raise AssertionError("unreachable: the die has sum(weights) faces")


def meaning(rng, words, lang: str = "en") -> dict[str, str]:
    """ORACLE.MEANING.1: an action word and a subject word, to read together (``{"action", "subject"}``,
    plus their ids ``action_id`` and ``subject_id``, so the pair can be shown in another language)."""
    action = pick(rng, words.actions)
    subject = pick(rng, words.subjects)
    return {"action": words.word(action, lang), "subject": words.word(subject, lang),
            "action_id": action["id"], "subject_id": subject["id"]}


def random_event(rng, words, lang: str = "en", threads: Sequence[str] = (), npcs: Sequence[str] = ()) -> dict:
    """ORACLE.EVENT.2-3: ``{"focus", "action", "subject", "thread", "npc"}`` (and the words' ids).

    The focus is drawn first, then the thread (for a thread focus) or NPC (for ``npc_acts``) from the
    given lists when they have any (else None: the focus still stands, read with the words alone),
    then the meaning pair.
    """
    focus = weighted(rng, words.focus_weights)
    thread = pick(rng, list(threads)) if focus in THREAD_FOCI and threads else None
    npc = pick(rng, list(npcs)) if focus in NPC_FOCI and npcs else None
    return {"focus": focus, "thread": thread, "npc": npc, **meaning(rng, words, lang)}


def scene_result(face: int, tension: int) -> str:
    """ORACLE.SCENE.1: what a scene die face means at this tension."""
    total = face + check_tension(tension)
    if total <= EXPECTED_UP_TO:
        return "expected"
    return "altered" if total <= ALTERED_UP_TO else "interrupted"


def scene_check(rng, tension: int) -> dict[str, Any]:
    """ORACLE.SCENE.1: ``{"roll": d20 face, "result": "expected" | "altered" | "interrupted"}``."""
    check_tension(tension)
    face = die(rng, SCENE_DIE)
    return {"roll": face, "result": scene_result(face, tension)}


def scene_odds(tension: int) -> dict[str, Fraction]:
    """The exact chance of each scene check result at this tension (every face enumerated)."""
    counts = dict.fromkeys(SCENE_RESULTS, 0)
    for face in range(1, SCENE_DIE + 1):
        counts[scene_result(face, tension)] += 1
    return {k: Fraction(n, SCENE_DIE) for k, n in counts.items()}
