"""Fate for people: the readable account, the briefings a person weighs, solo play's views and sheets.

Nothing here changes an adventure or draws from its streams; the generic layers find these through the
registry entry (:mod:`sim.fate.system`: ``narrate``, ``storyteller``, ``solo``, ``sheets``, ``briefings``).

* :mod:`.narrate`: the account of an adventure rendered from its journal, in three languages;
* :mod:`.briefings`: briefings for Fate scene decisions;
* :mod:`.solo`: the sheets, scene, opposition, tension, threads and NPCs a solo session reads.

Rule sections (docs/rules/fate.md): none of their own; they cite the rules they explain (FATE.ACTION,
FATE.ASPECT, FATE.CONFLICT, ...).
"""
