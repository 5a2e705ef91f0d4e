"""``sim report DIR [--lang L] [--plots png|svg]``: draw a finished batch's report again, without playing it.

Parses, calls :func:`sim.batch.reporting.report.rerender` (which reads ``summary.json`` and the assembled Parquet files),
and prints where the report is. Everything heavy is imported inside ``run``.
"""

from __future__ import annotations

from sim.cli import add_lang_argument

#: The line ``sim --help`` shows for this command.
HELP = "draw a finished batch's report.md and plots again (another language or format), without playing it"


def register(sub) -> None:
    p = sub.add_parser(
        "report", help=HELP,
        description="Write DIR/report.md and DIR/plots/ again from DIR/summary.json, DIR/campaigns.parquet and "
                    "DIR/series.parquet of a finished sim batch: in another language, or with SVG plots. "
                    "Nothing is played; the same language and format give the same report.md byte for byte.")
    p.add_argument("folder", metavar="DIR", help="a folder sim batch finished (it holds summary.json)")
    p.add_argument("--plots", choices=("png", "svg"), default="png", help="plot format (default png)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object: the folder, the report, its plots and the scenario's system")
    add_lang_argument(p, "en")
    p.set_defaults(func=run)


def run(args) -> int:
    from pathlib import Path

    from sim.batch.reporting.report import rerender

    path = rerender(Path(args.folder), args.lang, args.plots)
    if args.json:
        import json

        summary = json.loads((Path(args.folder) / "summary.json").read_text(encoding="utf-8"))
        plots = sorted(str(p) for p in (path.parent / "plots").glob(f"*.{args.plots}"))
        print(json.dumps({"system": summary.get("system"), "out": str(Path(args.folder)), "report": str(path),
                          "plots": plots, "lang": args.lang or "en"}, ensure_ascii=False))
        return 0
    print(path)
    return 0
