"""What passes between the phases of one score's turn (BITD.CORE.6, BITD.DOWNTIME.1).

The campaign loop (:mod:`sim.blades.loop`) runs each phase's work on its own,
so what one phase hands to a later one cannot live in a local variable: it is
written here, on ``campaign.turn``, and a campaign stopped between two phases
can go on from the record alone. Free play fixes the ``plan`` (and notes each
scoundrel's trauma before the score); the score leaves its ``result`` and the
``actions`` rolled (for xp triggers, BITD.XP.2); payoff leaves ``payoff`` and the
crew's ``tier_before`` (crew xp, BITD.CREW.XP.2); the last phase sets ``end``.

The record is owned by the campaign and changed only by the loop's phase work
(the one module that writes it), and cleared by :meth:`Turn.reset` when each
score begins. It is a plain mutable slotted object, not a journaled state: it
holds nothing the sheet shows, only the phases' hand-over.
"""

from __future__ import annotations

from typing import Any


class Turn:
    """One score's hand-over between phases: plan, result, payoff, the numbers before, the actions rolled."""

    __slots__ = ("plan", "result", "payoff", "tier_before", "trauma_before", "actions", "end")

    def __init__(self) -> None:
        self.end = ""  # why the campaign ended, once it has ("" while it goes on)
        self.reset()

    def reset(self) -> None:
        """Clear the record for a new score (``end`` outlives scores: it is set once, at the end)."""
        self.plan: Any = None  # the engagement plan free play fixed
        self.result: Any = None  # the score's ScoreResult
        self.payoff: dict[str, Any] = {}  # downtime.pay_off's figures
        self.tier_before = 0  # crew Tier before payoff
        self.trauma_before: dict[str, int] = {}  # pc id -> trauma count before the score
        self.actions: list[tuple[str, str]] = []  # (pc, action) of every action roll in the score
