"""Turn order in conflicts: popcorn (elective) initiative (FATE.SCENE.5-6).

Pure functions: who may be picked next. The scene asks the picker's seat to
choose one (decision ``fate_next_actor``).
"""

from __future__ import annotations

from typing import Sequence

from sim.errors import IllegalMove


def next_actor_choices(active: Sequence[str], acted: Sequence[str], last: str | None, *,
                       self_pick: bool = True) -> tuple[tuple[str, ...], bool]:
    """Who ``last`` may hand the turn to, and whether that opens a new exchange (FATE.SCENE.6).

    Within an exchange: anyone still active who hasn't acted. When everyone
    has acted, the last actor picks who opens the next exchange — themselves
    included when ``self_pick`` (option ``fate_popcorn_self_pick``), unless
    they are the only one left. Order follows ``active``.
    """
    waiting = tuple(c for c in active if c not in acted)
    if waiting:
        return waiting, False
    if not active:
        raise IllegalMove("nobody is left to act")
    if self_pick or last not in active or len(active) == 1:
        return tuple(active), True
    return tuple(c for c in active if c != last), True


def picker_seat(last: str, is_npc: bool) -> str:
    """After an NPC acts, the GM picks (FATE.SCENE.6); after a PC, that PC's seat."""
    return "gm" if is_npc else last
