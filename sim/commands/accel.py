"""``sim accel build|status|clean``: the optional compiled hot path (:mod:`sim.accel`)."""

from __future__ import annotations

import json

#: The line ``sim --help`` shows for this command.
HELP = "compile the hot path with Cython (optional; the pure Python path always works)"


def register(sub) -> None:
    p = sub.add_parser("accel", help=HELP,
                       description="Compile the modules a campaign spends its time in with Cython, unchanged, "
                                   "beside their sources; a compiled module is loaded only while its source is "
                                   "unchanged, and SIM_PURE=1 turns them off. Needs Cython and a C compiler "
                                   "(pip install -e '.[fast]').")
    actions = p.add_subparsers(dest="action", metavar="ACTION", parser_class=type(p))
    actions.required = True
    b = actions.add_parser("build", help="compile every hot module, profile-guided (about 5 minutes on 2 cores)",
                           description="Compile every hot module with Cython. With GCC the build is profile-guided: "
                                       "compiled instrumented, trained on seeded campaigns of the shipped "
                                       "scenarios, compiled again with that profile (about x1.1 faster than a "
                                       "plain build, and twice as long to build).")
    b.add_argument("--jobs", type=int, default=2, metavar="N", help="compile N at a time, 1..64 (default 2)")
    b.add_argument("--no-pgo", dest="pgo", action="store_false",
                   help="a plain build: compile once, no training run (about 2 minutes on 2 cores)")
    b.add_argument("--json", action="store_true", help="print one JSON object")
    b.set_defaults(func=_build)
    s = actions.add_parser("status", help="which modules are compiled, current or stale",
                           description="List each hot module: compiled and current, compiled but stale (its source "
                                       "changed since; not loaded), or not built.")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(func=_status)
    c = actions.add_parser("clean", help="remove every compiled module (back to pure Python)",
                           description="Remove every compiled module and the build stamp; sim runs pure Python again.")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.set_defaults(func=_clean)


def _build(args) -> int:
    from sim import accel, limits

    limits.check("--jobs", args.jobs, 1, 64)
    built = accel.build(jobs=args.jobs, pgo=args.pgo)
    if args.json:
        print(json.dumps({"compiled": [str(p.name) for p in built.files], "modules": len(built.files),
                          "pgo": built.pgo, "trained_campaigns": built.trained, "why_not_pgo": built.why}))
        return 0
    how = (f", profile-guided (trained on {built.trained:,} seeded campaigns)" if built.pgo
           else f", not profile-guided: {built.why}")
    from sim.i18n import count

    print(f"sim accel: compiled {count(len(built.files), 'module')} beside their sources{how} "
          f"(SIM_PURE=1 runs the pure Python path; sim accel clean removes them)")
    return 0


def _status(args) -> int:
    from sim import accel

    rows = accel.status()
    counts = {state: sum(1 for r in rows if r.state == state) for state in ("current", "stale", "absent")}
    if args.json:
        print(json.dumps({"modules": [{"module": r.name, "state": r.state} for r in rows], **counts,
                          "pure": accel.pure(), "build": accel.build_kind()}))
        return 0
    for r in rows:
        print(f"{r.state:8s} {r.name}")
    kind = accel.build_kind()
    note = f", {kind} build" if kind else ""
    note += " (SIM_PURE is set: this process runs pure Python)" if accel.pure() else ""
    print(f"{counts['current']} current, {counts['stale']} stale (rebuild: sim accel build), "
          f"{counts['absent']} not built{note}")
    return 0


def _clean(args) -> int:
    from sim import accel

    from sim.i18n import count

    removed = accel.clean()
    if args.json:
        print(json.dumps({"removed": removed}))
        return 0
    print(f"sim accel: removed {count(removed, 'compiled module')}")
    return 0
