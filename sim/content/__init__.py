"""Content: YAML tables and scenarios, loaded safely and validated.

* :func:`load_content` -> :class:`Content` (``content.table("blades/bargains")``)
* :func:`load_scenario` -> the scenario, read by its system (:mod:`sim.systems`)
* :func:`validate_paths` -> every problem in files or folders (``sim validate``)
* :func:`json_schemas` -> JSON Schema documents (``sim schema``)

Importing this package reads no files and imports none of its modules: the
names above are imported on first use (PEP 562), so a command that needs only
the safe YAML reader (:mod:`sim.content.source`, e.g. for the term tables)
does not pay for the loader and the schemas.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {"CONTENT_ROOT": "loader", "PROJECT_ROOT": "loader", "TABLES": "loader", "Content": "loader",
            "load_content": "loader", "register_table": "loader", "tables": "loader", "load_scenario": "scenario"}

__all__ = ["CONTENT_ROOT", "PROJECT_ROOT", "TABLES", "Content", "load_content", "load_scenario", "register_table",
           "tables"]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    else:
        try:
            value = importlib.import_module(f"{__name__}.{name}")  # a submodule: sim.content.loader
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
