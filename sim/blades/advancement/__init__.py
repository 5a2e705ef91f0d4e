"""Advancement between scores, and the crew's cohorts.

* :mod:`.advancement`: crew development (rep, turf, tier), scoundrel and crew xp spent, the city's answer;
* :mod:`.cohorts`: gangs and experts recruited, hurt, healed, replaced; :mod:`.cohort_actions`: cohorts acting
  in a score, led by a scoundrel or sent alone.

Rule sections (docs/rules/blades.md): BITD.XP, BITD.CREW.XP, BITD.CREW.REP, BITD.CREW.TURF, BITD.COHORT.
"""
