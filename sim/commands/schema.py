"""``sim schema [--out DIR]``: write JSON Schema files for content and scenarios."""

from __future__ import annotations

from pathlib import Path


#: The line ``sim --help`` shows for this command.
HELP = "write JSON Schema files for content tables and scenarios"


def register(sub) -> None:
    p = sub.add_parser(
        "schema",
        help=HELP,
        description="Write JSON Schema (draft 2020-12) files for every content table and for scenarios, "
                    "derived from the schemas `sim validate` enforces, so an editor's YAML plug-in can "
                    "check and complete them.",
    )
    p.add_argument("--out", default="schemas", metavar="DIR", help="folder to write into (default: schemas)")
    p.add_argument("--json", action="store_true", help="print one JSON object: the folder, the files written, their count")
    p.set_defaults(func=run)


def run(args) -> int:
    from sim.content.export import write_schemas
    from sim.errors import UsageError

    from sim.files import make_folder, shown

    out = Path(args.out)
    try:
        is_file = out.is_file()
    except OSError:  # e.g. a name too long: make_folder says so
        is_file = False
    if is_file:
        raise UsageError(f"--out {shown(args.out)} is a file, not a folder")
    make_folder(out, "--out folder")
    written = write_schemas(out)
    if args.json:
        import json

        print(json.dumps({"out": out.as_posix(), "files": [p.as_posix() for p in written], "count": len(written)},
                         ensure_ascii=False))
        return 0
    for path in written:
        print(path.as_posix())
    from sim.i18n import count

    print(f"wrote {count(len(written), 'schema file')} to {out.as_posix()}")
    return 0
