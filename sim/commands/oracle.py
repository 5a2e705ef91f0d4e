"""``sim oracle``: ask the oracle alone, for any game (ORACLE.*; docs/rules/oracle.md).

``sim oracle ask "QUESTION" --likelihood L [--tension T] [--seed S] [--threads ...] [--npcs ...]``,
``sim oracle event [--threads ...] [--npcs ...]``, ``sim oracle meaning``, ``sim oracle scene
[--tension T]``; each with ``--seed``, ``--json`` and ``--lang``. Without ``--seed`` a fresh seed
is drawn and printed, so any answer can be asked again. ``--json`` keys are a contract
(README "The oracle"): ``ask`` prints ``system`` ("oracle", as ``sim odds oracle`` does), ``seed, question,
likelihood, tension, roll, answer, event``.

``sim odds oracle`` and ``sim roll oracle`` live with their commands (:mod:`sim.commands.odds`,
:mod:`sim.commands.roll`), and share the ``--likelihood`` and ``--tension`` options with this one.
"""

from __future__ import annotations

from sim.cli import add_lang_argument

#: The line ``sim --help`` shows for this command.
HELP = "ask the oracle: yes/no questions, random events, meaning words, scene checks"


def register(sub) -> None:
    p = sub.add_parser(
        "oracle",
        help=HELP,
        description="The oracle for solo play, and for any game: a yes/no answer at a likelihood and tension, "
                    "random events, meaning word pairs, scene checks (docs/rules/oracle.md).",
    )
    what = p.add_subparsers(dest="oracle_command", metavar="WHAT", parser_class=type(p))
    what.required = True
    ask = what.add_parser("ask", help="a yes/no question (ORACLE.ANSWER)",
                          description="Ask a yes/no question; the answer may bring a random event (ORACLE.EVENT.1).")
    from sim.commands.odds import add_likelihood, add_tension

    ask.add_argument("question", metavar="QUESTION", help="the question, in quotes")
    add_likelihood(ask)
    add_tension(ask)
    add_lists(ask)
    event = what.add_parser("event", help="a random event: a focus and a meaning pair (ORACLE.EVENT)",
                            description="Draw a random event: what it is about, and a pair of meaning words.")
    add_lists(event)
    meaning = what.add_parser("meaning", help="a meaning word pair: an action and a subject (ORACLE.MEANING)",
                              description="Draw an action and a subject to read together.")
    scene = what.add_parser("scene", help="a scene check: expected, altered or interrupted (ORACLE.SCENE)",
                            description="Check a new scene: d20 + tension (ORACLE.SCENE.1).")
    add_tension(scene)
    for q in (ask, event, meaning, scene):
        q.add_argument("--seed", type=int, default=None, metavar="S", help="seed (default: a fresh one, printed)")
        q.add_argument("--json", action="store_true", help="print one JSON object")
        add_lang_argument(q)
        q.set_defaults(func=run)


def add_lists(p) -> None:
    p.add_argument("--threads", action="append", default=[], metavar="LIST",
                   help="open threads an event may pick, comma-separated (repeatable)")
    p.add_argument("--npcs", action="append", default=[], metavar="LIST",
                   help="NPCs an event may pick, comma-separated (repeatable)")


def names(values: list[str]) -> list[str]:
    """``["a,b", "c"]`` -> ``["a", "b", "c"]`` (blanks dropped)."""
    return [name.strip() for value in values for name in value.split(",") if name.strip()]


def tension(args) -> int:
    from sim.commands.odds import check_tension

    return check_tension(args)


def fresh_seed(seed: int | None) -> int:
    from sim.commands.roll import _fresh_seed

    return _fresh_seed() if seed is None else seed


def result(args) -> dict:
    """What ``sim oracle WHAT`` drew, JSON-ready, with its ``seed``."""
    from sim import oracle
    from sim.rng import make_rng

    words = oracle.load_words()
    seed = fresh_seed(args.seed)
    rng = make_rng(seed)
    lang = args.lang or "en"
    if args.oracle_command == "ask":
        drawn = oracle.ask(rng, args.question, args.likelihood, tension(args), words, lang,
                           threads=names(args.threads), npcs=names(args.npcs))
    elif args.oracle_command == "event":
        drawn = oracle.random_event(rng, words, lang, threads=names(args.threads), npcs=names(args.npcs))
    elif args.oracle_command == "meaning":
        drawn = oracle.meaning(rng, words, lang)
    else:
        drawn = {"tension": tension(args), **oracle.scene_check(rng, args.tension)}
    return {"seed": seed, **drawn}


def render(out: dict, command: str, lang: str | None) -> list[str]:
    from sim import oracle
    from sim.i18n import t
    from sim.oracle import text

    words = oracle.load_words()
    head = f"{t('oracle.title', lang)} — {t('cli.roll.seed', lang)} {out['seed']}"
    if command == "ask":
        return [head, *text.ask_lines(out, words, lang)]
    if command == "event":
        return [head, f"{t('oracle.term.random_event', lang)}: {text.event_line(out, words, lang)}"]
    if command == "meaning":
        return [head, f"{t('oracle.term.meaning', lang)}: {text.meaning_line(out, words, lang)}"]
    return [head, text.scene_line(out, out["tension"], lang)]


def run(args) -> int:
    from sim.commands.odds import dump

    out = result(args)
    if args.json:
        dump({"system": "oracle", **out})  # ``system`` as in sim odds oracle and sim roll oracle
    else:
        print("\n".join(render(out, args.oracle_command, args.lang)))
    return 0
