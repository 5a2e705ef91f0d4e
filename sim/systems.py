"""The registry of game systems: one place maps ``system: blades`` to everything that plays it.

A :class:`System` names its scenario schema, its content table schemas, how to load and check a
scenario, how to play one campaign, how to tell it to people (``narrate``, ``closing``), the game
``sim batch`` plays and the summary fields of a campaign. ``sim play``, ``sim batch``, ``sim
validate``, ``sim schema`` and ``sim bench campaigns`` look a scenario's ``system:`` up here
(:func:`get_system`), so a new system is a package and nothing outside it names it.

The generic layers (solo play and its export, the batch runner and its report, the seats' briefings and the
decision catalogue) ask a system's entry for what they show of it (``solo``, ``sheets``, ``report_sections``,
``briefings``, ``namers``) and never import a system package's modules themselves
(``tests/test_import_boundaries.py`` walks the imports).

Discovery: every subpackage of ``sim`` may have a small ``system`` module (``sim/blades/system.py``)
that builds and registers its :class:`System` with :func:`register_system`; a package that is not
playable yet may register only its content tables with :func:`register_tables` (``sim/fate/system.py``).
:func:`discover` finds those modules with :mod:`pkgutil` and :func:`importlib.util.find_spec` and
imports only them, once, on the first question to the registry; a system module keeps its heavy
imports (the engine) inside its functions, so importing ``sim`` (and ``sim --help``) does no work.
The content loader asks :func:`table_sets` for every table schema before it reads any content.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from sim.errors import UsageError

if TYPE_CHECKING:  # annotations only
    from sim.content.table import TableSchema


@dataclass(frozen=True, slots=True)
class TableSet:
    """Content table schemas one package owns (``fate/skills``), and those a content set must have."""

    package: str
    tables: Mapping[str, "TableSchema"]
    required: tuple[str, ...] = ()

    @property
    def folders(self) -> frozenset[str]:
        """The content folders its tables live in (``fate`` for ``fate/skills``)."""
        return frozenset(key.split("/", 1)[0] for key in self.tables)


@dataclass(frozen=True, slots=True)
class System:
    """A playable game system (see the module docstring).

    * ``load_scenario(path, content_root=None) -> scenario``: a frozen scenario with at least
      ``name, system, seed, lang, options, content, path``; raises ContentError listing every problem.
    * ``check_scenario(doc, path, content_root) -> (problems, content or None, overlays)``: what
      ``sim validate`` reports for a scenario of this system (``doc`` is its parsed
      :class:`~sim.content.source.Document`; :func:`sim.content.scenario.check_common` does the shared part).
    * ``play(scenario, seed, *, journal=None, series=None, scores=None, **kw) -> (final_state, summary)``:
      one campaign; ``summary`` is flat (str/int/float/bool), the same keys for every campaign of a scenario.
    * ``narrate(events, content, lang) -> lines`` and ``closing(final_state, summary, content, lang) -> lines``.
    * ``batch_game() -> game`` for :func:`sim.batch.runner.run_batch` (picklable; see :mod:`sim.batch.worker`).
    * ``summary_fields(scenario) -> tuple`` of the summary's keys, sorted.
    * ``seat(scenario, overrides) -> (scenario, people)``: the scenario with ``--seat SEAT=HOLDER`` laid over
      its own seats and the seats people hold (default: a system with no seats refuses any override).
    * ``required``: tables a scenario of this system needs (default: every table in ``tables``).
    * ``storyteller(content, lang) -> tell``, optional: ``tell(event) -> lines`` narrates one event at a time,
      as it happens (what ``narrate`` would print for it), so a person in a seat reads the story between
      decisions.
    * ``solo(content, lang) -> SoloViews``, optional: what solo play reads of this system's journal (sheets,
      clocks, tension, scenes, threads, the odds beside a person's options; :mod:`sim.solo.kit`). Without it
      ``sim solo`` plays with the generic views.
    * ``sheets(events, content, lang, scenario) -> lines``, optional: the final sheets of a story as Markdown,
      rebuilt from its journal ``events`` (``sim solo export --md``; ``scenario``: the loaded scenario, or None);
      ``[]`` when the journal holds none. Without it the export has no sheets section.
    * ``report_sections``: ``section(out, summary, variants, schema, plots, lang, fmt) -> lines`` (``fmt``: png or svg) each, the system's own
      sections of a batch's ``report.md`` (:func:`sim.batch.reporting.report.write_report`), after the generic ones: ``out``
      the batch folder, ``summary`` what ``summary.json`` holds, ``variants`` the sweep's variants, ``schema`` the
      Parquet schema of the rows, ``plots`` the folder (under ``out``) for its PNGs; ``[]`` when the campaigns
      have nothing for it.
    * ``free_act(state, seat, decision, move, text, rng, lang) -> ActResult``, optional: free play (issue 30): the
      person's character ``seat`` acts outside a prompt, ``act MOVE... "text"`` (``move``: an action, a skill, tags,
      as words), while the game ``state`` (``Seats.state``: a Blades Campaign, a Fate Scene, a mist game) is parked
      at the person's ``decision`` (a :class:`~sim.agents.base.Decision`; an act is allowed only where it can take
      the place of that decision's action, never in the middle of a roll). The system sets the stakes by its rules
      and says why, with the exact odds; ``rng`` None: only that (``odds act``); with a stream, it also rolls from
      it, applies the consequences through the state's own journaling methods and marks the parked action as
      taken, so that the session's answer to it (by the seat's policy) is set aside
      (:class:`sim.solo.kit.ActResult`). Without it ``act`` says the system has no free play.
    * ``briefings``: the modules that register this system's briefings (``@briefing``, ``@names_for``,
      :mod:`sim.agents.briefing`), imported on the first briefing; ``namers``: the modules that register its
      decision catalogue's renderers (``@namer``, :mod:`sim.agents.catalogue`), imported on first use.
    """

    name: str
    package: str
    scenario_schema: "TableSchema"
    tables: Mapping[str, "TableSchema"]
    load_scenario: Callable[..., Any]
    check_scenario: Callable[..., tuple[list, Any, list]]
    play: Callable[..., tuple[Any, dict[str, Any]]]
    narrate: Callable[[Any, Any, str], list[str]]
    closing: Callable[[Any, Mapping[str, Any], Any, str], list[str]]
    batch_game: Callable[[], Any]
    summary_fields: Callable[[Any], tuple[str, ...]]
    required: tuple[str, ...] | None = None
    seat: Callable[[Any, Mapping[str, str]], tuple[Any, tuple[str, ...]]] = None  # type: ignore[assignment]
    storyteller: Callable[[Any, str], Callable[[Mapping[str, Any]], list[str]]] | None = None
    solo: Callable[[Any, str], Any] | None = None
    sheets: Callable[[Sequence[Mapping[str, Any]], Any, str, Any], list[str]] | None = None
    report_sections: tuple[Callable[..., list[str]], ...] = ()
    free_act: Callable[..., Any] | None = None
    briefings: tuple[str, ...] = ()
    namers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.seat is None:
            object.__setattr__(self, "seat", _no_seats)

    def required_tables(self) -> tuple[str, ...]:
        return tuple(sorted(self.tables if self.required is None else self.required))


def _no_seats(scenario: Any, overrides: Mapping[str, str]) -> tuple[Any, tuple[str, ...]]:
    if overrides:
        raise UsageError(f"--seat: a {scenario.system} scenario has no seats to hold")
    return scenario, ()


_SYSTEMS: dict[str, System] = {}
_TABLE_SETS: dict[str, TableSet] = {}
_discovered = False
#: bumped on every registration, so the content loader knows when to re-read :func:`table_sets`
version = 0


def register_system(system: System) -> System:
    """Register a playable system and its tables (registering the same name again replaces it)."""
    global version
    _SYSTEMS[system.name] = system
    _TABLE_SETS[system.package] = TableSet(system.package, dict(system.tables), system.required_tables())
    version += 1
    return system


def register_tables(package: str, tables: Mapping[str, "TableSchema"], required: tuple[str, ...] = ()) -> TableSet:
    """Register content table schemas of a package that is not (yet) a playable system."""
    global version
    table_set = _TABLE_SETS[package] = TableSet(package, dict(tables), tuple(sorted(required)))
    version += 1
    return table_set


def unregister(package: str) -> None:
    """Forget a package's system and tables (tests that register a toy system clean up with this)."""
    global version
    _TABLE_SETS.pop(package, None)
    for name in [n for n, s in _SYSTEMS.items() if s.package == package]:
        del _SYSTEMS[name]
    version += 1


def system_modules() -> list[str]:
    """``sim.<package>.system`` for every subpackage of ``sim`` that has one, in name order."""
    import sim

    found = []
    for info in sorted(pkgutil.iter_modules(sim.__path__), key=lambda i: i.name):
        if info.ispkg and importlib.util.find_spec(f"sim.{info.name}.system") is not None:
            found.append(f"sim.{info.name}.system")
    return found


def discover() -> None:
    """Import every ``system`` module once (they register themselves)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for name in system_modules():
        importlib.import_module(name)


def systems() -> dict[str, System]:
    """Every registered system by name, in name order."""
    discover()
    return {name: _SYSTEMS[name] for name in sorted(_SYSTEMS)}


def table_sets() -> dict[str, TableSet]:
    """Every package's content tables (systems and table-only packages), by package name."""
    discover()
    return {name: _TABLE_SETS[name] for name in sorted(_TABLE_SETS)}


def find_system(name: Any) -> System | None:
    discover()
    return _SYSTEMS.get(name) if isinstance(name, str) else None


def get_system(name: str) -> System:
    """The system registered as ``name``; UsageError naming the known ones otherwise."""
    system = find_system(name)
    if system is None:
        raise UsageError(f"unknown system {name!r}; known systems: {', '.join(systems()) or 'none'}")
    return system
