"""The mist system's rules as small pure functions and frozen values: nothing here journals.

* :mod:`.tags`: burning a tag and getting it back; :mod:`.statuses`: statuses and limits, the arithmetic;
* :mod:`.roll`: the mist roll and its effects (power, dice, bands, the budget to spend);
* :mod:`.arcs`: themes and their arcs, evolution; :mod:`.characters`: making characters from kits and draws.

Rule sections (docs/rules/mist.md): MIST.TAG, MIST.STATUS, MIST.LIMIT, MIST.ROLL, MIST.EFFECT, MIST.THEME,
MIST.ARC, MIST.EVOLUTION.
"""
