"""Errors the engine raises on purpose.

Three kinds, kept apart (python-chess separates "malformed" from "illegal"):

* :class:`UsageError` – malformed input from a person: a bad flag, a file that
  does not exist, an option that makes no sense. The CLI prints one line and
  exits with status 2.
* :class:`IllegalMove` – a well-formed request the rules forbid (pushing and
  taking a devil's bargain on one roll, a trigger the campaign machine does not
  allow in its current phase).
* :class:`ContentError` – bad YAML content or scenarios. It carries every
  :class:`Problem` found, each with file, line and field path.
"""

from __future__ import annotations

from dataclasses import dataclass


class SimError(Exception):
    """Base class: the CLI turns any SimError into a clear message and exit 2."""


class UsageError(SimError):
    """Malformed input from the person at the keyboard."""


class IllegalMove(SimError):
    """A request that is well formed but that the rules do not allow."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in a content or scenario file."""

    file: str
    line: int
    path: str
    message: str
    severity: str = "error"  # "error" or "warning"

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        field = f" {self.path}:" if self.path else ""
        tag = "" if self.severity == "error" else f" {self.severity}:"
        return f"{where}:{tag}{field} {self.message}"


class ContentError(SimError):
    """Content or a scenario failed validation; ``problems`` lists them all."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
