"""sim: an engine that plays tabletop role-playing rules.

Importing ``sim`` loads no content and starts nothing (STYLE.md principle 9).
The rules it implements are specified in ``../shared/RULES.md``; modules cite
rule IDs such as ``BITD.RESIST.3`` in their docstrings.
"""

__version__ = "0.1.0"
