"""Fate Condensed in the registry of game systems (:mod:`sim.systems`): ``system: fate``.

Found and imported by :func:`sim.systems.discover`; it names Fate's scenario schema (:mod:`sim.fate.scenario`)
and content tables (:mod:`sim.fate.schemas`), and plays, tells and batches adventures with
:mod:`sim.fate.adventure`, :mod:`sim.fate.views.narrate` and :class:`sim.fate.batch.FateGame`. The engine is imported
inside the functions, so discovering the systems (and ``sim --help``) does not load it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from sim.fate.scenario import REQUIRED, SCENARIO, check, load
from sim.fate.schemas import TABLES
from sim.systems import System, register_system


def load_scenario(path: str | Path, content_root: str | Path | None = None) -> Any:
    return load(path, content_root=content_root)


def play(scenario: Any, seed: int, *, journal: Any = None, series: list | None = None, scores: int | None = None,
         seats: Any = None, **kw: Any) -> tuple[Any, dict[str, Any]]:
    """One adventure: ``(finished Adventure, flat summary)``; ``scores`` (``sim play --scores``) caps its scenes."""
    from dataclasses import replace

    from sim.fate.adventure import play_adventure

    if scores is not None:
        scenario = replace(scenario, max_scenes=int(scores))
    return play_adventure(scenario, seed, journal=journal, series=series, seats=seats)


def narrate(events: Iterable[Mapping[str, Any]], content: Any, lang: str) -> list[str]:
    from sim.fate.views.narrate import narrate as tell

    return tell(events, content, lang)


def storyteller(content: Any, lang: str) -> Any:
    from sim.fate.views.narrate import storyteller as teller

    return teller(content, lang)


def closing(adventure: Any, summary: Mapping[str, Any], content: Any, lang: str) -> list[str]:
    from sim.fate.views.narrate import closing_sheet

    return closing_sheet(adventure, summary, content, lang)


def seat(scenario: Any, overrides: Any) -> tuple[Any, tuple[str, ...]]:
    """``--seat`` over the scenario's ``seats:`` (:func:`sim.fate.scenario.seat_scenario`)."""
    from sim.fate.scenario import seat_scenario

    return seat_scenario(scenario, dict(overrides or {}))


def batch_game(seats: Any = ()) -> Any:
    """The game the batch runner plays; ``seats``: ``--seat`` pairs for every adventure (policies only)."""
    from sim.fate.batch import FateGame

    return FateGame(tuple(sorted(dict(seats).items())))


def solo(content: Any, lang: str) -> Any:
    """The views solo play reads (:class:`sim.fate.views.solo.FateSolo`)."""
    from sim.fate.views.solo import FateSolo

    return FateSolo(content, lang)


def sheets(events: Sequence[Mapping[str, Any]], content: Any, lang: str, scenario: Any = None) -> list[str]:
    """The PCs' final sheets as Markdown (:func:`sim.fate.views.solo.markdown_sheets`); none without the loaded
    scenario (its starting characters) or an ``adventure_start``."""
    if scenario is None or not any(e.get("event") == "adventure_start" for e in events):
        return []
    from sim.fate.views.solo import markdown_sheets

    return markdown_sheets(events, scenario, lang)


def summary_fields(scenario: Any) -> tuple[str, ...]:
    from sim.fate.adventure import summary_keys

    return summary_keys()


def free_act(*args: Any) -> Any:
    """Free play (``act [overcome|create] SKILL "what I do"``, :func:`sim.fate.free_act.free_act`)."""
    from sim.fate.free_act import free_act as act

    return act(*args)


FATE = register_system(System(
    name="fate", package="fate", scenario_schema=SCENARIO, tables=TABLES, required=REQUIRED,
    load_scenario=load_scenario, check_scenario=check, play=play, narrate=narrate, closing=closing,
    batch_game=batch_game, summary_fields=summary_fields, seat=seat, storyteller=storyteller,
    solo=solo, sheets=sheets, briefings=("sim.fate.views.briefings",), free_act=free_act, namers=("sim.fate.tables",),
))
