"""The score: free play up to the engagement roll, then the scenes of the score itself.

In the order a score is played:

* :mod:`.engagement`: free play (gather information, the target, the plan, load) and the engagement roll;
  :mod:`.outcomes`: what free play hands to the score and the score to downtime;
* :mod:`.score`: the score as a queue of scenes (:mod:`.scenes`: scene kinds and layouts; :mod:`.fate_scenes`:
  Fate contests and conflicts as scenes of a score);
* :mod:`.action`: the action roll, pushing, bargains, flashbacks; :mod:`.teamwork`: assist, protect, lead, set up;
  :mod:`.harm_penalties`: what harm costs a roll;
* :mod:`.consequences`, :mod:`.resist` (resistance and armor) and :mod:`.effects` (a content effect applied);
* :mod:`.turn`: what passes between the phases of one score's turn.

Rule sections (docs/rules/blades.md): BITD.CORE, BITD.GATHER, BITD.SCORE, BITD.LOAD, BITD.ACTION, BITD.PUSH,
BITD.BARGAIN, BITD.FLASH, BITD.EFFECT, BITD.TEAM, BITD.CONSEQ, BITD.HARM, BITD.RESIST, BITD.ARMOR, BITD.CLOCK.
"""
