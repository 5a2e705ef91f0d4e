"""Fate Condensed in the registry of game systems (:mod:`sim.systems`): its content tables.

Registers the schemas of Fate's content tables (:mod:`sim.fate.schemas`) with
:func:`sim.systems.register_tables`, so ``content/fate/*.yaml`` is validated like Blades' tables before any
content is loaded.
"""

from __future__ import annotations

from sim.fate.schemas import TABLES
from sim.systems import register_tables

register_tables("fate", TABLES, required=tuple(TABLES))
