"""Fate scenes: the one owner of a scene's characters, and the three kinds of scene played on it.

* :mod:`.scene`: :class:`~sim.fate.scenes.scene.Scene`, the one mutable owner of a scene's characters, aspects
  and invokes; :mod:`.zones` (the sketch map) and :mod:`.turns` (popcorn initiative);
* :mod:`.challenge`, :mod:`.contest`, :mod:`.conflict`: the scene runners;
* :mod:`.actions`: the four actions and their outcomes; :mod:`.rules`: the small rules scenes and the adventure
  share (dice, outcomes, teamwork).

Rule sections (docs/rules/fate.md): FATE.SCENE, FATE.CHALLENGE, FATE.CONTEST, FATE.CONFLICT, FATE.ACTION,
FATE.OUTCOME, FATE.DICE, FATE.OPP, FATE.TEAM.
"""
