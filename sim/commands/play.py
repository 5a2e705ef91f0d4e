"""``sim play SCENARIO``: play one campaign and tell it.

The scenario's ``system:`` is looked up in the registry (:mod:`sim.systems`),
which plays the campaign and tells it: a readable account rendered from the
journal (for Blades: scores, rolls with their faces, consequences, downtime)
and a closing sheet, in ``--lang`` (default:
the scenario's). ``--json`` prints the journal itself (canonical JSON Lines)
instead; ``--journal FILE`` also writes it to FILE, atomically. The same
scenario and seed give byte-identical journals in every language.
"""

from __future__ import annotations

import sys


#: The line ``sim --help`` shows for this command.
HELP = "play one campaign of a scenario and print what happened"


def register(sub) -> None:
    from sim.cli import add_lang_argument

    p = sub.add_parser(
        "play",
        help=HELP,
        description="Play the campaign a scenario describes, seeded, and print a readable account of every "
                    "score and downtime with a closing sheet (or, with --json, the event journal).",
    )
    p.add_argument("scenario", metavar="SCENARIO",
                   help="scenario file, or a bundled scenario's name (sim scenarios), e.g. starter")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed, 0..2^63-1 (default: the scenario's)")
    p.add_argument("--scores", type=int, default=None, metavar="N", help="number of scores, 1..1000 (default: the scenario's)")
    p.add_argument("--journal", default=None, metavar="FILE", help="also write the journal (JSON Lines) to FILE")
    p.add_argument("--json", action="store_true", help="print the journal (JSON Lines) instead of the account")
    p.add_argument("--seat", action="append", default=[], metavar="SEAT=HOLDER",
                   help="who holds a seat (gm, pc1, pc2...): a policy (careful, bold, reckless; gentle, standard, "
                        "gritty for gm) or human (asked on standard input); repeatable; overrides the scenario's seats")
    p.add_argument("--replay", default=None, metavar="JOURNAL",
                   help="play again answering every seat from JOURNAL's decision events; stops with exit 2 at "
                        "the first event that differs (seed and scores default to the journal's)")
    add_lang_argument(p, "the scenario's")
    p.set_defaults(func=run)


def _live(tell, out):
    """A journal listener that prints each event's account at once."""

    def listen(event) -> None:
        for line in tell(event):
            out.write(line + "\n")
        out.flush()

    return listen


def run(args) -> int:
    from sim import limits
    from sim.agents.seats import Replay, parse_seat_flags
    from sim.content.scenario import scenario_system
    from sim.errors import UsageError
    from sim.files import check_writable_file, write_atomic
    from sim.journal import Journal
    from sim.replay import Verifier, read_journal, replay_settings

    if args.scores is not None and not 1 <= args.scores <= limits.MAX_SCORES:
        raise UsageError(f"--scores must be 1..{limits.MAX_SCORES}, got {args.scores}")
    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed must be 0 or more, got {args.seed}")
    limits.check("--seed", args.seed, 0, limits.MAX_SEED)
    overrides = parse_seat_flags(args.seat)
    if args.replay and overrides:
        raise UsageError("--replay answers every seat from the journal; it takes no --seat")
    if args.journal is not None:
        check_writable_file(args.journal, "the journal")  # refuse a folder or a device before playing
    recorded = read_journal(args.replay) if args.replay else None
    system = scenario_system(args.scenario)
    scenario = system.load_scenario(args.scenario)
    seed, scores = scenario.seed if args.seed is None else args.seed, args.scores
    if recorded is not None:  # played as it was: the journal's seed, length and seat holders, unless told otherwise
        seed_then, scores_then, overrides = replay_settings(recorded)
        seed = seed_then if args.seed is None and seed_then is not None else seed
        scores = scores_then if scores is None else scores
    scenario, people = system.seat(scenario, overrides)
    lang = args.lang or scenario.lang
    journal = Journal()
    seats: dict = {}
    verifier = None
    if recorded is not None:
        verifier = Verifier(recorded)
        journal.listeners.append(verifier)
        seats = {"*": Replay(recorded)}
    told = False
    if recorded is None and people:
        from sim.agents.prompt import PromptAgent

        person = PromptAgent(sys.stdin, sys.stderr if args.json else sys.stdout, lang)
        seats = {seat: person for seat in people}
        if not args.json and system.storyteller is not None:  # the story as it happens, between the questions
            journal.listeners.append(_live(system.storyteller(scenario.content, lang), sys.stdout))
            told = True
    final, summary = system.play(scenario, seed, journal=journal, scores=scores, seats=seats)
    if verifier is not None:
        verifier.finish()
    if args.journal is not None:
        write_atomic(args.journal, (line + "\n" for line in journal.lines()), what="the journal")
    out = sys.stdout
    if args.json:
        journal.write(out)
        return 0
    if not told:
        for line in system.narrate(journal.events, scenario.content, lang):
            out.write(line + "\n")
    for line in system.closing(final, summary, scenario.content, lang):
        out.write(line + "\n")
    return 0
