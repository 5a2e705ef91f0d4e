"""``sim solo new|continue|export``: solo play, a person in the player seats and the engine as the game master.

``new SCENARIO --save PATH`` starts a session saved to PATH (which must not exist); ``continue PATH`` replays the
save to its last resolved step, checks the replay reproduces it, and goes on; ``export PATH --md|--json`` writes
the story (Markdown) or the journal (JSON Lines) to stdout or ``--out FILE`` (atomically). ``--script FILE`` (or
``-``, standard input) reads the lines a person would type, one a line, and ends at its end. When standard input
and output are a terminal the session runs in the solo terminal (:mod:`sim.solo.terminal`), if this engine has
it; otherwise in the plain loop (:mod:`sim.solo.plain`).
"""

from __future__ import annotations

import os
import sys

#: The line ``sim --help`` shows for this command.
HELP = "play solo: you hold the player seats, the engine is the GM (new, continue, export)"


def register(sub) -> None:
    from sim.cli import add_lang_argument

    p = sub.add_parser("solo", help=HELP, description="Solo play: you hold the crew's seats, the engine sets "
                       "position and effect, rolls and plays the GM, the factions and the city. Every answer is "
                       "saved as it is given.")
    ss = p.add_subparsers(dest="solo_command", metavar="SUBCOMMAND")
    ss.required = True
    new = ss.add_parser("new", help="start a session of a scenario", description="Start a solo session of "
                        "SCENARIO, saved to PATH.")
    new.add_argument("scenario", metavar="SCENARIO",
                     help="scenario file, or a bundled scenario's name (sim scenarios), e.g. starter")
    new.add_argument("--save", required=True, metavar="PATH", help="the save file to create (must not exist)")
    new.add_argument("--seed", type=int, default=None, metavar="S", help="seed, 0..2^63-1 (default: the scenario's)")
    new.add_argument("--seats", default="all", metavar="pc1,pc2|all",
                     help="the player seats you hold (default: all); the others keep their policies")
    new.add_argument("--scores", type=int, default=None, metavar="N",
                     help="number of scores, 1..1000 (default: the scenario's)")
    add_lang_argument(new, "the scenario's")
    new.add_argument("--script", default=None, metavar="FILE|-",
                     help="read answers and commands from FILE (- for standard input), one a line; ends at its end")
    new.set_defaults(func=run_new)
    cont = ss.add_parser("continue", help="go on with a saved session", description="Replay the save PATH to its "
                         "last resolved step, check the replay reproduces it, and go on.")
    cont.add_argument("path", metavar="PATH", help="the save file")
    cont.add_argument("--script", default=None, metavar="FILE|-",
                      help="read answers and commands from FILE (- for standard input), one a line; ends at its end")
    cont.add_argument("--on-diverge", default="ask", choices=("ask", "stop", "last-agreeing"),
                      help="if the replay disagrees with the save (the scenario, content or engine changed): ask "
                           "(the default; a script's next line answers), stop, or continue from the last step "
                           "that agrees")
    cont.add_argument("--scenario", default=None, metavar="SCENARIO",
                      help="replay against this scenario file (an edited one) instead of the one the save carries; "
                           "the replay says where it diverges")
    cont.set_defaults(func=run_continue)
    exp = ss.add_parser("export", help="write the story (Markdown) or the journal (JSON Lines)",
                        description="Replay the save PATH and write its story as Markdown (--md) or its journal "
                                    "as JSON Lines (--json).")
    exp.add_argument("path", metavar="PATH", help="the save file")
    how = exp.add_mutually_exclusive_group(required=True)
    how.add_argument("--md", action="store_true", help="the story as Markdown")
    how.add_argument("--json", action="store_true", help="the journal as JSON Lines")
    exp.add_argument("--out", default=None, metavar="FILE", help="write to FILE (atomically) instead of stdout")
    exp.set_defaults(func=run_export)


def _lines(script: str | None):
    """The script's lines (a file or standard input), or None to play at the keyboard."""
    from sim.errors import UsageError
    from sim.files import shown

    if script is None:
        return None
    if script == "-":
        return sys.stdin
    from sim.files import read_regular

    if os.path.isdir(script):
        raise UsageError(f"the script {shown(script)} is a folder")
    if not os.path.lexists(script):
        raise UsageError(f"no such script: {shown(script)}")
    data = read_regular(script, "the script", 64 * 2**20, null_is_empty=True)  # a device (/dev/zero) is refused, not read to the end
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise UsageError(f"cannot read the script {shown(script)}: {exc}") from None


def _play(session, lines, save_path: str) -> int:
    from sim.solo.plain import run_plain

    if lines is None and _is_tty(sys.stdin) and _is_tty(sys.stdout):
        try:
            from sim.solo.terminal import run_terminal
        except ImportError:
            run_terminal = None
        if run_terminal is not None:
            return int(run_terminal(session, history_path=f"{save_path}.history") or 0)
    if lines is None or lines is sys.stdin:  # typed at a keyboard: the terminal shows the line already
        return run_plain(session, sys.stdin, sys.stdout, echo=not _is_tty(sys.stdin))
    return run_plain(session, lines, sys.stdout)


def _is_tty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def run_new(args) -> int:
    from sim import limits
    from sim.errors import UsageError
    from sim.solo.session import Session

    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed must be 0 or more, got {args.seed}")
    limits.check("--seed", args.seed, 0, limits.MAX_SEED)
    if args.scores is not None and not 1 <= args.scores <= limits.MAX_SCORES:
        raise UsageError(f"--scores must be 1..{limits.MAX_SCORES}, got {args.scores}")
    lines = _lines(args.script)  # a missing script is refused before the save is made
    session = Session.new(args.scenario, args.save, seed=args.seed, seats=args.seats, lang=args.lang,
                          scores=args.scores)
    session.begin_sitting()  # the day the person played, for the story (issue 30)
    return _play(session, lines, args.save)


def run_continue(args) -> int:
    from sim.solo.session import Session

    on_diverge = args.on_diverge
    lines = _lines(args.script)
    session = Session.resume(args.path, on_diverge=on_diverge, scenario=getattr(args, "scenario", None))
    if not session.diverged:  # a divergence asks first; its answer leaves the sitting unrecorded
        session.begin_sitting()
    return _play(session, lines, args.path)


def run_export(args) -> int:
    from sim.files import check_writable_file, write_atomic
    from sim.solo.session import replay_save

    if args.out is not None:
        check_writable_file(args.out, "the export")
    text = replay_save(args.path, markdown=args.md)
    if args.out is None:
        sys.stdout.write(text)
    else:
        write_atomic(args.out, text, what="the export")
    return 0
