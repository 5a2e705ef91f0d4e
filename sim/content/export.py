"""JSON Schema export (``sim schema``): the validator's schemas, for editors.

Each registered table schema and each registered system's scenario schema
(:mod:`sim.systems`) render themselves (:meth:`TableSchema.json_schema`), so
the files an editor's YAML plug-in reads are derived from the same definitions
``sim validate`` enforces: ``<table key>.schema.json`` and
``scenario.<system>.schema.json``, with the Blades one also written as
``scenario.schema.json`` (the name editors were pointed at first). Id
references list the ids of the loaded content as ``enum`` values, so an
editor can complete ``faction: red_s...``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Mapping

from sim.content.loader import load_content, tables
from sim.files import make_folder, write_atomic

#: the system whose scenario schema is also written as ``scenario.schema.json``
FIRST_SYSTEM = "blades"


def json_schemas(ids: Mapping[str, list[str]] | None = None) -> dict[str, dict]:
    """Schema documents by relative file name (``blades/bargains.schema.json``)."""
    from sim.systems import systems

    if ids is None:
        ids = {ns: list(v) for ns, v in load_content().ids.items()}
    known = tables()
    out = {f"{key}.schema.json": known[key].json_schema(ids) for key in sorted(known)}
    for name, system in systems().items():
        out[f"scenario.{name}.schema.json"] = system.scenario_schema.json_schema(ids)
        if name == FIRST_SYSTEM:
            out["scenario.schema.json"] = out[f"scenario.{name}.schema.json"]
    return out


def dumps(schema: dict) -> str:
    """Stable text for a schema file (sorted keys, two-space indent, final newline)."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(out_dir: Path, ids: Mapping[str, list[str]] | None = None) -> list[Path]:
    """Write every schema under ``out_dir`` (each atomically); return the paths written, in order.

    A folder that cannot be made or a file that cannot be written raises UsageError (one line).
    """
    schemas = json_schemas(ids)
    written = []
    for name, schema in schemas.items():
        path = out_dir / name
        make_folder(path.parent, "schema folder")
        write_atomic(path, dumps(schema), what="schema file")
        written.append(path)
    return written
