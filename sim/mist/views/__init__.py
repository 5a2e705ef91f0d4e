"""The mist system for people: the readable account, the briefings a person weighs, solo play's views and sheets.

Nothing here changes a game or draws from its streams; the generic layers find these through the registry
entry (:mod:`sim.mist.system`: ``narrate``, ``storyteller``, ``solo``, ``sheets``, ``briefings``).

* :mod:`.narrate`: the account of a campaign rendered from its journal;
* :mod:`.briefings`: briefings for mist decisions;
* :mod:`.solo`: the sheets, statuses, tension, threads and NPCs a solo session reads.

Rule sections (docs/rules/mist.md): none of their own; they cite the rules they explain (MIST.ROLL, ...).
"""
