"""sim: an engine that plays tabletop role-playing rules.

Importing ``sim`` loads no content and starts nothing (docs/dev/style.md principle 9).
The rules it implements are written down in ``docs/rules/`` (the rules
reference); modules cite its rule IDs, such as ``BITD.RESIST.3``, in their docstrings.
"""

__version__ = "0.1.0"

# The optional compiled hot path (sim.accel): imported only when ``sim accel build`` left its stamp (one stat call);
# sim.accel.install then honours SIM_PURE.
import os as _os

if _os.path.exists(_os.path.join(_os.path.dirname(__file__), ".accel")):
    from sim import accel as _accel

    _accel.install()
del _os
