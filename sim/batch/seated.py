"""What the batch game of every system shares (:mod:`sim.batch.worker`'s protocol), once.

A system's game is a frozen dataclass of ``--seat SEAT=HOLDER`` pairs (``seats``) that subclasses
:class:`SeatedGame` and says how to lay the seats over a scenario (``seated``), apply one variant's
parameters (``with_params``) and play one campaign (``play``). Here: the scenario's fingerprint, the refusal of
a seat held by a person (a batch asks nobody), and the batch fingerprint with the seats in it (a rerun with
other holders is another batch).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.errors import UsageError


def fingerprint(scenario: Any) -> str:
    """SHA-256 of the scenario file and every content table it is played with.

    The term tables (``i18n/...``) are left out: they only word the report for people, and the rows and
    journals are the same in every language, so a translation fix does not make a batch a different one.
    """
    digest = hashlib.sha256(Path(scenario.path).read_bytes())
    played = {k: v for k, v in scenario.content.tables.items() if not k.startswith("i18n/")}
    digest.update(json.dumps(played, sort_keys=True, default=str).encode())
    return digest.hexdigest()


def refuse_people(people: tuple[str, ...] | list[str]) -> None:
    """A batch asks nobody: a seat a person holds (``human``) is refused, with the fix in the message."""
    if people:
        one = len(people) == 1
        raise UsageError(f"a batch asks nobody, but {', '.join(people)} {'is' if one else 'are'} "
                         f"held by a person (human): give {'it' if one else 'them'} a policy, "
                         f"e.g. --seat {people[0]}={'standard' if people[0] == 'gm' else 'careful'}")


@dataclass(frozen=True, slots=True)
class SeatedGame:
    """The batch protocol's ``scenario_info`` and ``prepare`` for a system whose scenarios have seats."""

    seats: tuple[tuple[str, str], ...] = ()

    def seated(self, path: str) -> tuple[Any, tuple[str, ...]]:  # pragma: no cover - each system's own
        """The scenario at ``path`` with ``seats`` laid over its own, and the seats people hold."""
        raise NotImplementedError

    def with_params(self, scenario: Any, params: tuple[tuple[str, Any], ...]) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _seated(self, path: str) -> Any:
        scenario, people = self.seated(path)
        refuse_people(people)
        return scenario

    def scenario_info(self, path: str) -> tuple[str, int, str]:
        scenario = self._seated(path)
        digest = fingerprint(scenario)
        if self.seats:
            digest = hashlib.sha256(f"{digest}\x1fseats={json.dumps(sorted(self.seats))}".encode()).hexdigest()
        return scenario.name, scenario.seed, digest

    def prepare(self, path: str, params: tuple[tuple[str, Any], ...]) -> Any:
        return self.with_params(self._seated(path), params)
