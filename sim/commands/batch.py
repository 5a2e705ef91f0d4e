"""``sim batch SCENARIO --campaigns N``: many seeded campaigns, saved as Parquet.

Parses, calls :func:`sim.batch.runner.run_batch` with the game of the
scenario's system (:mod:`sim.systems`), and prints where the results are. Everything heavy is imported inside ``run``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from sim.cli import add_lang_argument


#: The line ``sim --help`` shows for this command.
HELP = "play many seeded campaigns of a scenario; results as Parquet, JSON and a report"


def register(sub) -> None:
    p = sub.add_parser(
        "batch", help=HELP,
        description="Play N campaigns of SCENARIO, each seeded from the master seed S and its number, so the "
                    "results are the same with any number of workers or backend. Writes DIR/campaigns.parquet (one row "
                    "per campaign), DIR/summary.json (aggregates), DIR/report.md (tables and plots) and the "
                    "first K journals. Rerun the same command on the same DIR to resume an interrupted batch: "
                    "chunks whose checksums fail are played again, one run at a time holds DIR (batch.lock).")
    p.add_argument("scenario", metavar="SCENARIO",
                   help="scenario YAML file, or a bundled scenario's name (sim scenarios), e.g. starter")
    p.add_argument("--campaigns", type=int, required=True, metavar="N", help="campaigns per variant (at most 100,000,000; all variants together at most 1,000,000,000)")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="master seed, 0..2^63-1 (default: the scenario's)")
    p.add_argument("--workers", type=int, default=None, metavar="W",
                   help="worker processes, at most 256 (default: the machine's cores; 1 plays in this process)")
    p.add_argument("--out", default=None, metavar="DIR", help="output directory (default runs/<scenario>-<seed>-<N>)")
    p.add_argument("--dask", default=None, metavar="ADDRESS",
                   help="play chunks on the Dask scheduler at ADDRESS, or 'local' for a local Dask cluster of W processes")
    p.add_argument("--journals", type=int, default=5, metavar="K",
                   help="keep the full journal of the first K campaigns of each variant (default 5, at most 10,000)")
    p.add_argument("--sweep", action="append", default=[], metavar="NAME=v1,v2",
                   help="play every campaign once per value: a rule option, players, gm, scores, "
                        "tier.<faction> or status.<faction>; "
                        "repeat for the cartesian product (at most 1,000 variants)")
    p.add_argument("--seat", action="append", default=[], metavar="SEAT=POLICY",
                   help="the policy that plays a seat (gm, pc1, pc2...) in every campaign: careful, bold, reckless; "
                        "gentle, standard, gritty for gm; repeatable; overrides the scenario's seats")
    p.add_argument("--chunk-size", type=int, default=None, metavar="C",
                   help="campaigns per unit of work and per saved file (default: N/200, 10 to 1000; at most 100,000)")
    p.add_argument("--force-version", action="store_true",
                   help="resume DIR although another sim version or source played its rows so far "
                        "(recorded in summary.json as forced_version); refused without it")
    p.add_argument("--quiet", action="store_true",
                   help="no progress on stderr: only the results, and problems (a damaged chunk played again, "
                        "errors)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object: the output folder, the run's figures and each variant's headline "
                        "means and rates with their 95%% intervals (read from DIR/summary.json)")
    p.add_argument("--keep-chunks", action="store_true",
                   help="keep DIR/chunks/ after assembly (default: removed once the tables are written)")
    p.add_argument("--plots", choices=("png", "svg"), default="png", help="the report's plot format (default png)")
    add_lang_argument(p, "the scenario's, else en")
    p.set_defaults(func=run)


def _scenario_lang(system, path: str) -> str | None:
    """The scenario's ``lang:`` for the report, or None (English) when it cannot be read here
    (``run_batch`` then reports the problem itself)."""
    from sim.errors import SimError

    try:
        return system.load_scenario(path).lang
    except SimError:
        return None


def check_sizes(args, sweep) -> None:
    """Upper bounds of the size options (sim.limits); run_batch checks the lower ones."""
    from math import prod

    from sim import limits

    limits.check("--campaigns", args.campaigns, None, limits.MAX_CAMPAIGNS)
    limits.check("--seed", args.seed, 0, limits.MAX_SEED)
    limits.check("--workers", args.workers, None, limits.MAX_WORKERS)
    limits.check("--journals", args.journals, None, limits.MAX_JOURNALS)
    limits.check("--chunk-size", args.chunk_size, None, limits.MAX_CHUNK_SIZE)
    for name, values in sweep:
        if name == "scores":  # the length a scenario may ask for (length.scores) and sim play --scores
            for value in values:
                limits.check("--sweep scores", value, 1, limits.MAX_SCORES)
    count = prod(len(values) for _, values in sweep)
    limits.check("the number of --sweep variants", count, None, limits.MAX_VARIANTS)
    if args.campaigns > 0:
        limits.check("--campaigns times the --sweep variants", args.campaigns * count, None,
                     limits.MAX_BATCH_CAMPAIGNS)


def check_out_folder(out: str) -> None:
    """Refuse an ``--out`` that cannot be a folder (a file, or under a file) before any work."""
    from pathlib import Path

    from sim.errors import UsageError
    from sim.files import shown

    path = Path(out)
    for step in (path, *path.parents):
        try:
            is_dir, exists = step.is_dir(), step.exists()
        except OSError as exc:  # a name too long
            raise UsageError(f"--out {shown(out)}: {exc.strerror}") from None
        if exists and not is_dir:
            where = "is a file" if step == path else f"is inside {shown(step)}, a file"
            raise UsageError(f"--out {shown(out)} {where}, not a folder")
        if exists:
            return


def run(args) -> int:
    from sim.extras import require

    require("batch", "sim batch")  # before any import of pyarrow and friends: one line, exit 2
    from sim.agents.seats import parse_seat_flags
    from sim.batch.plan import parse_sweep
    from sim.batch.progress import QUIET
    from sim.batch.reporting.report import backend_words
    from sim.batch.runner import run_batch
    from sim.content.scenario import check_scenario_path, scenario_system
    from sim.errors import UsageError
    from sim.files import shown
    from sim.i18n import plural, t

    args.scenario = str(check_scenario_path(args.scenario))  # a file or a bundled name; else the words of sim play
    sweep = parse_sweep(args.sweep)
    check_sizes(args, sweep)
    system = scenario_system(args.scenario)
    lang = args.lang or _scenario_lang(system, args.scenario)
    if args.out is not None:
        check_out_folder(args.out)
    overrides = parse_seat_flags(args.seat)
    if overrides:
        system.seat(system.load_scenario(args.scenario), overrides)  # a bad seat or holder: one line, exit 2
    game = system.batch_game(seats=overrides) if overrides else system.batch_game()
    try:
        result = run_batch(args.scenario, game, args.campaigns, seed=args.seed, workers=args.workers,
                           out=args.out, dask=args.dask, journals=args.journals, sweep=sweep,
                           chunk_size=args.chunk_size, progress=QUIET if args.quiet else sys.stderr, lang=lang,
                           force_version=args.force_version, keep_chunks=args.keep_chunks, plots=args.plots)
    except OSError as exc:  # e.g. --out /proc/x: the folder cannot be made
        raise UsageError(f"cannot write the batch to {shown(args.out or 'runs/')}: "
                         + (f"{shown(exc.filename)}: " if exc.filename and str(exc.filename) != args.out else "")
                         + (exc.strerror or str(exc))) from None
    s = result.summary
    if args.json:
        print(json.dumps(batch_json(result.out, s, system.name), ensure_ascii=False))
        return 0
    rate = (t("cli.batch.rate", lang, rate=f"{s['campaigns_per_s']:,.0f}") if s["campaigns_per_s"]
            else t("cli.batch.nothing", lang))
    print(t("cli.batch.done", lang, out=result.out,
            campaigns=plural("cli.batch.campaigns", s["campaigns"], lang, shown=f"{s['campaigns']:,}"),
            variants=plural("cli.batch.variants", len(s["variants"]), lang),
            seed=s["seed"], played=f"{s['campaigns_played']:,}", elapsed=f"{s['elapsed_s']:.1f}", rate=rate,
            backend=backend_words(s["backend"], lang)))
    memory = s["memory"]
    print(t("cli.batch.memory", lang, main=f"{memory['main_peak_mb']:,.0f}", tree=f"{memory['tree_peak_mb']:,.0f}",
            processes=memory["processes_peak"]))
    print(f"  {result.out / 'campaigns.parquet'}  {result.out / 'summary.json'}  {result.out / 'report.md'}")
    return 0


#: Fields with one column per faction (``status_<faction>``, ...): the report shows them in their own section.
_PER_FACTION = ("status_", "faction_tier_", "faction_ticks_", "faction_goals_", "faction_wars_", "goal_rolls_",
                "goal_exact_")


def headline(aggregates: dict) -> dict:
    """The summary fields a reader looks at first, from one variant's ``aggregates`` in summary.json.

    ``{field: {"mean": m, "ci95": [lo, hi]}}`` for a number, ``{"rate": r, "ci95": [lo, hi]}`` for a
    rate, ``{"counts": {...}}`` for words (how a campaign ended). Fields with a column per faction
    (``status_<faction>``, named by the ``faction_tier_<faction>`` columns) and per pair of factions
    (``war_<a>__<b>``) are left out: summary.json has them all.
    """
    factions = {name[len("faction_tier_"):] for name in aggregates if name.startswith("faction_tier_")}
    out = {}
    for name, stats in aggregates.items():
        if "__" in name or (name.startswith(_PER_FACTION) and any(name.endswith("_" + f) for f in factions)):
            continue
        kind = stats.get("kind")
        if kind == "number":
            out[name] = {"mean": stats["mean"], "ci95": stats["ci95"]}
        elif kind == "rate":
            out[name] = {"rate": stats["rate"], "ci95": stats["ci95"]}
        elif "counts" in stats:
            out[name] = {"counts": stats["counts"]}
    return out


def batch_json(out: Path, summary: dict, system: str) -> dict:
    """``sim batch --json``: where the batch is and its headline figures, read from its summary.json.

    Keys: ``out``, ``system``, ``scenario``, ``seed``, ``campaigns`` (per variant), ``campaigns_played`` (by
    this run), ``variant_count``, ``elapsed_s``, ``campaigns_per_s``, ``backend``, ``workers``, ``files``
    (``campaigns``, ``summary``, ``report``) and ``variants``: each ``{variant, params, campaigns, summary}``,
    ``summary`` being :func:`headline`.
    """
    return {
        "out": str(out),
        "system": system,
        "scenario": summary["scenario"],
        "seed": summary["seed"],
        "campaigns": summary["campaigns"],
        "campaigns_played": summary["campaigns_played"],
        "variant_count": len(summary["variants"]),
        "elapsed_s": summary["elapsed_s"],
        "campaigns_per_s": summary["campaigns_per_s"],
        "backend": summary["backend"],
        "workers": summary["workers"],
        "files": {"campaigns": str(out / "campaigns.parquet"), "summary": str(out / "summary.json"),
                  "report": str(out / "report.md")},
        "variants": [{"variant": v["variant"], "params": v["params"], "campaigns": v["campaigns"],
                      "summary": headline(v["aggregates"])} for v in summary["variants"]],
    }
