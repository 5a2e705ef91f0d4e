"""``sim batch SCENARIO --campaigns N``: many seeded campaigns, saved as Parquet.

Parses, calls :func:`sim.batch.runner.run_batch` with the game of the
scenario's system (:mod:`sim.systems`), and prints where the results are. Everything heavy is imported inside ``run``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sim.cli import add_lang_argument


#: The line ``sim --help`` shows for this command.
HELP = "play many seeded campaigns of a scenario; results as Parquet, JSON and a report"


def register(sub) -> None:
    p = sub.add_parser(
        "batch", help=HELP,
        description="Play N campaigns of SCENARIO, campaign i seeded with derive_seed(S, i), so the results "
                    "are the same with any number of workers or backend. Writes DIR/campaigns.parquet (one row "
                    "per campaign), DIR/summary.json (aggregates), DIR/report.md (tables and plots) and the "
                    "first K journals. Rerun the same command on the same DIR to resume an interrupted batch: "
                    "chunks whose checksums fail are played again, one run at a time holds DIR (batch.lock).")
    p.add_argument("scenario", metavar="SCENARIO", help="scenario YAML file, e.g. scenarios/starter.yaml")
    p.add_argument("--campaigns", type=int, required=True, metavar="N", help="campaigns per variant")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="master seed (default: the scenario's)")
    p.add_argument("--workers", type=int, default=None, metavar="W",
                   help="worker processes (default: the machine's cores; 1 plays in this process)")
    p.add_argument("--out", default=None, metavar="DIR", help="output directory (default runs/<scenario>-<seed>-<N>)")
    p.add_argument("--dask", default=None, metavar="ADDRESS",
                   help="play chunks on the Dask scheduler at ADDRESS, or 'local' for a LocalCluster of W processes")
    p.add_argument("--journals", type=int, default=5, metavar="K",
                   help="keep the full journal of the first K campaigns of each variant (default 5)")
    p.add_argument("--sweep", action="append", default=[], metavar="NAME=v1,v2",
                   help="play every campaign once per value: a rule option, players, gm, scores, "
                        "tier.<faction> or status.<faction>; "
                        "repeat for the cartesian product")
    p.add_argument("--seat", action="append", default=[], metavar="SEAT=POLICY",
                   help="the policy that plays a seat (gm, pc1, pc2...) in every campaign: careful, bold, reckless; "
                        "gentle, standard, gritty for gm; repeatable; overrides the scenario's seats")
    p.add_argument("--chunk-size", type=int, default=None, metavar="C",
                   help="campaigns per unit of work and per saved file (default: N/200, 10 to 1000)")
    p.add_argument("--force-version", action="store_true",
                   help="resume DIR although another sim version or source played its rows so far "
                        "(recorded in summary.json as forced_version); refused without it")
    add_lang_argument(p)
    p.set_defaults(func=run)


def _scenario_lang(system, path: str) -> str | None:
    """The scenario's ``lang:`` for the report, or None (English) when it cannot be read here
    (``run_batch`` then reports the problem itself)."""
    from sim.errors import SimError

    try:
        return system.load_scenario(path).lang
    except SimError:
        return None


def run(args) -> int:
    from sim.agents.seats import parse_seat_flags
    from sim.batch.plan import parse_sweep
    from sim.batch.report import backend_words
    from sim.batch.runner import run_batch
    from sim.content.scenario import scenario_system
    from sim.i18n import t

    # a missing file is run_batch's to report (after the other arguments), so look the system up only for a file
    system = scenario_system(args.scenario) if Path(args.scenario).is_file() else None
    lang = args.lang or (_scenario_lang(system, args.scenario) if system else None)
    overrides = parse_seat_flags(args.seat)
    if overrides and system is not None:
        system.seat(system.load_scenario(args.scenario), overrides)  # a bad seat or holder: one line, exit 2
    game = (system.batch_game(seats=overrides) if overrides else system.batch_game()) if system else None
    result = run_batch(args.scenario, game, args.campaigns, seed=args.seed, workers=args.workers,
                       out=args.out, dask=args.dask, journals=args.journals, sweep=parse_sweep(args.sweep),
                       chunk_size=args.chunk_size, progress=sys.stderr, lang=lang,
                       force_version=args.force_version)
    s = result.summary
    rate = (t("cli.batch.rate", lang, rate=f"{s['campaigns_per_s']:,.0f}") if s["campaigns_per_s"]
            else t("cli.batch.nothing", lang))
    print(t("cli.batch.done", lang, out=result.out, campaigns=f"{s['campaigns']:,}", variants=len(s["variants"]),
            seed=s["seed"], played=f"{s['campaigns_played']:,}", elapsed=f"{s['elapsed_s']:.1f}", rate=rate,
            backend=backend_words(s["backend"], lang)))
    memory = s["memory"]
    print(t("cli.batch.memory", lang, main=f"{memory['main_peak_mb']:,.0f}", tree=f"{memory['tree_peak_mb']:,.0f}",
            processes=memory["processes_peak"]))
    print(f"  {result.out / 'campaigns.parquet'}  {result.out / 'summary.json'}  {result.out / 'report.md'}")
    return 0
