"""sim: an engine that plays tabletop role-playing rules.

Importing ``sim`` loads no content and starts nothing (STYLE.md principle 9).
The rules it implements are written down in ``docs/rules/`` (the rules
reference); modules cite its rule IDs, such as ``BITD.RESIST.3``, in their docstrings.
"""

__version__ = "0.1.0"
