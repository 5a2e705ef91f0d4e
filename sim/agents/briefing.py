"""Briefings: what a person needs to answer a decision that a script doesn't (docs/architecture.md "Decisions").

A scripted policy reads the decision's plain context; a person also wants
the odds of each option, the GM's reasons, the costs. Rules modules register
how to compute that for each kind, beside the rules::

    @briefing("resist")
    def brief_resist(state, d):          # -> a plain-JSON dict
        ...

The seat layer calls :func:`brief` **only for seats a person holds**, so
batch runs of scripted seats compute nothing extra. ``state`` is the object
whose ``decide`` asked (a Blades ``Campaign``, a Fate ``Scene``). A briefing
never draws from a random stream and never journals: it reads the state and
calls the rules' pure functions.

Every briefing carries ``seat`` and ``names`` (character id -> display name, from the
function registered for the state's type with :func:`names_for`), and ``words`` where
the state keeps names in English that have words in other languages (English -> {lang:
words}, from the function registered with :func:`words_for`: a Fate NPC's name, an
aspect the adventure's author translated), so the
catalogue (:mod:`sim.agents.catalogue`) can word the prompt and labels from
``{**decision.context, **briefing}`` without showing a raw id. Odds are exact
:class:`~fractions.Fraction` values carried as ``{"p": "5/18", "float":
0.2777...}`` (:func:`odds`).
"""

from __future__ import annotations

import importlib
from fractions import Fraction
from typing import Any, Callable, Mapping

from sim.agents.base import Decision

BriefingFn = Callable[[Any, Decision], dict]
_BRIEFINGS: dict[str, BriefingFn] = {}
_NAMES: dict[type, Callable[[Any], dict]] = {}
_WORDS: dict[type, Callable[[Any], dict]] = {}
_loaded = False


def briefing_modules() -> tuple[str, ...]:
    """The modules that register briefings: every system's ``System.briefings`` (:mod:`sim.systems`), in
    system order, imported on the first :func:`brief` (importing sim stays free of work, and a briefing asked
    before the rules that register it were imported still finds them)."""
    from sim.systems import systems

    return tuple(name for system in systems().values() for name in system.briefings)


def _load() -> None:
    global _loaded
    if not _loaded:
        for name in briefing_modules():
            importlib.import_module(name)
        _loaded = True


def briefing(kind: str) -> Callable[[BriefingFn], BriefingFn]:
    """Register the briefing for decisions of ``kind``."""

    def register(fn: BriefingFn) -> BriefingFn:
        if kind in _BRIEFINGS and _BRIEFINGS[kind] is not fn:
            raise ValueError(f"briefing {kind!r} registered twice")
        _BRIEFINGS[kind] = fn
        return fn

    return register


def names_for(state_type: type) -> Callable[[Callable[[Any], dict]], Callable[[Any], dict]]:
    """Register how a state of ``state_type`` names its characters (id -> display name)."""

    def register(fn: Callable[[Any], dict]) -> Callable[[Any], dict]:
        _NAMES[state_type] = fn
        return fn

    return register


def words_for(state_type: type) -> Callable[[Callable[[Any], dict]], Callable[[Any], dict]]:
    """Register the words a state of ``state_type`` has for the English names it keeps (English -> {lang: words})."""

    def register(fn: Callable[[Any], dict]) -> Callable[[Any], dict]:
        _WORDS[state_type] = fn
        return fn

    return register


def briefed_kinds() -> list[str]:
    """Kinds with a registered briefing, sorted."""
    _load()
    return sorted(_BRIEFINGS)


def brief(state: Any, d: Decision) -> dict:
    """The briefing for decision ``d`` asked by ``state``: ``names`` plus the kind's own briefing (plain JSON)."""
    _load()
    out: dict = {"seat": d.seat, "names": _names(state)}
    words = _words(state)
    if words:
        out["words"] = words
    fn = _BRIEFINGS.get(d.kind)
    if fn is not None:
        out.update(fn(state, d))
    return out


def _by_type(registry: Mapping[type, Callable[[Any], dict]], state: Any) -> dict:
    """What the function registered for ``state``'s type (or the nearest base) returns; {} if none is."""
    for cls in type(state).__mro__:
        fn = registry.get(cls)
        if fn is not None:
            return fn(state)
    return {}


def _words(state: Any) -> dict:
    return _by_type(_WORDS, state)


def _names(state: Any) -> dict:
    return _by_type(_NAMES, state)


def odds(p: Fraction) -> dict:
    """An exact probability as plain JSON: its fraction as a string and its float."""
    p = Fraction(p)
    return {"p": f"{p.numerator}/{p.denominator}", "float": float(p)}


def distribution(dist: Mapping[Any, Fraction]) -> dict:
    """A distribution with :func:`odds` for each outcome (keys as strings: JSON objects have string keys)."""
    return {str(k): odds(v) for k, v in dist.items()}
