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
    p.add_argument("--campaigns", type=int, required=True, metavar="N", help="campaigns per variant (at most 100,000,000; all variants together at most 1,000,000,000)")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="master seed, 0..2^63-1 (default: the scenario's)")
    p.add_argument("--workers", type=int, default=None, metavar="W",
                   help="worker processes, at most 256 (default: the machine's cores; 1 plays in this process)")
    p.add_argument("--out", default=None, metavar="DIR", help="output directory (default runs/<scenario>-<seed>-<N>)")
    p.add_argument("--dask", default=None, metavar="ADDRESS",
                   help="play chunks on the Dask scheduler at ADDRESS, or 'local' for a LocalCluster of W processes")
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
    from sim.agents.seats import parse_seat_flags
    from sim.batch.plan import parse_sweep
    from sim.batch.report import backend_words
    from sim.batch.runner import run_batch
    from sim.content.scenario import check_scenario_path, scenario_system
    from sim.errors import UsageError
    from sim.files import shown
    from sim.i18n import t

    check_scenario_path(args.scenario)  # the same words as sim play for a folder or a missing file
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
                           chunk_size=args.chunk_size, progress=sys.stderr, lang=lang,
                           force_version=args.force_version, keep_chunks=args.keep_chunks, plots=args.plots)
    except OSError as exc:  # e.g. --out /proc/x: the folder cannot be made
        raise UsageError(f"cannot write the batch to {shown(args.out or 'runs/')}: "
                         + (f"{shown(exc.filename)}: " if exc.filename and str(exc.filename) != args.out else "")
                         + (exc.strerror or str(exc))) from None
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
