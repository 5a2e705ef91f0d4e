"""Blades in the Dark in the registry of game systems (:mod:`sim.systems`): ``system: blades``.

Found and imported by :func:`sim.systems.discover`; it names the Blades scenario schema
(:mod:`sim.blades.scenario`) and content tables (:mod:`sim.blades.schemas`), and plays, tells and
batches campaigns with :mod:`sim.blades.campaign`, :mod:`sim.blades.views.narrate` and
:class:`sim.blades.batch.BladesGame`. The engine is imported inside the functions, so discovering
the systems (and ``sim --help``) does not load it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from sim.blades.scenario import REQUIRED, SCENARIO, check, load
from sim.blades.schemas import TABLES
from sim.systems import System, register_system


def load_scenario(path: str | Path, content_root: str | Path | None = None) -> Any:
    return load(path, content_root=content_root)


def play(scenario: Any, seed: int, *, journal: Any = None, series: list | None = None, scores: int | None = None,
         **kw: Any) -> tuple[Any, dict[str, Any]]:
    """One campaign: ``(finished Campaign, flat summary)`` (:func:`sim.blades.campaign.play_campaign`)."""
    from sim.blades.campaign import play_campaign

    return play_campaign(scenario, seed, journal=journal, series=series, scores=scores, **kw)


def narrate(events: Iterable[Mapping[str, Any]], content: Any, lang: str) -> list[str]:
    from sim.blades.views.narrate import narrate as tell

    return tell(events, content, lang)


def storyteller(content: Any, lang: str) -> Any:
    from sim.blades.views.narrate import storyteller as teller

    return teller(content, lang)


def closing(campaign: Any, summary: Mapping[str, Any], content: Any, lang: str) -> list[str]:
    """The closing sheet: the crew's numbers and each scoundrel's end state."""
    from sim.blades.campaign import scoundrel_sheet
    from sim.blades.views.narrate import closing_sheet

    return closing_sheet(summary, scoundrel_sheet(campaign), content, lang)


def solo(content: Any, lang: str) -> Any:
    """The views solo play reads (:class:`sim.blades.views.solo.BladesSolo`)."""
    from sim.blades.views.solo import BladesSolo

    return BladesSolo(content, lang)


def sheets(events: Sequence[Mapping[str, Any]], content: Any, lang: str, scenario: Any = None) -> list[str]:
    """The crew's and each scoundrel's final sheet as Markdown, from the journal alone
    (:func:`sim.blades.views.export_sheets.blades_sheets`); none without a ``campaign_start``."""
    if not any(e.get("event") == "campaign_start" for e in events):
        return []
    from sim.blades.views.export_sheets import blades_sheets

    return blades_sheets(events, content, lang)


def city_section(out: Path, summary: Mapping[str, Any], variants: tuple, schema: Any, plots: str,
                 lang: str | None, fmt: str = "png") -> list[str]:
    """The batch report's city section (:func:`sim.blades.views.city_report.city_section`), plots as ``fmt``."""
    from sim.blades.views.city_report import city_section as section

    return section(out, dict(summary), variants, schema, plots, lang, fmt)


def seat(scenario: Any, overrides: Any) -> tuple[Any, tuple[str, ...]]:
    """``--seat`` over the scenario's ``seats:`` (:func:`sim.blades.seating.seat_scenario`)."""
    from sim.blades.seating import seat_scenario

    return seat_scenario(scenario, overrides)


def batch_game(seats: Any = ()) -> Any:
    """The game the batch runner plays; ``seats``: ``--seat`` pairs for every campaign (policies only)."""
    from sim.blades.batch import BladesGame

    return BladesGame(tuple(sorted(dict(seats).items())))


def summary_fields(scenario: Any) -> tuple[str, ...]:
    """The summary's keys for this scenario (sorted): those of a one-score campaign, which has the same
    keys as every campaign of the scenario (:func:`sim.blades.campaign.summarize`)."""
    from sim.blades.campaign import run_campaign

    return tuple(sorted(run_campaign(scenario, scenario.seed, scores=1)))


BLADES = register_system(System(
    name="blades", package="blades", scenario_schema=SCENARIO, tables=TABLES, required=REQUIRED,
    load_scenario=load_scenario, check_scenario=check, play=play, narrate=narrate, closing=closing,
    batch_game=batch_game, summary_fields=summary_fields, seat=seat, storyteller=storyteller,
    solo=solo, sheets=sheets, report_sections=(city_section,), briefings=("sim.blades.views.briefings",),
))
