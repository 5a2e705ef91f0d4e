"""The name pools in the registry of content tables (:mod:`sim.systems`), so ``sim validate`` checks
``content/names/<locale>.yaml`` with file, line and field like every other table (the schema:
:mod:`sim.names.pools`). They are not a scenario's content: :data:`sim.content.loader.STANDALONE`."""

from __future__ import annotations

from sim.names.pools import TABLES
from sim.systems import register_tables

register_tables("names", TABLES, required=tuple(TABLES))
