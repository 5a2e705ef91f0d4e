"""The crew and its sheet: the campaign's one mutable owner and everything written on the sheets.

* :mod:`.state`: :class:`~sim.blades.crew.state.Campaign`, the one owner of campaign state (scoundrels, crew,
  factions, clocks), with its change methods split over the mixins :mod:`.crew` (crew xp, upgrades, abilities,
  claims, cohorts), :mod:`.ledger` (the downtime bookkeeping) and :mod:`.clock_changes` (every clock);
* :mod:`.sheet`: the sheets as plain dicts, live or rebuilt from the journal alone;
* :mod:`.abilities` and :mod:`.mechanics`: special abilities and crew upgrades (what they do in a roll, and
  when gained, at payoff, heat and downtime's end); :mod:`.coin`: crew coin spent on a downtime roll.

Rule sections (docs/rules/blades.md): BITD.CHAR.CREATE, BITD.CREW.CREATE, BITD.ATTR, BITD.STRESS, BITD.HARM,
BITD.DEATH, BITD.ARMOR, BITD.LOAD, BITD.COIN, BITD.XP, BITD.CREW.XP, BITD.ABIL.
"""
