"""Harm penalties (BITD.HARM.1, BITD.HARM.4): what the harm a scoundrel carries costs an action roll.

:func:`harm_penalty` is the rule over a scoundrel's harm rows; :func:`harm_relevant` reads whether one harm hampers
an action; :func:`penalties` applies the rule under the options (``harm_rows_independent``, ``harm_relevance``) and
the scoundrel's abilities (``harm_penalty_shift``), kept per scoundrel and action until the harm, the abilities or
the options change. :mod:`sim.blades.score.action` rolls with them.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from sim.blades.crew import abilities
from sim.blades.crew.state import ATTRIBUTE_OF
from sim.blades.score.resist import HARM_ATTRIBUTE as HARM_NATURE

NO_PENALTY = (0, 0, False)


def harm_penalty(pc: Any, independent: bool = True, lighter: int = 0, action: str | None = None) -> tuple[int, int, bool]:
    """BITD.HARM.1/.4: ``(dice removed, effect levels lost, needs help)`` from the harm a scoundrel carries.

    Level 2 costs -1d, level 1 reduced effect, level 3 means acting only with
    help or by pushing. With ``independent`` (option ``harm_rows_independent``)
    every row's penalty applies; otherwise only the worst row's. ``lighter``
    rows (an ability's ``harm_penalty_shift``) make each row count as the one below.
    With ``action``, level-1 and level-2 harm count only when relevant to it
    (:func:`harm_relevant`); level 3 always hampers.
    """
    harm = pc.harm
    if action is None:
        h1, h2, h3 = bool(harm[1]), bool(harm[2]), bool(harm[3])
    else:
        h1, h2, h3 = _any_relevant(harm[1], action), _any_relevant(harm[2], action), bool(harm[3])
    if lighter:
        rows = [h1, h2, h3][lighter:] + [False] * lighter
        h1, h2, h3 = rows
    if independent:
        return int(h2), int(h1), h3
    if h3:
        return 0, 0, True
    return (1, 0, False) if h2 else (0, int(h1), False)


def _any_relevant(notes: Sequence[str], action: str) -> bool:
    """Whether any harm in a row hampers ``action`` (:func:`harm_relevant`; a plain loop, asked on every roll)."""
    if not notes:
        return False
    attribute = ATTRIBUTE_OF[action]
    for note in notes:
        nature = _NATURES.get(note, _UNSEEN)
        if nature is _UNSEEN:
            nature = _note_nature(note)
        if nature is None or nature == attribute:
            return True
    return False


_UNSEEN = object()
#: harm note -> the attribute its harm strains (None: any), :func:`harm_relevant`'s reading of it (notes never change)
_NATURES: dict[str, str | None] = {}


def _note_nature(note: str) -> str | None:
    if len(_NATURES) > 4096:
        _NATURES.clear()
    nature = _NATURES[note] = HARM_NATURE.get(note.split(" ", 1)[0])
    return nature


def harm_relevant(note: str, action: str) -> bool:
    """BITD.HARM.4: whether a harm (by its note) hampers ``action``.

    Harm from an action roll's consequence is noted with its plan first
    (``"stealth standard harm"``, :mod:`sim.blades.score.consequences`); its nature is
    the attribute that plan's harm strains (BITD.RESIST.2: physical on most
    plans, mental on occult and social ones, confusion on deception) and it
    hampers the actions of that attribute only — a cut arm slows a prowl, not a
    lie. Harm of any other origin (a beating, an entanglement) always counts.
    """
    nature = HARM_NATURE.get(note.split(" ", 1)[0])
    return nature is None or nature == ATTRIBUTE_OF[action]


def penalties(campaign: Any, pc: Any, action: str | None = None) -> tuple[int, int, bool]:
    """:func:`harm_penalty` under the options ``harm_rows_independent`` and ``harm_relevance`` and the scoundrel's
    abilities; with ``action``, only the harm relevant to it (BITD.HARM.4)."""
    harm = pc.harm
    h1, h2, h3 = harm[1], harm[2], harm[3]
    if not (h1 or h2 or h3):
        return NO_PENALTY
    mechanics = abilities.resolved(campaign, pc)  # a new object once the abilities change (harm_penalty_shift)
    memo = mechanics.penalties
    if (memo is None or memo.rows is not harm or memo.n1 != len(h1) or memo.n2 != len(h2) or memo.n3 != len(h3)
            or memo.options is not campaign.options):
        memo = mechanics.penalties = _Penalties(harm, campaign.options)
    found = memo.by_action.get(action)
    if found is None:
        opts = campaign.options
        found = memo.by_action[action] = harm_penalty(
            pc, opts["harm_rows_independent"], abilities.mechanic_value(campaign, pc, "harm_penalty_shift", 0),
            None if opts["harm_relevance"] == "always" else action)
    return found


class _Penalties:
    """One scoundrel's :func:`penalties` by action, for the harm they carry now and their abilities.

    Kept with their resolved mechanics (:func:`sim.blades.crew.abilities.resolved`, replaced when an ability is gained);
    stale (rebuilt) once the harm rows are another dict (healing) or a row grows (new harm: harm is only ever
    appended, ``Campaign.take_harm``) or the rule options differ."""

    __slots__ = ("rows", "n1", "n2", "n3", "options", "by_action")

    def __init__(self, rows: Mapping[int, Sequence[str]], options: Any) -> None:
        self.rows, self.options = rows, options
        self.n1, self.n2, self.n3 = len(rows[1]), len(rows[2]), len(rows[3])
        self.by_action: dict[str | None, tuple[int, int, bool]] = {}
