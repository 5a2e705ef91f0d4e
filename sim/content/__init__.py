"""Content: YAML tables and scenarios, loaded safely and validated.

* :func:`load_content` -> :class:`Content` (``content.table("blades/bargains")``)
* :func:`load_scenario` -> the scenario of its system (``sim.systems``; Blades: ``sim.blades.scenario.Scenario``)
* :func:`validate_paths` -> every problem in files or folders (``sim validate``)
* :func:`json_schemas` -> JSON Schema documents (``sim schema``)

Importing this package reads no files; loading happens on call.
"""

from sim.content.loader import CONTENT_ROOT, PROJECT_ROOT, TABLES, Content, load_content, register_table, tables
from sim.content.scenario import load_scenario

__all__ = ["CONTENT_ROOT", "PROJECT_ROOT", "TABLES", "Content", "load_content", "load_scenario", "register_table",
           "tables"]
