"""``sim bench TARGET``: measure a hot path and print ratios (docs/dev/style.md 11).

Targets are registered in :data:`TARGETS` as ``(name, add_parser)`` pairs;
``add_parser(targets)`` adds the target's parser to the ``bench`` sub-commands
and sets ``func``. ``sim bench dice`` times the dice (:mod:`sim.dicebench`);
``sim bench campaigns`` (the default target, so plain ``sim bench``) times
batch campaigns (:mod:`sim.batch.bench`); ``sim bench cli`` times whole
``sim`` processes against a bare interpreter (:func:`bench_cli`); ``sim bench solo``
times one solo step (:mod:`sim.solo.bench`).
"""

from __future__ import annotations

import json
import sys


#: The line ``sim --help`` shows for this command.
HELP = "measure the speed of a hot path"


def register(sub) -> None:
    p = sub.add_parser("bench", help=HELP,
                       description="Measure how fast the engine runs and print ratios to a baseline: campaigns "
                                   "(the default target, so plain `sim bench` takes its options), dice, whole "
                                   "command processes, or solo steps.")
    _campaign_arguments(p)  # plain ``sim bench [--campaigns N]`` benches campaigns
    p.set_defaults(func=_run_campaigns)
    targets = p.add_subparsers(dest="target", metavar="TARGET", parser_class=type(p))
    targets.required = False
    for _, add in TARGETS:
        add(targets)


# --- dice ------------------------------------------------------------------------

def _add_dice(targets) -> None:
    p = targets.add_parser("dice", help="rolls per second for each system against a bare random() loop",
                           description="Rolls per second for each system and the ratio to a bare loop calling "
                                       "random.random() the same number of times, measured in the same run; "
                                       "and the time to compute the exact-odds grid.")
    p.add_argument("--n", type=int, default=200_000, metavar="COUNT", help="rolls per case, 1000..1,000,000,000 (default 200000)")
    p.add_argument("--repeats", type=int, default=3, metavar="R", help="times each case runs, 1..1000 (default 3)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_run_dice)


def _run_dice(args) -> int:
    from sim import limits
    from sim.commands.odds import table, terminal_width
    from sim.dicebench import bench_dice

    limits.check("--n", args.n, None, limits.MAX_BENCH_ROLLS)
    limits.check("--repeats", args.repeats, None, limits.MAX_REPEATS)
    result = bench_dice(args.n, args.repeats)
    if args.json:
        print(json.dumps(result))
        return 0
    bare = result["bare_loop"]
    print(f"sim bench dice: {result['n']:,} rolls per case, {result['repeats']} times, in slices of "
          f"{result['n'] // 10:,} alternating with the bare loop; the best slice of each counts")
    rows = [["case", "rolls/s", "x bare loop"],
            ["bare loop: rng.random()", f"{bare['calls_per_second']:,.0f}", "1.00"]]
    for row in result["cases"]:
        rows.append([row["description"], f"{row['rolls_per_second']:,.0f}", f"{row['ratio_to_bare_loop']:.2f}"])
    print("\n".join(table(rows, [False, True, True], width=terminal_width())))
    grid = result["odds_grid_ms"]
    print(f"exact odds, Blades pools {grid['blades_pools']} + Fate grid ({grid['fate_grid']}): "
          f"{grid['cold']:.2f} ms cold, {grid['warm']:.2f} ms warm")
    return 0


# --- campaigns -------------------------------------------------------------------

def _campaign_arguments(p) -> None:
    p.add_argument("--campaigns", type=int, default=2_000, metavar="N",
                   help="campaigns per measurement, at most 1,000,000 (default 2000; the targets are stated for 20000)")
    p.add_argument("--workers", type=int, default=2, metavar="W", help="workers for the parallel runs, 2..256 (default 2)")
    p.add_argument("--scenario", default="scenarios/starter.yaml", metavar="FILE",
                   help="scenario to play (default scenarios/starter.yaml)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--against", metavar="REF",
                   help="compare with the engine of git commit REF instead: both in fresh processes, alternated "
                        "round by round, with their rows and journals checked to be identical")
    p.add_argument("--rounds", type=int, default=3, metavar="R",
                   help="with --against: rounds, each engine once a round, 1..100 (default 3)")
    p.add_argument("--journals", type=int, default=20, metavar="J",
                   help="with --against: campaigns whose full journals are compared, 1..10000 (default 20)")
    p.add_argument("--pure", action="store_true",
                   help="with --against: this engine runs pure Python even where sim accel build compiled it")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr: only the results and errors")


def _add_campaigns(targets) -> None:
    p = targets.add_parser("campaigns", help="campaigns per second, the dice floor, transitions share, parallel "
                                             "efficiency (the default target)",
                           description="In one run on one scenario: campaigns per second in-process; the ratio of "
                                       "campaign time to rolling the same dice in a bare loop; the share of time in "
                                       "the state-machine library (transitions); speed-up and efficiency with W processes and "
                                       "with a Dask LocalCluster of W workers.")
    _campaign_arguments(p)
    p.set_defaults(func=_run_campaigns)


def _run_campaigns(args) -> int:
    from sim.extras import require

    require("batch", "sim bench campaigns")
    from sim import limits
    from sim.batch.bench import bench_campaigns
    from sim.content.scenario import scenario_system
    from sim.commands.odds import table, terminal_width
    from sim.content.scenario import check_scenario_path
    from sim.errors import UsageError

    if args.campaigns < 1 or args.workers < 2:
        raise UsageError("sim bench campaigns needs --campaigns of at least 1 and --workers of at least 2")
    limits.check("--campaigns", args.campaigns, None, limits.MAX_BENCH_CAMPAIGNS)
    limits.check("--workers", args.workers, None, limits.MAX_WORKERS)
    args.scenario = str(check_scenario_path(args.scenario))  # a file or a bundled name (starter)
    if args.against is not None:
        return _run_against(args)
    system = scenario_system(args.scenario)
    from sim.batch.progress import QUIET

    r = bench_campaigns(args.scenario, system.batch_game(), args.campaigns, workers=args.workers,
                        progress=QUIET if args.quiet else None)
    if args.json:
        print(json.dumps({"system": system.name, **r}))
        return 0
    w = r["workers"]
    print(f"sim bench campaigns: {r['scenario']}, {r['campaigns']:,} campaigns per run, chunks of "
          f"{r['chunk_size']:,}, {r['dice_per_campaign']:.1f} dice per campaign")
    rows = [["measure", "value", "note"],
            ["campaigns/s, in-process", f"{r['campaigns_per_s']:,.1f}", f"{r['seconds_in_process']:.2f} s"],
            ["dice floor ratio", f"{r['floor_ratio']:,.1f}",
             f"campaign time / {r['dice_rolled']:,} d6 in a bare loop ({r['dice_floor_s'] * 1000:.1f} ms)"],
            *_bookkeeping_rows(r),
            ["transitions share", f"{100 * r['transitions_share']:.2f}%",
             f"{r['triggers_per_campaign']:.1f} triggers per campaign, timed on {r['transitions_sample']:,}"],
            [f"speed-up, {w} processes", f"{r['speedup_processes']:.2f}", f"{r['seconds_processes']:.2f} s"],
            [f"efficiency, {w} processes", f"{r['efficiency_processes']:.2f}", "1.00 is ideal"],
            [f"speed-up, Dask local {w}", f"{r['speedup_dask']:.2f}",
             f"{r['seconds_dask']:.2f} s, cluster start {r['dask_start_s']:.2f} s apart"],
            [f"efficiency, Dask local {w}", f"{r['efficiency_dask']:.2f}", "1.00 is ideal"]]
    print("\n".join(table(rows, [False, True, False], width=terminal_width())))
    areas = r["profile_areas"]
    top = list(areas.items())[:AREAS_SHOWN]
    rest = 1.0 - sum(share for _, share in top)
    print(f"time by area (cProfile own time, {r['profile_sample']:,} campaigns): "
          + ", ".join(f"{name} {100 * share:.1f}%" for name, share in top) + f", other {100 * rest:.1f}%")
    if r["compiled_modules"]:
        kind = f", {r['accel_build']} build" if r["accel_build"] else ""
        print(f"{r['compiled_modules']} modules ran compiled (sim accel build{kind}): cProfile does not see inside "
              "them; SIM_PURE=1 sim bench profiles the pure Python path")
    print(f"load average {r['load_before']:.2f} before, {r['load_after']:.2f} after, on {r['cores']} cores "
          "(other work lowers the parallel figures most)")
    return 0


AREAS_SHOWN = 10


def _run_against(args) -> int:
    """``sim bench --against REF``: exit 0 when both engines did the same work, 1 when rows or journals differ."""
    from sim import limits
    from sim.batch.against import compare
    from sim.commands.odds import table, terminal_width

    limits.check("--rounds", args.rounds, 1, 100)
    limits.check("--journals", args.journals, 1, 10_000)
    from sim.content.scenario import scenario_system

    r = compare(args.scenario, args.against, args.campaigns, rounds=args.rounds, journals=args.journals,
                progress=None if args.json or args.quiet else sys.stderr, pure=args.pure)
    same = r["rows_identical"] and r["journals_identical"]
    if args.json:
        print(json.dumps({"system": scenario_system(args.scenario).name, **r}))
        return 0 if same else 1
    print(f"sim bench --against {r['against']}: {args.scenario}, {r['campaigns']:,} campaigns a run in process, "
          f"{r['rounds']} rounds alternating the two engines, each run a fresh process")
    rows = [["engine", "best campaigns/s", "median", "rounds"],
            [f"{r['against']} (ref)", f"{r['ref_best']:,.1f}",
             f"{r['ref_median']:,.1f}",
             " ".join(f"{x:,.1f}" for x in r["ref_campaigns_per_s"])],
            [f"{r['head']} (this, {_how_built(r['head_compiled_modules'], r['head_accel_build'])})",
             f"{r['head_best']:,.1f}",
             f"{r['head_median']:,.1f}",
             " ".join(f"{x:,.1f}" for x in r["head_campaigns_per_s"])]]
    print("\n".join(table(rows, [False, True, True, False], width=terminal_width())))
    print(f"speed-up x{r['speedup_best']:.2f} (best against best), x{r['speedup_median']:.2f} (median against median)")
    print(f"round by round x{r['speedup_rounds_median']:.2f} (median; "
          + " ".join(f"x{x:.2f}" for x in r["speedup_rounds"]) + ")")
    print("campaigns.parquet rows: " + ("identical in every round" if r["rows_identical"]
                                        else "DIFFER: " + "; ".join(r["rows_differ"][:3])))
    print(f"journals of the first {args.journals:,} campaigns: "
          + ("byte-identical" if r["journals_identical"] else
             "DIFFER: " + (", ".join(r["journals_differ"][:5]) or "none kept")))
    print(f"load average {r['load_before']:.2f} before, {r['load_after']:.2f} after, on {r['cores']} cores")
    return 0 if same else 1


def _bookkeeping_rows(r: dict) -> list[list[str]]:
    """The decision and journal floors, when the campaigns count their decisions and events."""
    if r.get("bookkeeping_ratio") is None:
        return []
    n = r["campaigns"]
    return [["bookkeeping floor ratio", f"{r['bookkeeping_ratio']:,.1f}",
             f"{r['decisions_per_campaign']:,.0f} choices ({r['decision_floor_s'] / n * 1e6:,.0f} us) and "
             f"{r['events_per_campaign']:,.0f} events ({r['journal_floor_s'] / n * 1e6:,.0f} us) per campaign "
             f"with no logic, over the dice floor ({r['dice_floor_s'] / n * 1e6:,.0f} us)"]]


# --- cli -------------------------------------------------------------------------

#: (case, arguments after ``python``, target ratio to the bare interpreter or None), in run order.
CLI_CASES: tuple[tuple[str, tuple[str, ...], float | None], ...] = (
    ("python -c pass", ("-c", "pass"), None),
    ("sim --help", ("-m", "sim", "--help"), 3.0),
    ("sim odds blades --dice 4", ("-m", "sim", "odds", "blades", "--dice", "4"), 4.0),
    ("sim roll blades --dice 2 --seed 1", ("-m", "sim", "roll", "blades", "--dice", "2", "--seed", "1"), 4.0),
)
MAX_CLI_REPEATS = 100


def _add_cli(targets) -> None:
    p = targets.add_parser("cli", help="whole sim processes (--help, odds, roll) against a bare interpreter",
                           description="Start each command as a fresh process R times, round by round (every case "
                                       "once per round, so load on the machine hits them alike), and print each "
                                       "median wall time and its ratio to `python -c pass` in the same run. "
                                       "Targets: sim --help within 3x, sim odds and sim roll within 4x.")
    p.add_argument("--repeats", type=int, default=5, metavar="R",
                   help=f"processes per case (default 5, at most {MAX_CLI_REPEATS}); the median counts")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_run_cli)


def _time_process(argv: list[str]) -> float:
    import subprocess
    import time

    began = time.perf_counter()
    done = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - began
    if done.returncode != 0:
        from sim.errors import UsageError

        last = (done.stderr.decode("utf-8", "replace").strip().splitlines() or ["no message"])[-1]
        raise UsageError(f"sim bench cli: {' '.join(argv[1:])} exited {done.returncode}: {last}")
    return seconds


def bench_cli(repeats: int = 5) -> dict:
    """Median wall time of each :data:`CLI_CASES` process and its ratio to the bare interpreter.

    Every process is this interpreter (``sys.executable``) started in this
    directory, so ``python -m sim`` runs the package found from here.
    """
    import statistics

    times: dict[str, list[float]] = {case: [] for case, _, _ in CLI_CASES}
    for _ in range(repeats):
        for case, args, _ in CLI_CASES:
            times[case].append(_time_process([sys.executable, *args]))
    bare = statistics.median(times[CLI_CASES[0][0]])
    cases = []
    for case, args, target in CLI_CASES:
        median = statistics.median(times[case])
        ratio = median / bare
        cases.append({"case": case, "argv": ["python", *args], "median_s": round(median, 4),
                      "ratio_to_bare": round(ratio, 2), "target_ratio": target,
                      "within_target": None if target is None else ratio <= target})
    return {"repeats": repeats, "python": sys.version.split()[0], "bare_s": round(bare, 4), "cases": cases}


def _run_cli(args) -> int:
    from sim.commands.odds import table, terminal_width
    from sim.errors import UsageError

    if not 1 <= args.repeats <= MAX_CLI_REPEATS:
        raise UsageError(f"--repeats must be 1..{MAX_CLI_REPEATS}, got {args.repeats}")
    r = bench_cli(args.repeats)
    if args.json:
        print(json.dumps(r))
        return 0
    print(f"sim bench cli: each command started {r['repeats']} times as a fresh process, round by round; "
          f"median wall time")
    rows = [["command", "median", "x python -c pass", "target"]]
    for case in r["cases"]:
        target = "" if case["target_ratio"] is None else (
            f"{case['target_ratio']:.0f}x " + ("met" if case["within_target"] else "missed"))
        rows.append([case["case"], f"{case['median_s'] * 1000:,.0f} ms", f"{case['ratio_to_bare']:.2f}", target])
    print("\n".join(table(rows, [False, True, True, False], width=terminal_width())))
    return 0


# --- solo ------------------------------------------------------------------------

def _add_solo(targets) -> None:
    from sim.solo.bench import MAX_STEPS

    p = targets.add_parser("solo", help="one solo step: from an answer typed to the next decision",
                           description="Play a new solo session holding every seat, answer 1 at each decision, "
                                       "and print the median and 90th percentile time of a step (an answer "
                                       "through the command layer, saved, to the next decision), in ms. "
                                       "Target: well under 100 ms.")
    p.add_argument("--scenario", default="scenarios/starter.yaml", metavar="FILE",
                   help="scenario to play (default scenarios/starter.yaml)")
    p.add_argument("--steps", type=int, default=100, metavar="N",
                   help=f"answers to time (default 100, at most {MAX_STEPS}; fewer if the campaign ends)")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed (default: the scenario's)")
    p.add_argument("--start", action="store_true",
                   help="also the CPU to a session's first line: sim play, sim solo new, and sim solo continue of "
                        "a twelve-score save, 5 warm processes each (goals: 0.3 s, 0.3 s, 0.5 s)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_run_solo)


def _run_solo(args) -> int:
    from sim.errors import UsageError
    from sim.solo.bench import MAX_STEPS, bench_solo

    if not 1 <= args.steps <= MAX_STEPS:
        raise UsageError(f"--steps must be 1..{MAX_STEPS}, got {args.steps}")
    from sim.content.scenario import check_scenario_path, scenario_system

    args.scenario = str(check_scenario_path(args.scenario))  # a file or a bundled name (starter)
    r = bench_solo(args.scenario, args.steps, seed=args.seed)
    if getattr(args, "start", False):
        from sim.solo.startup import bench_start

        r["start"] = bench_start(args.scenario)
    if args.json:
        print(json.dumps({"system": scenario_system(args.scenario).name, **r}))
        return 0
    print(f"sim bench solo: {r['steps']} steps of {r['scenario']} (an answer typed to the next decision, saved): "
          f"median {r['median_ms']:.2f} ms, 90th percentile {r['p90_ms']:.2f} ms, max {r['max_ms']:.1f} ms; "
          f"the session started in {r['start_ms']:.0f} ms")
    if "start" in r:
        from sim.solo.startup import lines

        print("\n".join(lines(r["start"])))
    return 0


#: Bench targets, in ``sim bench --help`` order. Add ``("name", add_parser)`` for a new target.
TARGETS = (
    ("campaigns", _add_campaigns),
    ("dice", _add_dice),
    ("cli", _add_cli),
    ("solo", _add_solo),
)


def _how_built(compiled: int, kind: str) -> str:
    """An engine's label: ``pure Python``, or how many modules ran compiled and the kind of build."""
    if not compiled:
        return "pure Python"
    return f"{compiled} modules compiled" + (f", {kind}" if kind else "")
