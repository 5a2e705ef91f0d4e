"""Views for people: what a person weighs before a decision, the readable account, solo play's views.

Nothing here changes a campaign or draws from its streams: each reads the campaign or its journal.

* :mod:`.briefings`: the briefing for each Blades decision a person answers (exact odds, what the GM would set);
* :mod:`.narrate`: the account of a campaign rendered from its journal, through :mod:`sim.i18n`;
* :mod:`.solo`: the views, tension, scenes, threads and NPCs a solo session reads from a journal.

Rule sections (docs/rules/blades.md): none of their own; they cite the rules they explain (BITD.ACTION,
BITD.RESIST, BITD.DOWNTIME.ACT, ...).
"""
