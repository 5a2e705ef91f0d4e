"""A person in a seat, in plain text: the prompt, numbered options, an answer typed back.

:class:`PromptAgent` is the ``human`` holder ``sim play --seat pc1=human``
seats. It shows each decision's prompt and option labels from the decision
catalogue (:mod:`sim.agents.catalogue`, in the play's language) and reads one
line: the option's number, its label, or its id. ``?`` shows what the engine
knows about the decision (its context and briefing: odds, costs, the GM's
reasons), as JSON. A forced choice (one option) is not asked. End of input is
an error naming the decision (a script that runs out never guesses).

Solo play builds its terminal seat (prompt_toolkit, rich) on the same
``choose``; this one needs nothing but two streams, so it also serves pipes
and tests.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from sim.agents.base import Agent, Decision
from sim.errors import UsageError
from sim.rng import Rng


class PromptAgent(Agent):
    """Asks a person through ``stdin``/``stdout``-like streams (see the module docstring)."""

    person = True  # the seat briefs a person's decisions (sim.agents.seats)

    def leads(self, seat: str) -> bool:
        return True  # a person at the terminal chooses among every move the rules allow (issue 30)

    def __init__(self, stdin: TextIO, stdout: TextIO, lang: str = "en", name: str = "human"):
        self.stdin = stdin
        self.stdout = stdout
        self.lang = lang
        self.name = name

    def _say(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def choose(self, d: Decision, rng: Rng) -> Any:
        from sim.agents import catalogue

        if len(d.options) == 1:
            return d.options[0]
        context = dict(d.context)
        labels = catalogue.labels(d.kind, d.options, self.lang, context)
        self._say(f"[{d.seat}] {catalogue.prompt(d.kind, self.lang, context)}")
        for i, label in enumerate(labels, start=1):
            self._say(f"  {i}. {label}")
        while True:
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise UsageError(f"no answer for {d.seat}'s decision {d.kind} (end of input)")
            answer = line.strip()
            if not _is_tty(self.stdin):  # answers from a pipe or a file: show them, so the transcript reads
                self.stdout.write(answer + "\n")
            if answer in ("?", "help"):
                self._say(json.dumps(context, ensure_ascii=False, sort_keys=True, default=str))
                continue
            picked = pick(answer, d.options, labels)
            if picked is not None:
                return d.options[picked]
            self._say(f"? answer 1..{len(d.options)}, an option's name, or ? for details")


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def pick(answer: str, options: tuple, labels: list[str]) -> int | None:
    """The index of the option ``answer`` names: its number (1-based), its label or its id (any case)."""
    if answer.isdigit():
        i = int(answer) - 1
        return i if 0 <= i < len(options) else None
    folded = answer.casefold()
    for i, label in enumerate(labels):
        if label.casefold() == folded:
            return i
    for i, option in enumerate(options):
        if str(option).casefold() == folded:
            return i
    return None

