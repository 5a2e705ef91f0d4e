"""The arcane: magnitude, rituals and crafting, and what the crew knows and holds of them.

* :mod:`.magnitude`: how strong an arcane effect is and what it costs to reach;
* :mod:`.rituals`: knowing, finding, learning and performing rituals; :mod:`.craft`: inventing and crafting;
* :mod:`.arcane`: both in the campaign loop (the downtime choices they add, their use on a score);
  :mod:`.arcane_state`: ``campaign.arcana``, changed by ``change_arcana`` (event ``arcana``).

Rule sections (docs/rules/blades.md): BITD.MAG, BITD.RITUAL, BITD.CRAFT.
"""
