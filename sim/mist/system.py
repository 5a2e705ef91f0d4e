"""The mist system in the registry (:mod:`sim.systems`): ``system: mist`` (issue 12).

Its scenario schema (:mod:`sim.mist.scenario`), content tables (:mod:`sim.mist.schemas`), campaigns
(:mod:`sim.mist.campaign`), words (:mod:`sim.mist.views.narrate`) and batch game (:class:`sim.mist.batch.MistGame`).
The engine is imported inside the functions, so discovery (and ``sim --help``) loads none of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from sim.mist.scenario import SCENARIO, check, load
from sim.mist.schemas import REQUIRED, TABLES
from sim.systems import System, register_system


def load_scenario(path: str | Path, content_root: str | Path | None = None) -> Any:
    return load(path, content_root=content_root)


def play(scenario: Any, seed: int, *, journal: Any = None, series: list | None = None, scores: int | None = None,
         **kw: Any) -> tuple[Any, dict[str, Any]]:
    from sim.mist.campaign import play_campaign

    return play_campaign(scenario, seed, journal=journal, series=series, scores=scores, seats=kw.get("seats"))


def narrate(events: Iterable[Mapping[str, Any]], content: Any, lang: str) -> list[str]:
    from sim.mist.views.narrate import narrate as tell

    return tell(events, content, lang)


def storyteller(content: Any, lang: str) -> Any:
    from sim.mist.views.narrate import storyteller as teller

    return teller(content, lang)


def closing(game: Any, summary: Mapping[str, Any], content: Any, lang: str) -> list[str]:
    from sim.mist.views.narrate import closing_sheet

    return closing_sheet(summary, [pc.sheet() for pc in game.characters], lang)


def seat(scenario: Any, overrides: Any) -> tuple[Any, tuple[str, ...]]:
    from sim.mist.scenario import seat_scenario

    return seat_scenario(scenario, overrides)


def batch_game(seats: Any = ()) -> Any:
    from sim.mist.batch import MistBatch

    return MistBatch(tuple(sorted(dict(seats).items())))


def solo(content: Any, lang: str) -> Any:
    """The views solo play reads (:class:`sim.mist.views.solo.MistSolo`)."""
    from sim.mist.views.solo import MistSolo

    return MistSolo(content, lang)


def sheets(events: Sequence[Mapping[str, Any]], content: Any, lang: str, scenario: Any = None) -> list[str]:
    """The characters' final sheets as Markdown (:func:`sim.mist.views.solo.markdown_sheets`); none without a
    ``campaign_start``."""
    if not any(e.get("event") == "campaign_start" for e in events):
        return []
    from sim.mist.views.solo import markdown_sheets

    return markdown_sheets(events, lang)


def free_act(*args: Any) -> Any:
    """Free play (``act TAG... "what I do"``, :func:`sim.mist.free_act.free_act`)."""
    from sim.mist.free_act import free_act as act

    return act(*args)


def summary_fields(scenario: Any) -> tuple[str, ...]:
    from sim.mist.campaign import play_campaign

    return tuple(sorted(play_campaign(scenario, scenario.seed, scores=1)[1]))


MIST = register_system(System(
    name="mist", package="mist", scenario_schema=SCENARIO, tables=TABLES, required=REQUIRED,
    load_scenario=load_scenario, check_scenario=check, play=play, narrate=narrate, closing=closing,
    batch_game=batch_game, summary_fields=summary_fields, seat=seat, storyteller=storyteller,
    solo=solo, sheets=sheets, briefings=("sim.mist.views.briefings",), free_act=free_act,
))
