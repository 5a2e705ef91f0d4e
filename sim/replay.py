"""Replaying a journal: every seat answered from its ``decision`` events, every event checked as it happens.

``sim play SCENARIO --replay JOURNAL`` plays the campaign again with a
:class:`~sim.agents.seats.Replay` in every seat. Answers replayed from the
record draw nothing, and the dice have their own stream, so an unchanged
engine, scenario and content reproduce the journal byte for byte. Each event
is compared with the recorded line of the same ``seq`` the moment it is
journaled (:class:`Verifier`): the first difference stops the replay with
:class:`~sim.agents.seats.ReplayDiverged` naming that event, so a replay never
goes on past a divergence (the scenario, the content or the engine changed, or
the file was edited).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from sim.agents.seats import ReplayDiverged
from sim.errors import UsageError
from sim.journal import dumps

#: a journal larger than this is refused unread (a twelve-score campaign journals about 3 MB)
MAX_JOURNAL_BYTES = 256 * 2**20


def read_journal(path: str | Path) -> list[dict[str, Any]]:
    """The events of a journal file (JSON Lines as ``sim play --journal`` writes them); one clear error otherwise.

    A journal is UTF-8 text whose lines are JSON objects with ``seq`` 1, 2, ... in order, an ``event`` and a
    ``phase`` name, starting with ``campaign_start``.
    """
    from sim.files import read_regular, shown

    path = Path(path)
    if path.is_dir():
        raise UsageError(f"{shown(path)} is a folder, not a journal")
    if not path.exists() and not path.is_symlink():
        raise UsageError(f"no such journal: {shown(path)}")
    raw = read_regular(path, "the journal", MAX_JOURNAL_BYTES)  # a device (/dev/zero) is refused, not read
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path} is not a sim journal: it is not UTF-8 text (byte {exc.start})") from None
    events: list[dict[str, Any]] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            raise UsageError(f"{path} is not a sim journal: line {n} is not JSON") from None
        except RecursionError:  # '[' nested 100,000 deep (issue 33 case 1)
            raise UsageError(f"{path} is not a sim journal: line {n} is nested too deep") from None
        if not isinstance(event, dict) or not isinstance(event.get("event"), str) or not isinstance(
                event.get("phase"), str):
            raise UsageError(f"{path} is not a sim journal: line {n} is not an event (no 'event' and 'phase')")
        if event.get("seq") != len(events) + 1:
            raise UsageError(f"{path} is not a sim journal: line {n} has seq {event.get('seq')!r}, "
                             f"expected {len(events) + 1}")
        events.append(event)
    if not events:
        raise UsageError(f"{path} is not a sim journal: it has no events")
    if events[0]["event"] not in ("campaign_start", "adventure_start"):  # a Blades campaign, a Fate adventure
        raise UsageError(f"{path} is not a sim journal of a campaign: it starts with {events[0]['event']!r}, "
                         f"not campaign_start")
    return events


def _brief(event: Mapping[str, Any]) -> str:
    """An event named for a message: ``event 12 (decision push by pc1)`` or ``event 40 (stress)``."""
    name = event.get("event")
    if name == "decision":
        return f"event {event.get('seq')} (decision {event.get('kind')} by {event.get('seat')})"
    return f"event {event.get('seq')} ({name})"


class Verifier:
    """A journal listener that checks each new event against the recorded one of the same ``seq``."""

    __slots__ = ("lines", "events", "checked")

    def __init__(self, events: list[Mapping[str, Any]]):
        self.events = events
        self.lines = [dumps(dict(e)) for e in events]
        self.checked = 0

    def __call__(self, event: Mapping[str, Any]) -> None:
        seq = event["seq"]
        if seq > len(self.lines):
            raise ReplayDiverged(f"replay diverged after the journal's last event ({len(self.lines)}): the engine "
                                 f"goes on with {_brief(event)}")
        if dumps(dict(event)) != self.lines[seq - 1]:
            recorded = self.events[seq - 1]
            fields = sorted(k for k in set(recorded) | set(event) if recorded.get(k) != event.get(k))
            raise ReplayDiverged(f"replay diverged at {_brief(recorded)}: the engine journals {_brief(event)}"
                                 f"{'; fields differ: ' + ', '.join(fields) if fields else ''}")
        self.checked = seq

    def finish(self) -> None:
        """After the replay: the journal must not go on past what was replayed."""
        if self.checked < len(self.lines):
            raise ReplayDiverged(f"replay diverged at {_brief(self.events[self.checked])}: the replayed campaign "
                                 f"ended after event {self.checked}")


def replay_settings(events: list[Mapping[str, Any]]) -> tuple[int | None, int | None, dict[str, str]]:
    """What the journal's ``campaign_start`` records of how it was played: the seed, the number of scores and who
    held each seat (None, None, {} where it records none)."""
    start = events[0]
    seed = start.get("seed") if isinstance(start.get("seed"), int) else None
    length = start.get("length") if isinstance(start.get("length"), dict) else {}
    scores = length.get("scores") if isinstance(length.get("scores"), int) else None
    seats = start.get("seats") if isinstance(start.get("seats"), dict) else {}
    return seed, scores, {str(k): str(v) for k, v in seats.items()}
