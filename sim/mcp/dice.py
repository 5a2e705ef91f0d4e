"""Odds, rolls and the oracle outside a session: what ``sim odds``, ``sim roll`` and ``sim oracle`` compute.

Each function takes a tool's arguments, fills the namespace the command's own parser would (the same fields and
defaults), and calls the command's own builder (:data:`sim.commands.odds.BUILDERS`, :func:`oracle_result`,
:func:`sim.commands.roll.roll_result`, :func:`sim.commands.oracle.result`): no rule is computed here, so a tool's
answer is, key for key, what ``sim odds ... --json`` prints (tests/test_mcp.py checks it). A bad value is the
command's own :class:`~sim.errors.UsageError`, one line.
"""

from __future__ import annotations

import argparse
from typing import Any, Mapping

from sim.errors import UsageError

#: what ``odds`` and ``roll`` take: the three systems, a clock (odds only), the oracle, and a dice expression
SYSTEMS = ("blades", "fate", "mist", "clock", "oracle", "dice")

#: every option of each system's parser, with the parser's default (sim/commands/odds.py add_system_parsers)
FIELDS: Mapping[str, Mapping[str, Any]] = {
    "blades": {"dice": None, "assist": False, "push": False, "bargain": False, "position": None, "effect": None,
               "resist": None},
    "fate": {"skill": None, "vs": None, "invokes": 0, "opposed": False},
    "mist": {"power": None, "tags": 0, "weaknesses": 0, "status": [], "burned": 0, "zero_power": "d8_only"},
    "clock": {"size": None, "dice": None, "critical_ticks": 5},
    "oracle": {"likelihood": None, "tension": 5},
    "dice": {"expr": None},
}
REQUIRED = {"blades": ("dice",), "fate": ("skill", "vs"), "clock": ("size", "dice"), "oracle": ("likelihood",),
            "dice": ("expr",)}


def namespace(system: str, given: Mapping[str, Any], extra: Mapping[str, Any] = ()) -> argparse.Namespace:
    """The namespace ``sim odds SYSTEM ...`` would parse from ``given`` (a tool's arguments, None for not given)."""
    if system not in FIELDS:
        raise UsageError(f"system must be one of {', '.join(SYSTEMS)}, got {system!r}")
    fields = dict(FIELDS[system])
    unknown = sorted(k for k, v in given.items() if v is not None and k not in fields)
    if unknown:
        raise UsageError(f"{system} takes {', '.join(fields)}; {', '.join(unknown)} "
                         f"{'is' if len(unknown) == 1 else 'are'} not for {system}")
    for key in fields:
        if given.get(key) is not None:
            fields[key] = given[key]
    missing = [k for k in REQUIRED.get(system, ()) if fields[k] is None]
    if missing:
        raise UsageError(f"{system} needs {', '.join(missing)}")
    _check_choices(system, fields)
    return argparse.Namespace(system=system, json=True, lang=None, **fields, **dict(extra))


def _check_choices(system: str, fields: dict) -> None:
    """The choices and readings the command's parser enforces before its builder runs."""
    if system == "blades":
        from sim.dice import EFFECTS, POSITIONS

        for key, allowed in (("position", POSITIONS), ("effect", EFFECTS)):
            if fields[key] is not None and fields[key] not in allowed:
                raise UsageError(f"{key} must be one of {', '.join(allowed)}, got {fields[key]!r}")
    if system == "mist":
        from sim.dice import ZERO_POWER_MODES

        if fields["zero_power"] not in ZERO_POWER_MODES:
            raise UsageError(f"zero_power must be one of {', '.join(ZERO_POWER_MODES)}, got {fields['zero_power']!r}")
        if not isinstance(fields["status"], list):
            fields["status"] = [fields["status"]]
    if system == "clock" and fields["critical_ticks"] not in (4, 5):
        raise UsageError(f"critical_ticks must be 4 or 5, got {fields['critical_ticks']!r}")
    if system == "oracle":
        fields["likelihood"] = likelihood(fields["likelihood"])


def likelihood(word: Any) -> str:
    """A likelihood by id, name in any language or synonym (``--likelihood``'s reading), or one line."""
    from sim.commands.common.text import likelihood_arg

    try:
        return likelihood_arg(str(word))
    except argparse.ArgumentTypeError as exc:
        raise UsageError(str(exc)) from None


def odds(system: str, given: Mapping[str, Any]) -> dict:
    """What ``sim odds SYSTEM ... --json`` prints."""
    args = namespace(system, given)
    if system == "oracle":
        from sim.commands.odds import oracle_result

        return oracle_result(args)
    if system == "dice":
        from sim import dicexpr

        return dicexpr.odds(args.expr)
    from sim.commands.odds import BUILDERS

    return BUILDERS[system](args)


def roll(system: str, given: Mapping[str, Any], seed: int | None, n: int = 1) -> dict:
    """What ``sim roll SYSTEM ... --seed S --json`` prints (without a seed, a fresh one, in the answer)."""
    from sim import limits
    from sim.commands import roll as rolls

    if system == "clock":
        raise UsageError("roll takes blades, fate, mist, oracle or dice (a clock's fill is odds only)")
    if seed is not None:
        limits.check("seed", seed, 0, limits.MAX_SEED)
    extra = {"n": n, "seed": seed}
    if system == "blades":
        extra["sampler"] = "faces"
    args = namespace(system, given, extra)
    if system == "oracle":
        return rolls.oracle_roll_result(args)
    if system == "dice":
        return rolls.dice_roll_result(args)
    out, _ = rolls.roll_result(args)
    return out


def oracle(what: str, *, seed: int | None, question: str = "", likelihood_word: str = "even", tension: int = 5,
           threads: list[str] | None = None, npcs: list[str] | None = None, lang: str | None = None) -> dict:
    """What ``sim oracle WHAT ... --seed S --json`` prints, ``what`` one of ask, event, meaning, scene."""
    from sim import limits
    from sim.commands.oracle import result

    if seed is not None:
        limits.check("seed", seed, 0, limits.MAX_SEED)
    args = argparse.Namespace(oracle_command=what, question=question, tension=tension, seed=seed, lang=lang,
                              threads=list(threads or []), npcs=list(npcs or []), json=True)
    if what == "ask":
        if not question.strip():
            raise UsageError("oracle_ask needs a question")
        args.likelihood = likelihood(likelihood_word)
    if what in ("ask", "scene"):
        from sim.commands.odds import check_tension

        check_tension(args)
    return {"system": "oracle", **result(args)}
