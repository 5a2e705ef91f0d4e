"""JSON Schema export (``sim schema``): the validator's schemas, for editors.

Each registered table schema and the scenario schema render themselves
(:meth:`TableSchema.json_schema`), so the files an editor's YAML plug-in
reads are derived from the same definitions ``sim validate`` enforces. Id
references list the ids of the loaded content as ``enum`` values, so an
editor can complete ``faction: red_s...``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Mapping

from sim.content.loader import TABLES, load_content
from sim.content.scenario import SCENARIO
from sim.files import make_folder, write_atomic


def json_schemas(ids: Mapping[str, list[str]] | None = None) -> dict[str, dict]:
    """Schema documents by relative file name (``blades/bargains.schema.json``)."""
    if ids is None:
        ids = {ns: list(v) for ns, v in load_content().ids.items()}
    out = {f"{key}.schema.json": TABLES[key].json_schema(ids) for key in sorted(TABLES)}
    out["scenario.schema.json"] = SCENARIO.json_schema(ids)
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
