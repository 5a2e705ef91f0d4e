"""The report sections a scenario's system adds to a batch's report (``System.report_sections``), found from the
scenario file: what ``sim batch`` draws and ``sim report`` draws again."""

from __future__ import annotations


def report_sections(scenario: str) -> tuple:
    """The report sections the scenario's system adds (``System.report_sections``); none for a file whose
    system cannot be read (a game a test hands the runner directly)."""
    from sim.content.scenario import scenario_system
    from sim.errors import ContentError, UsageError

    try:
        return tuple(scenario_system(scenario).report_sections)
    except (ContentError, UsageError):
        return ()

