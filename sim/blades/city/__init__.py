"""The city: the factions in play, the crew's claims, and the factions acting on their own.

* :mod:`.city`: the city as a graph (status between factions both ways, wars between factions, intel);
* :mod:`.factions`: faction agents, the ``faction.<id>`` seats and the moves they choose each downtime;
* :mod:`.claims`: the claim map and claim seizures.

Rule sections (docs/rules/blades.md): BITD.FACTION, BITD.DOWNTIME.NPC, BITD.CREW.CLAIM, BITD.CREW.TURF,
BITD.FORTUNE.
"""
