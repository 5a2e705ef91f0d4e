"""``sim odds``: exact outcome odds for Blades, Fate and mist rolls (no sampling).

``sim odds blades --dice N [--assist] [--push | --bargain] [--position P] [--effect E] [--resist R]``,
``sim odds fate --skill S --vs D [--invokes K] [--opposed]``,
``sim odds mist --power N`` (or ``--tags T --weaknesses W --status L --burned B``),
``sim odds clock --size S --dice D`` (fortune rolls to fill a clock, :mod:`sim.clockodds`),
``sim odds oracle --likelihood L [--tension T]`` (ORACLE.*, at the end of this module).
``--json`` prints one JSON object whose keys are a contract (README "sim odds").

The system arguments are shared with ``sim roll`` (:func:`add_system_parsers`),
and so are the renderers' helpers (:func:`term`, :func:`table`).
"""

from __future__ import annotations

from typing import Callable

from sim.cli import add_lang_argument
from sim.commands.common.text import (  # noqa: F401 - the shared helpers, importable from here as they always were
    BLADES_WORDS, DEFAULT_WIDTH, FATE_WORDS, MIST_WORDS, display_width, dump, outcome_word, percent, show, table,
    term, terminal_width, wrap,
)


#: The line ``sim --help`` shows for this command.
HELP = "exact odds of a Blades, Fate or mist roll, or an oracle question"


def register(sub) -> None:
    p = sub.add_parser(
        "odds",
        help=HELP,
        description="Exact outcome odds (fractions, no sampling) of a Blades pool, a Fate roll or a mist roll.",
    )
    systems = add_system_parsers(p, run)
    add_clock_parser(systems)
    add_oracle_parser(systems, run_oracle)
    from sim.commands.common.dice_expr import add_dice_parser, run_dice

    add_dice_parser(systems, "roll", run_dice)


def add_clock_parser(systems) -> None:
    """``sim odds clock``: the exact number of fortune rolls that fill a clock (BITD.CLOCK.4, BITD.DOWNTIME.NPC.2)."""
    c = systems.add_parser("clock", help="fortune rolls to fill a clock (BITD.DOWNTIME.NPC.2)",
                           description="The exact distribution of the number of fortune rolls of D dice that fill a "
                                       "clock of S segments (ticks 1/2/3/5 for bad/partial/full/critical), its mean "
                                       "and quantiles.")
    c.add_argument("--size", type=int, required=True, metavar="S", help="segments of the clock (1..64)")
    c.add_argument("--dice", type=int, required=True, metavar="D", help="dice of each roll, e.g. a faction's Tier (0..12)")
    c.add_argument("--critical-ticks", type=int, choices=(4, 5), default=5,
                   help="ticks a critical gives (option ltp_critical_ticks: the SRD's 5, the seed's 4)")
    c.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    add_lang_argument(c)
    c.set_defaults(func=run)


def add_system_parsers(parser, func: Callable, extra: Callable | None = None, *, dice_first: str | None = None):
    """Add the ``blades`` / ``fate`` / ``mist`` sub-commands with their shared options to ``parser``.

    ``extra(p, system)`` adds command-specific options to each system's parser. Returns the
    sub-commands action, to which a command adds systems of its own (``oracle``). ``dice_first``: the name of a
    dice-expression sub-command that a dice expression in the system's place stands for (``sim roll 1d6+2`` is
    ``sim roll dice 1d6+2``).
    """
    from sim.dice import EFFECTS, POSITIONS, ZERO_POWER_MODES  # here: ``sim --help`` never imports the dice

    if dice_first:
        from sim.commands.common.dice_expr import dice_first_action

        kwargs = {"action": dice_first_action(dice_first)}
    else:
        kwargs = {}
    systems = parser.add_subparsers(dest="system", metavar="SYSTEM", parser_class=type(parser), **kwargs)
    systems.required = True

    b = systems.add_parser("blades", help="a Blades in the Dark d6 pool (BITD.CORE)",
                           description="A Blades in the Dark pool: rating + assist + (push or devil's bargain).")
    b.add_argument("--dice", type=int, required=True, metavar="N",
                   help="action rating (or any trait rating); 0 or less rolls two dice and keeps the lowest")
    b.add_argument("--assist", action="store_true", help="+1d from a teammate's assist (BITD.TEAM.1)")
    b.add_argument("--push", action="store_true", help="+1d from pushing yourself, 2 stress (BITD.PUSH.1)")
    b.add_argument("--bargain", action="store_true", help="+1d from a devil's bargain (BITD.BARGAIN.1)")
    b.add_argument("--position", choices=POSITIONS, help="show what each result means at this position (BITD.ACTION.5)")
    b.add_argument("--effect", choices=EFFECTS, help="effect level for clock ticks (BITD.EFFECT.1; default standard)")
    b.add_argument("--resist", type=int, metavar="R",
                   help="also the stress a resistance roll with attribute rating R costs (BITD.RESIST.3)")

    f = systems.add_parser("fate", help="a Fate Condensed 4dF roll (FATE.DICE)",
                           description="A Fate roll: 4dF + skill + 2 per invoke against a difficulty or opposition.")
    f.add_argument("--skill", type=int, required=True, metavar="S", help="skill rating on the ladder")
    f.add_argument("--vs", type=int, required=True, metavar="D", help="difficulty (or the opposing skill with --opposed)")
    f.add_argument("--invokes", type=int, default=0, metavar="K", help="aspects invoked for +2 each (FATE.ASPECT)")
    f.add_argument("--opposed", action="store_true", help="D is an opposing skill that rolls 4dF too (FATE.OPP.1)")

    m = systems.add_parser("mist", help="a mist roll: 1d8 + the best of N d4 (MIST.ROLL)",
                           description="A mist roll: 1d8 + the highest of N d4, N = power.")
    m.add_argument("--power", type=int, metavar="N", help="power for the roll (MIST.ROLL.2); or give the sources:")
    m.add_argument("--tags", type=int, default=0, metavar="T", help="applicable positive tags, +1 each")
    m.add_argument("--weaknesses", type=int, default=0, metavar="W", help="applicable weakness tags, -1 each")
    m.add_argument("--status", type=int, action="append", default=[], metavar="L",
                   help="a relevant status level, + helpful / - hindering (repeatable; the highest counts)")
    m.add_argument("--burned", type=int, default=0, metavar="B", help="burned positive tags, +3 each (MIST.TAG.3)")
    m.add_argument("--zero-power", choices=ZERO_POWER_MODES, default="d8_only",
                   help="power 0 or less: roll the d8 alone (default, MIST.ROLL.3) or the d8 with one d4")

    for name, p in (("blades", b), ("fate", f), ("mist", m)):
        p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
        add_lang_argument(p)
        if extra is not None:
            extra(p, name)
        p.set_defaults(func=func)
    return systems


# --- building the odds ------------------------------------------------------------

def blades_pool(args) -> tuple[int, list[str]]:
    """The pool after bonus dice and the words describing it (push with bargain is an error)."""
    from sim.dice import action_pool

    pool = action_pool(args.dice, assist=args.assist, push=args.push, bargain=args.bargain)
    parts = [name for name, on in (("assist", args.assist), ("push", args.push), ("bargain", args.bargain)) if on]
    return pool, parts


def check_range(name: str, value: int, low: int, high: int) -> int:
    from sim.errors import UsageError

    if not low <= value <= high:
        raise UsageError(f"--{name} must be {low}..{high}, got {value}")
    return value


def blades_result(args) -> dict:
    from sim import odds
    from sim.dice import result_meaning

    check_range("dice", args.dice, -odds.MAX_POOL, odds.MAX_POOL - 3)
    pool, parts = blades_pool(args)
    dist = odds.blades_odds(pool)
    out = {
        "system": "blades",
        "dice": pool,
        "outcomes": {k: float(p) for k, p in dist.items()},
        "exact": {k: odds.fraction_text(p) for k, p in dist.items()},
        "rating": args.dice,
        "bonus": parts,
    }
    if args.position or args.effect:
        position, effect = args.position or "risky", args.effect or "standard"
        meanings = {k: result_meaning(k, position, effect) for k in dist}
        expected_ticks = sum(dist[k] * m.ticks for k, m in meanings.items())
        harm = sum(dist[k] for k, m in meanings.items() if m.harm)
        out["position"] = {
            "position": position,
            "effect": effect,
            "meaning": {k: {"effect": m.effect, "ticks": m.ticks, "harm": m.harm, "summary": m.summary}
                        for k, m in meanings.items()},
            "expected_ticks": float(expected_ticks),
            "harm_chance": float(harm),
        }
    if args.resist is not None:
        check_range("resist", args.resist, -odds.MAX_POOL, odds.MAX_POOL)
        stress = odds.resistance_odds(args.resist)
        out["resist"] = args.resist
        out["resistance_stress"] = {str(k): float(p) for k, p in stress.items()}
        out["resistance_exact"] = {str(k): odds.fraction_text(p) for k, p in stress.items()}
        out["expected_stress"] = float(odds.expected(stress))
    return out


def fate_result(args) -> dict:
    from sim import odds

    for name in ("skill", "vs"):
        check_range(name, getattr(args, name), -50, 50)
    check_range("invokes", args.invokes, 0, 20)
    dist = odds.fate_odds(args.skill, args.vs, args.invokes, args.opposed)
    return {
        "system": "fate",
        "skill": args.skill,
        "vs": args.vs,
        "outcomes": {k: float(p) for k, p in dist.items()},
        "exact": {k: odds.fraction_text(p) for k, p in dist.items()},
        "invokes": args.invokes,
        "opposed": args.opposed,
    }


def mist_result(args) -> dict:
    from sim import odds

    from sim.dice import power
    from sim.errors import UsageError

    sources = {"tags": args.tags, "weaknesses": args.weaknesses, "statuses": args.status, "burned": args.burned}
    given = any(sources.values())
    if args.power is not None and given:
        raise UsageError("give --power, or its sources (--tags, --weaknesses, --status, --burned), not both")
    if args.power is None and not given:
        raise UsageError("give --power N, or its sources: --tags, --weaknesses, --status, --burned")
    for name in ("tags", "weaknesses", "burned"):
        check_range(name, sources[name], 0, 50)
    for level in args.status:
        check_range("status", level, -6, 6)  # MIST.STATUS.1: levels 1..6
    value = args.power if args.power is not None else power(**sources)
    check_range("power", value, -odds.MAX_POOL, odds.MAX_POOL)
    dist = odds.mist_odds(value, args.zero_power)
    out = {
        "system": "mist",
        "power": value,
        "outcomes": {k: float(p) for k, p in dist.items()},
        "exact": {k: odds.fraction_text(p) for k, p in dist.items()},
        "zero_power": args.zero_power,
    }
    if given:
        out["power_from"] = sources
    return out


# --- words for people ---------------------------------------------------------------

def ladder(value: int, lang: str | None) -> str:
    """A ladder value for people, e.g. "Good (+3)" (FATE.LADDER.1-2)."""
    from sim.dice import ladder_name

    name = term(f"fate.ladder.{value}", lang, ladder_name(value))
    return term("fate.format.ladder", lang, "{name} ({value})", name=name, value=f"{value:+d}")


def describe(result: dict, lang: str | None) -> str:
    """The heading line of an odds or roll table."""
    system = result["system"]
    if system == "blades":
        bonus = "".join(f" + {term('blades.bonus.' + b, lang, b)}" for b in result["bonus"])
        pool = term("blades.format.dice", lang, "{n}d", n=result["dice"])
        rating = term("cli.odds.rating", lang, "rating")
        zero = f" — {term('cli.odds.zero_pool', lang, 'roll 2, keep the lowest')}" if result["dice"] <= 0 else ""
        return f"{term('cli.odds.blades', lang, 'Blades in the Dark')}: {pool} ({rating} {result['rating']}{bonus}){zero}"
    if system == "fate":
        invokes = ""
        if result["invokes"]:
            from sim.i18n import plural

            invokes = f" + {plural('cli.odds.invoke_count', result['invokes'], lang)}"
        against = (term("cli.odds.opposed", lang, "opposed by") if result["opposed"]
                   else term("cli.odds.vs", lang, "vs"))
        return (f"{term('cli.odds.fate', lang, 'Fate')}: {ladder(result['skill'], lang)}{invokes} "
                f"{against} {ladder(result['vs'], lang)}")
    if result["power"] >= 1:
        dice = term("mist.format.pool", lang, "1d8 + best of {n}d4", n=result["power"])
    elif result["zero_power"] == "d8_only":
        dice = term("mist.format.d8_alone", lang, "1d8 alone")
    else:
        dice = term("mist.format.pool", lang, "1d8 + best of {n}d4", n=1)
    line = f"{term('cli.odds.mist', lang, 'Mist')}: {term('cli.odds.power', lang, 'power')} {result['power']} ({dice})"
    if "power_from" in result:
        line += "\n  " + power_sources(result, lang)
    return line


def power_sources(result: dict, lang: str | None) -> str:
    """Where a mist roll's power came from (MIST.ROLL.2), e.g. "power 4 = +2 positive tag ... ". """
    from sim.dice import power

    src = result["power_from"]
    status = power(statuses=src["statuses"])
    parts = [(src["tags"], "mist.tag_kind.positive", "positive tag"),
             (-src["weaknesses"], "mist.tag_kind.weakness", "weakness tag"),
             (status, "mist.term.status", "status"),
             (3 * src["burned"], "mist.term.burned", "burned")]
    terms = " ".join(f"{n:+d} {term(key, lang, english)}" for n, key, english in parts if n)
    return f"{term('cli.odds.power', lang, 'power')} {result['power']} = {terms or '0'}"


def render(result: dict, lang: str | None) -> list[str]:
    system = result["system"]
    lines = [describe(result, lang)]
    meaning = result.get("position")
    head = [term("cli.odds.outcome", lang, "outcome"), term("cli.odds.chance", lang, "chance"),
            term("cli.odds.exact", lang, "exact")]
    right = [False, True, True]
    if meaning:
        head += [term("cli.odds.effect", lang, "effect"), term("cli.odds.ticks", lang, "ticks"),
                 term("cli.odds.harm", lang, "harm")]
        right += [False, True, True]
    rows = [head]
    for key, p in result["outcomes"].items():
        row = [outcome_word(system, key, lang), percent(p), result["exact"][key]]
        if meaning:
            m = meaning["meaning"][key]
            row += [term(f"blades.effect.{m['effect']}", lang, m["effect"]) if m["effect"] else "-",
                    str(m["ticks"]), str(m["harm"]) if m["harm"] else "-"]
        rows.append(row)
    lines += table(rows, right, width=terminal_width())
    if meaning:
        pos = term(f"blades.position.{meaning['position']}", lang, meaning["position"])
        eff = term(f"blades.effect.{meaning['effect']}", lang, meaning["effect"])
        lines.append(f"  {pos} / {eff}: {term('cli.odds.expected_ticks', lang, 'expected ticks')} "
                     f"{meaning['expected_ticks']:.2f}, {term('cli.odds.harm_chance', lang, 'chance of harm')} "
                     f"{percent(meaning['harm_chance'])}")
        for key in result["outcomes"]:
            summary = term(f"blades.meaning.{meaning['position']}.{key}", lang, meaning["meaning"][key]["summary"])
            lines.append(f"    {outcome_word(system, key, lang)}: {summary}")
    if "resistance_stress" in result:
        pool = term("blades.format.dice", lang, "{n}d", n=result["resist"])
        lines.append(f"{term('cli.odds.resistance', lang, 'Resistance roll')}: {pool} "
                     f"({term('cli.odds.stress_cost', lang, 'stress cost; -1 clears 1 stress')})")
        rows = [[term("cli.odds.stress", lang, "stress"), head[1], head[2]]]
        for k, p in result["resistance_stress"].items():
            rows.append([k, percent(p), result["resistance_exact"][k]])
        lines += table(rows, [True, True, True], width=terminal_width())
        lines.append(f"  {term('cli.odds.expected_stress', lang, 'expected stress')} {result['expected_stress']:.3f}")
    return lines


def clock_result(args) -> dict:
    from sim.clockodds import clock_odds

    return clock_odds(args.size, args.dice, args.critical_ticks)


def render_clock(result: dict, lang: str | None) -> list[str]:
    """The rolls-to-fill table: each number of rolls, its chance, the chance of being full by then, exact."""
    lines = [term("cli.odds.clock", lang, "Clock of {size} segments, fortune rolls of {dice}d:",
                  size=result["size"], dice=result["dice"])]
    rows = [[term("cli.odds.rolls", lang, "rolls"), term("cli.odds.chance", lang, "chance"),
             term("cli.odds.by_then", lang, "full by then"), term("cli.odds.exact", lang, "exact")]]
    for n, exact in result["exact"].items():
        rows.append([n, percent(result["chance"][n]), percent(result["cumulative"][n]), exact])
    lines += table(rows, [True, True, True, True], width=terminal_width())
    q = result["quantiles"]
    lines.append(f"  {term('cli.odds.mean_rolls', lang, 'mean rolls')} {result['mean']:.3f} "
                 f"({result['mean_exact']}); {term('cli.odds.quantiles', lang, 'quantiles')} "
                 + ", ".join(f"{float(k):.0%}: {v}" for k, v in q.items()))
    return lines


BUILDERS = {"blades": blades_result, "fate": fate_result, "mist": mist_result, "clock": clock_result}


def run(args) -> int:
    return show(BUILDERS[args.system](args), args, render_clock if args.system == "clock" else render)


# --- the oracle (ORACLE.*; sim.oracle, docs/rules/oracle.md) ----------------------------------

def add_likelihood(p) -> None:
    from sim.commands.common.text import likelihood_arg
    from sim.oracle import LIKELIHOODS

    p.add_argument("--likelihood", required=True, type=likelihood_arg, metavar="L",
                   help=f"how likely a yes is, least likely first: {', '.join(LIKELIHOODS)}; by its name in any "
                        "language or a common synonym too (ORACLE.SCALE.1)")


def add_tension(p) -> None:
    from sim.oracle import TENSION_MAX, TENSION_MIN, TENSION_START

    p.add_argument("--tension", type=int, default=TENSION_START, metavar="T",
                   help=f"tension {TENSION_MIN}..{TENSION_MAX} (default {TENSION_START}); "
                        "higher: more yes, more random events (ORACLE.SCALE.3)")


def check_tension(args) -> int:
    from sim.oracle import TENSION_MAX, TENSION_MIN

    return check_range("tension", args.tension, TENSION_MIN, TENSION_MAX)


def add_oracle_parser(systems, func: Callable):
    """``oracle`` beside the dice systems: ``--likelihood L --tension T [--json] [--lang]``."""
    p = systems.add_parser("oracle", help="an oracle question at a likelihood and tension (ORACLE.ANSWER)",
                           description="The oracle's six answers at a likelihood and tension, and the chance of a "
                                       "random event (docs/rules/oracle.md).")
    add_likelihood(p)
    add_tension(p)
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    add_lang_argument(p)
    p.set_defaults(func=func)
    return p


def oracle_result(args) -> dict:
    """``{"system", "likelihood", "tension", "outcomes", "exact", "yes_chance", "yes_chance_exact",
    "event_chance", "event_chance_exact"}`` (ORACLE.ANSWER.1-2, ORACLE.EVENT.1)."""
    from sim import oracle
    from sim.odds import fraction_text

    odds = oracle.exact(args.likelihood, check_tension(args))
    yes = oracle.yes_chance(args.likelihood, args.tension)
    return {
        "system": "oracle",
        "likelihood": args.likelihood,
        "tension": args.tension,
        "outcomes": {k: float(p) for k, p in odds["outcomes"].items()},
        "exact": {k: fraction_text(p) for k, p in odds["outcomes"].items()},
        "yes_chance": float(yes),
        "yes_chance_exact": fraction_text(yes),
        "event_chance": float(odds["event_chance"]),
        "event_chance_exact": fraction_text(odds["event_chance"]),
    }


def oracle_heading(result: dict, lang: str | None) -> str:
    from sim.i18n import t
    from sim.oracle import text

    spec = t("oracle.format.yes_on", lang, modifiers=text.modifiers(result["likelihood"], result["tension"], lang))
    return (f"{t('oracle.title', lang)}: {text.likelihood_name(result['likelihood'], lang)}, "
            f"{t('oracle.format.tension', lang, tension=result['tension'])} ({spec})")


def render_oracle(result: dict, lang: str | None) -> list[str]:
    from sim.i18n import t
    from sim.oracle import text

    rows = [[t("oracle.term.answer", lang), t("cli.odds.chance", lang), t("cli.odds.exact", lang)]]
    for key, p in result["outcomes"].items():
        rows.append([text.answer_name(key, lang), percent(p), result["exact"][key]])
    rows.append([t("oracle.term.yes_total", lang), percent(result["yes_chance"]), result["yes_chance_exact"]])
    rows.append([t("oracle.term.random_event", lang), percent(result["event_chance"]), result["event_chance_exact"]])
    return [oracle_heading(result, lang), *table(rows, [False, True, True], width=terminal_width())]


def run_oracle(args) -> int:
    return show(oracle_result(args), args, render_oracle)
