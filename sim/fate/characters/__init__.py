"""Fate characters: what is written on a sheet and how it changes between scenes.

* :mod:`.character`: skills, stress tracks, consequence slots, fate points; :mod:`.ladder`: the ladder, skills
  and difficulties;
* :mod:`.aspects`: aspects, invokes, compels and boosts;
* :mod:`.recovery`: recovering from consequences; :mod:`.milestones`: what a character may change at the end of
  a session or an arc.

Rule sections (docs/rules/fate.md): FATE.CHAR, FATE.LADDER, FATE.FP, FATE.ASPECT, FATE.RECOVER, FATE.ADV.
"""
