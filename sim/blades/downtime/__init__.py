"""Downtime after every score: payoff, heat, entanglements, then the activities.

* :mod:`.downtime`: payoff, heat, the score's fallout, war and incarceration (steps 1 and 2);
* :mod:`.entanglements`: the entanglement roll and its results (step 3);
* :mod:`.activities`: the six downtime activities; :mod:`.vice`: indulging vice and overindulgence.

Rule sections (docs/rules/blades.md): BITD.DOWNTIME, BITD.DOWNTIME.PAYOFF, BITD.DOWNTIME.HEAT,
BITD.DOWNTIME.PRISON, BITD.DOWNTIME.ENTANGLE, BITD.DOWNTIME.ACT, BITD.DOWNTIME.ACQUIRE, BITD.DOWNTIME.LTP,
BITD.DOWNTIME.RECOVER, BITD.DOWNTIME.REDUCEHEAT, BITD.DOWNTIME.TRAIN, BITD.DOWNTIME.VICE.
"""
