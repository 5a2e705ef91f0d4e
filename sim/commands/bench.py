"""``sim bench TARGET``: measure a hot path and print ratios (STYLE.md 11).

Targets are registered in :data:`TARGETS` as ``(name, add_parser)`` pairs;
``add_parser(targets)`` adds the target's parser to the ``bench`` sub-commands
and sets ``func``. ``sim bench dice`` times the dice (:mod:`sim.dicebench`).
"""

from __future__ import annotations

import json


def register(sub) -> None:
    p = sub.add_parser("bench", help="measure the speed of a hot path",
                       description="Measure the speed of a hot path and print ratios to a baseline.")
    targets = p.add_subparsers(dest="target", metavar="TARGET", parser_class=type(p))
    targets.required = True
    for _, add in TARGETS:
        add(targets)


# --- dice ------------------------------------------------------------------------

def _add_dice(targets) -> None:
    p = targets.add_parser("dice", help="rolls per second for each system against a bare random() loop",
                           description="Rolls per second for each system and the ratio to a bare loop calling "
                                       "random.random() the same number of times, measured in the same run; "
                                       "and the time to compute the exact-odds grid.")
    p.add_argument("--n", type=int, default=200_000, metavar="COUNT", help="rolls per case (default 200000)")
    p.add_argument("--repeats", type=int, default=3, metavar="R", help="times each case runs (default 3)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_run_dice)


def _run_dice(args) -> int:
    from sim.commands.odds import table
    from sim.dicebench import bench_dice

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
    print("\n".join(table(rows, [False, True, True])))
    grid = result["odds_grid_ms"]
    print(f"exact odds, Blades pools {grid['blades_pools']} + Fate grid ({grid['fate_grid']}): "
          f"{grid['cold']:.2f} ms cold, {grid['warm']:.2f} ms warm")
    return 0


#: Bench targets, in ``sim bench --help`` order. Add ``("name", add_parser)`` for a new target.
TARGETS = (
    ("dice", _add_dice),
)
