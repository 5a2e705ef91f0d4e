"""``sim play SCENARIO``: play one Blades campaign and tell it.

Prints a readable account rendered from the journal (scores, rolls with their
faces, consequences, downtime) and a closing sheet, in ``--lang`` (default:
the scenario's). ``--json`` prints the journal itself (canonical JSON Lines)
instead; ``--journal FILE`` also writes it to FILE, atomically. The same
scenario and seed give byte-identical journals in every language.
"""

from __future__ import annotations

import sys


def register(sub) -> None:
    from sim.cli import add_lang_argument

    p = sub.add_parser(
        "play",
        help="play one Blades campaign and print what happened",
        description="Play the campaign a scenario describes, seeded, and print a readable account of every "
                    "score and downtime with a closing sheet (or, with --json, the event journal).",
    )
    p.add_argument("scenario", metavar="SCENARIO", help="scenario file, e.g. scenarios/starter.yaml")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed, 0..2^63-1 (default: the scenario's)")
    p.add_argument("--scores", type=int, default=None, metavar="N", help="number of scores, 1..1000 (default: the scenario's)")
    p.add_argument("--journal", default=None, metavar="FILE", help="also write the journal (JSON Lines) to FILE")
    p.add_argument("--json", action="store_true", help="print the journal (JSON Lines) instead of the account")
    add_lang_argument(p, "the scenario's")
    p.set_defaults(func=run)


def run(args) -> int:
    from sim import limits
    from sim.blades.campaign import play_campaign, scoundrel_sheet
    from sim.blades.narrate import closing_sheet, narrate
    from sim.content import load_scenario
    from sim.errors import UsageError
    from sim.files import check_writable_file, write_atomic
    from sim.journal import Journal

    if args.scores is not None and not 1 <= args.scores <= limits.MAX_SCORES:
        raise UsageError(f"--scores must be 1..{limits.MAX_SCORES}, got {args.scores}")
    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed must be 0 or more, got {args.seed}")
    limits.check("--seed", args.seed, 0, limits.MAX_SEED)
    if args.journal is not None:
        check_writable_file(args.journal, "the journal")  # refuse a folder or a device before playing
    scenario = load_scenario(args.scenario)
    if scenario.system != "blades":
        raise UsageError(f"sim play plays Blades scenarios; {args.scenario} is {scenario.system}")
    seed = scenario.seed if args.seed is None else args.seed
    journal = Journal()
    campaign, summary = play_campaign(scenario, seed, journal=journal, scores=args.scores)
    if args.journal is not None:
        write_atomic(args.journal, (line + "\n" for line in journal.lines()), what="the journal")
    out = sys.stdout
    if args.json:
        journal.write(out)
        return 0
    lang = args.lang or scenario.lang
    for line in narrate(journal.events, scenario.content, lang):
        out.write(line + "\n")
    for line in closing_sheet(summary, scoundrel_sheet(campaign), scenario.content, lang):
        out.write(line + "\n")
    return 0
