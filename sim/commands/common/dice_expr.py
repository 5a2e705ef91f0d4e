"""Dice expressions on the command line (:mod:`sim.dicexpr`): ``sim odds roll 3d6kh1`` and ``sim roll 1d6+2``.

The sub-command both commands add beside their systems (:func:`add_dice_parser`), the sub-commands action that reads
an expression where a system's name stands (``sim roll 1d6+2`` is ``sim roll dice 1d6+2``), and the odds table.
"""

from __future__ import annotations

from typing import Callable

from sim.cli import add_lang_argument
from sim.commands.common.text import outcome_word, percent, show, table, term


def _looks_like_dice(word: object) -> bool:
    import re

    return isinstance(word, str) and "d" in word.lower() and re.fullmatch(r"[\d%dfhkl+\- ]+", word.lower()) is not None


def dice_first_action(name: str):
    """A sub-commands action that reads a dice expression where a system name stands as sub-command ``name``."""
    import argparse

    class Names(dict):  # argparse checks a sub-command's name with ``in``: a dice expression passes that check
        def __contains__(self, key: object) -> bool:
            return dict.__contains__(self, key) or _looks_like_dice(key)

    class DiceFirst(argparse._SubParsersAction):  # the registry's "parsers" action, one reading added
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._name_parser_map = self.choices = Names()

        def __call__(self, parser, namespace, values, option_string=None):
            if values and not dict.__contains__(self._name_parser_map, values[0]):
                values = [name, *values]
            super().__call__(parser, namespace, values, option_string)

    return DiceFirst


def add_dice_parser(systems, name: str, func: Callable, extra: Callable | None = None):
    """A sub-command that takes any dice expression (:mod:`sim.dicexpr`) as ``EXPR``, with ``--json`` and ``--lang``."""
    p = systems.add_parser(name, help="any dice: 1d6+2, 3d6kh1, 4dF+2, d%%, 2d (a Blades pool), 0d",
                           description="A dice expression: NdM, NdF (Fate dice), d%% (1..100), khK/klK keep the K "
                                       "highest/lowest, dhK/dlK drop them, + and - numbers and dice; Nd alone is a "
                                       "Blades pool of N d6 (0d: two dice, the lower counts).")
    p.add_argument("expr", metavar="EXPR", help="what to roll, e.g. 3d6kh1 or 4dF+2 (quote it if it has spaces)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    add_lang_argument(p)
    if extra is not None:
        extra(p, "dice")
    p.set_defaults(func=func)
    return p


def dice_outcome(key: str, pool: bool, lang: str | None) -> str:
    """A total as itself; a Blades pool's result in words."""
    return outcome_word("blades", key, lang) if pool else key


def render_dice(result: dict, lang: str | None) -> list[str]:
    pool = "pool" in result
    head = term("cli.dice.title", lang, "Dice {expr}", expr=result["expr"])
    if pool:
        head += f" ({term('blades.format.dice', lang, '{n}d', n=result['pool'])}, BITD.CORE)"
    else:
        head += (f": {term('cli.dice.range', lang, '{low} to {high}', low=result['min'], high=result['max'])}, "
                 f"{term('cli.dice.mean', lang, 'mean')} {result['mean']:.2f} ({result['mean_exact']})")
    rows = [[term("cli.odds.outcome", lang, "outcome"), term("cli.odds.chance", lang, "chance"),
             term("cli.odds.exact", lang, "exact")]]
    for key, p in result["outcomes"].items():
        rows.append([dice_outcome(key, pool, lang), percent(p), result["exact"][key]])
    return [head, *table(rows, [not pool, True, True])]


def run_dice(args) -> int:
    from sim import dicexpr

    return show(dicexpr.odds(args.expr), args, render_dice)
