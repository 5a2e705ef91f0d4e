"""``sim roll``: roll with the engine's real dice code and count the outcomes.

The same systems and options as ``sim odds`` plus ``--n COUNT --seed S`` (and
``--sampler faces|table`` for Blades). ``--n 1`` (the default) shows the faces
rolled. Without ``--seed`` a fresh seed is chosen and printed, so any roll can
be repeated. ``--json``: ``{"system", "n", "seed", "counts", ...}``.
"""

from __future__ import annotations

import argparse

from sim.commands.odds import (
    BUILDERS, add_oracle_parser, add_system_parsers, describe, dump, ladder,
    outcome_word, percent, show, table, term, terminal_width,
)

MAX_ROLLS = 100_000_000
#: questions ``sim roll oracle`` asks at most: each is a whole ``sim.oracle.ask`` (~4 us), not one die read
MAX_QUESTIONS = 10_000_000
#: rolls of a dice expression at most (each is a whole ``sim.dicexpr.roll``)
MAX_EXPR_ROLLS = 1_000_000


#: The line ``sim --help`` shows for this command.
HELP = "roll Blades, Fate or mist dice, or ask the oracle, and count the outcomes"


def register(sub) -> None:
    p = sub.add_parser(
        "roll",
        help=HELP,
        description="Roll COUNT times with the engine's dice code and print the counts next to the exact odds; "
                    "with --n 1, show the faces.",
    )
    systems = add_system_parsers(p, run, _extra, dice_first="dice")
    from sim.commands.common.dice_expr import add_dice_parser

    add_dice_parser(systems, "dice", run_dice, _extra_dice)
    oracle = add_oracle_parser(systems, run_oracle)
    oracle.add_argument("--n", type=int, default=1, metavar="COUNT",
                        help="number of questions asked, 1..10,000,000 (default 1: show the dice)")
    oracle.add_argument("--seed", type=int, default=None, metavar="S", help="seed (default: a fresh one, printed)")


def _extra(p, system: str) -> None:
    p.add_argument("--n", type=int, default=1, metavar="COUNT", help="number of rolls, 1..100,000,000 (default 1: show the faces)")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed (default: a fresh one, printed)")
    if system == "blades":
        from sim.dice import SAMPLERS

        p.add_argument("--sampler", choices=SAMPLERS, default="faces",
                       help="faces: roll every die (default); table: draw the result from the exact odds, no faces")


def _extra_dice(p, system: str) -> None:
    p.add_argument("--n", type=int, default=1, metavar="COUNT",
                   help=f"number of rolls, 1..{MAX_EXPR_ROLLS:,} (default 1: show the faces)")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed (default: a fresh one, printed)")


def _fresh_seed() -> int:
    import secrets

    from sim.rng import SEED_BITS

    return secrets.randbits(SEED_BITS)


def roll_result(args) -> tuple[dict, dict]:
    """Roll ``args.n`` times; return the JSON-ready result (one roll's details when n == 1) and the exact odds."""
    from sim import dice, sampling
    from sim.errors import UsageError
    from sim.rng import make_rng

    if not 1 <= args.n <= MAX_ROLLS:
        raise UsageError(f"--n must be 1..{MAX_ROLLS}, got {args.n}")
    exact = BUILDERS[args.system](args)  # validates the options, and the exact odds sit beside the counts
    seed = _fresh_seed() if args.seed is None else args.seed
    rng = make_rng(seed)
    out = {"system": args.system, "n": args.n, "seed": seed}
    for key in ("dice", "rating", "bonus", "skill", "vs", "invokes", "opposed", "power", "power_from", "zero_power", "resist"):
        if key in exact:
            out[key] = exact[key]
    if args.system == "blades":
        out["sampler"] = args.sampler
        pool = exact["dice"]
        if args.n == 1:
            roll = dice.roll_action(rng, pool, args.sampler)
            out["counts"] = {k: int(k == roll.result) for k in exact["outcomes"]}
            out["roll"] = {"faces": list(roll.faces), "die": roll.die, "result": roll.result}
            if "position" in exact:
                out["roll"]["meaning"] = exact["position"]["meaning"][roll.result]
            if args.resist is not None:
                resisted = dice.roll_action(rng, args.resist, args.sampler)
                out["resistance"] = {"faces": list(resisted.faces), "die": resisted.die,
                                     "result": resisted.result, "stress": dice.resistance_stress(resisted)}
        else:
            out["counts"] = sampling.count_blades(rng, pool, args.n, args.sampler)
            if args.resist is not None:
                stress = sampling.count_resistance(rng, args.resist, args.n, args.sampler)
                out["resistance_counts"] = {str(k): v for k, v in stress.items()}
    elif args.system == "fate":
        if args.n == 1:
            mine = dice.roll_fate(rng)
            theirs = dice.roll_fate(rng) if args.opposed else None
            effort = dice.effort(mine, args.skill, args.invokes)
            target = dice.effort(theirs, args.vs) if theirs else args.vs
            shifts = dice.shifts(effort, target)
            outcome = dice.fate_outcome(shifts)
            out["counts"] = {k: int(k == outcome) for k in exact["outcomes"]}
            out["roll"] = {"faces": list(mine), "effort": effort, "target": target, "shifts": shifts,
                           "outcome": outcome}
            if theirs:
                out["roll"]["opposing_faces"] = list(theirs)
        else:
            out["counts"] = sampling.count_fate(rng, args.skill, args.vs, args.n, args.invokes, args.opposed)
    else:
        if args.n == 1:
            roll = dice.roll_mist(rng, exact["power"], args.zero_power)
            out["counts"] = {k: int(k == roll.result) for k in exact["outcomes"]}
            out["roll"] = {"d8": roll.d8, "d4s": list(roll.d4s), "total": roll.total, "result": roll.result}
        else:
            out["counts"] = sampling.count_mist(rng, exact["power"], args.n, args.zero_power)
    out["exact"] = exact["exact"]
    return out, exact


def _faces(faces) -> str:
    return ", ".join(str(f) for f in faces)


def _fate_faces(faces) -> str:
    return " ".join(f"[{'-0+'[f + 1]}]" for f in faces) + f" = {sum(faces):+d}"


def render(out: dict, exact: dict, lang) -> list[str]:
    system = out["system"]
    head, *more = describe(exact, lang).split("\n")
    sampler = ""
    if system == "blades":
        sampler = f", {term('cli.sampler.' + out['sampler'], lang, out['sampler'])} {term('cli.roll.sampler', lang, 'sampler')}"
    lines = [f"{head}; {term('cli.roll.seed', lang, 'seed')} {out['seed']}{sampler}", *more]
    rolled = term("cli.roll.rolled", lang, "rolled")
    if out["n"] == 1:
        r = out["roll"]
        if system == "blades":
            word = outcome_word(system, r["result"], lang)
            if r["faces"]:
                lines.append(f"  {rolled} {_faces(r['faces'])} → {word} ({r['die']})")
            else:
                lines.append(f"  {term('cli.roll.no_faces', lang, 'no faces (table sampler)')} → {word} ({r['die']})")
            if "meaning" in r:
                m = r["meaning"]
                summary = term(f"blades.meaning.{exact['position']['position']}.{r['result']}", lang, m["summary"])
                harm = term("blades.format.harm", lang, "level {level} harm", level=m["harm"]) if m["harm"] else ""
                lines.append(f"  {summary}; {term('cli.odds.ticks', lang, 'ticks')} {m['ticks']}"
                             + (f", {harm}" if harm else ""))
            if "resistance" in out:
                rs = out["resistance"]
                shown = f"{rolled} {_faces(rs['faces'])}" if rs["faces"] else f"die {rs['die']}"
                pool = term("blades.format.dice", lang, "{n}d", n=out["resist"])
                lines.append(f"  {term('cli.odds.resistance', lang, 'Resistance roll')} {pool}: {shown} → "
                             f"{term('cli.odds.stress', lang, 'stress')} {rs['stress']}")
        elif system == "fate":
            lines.append(f"  {rolled} {_fate_faces(r['faces'])}: {term('cli.roll.effort', lang, 'effort')} "
                         f"{ladder(r['effort'], lang)}")
            if "opposing_faces" in r:
                lines.append(f"  {term('cli.roll.opposition', lang, 'opposition')} {rolled} "
                             f"{_fate_faces(r['opposing_faces'])}: {ladder(r['target'], lang)}")
            lines.append(f"  {term('cli.roll.shifts', lang, 'shifts')} {r['shifts']:+d} → "
                         f"{outcome_word(system, r['outcome'], lang)}")
        else:
            d4 = f" + {term('cli.roll.best_d4', lang, 'best d4 of')} {', '.join(map(str, r['d4s']))}" if r["d4s"] else ""
            lines.append(f"  {rolled} d8 {r['d8']}{d4} = {r['total']} → {outcome_word(system, r['result'], lang)}")
        return lines
    rows = [[term("cli.odds.outcome", lang, "outcome"), term("cli.roll.count", lang, "count"),
             term("cli.roll.share", lang, "share"), term("cli.roll.exact_odds", lang, "exact odds")]]
    for key, count in out["counts"].items():
        rows.append([outcome_word(system, key, lang), str(count), percent(count / out["n"]),
                     percent(exact["outcomes"][key])])
    lines += table(rows, [False, True, True, True], width=terminal_width())
    if "resistance_counts" in out:
        pool = term("blades.format.dice", lang, "{n}d", n=out["resist"])
        lines.append(f"{term('cli.odds.resistance', lang, 'Resistance roll')}: {pool}")
        rows = [[term("cli.odds.stress", lang, "stress"), rows[0][1], rows[0][2], rows[0][3]]]
        for key, count in out["resistance_counts"].items():
            rows.append([key, str(count), percent(count / out["n"]), percent(exact["resistance_stress"][key])])
        lines += table(rows, [True, True, True, True], width=terminal_width())
    return lines


def run(args) -> int:
    out, exact = roll_result(args)
    if args.json:
        dump(out)
    else:
        print("\n".join(render(out, exact, args.lang)))
    return 0


# --- the oracle: questions asked with the real sim.oracle.ask (ORACLE.*) -----------------------

def oracle_roll_result(args) -> dict:
    """Ask ``args.n`` times; ``{"system", "n", "seed", "likelihood", "tension", "counts", "events", "exact",
    "event_chance_exact"}`` (and ``roll``, the one question asked, when n == 1)."""
    from sim import oracle
    from sim.commands.odds import oracle_result
    from sim.errors import UsageError
    from sim.rng import make_rng

    if not 1 <= args.n <= MAX_QUESTIONS:
        raise UsageError(f"--n must be 1..{MAX_QUESTIONS:,}, got {args.n}")
    exact = oracle_result(args)  # validates the options
    seed = _fresh_seed() if args.seed is None else args.seed
    rng = make_rng(seed)
    words = oracle.load_words()
    out = {"system": "oracle", "n": args.n, "seed": seed, "likelihood": args.likelihood, "tension": args.tension}
    if args.n == 1:
        asked = oracle.ask(rng, "", args.likelihood, args.tension, words, args.lang or "en")
        out["counts"] = {k: int(k == asked["answer"]) for k in oracle.ANSWERS}
        out["events"] = int(asked["event"] is not None)
        out["roll"] = asked
    else:
        out["counts"], out["events"] = oracle.count_answers(rng, args.likelihood, args.tension, args.n, words)
    out["exact"] = exact["exact"]
    out["event_chance_exact"] = exact["event_chance_exact"]
    return out


def render_oracle_roll(out: dict, lang) -> list[str]:
    from sim import oracle
    from sim.commands.odds import oracle_heading, oracle_result
    from sim.i18n import t
    from sim.oracle import text

    exact = oracle_result(argparse.Namespace(likelihood=out["likelihood"], tension=out["tension"]))
    lines = [f"{oracle_heading(exact, lang)}; {t('cli.roll.seed', lang)} {out['seed']}"]
    if out["n"] == 1:
        return lines + text.ask_lines(out["roll"], oracle.load_words(), lang)[1:]
    rows = [[t("oracle.term.answer", lang), t("cli.roll.count", lang), t("cli.roll.share", lang),
             t("cli.roll.exact_odds", lang)]]
    for key, count in out["counts"].items():
        rows.append([text.answer_name(key, lang), str(count), percent(count / out["n"]), percent(exact["outcomes"][key])])
    rows.append([t("oracle.term.random_event", lang), str(out["events"]), percent(out["events"] / out["n"]),
                 percent(exact["event_chance"])])
    return lines + table(rows, [False, True, True, True], width=terminal_width())


def run_oracle(args) -> int:
    return show(oracle_roll_result(args), args, render_oracle_roll)


# --- dice expressions (sim.dicexpr): ``sim roll 1d6+2``, ``sim roll dice 3d6kh1 --n 1000`` ---------------------

def dice_roll_result(args) -> dict:
    """``{"system": "dice", "expr", "n", "seed", "counts", "exact"}`` and, for one roll, ``roll`` (its faces, the
    kept faces of a keep term, the total, a Blades pool's result)."""
    from sim import dicexpr
    from sim.errors import UsageError
    from sim.rng import make_rng

    if not 1 <= args.n <= MAX_EXPR_ROLLS:
        raise UsageError(f"--n must be 1..{MAX_EXPR_ROLLS:,}, got {args.n}")
    expr = dicexpr.parse(args.expr)
    exact = dicexpr.odds(expr)
    seed = _fresh_seed() if args.seed is None else args.seed
    rng = make_rng(seed)
    pool = expr.pool is not None
    counts = dict.fromkeys(exact["outcomes"], 0)
    last = None
    for _ in range(args.n):
        last = dicexpr.roll(rng, expr)
        counts[str(last["result"] if pool else last["total"])] += 1
    out = {"system": "dice", "expr": expr.text, "n": args.n, "seed": seed, "counts": counts, "exact": exact["exact"]}
    if args.n == 1:
        out["roll"] = last
    return out


def render_dice_roll(out: dict, lang) -> list[str]:
    from sim.commands.common.dice_expr import dice_outcome

    pool = out["roll"]["result"] if out["n"] == 1 and "result" in out["roll"] else None
    lines = [f"{term('cli.dice.title', lang, 'Dice {expr}', expr=out['expr'])}; "
             f"{term('cli.roll.seed', lang, 'seed')} {out['seed']}"]
    rolled = term("cli.roll.rolled", lang, "rolled")
    if out["n"] == 1:
        r = out["roll"]
        kept = "".join(f"; {term('cli.dice.kept', lang, 'kept')} {_faces(k)}" for k in r.get("kept", ()))
        shown = dice_outcome(pool, True, lang) if pool else str(r["total"])
        return lines + [f"  {rolled} {_faces(r['faces'])}{kept} → {shown}"]
    from sim import dicexpr

    is_pool = dicexpr.parse(out["expr"]).pool is not None
    exact = dicexpr.odds(out["expr"])
    rows = [[term("cli.odds.outcome", lang, "outcome"), term("cli.roll.count", lang, "count"),
             term("cli.roll.share", lang, "share"), term("cli.roll.exact_odds", lang, "exact odds")]]
    for key, count in out["counts"].items():
        rows.append([dice_outcome(key, is_pool, lang), str(count), percent(count / out["n"]),
                     percent(exact["outcomes"][key])])
    return lines + table(rows, [not is_pool, True, True, True])


def run_dice(args) -> int:
    return show(dice_roll_result(args), args, render_dice_roll)
