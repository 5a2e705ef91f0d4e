"""Views for people: what a person weighs before a decision, the readable account, solo play's views.

Nothing here changes a campaign or draws from its streams: each reads the campaign, its journal or a batch's
rows. The generic layers find them through the registry entry (:mod:`sim.blades.system`).

* :mod:`.briefings`: the briefing for each Blades decision a person answers (exact odds, what the GM would set);
* :mod:`.narrate`: the account of a campaign rendered from its journal, through :mod:`sim.i18n`;
* :mod:`.solo`: the views, tension, scenes, threads and NPCs a solo session reads from a journal;
  :mod:`.export_sheets`: the final sheets of a solo story as Markdown (``System.sheets``);
* :mod:`.city_report`: the batch report's city section (``System.report_sections``).

Rule sections (docs/rules/blades.md): none of their own; they cite the rules they explain (BITD.ACTION,
BITD.RESIST, BITD.DOWNTIME.ACT, ...).
"""
